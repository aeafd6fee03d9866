#include "app/views/overlays.h"

namespace cl {

namespace {

constexpr OverlayInfo kOverlays[] = {
    {Overlay::WorldAabb, "world-aabb", "World AABB", 0xF0C83CFF, "The smallest upright box around the four corners of the turned and scaled texture", true},
    {Overlay::TightAabb, "tight-aabb", "Tight AABB", 0x3CDC64FF, "The smallest upright box around the solid pixels only (transparent borders left out)", true},
    {Overlay::Obb, "obb", "OBB", 0x3CC8F0FF, "The texture's rectangle turned and scaled with the sprite: what the obb test compares", false},
    {Overlay::Circles, "circles", "Bounding circles", 0xA078FFFF, "A circle about the texture's centre reaching its farthest solid pixel corner: what the circle test compares", false},
    {Overlay::AabbOverlap, "aabb-overlap", "AABB intersection", 0xFF9628FF, "Where the pair's two world boxes overlap: the only place a pixel test can find a hit", true},
    {Overlay::Pivots, "pivots", "Pivots", 0xFFFFFFFF, "Each sprite's position: the point it rotates and scales about", true},
    {Overlay::PixelGrid, "pixel-grid", "Pixel grid", 0xFFFFFF40, "Texture pixel borders, drawn when a pixel is at least 6 screen pixels wide", true},
    {Overlay::OverlapPixels, "overlap-pixels", "Overlapping pixels", 0xFF28B4D0, "Every overlapping sample the chosen pixel test finds when it scans to the end: A's pixel in the world view, a dot in the local view", true},
    {Overlay::FirstHit, "first-hit", "First hit", 0xFFF03CFF, "The first overlapping sample in scan order (crosshair)", true},
};

}  // namespace

std::span<const OverlayInfo> overlayTable() { return kOverlays; }

const OverlayInfo& overlayInfo(Overlay id) {
    for (const OverlayInfo& info : kOverlays) {
        if (info.id == id) return info;
    }
    return kOverlays[0];
}

OverlayFlags defaultOverlayFlags() {
    OverlayFlags flags{};
    for (const OverlayInfo& info : kOverlays) flags[static_cast<std::size_t>(info.id)] = info.onByDefault;
    return flags;
}

}  // namespace cl
