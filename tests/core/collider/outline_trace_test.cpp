#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "core/collider/outline_trace.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::maskFromArt;
using Loop = std::vector<glm::ivec2>;

/// The loop turned to start at its smallest vertex (by y, then x), so loops compare regardless of start.
Loop canonical(Loop loop) {
    const auto first = std::min_element(loop.begin(), loop.end(), [](glm::ivec2 a, glm::ivec2 b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
    std::rotate(loop.begin(), first, loop.end());
    return loop;
}

TEST(OutlineTrace, SinglePixelIsOneCounterClockwiseSquare) {
    const auto islands = traceOutlines(maskFromArt({"...", ".#.", "..."}));
    ASSERT_EQ(islands.size(), 1u);
    EXPECT_EQ(canonical(islands[0].outer), (Loop{{1, 1}, {1, 2}, {2, 2}, {2, 1}}));
    EXPECT_TRUE(islands[0].holes.empty());
    EXPECT_EQ(islands[0].pixels, 1);
}

TEST(OutlineTrace, RingKeepsItsHoleClockwise) {
    const auto islands = traceOutlines(maskFromArt({"###", "#.#", "###"}));
    ASSERT_EQ(islands.size(), 1u);
    EXPECT_EQ(canonical(islands[0].outer), (Loop{{0, 0}, {0, 3}, {3, 3}, {3, 0}}));
    ASSERT_EQ(islands[0].holes.size(), 1u);
    EXPECT_EQ(canonical(islands[0].holes[0]), (Loop{{1, 1}, {2, 1}, {2, 2}, {1, 2}}));
    EXPECT_EQ(islands[0].pixels, 8);
}

TEST(OutlineTrace, SquaresTouchingAtACornerAreTwoIslands) {
    const auto islands = traceOutlines(maskFromArt({"##..", "##..", "..##", "..##"}));
    ASSERT_EQ(islands.size(), 2u);
    EXPECT_EQ(canonical(islands[0].outer), (Loop{{0, 0}, {0, 2}, {2, 2}, {2, 0}}));
    EXPECT_EQ(canonical(islands[1].outer), (Loop{{2, 2}, {2, 4}, {4, 4}, {4, 2}}));
}

TEST(OutlineTrace, LShapeHasSixCornersAndNoCollinearVertex) {
    const auto islands = traceOutlines(maskFromArt({"#.", "#.", "##"}));
    ASSERT_EQ(islands.size(), 1u);
    EXPECT_EQ(canonical(islands[0].outer), (Loop{{0, 0}, {0, 3}, {2, 3}, {2, 2}, {1, 2}, {1, 0}}));
}

TEST(OutlineTrace, CheckerboardIsOneIslandPerPixel) {
    const auto islands = traceOutlines(maskFromArt({"#.#.", ".#.#", "#.#.", ".#.#"}));
    ASSERT_EQ(islands.size(), 8u);
    for (const IslandOutline& island : islands) {
        EXPECT_EQ(island.outer.size(), 4u);
        EXPECT_TRUE(island.holes.empty());
        EXPECT_EQ(island.pixels, 1);
    }
}

TEST(OutlineTrace, DiamondOfCornerTouchingPixelsIsFourIslandsWithoutHoles) {
    // The middle pixel is enclosed by S (the corner points belong to the shape), but no single 4-connected
    // island surrounds it, so no island lists it as a hole.
    const auto islands = traceOutlines(maskFromArt({".#.", "#.#", ".#."}));
    ASSERT_EQ(islands.size(), 4u);
    for (const IslandOutline& island : islands) EXPECT_TRUE(island.holes.empty());
}

TEST(OutlineTrace, EmptyMaskHasNoIsland) {
    EXPECT_TRUE(traceOutlines(maskFromArt({"..", ".."})).empty());
    EXPECT_TRUE(traceOutlines(AlphaMask{}).empty());
}

}  // namespace
}  // namespace cl
