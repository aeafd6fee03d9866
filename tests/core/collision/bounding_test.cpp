#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "core/collision/algorithms.h"
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

namespace cl {
namespace {

// A caller testing one body against many (the game's pre-check) works each body's shape out once: the shape
// is the box or circle the test compares, worked out here by hand, and the rows that offer it answer from it.
TEST(BodyBound, ShapesAreTheBoxesAndCirclesTheTestsCompare) {
    const AlphaMask mask = testing::solidMask(4, 2);
    // 4 x 2 about its centre (2, 1), a quarter turn at (10, 20): the box spans 1 either side on x, 2 on y.
    const Body turned{&mask, testing::makeTransform({10.0, 20.0}, {2.0, 1.0}, 90.0)};
    const BodyBound box = aabbBound(turned);
    EXPECT_FALSE(box.empty);
    EXPECT_NEAR(box.box.min.x, 9.0, 1e-12);
    EXPECT_NEAR(box.box.max.x, 11.0, 1e-12);
    EXPECT_NEAR(box.box.min.y, 18.0, 1e-12);
    EXPECT_NEAR(box.box.max.y, 22.0, 1e-12);
    // The solid pixels fill the texture, so the tight box is the same; the circle is centred on the texture's
    // centre with the half diagonal, sqrt(4 + 1), as its radius.
    const BodyBound tight = tightAabbBound(turned);
    EXPECT_NEAR(tight.box.min.x, 9.0, 1e-12);
    EXPECT_NEAR(tight.box.max.y, 22.0, 1e-12);
    const BodyBound circle = circleBound(turned);
    EXPECT_NEAR(circle.circle.center.x, 10.0, 1e-12);
    EXPECT_NEAR(circle.circle.center.y, 20.0, 1e-12);
    EXPECT_NEAR(circle.circle.radius, std::sqrt(5.0), 1e-12);

    // Boxes 2 wide meet with positive area 0.5 apart, not at 2 apart (touching is no hit); circles of radius
    // sqrt(5) meet below 2 sqrt(5) apart.
    const Body right{&mask, testing::makeTransform({11.5, 20.0}, {2.0, 1.0}, 90.0)};
    const Body touching{&mask, testing::makeTransform({12.0, 20.0}, {2.0, 1.0}, 90.0)};
    EXPECT_TRUE(boxesMeet(box, aabbBound(right)));
    EXPECT_FALSE(boxesMeet(box, aabbBound(touching)));
    const Body far{&mask, testing::makeTransform({10.0 + 2.0 * std::sqrt(5.0) + 1e-9, 20.0}, {2.0, 1.0}, 90.0)};
    EXPECT_TRUE(circlesMeet(circle, circleBound(touching)));
    EXPECT_FALSE(circlesMeet(circle, circleBound(far)));

    // A body with no solid pixel has an empty shape and meets nothing, not even itself.
    const AlphaMask empty = testing::emptyMask(4, 2);
    const Body nothing{&empty, turned.transform};
    for (auto bound : {aabbBound, tightAabbBound, circleBound}) EXPECT_TRUE(bound(nothing).empty);
    EXPECT_FALSE(boxesMeet(aabbBound(nothing), aabbBound(nothing)));
    EXPECT_FALSE(boxesMeet(box, aabbBound(nothing)));
    EXPECT_FALSE(circlesMeet(circleBound(nothing), circle));
}

// Every row that offers a shape per body answers from the shapes exactly as its run does, on bodies placed,
// turned, scaled and flipped at random; the rows without one offer neither function.
TEST(BodyBound, EveryRowWithAShapeAnswersAsItsRunOnRandomBodies) {
    const AlphaMask ring = testing::maskFromArt({"..##..", ".#..#.", "#....#", ".#..#.", "..##.."});
    const AlphaMask block = testing::solidMask(5, 3);
    const AlphaMask empty = testing::emptyMask(3, 3);
    const AlphaMask* masks[] = {&ring, &block, &empty};
    std::uint64_t state = 12345;
    auto unit = [&] {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<double>(state >> 11) / 9007199254740992.0;
    };
    auto randomBody = [&] {
        const AlphaMask* mask = masks[static_cast<int>(unit() * 3.0)];
        const double sx = (unit() < 0.2 ? -1.0 : 1.0) * (0.5 + unit() * 2.0);
        return Body{mask, testing::makeTransform({unit() * 12.0, unit() * 12.0}, {unit() * 5.0, unit() * 5.0}, unit() * 360.0,
                                                 {sx, 0.5 + unit() * 2.0})};
    };
    int rows = 0, hits = 0, misses = 0;
    for (const Algorithm& row : coreAlgorithms().all()) {
        EXPECT_EQ(row.bodyBound == nullptr, row.boundsMeet == nullptr) << row.name;
        if (!row.bodyBound) continue;
        EXPECT_EQ(row.kind, AlgorithmKind::Bound) << row.name;
        ++rows;
        for (int i = 0; i < 2000; ++i) {
            const Body a = randomBody(), b = randomBody();
            const bool hit = row.run(a, b, TestOptions{}).hit;
            ASSERT_EQ(row.boundsMeet(row.bodyBound(a), row.bodyBound(b)), hit) << row.name << " pair " << i;
            (hit ? hits : misses) += 1;
        }
    }
    EXPECT_EQ(rows, 3);  // circle, aabb, tight-aabb
    EXPECT_GT(hits, 1000);
    EXPECT_GT(misses, 1000);
}

}  // namespace
}  // namespace cl
