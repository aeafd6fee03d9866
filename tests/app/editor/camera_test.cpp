#include "app/editor/camera.h"

#include <gtest/gtest.h>

namespace cl {
namespace {

constexpr double kTol = 1e-9;

TEST(EditorCamera, DefaultMapsWorldOriginToViewportCentre) {
    Camera camera;
    const glm::dvec2 s = camera.worldToScreen({0.0, 0.0});
    EXPECT_NEAR(s.x, 400.0, kTol);
    EXPECT_NEAR(s.y, 300.0, kTol);
}

TEST(EditorCamera, WorldToScreenScalesOffsetsFromTheCentreByTheZoom) {
    Camera camera;
    camera.setCenter({10.0, 20.0});
    camera.setZoom(2.0);
    const glm::dvec2 s = camera.worldToScreen({15.0, 17.0});
    EXPECT_NEAR(s.x, 400.0 + 5.0 * 2.0, kTol);
    EXPECT_NEAR(s.y, 300.0 - 3.0 * 2.0, kTol);
    const glm::dvec2 w = camera.screenToWorld(s);
    EXPECT_NEAR(w.x, 15.0, kTol);
    EXPECT_NEAR(w.y, 17.0, kTol);
}

TEST(EditorCamera, ViewportOffsetShiftsTheScreenPosition) {
    Camera camera;
    camera.setViewport(Rect{{100.0, 50.0}, {300.0, 250.0}});
    const glm::dvec2 s = camera.worldToScreen({0.0, 0.0});
    EXPECT_NEAR(s.x, 200.0, kTol);
    EXPECT_NEAR(s.y, 150.0, kTol);
}

TEST(EditorCamera, ZoomAtKeepsThePointUnderTheCursorFixed) {
    Camera camera;
    // Screen (600, 300) shows world (200, 0) at zoom 1.
    camera.zoomAt({600.0, 300.0}, 2.0);
    EXPECT_NEAR(camera.zoom(), 2.0, kTol);
    const glm::dvec2 w = camera.screenToWorld({600.0, 300.0});
    EXPECT_NEAR(w.x, 200.0, kTol);
    EXPECT_NEAR(w.y, 0.0, kTol);
    // The centre moved half-way towards the cursor's world point: 200 - 200 / 2.
    EXPECT_NEAR(camera.center().x, 100.0, kTol);
}

TEST(EditorCamera, ZoomIsClampedToItsLimits) {
    Camera camera;
    camera.setZoom(1e9);
    EXPECT_EQ(camera.zoom(), Camera::kMaxZoom);
    for (int i = 0; i < 200; ++i) camera.zoomAt({10.0, 10.0}, 0.5);
    EXPECT_EQ(camera.zoom(), Camera::kMinZoom);
    camera.setZoom(-3.0);
    EXPECT_EQ(camera.zoom(), Camera::kMinZoom);
}

TEST(EditorCamera, PanMovesTheContentWithTheCursor) {
    Camera camera;
    camera.setZoom(2.0);
    const glm::dvec2 before = camera.worldToScreen({7.0, 3.0});
    camera.panByScreen({10.0, -4.0});
    const glm::dvec2 after = camera.worldToScreen({7.0, 3.0});
    EXPECT_NEAR(after.x - before.x, 10.0, kTol);
    EXPECT_NEAR(after.y - before.y, -4.0, kTol);
    EXPECT_NEAR(camera.center().x, -5.0, kTol);
    EXPECT_NEAR(camera.center().y, 2.0, kTol);
}

TEST(EditorCamera, FrameFitsTheRectangleInsideTheMargin) {
    Camera camera;
    camera.frame(Rect{{0.0, 0.0}, {100.0, 50.0}}, 40.0);
    // Room is 720 x 520 pixels: the width limits the zoom to 7.2.
    EXPECT_NEAR(camera.zoom(), 7.2, kTol);
    EXPECT_NEAR(camera.center().x, 50.0, kTol);
    EXPECT_NEAR(camera.center().y, 25.0, kTol);
}

TEST(EditorCamera, FrameOfADegenerateRectangleOnlyCentres) {
    Camera camera;
    camera.setZoom(3.0);
    camera.frame(Rect{{5.0, 6.0}, {5.0, 6.0}});
    EXPECT_EQ(camera.zoom(), 3.0);
    EXPECT_NEAR(camera.center().x, 5.0, kTol);
    EXPECT_NEAR(camera.center().y, 6.0, kTol);
}

}  // namespace
}  // namespace cl
