#include "app/views/sprite_textures.h"

namespace cl {

sf::Image toSfImage(const RgbaImage& image) {
    sf::Image out;
    if (image.width > 0 && image.height > 0 &&
        image.pixels.size() == static_cast<std::size_t>(image.width) * image.height * 4) {
        out.create(static_cast<unsigned>(image.width), static_cast<unsigned>(image.height), image.pixels.data());
    }
    return out;
}

const sf::Texture* SpriteTextures::get(const std::shared_ptr<const RgbaImage>& image) {
    return lookup(m_entries, image, false);
}

const sf::Texture* SpriteTextures::getGray(const std::shared_ptr<const RgbaImage>& image) {
    return lookup(m_grayEntries, image, true);
}

const sf::Texture* SpriteTextures::lookup(std::map<const RgbaImage*, Entry>& entries,
                                          const std::shared_ptr<const RgbaImage>& image, bool gray) {
    if (!image || image->width <= 0 || image->height <= 0) return nullptr;
    auto it = entries.find(image.get());
    if (it == entries.end()) {
        Entry entry;
        entry.image = image;
        auto texture = std::make_unique<sf::Texture>();
        RgbaImage pixels = *image;
        if (gray) {
            for (std::size_t i = 0; i + 3 < pixels.pixels.size(); i += 4) {
                const auto luma = static_cast<std::uint8_t>(
                    (pixels.pixels[i] * 77 + pixels.pixels[i + 1] * 150 + pixels.pixels[i + 2] * 29) >> 8);
                // Lift dark art so a gray ghost stays visible on the dark background.
                const auto lifted = static_cast<std::uint8_t>(96 + luma * 159 / 255);
                pixels.pixels[i] = pixels.pixels[i + 1] = pixels.pixels[i + 2] = lifted;
            }
        }
        if (texture->loadFromImage(toSfImage(pixels))) {
            texture->setSmooth(false);
            entry.texture = std::move(texture);
        }
        it = entries.emplace(image.get(), std::move(entry)).first;
    }
    return it->second.texture.get();
}

void SpriteTextures::prune() {
    for (auto* entries : {&m_entries, &m_grayEntries}) {
        for (auto it = entries->begin(); it != entries->end();) {
            it = it->second.image.use_count() == 1 ? entries->erase(it) : std::next(it);
        }
    }
}

}  // namespace cl
