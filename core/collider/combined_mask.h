#pragma once
// One mask from an animation's frames (issue 23): the union or the intersection of their solid pixels, so that
// one collider can serve every frame (PhysicsEditor's two choices), certified against each frame on its own.

#include <string>
#include <vector>

#include "core/base/alpha_mask.h"

namespace cl {

/// How frames' solid pixels combine.
enum class MaskCombination {
    Union,         ///< solid where any frame is solid
    Intersection,  ///< solid where every frame is solid
};

/// A combined mask, or why there is none.
struct CombinedMask {
    AlphaMask mask;     ///< solid pixels have alpha 255 and the rest 0, at threshold 0
    std::string error;  ///< Empty on success.
    bool ok() const { return error.empty(); }
};

/// The union or intersection of `masks` (each at its own threshold), pixel by pixel. Refused: no mask, or masks of
/// different sizes (the message names the first one that differs by index and size).
CombinedMask combineMasks(const std::vector<AlphaMask>& masks, MaskCombination how);

}  // namespace cl
