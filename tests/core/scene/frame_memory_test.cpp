// The memory estimate of cut frames (core/scene/frame_memory.h): what it counts, worked out by hand.

#include "core/scene/frame_memory.h"

#include <memory>
#include <vector>

#include <gtest/gtest.h>

namespace cl {
namespace {

FrameRef atlasRef(const std::string& name) {
    FrameRef ref;
    ref.kind = FrameRef::Kind::Atlas;
    ref.name = name;
    return ref;
}

// A sprite on an atlas of three frames: "big" stores one pixel of an untrimmed 8192 x 8192 source.
SceneSprite atlasSprite() {
    auto atlas = std::make_shared<Atlas>();
    for (auto [name, side] : {std::pair{"small", 4}, std::pair{"wide", 16}, std::pair{"big", 8192}}) {
        AtlasFrame f;
        f.name = name;
        f.frame = {0, 0, 1, 1};
        f.spriteSourceSize = {0, 0, 1, 1};
        f.sourceWidth = side;
        f.sourceHeight = side == 16 ? 2 : side;
        atlas->frames.push_back(f);
    }
    SceneSprite sprite;
    sprite.name = "hero";
    sprite.atlasData = atlas;
    return sprite;
}

TEST(FrameMemory, AtlasFramesCountAtTheirUntrimmedSizeAndEachOnce) {
    const SceneSprite sprite = atlasSprite();
    const std::vector<FrameRef> refs{atlasRef("small"), atlasRef("wide"), atlasRef("small"), atlasRef("wide")};
    EXPECT_EQ(cutFramePixels(sprite, refs), 4 * 4 + 16 * 2);
    const std::vector<FrameRef> big{atlasRef("big"), atlasRef("big")};
    EXPECT_EQ(cutFramePixels(sprite, big), 8192 * 8192);
}

TEST(FrameMemory, GridCellsAndRectanglesCountAtTheirSize) {
    SceneSprite sprite;
    FrameRef cell;
    cell.kind = FrameRef::Kind::Grid;
    cell.grid = GridSpec{10, 20, 0, 0};
    FrameRef other = cell;
    other.index = 3;
    FrameRef rect;
    rect.kind = FrameRef::Kind::Rect;
    rect.rect = PixelRect{5, 5, 7, 3};
    const std::vector<FrameRef> refs{cell, other, cell, rect};
    EXPECT_EQ(cutFramePixels(sprite, refs), 2 * 200 + 21);
}

TEST(FrameMemory, TheProblemNamesWhatAndTheLimit) {
    EXPECT_EQ(cutPixelsProblem("the frames of A", kMaxScenePixels), "");
    EXPECT_EQ(cutPixelsProblem("the frames of A", 64 * std::int64_t(8192) * 8192),
              "the frames of A hold 4294967296 pixels together; the limit is 134217728");
    // 64 animation frames of one untrimmed 8192 x 8192 source, each a different name: refused.
    SceneSprite sprite = atlasSprite();
    for (int i = 0; i < 64; ++i) {
        AtlasFrame f = sprite.atlasData->frames.back();
        f.name = "big" + std::to_string(i);
        std::const_pointer_cast<Atlas>(sprite.atlasData)->frames.push_back(f);
        sprite.animation.frames.push_back(f.name);
    }
    EXPECT_EQ(cutFramePixels(sprite, animationFrameRefs(sprite)), 64 * std::int64_t(8192) * 8192);
}

}  // namespace
}  // namespace cl
