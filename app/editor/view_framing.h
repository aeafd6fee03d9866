#pragma once
// Framing a view to its content as a pure function: the content's bounds (world units), the view's screen
// rectangle and the pixels reserved on each side (margins, labels drawn beside the content, anything
// overlaying the view) give the camera's centre and zoom.

#include <optional>
#include <span>

#include <glm/vec2.hpp>

#include "core/base/geometry.h"

namespace cl {

/// Screen pixels kept free on each side of a view.
struct Insets {
    double left = 0.0;
    double top = 0.0;
    double right = 0.0;
    double bottom = 0.0;
};

/// A camera placement: the world point at the view's centre and the zoom (screen pixels per world unit).
struct Framing {
    glm::dvec2 center{0.0, 0.0};
    double zoom = 1.0;
};

/// The largest zoom (within [minZoom, maxZoom]) at which `content` fits the view minus `reserved`, centred in
/// that inner rectangle. Nullopt when the content is empty or not finite, or the inner rectangle has no room.
std::optional<Framing> frameContent(const Rect& content, const Rect& view, const Insets& reserved,
                                    double minZoom = 1.0 / 64.0, double maxZoom = 256.0);

/// Where to draw a label of `size` pixels anchored at `at` so it stays inside `clip`: moved in when it
/// would cross an edge, left where it is when it lies wholly outside (the thing it names is off screen).
glm::dvec2 labelInside(glm::dvec2 at, glm::dvec2 size, const Rect& clip);

/// Where a label of `size` pixels goes beside an arrow ending at `tip` and pointing along `direction` (screen
/// pixels): beyond the tip by `gap`, on the side the arrow points to (left of the tip for an arrow pointing
/// left, above it for one pointing up), so the text never lies on its own arrow. A zero direction puts it right
/// of the tip.
glm::dvec2 labelBeyondTip(glm::dvec2 tip, glm::dvec2 direction, glm::dvec2 size, double gap);

/// Where to draw that label so it also covers none of the labels `taken` (already drawn this frame): its
/// place from labelInside() when that is free, else the nearest free place one or more text lines below
/// or above it (below first), else its place from labelInside() after all.
glm::dvec2 labelClearOf(glm::dvec2 at, glm::dvec2 size, const Rect& clip, std::span<const Rect> taken);

}  // namespace cl
