#include "app/editor/view_framing.h"

#include <algorithm>
#include <cmath>

namespace cl {

std::optional<Framing> frameContent(const Rect& content, const Rect& view, const Insets& reserved, double minZoom,
                                    double maxZoom) {
    const glm::dvec2 size = content.size();
    if (!std::isfinite(size.x) || !std::isfinite(size.y) || size.x <= 0.0 || size.y <= 0.0) return std::nullopt;
    const Rect inner{view.min + glm::dvec2(reserved.left, reserved.top), view.max - glm::dvec2(reserved.right, reserved.bottom)};
    const glm::dvec2 room = inner.size();
    if (room.x <= 0.0 || room.y <= 0.0) return std::nullopt;
    Framing f;
    f.zoom = std::clamp(std::min(room.x / size.x, room.y / size.y), minZoom, maxZoom);
    // The camera centres the view's middle; shift it so the content's middle lands on the inner rectangle's.
    const glm::dvec2 innerMiddle = (inner.min + inner.max) * 0.5;
    const glm::dvec2 viewMiddle = (view.min + view.max) * 0.5;
    f.center = (content.min + content.max) * 0.5 - (innerMiddle - viewMiddle) / f.zoom;
    return f;
}

glm::dvec2 labelInside(glm::dvec2 at, glm::dvec2 size, const Rect& clip) {
    const bool away = at.x + size.x < clip.min.x || at.x > clip.max.x || at.y + size.y < clip.min.y || at.y > clip.max.y;
    if (away) return at;
    // The right and bottom edges first, then the left and top win when the label is wider than the view.
    glm::dvec2 p = at;
    p.x = std::max(std::min(p.x, clip.max.x - size.x), clip.min.x);
    p.y = std::max(std::min(p.y, clip.max.y - size.y), clip.min.y);
    return p;
}

glm::dvec2 labelBeyondTip(glm::dvec2 tip, glm::dvec2 direction, glm::dvec2 size, double gap) {
    const double length = std::hypot(direction.x, direction.y);
    const glm::dvec2 u = length > 0.0 ? direction / length : glm::dvec2(1.0, 0.0);
    // The box's point nearest the tip sits `gap` beyond it: a box centred on the ray, moved out until it clears
    // the tip by gap along the ray (the larger of the two half-extents it must pass).
    const glm::dvec2 half = size * 0.5;
    const double along = std::min(std::abs(u.x) > 1e-9 ? half.x / std::abs(u.x) : 1e300, std::abs(u.y) > 1e-9 ? half.y / std::abs(u.y) : 1e300);
    return tip + u * (along + gap) - half;
}

glm::dvec2 labelClearOf(glm::dvec2 at, glm::dvec2 size, const Rect& clip, std::span<const Rect> taken) {
    auto freeAt = [&](glm::dvec2 p) {
        for (const Rect& r : taken)
            if (p.x < r.max.x && r.min.x < p.x + size.x && p.y < r.max.y && r.min.y < p.y + size.y) return false;
        return true;
    };
    auto inside = [&](glm::dvec2 p) { return p.y >= clip.min.y && p.y + size.y <= clip.max.y; };
    const glm::dvec2 first = labelInside(at, size, clip);
    if (freeAt(first) || !inside(first)) return first;  // a label whose sprite is off screen stays put
    const double line = size.y + 2.0;
    constexpr int kMaxLines = 6;
    for (int k = 1; k <= kMaxLines; ++k) {
        for (const double sign : {1.0, -1.0}) {
            const glm::dvec2 p = first + glm::dvec2(0.0, sign * k * line);
            if (inside(p) && freeAt(p)) return p;
        }
    }
    return first;
}

}  // namespace cl
