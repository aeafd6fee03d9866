// Frame images: rect, grid and atlas frames (trimmed, rotated, flipped) against hand-built sheets, and the caches.
#include "core/scene/frame_image.h"

#include <gtest/gtest.h>

namespace cl {
namespace {

RgbaImage blankImage(int w, int h) {
    RgbaImage image;
    image.width = w;
    image.height = h;
    image.pixels.assign(static_cast<std::size_t>(w) * h * 4, 0);
    return image;
}

/// Sets pixel (x, y) opaque with red = `value` (a label the tests read back).
void put(RgbaImage& image, int x, int y, std::uint8_t value) {
    auto* p = &image.pixels[(static_cast<std::size_t>(y) * image.width + x) * 4];
    p[0] = value;
    p[1] = static_cast<std::uint8_t>(255 - value);
    p[2] = 7;
    p[3] = 255;
}

std::uint8_t label(const RgbaImage& image, int x, int y) {
    return image.alpha(x, y) == 0 ? 0 : image.pixels[(static_cast<std::size_t>(y) * image.width + x) * 4];
}

/// Rows of labels, 0 for transparent.
std::vector<std::vector<int>> labels(const RgbaImage& image) {
    std::vector<std::vector<int>> rows(static_cast<std::size_t>(image.height));
    for (int y = 0; y < image.height; ++y) {
        for (int x = 0; x < image.width; ++x) rows[static_cast<std::size_t>(y)].push_back(label(image, x, y));
    }
    return rows;
}

// The art: a 6x5 frame whose opaque pixels are the 3x2 block
//   1 2 3
//   4 5 6
// at (1, 2); the rest transparent.
RgbaImage untrimmedArt() {
    RgbaImage art = blankImage(6, 5);
    put(art, 1, 2, 1), put(art, 2, 2, 2), put(art, 3, 2, 3);
    put(art, 1, 3, 4), put(art, 2, 3, 5), put(art, 3, 3, 6);
    return art;
}

AtlasFrame trimmedFrame(PixelRect where, bool rotated) {
    AtlasFrame f;
    f.name = "art";
    f.frame = where;
    f.rotated = rotated;
    f.trimmed = true;
    f.spriteSourceSize = {1, 2, 3, 2};
    f.sourceWidth = 6;
    f.sourceHeight = 5;
    return f;
}

TEST(FrameImage, ATrimmedFrameEqualsTheUntrimmedOriginalPixelForPixel) {
    RgbaImage sheet = blankImage(10, 8);
    // The trimmed block stored at (4, 5).
    put(sheet, 4, 5, 1), put(sheet, 5, 5, 2), put(sheet, 6, 5, 3);
    put(sheet, 4, 6, 4), put(sheet, 5, 6, 5), put(sheet, 6, 6, 6);
    RgbaImage frame = extractAtlasFrame(sheet, trimmedFrame({4, 5, 3, 2}, false));
    RgbaImage art = untrimmedArt();
    EXPECT_EQ(frame.width, 6);
    EXPECT_EQ(frame.height, 5);
    EXPECT_EQ(frame.pixels, art.pixels);
}

TEST(FrameImage, ARotatedFrameEqualsTheUnrotatedOne) {
    // TexturePacker stores the block turned 90 degrees clockwise, 2 wide and 3 tall:
    //   4 1
    //   5 2
    //   6 3
    RgbaImage sheet = blankImage(4, 4);
    put(sheet, 1, 1, 4), put(sheet, 2, 1, 1);
    put(sheet, 1, 2, 5), put(sheet, 2, 2, 2);
    put(sheet, 1, 3, 6), put(sheet, 2, 3, 3);
    RgbaImage frame = extractAtlasFrame(sheet, trimmedFrame({1, 1, 3, 2}, true));
    EXPECT_EQ(frame.pixels, untrimmedArt().pixels);
}

TEST(FrameImage, FlipsMirrorWithinTheFramesOwnRectangle) {
    RgbaImage sheet = blankImage(5, 3);
    put(sheet, 1, 1, 1), put(sheet, 2, 1, 2), put(sheet, 3, 1, 3);
    put(sheet, 1, 2, 4), put(sheet, 2, 2, 5), put(sheet, 3, 2, 6);
    const PixelRect rect{1, 1, 3, 2};
    EXPECT_EQ(labels(extractRect(sheet, rect)), (std::vector<std::vector<int>>{{1, 2, 3}, {4, 5, 6}}));
    EXPECT_EQ(labels(extractRect(sheet, rect, {true, false})), (std::vector<std::vector<int>>{{3, 2, 1}, {6, 5, 4}}));
    EXPECT_EQ(labels(extractRect(sheet, rect, {false, true})), (std::vector<std::vector<int>>{{4, 5, 6}, {1, 2, 3}}));
    EXPECT_EQ(labels(extractRect(sheet, rect, {true, true})), (std::vector<std::vector<int>>{{6, 5, 4}, {3, 2, 1}}));
}

TEST(FrameImage, AFlippedTrimmedFrameMirrorsTheUntrimmedFrame) {
    RgbaImage sheet = blankImage(3, 2);
    put(sheet, 0, 0, 1), put(sheet, 1, 0, 2), put(sheet, 2, 0, 3);
    put(sheet, 0, 1, 4), put(sheet, 1, 1, 5), put(sheet, 2, 1, 6);
    // The art sits at x 1..3 of 6: mirrored it sits at x 2..4 (6-1-3 .. 6-1-1).
    EXPECT_EQ(labels(extractAtlasFrame(sheet, trimmedFrame({0, 0, 3, 2}, false), {true, false})),
              (std::vector<std::vector<int>>{{0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0}, {0, 0, 3, 2, 1, 0}, {0, 0, 6, 5, 4, 0}, {0, 0, 0, 0, 0, 0}}));
}

TEST(FrameImage, GridCellsAreRowMajorWithMarginAndSpacing) {
    // 1 + 3 + 1 + 3 + 1 = 9 wide, 1 + 2 + 1 + 2 + 1 = 7 tall: 2 x 2 cells.
    const GridSpec grid{.cellW = 3, .cellH = 2, .spacing = 1, .margin = 1};
    EXPECT_EQ(gridSize(9, 7, grid), glm::ivec2(2, 2));
    EXPECT_EQ(gridSize(8, 7, grid), glm::ivec2(1, 2));
    EXPECT_EQ(gridCellRect(9, 7, grid, 0), (PixelRect{1, 1, 3, 2}));
    EXPECT_EQ(gridCellRect(9, 7, grid, 1), (PixelRect{5, 1, 3, 2}));
    EXPECT_EQ(gridCellRect(9, 7, grid, 3), (PixelRect{5, 4, 3, 2}));
    std::string error;
    EXPECT_FALSE(gridCellRect(9, 7, grid, 4, &error));
    EXPECT_EQ(error, "cell 4 is outside the grid: 2 x 2 cells of 3x2 fit the 9x7 image (indices 0..3)");
    EXPECT_FALSE(gridCellRect(9, 7, grid, -1));
}

TEST(FrameImage, RectanglesOutsideTheImageAreNamed) {
    EXPECT_FALSE(rectOutsideImage({0, 0, 4, 4}, 4, 4));
    EXPECT_EQ(rectOutsideImage({1, 0, 4, 4}, 4, 4), "the rectangle [1, 0, 4, 4] reaches outside the 4x4 image");
    EXPECT_EQ(rectOutsideImage({0, 0, 0, 4}, 4, 4), "the rectangle [0, 0, 0, 4] is empty");
}

TEST(FrameImage, OriginIsThePivotOrTheCentreOfTheUntrimmedFrame) {
    AtlasFrame f = trimmedFrame({0, 0, 3, 2}, false);
    EXPECT_EQ(atlasFrameOrigin(f), glm::dvec2(3.0, 2.5));
    f.pivot = glm::dvec2{0.5, 1.0};
    EXPECT_EQ(atlasFrameOrigin(f), glm::dvec2(3.0, 5.0));
}

TEST(FrameImage, AnimationsLoopThroughTheirFramesDurations) {
    const std::vector<int> durations{80, 0, 20};  // 80 ms, the default 100 ms, 20 ms: 200 ms a loop
    EXPECT_EQ(animationFrameAt(durations, 0), 0);
    EXPECT_EQ(animationFrameAt(durations, 79.9), 0);
    EXPECT_EQ(animationFrameAt(durations, 80), 1);
    EXPECT_EQ(animationFrameAt(durations, 179.9), 1);
    EXPECT_EQ(animationFrameAt(durations, 180), 2);
    EXPECT_EQ(animationFrameAt(durations, 200), 0);
    EXPECT_EQ(animationFrameAt(durations, 1000 + 85), 1);
    EXPECT_EQ(animationFrameAt({}, 50), 0);
    EXPECT_EQ(animationFrameAt(durations, -5), 0);
}

TEST(FrameImageCache, ExtractsEachFrameAndFlipOnceAndReportsMissingFrames) {
    auto sheet = std::make_shared<const RgbaImage>(blankImage(8, 8));
    FrameImageCache cache;
    FrameRef ref;
    ref.kind = FrameRef::Kind::Rect;
    ref.rect = {0, 0, 4, 4};
    auto a = cache.get(sheet, nullptr, ref, {});
    auto b = cache.get(sheet, nullptr, ref, {});
    auto flipped = cache.get(sheet, nullptr, ref, {true, false});
    EXPECT_EQ(a, b);
    EXPECT_NE(a, flipped);
    EXPECT_EQ(cache.size(), 2u);
    EXPECT_EQ(cache.get(sheet, nullptr, FrameRef{}, {}), sheet);  // the whole image, unflipped, is the sheet itself
    std::string error;
    ref.rect = {6, 6, 4, 4};
    EXPECT_EQ(cache.get(sheet, nullptr, ref, {}, &error), nullptr);
    EXPECT_EQ(error, "the rectangle [6, 6, 4, 4] reaches outside the 8x8 image");
}

TEST(SpriteSheet, ListsAtlasFramesAndSwitchesWithoutRebuilding) {
    RgbaImage pixels = blankImage(10, 8);
    put(pixels, 4, 5, 1);
    auto sheet = std::make_shared<const RgbaImage>(pixels);
    auto atlas = std::make_shared<Atlas>();
    atlas->frames.push_back(trimmedFrame({4, 5, 3, 2}, false));
    AtlasFrame second = trimmedFrame({0, 0, 3, 2}, true);
    second.name = "turned";
    second.durationMs = 80;
    atlas->frames.push_back(second);
    atlas->tags.push_back({.name = "all", .from = 0, .to = 1});
    SpriteSheet sprites(sheet, atlas);
    ASSERT_EQ(sprites.frames().size(), 2u);
    EXPECT_EQ(sprites.frames()[1].name, "turned");
    EXPECT_EQ(sprites.frames()[1].sourceRect, (PixelRect{0, 0, 2, 3}));
    EXPECT_TRUE(sprites.frames()[1].rotated);
    EXPECT_EQ(sprites.frames()[1].trimmedRect, (PixelRect{1, 2, 3, 2}));
    EXPECT_EQ(sprites.frames()[1].size, glm::ivec2(6, 5));
    EXPECT_EQ(sprites.frames()[1].durationMs, 80);
    EXPECT_EQ(sprites.tag("all"), (std::vector<int>{0, 1}));
    EXPECT_EQ(sprites.indexOf("turned"), 1);
    auto mask0 = sprites.frameMask(0, {}, 0);
    auto mask1 = sprites.frameMask(1, {}, 0);
    EXPECT_NE(mask0, mask1);
    EXPECT_EQ(sprites.frameMask(0, {}, 0), mask0);  // switching back reuses the mask
    EXPECT_NE(sprites.frameMask(0, {true, false}, 0), mask0);
    EXPECT_NE(sprites.frameMask(0, {}, 128), mask0);
}

TEST(SpriteSheet, GridSheetsListEveryWholeCell) {
    auto sheet = std::make_shared<const RgbaImage>(blankImage(9, 7));
    SpriteSheet sprites(sheet, GridSpec{.cellW = 3, .cellH = 2, .spacing = 1, .margin = 1});
    ASSERT_EQ(sprites.frames().size(), 4u);
    EXPECT_EQ(sprites.frames()[3].name, "cell 3");
    EXPECT_EQ(sprites.frames()[3].sourceRect, (PixelRect{5, 4, 3, 2}));
    EXPECT_EQ(sprites.frameImage(3)->width, 3);
}

}  // namespace
}  // namespace cl
