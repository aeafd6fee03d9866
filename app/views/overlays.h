#pragma once
// The world view's overlays: one table of what can be drawn, with its colour, for the legend and the views.

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace cl {

/// Every overlay the legend can toggle.
enum class Overlay {
    WorldAabb,      ///< worldAabb(): box of the transformed texture corners.
    TightAabb,      ///< tightWorldAabb(): box cropped to the opaque pixels.
    Obb,            ///< worldQuad(): the transformed texture rectangle.
    Circles,        ///< boundingCircle().
    AabbOverlap,    ///< Intersection of the pair's world AABBs.
    Pivots,         ///< Each sprite's position (its pivot).
    PixelGrid,      ///< Texture pixel borders when zoomed in far enough.
    OverlapPixels,  ///< Every overlapping pixel of A from the full scan.
    FirstHit,       ///< Crosshair on the first overlapping sample in scan order.
    Count
};

inline constexpr std::size_t kOverlayCount = static_cast<std::size_t>(Overlay::Count);

/// One overlay's legend entry.
struct OverlayInfo {
    Overlay id;
    std::string_view key;      ///< Name in the settings file, e.g. "world-aabb".
    std::string_view label;    ///< Legend text.
    std::uint32_t rgba;        ///< Colour as 0xRRGGBBAA.
    std::string_view tooltip;  ///< What the overlay shows and which core function computes it.
    bool onByDefault;
};

/// The legend, in display order.
std::span<const OverlayInfo> overlayTable();

/// The entry for `id`.
const OverlayInfo& overlayInfo(Overlay id);

/// Which overlays are on, indexed by Overlay.
using OverlayFlags = std::array<bool, kOverlayCount>;

/// Every overlay at its default.
OverlayFlags defaultOverlayFlags();

/// Colours of things the views draw that are not toggled overlays.
namespace palette {
inline constexpr std::uint32_t kSelection = 0xFFFFFFFF;
inline constexpr std::uint32_t kHandle = 0xFFFFFFFF;
inline constexpr std::uint32_t kHandleHover = 0xFFD23CFF;
inline constexpr std::uint32_t kStepX = 0xFF6A3CFF;
inline constexpr std::uint32_t kStepY = 0x3CE0FFFF;
inline constexpr std::uint32_t kSample = 0xC8C8C8C0;
inline constexpr std::uint32_t kCursor = 0xFFE600FF;
inline constexpr std::uint32_t kBackground = 0x24282EFF;
inline constexpr std::uint32_t kBackgroundHit = 0x4A1616FF;
inline constexpr std::uint32_t kLocalBackground = 0x1E2228FF;
}  // namespace palette

}  // namespace cl
