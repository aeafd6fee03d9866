#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "core/collision/bounding.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::bodyAboutCentre;
using testing::bodyAt;
using testing::makeTransform;
using testing::maskFromArt;

const TestOptions kOptions{};

// 8x6 with only pixel (0,0) solid: its circle is centred at (4,3) from the position with radius exactly 5.
AlphaMask cornerPixelMask() {
    std::vector<std::string> art(6, std::string(8, '.'));
    art[0][0] = '#';
    return maskFromArt(art);
}

void expectCheapHit(const CollisionResult& r, bool hit) {
    EXPECT_TRUE(r.applicable);
    EXPECT_TRUE(r.reason.empty());
    EXPECT_EQ(r.hit, hit);
    EXPECT_EQ(r.overlap, 0.0);
}

TEST(CircleTest, HitsWhenCentresAreCloserThanTheRadii) {
    AlphaMask mask = cornerPixelMask();
    expectCheapHit(circleTest(bodyAt(mask, {0, 0}), bodyAt(mask, {9.5, 0}), kOptions), true);
    expectCheapHit(circleTest(bodyAt(mask, {0, 0}), bodyAt(mask, {6, 8}), kOptions), false);  // distance 10
    expectCheapHit(circleTest(bodyAt(mask, {0, 0}), bodyAt(mask, {6, 7.9}), kOptions), true);
}

TEST(CircleTest, TouchingCirclesAreNoHit) {
    AlphaMask mask = cornerPixelMask();
    expectCheapHit(circleTest(bodyAt(mask, {0, 0}), bodyAt(mask, {10, 0}), kOptions), false);
    expectCheapHit(circleTest(bodyAt(mask, {10, 0}), bodyAt(mask, {0, 0}), kOptions), false);
}

TEST(CircleTest, RadiusFollowsTheSolidPixelsNotTheTexture) {
    // The texture boxes overlap, but the circles around one centre pixel each do not.
    AlphaMask mask = maskFromArt({
        "...",
        ".#.",
        "...",
    });
    expectCheapHit(circleTest(bodyAt(mask, {0, 0}), bodyAt(mask, {1.5, 0}), kOptions), false);
    expectCheapHit(circleTest(bodyAt(mask, {0, 0}), bodyAt(mask, {1.4, 0}), kOptions), true);
}

TEST(CircleTest, EmptyMaskHitsNothing) {
    AlphaMask empty = testing::emptyMask(4, 4);
    AlphaMask full = testing::solidMask(4, 4);
    expectCheapHit(circleTest(bodyAt(empty, {0, 0}), bodyAt(full, {0, 0}), kOptions), false);
    expectCheapHit(circleTest(bodyAt(full, {0, 0}), bodyAt(empty, {0, 0}), kOptions), false);
    expectCheapHit(circleTest(bodyAt(empty, {0, 0}), bodyAt(empty, {0, 0}), kOptions), false);
}

TEST(AabbTest, OverlappingBoxesHit) {
    AlphaMask mask = testing::solidMask(2, 2);
    expectCheapHit(aabbTest(bodyAt(mask, {0, 0}), bodyAt(mask, {1.5, 0}), kOptions), true);
    expectCheapHit(aabbTest(bodyAt(mask, {0, 0}), bodyAt(mask, {1.9, 1.9}), kOptions), true);
    expectCheapHit(aabbTest(bodyAt(mask, {0, 0}), bodyAt(mask, {-1.9, 0.5}), kOptions), true);
}

TEST(AabbTest, TouchingBoxesAreNoHit) {
    AlphaMask mask = testing::solidMask(2, 2);
    expectCheapHit(aabbTest(bodyAt(mask, {0, 0}), bodyAt(mask, {2, 0}), kOptions), false);
    expectCheapHit(aabbTest(bodyAt(mask, {0, 0}), bodyAt(mask, {0, 2}), kOptions), false);
    expectCheapHit(aabbTest(bodyAt(mask, {0, 0}), bodyAt(mask, {2, 2}), kOptions), false);
    expectCheapHit(aabbTest(bodyAt(mask, {0, 0}), bodyAt(mask, {-2, 1}), kOptions), false);
}

TEST(AabbTest, BoxOfATurnedSpriteIsLargerThanTheSprite) {
    // A 2x2 turned 45 degrees about (1,1) reaches 1 + sqrt(2) = 2.414 on each axis.
    AlphaMask mask = testing::solidMask(2, 2);
    expectCheapHit(aabbTest(bodyAboutCentre(mask, {1, 1}, 45), bodyAt(mask, {2.3, 2.3}), kOptions), true);
    expectCheapHit(aabbTest(bodyAboutCentre(mask, {1, 1}, 45), bodyAt(mask, {2.5, 0}), kOptions), false);
}

TEST(AabbTest, EmptyMaskHitsNothing) {
    AlphaMask empty = testing::emptyMask(2, 2);
    AlphaMask full = testing::solidMask(2, 2);
    expectCheapHit(aabbTest(bodyAt(empty, {0, 0}), bodyAt(full, {1, 1}), kOptions), false);
    expectCheapHit(aabbTest(bodyAt(full, {0, 0}), bodyAt(empty, {1, 1}), kOptions), false);
}

TEST(TightAabbTest, IgnoresTransparentColumns) {
    AlphaMask left = maskFromArt({"#..", "#.."});
    // Texture boxes [0,3] and [1.5,4.5] overlap; solid boxes [0,1] and [1.5,2.5] do not.
    expectCheapHit(aabbTest(bodyAt(left, {0, 0}), bodyAt(left, {1.5, 0}), kOptions), true);
    expectCheapHit(tightAabbTest(bodyAt(left, {0, 0}), bodyAt(left, {1.5, 0}), kOptions), false);
    expectCheapHit(tightAabbTest(bodyAt(left, {0, 0}), bodyAt(left, {0.5, 0}), kOptions), true);
}

TEST(TightAabbTest, TouchingSolidBoxesAreNoHit) {
    AlphaMask right = maskFromArt({"..#", "..#"});
    AlphaMask left = maskFromArt({"#..", "#.."});
    // Solid boxes: A [2,3], B at 2 is [2,3] (hit); B at 3 is [3,4] (touching).
    expectCheapHit(tightAabbTest(bodyAt(right, {0, 0}), bodyAt(left, {2, 0}), kOptions), true);
    expectCheapHit(tightAabbTest(bodyAt(right, {0, 0}), bodyAt(left, {3, 0}), kOptions), false);
    expectCheapHit(tightAabbTest(bodyAt(right, {0, 0}), bodyAt(left, {2, 2}), kOptions), false);
}

TEST(TightAabbTest, EmptyMaskHitsNothing) {
    AlphaMask empty = testing::emptyMask(3, 3);
    AlphaMask full = testing::solidMask(3, 3);
    expectCheapHit(tightAabbTest(bodyAt(empty, {0, 0}), bodyAt(full, {0, 0}), kOptions), false);
    expectCheapHit(tightAabbTest(bodyAt(full, {0, 0}), bodyAt(empty, {0, 0}), kOptions), false);
}

TEST(TightAabbTest, QuarterTurnIsExact) {
    // A 1x3 column turned 90 degrees about (0,0) covers x in [-3,0], y in [0,1].
    AlphaMask column = testing::solidMask(1, 3);
    AlphaMask dot = testing::solidMask(1, 1);
    Body turned{&column, makeTransform({0, 0}, {0, 0}, 90)};
    expectCheapHit(tightAabbTest(turned, bodyAt(dot, {-3, 0}), kOptions), true);
    expectCheapHit(tightAabbTest(turned, bodyAt(dot, {-4, 0}), kOptions), false);
    expectCheapHit(tightAabbTest(turned, bodyAt(dot, {0, 0}), kOptions), false);
    expectCheapHit(tightAabbTest(turned, bodyAt(dot, {-1, 1}), kOptions), false);
}

TEST(ObbTest, OverlappingAxisAlignedBoxesHit) {
    AlphaMask mask = testing::solidMask(2, 2);
    expectCheapHit(obbTest(bodyAt(mask, {0, 0}), bodyAt(mask, {1, 1}), kOptions), true);
}

TEST(ObbTest, TouchingBoxesAreNoHit) {
    AlphaMask mask = testing::solidMask(2, 2);
    expectCheapHit(obbTest(bodyAt(mask, {0, 0}), bodyAt(mask, {2, 0}), kOptions), false);
    expectCheapHit(obbTest(bodyAt(mask, {0, 0}), bodyAt(mask, {2, 2}), kOptions), false);
}

TEST(ObbTest, SeparatesATurnedBoxThatItsAabbWouldHit) {
    // The 45-degree diamond about (1,1) has the edge x + y = 2 + sqrt(2) = 3.414; B's nearest corner
    // (2.3, 2.3) has x + y = 4.6 (separated), and at (1.5, 1.5) it has 3 (overlapping).
    AlphaMask mask = testing::solidMask(2, 2);
    expectCheapHit(obbTest(bodyAboutCentre(mask, {1, 1}, 45), bodyAt(mask, {2.3, 2.3}), kOptions), false);
    expectCheapHit(obbTest(bodyAt(mask, {2.3, 2.3}), bodyAboutCentre(mask, {1, 1}, 45), kOptions), false);
    expectCheapHit(obbTest(bodyAboutCentre(mask, {1, 1}, 45), bodyAt(mask, {1.5, 1.5}), kOptions), true);
}

TEST(ObbTest, QuarterTurnedStripTouchingAnotherBoxIsNoHit) {
    // A 10x1 strip turned 90 degrees about (0,0) covers x in [-1,0], y in [0,10].
    AlphaMask strip = testing::solidMask(10, 1);
    AlphaMask dot = testing::solidMask(1, 1);
    Body turned{&strip, makeTransform({0, 0}, {0, 0}, 90)};
    expectCheapHit(obbTest(turned, bodyAt(dot, {0, 5}), kOptions), false);
    expectCheapHit(obbTest(turned, bodyAt(dot, {-0.5, 5}), kOptions), true);
    expectCheapHit(obbTest(turned, bodyAt(dot, {-0.5, 10}), kOptions), false);
}

TEST(ObbTest, FlippedBoxLiesOnTheOtherSideOfItsPosition) {
    AlphaMask mask = testing::solidMask(2, 2);
    Body flipped{&mask, makeTransform({0, 0}, {0, 0}, 0, {-1, 1})};  // covers x in [-2, 0]
    expectCheapHit(obbTest(flipped, bodyAt(mask, {0, 0}), kOptions), false);
    expectCheapHit(obbTest(flipped, bodyAt(mask, {-1, 0}), kOptions), true);
}

TEST(ObbTest, BoxesTurnedTogetherOverlap) {
    AlphaMask mask = testing::solidMask(3, 1);
    expectCheapHit(obbTest(bodyAboutCentre(mask, {0, 0}, 30), bodyAboutCentre(mask, {0.5, 0.5}, 30), kOptions), true);
    // Side by side along their shared short axis, 1.5 apart across a strip 1 thick: separated.
    const double c = std::cos(std::numbers::pi / 6), s = std::sin(std::numbers::pi / 6);
    expectCheapHit(obbTest(bodyAboutCentre(mask, {0, 0}, 30), bodyAboutCentre(mask, {-1.5 * s, 1.5 * c}, 30), kOptions),
                   false);
}

TEST(ObbTest, EmptyMaskHitsNothing) {
    AlphaMask empty = testing::emptyMask(2, 2);
    AlphaMask full = testing::solidMask(2, 2);
    expectCheapHit(obbTest(bodyAt(empty, {0, 0}), bodyAt(full, {1, 1}), kOptions), false);
    expectCheapHit(obbTest(bodyAt(full, {0, 0}), bodyAt(empty, {1, 1}), kOptions), false);
}

TEST(CheapTests, TinyAndHugeScalesAtTheLimits) {
    AlphaMask mask = testing::solidMask(2, 2);
    Body tiny{&mask, makeTransform({10.5, 10.5}, {0, 0}, 0, {0.001, 0.001})};  // [10.5, 10.502]
    Body huge{&mask, makeTransform({0, 0}, {0, 0}, 0, {1000, 1000})};           // [0, 2000]
    Body far{&mask, makeTransform({2000, 0}, {0, 0}, 0, {1000, 1000})};         // [2000, 4000]
    for (auto* test : {&circleTest, &aabbTest, &tightAabbTest, &obbTest}) {
        expectCheapHit(test(tiny, huge, kOptions), true);
        expectCheapHit(test(huge, tiny, kOptions), true);
        expectCheapHit(test(tiny, far, kOptions), false);
    }
    for (auto* test : {&aabbTest, &tightAabbTest, &obbTest}) expectCheapHit(test(huge, far, kOptions), false);
}

}  // namespace
}  // namespace cl
