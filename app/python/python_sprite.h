#pragma once
// Sprite: a mask placed in the world the way pygame users think of it (angle counter-clockwise, flips).

#include <array>
#include <optional>
#include <string>

#include "app/python/python_mask.h"
#include "core/base/sprite_transform.h"

namespace cl::python {

/// A mask with a name and a placement. `angle` follows pygame.transform.rotate/rotozoom: degrees,
/// positive turns counter-clockwise on screen; the core's rotationDeg (clockwise) is its negative.
struct Sprite {
    Mask mask;
    std::string name;
    std::array<double, 2> position{0.0, 0.0};      ///< World position of the pivot.
    std::optional<std::array<double, 2>> origin{};///< Pivot in the image's pixels; empty: the image centre.
    double angle = 0.0;                            ///< Degrees, counter-clockwise on screen (pygame's sense).
    std::array<double, 2> scale{1.0, 1.0};         ///< Per axis; negative flips.
    bool flipX = false;                            ///< Mirror left-right (pygame.transform.flip(s, True, False)).
    bool flipY = false;                            ///< Mirror top-bottom.

    /// The core's transform; ValueError naming the sprite and the field when it is out of limits or NaN.
    SpriteTransform transform() const;
    /// The Sprite a scene file's sprite is: the same transform, flips folded into the scale.
    static Sprite fromCore(const Mask& mask, const std::string& name, const SpriteTransform& transform);
};

}  // namespace cl::python

COLLISION_LAB_PYTHON_REFUSE_HALF_MADE(cl::python::Sprite)
