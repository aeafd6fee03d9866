// `collision-lab check --frames` and the expect block's "frames" and "time_of_impact" entries.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/cli/check_command.h"
#include "tests/app/cli/check_run.h"
#include "tests/core/scene_test_files.h"

namespace cl {
namespace {

using nlohmann::json;
using testing::TempFolder;

using testing::CheckRun;
using testing::contains;
using testing::runCheck;

// Two opaque 2x2 squares, pivots at their top-left corners. A starts at x = 0 and moves 10 px a frame;
// B stands at x = 15. Worked by hand (centre sampling): A's samples sit at x = 10 tau + 0.5 and + 1.5 and
// land in B's columns [15, 17) when 10 tau is in [13.5, 16.5): never at tau = 0, 1, 2 (x 0, 10, 20).
// n = 10 / 0.25 = 40; in [1, 2], 10 tau = 10 + m / 4 >= 13.5 first at m = 14, tau = 1.35. The first
// sample in scan order that lands is A's pixel (1, 0) at x = 15, in B's column 0, row 0: world (15, 0.5).
class CheckFrames : public ::testing::Test {
protected:
    void SetUp() override {
        testing::writePng(folder / "sprites/square.png", testing::solidImage(2, 2));
        scene = json::parse(R"({
          "format": "collision-lab/scene", "version": 1, "frames": 3,
          "sprites": [
            {"name": "A", "image": "../sprites/square.png", "origin": [0, 0], "velocity": [10, 0]},
            {"name": "B", "image": "../sprites/square.png", "origin": [0, 0], "position": [15, 0]}
          ],
          "expect": {"A/B": {"pixel-fast": {
            "frames": [{"frame": 0, "hit": false, "swept_hit": false},
                       {"frame": 1, "hit": false, "swept_hit": true, "tunnelling": true, "sub_steps": 40},
                       {"frame": 2, "hit": false}],
            "time_of_impact": {"tau": 1.35, "frame": 1, "step": 14, "sub_steps": 40, "a": [1, 0], "b": [0, 0], "world": [15, 0.5]}}}}
        })");
        save();
    }
    void save() { testing::writeText(sceneFile(), scene.dump(2)); }
    std::string sceneFile() const { return (folder / "scenes/squares.json").string(); }

    TempFolder folder;
    json scene;
};

TEST(CheckFramesUsage, HelpDocumentsTheMotionOptions) {
    CheckRun r = runCheck({"--help"});
    EXPECT_EQ(r.status, 0);
    EXPECT_TRUE(contains(r.out, "  --frames          the scene's timeline")) << r.out;
    EXPECT_TRUE(contains(r.out, "  --sweep-resolution H  with --frames")) << r.out;
    CheckRun bad = runCheck({"x.json", "--frames=yes"});
    EXPECT_EQ(bad.status, 2);
    EXPECT_TRUE(contains(bad.err, "--frames takes no value")) << bad.err;
}

TEST_F(CheckFrames, TablePrintsEveryFrameTheTunnellingIntervalsAndTheTimeOfImpact) {
    CheckRun r = runCheck({sceneFile(), "--frames"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "frames: 3, sweep resolution: 0.25")) << r.out;
    EXPECT_TRUE(contains(r.out, "A/B  (A scanned into B)  pixel-fast")) << r.out;
    EXPECT_TRUE(contains(r.out, "  1      no   yes (tunnels)  40 ")) << r.out;
    EXPECT_TRUE(contains(r.out, "1.35 (step 14): (1,0) -> (0,0) @ (15, 0.5)")) << r.out;
    EXPECT_TRUE(contains(r.out, "  2      no   -\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "  tunnelling: 1-2\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "  time of impact: 1.35 (frame 1, step 14 of 40)\n")) << r.out;
}

TEST_F(CheckFrames, JsonHasTheSameAnswers) {
    CheckRun r = runCheck({sceneFile(), "--frames", "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    const json out = json::parse(r.out);
    EXPECT_EQ(out["frames"], 3);
    EXPECT_EQ(out["sweep_resolution"], 0.25);
    const json& pair = out["pairs"][0];
    EXPECT_EQ(pair["algorithm"], "pixel-fast");
    ASSERT_EQ(pair["frames"].size(), 3u);
    EXPECT_EQ(pair["frames"][0]["swept_hit"], false);
    EXPECT_EQ(pair["frames"][1]["hit"], false);
    EXPECT_EQ(pair["frames"][1]["swept_hit"], true);
    EXPECT_EQ(pair["frames"][1]["tunnelling"], true);
    EXPECT_EQ(pair["frames"][1]["sub_steps"], 40);
    EXPECT_FALSE(pair["frames"][2].contains("swept_hit"));
    EXPECT_EQ(pair["tunnelling"], json::parse("[[1, 2]]"));
    const json& toi = pair["time_of_impact"];
    EXPECT_NEAR(toi["tau"].get<double>(), 1.35, 1e-12);
    EXPECT_EQ(toi["step"], 14);
    EXPECT_EQ(toi["a"], json::parse("[1, 0]"));
    EXPECT_EQ(toi["b"], json::parse("[0, 0]"));
    EXPECT_NEAR(toi["world"][0].get<double>(), 15.0, 1e-9);
    EXPECT_NEAR(toi["world"][1].get<double>(), 0.5, 1e-9);
}

TEST_F(CheckFrames, VerifyChecksFramesAndTimeOfImpactWithAndWithoutTheFramesOption) {
    for (auto args : {std::vector<std::string>{sceneFile(), "--frames", "--verify"}, std::vector<std::string>{sceneFile(), "--verify"}}) {
        CheckRun r = runCheck(args);
        EXPECT_EQ(r.status, 0) << r.out << r.err;
        EXPECT_TRUE(contains(r.out, "verify: passed")) << r.out;
    }
    scene["expect"]["A/B"]["pixel-fast"]["frames"][1]["swept_hit"] = false;
    scene["expect"]["A/B"]["pixel-fast"]["time_of_impact"]["tau"] = 1.5;
    save();
    for (auto args : {std::vector<std::string>{sceneFile(), "--frames", "--verify"}, std::vector<std::string>{sceneFile(), "--verify"}}) {
        CheckRun r = runCheck(args);
        EXPECT_EQ(r.status, 1) << r.out << r.err;
        EXPECT_TRUE(contains(r.out, "  A/B pixel-fast frame 1 swept_hit: expected false, got true\n")) << r.out;
        EXPECT_TRUE(contains(r.out, "  A/B pixel-fast time_of_impact.tau: expected 1.5, got 1.35")) << r.out;
    }
}

TEST_F(CheckFrames, ExpectingNoImpactFailsWhenThereIsOne) {
    scene["expect"]["A/B"]["pixel-fast"]["time_of_impact"] = nullptr;
    save();
    CheckRun r = runCheck({sceneFile(), "--frames", "--verify"});
    EXPECT_EQ(r.status, 1) << r.out;
    EXPECT_TRUE(contains(r.out, "A/B pixel-fast time_of_impact: expected null, got {")) << r.out;
}

TEST_F(CheckFrames, SweepResolutionOptionChangesTheSubStepsAndBadValuesAreRefused) {
    CheckRun r = runCheck({sceneFile(), "--frames", "--json", "--sweep-resolution", "2"});
    ASSERT_EQ(r.status, 0) << r.err;
    // 10 / 2 = 5 sub-steps: 10 tau = 10, 12, 14 -> 14 is in [13.5, 16.5): step 2, tau 1.4.
    const json out = json::parse(r.out);
    EXPECT_EQ(out["pairs"][0]["frames"][1]["sub_steps"], 5);
    EXPECT_NEAR(out["pairs"][0]["time_of_impact"]["tau"].get<double>(), 1.4, 1e-12);
    for (const char* bad : {"0", "-1", "abc", "1e12", "nan"}) {
        CheckRun b = runCheck({sceneFile(), "--frames", "--sweep-resolution", bad});
        EXPECT_EQ(b.status, 2) << bad;
        EXPECT_TRUE(contains(b.err, "--sweep-resolution: expected a number of world pixels in [0.001, 1e+07], got '" + std::string(bad) + "'"))
            << b.err;
    }
}

TEST_F(CheckFrames, SubStepsOverTheLimitAreReportedNotRun) {
    scene["sprites"][0]["velocity"] = json::parse("[10000000, 0]");
    scene["sweep_resolution"] = 0.001;
    scene.erase("expect");
    save();
    CheckRun r = runCheck({sceneFile(), "--frames"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "n/a  (needs 1e+10 sub-steps per frame")) << r.out;
    EXPECT_TRUE(contains(r.out, "the limit is 1000000: raise sweep_resolution or slow the sprites)")) << r.out;
}

TEST_F(CheckFrames, ATimelineOverTheTotalLimitIsRefusedBeforeRunning) {
    // 100000 frames of n = 40000 (10000 px a frame in steps of 0.25): 4e9 sub-steps.
    scene["sprites"][0]["velocity"] = json::parse("[10000, 0]");
    scene["frames"] = 100000;
    scene.erase("expect");
    save();
    CheckRun r = runCheck({sceneFile(), "--frames"});
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_TRUE(contains(r.err, "A/B: the timeline needs 3.99996e+09 sub-steps (99999 intervals of 40000); the limit is 1e+08: "
                                "raise sweep_resolution or show fewer frames"))
        << r.err;
}

TEST_F(CheckFrames, PrintExpectGivesABlockThatVerifies) {
    CheckRun p = runCheck({sceneFile(), "--frames", "--print-expect"});
    ASSERT_EQ(p.status, 0) << p.err;
    scene["expect"] = json::parse(p.out);
    save();
    CheckRun r = runCheck({sceneFile(), "--frames", "--verify"});
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_EQ(scene["expect"]["A/B"]["pixel-fast"]["time_of_impact"]["step"], 14);
}

}  // namespace
}  // namespace cl
