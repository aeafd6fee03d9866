// The blog post's inward crop, one world pixel at a time.
#include "core/collision/inward_crop.h"

#include <algorithm>
#include <cmath>

#include "core/base/bounds.h"

namespace cl {

InwardCropTrace inwardCrop(const AlphaMask& mask, const SpriteTransform& transform) {
    InwardCropTrace trace;
    const Rect box = worldAabb(Body{&mask, transform});
    trace.start.min = {int(std::floor(box.min.x)), int(std::floor(box.min.y))};
    trace.start.max = {int(std::ceil(box.max.x)), int(std::ceil(box.max.y))};
    const glm::dmat3 toTexture = affineInverse(worldMatrix(transform));
    auto probe = [&](CropSide side, int x, int y) {
        const glm::dvec2 t = transformPoint(toTexture, {x + 0.5, y + 0.5});
        const bool solid = mask.solid(int(std::floor(t.x)), int(std::floor(t.y)));
        trace.probes.push_back({side, {x, y}, solid});
        return solid;
    };
    PixelBox b = trace.start;
    // Each side stops at the first line holding a solid pixel; the later sides scan only what is left.
    int left = b.max.x;
    for (int x = b.min.x; x < b.max.x && left == b.max.x; ++x) {
        for (int y = b.min.y; y < b.max.y; ++y) {
            if (probe(CropSide::Left, x, y)) {
                left = x;
                break;
            }
        }
    }
    if (left == b.max.x) {
        trace.result = PixelBox{trace.start.min, trace.start.min};
        return trace;
    }
    b.min.x = left;
    for (int y = b.min.y; y < b.max.y; ++y) {
        bool found = false;
        for (int x = b.min.x; x < b.max.x && !found; ++x) found = probe(CropSide::Top, x, y);
        if (found) {
            b.min.y = y;
            break;
        }
    }
    for (int x = b.max.x - 1; x >= b.min.x; --x) {
        bool found = false;
        for (int y = b.min.y; y < b.max.y && !found; ++y) found = probe(CropSide::Right, x, y);
        if (found) {
            b.max.x = x + 1;
            break;
        }
    }
    for (int y = b.max.y - 1; y >= b.min.y; --y) {
        bool found = false;
        for (int x = b.min.x; x < b.max.x && !found; ++x) found = probe(CropSide::Bottom, x, y);
        if (found) {
            b.max.y = y + 1;
            break;
        }
    }
    trace.result = b;
    return trace;
}

PixelBox InwardCropTrace::boxAfter(std::size_t steps) const {
    PixelBox b = start;
    // Each side moves inward one line at a time, so the line of its latest probe is where it stands.
    for (std::size_t i = 0; i < std::min(steps, probes.size()); ++i) {
        const CropProbe& p = probes[i];
        switch (p.side) {
        case CropSide::Left: b.min.x = p.pixel.x; break;
        case CropSide::Top: b.min.y = p.pixel.y; break;
        case CropSide::Right: b.max.x = p.pixel.x + 1; break;
        case CropSide::Bottom: b.max.y = p.pixel.y + 1; break;
        }
    }
    return b;
}

}  // namespace cl
