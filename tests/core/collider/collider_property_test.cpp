// Seeded property test: thousands of random masks in every mode, each collider checked for validity and for
// its mode's guarantee by a reference written apart from core/collider/: point samples on a 1/4 px grid
// (guarantees) and a jittered 1/8 px grid (areas),
// classified by brute force against the solid squares and the pieces.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "core/collider/make_collider.h"
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

AlphaMask randomMask(std::mt19937& rng) {
    std::uniform_int_distribution<int> size(1, 24);
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

}  // namespace
}  // namespace cl
