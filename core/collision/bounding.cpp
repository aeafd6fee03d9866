#include "core/collision/bounding.h"

#include <algorithm>
#include <limits>

#include "core/base/bounds.h"

namespace cl {
namespace {

CollisionResult boolResult(bool hit) {
    CollisionResult r;
    r.hit = hit;
    r.samples = 1;
    return r;
}

// Projects a quad onto an axis and returns [min, max].
glm::dvec2 project(const Quad& q, glm::dvec2 axis) {
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const glm::dvec2& p : q) {
        const double d = p.x * axis.x + p.y * axis.y;
        lo = std::min(lo, d);
        hi = std::max(hi, d);
    }
    return {lo, hi};
}

}  // namespace

CollisionResult circleTest(const Body& a, const Body& b, const TestOptions&) {
    const auto ca = boundingCircle(a), cb = boundingCircle(b);
    if (!ca || !cb) return boolResult(false);
    const glm::dvec2 d = ca->center - cb->center;
    const double reach = ca->radius + cb->radius;
    return boolResult(d.x * d.x + d.y * d.y < reach * reach);
}

// An image with no solid pixel collides with nothing, whatever its texture rectangle covers.
static bool eitherEmpty(const Body& a, const Body& b) { return a.mask->solidCount() == 0 || b.mask->solidCount() == 0; }

CollisionResult aabbTest(const Body& a, const Body& b, const TestOptions&) {
    if (eitherEmpty(a, b)) return boolResult(false);
    return boolResult(overlapsPositively(worldAabb(a), worldAabb(b)));
}

CollisionResult tightAabbTest(const Body& a, const Body& b, const TestOptions&) {
    const auto ra = tightWorldAabb(a), rb = tightWorldAabb(b);
    return boolResult(ra && rb && overlapsPositively(*ra, *rb));
}

CollisionResult obbTest(const Body& a, const Body& b, const TestOptions&) {
    if (eitherEmpty(a, b)) return boolResult(false);
    const Quad qa = worldQuad(a), qb = worldQuad(b);
    // The candidate separating axes are the edge normals of both rectangles; an edge direction works
    // as well as its normal for rectangles, whose edges are perpendicular.
    for (const Quad* q : {&qa, &qb}) {
        for (int i = 0; i < 2; ++i) {
            const glm::dvec2 axis = (*q)[i + 1] - (*q)[i];
            const glm::dvec2 pa = project(qa, axis), pb = project(qb, axis);
            if (!(pa.x < pb.y && pb.x < pa.y)) return boolResult(false);
        }
    }
    return boolResult(true);
}

}  // namespace cl
