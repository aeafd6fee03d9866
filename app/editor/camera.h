#pragma once
// Camera: maps world units to screen pixels for the world view (pan and zoom, no rotation).

#include <glm/vec2.hpp>

#include "core/base/geometry.h"

namespace cl {

/// World <-> screen mapping: screen = viewport centre + (world - centre) * zoom; y points down in both.
class Camera {
public:
    /// Smallest and largest zoom (screen pixels per world unit).
    static constexpr double kMinZoom = 1.0 / 64.0;
    static constexpr double kMaxZoom = 256.0;
    /// Largest |coordinate| of the centre: ten times the farthest a sprite's pivot may be (kMaxCoordinate),
    /// so a pan or zoom with absurd input cannot lose the view at 1e300 where doubles run out.
    static constexpr double kMaxCenter = 1.0e8;

    /// An 800x600 viewport at the window's top-left, world origin at its centre, zoom 1.
    Camera() = default;

    /// The screen rectangle (window pixels) the world view occupies; the world centre stays centred.
    void setViewport(const Rect& screenRect);
    /// The screen rectangle of the world view.
    const Rect& viewport() const { return m_viewport; }

    /// World point shown at the viewport's centre.
    glm::dvec2 center() const { return m_center; }
    /// Shows `world` at the viewport's centre (non-finite input is ignored; coordinates are clamped to
    /// [-kMaxCenter, kMaxCenter]).
    void setCenter(glm::dvec2 world);
    /// Screen pixels per world unit.
    double zoom() const { return m_zoom; }
    /// Sets the zoom, clamped to [kMinZoom, kMaxZoom], keeping the centre.
    void setZoom(double zoom);

    /// Screen position of a world point.
    glm::dvec2 worldToScreen(glm::dvec2 world) const;
    /// World point under a screen position.
    glm::dvec2 screenToWorld(glm::dvec2 screen) const;
    /// Screen length of a world length.
    double worldToScreenLength(double world) const { return world * m_zoom; }

    /// Moves the view so the content follows the cursor by `screenDelta` pixels.
    void panByScreen(glm::dvec2 screenDelta);
    /// Multiplies the zoom by `factor` (clamped) keeping the world point under `screenPoint` fixed.
    void zoomAt(glm::dvec2 screenPoint, double factor);
    /// Centres `world` and zooms (clamped) so it fits the viewport with `marginPx` pixels on every side.
    /// An empty or degenerate rectangle is centred without changing the zoom.
    void frame(const Rect& world, double marginPx = 40.0);

private:
    Rect m_viewport{{0.0, 0.0}, {800.0, 600.0}};
    glm::dvec2 m_center{0.0, 0.0};
    double m_zoom = 1.0;
};

}  // namespace cl
