#pragma once
// The configuration-space map drawn as an image: one pixel per lattice cell.

#include "core/contact/contact_map.h"
#include "core/base/image.h"

namespace cl {

/// Colours of contactMapImage(), RGBA.
inline constexpr std::uint32_t kMapHitColour = 0x303848ffu;    ///< A cell that hits: dark.
inline constexpr std::uint32_t kMapFreeColour = 0xecebe4ffu;   ///< A free cell: light.
inline constexpr std::uint32_t kMapOriginColour = 0xe0402affu; ///< The cross at t = 0 (A where it stands).
inline constexpr std::uint32_t kMapPendingColour = 0x9a9a9affu;///< A row not computed yet.

/// The map as an image, x to the right and y down like the world: cell first + (x, y) is pixel (x, y).
/// Hits are dark, free cells light, rows not yet filled grey, and t = 0 is marked by a cross (when it lies
/// in the window) whose arms reach `crossArm` cells each way.
RgbaImage contactMapImage(const ContactMap& map, int crossArm = 3);

}  // namespace cl
