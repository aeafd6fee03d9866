#pragma once
// Colliders from alpha (issue 23): a mask's solid squares as convex pieces under a mode's guarantee,
// with the certificate of how far they stray from the pixels.

#include <vector>

#include "core/base/alpha_mask.h"
#include "core/collider/collider_types.h"

namespace cl {

/// The pieces of the collider of `mask` under `options` (which colliderOptionsProblem must accept; throws
/// std::invalid_argument with its message otherwise). Every piece passes colliderProblem; outer pieces
/// contain every solid square, inner pieces lie inside them, and the Hausdorff distance the mode bounds is
/// at most epsilon. An empty mask gives no pieces.
std::vector<ColliderPiece> buildColliderPieces(const AlphaMask& mask, const ColliderOptions& options);

/// buildColliderPieces and certifyCollider in one call.
Collider makeCollider(const AlphaMask& mask, const ColliderOptions& options);

}  // namespace cl
