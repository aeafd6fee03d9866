#pragma once
// Drawing helpers shared by the world view and the local-space view: matrix and colour conversions,
// clipping a view to its screen rectangle, and ImGui draw-list shapes (arrows, crosshairs, labels).

#include <cstdint>
#include <span>
#include <string>

#include <SFML/Graphics/Color.hpp>
#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Graphics/Texture.hpp>
#include <SFML/Graphics/Transform.hpp>
#include <glm/mat3x3.hpp>
#include <glm/vec2.hpp>
#include <imgui.h>

#include "core/base/geometry.h"

namespace cl {

/// An affine GLM matrix (column vectors) as an sf::Transform.
sf::Transform toSfTransform(const glm::dmat3& m);

/// The matrix that maps world units to window pixels: screen = offset + world * zoom.
glm::dmat3 screenFromWorld(glm::dvec2 offset, double zoom);

/// The handle ImGui draws `texture` with (its OpenGL name).
inline ImTextureID textureId(const sf::Texture* texture) {
    return reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(texture->getNativeHandle()));
}

/// 0xRRGGBBAA as an sf::Color.
sf::Color toSfColor(std::uint32_t rgba);
/// 0xRRGGBBAA as ImGui's packed colour.
ImU32 toImColor(std::uint32_t rgba);
/// The same colour with its alpha replaced.
std::uint32_t withAlpha(std::uint32_t rgba, std::uint8_t alpha);

/// Points the target's view at `screenRect` so that drawing in window pixels is clipped to it.
void clipTo(sf::RenderTarget& target, const Rect& screenRect);

/// ImVec2 from a GLM vector.
inline ImVec2 toIm(glm::dvec2 v) { return ImVec2(static_cast<float>(v.x), static_cast<float>(v.y)); }

/// An arrow from `from` to `to` with a head of `headPx` pixels.
void drawArrow(ImDrawList* list, glm::dvec2 from, glm::dvec2 to, ImU32 colour, float thickness = 2.0f, float headPx = 9.0f);
/// A crosshair of arm length `armPx` with a small ring.
void drawCrosshair(ImDrawList* list, glm::dvec2 at, ImU32 colour, float armPx = 14.0f);
/// Text with a dark outline so it reads on any background; kept inside the view and clear of the labels
/// drawn before it this frame.
void drawLabel(ImDrawList* list, glm::dvec2 at, ImU32 colour, const char* text);
/// The first of `texts` (longest first) that fits between `at` and the right edge of the view, drawn as
/// drawLabel() draws; the last one when none fits.
void drawFittingLabel(ImDrawList* list, glm::dvec2 at, ImU32 colour, std::span<const std::string> texts);
/// The scan's step vectors drawn from `from` (a point in B's pixels) with `toScreen` (B's pixels to the
/// screen): stretched to stay readable when the view is zoomed out, labelled with their true values.
void drawStepVectors(ImDrawList* list, const glm::dmat3& toScreen, double zoom, glm::dvec2 from, glm::dvec2 stepX, glm::dvec2 stepY);
/// A closed polygon outline through `count` screen points.
void drawPolyline(ImDrawList* list, const glm::dvec2* points, int count, ImU32 colour, float thickness = 1.5f);

}  // namespace cl
