#include <gtest/gtest.h>

#include <cmath>

#include "core/base/bounds.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::bodyAboutCentre;
using testing::bodyAt;
using testing::makeTransform;
using testing::maskFromArt;

constexpr double kTolerance = 1e-12;
const double kRootHalf = std::sqrt(0.5);

void expectPointNear(glm::dvec2 actual, glm::dvec2 expected, const char* what) {
    EXPECT_NEAR(actual.x, expected.x, kTolerance) << what;
    EXPECT_NEAR(actual.y, expected.y, kTolerance) << what;
}

void expectRectNear(const Rect& actual, glm::dvec2 min, glm::dvec2 max) {
    expectPointNear(actual.min, min, "min");
    expectPointNear(actual.max, max, "max");
}

TEST(WorldQuad, UnturnedSpriteHasItsCornersAtThePosition) {
    AlphaMask mask = testing::solidMask(4, 2);
    Quad q = worldQuad(bodyAt(mask, {10, 20}));
    EXPECT_EQ(q[0], glm::dvec2(10, 20));
    EXPECT_EQ(q[1], glm::dvec2(14, 20));
    EXPECT_EQ(q[2], glm::dvec2(14, 22));
    EXPECT_EQ(q[3], glm::dvec2(10, 22));
}

TEST(WorldQuad, QuarterTurnKeepsTheCornerOrderOfTheSource) {
    AlphaMask mask = testing::solidMask(4, 2);
    Quad q = worldQuad(Body{&mask, makeTransform({0, 0}, {0, 0}, 90)});
    EXPECT_EQ(q[0], glm::dvec2(0, 0));
    EXPECT_EQ(q[1], glm::dvec2(0, 4));
    EXPECT_EQ(q[2], glm::dvec2(-2, 4));
    EXPECT_EQ(q[3], glm::dvec2(-2, 0));
}

TEST(WorldAabb, UnturnedSpriteCoversItsTexture) {
    AlphaMask mask = testing::solidMask(4, 2);
    EXPECT_EQ(worldAabb(bodyAt(mask, {10, 20})), (Rect{{10, 20}, {14, 22}}));
}

TEST(WorldAabb, QuarterTurnSwapsTheSidesExactly) {
    AlphaMask mask = testing::solidMask(4, 2);
    EXPECT_EQ(worldAabb(Body{&mask, makeTransform({0, 0}, {0, 0}, 90)}), (Rect{{-2, 0}, {0, 4}}));
}

TEST(WorldAabb, FlipIsStillAProperBox) {
    AlphaMask mask = testing::solidMask(4, 2);
    EXPECT_EQ(worldAabb(Body{&mask, makeTransform({0, 0}, {0, 0}, 0, {-1, 1})}), (Rect{{-4, 0}, {0, 2}}));
    EXPECT_EQ(worldAabb(Body{&mask, makeTransform({0, 0}, {0, 0}, 0, {1, -2})}), (Rect{{0, -4}, {4, 0}}));
}

TEST(WorldAabb, EighthTurnAboutTheCentreIsNotTruncated) {
    AlphaMask mask = testing::solidMask(2, 2);
    const double r = std::sqrt(2.0);
    expectRectNear(worldAabb(bodyAboutCentre(mask, {1, 1}, 45)), {1 - r, 1 - r}, {1 + r, 1 + r});
}

TEST(WorldAabb, ScalesAtBothLimits) {
    AlphaMask mask = testing::solidMask(1, 1);
    EXPECT_EQ(worldAabb(Body{&mask, makeTransform({0, 0}, {0, 0}, 0, {1000, 1000})}), (Rect{{0, 0}, {1000, 1000}}));
    expectRectNear(worldAabb(Body{&mask, makeTransform({5, 5}, {0, 0}, 0, {0.001, 0.001})}), {5, 5}, {5.001, 5.001});
}

TEST(WorldAabb, EmptyMaskStillHasItsTextureBox) {
    AlphaMask mask = testing::emptyMask(3, 3);
    EXPECT_EQ(worldAabb(bodyAt(mask, {1, 1})), (Rect{{1, 1}, {4, 4}}));
}

TEST(TightWorldAabb, CropsToTheSolidPixels) {
    AlphaMask mask = maskFromArt({
        "....",
        ".#..",
        "..#.",
    });
    auto box = tightWorldAabb(bodyAt(mask, {10, 20}));
    ASSERT_TRUE(box.has_value());
    EXPECT_EQ(*box, (Rect{{11, 21}, {13, 23}}));
}

TEST(TightWorldAabb, QuarterTurnIsExact) {
    AlphaMask mask = maskFromArt({
        "....",
        ".#..",
        "..#.",
    });
    // (x, y) -> (-y, x): x in [1,3], y in [1,3] goes to x in [-3,-1], y in [1,3].
    auto box = tightWorldAabb(Body{&mask, makeTransform({0, 0}, {0, 0}, 90)});
    ASSERT_TRUE(box.has_value());
    EXPECT_EQ(*box, (Rect{{-3, 1}, {-1, 3}}));
}

TEST(TightWorldAabb, UsesTheCornersOfSolidPixelsNotOfTheirBoundingRectangle) {
    // Pixels (1,1) and (2,2) turned 45 degrees about (0,0): (x, y) -> ((x - y), (x + y)) / sqrt(2).
    // Their corners reach x = +-1/sqrt(2); the rectangle [1,3]^2 would reach +-sqrt(2).
    AlphaMask mask = maskFromArt({
        "....",
        ".#..",
        "..#.",
    });
    auto box = tightWorldAabb(Body{&mask, makeTransform({0, 0}, {0, 0}, 45)});
    ASSERT_TRUE(box.has_value());
    expectRectNear(*box, {-kRootHalf, 2 * kRootHalf}, {kRootHalf, 6 * kRootHalf});
}

TEST(TightWorldAabb, FullMaskMatchesTheTextureBox) {
    AlphaMask mask = testing::solidMask(3, 5);
    Body body{&mask, makeTransform({7, -3}, {1, 2}, 30, {2, -0.5})};
    auto box = tightWorldAabb(body);
    ASSERT_TRUE(box.has_value());
    Rect full = worldAabb(body);
    expectRectNear(*box, full.min, full.max);
}

TEST(TightWorldAabb, EmptyMaskHasNone) {
    AlphaMask mask = testing::emptyMask(3, 3);
    EXPECT_FALSE(tightWorldAabb(bodyAt(mask, {0, 0})).has_value());
}

TEST(BoundingCircle, RadiusReachesTheFarthestCornerOfASolidPixel) {
    AlphaMask mask = maskFromArt({
        "#...",
        "....",
    });
    auto circle = boundingCircle(bodyAt(mask, {0, 0}));
    ASSERT_TRUE(circle.has_value());
    EXPECT_EQ(circle->center, glm::dvec2(2, 1));
    EXPECT_NEAR(circle->radius, std::sqrt(5.0), kTolerance);
}

TEST(BoundingCircle, CentreIsTheTextureCentreEvenWhenItIsEmptyThere) {
    AlphaMask mask = maskFromArt({
        ".....",
        ".....",
        "..#..",
        ".....",
        ".....",
    });
    auto circle = boundingCircle(bodyAt(mask, {10, 10}));
    ASSERT_TRUE(circle.has_value());
    EXPECT_EQ(circle->center, glm::dvec2(12.5, 12.5));
    EXPECT_NEAR(circle->radius, kRootHalf, kTolerance);
}

TEST(BoundingCircle, NonUniformScaleStretchesTheDistances) {
    AlphaMask mask = maskFromArt({
        "#...",
        "....",
    });
    // Centre (2,1) -> (4,1); corner (0,0) stays at (0,0): distance sqrt(16 + 1).
    auto circle = boundingCircle(Body{&mask, makeTransform({0, 0}, {0, 0}, 0, {2, 1})});
    ASSERT_TRUE(circle.has_value());
    EXPECT_EQ(circle->center, glm::dvec2(4, 1));
    EXPECT_NEAR(circle->radius, std::sqrt(17.0), kTolerance);
}

TEST(BoundingCircle, TurningAboutTheCentreKeepsCentreAndRadius) {
    // 8x6 with only pixel (0,0): centre (4,3), farthest corner (0,0) at distance 5.
    std::vector<std::string> art(6, std::string(8, '.'));
    art[0][0] = '#';
    AlphaMask mask = maskFromArt(art);
    for (double angle : {0.0, 37.0, 90.0, 180.0, -123.0}) {
        auto circle = boundingCircle(bodyAboutCentre(mask, {4, 3}, angle));
        ASSERT_TRUE(circle.has_value());
        expectPointNear(circle->center, {4, 3}, "centre");
        EXPECT_NEAR(circle->radius, 5.0, kTolerance) << angle;
    }
}

TEST(BoundingCircle, FullMaskReachesTheTextureCorners) {
    AlphaMask mask = testing::solidMask(4, 2);
    auto circle = boundingCircle(Body{&mask, makeTransform({0, 0}, {0, 0}, 0, {1000, 1000})});
    ASSERT_TRUE(circle.has_value());
    EXPECT_EQ(circle->center, glm::dvec2(2000, 1000));
    EXPECT_NEAR(circle->radius, 1000 * std::sqrt(5.0), 1e-9);
}

TEST(BoundingCircle, EmptyMaskHasNone) {
    AlphaMask mask = testing::emptyMask(2, 2);
    EXPECT_FALSE(boundingCircle(bodyAt(mask, {0, 0})).has_value());
}

}  // namespace
}  // namespace cl
