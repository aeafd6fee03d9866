#include "core/base/bounds.h"

#include <algorithm>
#include <cmath>

#include <glm/glm.hpp>

namespace cl {
namespace {

// Calls visit(corner) for every corner of every solid pixel that can be extreme: the ends of each run.
template <typename Visit>
void forEachSolidRunCorner(const AlphaMask& mask, Visit visit) {
    for (int y = 0; y < mask.height(); ++y) {
        for (const SolidSpan& span : mask.rowSpans(y)) {
            visit(glm::dvec2(span.x0, y));
            visit(glm::dvec2(span.x1, y));
            visit(glm::dvec2(span.x0, y + 1));
            visit(glm::dvec2(span.x1, y + 1));
        }
    }
}

}  // namespace

Quad worldQuad(const Body& body) {
    const glm::dmat3 m = worldMatrix(body.transform);
    const double w = body.mask->width(), h = body.mask->height();
    return {transformPoint(m, {0.0, 0.0}), transformPoint(m, {w, 0.0}), transformPoint(m, {w, h}),
            transformPoint(m, {0.0, h})};
}

Rect worldAabb(const Body& body) {
    const Quad q = worldQuad(body);
    Rect r{q[0], q[0]};
    for (const glm::dvec2& p : q) {
        r.min = glm::min(r.min, p);
        r.max = glm::max(r.max, p);
    }
    return r;
}

std::optional<Rect> tightWorldAabb(const Body& body) {
    if (body.mask->solidCount() == 0) return std::nullopt;
    const glm::dmat3 m = worldMatrix(body.transform);
    // A linear map's extremes over a set of points are reached at the points' own extremes per row run,
    // since every corner inside a run lies on the segment between the run's end corners.
    Rect r{glm::dvec2(INFINITY), glm::dvec2(-INFINITY)};
    forEachSolidRunCorner(*body.mask, [&](glm::dvec2 corner) {
        const glm::dvec2 p = transformPoint(m, corner);
        r.min = glm::min(r.min, p);
        r.max = glm::max(r.max, p);
    });
    return r;
}

std::optional<Circle> boundingCircle(const Body& body) {
    if (body.mask->solidCount() == 0) return std::nullopt;
    const glm::dmat3 m = worldMatrix(body.transform);
    Circle c;
    c.center = transformPoint(m, {body.mask->width() / 2.0, body.mask->height() / 2.0});
    // Distance is convex along a run, so its largest value is at one of the run's end corners.
    double largestSquared = 0.0;
    forEachSolidRunCorner(*body.mask, [&](glm::dvec2 corner) {
        const glm::dvec2 d = transformPoint(m, corner) - c.center;
        largestSquared = std::max(largestSquared, d.x * d.x + d.y * d.y);
    });
    c.radius = std::sqrt(largestSquared);
    return c;
}

}  // namespace cl
