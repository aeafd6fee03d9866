#include "app/shell/default_scene.h"

#include <array>

#include "core/io/image_io.h"

namespace cl {

namespace {

// Rows of a 5x7 glyph, bit 4 = leftmost column.
std::array<std::uint8_t, 7> glyph(char letter) {
    switch (letter) {
        case 'F': return {0b11111, 0b10000, 0b10000, 0b11110, 0b10000, 0b10000, 0b10000};
        case 'R': return {0b11110, 0b10001, 0b10001, 0b11110, 0b10100, 0b10010, 0b10001};
        default: return {0b11111, 0b11111, 0b11111, 0b11111, 0b11111, 0b11111, 0b11111};
    }
}

void setPixel(RgbaImage& image, int x, int y, std::uint32_t rgb, std::uint8_t alpha) {
    if (x < 0 || y < 0 || x >= image.width || y >= image.height) return;
    std::uint8_t* p = &image.pixels[(static_cast<std::size_t>(y) * image.width + x) * 4];
    p[0] = static_cast<std::uint8_t>(rgb >> 16);
    p[1] = static_cast<std::uint8_t>(rgb >> 8);
    p[2] = static_cast<std::uint8_t>(rgb);
    p[3] = alpha;
}

std::shared_ptr<const RgbaImage> spriteImage(const std::optional<std::filesystem::path>& dir, char letter,
                                             std::uint32_t rgb, std::filesystem::path& readFrom) {
    if (dir) {
        const std::filesystem::path file = *dir / (std::string(1, letter) + ".png");
        std::error_code ec;
        if (std::filesystem::is_regular_file(file, ec)) {
            ImageLoadResult loaded = loadImageFile(file);
            if (loaded.ok()) {
                readFrom = file;
                return std::make_shared<const RgbaImage>(std::move(*loaded.image));
            }
        }
    }
    readFrom.clear();
    return std::make_shared<const RgbaImage>(makeLetterImage(letter, 8, rgb));
}

}  // namespace

RgbaImage makeLetterImage(char letter, int cell, std::uint32_t rgb) {
    RgbaImage image;
    image.width = 6 * cell;
    image.height = 8 * cell;
    image.pixels.assign(static_cast<std::size_t>(image.width) * image.height * 4, 0);
    const auto rows = glyph(letter);
    // Shadow first, so the letter paints over it where they meet.
    for (int pass = 0; pass < 2; ++pass) {
        const int offset = pass == 0 ? cell : 0;
        for (int gy = 0; gy < 7; ++gy) {
            for (int gx = 0; gx < 5; ++gx) {
                if (!((rows[gy] >> (4 - gx)) & 1)) continue;
                for (int y = 0; y < cell; ++y) {
                    for (int x = 0; x < cell; ++x) {
                        const int px = gx * cell + x + offset;
                        const int py = gy * cell + y + offset;
                        if (pass == 0) {
                            setPixel(image, px, py, 0x000000, 48);
                        } else {
                            setPixel(image, px, py, rgb, 255);
                        }
                    }
                }
            }
        }
    }
    return image;
}

Scene makeDefaultScene(const std::optional<std::filesystem::path>& spritesDir) {
    Scene scene;
    scene.title = "F and R";
    scene.notes =
        "The classic transformed-collision test program: drag F and R, rotate them with the knob or "
        "Shift + wheel, and watch A's pixels land in B's grid.";
    const char letters[2] = {'F', 'R'};
    const std::uint32_t colours[2] = {0xE04A3A, 0x3A6FE0};
    const SpriteTransform transforms[2] = {
        {{-12.0, 0.0}, {24.0, 32.0}, 0.0, {1.0, 1.0}},
        {{14.0, 6.0}, {24.0, 32.0}, 30.0, {1.0, 1.0}},
    };
    for (int i = 0; i < 2; ++i) {
        SceneSprite sprite;
        sprite.name = std::string(1, letters[i]);
        std::filesystem::path readFrom;
        sprite.pixels = spriteImage(spritesDir, letters[i], colours[i], readFrom);
        sprite.imagePath = readFrom;
        sprite.image = readFrom.empty() ? pngDataUri(*sprite.pixels) : "../sprites/" + readFrom.filename().string();
        sprite.transform = transforms[i];
        sprite.transform.origin = {sprite.pixels->width / 2.0, sprite.pixels->height / 2.0};
        scene.sprites.push_back(std::move(sprite));
    }
    return scene;
}

}  // namespace cl
