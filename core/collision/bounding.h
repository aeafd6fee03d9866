#pragma once
// The cheap tests: bounding circles and boxes. Each answers hit or no hit; touching is no hit, and a
// sprite with no solid pixel hits nothing.

#include "core/base/collision_result.h"

namespace cl {

/// `circle`: hit iff the distance between the bounding circles' centres < rA + rB.
CollisionResult circleTest(const Body& a, const Body& b, const TestOptions& options);
/// `aabb`: hit iff the world boxes of the transformed texture corners overlap with positive area.
CollisionResult aabbTest(const Body& a, const Body& b, const TestOptions& options);
/// `tight-aabb`: hit iff the world boxes of the solid pixels' corners overlap with positive area.
CollisionResult tightAabbTest(const Body& a, const Body& b, const TestOptions& options);
/// `circle`'s shape of one body: its bounding circle (empty with no solid pixel).
BodyBound circleBound(const Body& body);
/// `aabb`'s shape of one body: the world box of its texture corners (empty with no solid pixel).
BodyBound aabbBound(const Body& body);
/// `tight-aabb`'s shape of one body: the world box of its solid pixels' corners (empty with none).
BodyBound tightAabbBound(const Body& body);
/// `circle`'s answer from two shapes: circleTest(a, b).hit is circlesMeet(circleBound(a), circleBound(b)).
bool circlesMeet(const BodyBound& a, const BodyBound& b);
/// `aabb`'s and `tight-aabb`'s answer from two shapes: neither empty and the boxes overlap with positive area.
bool boxesMeet(const BodyBound& a, const BodyBound& b);
/// `obb`: separating-axis test on the two transformed texture rectangles; hit iff positive overlap.
CollisionResult obbTest(const Body& a, const Body& b, const TestOptions& options);

}  // namespace cl
