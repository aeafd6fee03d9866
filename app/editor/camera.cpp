#include "app/editor/camera.h"

#include <algorithm>
#include <cmath>

namespace cl {
namespace {

bool finite(glm::dvec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); }

}  // namespace

void Camera::setViewport(const Rect& screenRect) {
    if (!finite(screenRect.min) || !finite(screenRect.max)) return;
    m_viewport = screenRect;
}

void Camera::setCenter(glm::dvec2 world) {
    if (!finite(world)) return;
    m_center = {std::clamp(world.x, -kMaxCenter, kMaxCenter), std::clamp(world.y, -kMaxCenter, kMaxCenter)};
}

void Camera::setZoom(double zoom) {
    if (std::isfinite(zoom)) m_zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
}

glm::dvec2 Camera::worldToScreen(glm::dvec2 world) const {
    const glm::dvec2 viewCenter = (m_viewport.min + m_viewport.max) * 0.5;
    return viewCenter + (world - m_center) * m_zoom;
}

glm::dvec2 Camera::screenToWorld(glm::dvec2 screen) const {
    const glm::dvec2 viewCenter = (m_viewport.min + m_viewport.max) * 0.5;
    return m_center + (screen - viewCenter) / m_zoom;
}

void Camera::panByScreen(glm::dvec2 screenDelta) {
    setCenter(m_center - screenDelta / m_zoom);
}

void Camera::zoomAt(glm::dvec2 screenPoint, double factor) {
    if (!std::isfinite(factor) || factor <= 0.0 || !finite(screenPoint)) return;
    const glm::dvec2 anchor = screenToWorld(screenPoint);
    setZoom(m_zoom * factor);
    // Shift the centre so the anchor lands back under the same screen point at the new zoom.
    const glm::dvec2 viewCenter = (m_viewport.min + m_viewport.max) * 0.5;
    setCenter(anchor - (screenPoint - viewCenter) / m_zoom);
}

void Camera::frame(const Rect& world, double marginPx) {
    if (!finite(world.min) || !finite(world.max)) return;
    setCenter((world.min + world.max) * 0.5);
    const glm::dvec2 size = world.size();
    const glm::dvec2 room = m_viewport.size() - 2.0 * glm::dvec2(marginPx, marginPx);
    if (size.x <= 0.0 || size.y <= 0.0 || room.x <= 0.0 || room.y <= 0.0) return;
    setZoom(std::min(room.x / size.x, room.y / size.y));
}

}  // namespace cl
