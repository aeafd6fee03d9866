#pragma once
// The shapes the cheap tests compare: transformed corners, boxes and circles of a placed mask.

#include <optional>

#include "core/base/collision_result.h"
#include "core/base/geometry.h"

namespace cl {

/// The four texture corners (0,0), (w,0), (w,h), (0,h) in world space: the oriented box (OBB).
Quad worldQuad(const Body& body);

/// World axis-aligned box of the four transformed texture corners (exact, not truncated).
Rect worldAabb(const Body& body);

/// World axis-aligned box of every corner of every solid pixel: the box cropped to the opaque pixels.
/// Empty when the mask has no solid pixel.
std::optional<Rect> tightWorldAabb(const Body& body);

/// Circle centred on the world position of the texture centre (w/2, h/2) whose radius is the largest
/// world distance from that centre to a corner of a solid pixel. Empty when the mask has no solid pixel.
std::optional<Circle> boundingCircle(const Body& body);

}  // namespace cl
