#include "app/editor/picking.h"

#include <algorithm>
#include <cmath>

#include <glm/common.hpp>

#include "core/base/sprite_transform.h"

namespace cl {

Quad spriteQuad(const SceneSprite& sprite) {
    const glm::dmat3 m = worldMatrix(sprite.transform);
    const double w = sprite.pixels ? sprite.pixels->width : 0.0;
    const double h = sprite.pixels ? sprite.pixels->height : 0.0;
    return {transformPoint(m, {0.0, 0.0}), transformPoint(m, {w, 0.0}), transformPoint(m, {w, h}),
            transformPoint(m, {0.0, h})};
}

std::optional<glm::ivec2> pixelUnder(const SceneSprite& sprite, glm::dvec2 world) {
    if (!sprite.pixels) return std::nullopt;
    const glm::dvec2 local = transformPoint(affineInverse(worldMatrix(sprite.transform)), world);
    if (!std::isfinite(local.x) || !std::isfinite(local.y)) return std::nullopt;
    const double x = std::floor(local.x);
    const double y = std::floor(local.y);
    if (x < 0.0 || y < 0.0 || x >= sprite.pixels->width || y >= sprite.pixels->height) return std::nullopt;
    return glm::ivec2(static_cast<int>(x), static_cast<int>(y));
}

bool solidUnder(const SceneSprite& sprite, glm::dvec2 world) {
    const std::optional<glm::ivec2> p = pixelUnder(sprite, world);
    return p && sprite.pixels->alpha(p->x, p->y) > sprite.alphaThreshold;
}

int pickSprite(const Scene& scene, glm::dvec2 world) {
    const int count = static_cast<int>(scene.sprites.size());
    for (int i = count - 1; i >= 0; --i) {
        if (solidUnder(scene.sprites[i], world)) return i;
    }
    for (int i = count - 1; i >= 0; --i) {
        if (pixelUnder(scene.sprites[i], world)) return i;
    }
    return -1;
}

std::optional<Rect> spritesBounds(const Scene& scene) {
    std::optional<Rect> bounds;
    for (const SceneSprite& sprite : scene.sprites) {
        for (const glm::dvec2& corner : spriteQuad(sprite)) {
            if (!bounds) {
                bounds = Rect{corner, corner};
            } else {
                bounds->min = glm::min(bounds->min, corner);
                bounds->max = glm::max(bounds->max, corner);
            }
        }
    }
    return bounds;
}

}  // namespace cl
