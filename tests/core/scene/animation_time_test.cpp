// Which animation frame the timeline shows at tau (core/scene/animation_time.h), against durations worked out by hand,
// and a moving body whose mask changes with its animation (core/motion/motion.h).
#include <gtest/gtest.h>

#include <cmath>

#include "core/scene/animation_time.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

// Durations 100, 50, 200 ms (a cycle of 350 ms): frame 0 is shown over [0, 100), frame 1 over [100, 150), frame 2
// over [150, 350). At 60 fps a timeline frame is 1000/60 = 16.67 ms, so tau = 5 is 83.3 ms (frame 0), tau = 6 is
// exactly 100 ms (frame 1 starts: inclusive), tau = 8 is 133.3 ms (1), tau = 9 is 150 ms (2), tau = 20 is
// 333.3 ms (2), tau = 21 is 350 ms = 0 of the next cycle (0), tau = 27 is 450 ms = 100 (1).
const std::vector<int> kDurations{100, 50, 200};

TEST(AnimationFrameAt, HandWorkedDurationsAt60Fps) {
    const std::pair<double, int> cases[] = {{0, 0}, {5, 0}, {5.99, 0}, {6, 1}, {8, 1}, {8.99, 1}, {9, 2},
                                            {20, 2}, {20.99, 2}, {21, 0}, {26, 0}, {27, 1}, {30, 2}};
    for (auto [tau, frame] : cases) EXPECT_EQ(animationFrameAt(kDurations, 0, tau, 60.0), frame) << "tau " << tau;
}

TEST(AnimationFrameAt, StartsAtFrameIndex) {
    // Starting at frame 2 puts tau = 0 at 150 ms: tau = 11 is 150 + 183.3 = 333.3 ms (2), tau = 12 is 350 ms (0),
    // tau = 18 is 450 ms = 100 (1). Starting at frame 1: tau = 3 is 100 + 50 = 150 ms (2).
    EXPECT_EQ(animationFrameAt(kDurations, 2, 0, 60.0), 2);
    EXPECT_EQ(animationFrameAt(kDurations, 2, 11, 60.0), 2);
    EXPECT_EQ(animationFrameAt(kDurations, 2, 12, 60.0), 0);
    EXPECT_EQ(animationFrameAt(kDurations, 2, 18, 60.0), 1);
    EXPECT_EQ(animationFrameAt(kDurations, 1, 2.99, 60.0), 1);
    EXPECT_EQ(animationFrameAt(kDurations, 1, 3, 60.0), 2);
}

TEST(AnimationFrameAt, FramesWithoutADurationLast100Ms) {
    // At 10 fps a timeline frame is 100 ms: one frame each.
    const std::vector<int> none{0, 0, 0};
    EXPECT_EQ(animationFrameAt(none, 0, 0.999, 10.0), 0);
    EXPECT_EQ(animationFrameAt(none, 0, 1, 10.0), 1);
    EXPECT_EQ(animationFrameAt(none, 0, 2, 10.0), 2);
    EXPECT_EQ(animationFrameAt(none, 0, 3, 10.0), 0);
    EXPECT_EQ(animationFrameAt(none, 2, 1, 10.0), 0);
}

TEST(AnimationFrameAt, HugeTimesUseTheCycleNotAWalk) {
    // tau = 1e6 at 60 fps is 16,666,666.67 ms; 47,619 cycles of 350 ms are 16,666,650 ms, leaving 16.67 ms (0).
    // tau = 1e6 + 5 is exactly 16,666,750 ms, leaving exactly 100 ms: frame 1 starts there.
    EXPECT_EQ(animationFrameAt(kDurations, 0, 1e6, 60.0), 0);
    EXPECT_EQ(animationFrameAt(kDurations, 0, 1e6 + 5, 60.0), 1);
    EXPECT_EQ(animationFrameAt(kDurations, 1, 1e6, 60.0), 1);  // 100 + 16.67 ms
    // tau = 1e12: 1e15 ms x fps units, 47,619,047,619 cycles of 21,000 leave 1,000 = 16.67 ms (0); 6 frames later
    // 7,000 = 116.67 ms (1). No walk over the cycles could finish in time.
    EXPECT_EQ(animationFrameAt(kDurations, 0, 1e12, 60.0), 0);
    EXPECT_EQ(animationFrameAt(kDurations, 0, 1e12 + 6, 60.0), 1);
}

TEST(AnimationFrameAt, ReverseTagsPlayTheirListBackwards) {
    // A reverse tag over frames a (100), b (50), c (200) lists c, b, a: c over [0, 200), b over [200, 250), a after.
    Atlas atlas;
    for (auto [name, ms] : {std::pair{"a", 100}, std::pair{"b", 50}, std::pair{"c", 200}}) {
        AtlasFrame f;
        f.name = name;
        f.durationMs = ms;
        atlas.frames.push_back(f);
    }
    AtlasTag tag;
    tag.name = "back";
    tag.to = 2;
    tag.direction = "reverse";
    SceneSprite sprite;
    sprite.atlasData = std::make_shared<const Atlas>(atlas);
    for (int i : tagFrames(atlas, tag)) sprite.animation.frames.push_back(atlas.frames[std::size_t(i)].name);
    const std::vector<int> durations = animationDurations(sprite);
    ASSERT_EQ(durations, (std::vector<int>{200, 50, 100}));
    EXPECT_EQ(animationFrameAt(durations, 0, 11.99, 60.0), 0);  // 199.8 ms: c
    EXPECT_EQ(animationFrameAt(durations, 0, 12, 60.0), 1);     // 200 ms: b
    EXPECT_EQ(animationFrameAt(durations, 0, 15, 60.0), 2);     // 250 ms: a
    EXPECT_EQ(sprite.animation.frames[2], "a");
}

TEST(AnimationFrameAt, OtherRatesAndEdges) {
    // At 1000 fps a timeline frame is 1 ms: tau = 149 is frame 1, 150 frame 2.
    EXPECT_EQ(animationFrameAt(kDurations, 0, 149, 1000.0), 1);
    EXPECT_EQ(animationFrameAt(kDurations, 0, 150, 1000.0), 2);
    // At 1 fps a timeline frame is 1000 ms = 2 cycles + 300 ms: frame 2.
    EXPECT_EQ(animationFrameAt(kDurations, 0, 1, 1.0), 2);
    EXPECT_EQ(animationFrameAt({}, 0, 5, 60.0), 0);
    EXPECT_EQ(animationFrameAt(kDurations, 7, 0, 60.0), 2);     // clamped start
    EXPECT_EQ(animationFrameAt(kDurations, 1, -3, 60.0), 1);    // before the start: the start
    EXPECT_EQ(animationFrameAt(kDurations, 1, std::nan(""), 60.0), 1);
}

TEST(MovingBodyAnimation, ShowsEachFramesMaskAndReachesTheFarthest) {
    const AlphaMask small = testing::solidMask(2, 2);
    const AlphaMask large = testing::solidMask(8, 2);
    MovingBody body{&small, testing::makeTransform({0, 0}, {0, 0}), SpriteMotion{}};
    EXPECT_EQ(body.maskAt(50), &small);
    body.animation.masks = {&small, &large};
    body.animation.clock = AnimationClock({100, 100});
    body.animation.fps = 10.0;
    EXPECT_EQ(body.maskAt(0), &small);
    EXPECT_EQ(body.maskAt(0.99), &small);
    EXPECT_EQ(body.at(1).mask, &large);
    EXPECT_EQ(body.at(2).mask, &small);
    // Origin at the corner: the 8 x 2 mask's far corner is sqrt(64 + 4) away.
    EXPECT_DOUBLE_EQ(body.reach(), std::sqrt(68.0));
}

}  // namespace
}  // namespace cl
