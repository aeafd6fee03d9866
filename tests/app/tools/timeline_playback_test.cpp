#include "app/tools/timeline_playback.h"

#include <gtest/gtest.h>

namespace cl {
namespace {

// At 8 frames a second a frame lasts 0.125 s (a binary fraction, so the sums below are exact).
TEST(TimelinePlayback, ElapsedTimeBecomesWholeFramesAndTheRestIsCarried) {
    Playback p;
    p.playing = true;
    p.framesPerSecond = 8.0;
    EXPECT_EQ(p.advance(2, 6, 0.3125), 4);  // 2.5 frames: two now, half a frame carried
    EXPECT_DOUBLE_EQ(p.carry, 0.0625);
    EXPECT_EQ(p.advance(4, 6, 0.0625), 5);  // the carried half and this half make one
    EXPECT_TRUE(p.playing);
}

TEST(TimelinePlayback, LoopingWrapsToTheFirstFrame) {
    Playback p;
    p.playing = true;
    p.framesPerSecond = 8.0;
    EXPECT_EQ(p.advance(5, 6, 0.125), 0);
    EXPECT_TRUE(p.playing);
}

TEST(TimelinePlayback, WithoutLoopingPlaybackStopsOnTheLastFrame) {
    Playback p;
    p.playing = true;
    p.loop = false;
    p.framesPerSecond = 8.0;
    EXPECT_EQ(p.advance(4, 6, 0.375), 5);  // three frames due, only one left
    EXPECT_FALSE(p.playing);
    EXPECT_EQ(p.advance(5, 6, 1.0), 5);
}

TEST(TimelinePlayback, PausedOrStillTimelinesDoNotMove) {
    Playback p;
    p.framesPerSecond = 8.0;
    EXPECT_EQ(p.advance(3, 6, 1.0), 3);
    p.playing = true;
    EXPECT_EQ(p.advance(0, 1, 1.0), 0);
}

TEST(TimelinePlayback, ALongStallPlaysAtMostOneLoop) {
    Playback p;
    p.playing = true;
    p.framesPerSecond = 8.0;
    // 100 s would be 800 frames; capped at one loop of 6 frames (0.75 s), so frame 2 comes back to 2.
    EXPECT_EQ(p.advance(2, 6, 100.0), 2);
    EXPECT_DOUBLE_EQ(p.carry, 0.0);
}

TEST(TimelinePlayback, StepsWrapWhenLoopingAndStopAtTheEndsOtherwise) {
    EXPECT_EQ(stepFrame(0, -1, 6, true), 5);
    EXPECT_EQ(stepFrame(5, 1, 6, true), 0);
    EXPECT_EQ(stepFrame(2, 13, 6, true), 3);  // 15 mod 6
    EXPECT_EQ(stepFrame(0, -1, 6, false), 0);
    EXPECT_EQ(stepFrame(3, 10, 6, false), 5);
    EXPECT_EQ(stepFrame(0, 1, 1, true), 0);
}

TEST(TimelineVelocityHandle, TheVelocityGrowsByTheTipsWorldDisplacementRoundedToTheSnap) {
    // The tip of (30, 0) dragged 15.04 right and 3.04 up: (45.04, -3.04), to tenths (45.0, -3.0).
    const glm::dvec2 v = draggedVelocity({30.0, 0.0}, {120.0, 100.0}, {135.04, 96.96}, 0.1);
    EXPECT_EQ(v.x, 45.0);
    EXPECT_EQ(v.y, -3.0);
    const glm::dvec2 exact = draggedVelocity({30.0, 0.0}, {120.0, 100.0}, {135.04, 96.96}, 0.0);
    EXPECT_NEAR(exact.x, 45.04, 1e-12);
    EXPECT_NEAR(exact.y, -3.04, 1e-12);
}

TEST(TimelineVelocityHandle, SnappedComponentsAreTheDoublesNearestTheirTenths) {
    // 30 + 6.8 = 36.8 and 3.4: exactly the literals, so the file says 36.8, not 36.800000000000004.
    const glm::dvec2 v = draggedVelocity({30.0, 0.0}, {0.0, 0.0}, {6.8, 3.4}, 0.1);
    EXPECT_EQ(v.x, 36.8);
    EXPECT_EQ(v.y, 3.4);
}

TEST(TimelineVelocityHandle, DraggingBackToZeroGivesPlainZero) {
    const glm::dvec2 v = draggedVelocity({0.04, 0.0}, {10.0, 0.0}, {9.96, 0.0}, 0.1);
    EXPECT_EQ(v.x, 0.0);
    EXPECT_FALSE(std::signbit(v.x));
}

TEST(TimelineVelocityHandle, TheRingTurnsClockwiseOnScreenForPositiveDegrees) {
    // y points down on screen: from the right (10, 0) to below (0, 10) is a clockwise quarter turn.
    EXPECT_NEAR(ringTurnDegrees({0, 0}, {10, 0}, {0, 10}), 90.0, 1e-12);
    EXPECT_NEAR(ringTurnDegrees({0, 0}, {10, 0}, {0, -10}), -90.0, 1e-12);
    EXPECT_NEAR(ringTurnDegrees({5, 5}, {15, 5}, {-5, 5}), 180.0, 1e-12);
    EXPECT_NEAR(ringTurnDegrees({0, 0}, {10, 0}, {10, 10}), 45.0, 1e-12);
    EXPECT_EQ(ringTurnDegrees({0, 0}, {0, 0}, {10, 0}), 0.0);
}

TEST(TimelineStripSummary, RunsOfHitsTunnellingAndTheFirstImpactFromTheFilledCells) {
    TimelineStrip strip = makeTimelineStrip(8);
    strip.cells[1].hit = true;
    strip.cells[1].sweptHit = true;
    strip.cells[2].hit = true;
    strip.cells[3].sweptHit = true;
    strip.cells[3].tunnelling = true;
    strip.cells[3].impactTau = 3.5;
    strip.cells[5].hit = true;
    strip.cells[7].hit = true;  // not filled yet: ignored
    strip.filled = 6;
    const StripSummary s = summarise(strip);
    ASSERT_EQ(s.hits.size(), 2u);
    EXPECT_EQ(s.hits[0].first, 1);
    EXPECT_EQ(s.hits[0].last, 2);
    EXPECT_EQ(s.hits[1].first, 5);
    EXPECT_EQ(s.hits[1].last, 5);
    EXPECT_EQ(s.tunnelling, std::vector<int>{3});
    EXPECT_EQ(s.firstSweptHit, 1);
    EXPECT_DOUBLE_EQ(s.firstImpactTau, 1.0);  // frame 1 hits at its start
    EXPECT_EQ(describeRuns(s.hits), "1-2, 5");
    EXPECT_EQ(describeRuns({}), "none");
}

TEST(TimelineStripSummary, AnImpactBetweenFramesIsTheSweptTau) {
    TimelineStrip strip = makeTimelineStrip(4);
    strip.cells[2].sweptHit = true;
    strip.cells[2].tunnelling = true;
    strip.cells[2].impactTau = 2.25;
    strip.filled = 4;
    const StripSummary s = summarise(strip);
    EXPECT_EQ(s.firstSweptHit, 2);
    EXPECT_DOUBLE_EQ(s.firstImpactTau, 2.25);
    EXPECT_TRUE(s.hits.empty());
}

}  // namespace
}  // namespace cl
