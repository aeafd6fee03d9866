#pragma once
// The configuration-space map drawn as an image: one pixel per lattice cell.

#include <functional>

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

/// Any map of a lattice window as an image the same way: cell first + (x, y) is pixel (x, y) in colourOf(cell),
/// rows at or past `rowsDone` kMapPendingColour, and the cross at t = 0 (none when crossArm < 0).
RgbaImage latticeCellImage(const LatticeWindow& window, int rowsDone, int crossArm,
                           const std::function<std::uint32_t(glm::ivec2)>& colourOf);

}  // namespace cl
