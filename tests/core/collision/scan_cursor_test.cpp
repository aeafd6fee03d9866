#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "core/collision/pixel_scans.h"
#include "core/collision/scan_cursor.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::bodyAboutCentre;
using testing::bodyAt;
using testing::maskFromArt;

struct ExpectedSample {
    glm::ivec2 a;
    bool solidA;
    glm::dvec2 positionInB;
    glm::ivec2 b;
    bool insideB;
    int alphaB;
    bool solidB;
    bool hit;
};

void expectSample(const ScanSample& s, std::int64_t index, const ExpectedSample& e) {
    SCOPED_TRACE("sample " + std::to_string(index));
    EXPECT_EQ(s.index, index);
    EXPECT_EQ(s.a, e.a);
    EXPECT_EQ(s.solidA, e.solidA);
    EXPECT_EQ(s.alphaA, e.solidA ? 255 : 0);
    EXPECT_EQ(s.positionInB, e.positionInB);
    EXPECT_EQ(s.b, e.b);
    EXPECT_EQ(s.insideB, e.insideB);
    EXPECT_EQ(s.alphaB, e.alphaB);
    EXPECT_EQ(s.solidB, e.solidB);
    EXPECT_EQ(s.hit, e.hit);
}

// A is a diagonal pair of pixels; B, one pixel to the right, has alpha 100 ('4') on its main diagonal and
// is built at threshold 100, so only its other diagonal is solid.
struct DiagonalScene {
    AlphaMask a = maskFromArt({"#.", ".#"});
    AlphaMask b = maskFromArt({"4#", "#4"}, 100);
    Body bodyA = bodyAt(a, {0, 0});
    Body bodyB = bodyAt(b, {1, 0});
};

TEST(ScanCursor, WalksEveryPixelOfAWithItsPlaceInB) {
    DiagonalScene s;
    ScanCursor cursor(s.bodyA, s.bodyB, Sampling::Center);
    EXPECT_EQ(cursor.total(), 4);
    const std::vector<ExpectedSample> expected{
        {{0, 0}, true, {-0.5, 0.5}, {-1, 0}, false, 0, false, false},
        {{1, 0}, false, {0.5, 0.5}, {0, 0}, true, 100, false, false},
        {{0, 1}, false, {-0.5, 1.5}, {-1, 1}, false, 0, false, false},
        {{1, 1}, true, {0.5, 1.5}, {0, 1}, true, 255, true, true},
    };
    for (std::int64_t i = 0; i < 4; ++i) {
        ASSERT_FALSE(cursor.done());
        expectSample(cursor.current(), i, expected[static_cast<std::size_t>(i)]);
        EXPECT_EQ(cursor.hitsBefore(), 0);
        cursor.step();
    }
    EXPECT_TRUE(cursor.done());
}

TEST(ScanCursor, XnaSamplesTheCornerAndRoundsHalvesToEven) {
    // A "##" half a pixel right of B ".#.": corner samples at 0.5 and 1.5 round to B's pixels 0 and 2.
    AlphaMask a = maskFromArt({"##"});
    AlphaMask b = maskFromArt({"#.#"});
    ScanCursor cursor(bodyAt(a, {0.5, 0}), bodyAt(b, {0, 0}), Sampling::Xna);
    expectSample(cursor.current(), 0, {{0, 0}, true, {0.5, 0}, {0, 0}, true, 255, true, true});
    cursor.step();
    expectSample(cursor.current(), 1, {{1, 0}, true, {1.5, 0}, {2, 0}, true, 255, true, true});
    EXPECT_EQ(cursor.hitsBefore(), 1);
    cursor.step();
    EXPECT_TRUE(cursor.done());
}

TEST(ScanCursor, QuarterTurnedAStepsDownB) {
    // A 3x3 turned 90 degrees about its centre over B at the same place: A's pixel (x,y) lands at B's (2-y, x),
    // so one step right in A is one step down in B.
    AlphaMask a = testing::solidMask(3, 3);
    AlphaMask b = maskFromArt({"..#", "...", "..."});
    ScanCursor cursor(bodyAboutCentre(a, {1.5, 1.5}, 90), bodyAt(b, {0, 0}), Sampling::Center);
    EXPECT_EQ(cursor.transform().stepX, glm::dvec2(0, 1));
    EXPECT_EQ(cursor.transform().stepY, glm::dvec2(-1, 0));
    expectSample(cursor.current(), 0, {{0, 0}, true, {2.5, 0.5}, {2, 0}, true, 255, true, true});
    cursor.step();
    expectSample(cursor.current(), 1, {{1, 0}, true, {2.5, 1.5}, {2, 1}, true, 0, false, false});
    cursor.stepRow();
    expectSample(cursor.current(), 3, {{0, 1}, true, {1.5, 0.5}, {1, 0}, true, 0, false, false});
    EXPECT_EQ(cursor.hitsBefore(), 1);
}

TEST(ScanCursor, StepRowGoesToTheStartOfTheNextRow) {
    DiagonalScene s;
    ScanCursor cursor(s.bodyA, s.bodyB, Sampling::Center);
    cursor.step();
    cursor.stepRow();
    ASSERT_FALSE(cursor.done());
    EXPECT_EQ(cursor.current().index, 2);
    EXPECT_EQ(cursor.current().a, glm::ivec2(0, 1));
    EXPECT_EQ(cursor.current().positionInB, glm::dvec2(-0.5, 1.5));
    cursor.stepRow();
    EXPECT_TRUE(cursor.done());
}

TEST(ScanCursor, RunToNextHitStopsOnEachHitInTurn) {
    DiagonalScene s;
    ScanCursor cursor(s.bodyA, s.bodyB, Sampling::Center);
    EXPECT_TRUE(cursor.runToNextHit());
    EXPECT_EQ(cursor.current().index, 3);
    EXPECT_TRUE(cursor.current().hit);
    EXPECT_EQ(cursor.hitsBefore(), 0);
    EXPECT_FALSE(cursor.runToNextHit());
    EXPECT_TRUE(cursor.done());
}

TEST(ScanCursor, RunToNextHitLeavesAHitUnderTheCursor) {
    // Every sample of a full 3x1 over itself is a hit.
    AlphaMask m = testing::solidMask(3, 1);
    ScanCursor cursor(bodyAt(m, {0, 0}), bodyAt(m, {0, 0}), Sampling::Center);
    EXPECT_TRUE(cursor.current().hit);
    EXPECT_EQ(cursor.hitsBefore(), 0);
    EXPECT_TRUE(cursor.runToNextHit());
    EXPECT_EQ(cursor.current().index, 1);
    EXPECT_EQ(cursor.hitsBefore(), 1);
    EXPECT_TRUE(cursor.runToNextHit());
    EXPECT_EQ(cursor.current().index, 2);
    EXPECT_EQ(cursor.hitsBefore(), 2);
    EXPECT_FALSE(cursor.runToNextHit());
    EXPECT_TRUE(cursor.done());
}

TEST(ScanCursor, ResetReturnsToTheFirstSample) {
    DiagonalScene s;
    ScanCursor cursor(s.bodyA, s.bodyB, Sampling::Center);
    cursor.runToNextHit();
    cursor.step();
    ASSERT_TRUE(cursor.done());
    cursor.reset();
    ASSERT_FALSE(cursor.done());
    EXPECT_EQ(cursor.hitsBefore(), 0);
    expectSample(cursor.current(), 0, {{0, 0}, true, {-0.5, 0.5}, {-1, 0}, false, 0, false, false});
}

TEST(ScanCursor, ZeroSizedAIsDoneAtOnce) {
    AlphaMask none;
    AlphaMask full = testing::solidMask(2, 2);
    ScanCursor cursor(bodyAt(none, {0, 0}), bodyAt(full, {0, 0}), Sampling::Center);
    EXPECT_EQ(cursor.total(), 0);
    EXPECT_TRUE(cursor.done());
    EXPECT_FALSE(cursor.runToNextHit());
}

TEST(ScanCursor, TransparentAIsWalkedButNeverHits) {
    AlphaMask empty = testing::emptyMask(3, 2);
    AlphaMask full = testing::solidMask(3, 2);
    ScanCursor cursor(bodyAt(empty, {0, 0}), bodyAt(full, {0, 0}), Sampling::Center);
    EXPECT_EQ(cursor.total(), 6);
    std::int64_t visited = 0;
    for (; !cursor.done(); cursor.step()) {
        EXPECT_TRUE(cursor.current().insideB);
        EXPECT_TRUE(cursor.current().solidB);
        EXPECT_FALSE(cursor.current().solidA);
        EXPECT_FALSE(cursor.current().hit);
        ++visited;
    }
    EXPECT_EQ(visited, 6);
    cursor.reset();
    EXPECT_FALSE(cursor.runToNextHit());
}

TEST(ScanCursor, HitsAreThoseOfPixelStep) {
    AlphaMask a = maskFromArt({"##.", "###", ".#."});
    AlphaMask b = maskFromArt({"#.#", "###", "..."});
    for (Sampling sampling : {Sampling::Center, Sampling::Xna}) {
        const Body bodyA{&a, testing::makeTransform({0.5, 0.25}, {1.5, 1.5}, 30, {1, -1.5})};
        const Body bodyB = bodyAt(b, {-1, -0.5});
        CollisionResult step = pixelStep(bodyA, bodyB, testing::fullScan(sampling));
        std::vector<std::pair<glm::ivec2, glm::ivec2>> fromStep, fromCursor;
        for (const PixelHit& h : step.hits) fromStep.emplace_back(h.a, h.b);
        ScanCursor cursor(bodyA, bodyB, sampling);
        for (; !cursor.done(); cursor.step())
            if (cursor.current().hit) fromCursor.emplace_back(cursor.current().a, cursor.current().b);
        EXPECT_EQ(fromCursor, fromStep);
        EXPECT_FALSE(fromStep.empty());
    }
}

}  // namespace
}  // namespace cl
