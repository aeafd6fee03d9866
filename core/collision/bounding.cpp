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

BodyBound circleBound(const Body& body) {
    BodyBound bound;
    if (auto circle = boundingCircle(body)) bound.circle = *circle;
    else bound.empty = true;
    return bound;
}

bool circlesMeet(const BodyBound& a, const BodyBound& b) {
    if (a.empty || b.empty) return false;
    const glm::dvec2 d = a.circle.center - b.circle.center;
    const double reach = a.circle.radius + b.circle.radius;
    return d.x * d.x + d.y * d.y < reach * reach;
}

// An image with no solid pixel collides with nothing, whatever its texture rectangle covers.
BodyBound aabbBound(const Body& body) {
    BodyBound bound;
    if (body.mask->solidCount() == 0) bound.empty = true;
    else bound.box = worldAabb(body);
    return bound;
}

BodyBound tightAabbBound(const Body& body) {
    BodyBound bound;
    if (auto box = tightWorldAabb(body)) bound.box = *box;
    else bound.empty = true;
    return bound;
}

bool boxesMeet(const BodyBound& a, const BodyBound& b) { return !a.empty && !b.empty && overlapsPositively(a.box, b.box); }

// Each test is its shapes' answer, so a caller working the shapes out once per body gets the same answer.
CollisionResult circleTest(const Body& a, const Body& b, const TestOptions&) { return boolResult(circlesMeet(circleBound(a), circleBound(b))); }

CollisionResult aabbTest(const Body& a, const Body& b, const TestOptions&) { return boolResult(boxesMeet(aabbBound(a), aabbBound(b))); }

CollisionResult tightAabbTest(const Body& a, const Body& b, const TestOptions&) {
    return boolResult(boxesMeet(tightAabbBound(a), tightAabbBound(b)));
}

static bool eitherEmpty(const Body& a, const Body& b) { return a.mask->solidCount() == 0 || b.mask->solidCount() == 0; }

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
