// evaluateGoal and applySolution (core/check/task_goal.h): each kind of condition on two 4 x 4 solid squares whose answers are
// worked out by hand: A at x 0..4 and B at x 10..14 (origins at the top-left corners), same rows.
#include <gtest/gtest.h>

#include "core/check/task_goal.h"
#include "tests/core/scene_test_files.h"

namespace cl {
namespace {

Scene squares(const testing::TempFolder& folder, const std::string& extra = "", const std::string& aExtra = "") {
    testing::writePng(folder / "sq.png", testing::solidImage(4, 4));
    const std::string text = R"({"format": "collision-lab/scene", "version": 1, "sprites": [
        {"name": "A", "image": "sq.png", "position": [0, 0], "origin": [0, 0])" + aExtra + R"(},
        {"name": "B", "image": "sq.png", "position": [10, 0], "origin": [0, 0]}])" + extra + "}";
    SceneLoadResult r = parseScene(text, folder / "s.json");
    EXPECT_TRUE(r.ok()) << r.message();
    return r.ok() ? *r.scene : Scene{};
}

constexpr std::pair<std::size_t, std::size_t> kAB{0, 1};

TEST(TaskGoal, HitMissAndOverlapAreTheCheckAnswersOfThePair) {
    testing::TempFolder folder;
    Scene scene = squares(folder);
    MaskCache masks;
    TaskGoal goal;
    goal.hit = {"pixel-naive"};
    goal.overlap["pixel-naive"] = NumberBound{8.0, 8.0};
    EXPECT_FALSE(evaluateGoal(scene, goal, kAB, masks).met);
    // A at x 8..12 shares columns 10 and 11 with B: 2 x 4 = 8 samples.
    scene.sprites[0].transform.position = {8, 0};
    EXPECT_TRUE(evaluateGoal(scene, goal, kAB, masks).met);
    goal.miss = {"aabb"};
    EXPECT_FALSE(evaluateGoal(scene, goal, kAB, masks).met);
}

TEST(TaskGoal, DepthIsTheSeparationDepth) {
    testing::TempFolder folder;
    Scene scene = squares(folder);
    scene.sprites[0].transform.position = {8, 0};
    MaskCache masks;
    TaskGoal goal;
    // Two columns overlap: the shortest way out is 2 pixels left (up or down would take 4).
    goal.depth = NumberBound{std::nullopt, 2.0};
    EXPECT_TRUE(evaluateGoal(scene, goal, kAB, masks).met);
    goal.depth = NumberBound{std::nullopt, 1.9};
    EXPECT_FALSE(evaluateGoal(scene, goal, kAB, masks).met);
}

TEST(TaskGoal, TunnelAndFrameHitsAskTheWholeTimeline) {
    testing::TempFolder folder;
    // 20 px a frame: A is at x 0..4 at frame 0 and 20..24 at frame 1, so it passes B (10..14) between them.
    Scene scene = squares(folder, R"(, "frames": 2)", R"(, "velocity": [20, 0])");
    MaskCache masks;
    TaskGoal goal;
    goal.tunnel = true;
    goal.frameHits = false;
    EXPECT_TRUE(evaluateGoal(scene, goal, kAB, masks).met);
    // 8 px a frame: at frame 1 A is at 8..12, a hit a whole frame sees, and nothing tunnels.
    scene.sprites[0].motion.velocity = {8, 0};
    EXPECT_FALSE(evaluateGoal(scene, goal, kAB, masks).met);
    goal.tunnel = false;
    goal.frameHits = true;
    EXPECT_TRUE(evaluateGoal(scene, goal, kAB, masks).met);
}

TEST(TaskGoal, DiscreteConditionsAreAskedAtTheFrameTheSceneShows) {
    testing::TempFolder folder;
    Scene scene = squares(folder, R"(, "frames": 2)", R"(, "velocity": [8, 0])");
    MaskCache masks;
    TaskGoal goal;
    goal.hit = {"pixel-exact"};
    goal.frame = NumberBound{1.0, std::nullopt};
    EXPECT_FALSE(evaluateGoal(scene, goal, kAB, masks).met);
    scene.timeline.frame = 1;
    EXPECT_TRUE(evaluateGoal(scene, goal, kAB, masks).met);
}

TEST(TaskGoal, ThresholdScanAndThePairSelectedOrNamed) {
    testing::TempFolder folder;
    Scene scene = squares(folder);
    MaskCache masks;
    TaskGoal goal;
    goal.threshold["B"] = NumberBound{128.0, std::nullopt};
    EXPECT_FALSE(evaluateGoal(scene, goal, kAB, masks).met);
    scene.sprites[1].alphaThreshold = 128;
    EXPECT_TRUE(evaluateGoal(scene, goal, kAB, masks).met);
    goal.scan = ScanDirection::Both;
    EXPECT_FALSE(evaluateGoal(scene, goal, kAB, masks).met);
    scene.scan = ScanDirection::Both;
    EXPECT_TRUE(evaluateGoal(scene, goal, kAB, masks).met);

    TaskGoal named;
    named.pair = std::pair<std::string, std::string>{"A", "C"};
    named.hit = {"aabb"};
    const GoalOutcome missing = evaluateGoal(scene, named, kAB, masks);
    EXPECT_FALSE(missing.met);
    EXPECT_FALSE(missing.error.empty());
    TaskGoal selected;
    selected.hit = {"aabb"};
    EXPECT_FALSE(evaluateGoal(scene, selected, {0, 0}, masks).met);
    EXPECT_FALSE(evaluateGoal(scene, selected, {0, 0}, masks).error.empty());
}

TEST(ApplySolution, StepsAreAppliedInOrderAndAFrameOutOfRangeStopsThem) {
    testing::TempFolder folder;
    Scene scene = squares(folder, R"(, "frames": 3)");
    std::pair<std::size_t, std::size_t> selected{0, 1};
    std::vector<SolutionStep> steps(4);
    steps[0].sprite = "A";
    steps[0].move = glm::dvec2{2, 3};
    steps[1].sprite = "A";
    steps[1].move = glm::dvec2{1, 1};
    steps[1].rotate = 30.0;
    steps[1].alphaThreshold = 7;
    steps[2].pair = std::pair<std::string, std::string>{"B", "A"};
    steps[2].frame = 2;
    steps[3].frame = 3;
    const std::string error = applySolution(scene, selected, steps);
    EXPECT_NE(error.find("step 3: frame 3 is past the last frame (2)"), std::string::npos) << error;
    EXPECT_EQ(scene.sprites[0].transform.position, (glm::dvec2{3, 4}));
    EXPECT_EQ(scene.sprites[0].transform.rotationDeg, 30.0);
    EXPECT_EQ(scene.sprites[0].alphaThreshold, 7);
    EXPECT_EQ(selected, (std::pair<std::size_t, std::size_t>{1, 0}));
    EXPECT_EQ(scene.timeline.frame, 2);
}

TEST(TaskGoal, ColliderConditionsAskTheSpritesSettingsAndTheStepSetsThem) {
    testing::TempFolder folder;
    Scene scene = squares(folder);
    MaskCache masks;
    TaskGoal goal;
    goal.collider["A"] = ColliderGoal{ColliderMode::Balanced, NumberBound{2.0, std::nullopt}};
    // No collider block: the defaults, outer at 1 px.
    EXPECT_FALSE(evaluateGoal(scene, goal, kAB, masks).met);
    std::pair<std::size_t, std::size_t> selected = kAB;
    std::vector<SolutionStep> steps(2);
    steps[0].sprite = "A";
    steps[0].colliderMode = ColliderMode::Balanced;
    steps[1].sprite = "A";
    steps[1].colliderMaxVertices = 5;
    ASSERT_EQ(applySolution(scene, selected, steps), "");
    // The mode and max vertices changed, the epsilon kept the default 1 px: below the bound.
    EXPECT_EQ(scene.sprites[0].collider, (ColliderOptions{ColliderMode::Balanced, 1.0, 5}));
    EXPECT_FALSE(evaluateGoal(scene, goal, kAB, masks).met);
    steps.resize(1);
    steps[0].colliderMode.reset();
    steps[0].colliderEpsilon = 2.0;
    ASSERT_EQ(applySolution(scene, selected, steps), "");
    EXPECT_EQ(scene.sprites[0].collider, (ColliderOptions{ColliderMode::Balanced, 2.0, 5}));
    EXPECT_TRUE(evaluateGoal(scene, goal, kAB, masks).met);
    EXPECT_FALSE(scene.sprites[1].collider);  // B untouched
    goal.collider["C"] = ColliderGoal{ColliderMode::Outer, std::nullopt};
    EXPECT_FALSE(evaluateGoal(scene, goal, kAB, masks).error.empty());
}

}  // namespace
}  // namespace cl
