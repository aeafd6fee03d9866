#pragma once
// The error certificate of a collider against a mask's solid squares (issue 23).

#include <vector>

#include <glm/vec2.hpp>

#include "core/base/alpha_mask.h"
#include "core/collider/collider_types.h"

namespace cl {

/// Compares the union C of `pieces` (convex, counter-clockwise on screen; overlaps allowed) with the shape
/// S of `mask`. Areas are integrated exactly between the events where edges cross (exact up to double
/// rounding, and values within 1e-9 of 0 are reported as 0); pixel centres on C's boundary count as inside;
/// hausdorff is found by branch and bound to within kHausdorffTolerance. `dropped` is left empty.
ColliderCertificate certifyCollider(const AlphaMask& mask, const std::vector<ColliderPiece>& pieces);

/// Which pixels certifyCollider counts in missed_pixels and extra_pixels, by the same rule.
struct ColliderPixelErrors {
    std::vector<glm::ivec2> missed;  ///< solid pixels whose centre is outside C, row by row
    std::vector<glm::ivec2> extra;   ///< non-solid pixels (inside the texture or not) whose centre is in C, row by row
};

/// The pixels behind the certificate's missed_pixels and extra_pixels (the sizes of the lists equal them).
ColliderPixelErrors colliderPixelErrors(const AlphaMask& mask, const std::vector<ColliderPiece>& pieces);

}  // namespace cl
