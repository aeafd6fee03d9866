// overlapCountText(): the local view's line follows the drawn test's traits (area, samples or world
// pixels), never its name.
#include "app/views/overlap_text.h"

#include <gtest/gtest.h>

namespace cl {
namespace {

// A pixel-test row with no traits; each test sets the ones it is about.
Algorithm testRow(std::string_view name) {
    return Algorithm{.name = name, .kind = AlgorithmKind::Pixel, .summary = "test row", .run = nullptr, .listsHits = true};
}

PixelHit hitAt(int ax, int ay, int bx, int by) { return PixelHit{{ax, ay}, {bx, by}, {ax + 0.5, ay + 0.5}}; }

AlphaMask solidMask(int width, int height) {
    RgbaImage image;
    image.width = width;
    image.height = height;
    image.pixels.assign(std::size_t(width) * height * 4, 255);
    return AlphaMask(image, 128);
}

TEST(OverlapCountText, AnAreaTestSaysTheAreaAndHowManyPixelPairsAndPixelsOfAShareIt) {
    Algorithm area = testRow("pixel-exact");
    area.reportsArea = true;
    CollisionResult r;
    r.hit = true;
    r.overlap = 37.38;
    r.samples = 52;
    // Three pairs on two of A's pixels: (1, 0) meets two of B's pixels.
    r.hits = {hitAt(1, 0, 0, 0), hitAt(1, 0, 0, 1), hitAt(2, 5, 1, 1)};
    EXPECT_EQ(overlapCountText(area, r),
              "pixel-exact: overlap area 37.38 world pixels\nshared by 3 pixel pairs (2 of A's pixels marked)");
    r.hits.clear();
    r.overlap = 0.0;
    EXPECT_EQ(overlapCountText(area, r), "pixel-exact: no overlap area");
}

TEST(OverlapCountText, ASamplingTestCountsSamplesAndAWorldGridTestCountsWorldPixels) {
    Algorithm sampled = testRow("pixel-fast");
    sampled.directional = sampled.honoursSampling = true;
    const Algorithm world = testRow("pixel-world");
    CollisionResult r;
    r.hits = {hitAt(0, 0, 0, 0), hitAt(1, 0, 1, 0)};
    EXPECT_EQ(overlapCountText(sampled, r), "pixel-fast: 2 overlapping samples");
    EXPECT_EQ(overlapCountText(world, r), "pixel-world: 2 overlapping world pixels");
    r.hits.resize(1);
    EXPECT_EQ(overlapCountText(sampled, r), "pixel-fast: 1 overlapping sample");
    r.hits.clear();
    EXPECT_EQ(overlapCountText(world, r), "pixel-world: no overlapping world pixels");
}

TEST(OverlapCountText, TheTraitsDecideNotTheName) {
    // A row named like a sampling test but reporting an area is described as an area.
    Algorithm renamed = testRow("pixel-naive");
    renamed.reportsArea = true;
    CollisionResult r;
    r.overlap = 1.5;
    r.hits = {hitAt(0, 0, 0, 0)};
    EXPECT_EQ(overlapCountText(renamed, r),
              "pixel-naive: overlap area 1.50 world pixels\nshared by 1 pixel pair (1 of A's pixels marked)");
    EXPECT_EQ(overlapCountText(renamed, notApplicable("too big")), "pixel-naive: cannot answer (too big)");
}

TEST(OverlapCountText, CoresPixelExactOnTwoOffsetSquares) {
    // A (2 x 2) at world (0, 0), B (2 x 2) at world (1, 0): they share x in [1, 2], y in [0, 2], an area of
    // 2 world pixels, through A's pixels (1, 0) and (1, 1) on B's (0, 0) and (0, 1).
    const AlphaMask a = solidMask(2, 2), b = solidMask(2, 2);
    const Algorithm* exact = findAlgorithm("pixel-exact");
    ASSERT_NE(exact, nullptr);
    TestOptions options;
    options.listHits = true;
    const CollisionResult r = runAlgorithm(*exact, Body{&a, {}}, Body{&b, {{1.0, 0.0}, {0.0, 0.0}, 0.0, {1.0, 1.0}}}, options);
    EXPECT_EQ(overlapCountText(*exact, r),
              "pixel-exact: overlap area 2.00 world pixels\nshared by 2 pixel pairs (2 of A's pixels marked)");
    const Algorithm* naive = findAlgorithm("pixel-naive");
    ASSERT_NE(naive, nullptr);
    // Centre sampling: A's samples (1.5, 0.5) and (1.5, 1.5) land in B.
    EXPECT_EQ(overlapCountText(*naive, runAlgorithm(*naive, Body{&a, {}}, Body{&b, {{1.0, 0.0}, {0.0, 0.0}, 0.0, {1.0, 1.0}}}, options)),
              "pixel-naive: 2 overlapping samples");
}

}  // namespace
}  // namespace cl
