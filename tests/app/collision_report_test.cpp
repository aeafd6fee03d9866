// CollisionReport: answers computed on the worker thread match hand-worked values.
#include "app/collision_report.h"

#include <gtest/gtest.h>

namespace cl {
namespace {

std::shared_ptr<const RgbaImage> solidSquare(int side) {
    auto image = std::make_shared<RgbaImage>();
    image->width = image->height = side;
    image->pixels.assign(static_cast<std::size_t>(side) * side * 4, 255);
    return image;
}

// Two 4x4 opaque squares, B shifted right by 2 pixels: the solid pixels overlap in a 2x4 block.
Scene twoSquares() {
    Scene scene;
    for (int i = 0; i < 2; ++i) {
        SceneSprite s;
        s.name = std::string(1, static_cast<char>('A' + i));
        s.pixels = solidSquare(4);
        s.transform.position = {i * 2.0, 0.0};
        scene.sprites.push_back(s);
    }
    return scene;
}

TEST(CollisionReport, WaitingGivesTheAnswerForTheInputsJustGiven) {
    CollisionReport report;
    const Scene scene = twoSquares();
    EXPECT_TRUE(report.update(scene, 1, 0, 1, "pixel-step", true));
    EXPECT_FALSE(report.pending());
    const PairAnalysis& pair = report.pair();
    EXPECT_EQ(pair.a, 0);
    EXPECT_EQ(pair.b, 1);
    EXPECT_TRUE(pair.hit);
    ASSERT_NE(pair.chosen, nullptr);
    EXPECT_EQ(pair.chosen->name, "pixel-step");
    EXPECT_EQ(pair.rows.size(), algorithms().size());
    EXPECT_EQ(pair.scan.hits.size(), 8u);                     // the 2x4 block
    EXPECT_EQ(pair.geometry.overlapQuadsWorld.size(), 8u * 4); // one quad per overlapping pixel
    EXPECT_EQ(pair.geometry.samplesInB.size(), 16u * 4);       // every sample of A (only 16)
    ASSERT_TRUE(pair.aabbOverlap.has_value());
    EXPECT_DOUBLE_EQ(pair.aabbOverlap->min.x, 2.0);
    EXPECT_DOUBLE_EQ(pair.aabbOverlap->max.x, 4.0);
    for (const AlgorithmRow& row : pair.rows) EXPECT_FALSE(row.disagrees) << row.algorithm->name;
}

TEST(CollisionReport, SameInputsAreNotRecomputed) {
    CollisionReport report;
    const Scene scene = twoSquares();
    ASSERT_TRUE(report.update(scene, 7, 0, 1, "pixel-step", true));
    const auto generation = report.generation();
    EXPECT_FALSE(report.update(scene, 7, 0, 1, "pixel-step", true));
    EXPECT_EQ(report.generation(), generation);
}

TEST(CollisionReport, MovingApartClearsTheHitAndTheOverlays) {
    CollisionReport report;
    Scene scene = twoSquares();
    ASSERT_TRUE(report.update(scene, 1, 0, 1, "pixel-step", true));
    scene.sprites[1].transform.position = {10.0, 0.0};
    ASSERT_TRUE(report.update(scene, 2, 0, 1, "pixel-step", true));
    EXPECT_FALSE(report.pair().hit);
    EXPECT_TRUE(report.pair().scan.hits.empty());
    EXPECT_FALSE(report.pair().aabbOverlap.has_value());
}

TEST(CollisionReport, ABoundTestIsDrawnWithTheDefaultPixelScan) {
    CollisionReport report;
    ASSERT_TRUE(report.update(twoSquares(), 1, 0, 1, "aabb", true));
    ASSERT_NE(report.pair().pixelTest, nullptr);
    EXPECT_EQ(report.pair().pixelTest->name, kDefaultPixelAlgorithm);
    EXPECT_EQ(report.pair().chosen->name, "aabb");
    EXPECT_EQ(report.pair().scan.hits.size(), 8u);
}

TEST(CollisionReport, NoPairGivesAnEmptyAnalysis) {
    CollisionReport report;
    ASSERT_TRUE(report.update(twoSquares(), 1, -1, -1, "pixel-step", true));
    EXPECT_EQ(report.pair().a, -1);
    EXPECT_TRUE(report.pair().rows.empty());
    EXPECT_EQ(report.sprites().size(), 2u);
}

}  // namespace
}  // namespace cl
