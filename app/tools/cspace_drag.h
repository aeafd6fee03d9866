#pragma once
// A drag in the C-space map as document edits: each frame of the drag moves A to the cell under the
// mouse, inside one gesture, so the whole drag is one undo step.

#include <string_view>

#include <glm/vec2.hpp>

#include "app/editor/document.h"

namespace cl {

/// Sets sprite `sprite`'s position to the map cell's position (base + cell step) when it differs; returns
/// true when it changed. Nothing else of the transform changes.
bool moveToCell(Document& doc, int sprite, glm::dvec2 base, glm::ivec2 cell, double step);

}  // namespace cl
