#include "core/contact/overlap_centroid.h"

#include <algorithm>
#include <array>
#include <cmath>

#include <glm/glm.hpp>

namespace cl {
namespace {

// A convex polygon of at most 12 corners (a parallelogram clipped by four lines).
struct Polygon {
    std::array<glm::dvec2, 12> points{};
    int count = 0;
};

// Keeps the part of `in` where sign * (p[axis] - limit) <= 0.
Polygon clip(const Polygon& in, int axis, double limit, double sign) {
    Polygon out;
    for (int k = 0; k < in.count; ++k) {
        const glm::dvec2 p = in.points[static_cast<std::size_t>(k)];
        const glm::dvec2 q = in.points[static_cast<std::size_t>((k + 1) % in.count)];
        const double dp = sign * (p[axis] - limit), dq = sign * (q[axis] - limit);
        if (dp <= 0.0) out.points[static_cast<std::size_t>(out.count++)] = p;
        if ((dp < 0.0 && dq > 0.0) || (dp > 0.0 && dq < 0.0)) {
            out.points[static_cast<std::size_t>(out.count++)] = p + (q - p) * (dp / (dp - dq));
        }
    }
    return out;
}

// Adds the polygon's area and first moment (area times centroid) by the shoelace formula.
void accumulate(const Polygon& poly, double& area, glm::dvec2& moment) {
    double a = 0.0;
    glm::dvec2 m{0.0, 0.0};
    for (int k = 0; k < poly.count; ++k) {
        const glm::dvec2 p = poly.points[static_cast<std::size_t>(k)];
        const glm::dvec2 q = poly.points[static_cast<std::size_t>((k + 1) % poly.count)];
        const double cross = p.x * q.y - q.x * p.y;
        a += cross;
        m += (p + q) * cross;
    }
    // Orientation does not matter: the signed area and moment flip sign together.
    const double sign = a < 0.0 ? -1.0 : 1.0;
    area += sign * a / 2.0;
    moment += sign * m / 6.0;
}

}  // namespace

std::optional<glm::dvec2> overlapCentroid(const Body& a, const Body& b) {
    const glm::dmat3 worldB = worldMatrix(b.transform);
    const glm::dmat3 aToB = affineInverse(worldB) * worldMatrix(a.transform);
    const IntRect tightB = b.mask->tightBounds();
    double area = 0.0;
    glm::dvec2 moment{0.0, 0.0};
    for (int y = 0; y < a.mask->height(); ++y) {
        for (const SolidSpan& span : a.mask->rowSpans(y)) {
            for (int x = span.x0; x < span.x1; ++x) {
                Polygon square;
                square.count = 4;
                square.points = {transformPoint(aToB, {x, y}), transformPoint(aToB, {x + 1.0, y}),
                                 transformPoint(aToB, {x + 1.0, y + 1.0}), transformPoint(aToB, {x, y + 1.0})};
                glm::dvec2 lo = square.points[0], hi = square.points[0];
                for (int k = 1; k < 4; ++k) {
                    lo = glm::min(lo, square.points[static_cast<std::size_t>(k)]);
                    hi = glm::max(hi, square.points[static_cast<std::size_t>(k)]);
                }
                const int u0 = std::max(tightB.x0, static_cast<int>(std::max(-1.0e9, std::floor(lo.x))));
                const int u1 = std::min(tightB.x1, static_cast<int>(std::min(1.0e9, std::ceil(hi.x))));
                const int v0 = std::max(tightB.y0, static_cast<int>(std::max(-1.0e9, std::floor(lo.y))));
                const int v1 = std::min(tightB.y1, static_cast<int>(std::min(1.0e9, std::ceil(hi.y))));
                for (int v = v0; v < v1; ++v) {
                    for (int u = u0; u < u1; ++u) {
                        if (!b.mask->solid(u, v)) continue;
                        Polygon p = clip(square, 0, u, -1.0);
                        p = clip(p, 0, u + 1.0, 1.0);
                        p = clip(p, 1, v, -1.0);
                        p = clip(p, 1, v + 1.0, 1.0);
                        if (p.count >= 3) accumulate(p, area, moment);
                    }
                }
            }
        }
    }
    if (!(area > 0.0)) return std::nullopt;
    return transformPoint(worldB, moment / area);
}

}  // namespace cl
