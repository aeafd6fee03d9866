#include "app/tools/cspace_layout.h"

#include <algorithm>
#include <cmath>

#include "core/contact/contact_map_image.h"

namespace cl {

glm::ivec2 CspaceLayout::cellAt(glm::dvec2 screen) const {
    const glm::dvec2 local = (screen - topLeft) / cellPixels;
    return window.first + glm::ivec2(static_cast<int>(std::floor(local.x)), static_cast<int>(std::floor(local.y)));
}

glm::dvec2 CspaceLayout::cellTopLeft(glm::ivec2 c) const { return topLeft + glm::dvec2(c - window.first) * cellPixels; }

glm::dvec2 CspaceLayout::cellCentre(glm::ivec2 c) const { return cellTopLeft(c) + glm::dvec2(0.5 * cellPixels); }

glm::ivec2 CspaceLayout::clampToWindow(glm::ivec2 c) const {
    return {std::clamp(c.x, window.first.x, std::max(window.first.x, window.last.x)),
            std::clamp(c.y, window.first.y, std::max(window.first.y, window.last.y))};
}

glm::dvec2 CspaceLayout::size() const { return glm::dvec2(window.width(), window.height()) * cellPixels; }

double fitCellPixels(const LatticeWindow& window, glm::dvec2 available, double maxCellPixels) {
    if (window.empty() || available.x <= 0.0 || available.y <= 0.0) return 0.0;
    const double fit = std::min(available.x / window.width(), available.y / window.height());
    // Whole pixels keep every cell the same size once cells are at least a pixel.
    return std::min(maxCellPixels, fit >= 1.0 ? std::floor(fit) : fit);
}

glm::dvec2 zoomCentre(glm::dvec2 centre, glm::dvec2 viewCentre, glm::dvec2 mouse, double fromCell, double toCell) {
    // The map point under the mouse is centre + (mouse - viewCentre) / cell before and after.
    return centre + (mouse - viewCentre) * (1.0 / fromCell - 1.0 / toCell);
}

glm::dvec2 positionForCell(glm::dvec2 base, glm::ivec2 cell, double step) { return base + glm::dvec2(cell) * step; }

std::optional<glm::ivec2> cellForPosition(glm::dvec2 base, glm::dvec2 position, double step) {
    const glm::dvec2 k = (position - base) / step;
    const glm::dvec2 r(std::round(k.x), std::round(k.y));
    if (std::fabs(k.x - r.x) > 1e-9 || std::fabs(k.y - r.y) > 1e-9) return std::nullopt;
    if (std::fabs(r.x) > 1e9 || std::fabs(r.y) > 1e9) return std::nullopt;
    return glm::ivec2(static_cast<int>(r.x), static_cast<int>(r.y));
}

int mapImageBlock(const LatticeWindow& window) {
    const int side = std::max(window.width(), window.height());
    return std::max(1, (side + kMaxMapImageSide - 1) / kMaxMapImageSide);
}

std::vector<std::uint8_t> mapImageRows(const ContactMap& map, int block, int firstRow, int lastRow) {
    const int width = (map.window.width() + block - 1) / block;
    std::vector<std::uint8_t> rgba;
    rgba.reserve(static_cast<std::size_t>(std::max(0, lastRow - firstRow)) * width * 4);
    for (int row = firstRow; row < lastRow; ++row) {
        for (int column = 0; column < width; ++column) {
            bool hit = false, pending = false;
            for (int y = row * block; y < std::min((row + 1) * block, map.window.height()) && !hit; ++y) {
                if (y >= map.rowsDone) {
                    pending = true;
                    break;
                }
                for (int x = column * block; x < std::min((column + 1) * block, map.window.width()) && !hit; ++x)
                    hit = map.hit(map.window.first + glm::ivec2(x, y));
            }
            const std::uint32_t colour = hit ? kMapHitColour : pending ? kMapPendingColour : kMapFreeColour;
            for (int shift = 24; shift >= 0; shift -= 8) rgba.push_back(static_cast<std::uint8_t>(colour >> shift));
        }
    }
    return rgba;
}

void mergePendingRows(PendingMapRows& pending, PendingMapRows&& later) {
    if (pending.mapId != later.mapId || pending.rgba.empty()) {
        pending = std::move(later);
        return;
    }
    pending.rgba.insert(pending.rgba.end(), later.rgba.begin(), later.rgba.end());
}

}  // namespace cl
