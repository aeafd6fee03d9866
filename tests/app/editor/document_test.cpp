#include "app/editor/document.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "tests/app/editor/test_scene.h"

namespace cl {
namespace {

using test::solidImage;
using test::twoSpriteScene;

SpriteTransform movedTo(SpriteTransform t, double x, double y) {
    t.position = {x, y};
    return t;
}

TEST(EditorDocument, AFreshDocumentSelectsTheFirstSpriteAndPairsTheFirstTwo) {
    const Document doc(twoSpriteScene());
    EXPECT_EQ(doc.selection().sprite, 0);
    EXPECT_EQ(doc.selection().pairA, 0);
    EXPECT_EQ(doc.selection().pairB, 1);
    EXPECT_FALSE(doc.dirty());
    EXPECT_FALSE(doc.canUndo());
}

TEST(EditorDocument, AScenesViewPairIsThePairItOpensOnWithoutAnUndoStep) {
    Scene scene = twoSpriteScene();
    scene.view.pair = std::pair<std::string, std::string>{scene.sprites[1].name, scene.sprites[0].name};
    const Document doc(scene);
    EXPECT_EQ(doc.selection().pairA, 1);
    EXPECT_EQ(doc.selection().pairB, 0);
    EXPECT_FALSE(doc.dirty());
    EXPECT_FALSE(doc.canUndo());
}

TEST(EditorDocument, UndoAndRedoRestoreExactTransforms) {
    Document doc(twoSpriteScene());
    const SpriteTransform original = doc.scene().sprites[0].transform;
    SpriteTransform edited = original;
    edited.position = {1.0 / 3.0, -7.25};
    edited.rotationDeg = 12.345;
    edited.scale = {0.5, -2.0};
    ASSERT_TRUE(doc.setTransform(0, edited));
    EXPECT_EQ(doc.scene().sprites[0].transform, edited);
    ASSERT_TRUE(doc.undo());
    EXPECT_EQ(doc.scene().sprites[0].transform, original);
    ASSERT_TRUE(doc.redo());
    EXPECT_EQ(doc.scene().sprites[0].transform, edited);
    EXPECT_FALSE(doc.redo());
}

TEST(EditorDocument, AGestureIsOneUndoStepHoweverManyEditsItHolds) {
    Document doc(twoSpriteScene());
    const SpriteTransform original = doc.scene().sprites[0].transform;
    doc.beginGesture("Move F");
    for (int i = 1; i <= 10; ++i) doc.setTransform(0, movedTo(original, i, 2.0 * i));
    EXPECT_TRUE(doc.canUndo());
    EXPECT_EQ(doc.undoLabel(), "Move F");
    doc.commitGesture();
    EXPECT_EQ(doc.scene().sprites[0].transform.position, glm::dvec2(10.0, 20.0));
    EXPECT_EQ(doc.undoLabel(), "Move F");
    ASSERT_TRUE(doc.undo());
    EXPECT_EQ(doc.scene().sprites[0].transform, original);
    EXPECT_FALSE(doc.canUndo());
}

TEST(EditorDocument, AGestureThatChangesNothingLeavesNoStep) {
    Document doc(twoSpriteScene());
    doc.beginGesture("Move F");
    EXPECT_FALSE(doc.canUndo());
    doc.setTransform(0, doc.scene().sprites[0].transform);  // same value: no change
    EXPECT_FALSE(doc.canUndo());
    doc.commitGesture();
    EXPECT_FALSE(doc.canUndo());
}

TEST(EditorDocument, CancellingAGestureRestoresTheStart) {
    Document doc(twoSpriteScene());
    const SpriteTransform original = doc.scene().sprites[0].transform;
    doc.beginGesture("Move F");
    doc.setTransform(0, movedTo(original, 50.0, 60.0));
    doc.cancelGesture();
    EXPECT_EQ(doc.scene().sprites[0].transform, original);
    EXPECT_FALSE(doc.canUndo());
    EXPECT_FALSE(doc.dirty());
}

TEST(EditorDocument, ConsecutiveEditsWithTheSameMergeKeyAreOneStep) {
    Document doc(twoSpriteScene());
    const SpriteTransform original = doc.scene().sprites[0].transform;
    doc.setTransform(0, movedTo(original, 1.0, 0.0), "F.position");
    doc.setTransform(0, movedTo(original, 2.0, 0.0), "F.position");
    doc.setTransform(0, movedTo(original, 3.0, 0.0), "F.position");
    doc.setTransform(0, movedTo(original, 3.0, 0.0), "F.position");
    // A different field starts a new step.
    SpriteTransform turned = movedTo(original, 3.0, 0.0);
    turned.rotationDeg = 45.0;
    doc.setTransform(0, turned, "F.rotation");
    ASSERT_TRUE(doc.undo());
    EXPECT_EQ(doc.scene().sprites[0].transform, movedTo(original, 3.0, 0.0));
    ASSERT_TRUE(doc.undo());
    EXPECT_EQ(doc.scene().sprites[0].transform, original);
    EXPECT_FALSE(doc.canUndo());
}

TEST(EditorDocument, BreakMergeStartsANewStepForTheSameField) {
    Document doc(twoSpriteScene());
    const SpriteTransform original = doc.scene().sprites[0].transform;
    doc.setTransform(0, movedTo(original, 1.0, 0.0), "F.position");
    doc.breakMerge();
    doc.setTransform(0, movedTo(original, 2.0, 0.0), "F.position");
    ASSERT_TRUE(doc.undo());
    EXPECT_EQ(doc.scene().sprites[0].transform.position, glm::dvec2(1.0, 0.0));
}

TEST(EditorDocument, UndoEndsAMergeRun) {
    Document doc(twoSpriteScene());
    const SpriteTransform original = doc.scene().sprites[0].transform;
    doc.setTransform(0, movedTo(original, 1.0, 0.0), "k");
    doc.setTransform(1, movedTo(doc.scene().sprites[1].transform, 0.0, 0.0));
    doc.undo();
    doc.setTransform(0, movedTo(original, 2.0, 0.0), "k");
    ASSERT_TRUE(doc.undo());
    EXPECT_EQ(doc.scene().sprites[0].transform.position, glm::dvec2(1.0, 0.0));
}

TEST(EditorDocument, ANewEditClearsTheRedoStack) {
    Document doc(twoSpriteScene());
    const SpriteTransform original = doc.scene().sprites[0].transform;
    doc.setTransform(0, movedTo(original, 1.0, 0.0));
    doc.undo();
    EXPECT_TRUE(doc.canRedo());
    doc.setTransform(0, movedTo(original, 5.0, 0.0));
    EXPECT_FALSE(doc.canRedo());
}

TEST(EditorDocument, DirtyTracksTheSavedStateThroughUndoAndRedo) {
    Document doc(twoSpriteScene());
    const SpriteTransform original = doc.scene().sprites[0].transform;
    doc.setTransform(0, movedTo(original, 1.0, 0.0));
    EXPECT_TRUE(doc.dirty());
    doc.undo();
    EXPECT_FALSE(doc.dirty());
    doc.redo();
    EXPECT_TRUE(doc.dirty());
    doc.markSaved();
    EXPECT_FALSE(doc.dirty());
    doc.undo();
    EXPECT_TRUE(doc.dirty());
    doc.redo();
    EXPECT_FALSE(doc.dirty());
}

TEST(EditorDocument, ASaveEndsAMergeRunSoUndoReturnsToTheSavedState) {
    Document doc(twoSpriteScene());
    const SpriteTransform original = doc.scene().sprites[0].transform;
    doc.setTransform(0, movedTo(original, 1.0, 0.0), "F.position");
    doc.markSaved();
    doc.setTransform(0, movedTo(original, 2.0, 0.0), "F.position");
    EXPECT_TRUE(doc.dirty());
    ASSERT_TRUE(doc.undo());
    EXPECT_EQ(doc.scene().sprites[0].transform.position, glm::dvec2(1.0, 0.0));
    EXPECT_FALSE(doc.dirty());
}

TEST(EditorDocument, RevisionCountsSceneChangesButNotSelection) {
    Document doc(twoSpriteScene());
    const auto r0 = doc.revision();
    doc.select(1);
    EXPECT_EQ(doc.revision(), r0);
    doc.setThreshold(1, 10);
    EXPECT_GT(doc.revision(), r0);
    const auto r1 = doc.revision();
    doc.undo();
    EXPECT_GT(doc.revision(), r1);
    const auto r2 = doc.revision();
    doc.setThreshold(1, 0);  // already 0: no change
    EXPECT_EQ(doc.revision(), r2);
}

TEST(EditorDocument, TransformsAreClampedToTheValidityLimits) {
    Document doc(twoSpriteScene());
    SpriteTransform t = doc.scene().sprites[0].transform;
    t.scale = {0.0, -1e9};
    t.position = {std::numeric_limits<double>::quiet_NaN(), -2e7};
    t.rotationDeg = std::numeric_limits<double>::infinity();
    ASSERT_TRUE(doc.setTransform(0, t));
    const SpriteTransform& got = doc.scene().sprites[0].transform;
    EXPECT_EQ(got.scale.x, kMinScale);
    EXPECT_EQ(got.scale.y, -kMaxScale);
    EXPECT_EQ(got.position.x, 0.0);  // NaN keeps the previous value
    EXPECT_EQ(got.position.y, -kMaxCoordinate);
    EXPECT_EQ(got.rotationDeg, 0.0);
}

TEST(EditorDocument, AZeroScaleKeepsTheSignItHad) {
    Document doc(twoSpriteScene());
    SpriteTransform t = doc.scene().sprites[0].transform;
    t.scale = {-2.0, 1.0};
    doc.setTransform(0, t);
    t.scale = {0.0, 1.0};
    doc.setTransform(0, t);
    EXPECT_EQ(doc.scene().sprites[0].transform.scale.x, -kMinScale);
}

TEST(EditorDocument, ThresholdIsClampedAndUndoable) {
    Document doc(twoSpriteScene());
    doc.setThreshold(0, 300);
    EXPECT_EQ(doc.scene().sprites[0].alphaThreshold, 255);
    doc.setThreshold(0, -4);
    EXPECT_EQ(doc.scene().sprites[0].alphaThreshold, 0);
    doc.undo();
    EXPECT_EQ(doc.scene().sprites[0].alphaThreshold, 255);
}

TEST(EditorDocument, BothThresholdsOfAPairAreOneUndoStep) {
    Document doc(twoSpriteScene());
    EXPECT_TRUE(doc.setThresholds(0, 141, 1, 300));
    EXPECT_EQ(doc.scene().sprites[0].alphaThreshold, 141);
    EXPECT_EQ(doc.scene().sprites[1].alphaThreshold, 255);
    EXPECT_TRUE(doc.undo());
    EXPECT_EQ(doc.scene().sprites[0].alphaThreshold, 0);
    EXPECT_EQ(doc.scene().sprites[1].alphaThreshold, 0);
    EXPECT_FALSE(doc.canUndo());
    EXPECT_FALSE(doc.setThresholds(0, 1, 2, 1));
}

TEST(EditorDocument, AnEngineThresholdSetsItsConversionAndAPlainNumberDropsIt) {
    Document doc(twoSpriteScene());
    // Godot 0.1: alpha / 255.0 > float(0.1) first holds at alpha 26, so t = 25.
    EXPECT_TRUE(doc.setEngineThreshold(1, SpriteEngineThreshold{"godot", 0.1}));
    EXPECT_EQ(doc.scene().sprites[1].alphaThreshold, 25);
    ASSERT_NE(shownEngineThreshold(doc.scene().sprites[1]), nullptr);
    // A setting that makes alpha 0 solid does not convert: refused, nothing changes.
    EXPECT_FALSE(doc.setEngineThreshold(1, SpriteEngineThreshold{"godot", -0.1}));
    EXPECT_EQ(doc.scene().sprites[1].alphaThreshold, 25);
    EXPECT_FALSE(doc.setEngineThreshold(1, SpriteEngineThreshold{"unity", 0.5}));
    // A plain number drops the engine form; undo brings it back.
    doc.setThreshold(1, 40);
    EXPECT_FALSE(doc.scene().sprites[1].engineThreshold.has_value());
    doc.undo();
    EXPECT_EQ(doc.scene().sprites[1].alphaThreshold, 25);
    EXPECT_EQ(doc.scene().sprites[1].engineThreshold, (SpriteEngineThreshold{"godot", 0.1}));
    // Back to "alpha > t": the number stays, the engine form goes.
    EXPECT_TRUE(doc.setEngineThreshold(1, std::nullopt));
    EXPECT_EQ(doc.scene().sprites[1].alphaThreshold, 25);
    EXPECT_FALSE(doc.scene().sprites[1].engineThreshold.has_value());
}

TEST(EditorDocument, BadIndicesAreRefusedWithoutASideEffect) {
    Document doc(twoSpriteScene());
    EXPECT_FALSE(doc.setTransform(2, SpriteTransform{}));
    EXPECT_FALSE(doc.setThreshold(-1, 5));
    EXPECT_FALSE(doc.setImage(0, nullptr, "x.png", {}));
    EXPECT_FALSE(doc.setPair(0, 0));
    EXPECT_FALSE(doc.setName(0, "R"));
    EXPECT_FALSE(doc.setName(0, "a/b"));
    EXPECT_FALSE(doc.canUndo());
    EXPECT_FALSE(doc.dirty());
}

TEST(EditorDocument, LoadingAPlainImageOnAFramedSpriteClearsItsSheetFields) {
    Scene scene = twoSpriteScene();
    SceneSprite& framed = scene.sprites[0];
    framed.sheet = solidImage(8, 8);
    framed.atlas = "sheet.json";
    framed.atlasPath = "/tmp/sheet.json";
    framed.atlasData = std::make_shared<const Atlas>();
    framed.imageFromAtlas = true;
    framed.frame.kind = FrameRef::Kind::Atlas;
    framed.frame.name = "run_1";
    framed.flip = FrameFlip{true, true};
    framed.animation.frames = {"run_0", "run_1"};
    framed.frameIndex = 1;
    Document doc(scene);
    const auto plain = solidImage(5, 3);
    ASSERT_TRUE(doc.setImage(0, plain, "/tmp/plain.png", "/tmp/plain.png"));
    const SceneSprite& s = doc.scene().sprites[0];
    EXPECT_EQ(s.pixels, plain);
    EXPECT_EQ(s.sheet, plain);
    EXPECT_TRUE(s.atlas.empty());
    EXPECT_TRUE(s.atlasPath.empty());
    EXPECT_EQ(s.atlasData, nullptr);
    EXPECT_FALSE(s.imageFromAtlas);
    EXPECT_EQ(s.frame.kind, FrameRef::Kind::Whole);
    EXPECT_EQ(s.flip, FrameFlip{});
    EXPECT_FALSE(s.animation.active());
    EXPECT_EQ(s.frameIndex, 0);
    const SceneJsonResult json = sceneToJson(doc.scene(), "/tmp/scene.json");
    ASSERT_TRUE(json.ok()) << json.error;
    for (const char* field : {"atlas", "frame", "flip", "animation", "frame_index"}) {
        EXPECT_FALSE((*json.json)["sprites"][0].contains(field)) << field;
    }
    EXPECT_EQ((*json.json)["sprites"][0]["image"], "plain.png");
    ASSERT_TRUE(doc.undo());
    EXPECT_EQ(doc.scene().sprites[0].atlas, "sheet.json");
    EXPECT_EQ(doc.scene().sprites[0].frameIndex, 1);
}

TEST(EditorDocument, SetShownImageReplacesTheImageAndSheetFieldsButKeepsNameAndThreshold) {
    Document doc(twoSpriteScene());
    ASSERT_TRUE(doc.setThreshold(1, 40));
    SceneSprite source = doc.scene().sprites[1];
    source.name = "other";
    source.alphaThreshold = 7;
    source.pixels = solidImage(2, 2);
    source.image = "two.png";
    source.flip = FrameFlip{true, false};
    source.transform.origin = {1, 1};
    ASSERT_TRUE(doc.setShownImage(1, source, "Flip R"));
    const SceneSprite& s = doc.scene().sprites[1];
    EXPECT_EQ(s.name, "R");
    EXPECT_EQ(s.alphaThreshold, 40);
    EXPECT_EQ(s.pixels, source.pixels);
    EXPECT_EQ(s.image, "two.png");
    EXPECT_TRUE(s.flip.x);
    EXPECT_EQ(s.transform.origin, glm::dvec2(1, 1));
    EXPECT_EQ(doc.undoLabel(), "Flip R");
    source.pixels = nullptr;
    EXPECT_FALSE(doc.setShownImage(1, source, "nothing"));
}

TEST(EditorDocument, AddSpriteMakesTheNameUniqueAndSelectsIt) {
    Document doc(twoSpriteScene());
    SceneSprite s;
    s.name = "F";
    s.pixels = solidImage(4, 4);
    const int index = doc.addSprite(s);
    EXPECT_EQ(index, 2);
    EXPECT_EQ(doc.scene().sprites[2].name, "F-2");
    EXPECT_EQ(doc.selection().sprite, 2);
    doc.undo();
    EXPECT_EQ(doc.scene().sprites.size(), 2u);
    EXPECT_EQ(doc.selection().sprite, 0);
}

TEST(EditorDocument, RemovingASpriteShiftsTheSelectionAndPairIndices) {
    Document doc(twoSpriteScene());
    SceneSprite s;
    s.name = "G";
    s.pixels = solidImage(4, 4);
    doc.addSprite(s);
    ASSERT_TRUE(doc.setPair(2, 1));
    ASSERT_TRUE(doc.removeSprite(0));
    // Old sprites 1 and 2 are now 0 and 1, and the pair (2, 1) follows them to (1, 0).
    EXPECT_EQ(doc.selection().pairA, 1);
    EXPECT_EQ(doc.selection().pairB, 0);
    EXPECT_EQ(doc.selection().sprite, 1);
    EXPECT_FALSE(doc.removeSprite(0));  // a scene keeps two sprites
    doc.undo();
    EXPECT_EQ(doc.scene().sprites.size(), 3u);
    EXPECT_EQ(doc.scene().sprites[0].name, "F");
    EXPECT_EQ(doc.selection().pairA, 2);
}

TEST(EditorDocument, RemovingOneOfThePairRepairsIt) {
    Document doc(twoSpriteScene());
    SceneSprite s;
    s.name = "G";
    s.pixels = solidImage(4, 4);
    doc.addSprite(s);
    ASSERT_TRUE(doc.setPair(2, 1));
    ASSERT_TRUE(doc.removeSprite(2));
    EXPECT_EQ(doc.selection().pairA, 0);
    EXPECT_EQ(doc.selection().pairB, 1);
    EXPECT_EQ(doc.selection().sprite, -1);
}

TEST(EditorDocument, ImageStringsAndPixelsComeBackExactlyThroughUndoAndRedo) {
    Scene scene = twoSpriteScene();
    const std::string embedded = "data:image/png;base64," + std::string(100000, 'Q');
    scene.sprites[0].image = embedded;
    scene.sprites[1].image = "r.png";
    Document doc(std::move(scene));
    const auto oldPixels = doc.scene().sprites[0].pixels;
    for (int i = 1; i <= 3; ++i) doc.setTransform(0, movedTo(doc.scene().sprites[0].transform, i, 0.0));
    const auto newPixels = solidImage(3, 3);
    doc.setImage(0, newPixels, "other.png", "/tmp/other.png");
    doc.setTransform(1, movedTo(doc.scene().sprites[1].transform, 7.0, 0.0));
    EXPECT_EQ(doc.scene().sprites[0].image, "other.png");
    doc.undo();
    doc.undo();
    EXPECT_EQ(doc.scene().sprites[0].image, embedded);
    EXPECT_EQ(doc.scene().sprites[0].pixels, oldPixels);
    EXPECT_EQ(doc.scene().sprites[0].transform.position, glm::dvec2(3.0, 0.0));
    EXPECT_EQ(doc.scene().sprites[1].image, "r.png");
    doc.undo();
    doc.undo();
    doc.undo();
    EXPECT_EQ(doc.scene().sprites[0].image, embedded);
    doc.redo();
    doc.redo();
    doc.redo();
    doc.redo();
    EXPECT_EQ(doc.scene().sprites[0].image, "other.png");
    EXPECT_EQ(doc.scene().sprites[0].imagePath, std::filesystem::path("/tmp/other.png"));
    EXPECT_EQ(doc.scene().sprites[0].pixels, newPixels);
    doc.redo();
    EXPECT_EQ(doc.scene().sprites[1].transform.position, glm::dvec2(7.0, 0.0));
    EXPECT_FALSE(doc.canRedo());
}

TEST(EditorDocument, GenericEditsAreUndoable) {
    Document doc(twoSpriteScene());
    doc.edit("Title", [](Scene& s) { s.title = "new"; });
    EXPECT_EQ(doc.scene().title, "new");
    EXPECT_EQ(doc.undoLabel(), "Title");
    doc.edit("Image string", [](Scene& s) { s.sprites[1].image = "changed.png"; });
    doc.undo();
    EXPECT_EQ(doc.scene().sprites[1].image, "");
    doc.undo();
    EXPECT_EQ(doc.scene().title, "test");
    doc.redo();
    doc.redo();
    EXPECT_EQ(doc.scene().sprites[1].image, "changed.png");
}

TEST(EditorDocument, ResetClearsHistoryAndDirt) {
    Document doc(twoSpriteScene());
    doc.setThreshold(0, 5);
    doc.reset(twoSpriteScene());
    EXPECT_FALSE(doc.canUndo());
    EXPECT_FALSE(doc.dirty());
    EXPECT_EQ(doc.scene().sprites[0].alphaThreshold, 0);
}

// Time: F moves (3, -2) px and turns 10 degrees a frame; R stands still. Worked by hand: at frame 4 F sits
// at (0, 0) + 4 (3, -2) = (12, -8) turned 40 degrees; R stays at (100, 0).
Scene movingScene(int frame) {
    Scene scene = twoSpriteScene();
    scene.sprites[0].motion.velocity = {3.0, -2.0};
    scene.sprites[0].motion.angularVelocityDeg = 10.0;
    scene.timeline.frames = 10;
    scene.timeline.frame = frame;
    return scene;
}

TEST(EditorDocumentTime, AFileOpenedAtFrameFourShowsItsSpritesWhereFrameFourPutsThem) {
    const Document doc(movingScene(4));
    EXPECT_EQ(doc.scene().sprites[0].transform.position, glm::dvec2(12.0, -8.0));
    EXPECT_DOUBLE_EQ(doc.scene().sprites[0].transform.rotationDeg, 40.0);
    EXPECT_EQ(doc.scene().sprites[1].transform.position, glm::dvec2(100.0, 0.0));
    // The file still gets the frame-0 transforms, exactly.
    const Scene file = doc.fileScene();
    EXPECT_EQ(file.sprites[0].transform, movingScene(4).sprites[0].transform);
    EXPECT_EQ(file.timeline.frame, 4);
}

TEST(EditorDocumentTime, SteppingThroughTimeMovesSpritesAlongTheirMotionAndUndoesAsOneStep) {
    Document doc(movingScene(0));
    ASSERT_TRUE(doc.setFrame(1, "timeline.frame"));
    ASSERT_TRUE(doc.setFrame(2, "timeline.frame"));
    EXPECT_EQ(doc.scene().timeline.frame, 2);
    EXPECT_EQ(doc.scene().sprites[0].transform.position, glm::dvec2(6.0, -4.0));
    EXPECT_DOUBLE_EQ(doc.scene().sprites[0].transform.rotationDeg, 20.0);
    EXPECT_TRUE(doc.dirty());
    ASSERT_TRUE(doc.undo());
    EXPECT_EQ(doc.scene().timeline.frame, 0);
    EXPECT_EQ(doc.scene().sprites[0].transform.position, glm::dvec2(0.0, 0.0));
    EXPECT_FALSE(doc.canUndo());
    EXPECT_FALSE(doc.dirty());
}

TEST(EditorDocumentTime, FramesOutsideTheTimelineAreClampedToItsEnds) {
    Document doc(movingScene(0));
    doc.setFrame(50);
    EXPECT_EQ(doc.scene().timeline.frame, 9);
    EXPECT_EQ(doc.scene().sprites[0].transform.position, glm::dvec2(27.0, -18.0));
    doc.setFrame(-3);
    EXPECT_EQ(doc.scene().timeline.frame, 0);
}

TEST(EditorDocumentTime, ScrubbingAndComingBackNeverDriftsTheSavedTransforms) {
    // 0.1 and 0.7 are not binary fractions: (0.1 + 7 * 0.7) - 7 * 0.7 is not 0.1 in doubles, so only the kept
    // frame-0 transform gives the file back exactly.
    Scene scene = movingScene(0);
    scene.sprites[0].transform.position = {0.1, 0.3};
    scene.sprites[0].motion.velocity = {0.7, 0.9};
    Document doc(scene);
    for (int k : {7, 3, 9, 1, 7}) doc.setFrame(k);
    EXPECT_EQ(doc.fileScene().sprites[0].transform, scene.sprites[0].transform);
    doc.setFrame(0);
    EXPECT_EQ(doc.scene().sprites[0].transform, scene.sprites[0].transform);
}

TEST(EditorDocumentTime, DraggingASpriteAtFrameFourMovesItsWholePath) {
    Document doc(movingScene(4));
    SpriteTransform t = doc.scene().sprites[0].transform;
    t.position = {20.0, 0.0};  // where it should be at frame 4: so at frame 0 it is (20, 0) - 4 (3, -2) = (8, 8)
    doc.setTransform(0, t);
    EXPECT_EQ(doc.frameZeroTransform(0).position, glm::dvec2(8.0, 8.0));
    EXPECT_DOUBLE_EQ(doc.frameZeroTransform(0).rotationDeg, 0.0);
    doc.setFrame(5);
    EXPECT_EQ(doc.scene().sprites[0].transform.position, glm::dvec2(23.0, -2.0));
}

TEST(EditorDocumentTime, ChangingTheVelocityAtAFrameKeepsTheSpriteWhereItIsShown) {
    Document doc(movingScene(2));
    doc.edit("velocity", [](Scene& s) { s.sprites[0].motion.velocity = {10.0, 0.0}; });
    EXPECT_EQ(doc.scene().sprites[0].transform.position, glm::dvec2(6.0, -4.0));
    EXPECT_EQ(doc.frameZeroTransform(0).position, glm::dvec2(-14.0, -4.0));
}

}  // namespace
}  // namespace cl
