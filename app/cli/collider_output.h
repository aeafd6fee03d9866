#pragma once
// What `collision-lab collider` writes for a list of frames' colliders, in each of its formats: the one place
// that turns colliders into the CLI's table, its JSON schema or an engine's code, used by the command and by
// the sandbox's Collider tool (Export...), so both write the same bytes for the same collider.

#include <string>
#include <utility>
#include <vector>

#include <glm/vec2.hpp>
#include <nlohmann/json.hpp>

#include "core/base/collider_options.h"
#include "core/collider/collider_types.h"

namespace cl {

/// One frame's collider and what it was made from.
struct ColliderFrame {
    std::string name;
    int width = 0;
    int height = 0;
    int threshold = 0;
    ColliderOptions options;
    glm::dvec2 origin{0.0, 0.0};  ///< The engine body's origin in texture pixels (a sprite's pivot, else the centre).
    Collider collider;
    /// --union / --intersection: the combined collider's certificate against each frame it was made from.
    std::vector<std::pair<std::string, ColliderCertificate>> perFrame = {};
};

/// The certificate as the JSON format writes it: missed_area, extra_area, missed_pixels, extra_pixels, iou,
/// hausdorff (null when infinite) and dropped ([{"at": [x, y], "area": a}, ...]).
nlohmann::ordered_json colliderCertificateJson(const ColliderCertificate& certificate);

/// The formats the collider command writes: "table", "json", "box2d", "godot" (Godot 4), "godot3", "phaser".
const std::vector<std::string>& colliderFormats();

/// The file name ending for `format` (one of colliderFormats()): ".collider.json", ".collider.h", ".tscn", ...
std::string colliderFormatExtension(const std::string& format);

/// The output for `frames` in `format`, or why there is none (nothing of it may be written then).
struct ColliderOutput {
    std::string text;
    std::string error;  ///< Empty on success; else "NAME: ..." naming the frame.
    bool bug = false;   ///< The error is an invalid collider (a bug in core/collider), not the input's fault.
    bool ok() const { return error.empty(); }
};

/// Checks every collider with colliderProblem (an invalid collider is a bug, never an output), then writes
/// `frames` in `format` (one of colliderFormats()); `source` names the input in box2d's header comment, and its
/// file stem names a Godot body of several colliders (one collider names the body itself).
ColliderOutput colliderOutput(const std::vector<ColliderFrame>& frames, const std::string& format, const std::string& source);

}  // namespace cl
