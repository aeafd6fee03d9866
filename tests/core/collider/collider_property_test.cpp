// Seeded property test: thousands of random masks in every mode, each collider checked for validity and for
// its mode's guarantee by a reference written apart from core/collider/: point samples on a 1/4 px grid
// (guarantees) and a jittered 1/8 px grid (areas),
// classified by brute force against the solid squares and the pieces.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "core/collider/make_collider.h"
#include "tests/core/collider/collider_exact_reference.h"
#include "tests/core/collider/collider_reference.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::inC;
using testing::inS;
using testing::referenceGuaranteeProblem;

constexpr int kAreaSub = 8;  // area samples per pixel side
// Area samples sit off every rational line: an edge through lattice points never passes through one.
const double kJitterX = 0.5 + 0.01 * std::numbers::sqrt2, kJitterY = 0.5 - 0.01 * std::numbers::pi;

AlphaMask randomMask(std::mt19937& rng, int maxSide = 24) {
    std::uniform_int_distribution<int> size(1, maxSide);
    const int w = size(rng), h = size(rng);
    std::vector<std::string> rows(static_cast<std::size_t>(h), std::string(static_cast<std::size_t>(w), '.'));
    if (rng() % 2) {
        // Noise of a random density.
        std::bernoulli_distribution solid(std::uniform_real_distribution<double>(0.05, 0.95)(rng));
        for (auto& row : rows)
            for (char& c : row) c = solid(rng) ? '#' : '.';
    } else {
        // A few discs, some of them clear (holes and bites).
        const int discs = 1 + static_cast<int>(rng() % 4);
        for (int k = 0; k < discs; ++k) {
            const double cx = std::uniform_real_distribution<double>(0, w)(rng), cy = std::uniform_real_distribution<double>(0, h)(rng);
            const double r = std::uniform_real_distribution<double>(0.5, 0.6 * std::max(w, h))(rng);
            const char fill = k > 0 && rng() % 3 == 0 ? '.' : '#';
            for (int y = 0; y < h; ++y)
                for (int x = 0; x < w; ++x)
                    if (std::hypot(x + 0.5 - cx, y + 0.5 - cy) <= r) rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] = fill;
        }
    }
    return testing::maskFromArt(rows);
}

TEST(ColliderProperty, RandomMasksGiveValidCollidersThatKeepTheirModesGuarantee) {
    std::mt19937 rng(20261126);
    const double epsilons[] = {0.5, 1.0, 1.5, 2.5};
    const int vertexLimits[] = {3, 4, 8, 64};
    constexpr int kMasks = 2000;
    for (int trial = 0; trial < kMasks; ++trial) {
        const AlphaMask mask = randomMask(rng);
        const ColliderMode mode = static_cast<ColliderMode>(trial % 3);
        const ColliderOptions options{mode, epsilons[rng() % 4], vertexLimits[rng() % 4]};
        const Collider c = makeCollider(mask, options);
        const std::string where = "trial " + std::to_string(trial) + " mode " + colliderModeName(mode) + " epsilon " +
                                  std::to_string(options.epsilon) + " max_vertices " + std::to_string(options.maxVertices) + "\n" +
                                  testing::artFromMask(mask);
        double farthest = 0.0;
        ASSERT_EQ(referenceGuaranteeProblem(mask, options, c.pieces, farthest), "") << where;

        // Pixel counts, exactly: the centres are on the half-pixel lattice.
        double xmin = 0, ymin = 0, xmax = mask.width(), ymax = mask.height();
        for (const ColliderPiece& p : c.pieces)
            for (const glm::dvec2 v : p) xmin = std::min(xmin, v.x), ymin = std::min(ymin, v.y), xmax = std::max(xmax, v.x), ymax = std::max(ymax, v.y);
        std::int64_t missedPixels = 0, extraPixels = 0;
        for (int y = static_cast<int>(std::floor(ymin)); y < static_cast<int>(std::ceil(ymax)); ++y)
            for (int x = static_cast<int>(std::floor(xmin)); x < static_cast<int>(std::ceil(xmax)); ++x) {
                const bool covered = inC(c.pieces, {x + 0.5, y + 0.5});
                if (mask.solid(x, y) && !covered) ++missedPixels;
                if (!mask.solid(x, y) && covered) ++extraPixels;
            }
        ASSERT_EQ(c.certificate.missedPixels, missedPixels) << where;
        ASSERT_EQ(c.certificate.extraPixels, extraPixels) << where;

        double missedEstimate = 0, extraEstimate = 0;
        for (int sy = static_cast<int>(std::floor(ymin)) * kAreaSub; sy < static_cast<int>(std::ceil(ymax)) * kAreaSub; ++sy)
            for (int sx = static_cast<int>(std::floor(xmin)) * kAreaSub; sx < static_cast<int>(std::ceil(xmax)) * kAreaSub; ++sx) {
                const glm::dvec2 q{(sx + kJitterX) / kAreaSub, (sy + kJitterY) / kAreaSub};
                const bool s = inS(mask, q), inside = inC(c.pieces, q);
                if (s && !inside) missedEstimate += 1.0 / (kAreaSub * kAreaSub);
                if (!s && inside) extraEstimate += 1.0 / (kAreaSub * kAreaSub);
            }
        if (mode == ColliderMode::Outer) { ASSERT_EQ(c.certificate.missedArea, 0.0) << where; }
        if (mode == ColliderMode::Inner) { ASSERT_EQ(c.certificate.extraArea, 0.0) << where; }
        ASSERT_LE(c.certificate.hausdorff, options.epsilon) << where;
        ASSERT_GE(c.certificate.hausdorff, farthest - kHausdorffTolerance - 1e-9) << where;
        ASSERT_TRUE(c.certificate.dropped.empty()) << where;
        // The estimates miss at most the sample cells the region's boundary crosses.
        const double slack = 0.02 * (mask.solidCount() + c.certificate.extraArea) + 0.2;
        ASSERT_NEAR(c.certificate.missedArea, missedEstimate, slack) << where;
        ASSERT_NEAR(c.certificate.extraArea, extraEstimate, slack) << where;
    }
}

// The exact reference itself, on colliders whose numbers are worked out by hand in make_collider_test.cpp.
TEST(ColliderExactReference, MeasuresHandWorkedCollidersExactly) {
    const AlphaMask diagonal = testing::maskFromArt({"#...", ".#..", "..#.", "...#"});
    // The outer parallelogram (-1,0) (3,4) (5,4) (1,0): area 8 over 4 solid px, 8 centres on its edges.
    const auto outer = testing::compareExactly(diagonal, {{{-1, 0}, {3, 4}, {5, 4}, {1, 0}}});
    EXPECT_EQ(outer.problem, "");
    EXPECT_TRUE(outer.coversShape);
    EXPECT_FALSE(outer.insideShape);
    EXPECT_EQ(outer.missedArea, 0.0);
    EXPECT_NEAR(outer.extraArea, 4.0, 1e-12);
    EXPECT_EQ(outer.missedPixels, 0);
    EXPECT_EQ(outer.extraPixels, 8);
    // The balanced strip (0,0) (3,4) (4,4) (1,0): missed = extra = 7/6.
    const auto balanced = testing::compareExactly(diagonal, {{{0, 0}, {3, 4}, {4, 4}, {1, 0}}});
    EXPECT_FALSE(balanced.coversShape);
    EXPECT_FALSE(balanced.insideShape);
    EXPECT_NEAR(balanced.missedArea, 7.0 / 6.0, 1e-12);
    EXPECT_NEAR(balanced.extraArea, 7.0 / 6.0, 1e-12);
    EXPECT_EQ(balanced.missedPixels, 0);
    EXPECT_EQ(balanced.extraPixels, 0);
    // Four unit squares: exact.
    const auto squares = testing::compareExactly(diagonal, {{{0, 0}, {0, 1}, {1, 1}, {1, 0}},
                                                            {{1, 1}, {1, 2}, {2, 2}, {2, 1}},
                                                            {{2, 2}, {2, 3}, {3, 3}, {3, 2}},
                                                            {{3, 3}, {3, 4}, {4, 4}, {4, 3}}});
    EXPECT_TRUE(squares.coversShape);
    EXPECT_TRUE(squares.insideShape);
    EXPECT_EQ(squares.missedArea, 0.0);
    EXPECT_EQ(squares.extraArea, 0.0);
}

// Two pieces that cover the square [0,2]^2 but for the triangle (1,0) (1,2) (1.5,2) between them, of area
// 0.5 * 0.5 * 2 = 0.5 px^2; pieces that overlap count once; a vertex off the half-pixel lattice is refused.
TEST(ColliderExactReference, FindsSliversAndCountsOverlapsOnce) {
    const AlphaMask square = testing::maskFromArt({"##", "##"});
    const auto gap = testing::compareExactly(square, {{{0, 0}, {0, 2}, {1, 2}, {1, 0}}, {{1, 0}, {1.5, 2}, {2, 2}, {2, 0}}});
    EXPECT_FALSE(gap.coversShape);
    EXPECT_TRUE(gap.insideShape);
    EXPECT_NEAR(gap.missedArea, 0.5, 1e-12);
    const auto overlap = testing::compareExactly(square, {{{0, 0}, {0, 2}, {2, 2}, {2, 0}}, {{1, 0}, {1, 3}, {2, 3}, {2, 0}}});
    EXPECT_TRUE(overlap.coversShape);
    EXPECT_FALSE(overlap.insideShape);
    EXPECT_NEAR(overlap.extraArea, 1.0, 1e-12);
    EXPECT_EQ(overlap.extraPixels, 1);  // (1.5, 2.5)
    EXPECT_NE(testing::compareExactly(square, {{{0, 0}, {0, 2}, {2.25, 2}, {2, 0}}}).problem, "");
}

// How many masks the large property test makes: COLLISION_LAB_COLLIDER_MASKS, else 100,000 (10,000 in the
// sanitizer build, where each is about ten times slower; tests/README.md).
int largeTestMasks() {
    if (const char* env = std::getenv("COLLISION_LAB_COLLIDER_MASKS")) return std::max(1, std::atoi(env));
#ifdef COLLISION_LAB_SANITIZED_BUILD
    return 10'000;
#else
    return 100'000;
#endif
}

// 100,000 small random masks (up to 10 x 10) in every mode, epsilon and vertex limit: each collider valid by the
// independent turning test, its guarantee decided exactly by the exact reference (outer: S \ C has no area;
// inner: C \ S has none), and the certificate's areas and centre counts equal to the reference's. Every 50th
// mask also goes through the lattice-sample reference, which bounds the Hausdorff distance from below.
TEST(ColliderProperty, HundredThousandSmallMasksKeepTheirGuaranteeExactly) {
    std::mt19937 rng(23100000);
    const double epsilons[] = {0.5, 1.0, 1.5, 2.5};
    const int vertexLimits[] = {3, 4, 6, 8, 64};
    const int masks = largeTestMasks();
    for (int trial = 0; trial < masks; ++trial) {
        const AlphaMask mask = randomMask(rng, 10);
        const ColliderMode mode = static_cast<ColliderMode>(trial % 3);
        const ColliderOptions options{mode, epsilons[rng() % 4], vertexLimits[rng() % 5]};
        const Collider c = makeCollider(mask, options);
        const auto where = [&] {
            return "trial " + std::to_string(trial) + " mode " + colliderModeName(mode) + " epsilon " + std::to_string(options.epsilon) +
                   " max_vertices " + std::to_string(options.maxVertices) + "\n" + testing::artFromMask(mask);
        };
        for (std::size_t i = 0; i < c.pieces.size(); ++i)
            ASSERT_EQ(testing::referenceProblem(c.pieces[i], options.maxVertices), "") << "piece " << i << ", " << where();
        const testing::ExactComparison ref = testing::compareExactly(mask, c.pieces);
        ASSERT_EQ(ref.problem, "") << where();
        if (mode == ColliderMode::Outer) { ASSERT_TRUE(ref.coversShape) << where(); }
        if (mode == ColliderMode::Inner) { ASSERT_TRUE(ref.insideShape) << where(); }
        ASSERT_NEAR(c.certificate.missedArea, ref.missedArea, 1e-9) << where();
        ASSERT_NEAR(c.certificate.extraArea, ref.extraArea, 1e-9) << where();
        ASSERT_EQ(c.certificate.missedPixels, ref.missedPixels) << where();
        ASSERT_EQ(c.certificate.extraPixels, ref.extraPixels) << where();
        ASSERT_LE(c.certificate.hausdorff, options.epsilon) << where();
        if (mask.solidCount() == 0) { ASSERT_TRUE(c.pieces.empty()) << where(); }
        if (trial % 50 == 0) {
            double farthest = 0.0;
            ASSERT_EQ(referenceGuaranteeProblem(mask, options, c.pieces, farthest), "") << where();
            ASSERT_GE(c.certificate.hausdorff, farthest - kHausdorffTolerance - 1e-9) << where();
        }
    }
}

}  // namespace
}  // namespace cl
