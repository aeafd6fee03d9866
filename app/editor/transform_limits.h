#pragma once
// Keeps every edited transform inside the limits core/base/sprite_transform.h validates against.

#include "core/base/sprite_transform.h"

namespace cl {

/// `wanted` made valid: a non-finite field keeps its value from `previous`; |scale| is clamped to
/// [kMinScale, kMaxScale] keeping its sign (a zero scale takes the sign of `previous`); |position| and
/// |origin| coordinates are clamped to kMaxCoordinate. `previous` must itself be valid.
SpriteTransform clampToLimits(const SpriteTransform& wanted, const SpriteTransform& previous);

/// An angle in degrees wrapped into (-180, 180].
double wrapDegrees(double degrees);

}  // namespace cl
