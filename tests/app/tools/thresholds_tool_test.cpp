#include "app/tools/thresholds_tool.h"

#include <gtest/gtest.h>

namespace cl {
namespace {

TEST(ThresholdMapLayout, TheSideComesFromTheFreeAreaAloneWithinItsLimits) {
    EXPECT_EQ(thresholdMapLayout(400.0f, 900.0f).side, 400.0f);   // the width limits it
    EXPECT_EQ(thresholdMapLayout(600.0f, 300.5f).side, 300.0f);   // the height, in whole pixels
    EXPECT_EQ(thresholdMapLayout(2000.0f, 2000.0f).side, 768.0f); // never larger than 768
    EXPECT_EQ(thresholdMapLayout(30.0f, 900.0f).side, 64.0f);     // never smaller than 64
    EXPECT_EQ(thresholdMapLayout(500.0f, -40.0f).side, 64.0f);    // a panel shorter than its words
}

TEST(ThresholdMapLayout, CellUnderAPointIsAcrossForAAndDownForB) {
    const ThresholdMapLayout layout{512.0f};  // two pixels per cell
    EXPECT_EQ(layout.cellAt(0.0f, 0.0f), (ThresholdCell{0, 0}));
    EXPECT_EQ(layout.cellAt(1.9f, 1.9f), (ThresholdCell{0, 0}));
    EXPECT_EQ(layout.cellAt(2.0f, 5.0f), (ThresholdCell{1, 2}));
    EXPECT_EQ(layout.cellAt(282.0f, 51.0f), (ThresholdCell{141, 25}));
    EXPECT_EQ(layout.cellAt(511.9f, 511.9f), (ThresholdCell{255, 255}));
    // Outside the square: clamped to the nearest cell.
    EXPECT_EQ(layout.cellAt(-3.0f, 600.0f), (ThresholdCell{0, 255}));
}

}  // namespace
}  // namespace cl
