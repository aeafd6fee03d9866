#pragma once
// Small value types shared by the bounds, the tests and the app's overlays.

#include <algorithm>
#include <array>
#include <glm/vec2.hpp>

namespace cl {

/// Axis-aligned rectangle of integer pixel indices, half-open: [x0, x1) x [y0, y1).
struct IntRect {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    /// True when the rectangle holds no pixel.
    bool empty() const { return x1 <= x0 || y1 <= y0; }
    int width() const { return x1 - x0; }
    int height() const { return y1 - y0; }
    bool operator==(const IntRect&) const = default;
};

/// Axis-aligned rectangle in world (or local) units, closed: [min, max].
struct Rect {
    glm::dvec2 min{0.0, 0.0};
    glm::dvec2 max{0.0, 0.0};
    /// Width and height (never negative for a rectangle built by this library).
    glm::dvec2 size() const { return max - min; }
    bool operator==(const Rect&) const = default;
};

/// True when the two rectangles share a region of non-zero area (touching is no overlap).
inline bool overlapsPositively(const Rect& a, const Rect& b) {
    return std::min(a.max.x, b.max.x) > std::max(a.min.x, b.min.x) &&
           std::min(a.max.y, b.max.y) > std::max(a.min.y, b.min.y);
}

/// The shared region of two rectangles; its size is negative on an axis where they do not meet.
inline Rect intersection(const Rect& a, const Rect& b) {
    return Rect{{std::max(a.min.x, b.min.x), std::max(a.min.y, b.min.y)},
                {std::min(a.max.x, b.max.x), std::min(a.max.y, b.max.y)}};
}

/// Circle in world units.
struct Circle {
    glm::dvec2 center{0.0, 0.0};
    double radius = 0.0;
};

/// Four corners of a transformed rectangle, in the order (0,0), (w,0), (w,h), (0,h) of the source.
using Quad = std::array<glm::dvec2, 4>;

}  // namespace cl
