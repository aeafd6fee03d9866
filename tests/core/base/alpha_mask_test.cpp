#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <numbers>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/base/alpha_mask.h"
#include "core/base/mask_cache.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::imageFromArt;
using testing::maskFromArt;

RgbaImage imageWithAlphas(int w, int h, std::initializer_list<int> alphas) {
    RgbaImage img{w, h, std::vector<std::uint8_t>(static_cast<std::size_t>(w) * h * 4, 0)};
    int i = 0;
    for (int a : alphas) img.pixels[static_cast<std::size_t>(i++) * 4 + 3] = static_cast<std::uint8_t>(a);
    return img;
}

TEST(AlphaMask, PixelAtThresholdIsNotSolid) {
    AlphaMask mask(imageWithAlphas(3, 1, {9, 10, 11}), 10);
    EXPECT_FALSE(mask.solid(0, 0));
    EXPECT_FALSE(mask.solid(1, 0));
    EXPECT_TRUE(mask.solid(2, 0));
    EXPECT_EQ(mask.solidCount(), 1);
}

TEST(AlphaMask, EveryMaskMadeHasItsOwnSerialAndACopySharesIt) {
    const RgbaImage image = imageWithAlphas(3, 1, {9, 10, 11});
    std::vector<std::uint64_t> serials;
    for (int threshold : {0, 10, 10}) serials.push_back(AlphaMask(image, threshold).serial());
    serials.push_back(AlphaMask().serial());
    // One made in the storage a freed one left: a cache keyed by address would take it for the old one.
    std::optional<AlphaMask> reused(std::in_place, image, 0);
    serials.push_back(reused->serial());
    reused.reset();
    reused.emplace(imageWithAlphas(3, 1, {255, 0, 0}), 0);
    serials.push_back(reused->serial());
    std::vector<std::uint64_t> sorted = serials;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end()) << "two masks share a serial";
    const AlphaMask copy = *reused;
    AlphaMask assigned;
    assigned = *reused;
    EXPECT_EQ(copy.serial(), reused->serial());
    EXPECT_EQ(assigned.serial(), reused->serial());
}

TEST(AlphaMask, DefaultThresholdZeroMakesEveryNonZeroAlphaSolid) {
    AlphaMask mask(imageWithAlphas(4, 1, {0, 1, 128, 255}), 0);
    EXPECT_EQ(mask.threshold(), 0);
    EXPECT_FALSE(mask.solid(0, 0));
    EXPECT_TRUE(mask.solid(1, 0));
    EXPECT_TRUE(mask.solid(2, 0));
    EXPECT_TRUE(mask.solid(3, 0));
    EXPECT_EQ(mask.solidCount(), 3);
}

TEST(AlphaMask, ThresholdJustBelowAlphaMakesItSolid) {
    AlphaMask mask(imageWithAlphas(2, 1, {200, 201}), 200);
    EXPECT_FALSE(mask.solid(0, 0));
    EXPECT_TRUE(mask.solid(1, 0));
}

TEST(AlphaMask, ThresholdBelowZeroIsClampedToZero) {
    AlphaMask mask(imageWithAlphas(2, 1, {0, 1}), -5);
    EXPECT_EQ(mask.threshold(), 0);
    EXPECT_FALSE(mask.solid(0, 0));
    EXPECT_TRUE(mask.solid(1, 0));
}

TEST(AlphaMask, ThresholdAbove255IsClampedSoNothingIsSolid) {
    AlphaMask mask(imageWithAlphas(2, 1, {254, 255}), 300);
    EXPECT_EQ(mask.threshold(), 255);
    EXPECT_EQ(mask.solidCount(), 0);
    EXPECT_TRUE(mask.tightBounds().empty());
}

TEST(AlphaMask, AlphaReadsTheSourceImageAndIsZeroOutside) {
    AlphaMask mask(maskFromArt({"4.", "#9"}, 100));
    EXPECT_EQ(mask.alpha(0, 0), 100);
    EXPECT_EQ(mask.alpha(1, 0), 0);
    EXPECT_EQ(mask.alpha(0, 1), 255);
    EXPECT_EQ(mask.alpha(1, 1), 225);
    EXPECT_EQ(mask.alpha(-1, 0), 0);
    EXPECT_EQ(mask.alpha(2, 0), 0);
    EXPECT_EQ(mask.alpha(0, 2), 0);
    EXPECT_EQ(mask.alpha(0, -1), 0);
    // '4' is alpha 100, exactly the threshold: not solid.
    EXPECT_FALSE(mask.solid(0, 0));
    EXPECT_TRUE(mask.solid(1, 1));
}

TEST(AlphaMask, PixelsOutsideTheImageAreNotSolid) {
    AlphaMask mask = testing::solidMask(3, 2);
    EXPECT_TRUE(mask.solid(0, 0));
    EXPECT_TRUE(mask.solid(2, 1));
    EXPECT_FALSE(mask.solid(-1, 0));
    EXPECT_FALSE(mask.solid(0, -1));
    EXPECT_FALSE(mask.solid(3, 0));
    EXPECT_FALSE(mask.solid(0, 2));
}

TEST(AlphaMask, TightBoundsHoldExactlyTheSolidPixels) {
    AlphaMask mask = maskFromArt({
        ".....",
        "..#..",
        ".##..",
        ".....",
    });
    EXPECT_EQ(mask.width(), 5);
    EXPECT_EQ(mask.height(), 4);
    EXPECT_EQ(mask.solidCount(), 3);
    EXPECT_EQ(mask.tightBounds(), (IntRect{1, 1, 3, 3}));
}

TEST(AlphaMask, TightBoundsOfCornerPixelsSpanTheWholeImage) {
    AlphaMask mask = maskFromArt({
        "#...",
        "....",
        "...#",
    });
    EXPECT_EQ(mask.solidCount(), 2);
    EXPECT_EQ(mask.tightBounds(), (IntRect{0, 0, 4, 3}));
}

TEST(AlphaMask, SinglePixelImage) {
    AlphaMask mask = maskFromArt({"#"});
    EXPECT_EQ(mask.solidCount(), 1);
    EXPECT_EQ(mask.tightBounds(), (IntRect{0, 0, 1, 1}));
    ASSERT_EQ(mask.rowSpans(0).size(), 1u);
    EXPECT_EQ(mask.rowSpans(0)[0].x0, 0);
    EXPECT_EQ(mask.rowSpans(0)[0].x1, 1);
}

TEST(AlphaMask, RowExtentsRunFromTheFirstSolidPixelToOnePastTheLast) {
    // Row 0: pixels 2 and 4; row 1: none; row 2: the two ends; row 3: one run across a word boundary.
    std::vector<std::string> art{"..#.#.", "......", "#....#", "......"};
    for (std::string& row : art) row += std::string(64, '.');
    art[3].replace(60, 10, std::string(10, '#'));
    const AlphaMask mask = maskFromArt(art);
    const auto extents = mask.rowExtents();
    ASSERT_EQ(extents.size(), 4u);
    EXPECT_EQ(extents[0].x0, 2);
    EXPECT_EQ(extents[0].x1, 5);
    EXPECT_EQ(extents[1].x0, 0);
    EXPECT_EQ(extents[1].x1, 0);
    EXPECT_EQ(extents[2].x0, 0);
    EXPECT_EQ(extents[2].x1, 6);
    EXPECT_EQ(extents[3].x0, 60);
    EXPECT_EQ(extents[3].x1, 70);
}

TEST(AlphaMask, ImageWithNoSolidPixelIsValidAndEmpty) {
    AlphaMask mask = maskFromArt({"...", "..."});
    EXPECT_EQ(mask.width(), 3);
    EXPECT_EQ(mask.height(), 2);
    EXPECT_EQ(mask.solidCount(), 0);
    EXPECT_TRUE(mask.tightBounds().empty());
    EXPECT_TRUE(mask.rowSpans(0).empty());
    EXPECT_TRUE(mask.rowSpans(1).empty());
}

TEST(AlphaMask, ZeroSizedImageGivesAZeroSizedMask) {
    AlphaMask mask(RgbaImage{}, 0);
    EXPECT_EQ(mask.width(), 0);
    EXPECT_EQ(mask.height(), 0);
    EXPECT_EQ(mask.solidCount(), 0);
    EXPECT_TRUE(mask.tightBounds().empty());
    EXPECT_FALSE(mask.solid(0, 0));
}

TEST(AlphaMask, DefaultConstructedMaskIsZeroByZero) {
    AlphaMask mask;
    EXPECT_EQ(mask.width(), 0);
    EXPECT_EQ(mask.height(), 0);
    EXPECT_EQ(mask.solidCount(), 0);
    EXPECT_TRUE(mask.tightBounds().empty());
    EXPECT_FALSE(mask.solid(0, 0));
    EXPECT_EQ(mask.alpha(0, 0), 0);
}

TEST(AlphaMask, BitRowsPackSixtyFourPixelsPerWordLowBitFirst) {
    std::vector<std::string> rows(2, std::string(130, '.'));
    for (int x : {0, 63, 64, 129}) rows[0][static_cast<std::size_t>(x)] = '#';
    AlphaMask mask = maskFromArt(rows);
    ASSERT_EQ(mask.wordsPerRow(), 3);
    auto row0 = mask.bitRow(0);
    ASSERT_EQ(row0.size(), 3u);
    EXPECT_EQ(row0[0], (std::uint64_t{1} << 63) | std::uint64_t{1});
    EXPECT_EQ(row0[1], std::uint64_t{1});
    EXPECT_EQ(row0[2], std::uint64_t{2});
    for (std::uint64_t word : mask.bitRow(1)) EXPECT_EQ(word, 0u);
}

TEST(AlphaMask, BitsPastTheWidthAreZeroOnAFullRow) {
    AlphaMask mask = testing::solidMask(70, 1);
    ASSERT_EQ(mask.wordsPerRow(), 2);
    EXPECT_EQ(mask.bitRow(0)[0], ~std::uint64_t{0});
    EXPECT_EQ(mask.bitRow(0)[1], (std::uint64_t{1} << 6) - 1);
}

TEST(AlphaMask, RowSpansListTheRunsLeftToRight) {
    AlphaMask mask = maskFromArt({
        "##..###.#",
        ".........",
        "#########",
    });
    auto spans = mask.rowSpans(0);
    ASSERT_EQ(spans.size(), 3u);
    EXPECT_EQ(spans[0].x0, 0);
    EXPECT_EQ(spans[0].x1, 2);
    EXPECT_EQ(spans[1].x0, 4);
    EXPECT_EQ(spans[1].x1, 7);
    EXPECT_EQ(spans[2].x0, 8);
    EXPECT_EQ(spans[2].x1, 9);
    EXPECT_TRUE(mask.rowSpans(1).empty());
    ASSERT_EQ(mask.rowSpans(2).size(), 1u);
    EXPECT_EQ(mask.rowSpans(2)[0].x0, 0);
    EXPECT_EQ(mask.rowSpans(2)[0].x1, 9);
}

// Largest d . p over the corners of every solid pixel: the support of the solid squares in direction d.
double bruteForceSupport(const AlphaMask& mask, glm::dvec2 d) {
    double best = -std::numeric_limits<double>::infinity();
    for (int y = 0; y < mask.height(); ++y)
        for (int x = 0; x < mask.width(); ++x)
            if (mask.solid(x, y))
                for (int dy = 0; dy <= 1; ++dy)
                    for (int dx = 0; dx <= 1; ++dx) best = std::max(best, d.x * (x + dx) + d.y * (y + dy));
    return best;
}

TEST(SupportDirections, AreUnitVectorsEvenlySpacedFromTheXAxis) {
    const auto& directions = supportDirections();
    for (int k = 0; k < kSupportDirections; ++k) {
        const double angle = 2 * std::numbers::pi * k / kSupportDirections;
        EXPECT_NEAR(directions[static_cast<std::size_t>(k)].x, std::cos(angle), 1e-15) << k;
        EXPECT_NEAR(directions[static_cast<std::size_t>(k)].y, std::sin(angle), 1e-15) << k;
    }
}

TEST(AlphaMask, SolidSupportOfOnePixelReachesItsFarCorners) {
    AlphaMask mask = maskFromArt({"#"});
    const auto& support = mask.solidSupport();
    ASSERT_EQ(kSupportDirections % 8, 0);
    const int quarter = kSupportDirections / 4;
    EXPECT_NEAR(support[0], 1.0, 1e-12);                               // +x reaches x = 1
    EXPECT_NEAR(support[static_cast<std::size_t>(quarter)], 1.0, 1e-12);      // +y reaches y = 1
    EXPECT_NEAR(support[static_cast<std::size_t>(2 * quarter)], 0.0, 1e-12);  // -x reaches x = 0
    EXPECT_NEAR(support[static_cast<std::size_t>(3 * quarter)], 0.0, 1e-12);  // -y reaches y = 0
    EXPECT_NEAR(support[static_cast<std::size_t>(quarter / 2)], std::sqrt(2.0), 1e-12);  // corner (1,1)
}

TEST(AlphaMask, SolidSupportIgnoresTransparentPixels) {
    AlphaMask mask = maskFromArt({
        "....",
        ".#..",
        "....",
    });
    const auto& support = mask.solidSupport();
    const int quarter = kSupportDirections / 4;
    EXPECT_NEAR(support[0], 2.0, 1e-12);
    EXPECT_NEAR(support[static_cast<std::size_t>(quarter)], 2.0, 1e-12);
    EXPECT_NEAR(support[static_cast<std::size_t>(2 * quarter)], -1.0, 1e-12);
    EXPECT_NEAR(support[static_cast<std::size_t>(3 * quarter)], -1.0, 1e-12);
}

TEST(AlphaMask, SolidSupportOfAnEmptyMaskIsMinusInfinity) {
    for (const AlphaMask& mask : {maskFromArt({"..", ".."}), AlphaMask()}) {
        for (double s : mask.solidSupport()) {
            EXPECT_TRUE(std::isinf(s));
            EXPECT_LT(s, 0.0);
        }
    }
}

// One solid pixel: sides 0..4 (directions in the first quadrant and the axes beside it) all touch the
// square at (1, 1), so corners 0..3 are (1, 1); likewise 4..7 are (0, 1), 8..11 (0, 0), 12..15 (1, 0).
TEST(AlphaMask, SolidCornersOfOnePixelAreItsSquaresCorners) {
    ASSERT_EQ(kSupportDirections, 16);
    const AlphaMask mask = maskFromArt({"#"});
    const glm::dvec2 expected[] = {{1, 1}, {0, 1}, {0, 0}, {1, 0}};
    for (int k = 0; k < kSupportDirections; ++k) {
        const glm::dvec2 c = mask.solidCorners()[static_cast<std::size_t>(k)];
        EXPECT_NEAR(c.x, expected[k / 4].x, 1e-12) << k;
        EXPECT_NEAR(c.y, expected[k / 4].y, 1e-12) << k;
    }
}

// Each corner lies on its two sides and inside every other one, for the mask's own support.
void expectCornersOfSupport(const AlphaMask& mask) {
    const auto& d = supportDirections();
    const auto& h = mask.solidSupport();
    for (std::size_t k = 0; k < kSupportDirections; ++k) {
        const glm::dvec2 c = mask.solidCorners()[k];
        const std::size_t next = (k + 1) % kSupportDirections;
        EXPECT_NEAR(d[k].x * c.x + d[k].y * c.y, h[k], 1e-9) << k;
        EXPECT_NEAR(d[next].x * c.x + d[next].y * c.y, h[next], 1e-9) << k;
        for (std::size_t m = 0; m < kSupportDirections; ++m) EXPECT_LE(d[m].x * c.x + d[m].y * c.y, h[m] + 1e-9) << k << " " << m;
    }
}

// The corners are worked out with the mask, from its own pixels: a mask at another threshold, of another
// image, or from the cache after the image changed has its own corners; a copy keeps them after the
// original is gone.
TEST(AlphaMask, SolidCornersFollowTheMaskNeverAnother) {
    // Alpha 200 on a 3 x 1 bar, alpha 50 on one pixel beside it.
    const auto image = std::make_shared<RgbaImage>(imageWithAlphas(4, 2, {200, 200, 200, 50, 0, 0, 0, 0}));
    MaskCache cache;
    const auto low = cache.get(image, 0), high = cache.get(image, 100);
    expectCornersOfSupport(*low);
    expectCornersOfSupport(*high);
    EXPECT_NEAR(low->solidCorners()[0].x, 4.0, 1e-12);   // the bar and the faint pixel reach x = 4
    EXPECT_NEAR(high->solidCorners()[0].x, 3.0, 1e-12);  // the bar alone reaches x = 3
    // The image edited: a new image, so a new mask with corners of its own.
    const auto edited = std::make_shared<RgbaImage>(imageWithAlphas(4, 2, {0, 0, 0, 0, 200, 0, 0, 0}));
    const auto moved = cache.get(edited, 100);
    expectCornersOfSupport(*moved);
    EXPECT_NEAR(moved->solidCorners()[0].x, 1.0, 1e-12);
    EXPECT_NEAR(moved->solidCorners()[4].y, 2.0, 1e-12);
    // A copy outlives its original.
    std::optional<AlphaMask> original(std::in_place, *image, 100);
    const AlphaMask copy = *original;
    original.reset();
    expectCornersOfSupport(copy);
    EXPECT_NEAR(copy.solidCorners()[0].x, 3.0, 1e-12);
}

// Pixels (1, 1) and (4, 2) of a 6 x 4 image: tight box [1, 5) x [1, 3), centre (3, 2). Row 1's square
// [1, 2] x [1, 2] reaches 2 across and 1 down from it, row 2's [4, 5] x [2, 3] 2 across and 1 down: sqrt 5.
TEST(AlphaMask, SolidDiscHoldsTheFarthestSquareCornerWorkedByHand) {
    const AlphaMask mask = maskFromArt({"......", ".#....", "....#.", "......"});
    EXPECT_EQ(mask.solidDisc().centre, glm::dvec2(3.0, 2.0));
    EXPECT_GE(mask.solidDisc().radius, std::sqrt(5.0));
    EXPECT_LE(mask.solidDisc().radius, std::sqrt(5.0) + 1e-6);
    EXPECT_EQ(maskFromArt({"..", ".."}).solidDisc().radius, -1.0);
    EXPECT_EQ(AlphaMask().solidDisc().radius, -1.0);
}

// Like the corners, the disc is the mask's own: another threshold or an edited image is another mask with
// its own disc, and a copy keeps it after the original is gone.
TEST(AlphaMask, SolidDiscFollowsTheMaskNeverAnother) {
    const auto image = std::make_shared<RgbaImage>(imageWithAlphas(4, 2, {200, 200, 200, 50, 0, 0, 0, 0}));
    MaskCache cache;
    const auto low = cache.get(image, 0), high = cache.get(image, 100);
    EXPECT_EQ(low->solidDisc().centre, glm::dvec2(2.0, 0.5));   // [0, 4) x [0, 1)
    EXPECT_EQ(high->solidDisc().centre, glm::dvec2(1.5, 0.5));  // [0, 3) x [0, 1)
    EXPECT_NEAR(low->solidDisc().radius, std::hypot(2.0, 0.5), 1e-6);
    EXPECT_NEAR(high->solidDisc().radius, std::hypot(1.5, 0.5), 1e-6);
    const auto edited = std::make_shared<RgbaImage>(imageWithAlphas(4, 2, {0, 0, 0, 0, 200, 0, 0, 0}));
    const auto moved = cache.get(edited, 100);
    EXPECT_EQ(moved->solidDisc().centre, glm::dvec2(0.5, 1.5));
    EXPECT_NEAR(moved->solidDisc().radius, std::sqrt(0.5), 1e-6);
    std::optional<AlphaMask> original(std::in_place, *image, 100);
    const AlphaMask copy = *original;
    original.reset();
    EXPECT_EQ(copy.solidDisc().centre, glm::dvec2(1.5, 0.5));
}

// Every solid pixel's square lies in the disc, on random images.
TEST(AlphaMask, SolidDiscHoldsEverySolidSquareOnRandomImages) {
    std::mt19937 rng(25);
    for (int round = 0; round < 100; ++round) {
        const int w = std::uniform_int_distribution<int>(1, 90)(rng), h = std::uniform_int_distribution<int>(1, 90)(rng);
        std::vector<int> alphas(static_cast<std::size_t>(w) * h);
        for (int& a : alphas) a = rng() % 7 == 0 ? 255 : 0;
        RgbaImage image{w, h, std::vector<std::uint8_t>(alphas.size() * 4, 0)};
        for (std::size_t i = 0; i < alphas.size(); ++i) image.pixels[i * 4 + 3] = static_cast<std::uint8_t>(alphas[i]);
        const AlphaMask mask(image, 0);
        const SolidDisc disc = mask.solidDisc();
        double farthest = -1.0;
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                if (!mask.solid(x, y)) continue;
                for (const glm::dvec2 corner : {glm::dvec2(x, y), glm::dvec2(x + 1, y), glm::dvec2(x, y + 1), glm::dvec2(x + 1, y + 1)}) {
                    farthest = std::max(farthest, std::hypot(corner.x - disc.centre.x, corner.y - disc.centre.y));
                }
            }
        }
        if (farthest < 0.0) {
            EXPECT_EQ(disc.radius, -1.0);
            continue;
        }
        EXPECT_GE(disc.radius, farthest) << round;
        EXPECT_LE(disc.radius, farthest + 1e-6) << round;  // and no larger than it needs to be
    }
}

// One solid pixel: of the 16 sides only the four along the axes have length (the others touch the square
// at a corner), so the polygon is the square itself, and each corner moves out along both its sides.
TEST(AlphaMask, SolidPolygonOfOnePixelIsItsSquare) {
    const AlphaMask mask = maskFromArt({"#"});
    const SolidPolygon& p = mask.solidPolygon();
    ASSERT_EQ(p.count, 4);
    const glm::dvec2 corners[] = {{1, 1}, {0, 1}, {0, 0}, {1, 0}}, out[] = {{1, 1}, {-1, 1}, {-1, -1}, {1, -1}};
    for (std::size_t i = 0; i < 4; ++i) {
        EXPECT_NEAR(p.x[i], corners[i].x, 1e-12) << i;
        EXPECT_NEAR(p.y[i], corners[i].y, 1e-12) << i;
        EXPECT_NEAR(p.outX[i], out[i].x, 1e-12) << i;
        EXPECT_NEAR(p.outY[i], out[i].y, 1e-12) << i;
    }
    EXPECT_NEAR(p.magnitude, 2.0, 1e-12);
    EXPECT_EQ(maskFromArt({"..", ".."}).solidPolygon().count, 0);
    EXPECT_EQ(AlphaMask().solidPolygon().count, 0);
}

// A plus sign 3 pixels wide: its hull has 8 corners, (1, 0), (2, 0), (3, 1), (3, 2), ... and the sides at
// odd multiples of 22.5 degrees touch it at one corner each.
TEST(AlphaMask, SolidPolygonOfACrossKeepsItsEightCorners) {
    const AlphaMask mask = maskFromArt({".#.", "###", ".#."});
    const SolidPolygon& p = mask.solidPolygon();
    ASSERT_EQ(p.count, 8);
    const glm::dvec2 expected[] = {{3, 2}, {2, 3}, {1, 3}, {0, 2}, {0, 1}, {1, 0}, {2, 0}, {3, 1}};
    for (std::size_t i = 0; i < 8; ++i) {
        EXPECT_NEAR(p.x[i], expected[i].x, 1e-12) << i;
        EXPECT_NEAR(p.y[i], expected[i].y, 1e-12) << i;
    }
}

// On random images: every solid square lies in the polygon (each corner of it on the inner side of every
// edge, pushed out by `out` or not), and the polygon is no larger than the 16-sided one (each of its
// corners within every one of the 16 sides).
TEST(AlphaMask, SolidPolygonHoldsEverySolidSquareAndNoMoreThanTheSixteenSides) {
    std::mt19937 rng(2025);
    const auto& d = supportDirections();
    for (int round = 0; round < 200; ++round) {
        const int w = std::uniform_int_distribution<int>(1, 70)(rng), h = std::uniform_int_distribution<int>(1, 70)(rng);
        const int density = std::uniform_int_distribution<int>(2, 40)(rng);
        RgbaImage image{w, h, std::vector<std::uint8_t>(static_cast<std::size_t>(w) * h * 4, 0)};
        for (std::size_t i = 0; i < image.pixels.size(); i += 4) image.pixels[i + 3] = rng() % density == 0 ? 255 : 0;
        const AlphaMask mask(image, 0);
        const SolidPolygon& p = mask.solidPolygon();
        if (mask.solidCount() == 0) {
            EXPECT_EQ(p.count, 0);
            continue;
        }
        ASSERT_GE(p.count, 4) << round;
        ASSERT_LE(p.count, kSupportDirections) << round;
        const auto n = static_cast<std::size_t>(p.count);
        for (double push : {0.0, 0.5}) {
            const auto cornerX = [&](std::size_t i) { return p.x[i] + push * p.outX[i]; };
            const auto cornerY = [&](std::size_t i) { return p.y[i] + push * p.outY[i]; };
            for (int y = 0; y < h; ++y) {
                for (int x = 0; x < w; ++x) {
                    if (!mask.solid(x, y)) continue;
                    for (std::size_t i = 0; i < n; ++i) {
                        const std::size_t j = (i + 1) % n;
                        // Counter-clockwise on screen (y down): the inside is where the cross product is >= 0.
                        const double ex = cornerX(j) - cornerX(i), ey = cornerY(j) - cornerY(i);
                        for (const glm::dvec2 c : {glm::dvec2(x, y), glm::dvec2(x + 1, y), glm::dvec2(x, y + 1), glm::dvec2(x + 1, y + 1)}) {
                            ASSERT_GE(ex * (c.y - cornerY(i)) - ey * (c.x - cornerX(i)), -1e-9)
                                << "round " << round << " push " << push << " pixel " << x << "," << y << " edge " << i;
                        }
                    }
                }
            }
        }
        for (std::size_t i = 0; i < n; ++i) {
            EXPECT_LE(std::abs(p.x[i]) + std::abs(p.y[i]), p.magnitude + 1e-12) << round;
            for (std::size_t k = 0; k < kSupportDirections; ++k) {
                EXPECT_LE(d[k].x * p.x[i] + d[k].y * p.y[i], mask.solidSupport()[k] + 1e-9) << round << " corner " << i << " side " << k;
            }
        }
    }
}

// Like the corners and the disc, the polygon is the mask's own, worked out when the mask is built: another
// threshold or an edited image is another mask with another polygon, and a copy keeps it.
TEST(AlphaMask, SolidPolygonFollowsTheMaskNeverAnother) {
    const auto image = std::make_shared<RgbaImage>(imageWithAlphas(4, 2, {200, 200, 200, 50, 0, 0, 0, 0}));
    MaskCache cache;
    const auto low = cache.get(image, 0), high = cache.get(image, 100);
    const auto xMax = [](const SolidPolygon& p) { return *std::max_element(p.x.begin(), p.x.begin() + p.count); };
    EXPECT_NEAR(xMax(low->solidPolygon()), 4.0, 1e-12);   // the bar and the faint pixel reach x = 4
    EXPECT_NEAR(xMax(high->solidPolygon()), 3.0, 1e-12);  // the bar alone reaches x = 3
    const auto edited = std::make_shared<RgbaImage>(imageWithAlphas(4, 2, {0, 0, 0, 0, 200, 0, 0, 0}));
    const auto moved = cache.get(edited, 100);
    EXPECT_NEAR(xMax(moved->solidPolygon()), 1.0, 1e-12);
    EXPECT_NEAR(*std::max_element(moved->solidPolygon().y.begin(), moved->solidPolygon().y.begin() + 4), 2.0, 1e-12);
    std::optional<AlphaMask> original(std::in_place, *image, 100);
    const AlphaMask copy = *original;
    original.reset();
    EXPECT_NEAR(xMax(copy.solidPolygon()), 3.0, 1e-12);
}

TEST(AlphaMask, SolidCornersOfAnEmptyMaskAreNotFinite) {
    for (const AlphaMask& mask : {maskFromArt({"..", ".."}), AlphaMask()}) {
        for (const glm::dvec2 c : mask.solidCorners()) EXPECT_FALSE(std::isfinite(c.x) && std::isfinite(c.y));
    }
}

// Every view of the mask (solid(), bits, spans, count, bounds, support) agrees with a direct reading of the
// alphas, on random images wide enough to cross word boundaries.
TEST(AlphaMask, EveryViewAgreesWithTheAlphasOnRandomImages) {
    std::mt19937 rng(20261122);
    for (int round = 0; round < 200; ++round) {
        const int w = std::uniform_int_distribution<int>(1, 150)(rng);
        const int h = std::uniform_int_distribution<int>(1, 6)(rng);
        const int threshold = std::uniform_int_distribution<int>(0, 255)(rng);
        RgbaImage image{w, h, std::vector<std::uint8_t>(static_cast<std::size_t>(w) * h * 4, 0)};
        const int density = std::uniform_int_distribution<int>(0, 4)(rng);
        for (std::size_t i = 0; i < static_cast<std::size_t>(w) * h; ++i)
            if (std::uniform_int_distribution<int>(0, 3)(rng) < density)
                image.pixels[i * 4 + 3] = static_cast<std::uint8_t>(std::uniform_int_distribution<int>(0, 255)(rng));
        AlphaMask mask(image, threshold);

        std::int64_t count = 0;
        int x0 = w, y0 = h, x1 = 0, y1 = 0;
        for (int y = 0; y < h; ++y) {
            std::vector<bool> fromSpans(static_cast<std::size_t>(w), false);
            int previousEnd = -1;
            for (const SolidSpan& s : mask.rowSpans(y)) {
                ASSERT_LT(previousEnd, s.x0) << "spans must be sorted and separated";
                ASSERT_LT(s.x0, s.x1);
                for (int x = s.x0; x < s.x1; ++x) fromSpans[static_cast<std::size_t>(x)] = true;
                previousEnd = s.x1;
            }
            auto bits = mask.bitRow(y);
            for (int x = 0; x < w; ++x) {
                const bool expected = image.alpha(x, y) > threshold;
                ASSERT_EQ(mask.solid(x, y), expected) << "pixel " << x << "," << y;
                ASSERT_EQ(mask.alpha(x, y), image.alpha(x, y));
                ASSERT_EQ(((bits[static_cast<std::size_t>(x >> 6)] >> (x & 63)) & 1u) != 0, expected);
                ASSERT_EQ(fromSpans[static_cast<std::size_t>(x)], expected);
                if (expected) {
                    ++count;
                    x0 = std::min(x0, x);
                    y0 = std::min(y0, y);
                    x1 = std::max(x1, x + 1);
                    y1 = std::max(y1, y + 1);
                }
            }
            for (int x = w; x < mask.wordsPerRow() * 64; ++x)
                ASSERT_EQ((bits[static_cast<std::size_t>(x >> 6)] >> (x & 63)) & 1u, 0u) << "bit past the width";
        }
        EXPECT_EQ(mask.solidCount(), count);
        for (int k = 0; k < kSupportDirections; ++k) {
            const double expected = bruteForceSupport(mask, supportDirections()[static_cast<std::size_t>(k)]);
            if (count == 0) {
                EXPECT_EQ(mask.solidSupport()[static_cast<std::size_t>(k)], expected);
            } else {
                EXPECT_NEAR(mask.solidSupport()[static_cast<std::size_t>(k)], expected, 1e-9) << "direction " << k;
            }
        }
        if (count == 0) {
            EXPECT_TRUE(mask.tightBounds().empty());
        } else {
            EXPECT_EQ(mask.tightBounds(), (IntRect{x0, y0, x1, y1}));
        }
    }
}

// extentRunEnds() against a direct reading of the rows: for each row, the first row below it whose first and
// last solid pixel differ (an empty row's extent is {0, 0}); the mask's own, kept by a copy, another mask's
// never served (each mask is built once and never changes).
TEST(AlphaMask, ExtentRunEndsAreTheFirstRowBelowWithAnotherExtent) {
    std::mt19937 rng(2511);
    const auto expectRunEnds = [](const AlphaMask& mask) {
        const auto rowExtent = [&](int y) {
            int first = -1, last = -1;
            for (int x = 0; x < mask.width(); ++x) {
                if (!mask.solid(x, y)) continue;
                if (first < 0) first = x;
                last = x + 1;
            }
            return first < 0 ? std::pair{0, 0} : std::pair{first, last};
        };
        ASSERT_EQ(mask.extentRunEnds().size(), static_cast<std::size_t>(mask.height()));
        for (int y = 0; y < mask.height(); ++y) {
            int end = y + 1;
            while (end < mask.height() && rowExtent(end) == rowExtent(y)) ++end;
            ASSERT_EQ(mask.extentRunEnds()[static_cast<std::size_t>(y)], end) << "row " << y;
        }
    };
    for (int round = 0; round < 300; ++round) {
        const int w = std::uniform_int_distribution<int>(1, 70)(rng), h = std::uniform_int_distribution<int>(1, 40)(rng);
        RgbaImage image{w, h, std::vector<std::uint8_t>(static_cast<std::size_t>(w) * h * 4, 0)};
        // Runs of equal rows (a row copied down) and rows of their own, empty ones among them.
        for (int y = 0; y < h; ++y) {
            const int kind = std::uniform_int_distribution<int>(0, 3)(rng);
            for (int x = 0; x < w; ++x) {
                const std::size_t i = (static_cast<std::size_t>(y) * w + x) * 4 + 3;
                image.pixels[i] = kind == 0 && y > 0 ? image.pixels[i - static_cast<std::size_t>(w) * 4]
                                  : kind == 1    ? 0
                                                 : static_cast<std::uint8_t>(rng() % 3 == 0 ? 200 : 0);
            }
        }
        const AlphaMask mask(image, 100);
        expectRunEnds(mask);
        // Every row the same: one run to the bottom.
        ASSERT_NO_FATAL_FAILURE(expectRunEnds(testing::solidMask(w, h)));
        // A copy keeps the runs of its own pixels; a mask assigned another's serves the other's.
        std::optional<AlphaMask> original(std::in_place, image, 100);
        AlphaMask copy = *original;
        original.reset();
        expectRunEnds(copy);
        copy = testing::solidMask(w + 1, h);
        EXPECT_EQ(copy.extentRunEnds()[0], h);
        expectRunEnds(copy);
    }
    EXPECT_TRUE(AlphaMask().extentRunEnds().empty());
    const AlphaMask cross = maskFromArt({"..#..", "..#..", "#####", "..#..", "....."});
    EXPECT_EQ(std::vector<int>(cross.extentRunEnds().begin(), cross.extentRunEnds().end()), (std::vector<int>{2, 2, 3, 4, 5}));
}

}  // namespace
}  // namespace cl
