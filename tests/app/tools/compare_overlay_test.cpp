// The Compare panel's state: comparisons recomputed once per report answer, and the Collision table's
// list of disagreeing tests, against hand-worked values.
#include "app/analysis/disagreements.h"
#include "app/tools/compare_overlay.h"
#include "tests/app/editor/test_scene.h"

#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace cl {
namespace {

// A: a 2x2 opaque square with its corner at the origin; B: the same square scaled 2x over it. A into B:
// A's four pixel centres all land in B's pixel (0,0). B into A: of B's pixel centres (1,1), (3,1),
// (1,3), (3,3) only (1,1) lies in A, in A's pixel (1,1).
Scene squareUnderDoubleSquare(ScanDirection scan) {
    Scene scene;
    scene.scan = scan;
    for (int i = 0; i < 2; ++i) {
        SceneSprite s;
        s.name = std::string(1, static_cast<char>('A' + i));
        s.pixels = test::solidImage(2, 2);
        if (i == 1) s.transform.scale = {2.0, 2.0};
        scene.sprites.push_back(s);
    }
    return scene;
}

const AlgorithmRow& compareRowOf(const PairAnalysis& pair, std::string_view name) {
    for (const AlgorithmRow& row : pair.rows) {
        if (row.algorithm->name == name) return row;
    }
    throw std::runtime_error("no row " + std::string(name));
}

TEST(CompareState, ComparesTheChosenDirectionsOnTheReportsPair) {
    CollisionReport report;
    const Scene scene = squareUnderDoubleSquare(ScanDirection::AToB);
    ASSERT_TRUE(report.update(scene, 1, 0, 1, "pixel-naive", true));
    CompareState compare;
    compare.enabled = true;
    compare.first = {"pixel-naive", Sampling::Center, ScanDirection::AToB};
    compare.second = {"pixel-naive", Sampling::Center, ScanDirection::BToA};
    updateComparison(compare, report);
    ASSERT_TRUE(compare.computed);
    ASSERT_TRUE(compare.comparison.applicable) << compare.comparison.reason;
    EXPECT_EQ(compare.comparison.sets.onlyFirst.size(), 3u);
    EXPECT_EQ(compare.comparison.sets.onlySecond.size(), 0u);
    ASSERT_EQ(compare.comparison.sets.both.size(), 1u);
    EXPECT_EQ(compare.comparison.sets.both[0].a, glm::ivec2(1, 1));
    EXPECT_EQ(compare.comparison.sets.both[0].b, glm::ivec2(0, 0));
}

TEST(CompareState, NothingIsComputedWhileTheComparisonIsOff) {
    CollisionReport report;
    const Scene scene = squareUnderDoubleSquare(ScanDirection::AToB);
    ASSERT_TRUE(report.update(scene, 1, 0, 1, "pixel-naive", true));
    CompareState compare;
    updateComparison(compare, report);
    EXPECT_FALSE(compare.computed);
}

TEST(CompareState, RecomputesForANewReportAnswerOrNewChoicesOnly) {
    CollisionReport report;
    Scene scene = squareUnderDoubleSquare(ScanDirection::AToB);
    ASSERT_TRUE(report.update(scene, 1, 0, 1, "pixel-naive", true));
    CompareState compare;
    compare.enabled = true;
    updateComparison(compare, report);
    ASSERT_TRUE(compare.comparison.applicable) << compare.comparison.reason;
    // A marker only a recomputation would clear.
    compare.comparison.reason = "kept";
    updateComparison(compare, report);
    EXPECT_EQ(compare.comparison.reason, "kept");

    compare.second = {"pixel-exact"};
    updateComparison(compare, report);
    EXPECT_EQ(compare.comparison.reason, "");
    compare.comparison.reason = "kept";

    // B moved far away: once the report has the new answer, nothing overlaps.
    scene.sprites[1].transform.position = {100.0, 0.0};
    ASSERT_TRUE(report.update(scene, 2, 0, 1, "pixel-naive", true));
    updateComparison(compare, report);
    EXPECT_EQ(compare.comparison.reason, "");
    EXPECT_TRUE(compare.comparison.sets.both.empty());
    EXPECT_TRUE(compare.comparison.sets.agree());
}

TEST(CompareState, ABoundTestCannotBeComparedAndTheReasonSaysWhy) {
    CollisionReport report;
    const Scene scene = squareUnderDoubleSquare(ScanDirection::AToB);
    ASSERT_TRUE(report.update(scene, 1, 0, 1, "pixel-naive", true));
    CompareState compare;
    compare.enabled = true;
    compare.first = {"obb"};
    updateComparison(compare, report);
    EXPECT_FALSE(compare.comparison.applicable);
    EXPECT_NE(compare.comparison.reason.find("obb is not a pixel test"), std::string::npos) << compare.comparison.reason;
}

TEST(CompareState, ComparableTestsAreThoseThatListPixelPairs) {
    // The pixel tests and polygon (its pairs are those inside both colliders); no other bound test.
    bool polygon = false;
    for (const Algorithm* algorithm : comparableTests(coreAlgorithms())) {
        EXPECT_TRUE(algorithm->listsHits) << algorithm->name;
        EXPECT_TRUE(algorithm->kind == AlgorithmKind::Pixel || algorithm->name == "polygon") << algorithm->name;
        polygon = polygon || algorithm->name == "polygon";
    }
    EXPECT_TRUE(polygon);
}

// A: two 2x2 squares touching at a corner (pixels [0,2)^2 and [2,4)^2 of a 4x4 image); B: a 1x1 dot at (2.5, 0.5),
// over A's clear pixels (2,0), (3,0), (2,1), (3,1). A's outer collider at epsilon 1 is the hull (0,0) (0,2) (2,4)
// (4,4) (4,2) (2,0) (core/README.md's worked examples): the dot's corner (2.5, 1.5) lies inside it (x - y <= 2), so
// polygon counts pairs over clear pixels that pixel-exact does not. At epsilon 0.5 the collider is the two squares:
// no overlap, and the comparison agrees.
Scene touchingSquaresAndDot(double epsilon) {
    Scene scene;
    SceneSprite a;
    a.name = "A";
    auto image = std::make_shared<RgbaImage>();
    image->width = image->height = 4;
    image->pixels.assign(4 * 4 * 4, 0);
    for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 4; ++x)
            if ((x < 2) == (y < 2)) image->pixels[std::size_t(y * 4 + x) * 4 + 3] = 255;
    a.pixels = image;
    a.collider = ColliderOptions{ColliderMode::Outer, epsilon, 8};
    SceneSprite b;
    b.name = "B";
    b.pixels = test::solidImage(1, 1);
    b.transform.position = {2.5, 0.5};
    scene.sprites = {a, b};
    return scene;
}

TEST(CompareState, PolygonAgainstPixelExactUsesEachSpritesColliderSettings) {
    for (const double epsilon : {1.0, 0.5}) {
        CollisionReport report;
        ASSERT_TRUE(report.update(touchingSquaresAndDot(epsilon), 1, 0, 1, "pixel-exact", true));
        CompareState compare;
        compare.enabled = true;
        compare.first = {"polygon"};
        compare.second = {"pixel-exact"};
        updateComparison(compare, report);
        ASSERT_TRUE(compare.comparison.applicable) << compare.comparison.reason;
        EXPECT_FALSE(compare.comparison.second.hit);
        EXPECT_TRUE(compare.comparison.sets.onlySecond.empty());
        EXPECT_TRUE(compare.comparison.sets.both.empty());
        if (epsilon == 1.0) {
            EXPECT_TRUE(compare.comparison.first.hit);
            EXPECT_FALSE(compare.comparison.sets.onlyFirst.empty());
            for (const PixelHit& h : compare.comparison.sets.onlyFirst) {
                EXPECT_TRUE((h.a.x >= 2) != (h.a.y >= 2)) << "A pixel " << h.a.x << ", " << h.a.y << " is not a clear one";
            }
        } else {
            EXPECT_FALSE(compare.comparison.first.hit);
            EXPECT_TRUE(compare.comparison.sets.agree());
        }
    }
}

// With the scene scanning B into A the sampled tests count 1 while pixel-world counts the 4 world pixel
// centres inside A (all inside B too); pixel-exact's area (4) is compared by hit only.
TEST(DisagreeingTests, SceneScanDirectionReachesTheTableAndCountsThatDifferAreListed) {
    CollisionReport report;
    const Scene scene = squareUnderDoubleSquare(ScanDirection::BToA);
    ASSERT_TRUE(report.update(scene, 1, 0, 1, "pixel-naive", true));
    const PairAnalysis& pair = report.pair();
    EXPECT_EQ(compareRowOf(pair, "pixel-naive").result.overlap, 1.0);
    EXPECT_EQ(compareRowOf(pair, "pixel-world").result.overlap, 4.0);
    EXPECT_EQ(disagreeingTests(pair, compareRowOf(pair, "pixel-naive")), (std::vector<std::string>{"pixel-world"}));
    EXPECT_EQ(disagreeingTests(pair, compareRowOf(pair, "pixel-world")),
              (std::vector<std::string>{"pixel-naive", "pixel-step", "pixel-fast"}));
    EXPECT_TRUE(disagreeingTests(pair, compareRowOf(pair, "pixel-exact")).empty());
    EXPECT_TRUE(disagreeingTests(pair, compareRowOf(pair, "aabb")).empty());
}

TEST(DisagreeingTests, ADifferentHitIsMarked) {
    CollisionReport report;
    Scene scene = squareUnderDoubleSquare(ScanDirection::AToB);
    // B's 4x4 world square starts at x = 1.75: A's pixel centres (x = 0.5, 1.5) miss it and no world
    // pixel centre lies in (1.75, 2), but A's column-1 squares [1, 2] overlap B by 0.25 x 2 = 0.5.
    scene.sprites[1].transform.position = {1.75, 0.0};
    ASSERT_TRUE(report.update(scene, 1, 0, 1, "pixel-naive", true));
    const PairAnalysis& pair = report.pair();
    ASSERT_FALSE(compareRowOf(pair, "pixel-naive").result.hit);
    ASSERT_TRUE(compareRowOf(pair, "pixel-exact").result.hit);
    EXPECT_EQ(disagreeingTests(pair, compareRowOf(pair, "pixel-naive")), (std::vector<std::string>{"pixel-exact (hit)"}));
}

}  // namespace
}  // namespace cl
