#include "app/python/python_sprite.h"

#include <cmath>

#include <pybind11/pybind11.h>

namespace cl::python {

SpriteTransform Sprite::transform() const {
    const std::string who = "sprite " + (name.empty() ? std::string("(unnamed)") : "'" + name + "'");
    if (!std::isfinite(angle)) throw pybind11::value_error(who + ": angle: must be a finite number, got " + std::to_string(angle));
    SpriteTransform t;
    t.position = {position[0], position[1]};
    t.origin = origin ? glm::dvec2{(*origin)[0], (*origin)[1]} : glm::dvec2{mask.image->width / 2.0, mask.image->height / 2.0};
    // pygame turns counter-clockwise for a positive angle on a y-down screen; the core turns clockwise.
    // (0 stays +0 rather than -0, so a file written from it reads "0".)
    t.rotationDeg = angle == 0.0 ? 0.0 : -angle;
    t.scale = {flipX ? -scale[0] : scale[0], flipY ? -scale[1] : scale[1]};
    if (std::optional<std::string> problem = validate(t)) {
        throw pybind11::value_error(who + ": " + *problem);
    }
    return t;
}

Sprite Sprite::fromCore(const Mask& mask, const std::string& name, const SpriteTransform& transform) {
    Sprite s{mask, name};
    s.position = {transform.position.x, transform.position.y};
    s.origin = std::array<double, 2>{transform.origin.x, transform.origin.y};
    s.angle = transform.rotationDeg == 0.0 ? 0.0 : -transform.rotationDeg;
    s.scale = {transform.scale.x, transform.scale.y};
    return s;
}

}  // namespace cl::python
