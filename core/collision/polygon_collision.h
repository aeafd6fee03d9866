#pragma once
// The `polygon` test: each sprite's collider (core/collider/) under its world matrix, piece against piece.

#include <memory>

#include "core/base/collision_result.h"

namespace cl {

/// The collider of `mask` under `options` (buildColliderPieces), built on first use and kept with the mask.
/// `options` must pass colliderOptionsProblem (std::invalid_argument otherwise).
std::shared_ptr<const ConvexPieces> cachedColliderPieces(const AlphaMask& mask, const ColliderOptions& options);

/// Each body's collider (its Body::collider settings) mapped by its world matrix; a hit when a piece of A and a
/// piece of B overlap with positive area, decided by the separating-axis theorem on their edge normals (as
/// `obb` does for the texture rectangles). `samples` counts the piece pairs tested up to the answer
/// (the first overlapping pair ends the test in either mode); `overlap` stays 0. Not
/// applicable, with the option's name, when a body's collider settings are out of range.
CollisionResult polygonTest(const Body& a, const Body& b, const TestOptions& options);

}  // namespace cl
