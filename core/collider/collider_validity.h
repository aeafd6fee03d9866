#pragma once
// The rules every exported collider must pass (issue 23): an invalid collider is a bug, never an output.

#include <string>
#include <vector>

#include "core/collider/collider_types.h"

namespace cl {

/// Options that makeCollider accepts: "" when valid, else a message naming the option
/// (max_vertices outside 3..64, epsilon not a finite number > 0).
std::string colliderOptionsProblem(const ColliderOptions& options);

/// "" when every piece is valid, else the first problem ("piece 2: ..."). A piece is valid when it has
/// 3..maxVertices finite vertices, no repeated vertex, is strictly convex and counter-clockwise on screen
/// (y down; so no three consecutive vertices are collinear) and has area >= 1e-6 px^2.
std::string colliderProblem(const std::vector<ColliderPiece>& pieces, int maxVertices);

}  // namespace cl
