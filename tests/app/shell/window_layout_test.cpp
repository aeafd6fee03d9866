#include "app/shell/window_layout.h"

#include <gtest/gtest.h>

#include "app/shell/app_settings.h"

namespace cl {
namespace {

LayoutInput input(double w, double h, double inspector, double bottom, double fraction) {
    LayoutInput in;
    in.window = {w, h};
    in.menuHeight = 20.0;
    in.inspectorWidth = inspector;
    in.bottomHeight = bottom;
    in.localViewFraction = fraction;
    in.legendHeight = 60.0;
    in.localBarHeight = 30.0;
    return in;
}

void expectRect(const Rect& r, double x0, double y0, double x1, double y1) {
    EXPECT_EQ(r, (Rect{{x0, y0}, {x1, y1}})) << "(" << r.min.x << ", " << r.min.y << ")-(" << r.max.x << ", " << r.max.y << ")";
}

TEST(WindowLayout, TheDefaultsAt1600x900) {
    const SandboxLayout l = layoutWindow(input(1600, 900, 420, 300, 0.45));
    expectRect(l.inspector, 0, 20, 420, 900);
    expectRect(l.inspectorSplitter, 420, 20, 426, 900);
    expectRect(l.bottom, 426, 600, 1600, 900);
    expectRect(l.bottomSplitter, 426, 594, 1600, 600);
    expectRect(l.legend, 426, 20, 1600, 80);
    // The views are 1174 wide; less the splitter 1168, of which the local view takes floor(0.45 * 1168) = 525.
    expectRect(l.world, 426, 80, 1069, 594);
    expectRect(l.viewSplitter, 1069, 80, 1075, 594);
    expectRect(l.localBar, 1075, 80, 1600, 110);
    expectRect(l.local, 1075, 110, 1600, 594);
}

TEST(WindowLayout, At1024x600TheColumnAndThePanelShrinkToTheirShareOfTheWindow) {
    LayoutInput in = input(1024, 600, 420, 300, 0.45);
    in.legendHeight = 90.0;  // the legend wraps to three rows in a narrow strip
    const SandboxLayout l = layoutWindow(in);
    // Column: at most 0.4 * 1024 = 409.6 -> 409. Panel: at most 0.42 * (600 - 20) = 243.6 -> 243.
    expectRect(l.inspector, 0, 20, 409, 600);
    expectRect(l.bottom, 415, 357, 1024, 600);
    expectRect(l.legend, 415, 20, 1024, 110);
    // Views 609 wide: local floor(0.45 * 603) = 271.
    expectRect(l.world, 415, 110, 747, 351);
    expectRect(l.local, 753, 140, 1024, 351);
    EXPECT_GE(l.world.size().x, kMinViewWidth);
    EXPECT_GE(l.world.size().y, 200.0);
}

TEST(WindowLayout, WantedSizesAreClampedBothWays) {
    const SandboxLayout big = layoutWindow(input(1024, 600, 5000, 5000, 0.99));
    EXPECT_EQ(big.inspector.max.x, 409.0);
    EXPECT_EQ(big.bottom.size().y, 243.0);
    // Fraction 0.99 -> 0.85 of 603 = 512.55, but the world view keeps 180: local = 603 - 180 = 423.
    EXPECT_EQ(big.local.size().x, 423.0);
    EXPECT_EQ(big.world.size().x, 180.0);

    const SandboxLayout small = layoutWindow(input(1024, 600, 10, 10, 0.0));
    EXPECT_EQ(small.inspector.max.x, kMinInspectorWidth);
    EXPECT_EQ(small.bottom.size().y, kMinBottomHeight);
    EXPECT_EQ(small.local.size().x, kMinViewWidth);
}

TEST(WindowLayout, ThePanelGrowsBeyondItsShareToWhatItsTableNeedsUpToTheLargerShare) {
    // 1600x900 at UI scale 2: wanted 600, the share allows floor(0.42 * 880) = 369.
    LayoutInput in = input(1600, 900, 840, 600, 0.45);
    EXPECT_EQ(layoutWindow(in).bottom.size().y, 369.0);
    in.bottomNeeded = 450.0;  // every row of the table
    EXPECT_EQ(layoutWindow(in).bottom.size().y, 450.0);
    in.bottomNeeded = 700.0;  // more than 0.55 * 880 = 484
    EXPECT_EQ(layoutWindow(in).bottom.size().y, 484.0);
    // The need never overrides a lower height the user chose, nor grows a panel whose rows already fit.
    in.bottomHeight = 250.0;
    EXPECT_EQ(layoutWindow(in).bottom.size().y, 250.0);
    in.bottomHeight = 600.0;
    in.bottomNeeded = 200.0;
    EXPECT_EQ(layoutWindow(in).bottom.size().y, 369.0);
}

TEST(WindowLayout, AStripNeverTakesMoreThanHalfTheViewsHeight) {
    LayoutInput in = input(1024, 600, 420, 300, 0.45);
    in.legendHeight = 500.0;
    const SandboxLayout l = layoutWindow(in);
    // Views 20..351 = 331 high: the legend gets floor(165.5) = 165.
    EXPECT_EQ(l.legend.size().y, 165.0);
    EXPECT_EQ(l.world.size().y, 166.0);
}

TEST(WindowLayout, HiddenLegendAndLocalViewGiveTheWorldViewTheirSpace) {
    LayoutInput in = input(1600, 900, 420, 300, 0.45);
    in.showLegend = false;
    in.showLocalView = false;
    const SandboxLayout l = layoutWindow(in);
    expectRect(l.world, 426, 20, 1600, 594);
    EXPECT_EQ(l.legend, Rect{});
    EXPECT_EQ(l.local, Rect{});
    EXPECT_EQ(l.localBar, Rect{});
    EXPECT_EQ(l.viewSplitter, Rect{});
}

TEST(WindowLayout, NoRegionsOverlapAndAllFitTheWindowAtEverySupportedSize) {
    for (const glm::dvec2 window : {glm::dvec2(1024, 600), glm::dvec2(1600, 900), glm::dvec2(2560, 1440)}) {
        const SandboxLayout l = layoutWindow(input(window.x, window.y, 420, 300, 0.45));
        const Rect regions[] = {l.inspector, l.inspectorSplitter, l.legend, l.world, l.viewSplitter,
                                l.localBar, l.local, l.bottomSplitter, l.bottom};
        for (std::size_t i = 0; i < std::size(regions); ++i) {
            EXPECT_GE(regions[i].min.x, 0.0);
            EXPECT_GE(regions[i].min.y, 20.0);
            EXPECT_LE(regions[i].max.x, window.x);
            EXPECT_LE(regions[i].max.y, window.y);
            for (std::size_t j = i + 1; j < std::size(regions); ++j) {
                EXPECT_FALSE(overlapsPositively(regions[i], regions[j])) << window.x << "x" << window.y << ": " << i << " and " << j;
            }
        }
    }
}

TEST(WindowLayout, ResetPutsTheLayoutSettingsBackAndKeepsTheRest) {
    AppSettings s;
    s.inspectorWidth = 300.0f;
    s.bottomHeight = 150.0f;
    s.localViewFraction = 0.7f;
    s.showLegend = false;
    s.showLocalView = false;
    s.classicControls = true;
    resetLayout(s);
    AppSettings expected;
    expected.classicControls = true;
    EXPECT_EQ(s, expected);
}

TEST(WindowLayout, TheInputCarriesTheSettingsAndTheMeasuredStrips) {
    AppSettings s;
    s.inspectorWidth = 333.0f;
    s.bottomHeight = 222.0f;
    s.localViewFraction = 0.5f;
    s.showLegend = false;
    SandboxLayout measured;
    measured.legendHeight = 44.0f;
    measured.localBarHeight = 33.0f;
    measured.bottomNeeded = 55.0f;
    const LayoutInput in = layoutInput(s, {1200.0, 800.0}, 21.0, measured);
    EXPECT_EQ(in.window, glm::dvec2(1200.0, 800.0));
    EXPECT_EQ(in.menuHeight, 21.0);
    EXPECT_EQ(in.inspectorWidth, 333.0);
    EXPECT_EQ(in.bottomHeight, 222.0);
    EXPECT_EQ(in.localViewFraction, 0.5);
    EXPECT_FALSE(in.showLegend);
    EXPECT_EQ(in.legendHeight, 44.0);
    EXPECT_EQ(in.localBarHeight, 33.0);
    EXPECT_EQ(in.bottomNeeded, 55.0);
}

TEST(WindowLayout, TheColumnAndPanelGrowWithTheUiScale) {
    AppSettings s;
    s.inspectorWidth = 300.0f;
    s.bottomHeight = 200.0f;
    s.uiScale = 2.0f;
    const LayoutInput in = layoutInput(s, {2560.0, 1440.0}, 40.0, SandboxLayout{});
    EXPECT_EQ(in.inspectorWidth, 600.0);
    EXPECT_EQ(in.bottomHeight, 400.0);
    EXPECT_EQ(in.localViewFraction, double(s.localViewFraction));
}

}  // namespace
}  // namespace cl
