// The Compare panel's state: comparisons recomputed once per report answer, and the Collision table's
// list of disagreeing tests, against hand-worked values.
#include "app/analysis/disagreements.h"
#include "app/tools/compare_overlay.h"
#include "tests/app/editor/test_scene.h"

#include <gtest/gtest.h>

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

const AlgorithmRow& rowOf(const PairAnalysis& pair, std::string_view name) {
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

TEST(CompareState, ComparableTestsAreThePixelTests) {
    for (const Algorithm* algorithm : comparableTests(coreAlgorithms())) EXPECT_EQ(algorithm->kind, AlgorithmKind::Pixel) << algorithm->name;
    EXPECT_FALSE(comparableTests(coreAlgorithms()).empty());
}

// With the scene scanning B into A the sampled tests count 1 while pixel-world counts the 4 world pixel
// centres inside A (all inside B too); pixel-exact's area (4) is compared by hit only.
TEST(DisagreeingTests, SceneScanDirectionReachesTheTableAndCountsThatDifferAreListed) {
    CollisionReport report;
    const Scene scene = squareUnderDoubleSquare(ScanDirection::BToA);
    ASSERT_TRUE(report.update(scene, 1, 0, 1, "pixel-naive", true));
    const PairAnalysis& pair = report.pair();
    EXPECT_EQ(rowOf(pair, "pixel-naive").result.overlap, 1.0);
    EXPECT_EQ(rowOf(pair, "pixel-world").result.overlap, 4.0);
    EXPECT_EQ(disagreeingTests(pair, rowOf(pair, "pixel-naive")), (std::vector<std::string>{"pixel-world"}));
    EXPECT_EQ(disagreeingTests(pair, rowOf(pair, "pixel-world")),
              (std::vector<std::string>{"pixel-naive", "pixel-step", "pixel-fast"}));
    EXPECT_TRUE(disagreeingTests(pair, rowOf(pair, "pixel-exact")).empty());
    EXPECT_TRUE(disagreeingTests(pair, rowOf(pair, "aabb")).empty());
}

TEST(DisagreeingTests, ADifferentHitIsMarked) {
    CollisionReport report;
    Scene scene = squareUnderDoubleSquare(ScanDirection::AToB);
    // B's 4x4 world square starts at x = 1.75: A's pixel centres (x = 0.5, 1.5) miss it and no world
    // pixel centre lies in (1.75, 2), but A's column-1 squares [1, 2] overlap B by 0.25 x 2 = 0.5.
    scene.sprites[1].transform.position = {1.75, 0.0};
    ASSERT_TRUE(report.update(scene, 1, 0, 1, "pixel-naive", true));
    const PairAnalysis& pair = report.pair();
    ASSERT_FALSE(rowOf(pair, "pixel-naive").result.hit);
    ASSERT_TRUE(rowOf(pair, "pixel-exact").result.hit);
    EXPECT_EQ(disagreeingTests(pair, rowOf(pair, "pixel-naive")), (std::vector<std::string>{"pixel-exact (hit)"}));
}

}  // namespace
}  // namespace cl
