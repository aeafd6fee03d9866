#pragma once
// The plain baseline that the corpus table (core/README.md) compares colliders against, as Godot's "Create
// CollisionPolygon2D" does it: each island's outer outline (holes dropped), simplified by Ramer-Douglas-Peucker at
// epsilon 2 px, triangulated by ear clipping and merged into convex pieces by Hertel-Mehlhorn (a diagonal is
// removed while the union stays convex and within max_vertices). Written here, apart from core/collider/.

#include <vector>

#include "core/base/alpha_mask.h"
#include "core/collider/collider_types.h"

namespace cl::bench {

/// The baseline's pieces (counter-clockwise on screen) and how many islands it failed on: an outline that the
/// simplification made self-touching or self-crossing cannot be ear-clipped, and that island gets no pieces
/// (Godot reports "Convex decomposing failed" there).
struct BaselineCollider {
    std::vector<ColliderPiece> pieces;
    int failedIslands = 0;
};

/// The baseline collider of `mask` (RDP tolerance `epsilon`, at most `maxVertices` per piece).
BaselineCollider baselineCollider(const AlphaMask& mask, double epsilon = 2.0, int maxVertices = 8);

}  // namespace cl::bench
