#include "app/tools/cspace_layout.h"

#include <gtest/gtest.h>

#include "core/contact/contact_map_image.h"

namespace cl {
namespace {

// A window of cells x in [-5, 4], y in [-3, 2] (10 x 6) drawn at (100, 50) with 4-pixel cells.
CspaceLayout layout() { return CspaceLayout{LatticeWindow{{-5, -3}, {4, 2}}, {100.0, 50.0}, 4.0}; }

TEST(CspaceLayout, CellUnderAScreenPoint) {
    const CspaceLayout l = layout();
    EXPECT_EQ(l.cellAt({100.0, 50.0}), glm::ivec2(-5, -3));  // the first cell's corner
    EXPECT_EQ(l.cellAt({103.9, 53.9}), glm::ivec2(-5, -3));  // still inside it
    EXPECT_EQ(l.cellAt({104.0, 54.0}), glm::ivec2(-4, -2));
    // (121, 62): 21 / 4 = 5.25 -> column 5 -> x = 0; 12 / 4 = 3 -> row 3 -> y = 0: the crosshair's cell.
    EXPECT_EQ(l.cellAt({121.0, 62.0}), glm::ivec2(0, 0));
    EXPECT_EQ(l.cellAt({99.0, 49.0}), glm::ivec2(-6, -4));   // left of and above the map: not clamped
}

TEST(CspaceLayout, CellCornersAndCentres) {
    const CspaceLayout l = layout();
    EXPECT_EQ(l.cellTopLeft({0, 0}), glm::dvec2(120.0, 62.0));
    EXPECT_EQ(l.cellCentre({0, 0}), glm::dvec2(122.0, 64.0));
    EXPECT_EQ(l.cellTopLeft({4, 2}), glm::dvec2(136.0, 70.0));
    EXPECT_EQ(l.size(), glm::dvec2(40.0, 24.0));
    for (glm::ivec2 c : {glm::ivec2(-5, -3), glm::ivec2(3, 1), glm::ivec2(0, -2)}) EXPECT_EQ(l.cellAt(l.cellCentre(c)), c);
}

TEST(CspaceLayout, ClampToWindow) {
    const CspaceLayout l = layout();
    EXPECT_EQ(l.clampToWindow({-9, 7}), glm::ivec2(-5, 2));
    EXPECT_EQ(l.clampToWindow({1, -1}), glm::ivec2(1, -1));
}

TEST(CspaceLayout, FitCellPixels) {
    const LatticeWindow w{{-5, -3}, {4, 2}};  // 10 x 6
    EXPECT_EQ(fitCellPixels(w, {300.0, 100.0}, 8.0), 8.0);    // 30 and 16.7 fit: capped at 8
    EXPECT_EQ(fitCellPixels(w, {75.0, 100.0}, 8.0), 7.0);     // 7.5 wide: whole pixels
    EXPECT_EQ(fitCellPixels(w, {5.0, 100.0}, 8.0), 0.5);      // below a pixel: fractional
    EXPECT_EQ(fitCellPixels(LatticeWindow{}, {300.0, 100.0}, 8.0), 0.0);
    EXPECT_EQ(fitCellPixels(w, {0.0, 100.0}, 8.0), 0.0);
}

TEST(CspaceLayout, ZoomKeepsThePointUnderTheMouse) {
    // Map point (10, 6) shown at the view centre (300, 200) with 4-pixel cells; the mouse at (340, 180) is over
    // map point (10 + 40 / 4, 6 - 20 / 4) = (20, 1). At 8-pixel cells (20, 1) must stay under the mouse, so the
    // centre shows (20 - 40 / 8, 1 + 20 / 8) = (15, 3.5).
    const glm::dvec2 centre = zoomCentre({10.0, 6.0}, {300.0, 200.0}, {340.0, 180.0}, 4.0, 8.0);
    EXPECT_NEAR(centre.x, 15.0, 1e-12);
    EXPECT_NEAR(centre.y, 3.5, 1e-12);
    // Zooming back out returns to where it started; the mouse on the view centre leaves the centre alone.
    const glm::dvec2 back = zoomCentre(centre, {300.0, 200.0}, {340.0, 180.0}, 8.0, 4.0);
    EXPECT_NEAR(back.x, 10.0, 1e-12);
    EXPECT_NEAR(back.y, 6.0, 1e-12);
    EXPECT_EQ(zoomCentre({10.0, 6.0}, {300.0, 200.0}, {300.0, 200.0}, 4.0, 16.0), glm::dvec2(10.0, 6.0));
}

TEST(CspaceLayout, CellToPositionAndBack) {
    // A at (40, 30) when the map was built, h = 1/4: cell (-3, 2) is A at (40 - 0.75, 30 + 0.5).
    EXPECT_EQ(positionForCell({40.0, 30.0}, {-3, 2}, 0.25), glm::dvec2(39.25, 30.5));
    EXPECT_EQ(cellForPosition({40.0, 30.0}, {39.25, 30.5}, 0.25), glm::ivec2(-3, 2));
    EXPECT_EQ(cellForPosition({40.0, 30.0}, {40.0, 30.0}, 1.0), glm::ivec2(0, 0));
    // Moved by 0.1: off the lattice of h = 1/4, so the map must be rebuilt.
    EXPECT_FALSE(cellForPosition({40.0, 30.0}, {40.1, 30.0}, 0.25).has_value());
}

// A 5 x 3 map over cells x in [-2, 2], y in [0, 2], hits at (-2, 0) and (1, 1) only, two rows filled.
ContactMap smallMap() {
    ContactMap m;
    m.window = LatticeWindow{{-2, 0}, {2, 2}};
    m.wordsPerRow = 1;
    m.bits = {0b00001, 0b01000, 0};  // row 0: x index 0 (cell -2); row 1: x index 3 (cell 1)
    m.rowsDone = 2;
    return m;
}

std::uint32_t pixel(const std::vector<std::uint8_t>& rgba, int width, int x, int y) {
    const std::size_t i = (static_cast<std::size_t>(y) * width + x) * 4;
    return std::uint32_t(rgba[i]) << 24 | std::uint32_t(rgba[i + 1]) << 16 | std::uint32_t(rgba[i + 2]) << 8 | rgba[i + 3];
}

TEST(CspaceLayout, MapImageOneCellAPixel) {
    const ContactMap m = smallMap();
    ASSERT_TRUE(m.hit({-2, 0}));
    ASSERT_TRUE(m.hit({1, 1}));
    const std::vector<std::uint8_t> rgba = mapImageRows(m, 1, 0, 3);
    ASSERT_EQ(rgba.size(), 5u * 3u * 4u);
    EXPECT_EQ(pixel(rgba, 5, 0, 0), kMapHitColour);
    EXPECT_EQ(pixel(rgba, 5, 1, 0), kMapFreeColour);
    EXPECT_EQ(pixel(rgba, 5, 3, 1), kMapHitColour);
    EXPECT_EQ(pixel(rgba, 5, 4, 1), kMapFreeColour);
    EXPECT_EQ(pixel(rgba, 5, 2, 2), kMapPendingColour);  // row 2 is not filled yet
}

TEST(CspaceLayout, MapImageInBlocks) {
    const ContactMap m = smallMap();
    // Blocks of 2: image 3 x 2. Block (0, 0) holds cells x 0-1, y 0-1: (-2, 0) hits. Block (1, 0) holds
    // x 2-3: (1, 1) is x index 3, y 1: hit. Block (2, 0) holds x 4, y 0-1: free. Row 1 holds y 2: pending.
    const std::vector<std::uint8_t> rgba = mapImageRows(m, 2, 0, 2);
    ASSERT_EQ(rgba.size(), 3u * 2u * 4u);
    EXPECT_EQ(pixel(rgba, 3, 0, 0), kMapHitColour);
    EXPECT_EQ(pixel(rgba, 3, 1, 0), kMapHitColour);
    EXPECT_EQ(pixel(rgba, 3, 2, 0), kMapFreeColour);
    for (int x = 0; x < 3; ++x) EXPECT_EQ(pixel(rgba, 3, x, 1), kMapPendingColour);
    // Only the second image row.
    EXPECT_EQ(mapImageRows(m, 2, 1, 2).size(), 3u * 4u);
}

TEST(CspaceLayout, MapImageBlock) {
    EXPECT_EQ(mapImageBlock(LatticeWindow{{0, 0}, {1023, 99}}), 1);
    EXPECT_EQ(mapImageBlock(LatticeWindow{{0, 0}, {1024, 99}}), 2);      // 1025 cells wide
    EXPECT_EQ(mapImageBlock(LatticeWindow{{-2040, 0}, {2040, 4256}}), 5);  // 4257 rows: 4257 / 5 = 852 pixels
}

TEST(CspaceLayout, PendingRowsOfOneMapAppendAndANewerMapReplacesThem) {
    // One-pixel-wide rows whose first byte names the row, so the order can be read back.
    auto rows = [](std::uint64_t map, int first, int count) {
        PendingMapRows r{map, first, {}};
        for (int row = first; row < first + count; ++row)
            for (std::uint8_t byte : {std::uint8_t(row), std::uint8_t(0), std::uint8_t(0), std::uint8_t(255)}) r.rgba.push_back(byte);
        return r;
    };
    PendingMapRows pending;
    mergePendingRows(pending, rows(1, 0, 2));
    mergePendingRows(pending, rows(1, 2, 3));  // not uploaded in between: rows 0..4 wait together
    EXPECT_EQ(pending.mapId, 1u);
    EXPECT_EQ(pending.firstRow, 0);
    ASSERT_EQ(pending.rgba.size(), 5u * 4u);
    for (int row = 0; row < 5; ++row) EXPECT_EQ(pending.rgba[std::size_t(row) * 4], row);
    pending.rgba.clear();                      // uploaded
    mergePendingRows(pending, rows(1, 5, 1));
    EXPECT_EQ(pending.firstRow, 5);
    EXPECT_EQ(pending.rgba.size(), 4u);
    mergePendingRows(pending, rows(2, 0, 1));  // a newer map: the older map's rows are dropped
    EXPECT_EQ(pending.mapId, 2u);
    EXPECT_EQ(pending.firstRow, 0);
    ASSERT_EQ(pending.rgba.size(), 4u);
    EXPECT_EQ(pending.rgba[0], 0);
}

}  // namespace
}  // namespace cl
