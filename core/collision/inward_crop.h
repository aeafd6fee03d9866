#pragma once
// The inward crop of the source blog post ("green box"): take the world box of a sprite's transformed
// texture corners, then scan whole world pixels inward from the left, top, right and bottom until a
// column or row holds a solid pixel. A world pixel is solid when its centre maps into a solid texel.
// It records every world pixel it looks at, so a view can replay the scan step by step and set its
// work beside tightWorldAabb() (exact, from the solid pixels' corners).

#include <cstdint>
#include <vector>

#include <glm/vec2.hpp>

#include "core/base/alpha_mask.h"
#include "core/base/sprite_transform.h"

namespace cl {

/// The side a probe was cropping.
enum class CropSide { Left, Top, Right, Bottom };

/// World pixels [min, max) on each axis; empty when max <= min on either axis.
struct PixelBox {
    glm::ivec2 min{0, 0};
    glm::ivec2 max{0, 0};
    /// True when the box holds no pixel.
    bool empty() const { return max.x <= min.x || max.y <= min.y; }
    bool operator==(const PixelBox&) const = default;
};

/// One world pixel the crop looked at.
struct CropProbe {
    CropSide side = CropSide::Left;
    glm::ivec2 pixel{0, 0};  ///< World pixel (its centre is pixel + 0.5).
    bool solid = false;      ///< The centre maps into a solid texel.
};

/// The whole crop: where it started, every probe in order, and the cropped box.
struct InwardCropTrace {
    PixelBox start;  ///< The texture corners' world box, rounded outward to whole pixels.
    PixelBox result; ///< The cropped box; empty when no world pixel centre is solid.
    std::vector<CropProbe> probes;
    /// The box after the first `steps` probes: each side at the line of its latest probe, sides not
    /// reached yet at `start` (after every probe: `result`, unless nothing was solid).
    PixelBox boxAfter(std::size_t steps) const;
};

/// Crops the sprite's world box inward, left, top, right, then bottom, each side scanning only the
/// lines the earlier sides left. Looks at every pixel of the start box when nothing is solid.
InwardCropTrace inwardCrop(const AlphaMask& mask, const SpriteTransform& transform);

}  // namespace cl
