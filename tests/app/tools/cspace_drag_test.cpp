#include "app/tools/cspace_drag.h"

#include <gtest/gtest.h>

#include "tests/app/editor/test_scene.h"

namespace cl {
namespace {

TEST(CspaceDrag, ADragIsOneUndoStepAndMovesOnlyThePosition) {
    Document doc(test::twoSpriteScene());  // F at (0, 0), R at (100, 0)
    const SpriteTransform before = doc.scene().sprites[0].transform;
    // The map was built with F at (0, 0) on h = 1/2: cell (i, j) puts F at (i / 2, j / 2).
    doc.beginGesture("Move F in the C-space map");
    EXPECT_TRUE(moveToCell(doc, 0, {0.0, 0.0}, {3, -4}, 0.5));
    EXPECT_EQ(doc.scene().sprites[0].transform.position, glm::dvec2(1.5, -2.0));
    EXPECT_FALSE(moveToCell(doc, 0, {0.0, 0.0}, {3, -4}, 0.5));  // the same cell again: no edit
    EXPECT_TRUE(moveToCell(doc, 0, {0.0, 0.0}, {-7, 2}, 0.5));
    doc.commitGesture();
    SpriteTransform expected = before;
    expected.position = {-3.5, 1.0};
    EXPECT_EQ(doc.scene().sprites[0].transform, expected);  // origin, rotation and scale unchanged
    EXPECT_EQ(doc.scene().sprites[1].transform.position, glm::dvec2(100.0, 0.0));
    ASSERT_TRUE(doc.undo());
    EXPECT_EQ(doc.scene().sprites[0].transform, before);  // one step undoes the whole drag
    EXPECT_FALSE(doc.canUndo());
}

TEST(CspaceDrag, ABadSpriteIsIgnored) {
    Document doc(test::twoSpriteScene());
    EXPECT_FALSE(moveToCell(doc, 5, {0.0, 0.0}, {1, 1}, 1.0));
    EXPECT_FALSE(moveToCell(doc, -1, {0.0, 0.0}, {1, 1}, 1.0));
    EXPECT_FALSE(doc.canUndo());
}

}  // namespace
}  // namespace cl
