#pragma once
// What the local view says the drawn test counted: samples, world pixels or an area, as its traits say.

#include <string>

#include "core/collision/algorithms.h"
#include "core/base/collision_result.h"

namespace cl {

/// The local view's line about `result`, the full listed run of `algorithm`: "pixel-fast: 52 overlapping
/// samples", "pixel-world: 342 overlapping world pixels", or for a test that reports an area "pixel-exact:
/// overlap area 37.38 world pixels\nshared by 176 pixel pairs (41 of A's pixels marked)" (two short lines).
std::string overlapCountText(const Algorithm& algorithm, const CollisionResult& result);

}  // namespace cl
