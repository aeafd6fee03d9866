#pragma once
// Colliders written for game engines (issue 23): every exporter runs colliderProblem first (an invalid collider
// is a bug, never an output) and then the engine's own limits.

#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "core/collider/collider_types.h"

namespace cl {

/// Where the engine's body sits and how big a pixel is.
struct ExportPlacement {
    glm::dvec2 origin{0.0, 0.0};   ///< The body's origin in texture pixels (e.g. the sprite's pivot).
    double pixelsPerMeter = 32.0;  ///< Box2D works in metres; > 0 and finite.
};

/// Box2D 2.4's and v3's most vertices per polygon.
inline constexpr int kBox2dMaxVertices = 8;

/// A Box2D export, or why there is none.
struct Box2dExport {
    /// Each piece in metres, Box2D's axes (y up): ((x - origin.x) / ppm, -(y - origin.y) / ppm), counter-clockwise.
    std::vector<std::vector<glm::dvec2>> pieces;
    std::string code;   ///< C++ for Box2D 2.4 (b2PolygonShape::Set) and v3 (b2MakePolygon), one function each.
    std::string error;  ///< Empty on success.
    bool ok() const { return error.empty(); }
};

/// The pieces for Box2D as plain data and as code; `name` names the generated functions (letters, digits, '_'
/// kept, anything else written as '_'). Refused: an invalid collider, a piece of more than 8 vertices, a
/// placement that is not finite or a pixelsPerMeter <= 0.
Box2dExport exportBox2d(const std::vector<ColliderPiece>& pieces, int maxVertices, const std::string& name,
                        const ExportPlacement& placement = {});

}  // namespace cl
