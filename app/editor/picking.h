#pragma once
// Which sprite is under a world point: solid pixels first, then the oriented box.

#include <optional>

#include <glm/vec2.hpp>

#include "core/base/geometry.h"
#include "core/scene/scene.h"

namespace cl {

/// The sprite's four texture corners (0,0), (w,0), (w,h), (0,h) in world space.
Quad spriteQuad(const SceneSprite& sprite);

/// Texture pixel of `sprite` covering world point `world`, if it lies inside the image.
std::optional<glm::ivec2> pixelUnder(const SceneSprite& sprite, glm::dvec2 world);

/// True when the pixel under `world` exists and is solid (alpha > the sprite's threshold).
bool solidUnder(const SceneSprite& sprite, glm::dvec2 world);

/// The sprite a click at `world` picks, or -1: the topmost (highest index, drawn last) sprite with a
/// solid pixel there; when none has, the topmost whose oriented box contains the point.
/// Transparent pixels of an upper sprite therefore never hide a solid pixel of a lower one.
int pickSprite(const Scene& scene, glm::dvec2 world);

/// World axis-aligned box around every sprite's oriented box; empty (nullopt) without sprites.
std::optional<Rect> spritesBounds(const Scene& scene);

}  // namespace cl
