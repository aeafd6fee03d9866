#include "app/views/label_declutter.h"

#include <gtest/gtest.h>

namespace cl {
namespace {

// `count` boxes of 10x10 screen pixels in a row, 100 pixels apart: box i spans x in [100 i, 100 i + 10].
DeclutterInput row(std::size_t count) {
    DeclutterInput in;
    for (std::size_t i = 0; i < count; ++i) in.screenBoxes.push_back(Rect{{100.0 * double(i), 0.0}, {100.0 * double(i) + 10.0, 10.0}});
    return in;
}

std::vector<std::size_t> shownOf(const DeclutterInput& in) {
    std::vector<std::size_t> shown;
    const std::vector<bool> flags = annotatedSprites(in);
    for (std::size_t i = 0; i < flags.size(); ++i)
        if (flags[i]) shown.push_back(i);
    return shown;
}

TEST(LabelDeclutter, AFewSpritesAreAllAnnotated) {
    DeclutterInput in = row(kAnnotateAllUpTo);
    EXPECT_FALSE(decluttered(in));
    EXPECT_EQ(annotatedSprites(in), std::vector<bool>(kAnnotateAllUpTo, true));
}

TEST(LabelDeclutter, ManySpritesShowOnlyThePairAndTheSelectionWithoutAPointer) {
    DeclutterInput in = row(201);
    in.pairA = 0;
    in.pairB = 150;
    in.selected = 7;
    EXPECT_TRUE(decluttered(in));
    EXPECT_EQ(shownOf(in), (std::vector<std::size_t>{0, 7, 150}));
}

TEST(LabelDeclutter, ThePointerAddsTheSpritesNearItAndNoOthers) {
    DeclutterInput in = row(201);
    in.pairA = 0;
    in.pairB = 1;
    // Between box 50 (ends at x = 5010) and box 51 (starts at 5100): 30 px from 50, 60 px from 51.
    in.pointer = glm::dvec2(5040.0, 5.0);
    EXPECT_EQ(shownOf(in), (std::vector<std::size_t>{0, 1, 50}));
    // Inside box 51: distance 0 to it, 95 - 10 = 85 px from 50 (past kNearPointerPx = 40).
    in.pointer = glm::dvec2(5105.0, 5.0);
    EXPECT_EQ(shownOf(in), (std::vector<std::size_t>{0, 1, 51}));
}

TEST(LabelDeclutter, AtMostTheNearestFewAroundThePointer) {
    // Twenty boxes stacked on one spot, each 1 px lower: all within reach; the six nearest (highest) win.
    DeclutterInput in;
    for (int i = 0; i < 20; ++i) in.screenBoxes.push_back(Rect{{0.0, double(i)}, {10.0, double(i) + 10.0}});
    in.pointer = glm::dvec2(5.0, -20.0);  // above them all: box i is 20 + i px away
    EXPECT_EQ(shownOf(in), (std::vector<std::size_t>{0, 1, 2, 3, 4, 5}));
    EXPECT_EQ(kNearPointerMax, 6u);
}

TEST(LabelDeclutter, AllLabelsOnDemandAnnotatesEverySprite) {
    DeclutterInput in = row(201);
    in.all = true;
    EXPECT_FALSE(decluttered(in));
    EXPECT_EQ(shownOf(in).size(), 201u);
}

}  // namespace
}  // namespace cl
