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
#include "tests/core/test_masks.h"

namespace cl {
namespace {

constexpr int kSub = 4;  // lattice samples per pixel side (the pieces' vertices lie on the 1/2 px lattice)
constexpr int kAreaSub = 8;  // area samples per pixel side
// Area samples sit off every rational line: an edge through lattice points never passes through one.
const double kJitterX = 0.5 + 0.01 * std::numbers::sqrt2, kJitterY = 0.5 - 0.01 * std::numbers::pi;

/// Independent validity: vertex count, distinct vertices, every turn strictly clockwise in y-down
/// coordinates (counter-clockwise on screen) and a total turn of exactly one revolution.
std::string referenceProblem(const ColliderPiece& p, int maxVertices) {
    const std::size_t n = p.size();
    if (n < 3 || static_cast<int>(n) > maxVertices) return "vertex count " + std::to_string(n);
    double turning = 0.0, area = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        const glm::dvec2 a = p[i], b = p[(i + 1) % n], c = p[(i + 2) % n];
        for (std::size_t j = 0; j < i; ++j)
            if (p[j] == a) return "repeated vertex";
        const glm::dvec2 u = b - a, v = c - b;
        const double cr = u.x * v.y - u.y * v.x;
        if (!(cr < 0.0)) return "turn " + std::to_string(i) + " is not counter-clockwise on screen";
        turning += std::atan2(cr, u.x * v.x + u.y * v.y);
        area += a.x * b.y - b.x * a.y;
    }
    if (std::abs(turning + 2.0 * std::numbers::pi) > 1e-6) return "winds more than once";
    if (std::abs(area) / 2.0 < 1e-6) return "area";
    return {};
}

bool inPiece(const ColliderPiece& p, glm::dvec2 q) {
    double x0 = p[0].x, x1 = p[0].x, y0 = p[0].y, y1 = p[0].y;
    for (const glm::dvec2 v : p) x0 = std::min(x0, v.x), x1 = std::max(x1, v.x), y0 = std::min(y0, v.y), y1 = std::max(y1, v.y);
    if (q.x < x0 || q.x > x1 || q.y < y0 || q.y > y1) return false;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const glm::dvec2 a = p[i], b = p[(i + 1) % p.size()];
        if ((b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x) > 0.0) return false;
    }
    return true;
}

bool inC(const std::vector<ColliderPiece>& pieces, glm::dvec2 q) {
    return std::any_of(pieces.begin(), pieces.end(), [&](const ColliderPiece& p) { return inPiece(p, q); });
}

bool inS(const AlphaMask& m, glm::dvec2 q) {
    const int x = static_cast<int>(std::floor(q.x)), y = static_cast<int>(std::floor(q.y));
    for (int dy = -1; dy <= 0; ++dy)
        for (int dx = -1; dx <= 0; ++dx)
            if (m.solid(x + dx, y + dy) && q.x <= x + dx + 1 && q.y <= y + dy + 1) return true;
    return m.solid(x, y);
}

/// Distance from q to the solid squares, or more than `reach` when none is within it.
double distanceToS(const AlphaMask& m, glm::dvec2 q, double reach) {
    double best = 1e300;
    const int r = static_cast<int>(std::ceil(reach)) + 1, qx = static_cast<int>(std::floor(q.x)), qy = static_cast<int>(std::floor(q.y));
    for (int y = qy - r; y <= qy + r; ++y)
        for (int x = qx - r; x <= qx + r; ++x) {
            if (!m.solid(x, y)) continue;
            const double dx = std::max({0.0, x - q.x, q.x - x - 1}), dy = std::max({0.0, y - q.y, q.y - y - 1});
            best = std::min(best, std::hypot(dx, dy));
        }
    return best;
}

double distanceToC(const std::vector<ColliderPiece>& pieces, glm::dvec2 q) {
    double best = 1e300;
    for (const ColliderPiece& p : pieces) {
        if (inPiece(p, q)) return 0.0;
        for (std::size_t i = 0; i < p.size(); ++i) {
            const glm::dvec2 a = p[i], b = p[(i + 1) % p.size()], ab = b - a;
            const double t = std::clamp(((q.x - a.x) * ab.x + (q.y - a.y) * ab.y) / (ab.x * ab.x + ab.y * ab.y), 0.0, 1.0);
            best = std::min(best, std::hypot(q.x - a.x - t * ab.x, q.y - a.y - t * ab.y));
        }
    }
    return best;
}

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
        for (std::size_t i = 0; i < c.pieces.size(); ++i) ASSERT_EQ(referenceProblem(c.pieces[i], options.maxVertices), "") << "piece " << i << " " << where;

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

        // Samples on the 1/8 px lattice (corners and edges included) over the whole region.
        double missedEstimate = 0, extraEstimate = 0, farthest = 0;
        for (int sy = static_cast<int>(std::floor(ymin)) * kSub; sy <= static_cast<int>(std::ceil(ymax)) * kSub; ++sy)
            for (int sx = static_cast<int>(std::floor(xmin)) * kSub; sx <= static_cast<int>(std::ceil(xmax)) * kSub; ++sx) {
                const glm::dvec2 q{static_cast<double>(sx) / kSub, static_cast<double>(sy) / kSub};
                const bool s = inS(mask, q), inside = inC(c.pieces, q);
                if (s == inside) continue;
                if (mode == ColliderMode::Outer) { ASSERT_FALSE(s) << "solid point (" << q.x << ", " << q.y << ") outside C, " << where; }
                if (mode == ColliderMode::Inner) { ASSERT_FALSE(inside) << "clear point (" << q.x << ", " << q.y << ") inside C, " << where; }
                const double d = s ? distanceToC(c.pieces, q) : distanceToS(mask, q, options.epsilon);
                farthest = std::max(farthest, d);
                ASSERT_LE(d, options.epsilon + 1e-9) << "point (" << q.x << ", " << q.y << ") strays " << d << ", " << where;
            }
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
