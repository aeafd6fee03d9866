#pragma once
// The area-weighted centroid of the world region where two sprites' solid pixel squares overlap: the
// contact centroid of pixel-exact.

#include <optional>

#include <glm/vec2.hpp>

#include "core/base/collision_result.h"

namespace cl {

/// The centroid of (A's solid squares ∩ B's solid squares) in world coordinates, or empty when that
/// region has no area.
std::optional<glm::dvec2> overlapCentroid(const Body& a, const Body& b);

}  // namespace cl
