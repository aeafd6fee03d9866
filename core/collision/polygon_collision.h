#pragma once
// The `polygon` test: each sprite's collider (core/collider/) under its world matrix, piece against piece.

#include <memory>
#include <vector>

#include "core/base/collision_result.h"

namespace cl {

/// The collider of `mask` under `options` (buildColliderPieces), built on first use and kept with the mask.
/// `options` must pass colliderOptionsProblem (std::invalid_argument otherwise).
std::shared_ptr<const ConvexPieces> cachedColliderPieces(const AlphaMask& mask, const ColliderOptions& options);

/// Each body's collider (its Body::collider settings) mapped by its world matrix; a hit when a piece of A and a
/// piece of B overlap with positive area, decided by the separating-axis theorem on their edge normals (as
/// `obb` does for the texture rectangles). `samples` counts the piece pairs tested up to the answer
/// (the first overlapping pair ends the test in either mode); `overlap` stays 0. Not
/// applicable, with the option's name, when a body's collider settings are out of range. With
/// TestOptions::listHits (full mode) a hit also lists colliderPixelPairs(a, b) in `hits`.
CollisionResult polygonTest(const Body& a, const Body& b, const TestOptions& options);

/// The (A pixel, B pixel) pairs that `pixel-exact` would list if each sprite's solid squares were replaced by its
/// collider region C: every pair of pixel squares p of A and q of B (solid or not, inside the texture or not)
/// such that p ∩ q ∩ C_A ∩ C_B has an area above 1e-9 of a pixel of B (what is left of rounding slivers at a side
/// is not overlap); `world` is the centre of A's pixel, as pixel-exact's.
/// Sorted by (A row, A column, B row, B column), each pair once. Against pixel-exact's list, a pair only here is
/// overlap the colliders add, a pair only there is overlap they miss: none only there with outer colliders, none
/// only here with inner ones. Empty when a collider setting is out of range or a sprite has no solid pixel.
std::vector<PixelHit> colliderPixelPairs(const Body& a, const Body& b);

}  // namespace cl
