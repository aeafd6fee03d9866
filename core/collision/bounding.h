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
/// `obb`: separating-axis test on the two transformed texture rectangles; hit iff positive overlap.
CollisionResult obbTest(const Body& a, const Body& b, const TestOptions& options);

}  // namespace cl
