// Scene files: the motion fields (velocity, angular_velocity, frames, frame, sweep_resolution) and the
// expect block's "frames" and "time_of_impact" entries (core/scene/scene.h, core/check/motion_check.h).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "core/check/motion_check.h"
#include "core/scene/scene.h"
#include "tests/core/scene_test_files.h"

namespace cl {
namespace {

using nlohmann::json;
using testing::TempFolder;

class SceneMotion : public ::testing::Test {
protected:
    void SetUp() override {
        testing::writePng(folder / "sprites/dot.png", testing::solidImage(2, 2));
        scene = json::parse(R"({
          "format": "collision-lab/scene", "version": 1,
          "sprites": [
            {"name": "A", "image": "../sprites/dot.png"},
            {"name": "B", "image": "../sprites/dot.png", "position": [10, 0]}
          ]
        })");
    }
    SceneLoadResult load() {
        testing::writeText(file(), scene.dump(2));
        return loadScene(file());
    }
    std::filesystem::path file() const { return folder / "scenes/m.json"; }
    static std::string problemAt(const SceneLoadResult& r, const std::string& path) {
        for (const auto& p : r.problems) {
            if (p.path == path) return p.message;
        }
        ADD_FAILURE() << "no problem reported at " << path << "; reported:\n" << r.message();
        return {};
    }

    TempFolder folder;
    json scene;
};

TEST_F(SceneMotion, FieldsAreOptionalAndDefaultToAStillScene) {
    SceneLoadResult r = load();
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(r.scene->timeline, SceneTimeline{});
    EXPECT_EQ(r.scene->timeline.frames, 1);
    EXPECT_EQ(r.scene->timeline.frame, 0);
    EXPECT_EQ(r.scene->timeline.sweepResolution, 0.25);
    EXPECT_TRUE(r.scene->sprites[0].motion.still());
}

TEST_F(SceneMotion, LoadsEveryMotionFieldAsWritten) {
    scene["frames"] = 600;
    scene["frame"] = 42;
    scene["sweep_resolution"] = 0.5;
    scene["sprites"][0]["velocity"] = json::parse("[20, -1.5]");
    scene["sprites"][0]["angular_velocity"] = 10;
    SceneLoadResult r = load();
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(r.scene->timeline.frames, 600);
    EXPECT_EQ(r.scene->timeline.frame, 42);
    EXPECT_EQ(r.scene->timeline.sweepResolution, 0.5);
    EXPECT_EQ(r.scene->sprites[0].motion.velocity, glm::dvec2(20, -1.5));
    EXPECT_EQ(r.scene->sprites[0].motion.angularVelocityDeg, 10);
    EXPECT_TRUE(r.scene->sprites[1].motion.still());
}

TEST_F(SceneMotion, SavedOnlyWhenNotTheDefaultAndLoadedBackTheSame) {
    SceneLoadResult still = load();
    ASSERT_TRUE(still.ok()) << still.message();
    SceneJsonResult stillJson = sceneToJson(*still.scene, file());
    ASSERT_TRUE(stillJson.ok());
    for (const char* key : {"frames", "frame", "sweep_resolution"}) EXPECT_FALSE(stillJson.json->contains(key)) << key;
    for (const char* key : {"velocity", "angular_velocity"}) EXPECT_FALSE((*stillJson.json)["sprites"][0].contains(key)) << key;

    Scene moving = *still.scene;
    moving.timeline = {12, 3, 0.125, std::nullopt};
    moving.sprites[1].motion = {{-2.5, 4}, -7.25};
    ASSERT_EQ(saveScene(moving, folder / "scenes/moving.json").error, "");
    const json written = json::parse(testing::readText(folder / "scenes/moving.json"));
    EXPECT_EQ(written["frames"], 12);
    EXPECT_EQ(written["frame"], 3);
    EXPECT_EQ(written["sweep_resolution"], 0.125);
    EXPECT_EQ(written["sprites"][1]["velocity"], json::parse("[-2.5, 4]"));
    EXPECT_EQ(written["sprites"][1]["angular_velocity"], -7.25);
    EXPECT_FALSE(written["sprites"][0].contains("velocity"));
    SceneLoadResult back = loadScene(folder / "scenes/moving.json");
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(back.scene->timeline, moving.timeline);
    EXPECT_EQ(back.scene->sprites[1].motion, moving.sprites[1].motion);
    EXPECT_EQ(back.scene->sprites[0].motion, SpriteMotion{});
}

TEST_F(SceneMotion, BadValuesAreRefusedWithTheJsonPath) {
    scene["frames"] = 1e12;
    scene["sweep_resolution"] = -0.5;
    scene["sprites"][0]["velocity"] = json::parse(R"(["NaN", 0])");
    scene["sprites"][1]["velocity"] = json::parse("[0, 1e12]");
    scene["sprites"][1]["angular_velocity"] = nullptr;
    SceneLoadResult r = load();
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(problemAt(r, "frames"), "must be an integer in [1, 100000], got 1e+12");
    EXPECT_EQ(problemAt(r, "sweep_resolution"), "must be a number of world pixels in [0.001, 1e+07], got -0.5");
    EXPECT_EQ(problemAt(r, "sprites[0].velocity[0]"),
              "must be a number of world pixels per frame in [-1e+07, 1e+07], got the string \"NaN\"");
    EXPECT_EQ(problemAt(r, "sprites[1].velocity[1]"), "must be a number of world pixels per frame in [-1e+07, 1e+07], got 1e+12");
    EXPECT_EQ(problemAt(r, "sprites[1].angular_velocity"), "must be a number of degrees per frame in [-1e+06, 1e+06], got null");
    EXPECT_TRUE(r.message().find("m.json: frames: must be an integer") != std::string::npos) << r.message();
}

TEST_F(SceneMotion, ZeroResolutionFractionalFramesAndAFrameOffTheTimelineAreRefused) {
    scene["sweep_resolution"] = 0;
    scene["frames"] = 6;
    scene["frame"] = 6;
    scene["sprites"][0]["velocity"] = 3;
    SceneLoadResult r = load();
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(problemAt(r, "sweep_resolution"), "must be a number of world pixels in [0.001, 1e+07], got 0");
    EXPECT_EQ(problemAt(r, "frame"), "must be an integer in [0, 5] (frames is 6), got 6");
    EXPECT_EQ(problemAt(r, "sprites[0].velocity"), "must be an array of two numbers [x, y], got 3");
    scene["frames"] = 2.5;
    scene.erase("frame");
    scene.erase("sweep_resolution");
    scene["sprites"][0].erase("velocity");
    r = load();
    EXPECT_EQ(problemAt(r, "frames"), "must be an integer in [1, 100000], got 2.5");
}

TEST_F(SceneMotion, NanVelocityInMemoryIsNotSaved) {
    SceneLoadResult r = load();
    ASSERT_TRUE(r.ok());
    Scene bad = *r.scene;
    bad.sprites[0].motion.velocity.x = std::numeric_limits<double>::quiet_NaN();
    testing::writeText(folder / "scenes/keep.json", "old");
    SceneSaveResult saved = saveScene(bad, folder / "scenes/keep.json");
    EXPECT_FALSE(saved.ok());
    EXPECT_NE(saved.error.find("sprites[0].velocity[0]: must be a number of world pixels per frame"), std::string::npos) << saved.error;
    EXPECT_EQ(testing::readText(folder / "scenes/keep.json"), "old");
}

TEST_F(SceneMotion, ExpectFramesAndTimeOfImpactAreChecked) {
    scene["expect"] = json::parse(R"({"A/B": {"pixel-fast": {
      "frames": [{"frame": 1, "swept_hit": "yes", "colour": 1}, {"hit": true}, 7],
      "time_of_impact": {"tau": -1, "a": [1.5, 0], "when": 2}}}})");
    SceneLoadResult r = load();
    ASSERT_FALSE(r.ok());
    const std::string path = "expect[\"A/B\"][\"pixel-fast\"]";
    EXPECT_EQ(problemAt(r, path + ".frames[0].swept_hit"), "must be true or false, got the string \"yes\"");
    EXPECT_TRUE(problemAt(r, path + ".frames[0].colour").starts_with("unknown field (known fields: frame, applicable, hit"));
    EXPECT_EQ(problemAt(r, path + ".frames[1].frame"), "missing (required: which frame this entry is about)");
    EXPECT_TRUE(problemAt(r, path + ".frames[2]").starts_with("must be an object"));
    EXPECT_EQ(problemAt(r, path + ".time_of_impact.tau"), "must be a non-negative number of frames, got -1");
    EXPECT_EQ(problemAt(r, path + ".time_of_impact.a"), "must be an array of two integers, got an array");
    EXPECT_EQ(problemAt(r, path + ".time_of_impact.when"), "unknown field (known fields: tau, frame, step, sub_steps, a, b, world)");
}

// Every bundled scene: load, save to JSON, load that, save again: the same text. The scenes from before
// motion existed gain no motion field.
TEST(BundledScenes, LoadAndSaveUnchangedAndStillScenesGainNoMotionField) {
    const std::filesystem::path folder = std::filesystem::path(COLLISION_LAB_SOURCE_DIR) / "assets/scenes";
    int count = 0;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        if (entry.path().extension() != ".json") continue;
        ++count;
        SCOPED_TRACE(entry.path().string());
        SceneLoadResult first = loadScene(entry.path());
        ASSERT_TRUE(first.ok()) << first.message();
        SceneJsonResult saved = sceneToJson(*first.scene, entry.path());
        ASSERT_TRUE(saved.ok()) << saved.error;
        const std::string text = saved.json->dump(2);
        SceneLoadResult second = parseScene(text, entry.path());
        ASSERT_TRUE(second.ok()) << second.message();
        EXPECT_EQ(sceneToJson(*second.scene, entry.path()).json->dump(2), text);
        EXPECT_EQ(second.scene->timeline, first.scene->timeline);
        const json original = json::parse(testing::readText(entry.path()));
        for (const char* key : {"frames", "frame", "sweep_resolution"}) {
            EXPECT_EQ(saved.json->contains(key), original.contains(key)) << key;
        }
        for (std::size_t i = 0; i < original["sprites"].size(); ++i) {
            EXPECT_EQ(second.scene->sprites[i].motion, first.scene->sprites[i].motion);
            for (const char* key : {"velocity", "angular_velocity"}) {
                EXPECT_EQ((*saved.json)["sprites"][i].contains(key), original["sprites"][i].contains(key)) << key;
            }
        }
    }
    EXPECT_GE(count, 20);
}

}  // namespace
}  // namespace cl
