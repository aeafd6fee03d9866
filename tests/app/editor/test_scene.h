#pragma once
// Scenes built in code for the editor tests: sprites with pixels made here, no files.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "core/scene/scene.h"

namespace cl::test {

/// A w x h image whose alpha at (x, y) is alphaAt(x, y); colour is white.
inline std::shared_ptr<const RgbaImage> makeImage(int w, int h, const std::function<std::uint8_t(int, int)>& alphaAt) {
    auto image = std::make_shared<RgbaImage>();
    image->width = w;
    image->height = h;
    image->pixels.assign(static_cast<std::size_t>(w) * h * 4, 255);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) image->pixels[(static_cast<std::size_t>(y) * w + x) * 4 + 3] = alphaAt(x, y);
    }
    return image;
}

/// A fully opaque w x h image.
inline std::shared_ptr<const RgbaImage> solidImage(int w, int h) {
    return makeImage(w, h, [](int, int) { return std::uint8_t{255}; });
}

/// A sprite named `name` showing `pixels` at `position` with pivot `origin`.
inline SceneSprite makeSprite(const std::string& name, std::shared_ptr<const RgbaImage> pixels, glm::dvec2 position,
                              glm::dvec2 origin) {
    SceneSprite s;
    s.name = name;
    s.pixels = std::move(pixels);
    s.transform.position = position;
    s.transform.origin = origin;
    return s;
}

/// F: a solid 20x10 sprite centred on the world origin; R: a solid 10x10 sprite centred on (100, 0).
inline Scene twoSpriteScene() {
    Scene scene;
    scene.title = "test";
    scene.sprites.push_back(makeSprite("F", solidImage(20, 10), {0.0, 0.0}, {10.0, 5.0}));
    scene.sprites.push_back(makeSprite("R", solidImage(10, 10), {100.0, 0.0}, {5.0, 5.0}));
    return scene;
}

}  // namespace cl::test
