#include "core/scene/frame_memory.h"

#include <set>
#include <string_view>

namespace cl {

std::int64_t cutFramePixels(const SceneSprite& sprite, std::span<const FrameRef> refs) {
    std::int64_t pixels = 0;
    std::set<std::string_view> atlasNames;
    std::set<int> cells;
    for (const FrameRef& ref : refs) {
        const int index = sprite.atlasData && ref.kind == FrameRef::Kind::Atlas ? sprite.atlasData->indexOf(ref.name) : -1;
        if (index >= 0) {
            if (!atlasNames.insert(ref.name).second) continue;
            const AtlasFrame& f = sprite.atlasData->frames[static_cast<std::size_t>(index)];
            pixels += std::int64_t(f.sourceWidth) * f.sourceHeight;
        } else if (ref.kind == FrameRef::Kind::Grid) {
            if (!cells.insert(ref.index).second) continue;
            pixels += std::int64_t(ref.grid.cellW) * ref.grid.cellH;
        } else if (ref.kind == FrameRef::Kind::Rect) {
            pixels += std::int64_t(ref.rect.w) * ref.rect.h;
        } else if (sprite.pixels) {
            pixels += std::int64_t(sprite.pixels->width) * sprite.pixels->height;
        }
    }
    return pixels;
}

std::vector<FrameRef> animationFrameRefs(const SceneSprite& sprite) {
    std::vector<FrameRef> refs;
    if (!sprite.animation.active()) return refs;
    for (const std::string& name : sprite.animation.frames) {
        FrameRef ref;
        ref.kind = FrameRef::Kind::Atlas;
        ref.name = name;
        refs.push_back(std::move(ref));
    }
    return refs;
}

std::string cutPixelsProblem(const std::string& what, std::int64_t pixels) {
    if (pixels <= kMaxScenePixels) return {};
    return what + " hold " + std::to_string(pixels) + " pixels together; the limit is " + std::to_string(kMaxScenePixels);
}

}  // namespace cl
