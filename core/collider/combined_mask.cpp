#include "core/collider/combined_mask.h"

#include "core/base/image.h"

namespace cl {

CombinedMask combineMasks(const std::vector<AlphaMask>& masks, MaskCombination how) {
    CombinedMask out;
    if (masks.empty()) {
        out.error = "no frame to combine";
        return out;
    }
    const int w = masks.front().width(), h = masks.front().height();
    for (std::size_t i = 1; i < masks.size(); ++i) {
        if (masks[i].width() != w || masks[i].height() != h) {
            out.error = "frame " + std::to_string(i) + " is " + std::to_string(masks[i].width()) + "x" +
                        std::to_string(masks[i].height()) + ", frame 0 is " + std::to_string(w) + "x" + std::to_string(h) +
                        "; frames combine only at one size";
            return out;
        }
    }
    RgbaImage image;
    image.width = w;
    image.height = h;
    image.pixels.assign(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4, 0);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            bool solid = how == MaskCombination::Intersection;
            for (const AlphaMask& m : masks) solid = how == MaskCombination::Union ? (solid || m.solid(x, y)) : (solid && m.solid(x, y));
            image.pixels[(static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)) * 4 + 3] =
                solid ? 255 : 0;
        }
    }
    out.mask = AlphaMask(image, 0);
    return out;
}

}  // namespace cl
