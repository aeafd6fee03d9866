#pragma once
// Where the C-space map's cells lie on screen, and which position of A a cell stands for: the pure
// arithmetic behind the Contact tool's map (drawing, hovering and dragging A in it).

#include <glm/vec2.hpp>

#include <cstdint>
#include <vector>

#include "core/contact/contact_map.h"

namespace cl {

/// A map drawn on screen: `window`'s cells as squares of `cellPixels`, the first cell's top-left at `topLeft`.
struct CspaceLayout {
    LatticeWindow window;            ///< The map's cells.
    glm::dvec2 topLeft{0.0, 0.0};    ///< Screen position of cell window.first's top-left corner.
    double cellPixels = 1.0;         ///< Screen pixels per cell side (> 0).

    /// The cell under screen point `screen` (not clamped: it may lie outside the window).
    glm::ivec2 cellAt(glm::dvec2 screen) const;
    /// The screen position of cell c's top-left corner.
    glm::dvec2 cellTopLeft(glm::ivec2 c) const;
    /// The screen position of cell c's centre.
    glm::dvec2 cellCentre(glm::ivec2 c) const;
    /// `c` moved into the window (nearest cell of the window).
    glm::ivec2 clampToWindow(glm::ivec2 c) const;
    /// Size of the whole map on screen.
    glm::dvec2 size() const;
};

/// The largest cell size (screen pixels, at most `maxCellPixels`) at which `window` fits in `available`;
/// below one pixel it is fractional. 0 for an empty window or no room.
double fitCellPixels(const LatticeWindow& window, glm::dvec2 available, double maxCellPixels);

/// The map point (in cells from the window's first corner) to show at `viewCentre` after the cells grow from
/// `fromCell` to `toCell` screen pixels, when `centre` was shown there: the point under screen point `mouse` stays
/// under it (a wheel zoom about the mouse).
glm::dvec2 zoomCentre(glm::dvec2 centre, glm::dvec2 viewCentre, glm::dvec2 mouse, double fromCell, double toCell);

/// A's position for map cell c of a map built with A at `base` on a lattice of step `step`: base + c h.
glm::dvec2 positionForCell(glm::dvec2 base, glm::ivec2 cell, double step);

/// The cell of the map built with A at `base` at which A now stands, when `position` lies on that lattice
/// (within 1e-9 of a lattice point), else empty (the map must be rebuilt for the new lattice).
std::optional<glm::ivec2> cellForPosition(glm::dvec2 base, glm::dvec2 position, double step);

/// Most pixels per side of the map's on-screen image; bigger maps are shown in blocks of cells.
inline constexpr int kMaxMapImageSide = 1024;

/// Cells per image pixel side for a window: 1 up to kMaxMapImageSide cells a side, else the least k with
/// ceil(side / k) <= kMaxMapImageSide.
int mapImageBlock(const LatticeWindow& window);

/// Image rows [firstRow, lastRow) of a map shown in blocks of `block` x `block` cells, as RGBA bytes:
/// a pixel is the hit colour when any cell of its block hits, pending grey when a cell of its block is in a
/// row not filled yet and none hits, else the free colour (kMapHitColour / kMapPendingColour /
/// kMapFreeColour). Image width is ceil(window width / block).
std::vector<std::uint8_t> mapImageRows(const ContactMap& map, int block, int firstRow, int lastRow);

/// A map's image rows on their way from the worker to the texture: rows [firstRow, firstRow + rows in rgba).
struct PendingMapRows {
    std::uint64_t mapId = 0;         ///< The map they belong to.
    int firstRow = 0;                ///< The first image row in rgba.
    std::vector<std::uint8_t> rgba;  ///< RGBA rows (mapImageRows), not uploaded yet.
};

/// Adds `later` to `pending`: rows of the same map append (a map's rows arrive in order, each batch starting
/// where the last ended), another map's rows replace them.
void mergePendingRows(PendingMapRows& pending, PendingMapRows&& later);

}  // namespace cl
