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

/// One frame's collider as an engine's file holds it.
struct ExportFrame {
    std::string name;                   ///< the frame's name (a sprite's name, "sprite/frame", an atlas frame's name)
    std::vector<ColliderPiece> pieces;  ///< in texture pixels (y down), as makeCollider returns them
    glm::dvec2 origin{0.0, 0.0};        ///< the body's origin in texture pixels (the sprite's pivot or the frame's centre)
    int maxVertices = 8;                ///< the limit the pieces were made under (colliderProblem checks it)
};

/// A text file for an engine, or why there is none.
struct TextExport {
    std::string text;   ///< the whole file
    std::string error;  ///< Empty on success.
    bool ok() const { return error.empty(); }
};

/// Which text format of Godot's scenes (.tscn) to write.
enum class GodotVersion {
    Godot3,  ///< `[gd_scene format=2]`, PoolVector2Array (Godot 3.x)
    Godot4,  ///< `[gd_scene format=3]`, PackedVector2Array (Godot 4.x)
};

/// A Godot scene: a StaticBody2D named `bodyName` whose children are one CollisionPolygon2D (build_mode solid)
/// per piece, in pixels around each frame's origin (y down, as Godot's). One frame: children "piece_K". More:
/// "<frame>_piece_K" (characters Godot refuses in node names written as '_'), and only the first frame's
/// polygons enabled (the others `disabled = true`: a script turns on the shown frame's). Refused: an invalid
/// collider, an origin that is not finite.
TextExport exportGodot(const std::vector<ExportFrame>& frames, const std::string& bodyName, GodotVersion version);

/// The PhysicsEditor JSON that Phaser 3's PhysicsEditorParser reads (`this.matter.add.sprite(x, y, key, frame,
/// {shape: data[name]})`): one body per frame, keyed by its name, `"type": "fromPhysicsEditor"`, one fixture
/// whose `vertices` holds every piece as [{x, y}, ...] in texture pixels (y down; origin ignored: Phaser places
/// the body by its centre of mass). Refused: an invalid collider, two frames of the same name.
TextExport exportPhaser(const std::vector<ExportFrame>& frames);

/// The pieces for Box2D as plain data and as code; `name` names the generated functions (letters, digits, '_'
/// kept, anything else written as '_'). Refused: an invalid collider, a piece of more than 8 vertices, a
/// placement that is not finite or a pixelsPerMeter <= 0.
Box2dExport exportBox2d(const std::vector<ColliderPiece>& pieces, int maxVertices, const std::string& name,
                        const ExportPlacement& placement = {});

}  // namespace cl
