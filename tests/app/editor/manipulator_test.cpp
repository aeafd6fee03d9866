#include "app/editor/manipulator.h"

#include <cmath>
#include <numbers>

#include <gtest/gtest.h>

#include "app/editor/picking.h"
#include "tests/app/editor/test_scene.h"

namespace cl {
namespace {

constexpr double kManipulatorTol = 1e-9;

// The camera starts at zoom 1 with world (0, 0) at screen (400, 300): F covers world (-10,-5)-(10,5),
// R covers (95,-5)-(105,5).
struct EditorManipulator : ::testing::Test {
    Document doc{test::twoSpriteScene()};
    Camera camera;
    Manipulator manip{doc, camera};

    const SpriteTransform& tf(int i) const { return doc.scene().sprites[i].transform; }
    void drag(glm::dvec2 from, glm::dvec2 to, Modifiers mods = {}, MouseButton b = MouseButton::Left) {
        manip.handleEvent(InputEvent::mouseDown(from, b, mods));
        manip.handleEvent(InputEvent::mouseMove((from + to) * 0.5, mods));
        manip.handleEvent(InputEvent::mouseMove(to, mods));
        manip.handleEvent(InputEvent::mouseUp(to, b, mods));
    }
};

TEST_F(EditorManipulator, DragMovesBySpriteTheWorldDeltaAtZoomTwo) {
    camera.setZoom(2.0);
    drag({400.0, 300.0}, {420.0, 310.0});
    // 20 x 10 screen pixels at zoom 2 are 10 x 5 world units.
    EXPECT_NEAR(tf(0).position.x, 10.0, kManipulatorTol);
    EXPECT_NEAR(tf(0).position.y, 5.0, kManipulatorTol);
    EXPECT_EQ(doc.selection().sprite, 0);
    EXPECT_EQ(manip.drag(), Manipulator::Drag::None);
}

TEST_F(EditorManipulator, OneDragIsOneUndoStep) {
    const SpriteTransform original = tf(0);
    manip.handleEvent(InputEvent::mouseDown({400.0, 300.0}, MouseButton::Left));
    for (int i = 1; i <= 20; ++i) manip.handleEvent(InputEvent::mouseMove({400.0 + i, 300.0}));
    manip.handleEvent(InputEvent::mouseUp({420.0, 300.0}, MouseButton::Left));
    EXPECT_NEAR(tf(0).position.x, 20.0, kManipulatorTol);
    manip.handleEvent(InputEvent::keyDown(Key::Z, {.ctrl = true}));
    EXPECT_EQ(tf(0), original);
    EXPECT_FALSE(doc.canUndo());
    manip.handleEvent(InputEvent::keyDown(Key::Y, {.ctrl = true}));
    EXPECT_NEAR(tf(0).position.x, 20.0, kManipulatorTol);
    manip.handleEvent(InputEvent::keyDown(Key::Z, {.ctrl = true}));
    manip.handleEvent(InputEvent::keyDown(Key::Z, {.shift = true, .ctrl = true}));
    EXPECT_NEAR(tf(0).position.x, 20.0, kManipulatorTol);
}

TEST_F(EditorManipulator, ClickingEmptySpaceClearsTheSelectionAndClickingRSelectsIt) {
    manip.handleEvent(InputEvent::mouseDown({300.0, 100.0}, MouseButton::Left));
    manip.handleEvent(InputEvent::mouseUp({300.0, 100.0}, MouseButton::Left));
    EXPECT_EQ(doc.selection().sprite, -1);
    manip.handleEvent(InputEvent::mouseDown({500.0, 300.0}, MouseButton::Left));
    manip.handleEvent(InputEvent::mouseUp({500.0, 300.0}, MouseButton::Left));
    EXPECT_EQ(doc.selection().sprite, 1);
    EXPECT_FALSE(doc.canUndo());  // a click without movement changes nothing
}

TEST_F(EditorManipulator, HandleLayoutPutsTheKnobAboveTheTopEdge) {
    const auto layout = manip.handles();
    ASSERT_TRUE(layout.has_value());
    // F's top edge middle is world (0, -5) = screen (400, 295); the knob sits 30 px further out.
    EXPECT_NEAR(layout->stemScreen.x, 400.0, kManipulatorTol);
    EXPECT_NEAR(layout->stemScreen.y, 295.0, kManipulatorTol);
    EXPECT_NEAR(layout->rotateKnobScreen.x, 400.0, kManipulatorTol);
    EXPECT_NEAR(layout->rotateKnobScreen.y, 265.0, kManipulatorTol);
    EXPECT_NEAR(layout->rotateKnobWorld.y, -35.0, kManipulatorTol);
    EXPECT_NEAR(layout->cornersScreen[2].x, 410.0, kManipulatorTol);
    EXPECT_NEAR(layout->cornersScreen[2].y, 305.0, kManipulatorTol);
    EXPECT_NEAR(layout->pivotScreen.x, 400.0, kManipulatorTol);
}

TEST_F(EditorManipulator, HoverNamesTheHandleUnderTheCursor) {
    manip.handleEvent(InputEvent::mouseMove({402.0, 266.0}));
    EXPECT_EQ(manip.hover(), (Hover{0, Handle::Rotate, -1}));
    manip.handleEvent(InputEvent::mouseMove({390.0, 295.0}));
    EXPECT_EQ(manip.hover(), (Hover{0, Handle::Corner, 0}));
    manip.handleEvent(InputEvent::mouseMove({500.0, 300.0}));
    EXPECT_EQ(manip.hover(), (Hover{1, Handle::Body, -1}));
    manip.handleEvent(InputEvent::mouseMove({400.0, 300.0}, {.alt = true}));
    EXPECT_EQ(manip.hover(), (Hover{0, Handle::Pivot, -1}));
    manip.handleEvent(InputEvent::mouseMove({300.0, 100.0}));
    EXPECT_EQ(manip.hover(), Hover{});
}

TEST_F(EditorManipulator, RotationKnobDragGivesTheAngleAroundThePivot) {
    // From straight above the pivot (-90 deg) to straight right of it (0 deg): a quarter turn clockwise.
    drag({400.0, 265.0}, {430.0, 300.0});
    EXPECT_NEAR(tf(0).rotationDeg, 90.0, kManipulatorTol);
    EXPECT_EQ(tf(0).position, glm::dvec2(0.0, 0.0));
    EXPECT_EQ(doc.undoLabel(), "Rotate F");
}

TEST_F(EditorManipulator, ShiftSnapsTheRotationTo15Degrees) {
    // Ending at world (30, 2): atan2(2, 30) = 3.81 deg, so the unsnapped angle is 93.81.
    drag({400.0, 265.0}, {430.0, 302.0});
    EXPECT_NEAR(tf(0).rotationDeg, 90.0 + std::atan2(2.0, 30.0) * 180.0 / std::numbers::pi, 1e-9);
    doc.undo();
    drag({400.0, 265.0}, {430.0, 302.0}, {.shift = true});
    EXPECT_NEAR(tf(0).rotationDeg, 90.0, kManipulatorTol);
}

TEST_F(EditorManipulator, CornerDragScalesAboutThePivot) {
    // Corner (w, h) is 10 x 5 from the pivot; dragged to 30 x 5 from it.
    drag({410.0, 305.0}, {430.0, 305.0});
    EXPECT_NEAR(tf(0).scale.x, 3.0, kManipulatorTol);
    EXPECT_NEAR(tf(0).scale.y, 1.0, kManipulatorTol);
    EXPECT_EQ(tf(0).position, glm::dvec2(0.0, 0.0));
}

TEST_F(EditorManipulator, ShiftCornerDragKeepsTheScaleUniform) {
    // Project the target offset (30, 5) on the corner's offset (10, 5): (300 + 25) / 125 = 2.6.
    drag({410.0, 305.0}, {430.0, 305.0}, {.shift = true});
    EXPECT_NEAR(tf(0).scale.x, 2.6, kManipulatorTol);
    EXPECT_NEAR(tf(0).scale.y, 2.6, kManipulatorTol);
}

TEST_F(EditorManipulator, CornerDragOfARotatedSpriteWorksInTheSpritesFrame) {
    SpriteTransform t = tf(0);
    t.rotationDeg = 90.0;
    doc.setTransform(0, t);
    // Texture corner (20, 10) is (10, 5) from the pivot; turned 90 deg clockwise it is world (-5, 10).
    // Dragging it 10 px further down doubles the sprite's x extent: offset (10, 5) -> (20, 5) in its frame.
    drag({395.0, 310.0}, {395.0, 320.0});
    EXPECT_NEAR(tf(0).scale.x, 2.0, kManipulatorTol);
    EXPECT_NEAR(tf(0).scale.y, 1.0, kManipulatorTol);
}

TEST_F(EditorManipulator, CornerDragThroughThePivotNeverReachesAnInvalidScale) {
    drag({410.0, 305.0}, {400.0, 300.0});  // the corner onto the pivot: scale 0 wanted
    EXPECT_EQ(tf(0).scale.x, kMinScale);
    EXPECT_EQ(tf(0).scale.y, kMinScale);
    EXPECT_FALSE(validate(tf(0)).has_value());
}

TEST_F(EditorManipulator, AltDragMovesThePivotButNotTheImage) {
    SpriteTransform t = tf(0);
    t.scale = {2.0, 1.0};
    doc.setTransform(0, t);
    // Alt+drag from the pivot by world (4, 2): at scale (2, 1) that is texture (2, 2).
    drag({400.0, 300.0}, {404.0, 302.0}, {.alt = true});
    EXPECT_NEAR(tf(0).origin.x, 12.0, kManipulatorTol);
    EXPECT_NEAR(tf(0).origin.y, 7.0, kManipulatorTol);
    EXPECT_NEAR(tf(0).position.x, 4.0, kManipulatorTol);
    EXPECT_NEAR(tf(0).position.y, 2.0, kManipulatorTol);
}

TEST_F(EditorManipulator, AltDragOfARotatedScaledSpriteKeepsEveryTextureCornerInPlace) {
    SpriteTransform t = tf(0);
    t.rotationDeg = 30.0;
    t.scale = {1.5, -0.75};
    doc.setTransform(0, t);
    const Quad before = spriteQuad(doc.scene().sprites[0]);
    drag({401.0, 299.0}, {437.0, 281.0}, {.alt = true});
    EXPECT_NE(tf(0).origin, t.origin);
    const Quad after = spriteQuad(doc.scene().sprites[0]);
    for (int i = 0; i < 4; ++i) {
        EXPECT_NEAR(after[i].x, before[i].x, 1e-9);
        EXPECT_NEAR(after[i].y, before[i].y, 1e-9);
    }
    EXPECT_EQ(doc.undoLabel(), "Move pivot of F");
}

TEST_F(EditorManipulator, EscapeCancelsTheDragInProgress) {
    manip.handleEvent(InputEvent::mouseDown({400.0, 300.0}, MouseButton::Left));
    manip.handleEvent(InputEvent::mouseMove({450.0, 300.0}));
    EXPECT_NEAR(tf(0).position.x, 50.0, kManipulatorTol);
    manip.handleEvent(InputEvent::keyDown(Key::Escape));
    EXPECT_EQ(tf(0).position, glm::dvec2(0.0, 0.0));
    manip.handleEvent(InputEvent::mouseUp({450.0, 300.0}, MouseButton::Left));
    EXPECT_EQ(tf(0).position, glm::dvec2(0.0, 0.0));
    EXPECT_FALSE(doc.canUndo());
}

TEST_F(EditorManipulator, LosingFocusEndsTheDragKeepingItsEdit) {
    manip.handleEvent(InputEvent::mouseDown({400.0, 300.0}, MouseButton::Left));
    manip.handleEvent(InputEvent::mouseMove({450.0, 300.0}));
    manip.handleEvent(InputEvent::focusLost());
    EXPECT_EQ(manip.drag(), Manipulator::Drag::None);
    EXPECT_FALSE(doc.inGesture());
    manip.handleEvent(InputEvent::mouseMove({480.0, 300.0}));
    EXPECT_NEAR(tf(0).position.x, 50.0, kManipulatorTol);
    EXPECT_TRUE(doc.canUndo());
}

TEST_F(EditorManipulator, ADocumentReplacedUnderADragEndsTheDragSafely) {
    SceneSprite s;
    s.name = "G";
    s.pixels = test::solidImage(10, 10);
    s.transform.position = {-100.0, -100.0};
    doc.addSprite(s);
    manip.handleEvent(InputEvent::mouseDown({305.0, 205.0}, MouseButton::Left));
    ASSERT_EQ(manip.drag(), Manipulator::Drag::Move);
    EXPECT_EQ(manip.hover().sprite, 2);
    doc.reset(test::twoSpriteScene());  // e.g. File > New from the menu while the button is held
    EXPECT_EQ(manip.hover(), Hover{});
    manip.handleEvent(InputEvent::mouseMove({320.0, 205.0}));
    manip.handleEvent(InputEvent::mouseUp({320.0, 205.0}, MouseButton::Left));
    EXPECT_EQ(manip.drag(), Manipulator::Drag::None);
    EXPECT_FALSE(doc.canUndo());
    EXPECT_EQ(doc.scene().sprites.size(), 2u);
}

TEST_F(EditorManipulator, AClassicTargetThatNoLongerExistsFallsBackToTheSelection) {
    SceneSprite s;
    s.name = "G";
    s.pixels = test::solidImage(10, 10);
    doc.addSprite(s);
    doc.setPair(2, 1);
    manip.settings().classicControls = true;
    manip.handleEvent(InputEvent::mouseDown({400.0, 300.0}, MouseButton::Left));
    manip.handleEvent(InputEvent::mouseUp({400.0, 300.0}, MouseButton::Left));
    EXPECT_EQ(manip.classicTarget(), 2);
    doc.reset(test::twoSpriteScene());
    EXPECT_EQ(manip.classicTarget(), 0);
    manip.handleEvent(InputEvent::wheel({0.0, 0.0}, 1.0));
    EXPECT_NEAR(tf(0).rotationDeg, 1.0, kManipulatorTol);
}

TEST_F(EditorManipulator, WheelOverASpriteZoomsAndKeepsThePointUnderTheCursor) {
    // The cursor is on R's pivot, world (100, 0) at screen (500, 300). One notch up: zoom 1.2, and world
    // (100, 0) stays at (500, 300), so world (0, 0) moves to 500 - 100 * 1.2 = 380.
    manip.handleEvent(InputEvent::wheel({500.0, 300.0}, 1.0));
    EXPECT_NEAR(camera.zoom(), 1.2, kManipulatorTol);
    EXPECT_NEAR(camera.worldToScreen({0.0, 0.0}).x, 380.0, kManipulatorTol);
    EXPECT_NEAR(camera.worldToScreen({0.0, 0.0}).y, 300.0, kManipulatorTol);
    EXPECT_NEAR(camera.worldToScreen({100.0, 0.0}).x, 500.0, kManipulatorTol);
    // Two notches down from there: zoom 1.2 / 1.44 = 1/1.2; world (0, 0) at 500 - 100 / 1.2.
    manip.handleEvent(InputEvent::wheel({500.0, 300.0}, -2.0));
    EXPECT_NEAR(camera.zoom(), 1.0 / 1.2, kManipulatorTol);
    EXPECT_NEAR(camera.worldToScreen({0.0, 0.0}).x, 500.0 - 100.0 / 1.2, kManipulatorTol);
    EXPECT_NEAR(camera.worldToScreen({100.0, 0.0}).x, 500.0, kManipulatorTol);
    // Alt alone is no edit modifier either: the wheel still zooms.
    manip.handleEvent(InputEvent::wheel({500.0, 300.0}, 1.0, {.alt = true}));
    EXPECT_NEAR(camera.zoom(), 1.0, kManipulatorTol);
    EXPECT_EQ(tf(1), test::twoSpriteScene().sprites[1].transform);
    EXPECT_FALSE(doc.canUndo());
}

TEST_F(EditorManipulator, ShiftWheelRotatesOneDegreePerNotchAndShiftAltFive) {
    manip.handleEvent(InputEvent::wheel({500.0, 300.0}, 1.0, {.shift = true}));
    manip.handleEvent(InputEvent::wheel({500.0, 300.0}, 2.0, {.shift = true}));
    EXPECT_NEAR(tf(1).rotationDeg, 3.0, kManipulatorTol);
    manip.handleEvent(InputEvent::wheel({500.0, 300.0}, -1.0, {.shift = true, .alt = true}));
    EXPECT_NEAR(tf(1).rotationDeg, -2.0, kManipulatorTol);
    EXPECT_EQ(camera.zoom(), 1.0);
    EXPECT_EQ(tf(0), test::twoSpriteScene().sprites[0].transform);
    // The whole run of notches is one undo step.
    doc.undo();
    EXPECT_EQ(tf(1).rotationDeg, 0.0);
    EXPECT_FALSE(doc.canUndo());
}

TEST_F(EditorManipulator, ShiftWheelOverEmptySpaceTurnsTheSelectionAndWithoutOneDoesNothing) {
    ASSERT_EQ(doc.selection().sprite, 0);
    manip.handleEvent(InputEvent::wheel({250.0, 120.0}, 1.0, {.shift = true}));
    EXPECT_NEAR(tf(0).rotationDeg, 1.0, kManipulatorTol);
    doc.select(-1);
    EXPECT_FALSE(manip.handleEvent(InputEvent::wheel({250.0, 120.0}, 1.0, {.shift = true})));
    EXPECT_FALSE(manip.handleEvent(InputEvent::wheel({250.0, 120.0}, 1.0, {.ctrl = true})));
    EXPECT_NEAR(tf(0).rotationDeg, 1.0, kManipulatorTol);
    EXPECT_EQ(camera.zoom(), 1.0);
}

TEST_F(EditorManipulator, CtrlWheelScalesAndThousandNotchesStopAtTheMinimumScale) {
    manip.handleEvent(InputEvent::wheel({500.0, 300.0}, 1.0, {.ctrl = true}));
    EXPECT_NEAR(tf(1).scale.x, 1.1, kManipulatorTol);
    EXPECT_NEAR(tf(1).scale.y, 1.1, kManipulatorTol);
    for (int i = 0; i < 1000; ++i) {
        // Keep the cursor on the shrinking sprite: its pivot stays at world (100, 0).
        manip.handleEvent(InputEvent::wheel({500.0, 300.0}, -1.0, {.ctrl = true}));
    }
    EXPECT_EQ(tf(1).scale.x, kMinScale);
    EXPECT_EQ(tf(1).scale.y, kMinScale);
    EXPECT_FALSE(validate(tf(1)).has_value());
}

TEST_F(EditorManipulator, WheelOverEmptySpaceZoomsAtTheCursor) {
    const glm::dvec2 cursor{250.0, 120.0};
    const glm::dvec2 before = camera.screenToWorld(cursor);
    manip.handleEvent(InputEvent::wheel(cursor, 1.0));
    EXPECT_NEAR(camera.zoom(), 1.2, kManipulatorTol);
    const glm::dvec2 after = camera.screenToWorld(cursor);
    EXPECT_NEAR(after.x, before.x, kManipulatorTol);
    EXPECT_NEAR(after.y, before.y, kManipulatorTol);
    EXPECT_FALSE(doc.canUndo());
}

TEST_F(EditorManipulator, MiddleDragAndSpaceDragPan) {
    drag({100.0, 100.0}, {130.0, 90.0}, {}, MouseButton::Middle);
    EXPECT_NEAR(camera.center().x, -30.0, kManipulatorTol);
    EXPECT_NEAR(camera.center().y, 10.0, kManipulatorTol);
    manip.handleEvent(InputEvent::keyDown(Key::Space));
    drag({400.0, 300.0}, {410.0, 300.0});  // over F, but Space pans instead of moving it
    manip.handleEvent(InputEvent::keyUp(Key::Space));
    EXPECT_NEAR(camera.center().x, -40.0, kManipulatorTol);
    EXPECT_EQ(tf(0).position, glm::dvec2(0.0, 0.0));
    EXPECT_FALSE(doc.canUndo());
}

TEST_F(EditorManipulator, FFramesEverySprite) {
    manip.handleEvent(InputEvent::keyDown(Key::F));
    // All sprites span world (-10,-5)-(105,5): 115 x 10. The 800 x 600 view keeps 45 px on each side (knob
    // 30 + radius 7 + 8, more than the 40 margin) and 16 more on top for the labels: a 710 x 494 room from
    // (45, 61), zoom 710 / 115. Its middle (400, 308) is 8 px below the view's, so the centre sits 8 / zoom
    // world units above the sprites' middle.
    EXPECT_NEAR(camera.zoom(), 710.0 / 115.0, kManipulatorTol);
    EXPECT_NEAR(camera.center().x, 47.5, kManipulatorTol);
    EXPECT_NEAR(camera.center().y, -8.0 / (710.0 / 115.0), kManipulatorTol);
}

TEST_F(EditorManipulator, ArrowsNudgeAndQERotateTheSelection) {
    manip.handleEvent(InputEvent::keyDown(Key::Right));
    manip.handleEvent(InputEvent::keyDown(Key::Right));
    manip.handleEvent(InputEvent::keyDown(Key::Down, {.shift = true}));
    manip.handleEvent(InputEvent::keyDown(Key::Left, {.shift = true}));
    manip.handleEvent(InputEvent::keyDown(Key::Up));
    EXPECT_EQ(tf(0).position, glm::dvec2(2.0 - 10.0, 10.0 - 1.0));
    manip.handleEvent(InputEvent::keyDown(Key::Q));
    manip.handleEvent(InputEvent::keyDown(Key::Q));
    manip.handleEvent(InputEvent::keyDown(Key::E));
    EXPECT_NEAR(tf(0).rotationDeg, -1.0, kManipulatorTol);
    EXPECT_EQ(tf(1), test::twoSpriteScene().sprites[1].transform);
}

TEST_F(EditorManipulator, KeysDoNothingWithoutASelection) {
    doc.select(-1);
    manip.handleEvent(InputEvent::keyDown(Key::Right));
    manip.handleEvent(InputEvent::keyDown(Key::E));
    EXPECT_FALSE(doc.canUndo());
}

TEST_F(EditorManipulator, DeleteRemovesTheSelectedSpriteOnlyWhenMoreThanTwoRemain) {
    manip.handleEvent(InputEvent::keyDown(Key::Delete));
    EXPECT_EQ(doc.scene().sprites.size(), 2u);
    SceneSprite s;
    s.name = "G";
    s.pixels = test::solidImage(4, 4);
    doc.addSprite(s);
    manip.handleEvent(InputEvent::keyDown(Key::Delete));
    EXPECT_EQ(doc.scene().sprites.size(), 2u);
    EXPECT_EQ(doc.scene().sprites[1].name, "R");
}

TEST_F(EditorManipulator, ClassicControlsPutThePivotsAtTheCursorAndTheWheelTurnsTheLastMoved) {
    manip.settings().classicControls = true;
    EXPECT_FALSE(manip.handles().has_value());
    // Left button: F's pivot follows the cursor while held, anywhere in the view.
    manip.handleEvent(InputEvent::mouseDown({500.0, 350.0}, MouseButton::Left));
    EXPECT_EQ(tf(0).position, glm::dvec2(100.0, 50.0));
    manip.handleEvent(InputEvent::mouseMove({520.0, 340.0}));
    manip.handleEvent(InputEvent::mouseUp({520.0, 340.0}, MouseButton::Left));
    EXPECT_EQ(tf(0).position, glm::dvec2(120.0, 40.0));
    manip.handleEvent(InputEvent::wheel({0.0, 0.0}, 2.0));
    EXPECT_NEAR(tf(0).rotationDeg, 2.0, kManipulatorTol);
    // Right button: R.
    manip.handleEvent(InputEvent::mouseDown({300.0, 300.0}, MouseButton::Right));
    manip.handleEvent(InputEvent::mouseUp({300.0, 300.0}, MouseButton::Right));
    EXPECT_EQ(tf(1).position, glm::dvec2(-100.0, 0.0));
    EXPECT_EQ(manip.classicTarget(), 1);
    manip.handleEvent(InputEvent::wheel({0.0, 0.0}, -3.0));
    EXPECT_NEAR(tf(1).rotationDeg, -3.0, kManipulatorTol);
    manip.handleEvent(InputEvent::wheel({0.0, 0.0}, 1.0, {.alt = true}));
    EXPECT_NEAR(tf(1).scale.x, 1.1, kManipulatorTol);
    EXPECT_NEAR(tf(0).rotationDeg, 2.0, kManipulatorTol);
    EXPECT_EQ(camera.zoom(), 1.0);
    // Each hold is one step: undo the R scale, R rotation, R move, F rotation, F move.
    for (int i = 0; i < 5; ++i) EXPECT_TRUE(doc.undo());
    EXPECT_FALSE(doc.canUndo());
    EXPECT_EQ(tf(0), test::twoSpriteScene().sprites[0].transform);
}

TEST_F(EditorManipulator, ClassicAltDragMovesAPivotWithoutMovingTheImage) {
    manip.settings().classicControls = true;
    const Quad before = spriteQuad(doc.scene().sprites[1]);
    // Alt+right acts on R wherever the cursor is: a world (6, -3) drag moves its origin by (6, -3).
    drag({200.0, 200.0}, {206.0, 197.0}, {.alt = true}, MouseButton::Right);
    EXPECT_NEAR(tf(1).origin.x, 11.0, kManipulatorTol);
    EXPECT_NEAR(tf(1).origin.y, 2.0, kManipulatorTol);
    EXPECT_NEAR(tf(1).position.x, 106.0, kManipulatorTol);
    EXPECT_NEAR(tf(1).position.y, -3.0, kManipulatorTol);
    const Quad after = spriteQuad(doc.scene().sprites[1]);
    for (int i = 0; i < 4; ++i) {
        EXPECT_NEAR(after[i].x, before[i].x, kManipulatorTol);
        EXPECT_NEAR(after[i].y, before[i].y, kManipulatorTol);
    }
    EXPECT_EQ(tf(0), test::twoSpriteScene().sprites[0].transform);
}

TEST_F(EditorManipulator, ClassicArrowsRotateAndScaleTheLastMovedSprite) {
    manip.settings().classicControls = true;
    manip.handleEvent(InputEvent::mouseDown({500.0, 300.0}, MouseButton::Right));
    manip.handleEvent(InputEvent::mouseUp({500.0, 300.0}, MouseButton::Right));
    manip.handleEvent(InputEvent::keyDown(Key::Right));
    manip.handleEvent(InputEvent::keyDown(Key::Right));
    manip.handleEvent(InputEvent::keyDown(Key::Left));
    manip.handleEvent(InputEvent::keyDown(Key::Up));
    manip.handleEvent(InputEvent::keyDown(Key::Up));
    manip.handleEvent(InputEvent::keyDown(Key::Down));
    EXPECT_NEAR(tf(1).rotationDeg, 1.0, kManipulatorTol);
    EXPECT_NEAR(tf(1).scale.x, 1.1, kManipulatorTol);
    EXPECT_EQ(tf(1).position, glm::dvec2(100.0, 0.0));
}

TEST_F(EditorManipulator, ClassicControlsFollowThePickedPair) {
    manip.settings().classicControls = true;
    doc.setPair(1, 0);
    manip.handleEvent(InputEvent::mouseDown({410.0, 300.0}, MouseButton::Left));
    manip.handleEvent(InputEvent::mouseUp({410.0, 300.0}, MouseButton::Left));
    EXPECT_EQ(tf(1).position, glm::dvec2(10.0, 0.0));
}

TEST_F(EditorManipulator, ResizeSetsTheViewportToTheWindow) {
    manip.handleEvent(InputEvent::resize({1000.0, 500.0}));
    const glm::dvec2 s = camera.worldToScreen({0.0, 0.0});
    EXPECT_NEAR(s.x, 500.0, kManipulatorTol);
    EXPECT_NEAR(s.y, 250.0, kManipulatorTol);
}

}  // namespace
}  // namespace cl
