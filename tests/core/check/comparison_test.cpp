#include <gtest/gtest.h>

#include <vector>

#include "core/collision/algorithms.h"
#include "core/check/comparison.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::bodyAt;
using testing::makeTransform;
using testing::solidMask;

PixelHit hitAt(glm::ivec2 a, glm::ivec2 b, glm::dvec2 world = {0.0, 0.0}) { return PixelHit{a, b, world}; }

// The (A pixel, B pixel) keys of a set, in the set's order.
std::vector<std::pair<glm::ivec2, glm::ivec2>> keys(const std::vector<PixelHit>& hits) {
    std::vector<std::pair<glm::ivec2, glm::ivec2>> out;
    for (const auto& h : hits) out.emplace_back(h.a, h.b);
    return out;
}

using KeyList = std::vector<std::pair<glm::ivec2, glm::ivec2>>;

ComparedTest test(std::string_view name, Sampling sampling = Sampling::Center, ScanDirection scan = ScanDirection::AToB) {
    return ComparedTest{findAlgorithm(name), sampling, scan};
}

TEST(CompareHits, SplitsKeysIntoOnlyFirstOnlySecondAndBothSortedByKey) {
    CollisionResult first, second;
    first.hits = {hitAt({1, 0}, {0, 0}), hitAt({0, 0}, {0, 0}), hitAt({0, 1}, {2, 2})};
    second.hits = {hitAt({0, 1}, {2, 2}), hitAt({0, 0}, {1, 0}), hitAt({1, 0}, {0, 0})};
    ComparisonSets sets = compareHits(first, second);
    EXPECT_EQ(keys(sets.onlyFirst), (KeyList{{{0, 0}, {0, 0}}}));
    EXPECT_EQ(keys(sets.onlySecond), (KeyList{{{0, 0}, {1, 0}}}));
    // Sorted by A's row first: (1,0) is row 0, (0,1) row 1.
    EXPECT_EQ(keys(sets.both), (KeyList{{{1, 0}, {0, 0}}, {{0, 1}, {2, 2}}}));
    EXPECT_FALSE(sets.agree());
}

TEST(CompareHits, SamePairTwiceCountsOnceWithTheFirstTestsEarliestWorldPosition) {
    CollisionResult first, second;
    first.hits = {hitAt({0, 0}, {0, 0}, {5, 5}), hitAt({0, 0}, {0, 0}, {9, 9})};
    second.hits = {hitAt({0, 0}, {0, 0}, {7, 7})};
    ComparisonSets sets = compareHits(first, second);
    ASSERT_EQ(sets.both.size(), 1u);
    EXPECT_EQ(sets.both[0].world, glm::dvec2(5, 5));
    EXPECT_TRUE(sets.onlyFirst.empty());
    EXPECT_TRUE(sets.onlySecond.empty());
    EXPECT_TRUE(sets.agree());
}

TEST(CompareHits, NoHitsOnEitherSideAgree) {
    EXPECT_TRUE(compareHits(CollisionResult{}, CollisionResult{}).agree());
}

// A's 2x2 square at the world origin; B's 2x2 square scaled 2x over it (world [0,4)^2). A into B: all
// four of A's centres lie in B's pixel (0,0). B into A: B's pixel centres land at world (1,1), (3,1),
// (1,3), (3,3); only (1,1) is in A, in A's pixel (1,1). So the pair (A(1,1), B(0,0)) is common and
// A->B alone sees A's pixels (0,0), (1,0), (0,1) touching B(0,0).
TEST(CompareTests, AIntoBAgainstBIntoAWithBScaledTwice) {
    AlphaMask square = solidMask(2, 2);
    Body a = bodyAt(square, {0, 0});
    Body b{&square, makeTransform({0, 0}, {0, 0}, 0.0, {2, 2})};
    for (auto name : {"pixel-naive", "pixel-step", "pixel-fast"}) {
        Comparison c = compareTests(test(name, Sampling::Center, ScanDirection::AToB), test(name, Sampling::Center, ScanDirection::BToA), a, b);
        ASSERT_TRUE(c.applicable) << c.reason;
        EXPECT_EQ(keys(c.sets.both), (KeyList{{{1, 1}, {0, 0}}})) << name;
        EXPECT_EQ(keys(c.sets.onlyFirst), (KeyList{{{0, 0}, {0, 0}}, {{1, 0}, {0, 0}}, {{0, 1}, {0, 0}}})) << name;
        EXPECT_TRUE(c.sets.onlySecond.empty()) << name;
    }
}

// Scanning both ways finds the union of the two directions' pairs: A->B's four, B->A's one already among them.
TEST(CompareTests, BothDirectionsFindTheUnionOfTheTwoScans) {
    AlphaMask square = solidMask(2, 2);
    Body a = bodyAt(square, {0, 0});
    Body b{&square, makeTransform({0, 0}, {0, 0}, 0.0, {2, 2})};
    Comparison c = compareTests(test("pixel-naive", Sampling::Center, ScanDirection::Both),
                                test("pixel-naive", Sampling::Center, ScanDirection::AToB), a, b);
    ASSERT_TRUE(c.applicable) << c.reason;
    EXPECT_EQ(c.first.overlap, 5.0);  // the test's own count adds both scans
    EXPECT_EQ(c.sets.both.size(), 4u);
    EXPECT_TRUE(c.sets.agree());
}

// B half a pixel right of A, both 2x2 with origin at the corner. Center: A's sample (x+0.5, y+0.5) is
// at B's (x, y+0.5), floor -> B(x, y). Xna: A's sample (x, y) is at B's (x-0.5, y); round half to even
// sends -0.5 and 0.5 both to 0, so both of A's columns land in B's column 0.
TEST(CompareTests, CenterAgainstXnaOnAHalfPixelShift) {
    AlphaMask square = solidMask(2, 2);
    Body a = bodyAt(square, {0, 0});
    Body b = bodyAt(square, {0.5, 0});
    Comparison c = compareTests(test("pixel-naive", Sampling::Center), test("pixel-naive", Sampling::Xna), a, b);
    ASSERT_TRUE(c.applicable) << c.reason;
    EXPECT_EQ(keys(c.sets.both), (KeyList{{{0, 0}, {0, 0}}, {{0, 1}, {0, 1}}}));
    EXPECT_EQ(keys(c.sets.onlyFirst), (KeyList{{{1, 0}, {1, 0}}, {{1, 1}, {1, 1}}}));
    EXPECT_EQ(keys(c.sets.onlySecond), (KeyList{{{1, 0}, {0, 0}}, {{1, 1}, {0, 1}}}));
}

// B at (0.5, 0.5): A's grid maps each A pixel onto B's pixel of the same index (four pairs). World
// pixel centres strictly inside both boxes ([0,2]^2 and [0.5,2.5]^2) are only (1.5, 1.5): A(1,1), B(1,1).
TEST(CompareTests, WorldGridAgainstAsGridOnAHalfPixelDiagonalShift) {
    AlphaMask square = solidMask(2, 2);
    Body a = bodyAt(square, {0, 0});
    Body b = bodyAt(square, {0.5, 0.5});
    Comparison c = compareTests(test("pixel-naive"), test("pixel-world"), a, b);
    ASSERT_TRUE(c.applicable) << c.reason;
    EXPECT_EQ(keys(c.sets.both), (KeyList{{{1, 1}, {1, 1}}}));
    EXPECT_EQ(keys(c.sets.onlyFirst), (KeyList{{{0, 0}, {0, 0}}, {{1, 0}, {1, 0}}, {{0, 1}, {0, 1}}}));
    EXPECT_TRUE(c.sets.onlySecond.empty());
}

TEST(CompareTests, BoundTestsAreNotComparedAndSayWhy) {
    AlphaMask square = solidMask(2, 2);
    Comparison c = compareTests(test("aabb"), test("pixel-naive"), bodyAt(square, {0, 0}), bodyAt(square, {1, 0}));
    EXPECT_FALSE(c.applicable);
    EXPECT_EQ(c.reason, "aabb is not a pixel test; only pixel tests list the pixels they count");
}

CollisionResult countWithoutList(const Body&, const Body&, const TestOptions&) {
    CollisionResult r;
    r.hit = true;
    r.overlap = 3;
    return r;
}

TEST(CompareTests, ATestThatCountsButListsNothingIsNotCompared) {
    Algorithm countOnly{"count-only", AlgorithmKind::Pixel, "counts without a list", countWithoutList};
    AlphaMask square = solidMask(2, 2);
    Comparison c = compareTests(test("pixel-naive"), ComparedTest{&countOnly}, bodyAt(square, {0, 0}), bodyAt(square, {1, 0}));
    EXPECT_FALSE(c.applicable);
    EXPECT_EQ(c.reason, "count-only reports a count but does not list its pixels");
}

TEST(ComparedTestName, NamesSamplingAndScanOnlyForDirectionalTests) {
    EXPECT_EQ(comparedTestName(test("pixel-step", Sampling::Xna, ScanDirection::BToA)), "pixel-step (xna, b-to-a)");
    EXPECT_EQ(comparedTestName(test("pixel-world", Sampling::Xna)), "pixel-world");
}

}  // namespace
}  // namespace cl
