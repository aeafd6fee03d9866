#include <gtest/gtest.h>

#include <cmath>

#include "core/base/bounds.h"
#include "core/collision/inward_crop.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::makeTransform;
using testing::maskFromArt;

// One solid pixel at (2, 1) of a 4x4 image placed with its corner at (10, 20): the start box is
// [10,14) x [20,24). Left: columns 10 and 11 are empty (4 probes each), column 12 is solid at its
// second row (2 probes). Top, over columns 12..13: row 20 empty (2), row 21 solid at once (1). Right,
// over rows 21..23: column 13 empty (3), column 12 solid at once (1). Bottom, over column 12: rows 23
// and 22 empty, row 21 solid (3). 20 probes; the result is the single pixel [12,13) x [21,22).
TEST(InwardCrop, ScansEachSideInwardToTheFirstSolidLineWithHandCountedWork) {
    AlphaMask mask = maskFromArt({"....", "..#.", "....", "...."});
    InwardCropTrace trace = inwardCrop(mask, makeTransform({10, 20}));
    EXPECT_EQ(trace.start, (PixelBox{{10, 20}, {14, 24}}));
    EXPECT_EQ(trace.result, (PixelBox{{12, 21}, {13, 22}}));
    ASSERT_EQ(trace.probes.size(), 20u);
    int perSide[4] = {0, 0, 0, 0};
    for (const CropProbe& p : trace.probes) ++perSide[static_cast<int>(p.side)];
    EXPECT_EQ(perSide[0], 10);
    EXPECT_EQ(perSide[1], 3);
    EXPECT_EQ(perSide[2], 4);
    EXPECT_EQ(perSide[3], 3);
    EXPECT_EQ(trace.probes[9].pixel, glm::ivec2(12, 21));
    EXPECT_TRUE(trace.probes[9].solid);
}

TEST(InwardCrop, BoxAfterReplaysTheSidesMovingIn) {
    AlphaMask mask = maskFromArt({"....", "..#.", "....", "...."});
    InwardCropTrace trace = inwardCrop(mask, makeTransform({10, 20}));
    EXPECT_EQ(trace.boxAfter(0), trace.start);
    // After 5 probes the left side is scanning column 11.
    EXPECT_EQ(trace.boxAfter(5), (PixelBox{{11, 20}, {14, 24}}));
    // After the left side (10 probes) and the first top probe (row 20).
    EXPECT_EQ(trace.boxAfter(11), (PixelBox{{12, 20}, {14, 24}}));
    EXPECT_EQ(trace.boxAfter(trace.probes.size()), trace.result);
}

TEST(InwardCrop, EmptyMaskLooksAtEveryPixelAndGivesAnEmptyBox) {
    AlphaMask mask = maskFromArt({"...", "..."});
    InwardCropTrace trace = inwardCrop(mask, makeTransform({0, 0}));
    EXPECT_EQ(trace.probes.size(), 6u);
    EXPECT_TRUE(trace.result.empty());
}

// The crop keeps world pixels whose centres are solid, so it lies inside the exact box of the solid
// pixels' corners (rounded outward), here for a turned, scaled sprite.
TEST(InwardCrop, TurnedSpriteCropLiesInsideTheExactTightBox) {
    AlphaMask mask = maskFromArt({"........", "..####..", "..#.....", "..###...", "..#.....", "........"});
    const SpriteTransform t = makeTransform({50, 40}, {4, 3}, 30.0, {3, 3});
    InwardCropTrace trace = inwardCrop(mask, t);
    auto tight = tightWorldAabb(Body{&mask, t});
    ASSERT_TRUE(tight.has_value());
    ASSERT_FALSE(trace.result.empty());
    EXPECT_GE(trace.result.min.x, int(std::floor(tight->min.x)));
    EXPECT_GE(trace.result.min.y, int(std::floor(tight->min.y)));
    EXPECT_LE(trace.result.max.x, int(std::ceil(tight->max.x)));
    EXPECT_LE(trace.result.max.y, int(std::ceil(tight->max.y)));
    // And it is smaller than the box it started from (the mask has empty columns and rows all round).
    auto area = [](const PixelBox& b) { return (b.max.x - b.min.x) * (b.max.y - b.min.y); };
    EXPECT_LT(area(trace.result), area(trace.start));
}

}  // namespace
}  // namespace cl
