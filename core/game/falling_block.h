#pragma once
// FallingBlock: one falling, spinning block of the falling-blocks game, and where it is drawn and tested.

#include <cstdint>
#include <numbers>

#include <glm/vec2.hpp>

#include "core/base/alpha_mask.h"
#include "core/base/sprite_transform.h"

namespace cl {

/// One falling block: its centre, its turn and how fast it spins (the tutorial's SpinnerBlock).
struct FallingBlock {
    std::uint64_t id = 0;             ///< 1, 2, 3... in spawn order; never reused within a run.
    glm::dvec2 position{0.0, 0.0};    ///< World position of the block's centre (its origin).
    double rotation = 0.0;            ///< Radians, clockwise on screen.
    double spin = 0.0;                ///< Radians per frame.
};

/// Where a block with this mask is drawn and tested: its centre, turned about the texture's centre.
inline SpriteTransform fallingBlockTransform(const FallingBlock& block, const AlphaMask& mask) {
    SpriteTransform t;
    t.position = block.position;
    t.origin = {mask.width() / 2.0, mask.height() / 2.0};
    t.rotationDeg = block.rotation * (180.0 / std::numbers::pi);
    return t;
}

}  // namespace cl
