#pragma once
// An independent reference for colliders (issue 23), written apart from core/collider/: validity restated
// by turning angles, and each mode's guarantee checked on point samples of the 1/4 px lattice, classified by
// brute force against the solid squares and the pieces. Used by the property test and the fuzz target.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>
#include <vector>

#include "core/base/alpha_mask.h"
#include "core/collider/collider_types.h"

namespace cl::testing {

inline constexpr int kSub = 4;  // lattice samples per pixel side (the pieces' vertices lie on the 1/2 px lattice)

/// Independent validity: vertex count, distinct vertices, every turn with a negative cross product
/// (counter-clockwise on screen, y down) and a total turn of exactly one revolution.
inline std::string referenceProblem(const ColliderPiece& p, int maxVertices) {
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

inline bool inPiece(const ColliderPiece& p, glm::dvec2 q) {
    double x0 = p[0].x, x1 = p[0].x, y0 = p[0].y, y1 = p[0].y;
    for (const glm::dvec2 v : p) x0 = std::min(x0, v.x), x1 = std::max(x1, v.x), y0 = std::min(y0, v.y), y1 = std::max(y1, v.y);
    if (q.x < x0 || q.x > x1 || q.y < y0 || q.y > y1) return false;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const glm::dvec2 a = p[i], b = p[(i + 1) % p.size()];
        if ((b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x) > 0.0) return false;
    }
    return true;
}

inline bool inC(const std::vector<ColliderPiece>& pieces, glm::dvec2 q) {
    return std::any_of(pieces.begin(), pieces.end(), [&](const ColliderPiece& p) { return inPiece(p, q); });
}

inline bool inS(const AlphaMask& m, glm::dvec2 q) {
    const int x = static_cast<int>(std::floor(q.x)), y = static_cast<int>(std::floor(q.y));
    for (int dy = -1; dy <= 0; ++dy)
        for (int dx = -1; dx <= 0; ++dx)
            if (m.solid(x + dx, y + dy) && q.x <= x + dx + 1 && q.y <= y + dy + 1) return true;
    return m.solid(x, y);
}

/// Distance from q to the solid squares, or more than `reach` when none is within it.
inline double distanceToS(const AlphaMask& m, glm::dvec2 q, double reach) {
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

inline double distanceToC(const std::vector<ColliderPiece>& pieces, glm::dvec2 q) {
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

/// The region the samples cover: the mask and every piece, widened to whole pixels.
struct SampleBox {
    int x0, y0, x1, y1;
};
inline SampleBox sampleBox(const AlphaMask& mask, const std::vector<ColliderPiece>& pieces) {
    double xmin = 0, ymin = 0, xmax = mask.width(), ymax = mask.height();
    for (const ColliderPiece& p : pieces)
        for (const glm::dvec2 v : p) xmin = std::min(xmin, v.x), ymin = std::min(ymin, v.y), xmax = std::max(xmax, v.x), ymax = std::max(ymax, v.y);
    return {static_cast<int>(std::floor(xmin)), static_cast<int>(std::floor(ymin)), static_cast<int>(std::ceil(xmax)), static_cast<int>(std::ceil(ymax))};
}

/// "" when every piece is valid and every 1/4 px lattice point keeps the mode's guarantee (outer: solid points
/// in C; inner: points of C solid; all: a point in one set and not the other is within epsilon of the other),
/// else the first problem. `farthest` receives the largest such distance found.
inline std::string referenceGuaranteeProblem(const AlphaMask& mask, const ColliderOptions& options, const std::vector<ColliderPiece>& pieces,
                                             double& farthest) {
    farthest = 0.0;
    for (std::size_t i = 0; i < pieces.size(); ++i)
        if (std::string p = referenceProblem(pieces[i], options.maxVertices); !p.empty()) return "piece " + std::to_string(i) + ": " + p;
    const SampleBox box = sampleBox(mask, pieces);
    for (int sy = box.y0 * kSub; sy <= box.y1 * kSub; ++sy)
        for (int sx = box.x0 * kSub; sx <= box.x1 * kSub; ++sx) {
            const glm::dvec2 q{static_cast<double>(sx) / kSub, static_cast<double>(sy) / kSub};
            const bool s = inS(mask, q), inside = inC(pieces, q);
            if (s == inside) continue;
            char at[64];
            std::snprintf(at, sizeof at, "(%g, %g)", q.x, q.y);
            if (options.mode == ColliderMode::Outer && s) return std::string("solid point ") + at + " outside C";
            if (options.mode == ColliderMode::Inner && inside) return std::string("clear point ") + at + " inside C";
            const double d = s ? distanceToC(pieces, q) : distanceToS(mask, q, options.epsilon);
            farthest = std::max(farthest, d);
            if (d > options.epsilon + 1e-9) return std::string("point ") + at + " strays " + std::to_string(d) + " px";
        }
    return {};
}

}  // namespace cl::testing
