#include "app/editor/view_framing.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace cl {
namespace {

glm::dvec2 toScreen(const Framing& f, const Rect& view, glm::dvec2 world) {
    return (view.min + view.max) * 0.5 + (world - f.center) * f.zoom;
}

TEST(FrameContent, FitsTheLimitingAxisAndCentresInTheRoomLeftByTheInsets) {
    // Inner rectangle: (10, 20)-(310, 270), 300 x 250. Zoom min(300/100, 250/50) = 3; the content is 300 x 150
    // on screen, so x spans 10..310 and y is centred: 20 + (250 - 150) / 2 = 70 .. 220.
    const Rect content{{0.0, 0.0}, {100.0, 50.0}};
    const Rect view{{0.0, 0.0}, {400.0, 300.0}};
    const auto f = frameContent(content, view, Insets{10.0, 20.0, 90.0, 30.0});
    ASSERT_TRUE(f);
    EXPECT_DOUBLE_EQ(f->zoom, 3.0);
    // Centre (50, 25) - ((160, 145) - (200, 150)) / 3 = (50 + 40/3, 25 + 5/3).
    EXPECT_NEAR(f->center.x, 50.0 + 40.0 / 3.0, 1e-12);
    EXPECT_NEAR(f->center.y, 25.0 + 5.0 / 3.0, 1e-12);
    const glm::dvec2 topLeft = toScreen(*f, view, content.min), bottomRight = toScreen(*f, view, content.max);
    EXPECT_NEAR(topLeft.x, 10.0, 1e-9);
    EXPECT_NEAR(topLeft.y, 70.0, 1e-9);
    EXPECT_NEAR(bottomRight.x, 310.0, 1e-9);
    EXPECT_NEAR(bottomRight.y, 220.0, 1e-9);
}

TEST(FrameContent, AViewAwayFromTheOriginAndATallContent) {
    // View (500, 100)-(700, 500), no insets: zoom min(200/10, 400/40) = 10; content centre (5, -10) lands at
    // the view's centre (600, 300) and its top at 300 - 20 * 10 = 100.
    const Rect view{{500.0, 100.0}, {700.0, 500.0}};
    const auto f = frameContent(Rect{{0.0, -30.0}, {10.0, 10.0}}, view, Insets{});
    ASSERT_TRUE(f);
    EXPECT_DOUBLE_EQ(f->zoom, 10.0);
    EXPECT_DOUBLE_EQ(f->center.x, 5.0);
    EXPECT_DOUBLE_EQ(f->center.y, -10.0);
    EXPECT_NEAR(toScreen(*f, view, {0.0, -30.0}).y, 100.0, 1e-9);
}

TEST(FrameContent, ZoomIsClampedAndTheContentStaysCentredInTheInnerRectangle) {
    // A 1 x 1 content in a 400 x 400 room would want zoom 400; clamped to 256 it is still centred in the
    // inner rectangle (100, 0)-(500, 400), whose middle (300, 200) is 50 px left of the view's (350, 200).
    const Rect view{{0.0, 0.0}, {700.0, 400.0}};
    const auto f = frameContent(Rect{{0.0, 0.0}, {1.0, 1.0}}, view, Insets{100.0, 0.0, 200.0, 0.0}, 1.0 / 64.0, 256.0);
    ASSERT_TRUE(f);
    EXPECT_DOUBLE_EQ(f->zoom, 256.0);
    EXPECT_NEAR(toScreen(*f, view, {0.5, 0.5}).x, 300.0, 1e-9);
}

TEST(FrameContent, NothingToFrameOrNoRoom) {
    const Rect view{{0.0, 0.0}, {100.0, 100.0}};
    EXPECT_FALSE(frameContent(Rect{{1.0, 1.0}, {1.0, 5.0}}, view, Insets{}));
    EXPECT_FALSE(frameContent(Rect{{0.0, 0.0}, {5.0, 5.0}}, view, Insets{60.0, 0.0, 40.0, 0.0}));
}

TEST(LabelInside, MovedInAtEachEdgeAndLeftAloneWhenWhollyOutside) {
    const Rect clip{{0.0, 0.0}, {200.0, 100.0}};
    const glm::dvec2 size{80.0, 14.0};
    // Cut at the right edge ("stepX (-"): moved left so it ends at 200.
    EXPECT_EQ(labelInside({150.0, 40.0}, size, clip), glm::dvec2(120.0, 40.0));
    // Above the top edge: moved down to 0.
    EXPECT_EQ(labelInside({10.0, -8.0}, size, clip), glm::dvec2(10.0, 0.0));
    // Past the bottom-left corner: moved in on both axes.
    EXPECT_EQ(labelInside({-30.0, 95.0}, size, clip), glm::dvec2(0.0, 86.0));
    // Inside: unchanged.
    EXPECT_EQ(labelInside({50.0, 50.0}, size, clip), glm::dvec2(50.0, 50.0));
    // Wholly outside (the sprite it names is off screen): unchanged.
    EXPECT_EQ(labelInside({250.0, 40.0}, size, clip), glm::dvec2(250.0, 40.0));
    // Wider than the view: its start stays visible.
    EXPECT_EQ(labelInside({-10.0, 10.0}, {300.0, 14.0}, clip), glm::dvec2(0.0, 10.0));
}

}  // namespace
TEST(LabelBeyondTip, TheLabelSitsPastTheTipOnTheSideTheArrowPointsTo) {
    const glm::dvec2 tip{100.0, 50.0}, size{40.0, 10.0};
    // Right: left edge 4 px right of the tip, centred on it vertically.
    EXPECT_EQ(labelBeyondTip(tip, {3.0, 0.0}, size, 4.0), glm::dvec2(104.0, 45.0));
    // Left: right edge at 96.
    EXPECT_EQ(labelBeyondTip(tip, {-24.0, 0.0}, size, 4.0), glm::dvec2(56.0, 45.0));
    // Up: bottom edge at 46, centred horizontally.
    EXPECT_EQ(labelBeyondTip(tip, {0.0, -24.0}, size, 4.0), glm::dvec2(80.0, 36.0));
    // Down: top edge at 54.
    EXPECT_EQ(labelBeyondTip(tip, {0.0, 1.0}, size, 4.0), glm::dvec2(80.0, 54.0));
    // No direction: right of the tip.
    EXPECT_EQ(labelBeyondTip(tip, {0.0, 0.0}, size, 4.0), glm::dvec2(104.0, 45.0));
    // Diagonal down-right: the box's centre is 5*sqrt(2) + 4 along the ray (it leaves the box through its top
    // edge, 5 px above the centre); the tip is outside the box.
    const glm::dvec2 d = labelBeyondTip(tip, {1.0, 1.0}, size, 4.0);
    const double t = (5.0 * std::sqrt(2.0) + 4.0) / std::sqrt(2.0);
    EXPECT_NEAR(d.x, 100.0 + t - 20.0, 1e-9);
    EXPECT_NEAR(d.y, 50.0 + t - 5.0, 1e-9);
    EXPECT_GT(d.y, tip.y);
}

TEST(LabelClearOf, StepsALineDownThenUpAroundTakenLabelsAndStaysInside) {
    const Rect clip{{0.0, 0.0}, {200.0, 100.0}};
    const glm::dvec2 size{80.0, 14.0};  // a line is 14 + 2 = 16 px
    // Nothing taken: the place labelInside gives.
    EXPECT_EQ(labelClearOf({150.0, 40.0}, size, clip, {}), glm::dvec2(120.0, 40.0));
    // A label already at (10..90, 40..54): the new one at (50, 45) overlaps it, so one line down (61).
    const std::vector<Rect> one{Rect{{10.0, 40.0}, {90.0, 54.0}}};
    EXPECT_EQ(labelClearOf({50.0, 45.0}, size, clip, one), glm::dvec2(50.0, 61.0));
    // One line down (61..75) is taken too, one line up (29..43) still overlaps the first (40..54): two
    // lines down (77..91) is the nearest free place.
    const std::vector<Rect> two{one[0], Rect{{40.0, 60.0}, {120.0, 74.0}}};
    EXPECT_EQ(labelClearOf({50.0, 45.0}, size, clip, two), glm::dvec2(50.0, 77.0));
    // Side by side (touching, not overlapping) is free.
    EXPECT_EQ(labelClearOf({90.0, 40.0}, size, clip, one), glm::dvec2(90.0, 40.0));
    // At the bottom edge (moved in to 86) there is no line below; the one above (70..84) is free.
    const std::vector<Rect> bottom{Rect{{0.0, 86.0}, {200.0, 100.0}}};
    EXPECT_EQ(labelClearOf({20.0, 90.0}, size, clip, bottom), glm::dvec2(20.0, 70.0));
}

}  // namespace cl
