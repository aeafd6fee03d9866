#pragma once
// The exact outlines of a mask's solid squares: one outer loop and its holes per 4-connected island.

#include <cstdint>
#include <vector>

#include <glm/vec2.hpp>

#include "core/base/alpha_mask.h"

namespace cl {

/// One 4-connected island of solid pixels, outlined on the pixel lattice.
struct IslandOutline {
    /// The outer boundary, counter-clockwise on screen (y down), corners only (no collinear vertex).
    std::vector<glm::ivec2> outer;
    /// Each hole's boundary, clockwise on screen. A loop may pass twice through a lattice point where
    /// two of its pixels touch only at a corner.
    std::vector<std::vector<glm::ivec2>> holes;
    /// Number of solid pixels of the island.
    std::int64_t pixels = 0;
};

/// Traces every island of `mask`, ordered by its first pixel in row-major order.
std::vector<IslandOutline> traceOutlines(const AlphaMask& mask);

}  // namespace cl
