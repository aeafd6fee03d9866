// Animated sprites on a timeline: the scene's `fps` field, and `check --frames` (core/check/motion_check.h) answering
// with the animation frame shown at each tau, against a reference that cuts that frame and runs the plain test.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>

#include "core/scene/animation_time.h"
#include "core/check/motion_check.h"
#include "core/scene/scene.h"
#include "tests/core/scene_test_files.h"

namespace cl {
namespace {

using nlohmann::json;
using testing::TempFolder;

const std::filesystem::path kSourceDir = COLLISION_LAB_SOURCE_DIR;

class SceneFps : public ::testing::Test {
protected:
    void SetUp() override {
        testing::writePng(folder / "dot.png", testing::solidImage(2, 2));
        scene = json::parse(R"({"format": "collision-lab/scene", "version": 1,
          "sprites": [{"name": "A", "image": "dot.png"}, {"name": "B", "image": "dot.png", "position": [10, 0]}]})");
    }
    SceneLoadResult load() {
        testing::writeText(folder / "s.json", scene.dump(2));
        return loadScene(folder / "s.json");
    }
    TempFolder folder;
    json scene;
};

TEST_F(SceneFps, AbsentMeans60AndIsNotWritten) {
    SceneLoadResult r = load();
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_FALSE(r.scene->timeline.fps.has_value());
    EXPECT_EQ(r.scene->timeline.framesPerSecond(), 60.0);
    SceneJsonResult written = sceneToJson(*r.scene, folder / "s.json");
    ASSERT_TRUE(written.ok()) << written.error;
    EXPECT_FALSE(written.json->contains("fps"));
}

TEST_F(SceneFps, ASetRateLoadsAndSavesBack) {
    scene["fps"] = 12.5;
    SceneLoadResult r = load();
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(r.scene->timeline.framesPerSecond(), 12.5);
    ASSERT_TRUE(saveScene(*r.scene, folder / "back.json").ok());
    SceneLoadResult back = loadScene(folder / "back.json");
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(back.scene->timeline, r.scene->timeline);
    EXPECT_EQ(json::parse(testing::readText(folder / "back.json"))["fps"], 12.5);
}

TEST_F(SceneFps, BadRatesAreRefusedNamingTheFileAndField) {
    const std::pair<json, std::string> cases[] = {
        {json("NaN"), "got the string \"NaN\""}, {json(0), "got 0"}, {json(1e9), "got 1e+09"},
        {json("fast"), "got the string \"fast\""}, {json(0.5), "got 0.5"}, {json(nullptr), "got null"}};
    for (const auto& [value, got] : cases) {
        scene["fps"] = value;
        SceneLoadResult r = load();
        ASSERT_FALSE(r.ok()) << value.dump();
        EXPECT_NE(r.message().find("s.json: fps: must be a number of timeline frames per second in [1, 1000], " + got),
                  std::string::npos)
            << r.message();
    }
}

// The animation frame at tau = k + m/n by walking the frames in exact integer units (ms x fps x n), apart from
// the code under test.
int referenceFrame(const SceneSprite& sprite, std::int64_t fps, std::int64_t k, std::int64_t m, std::int64_t n) {
    std::vector<std::int64_t> units;
    for (const std::string& name : sprite.animation.frames) {
        const int ms = sprite.atlasData->frames[std::size_t(sprite.atlasData->indexOf(name))].durationMs;
        units.push_back(std::int64_t(ms > 0 ? ms : 100) * fps * n);
    }
    std::int64_t cycle = 0, position = (k * n + m) * 1000;
    for (std::size_t i = 0; i < units.size(); ++i) {
        if (int(i) < sprite.frameIndex) position += units[i];
        cycle += units[i];
    }
    position %= cycle;
    for (std::size_t i = 0;; ++i) {
        if (position < units[i]) return int(i);
        position -= units[i];
    }
}

TEST(AnimatedTimeline, EveryDiscreteAndSweptAnswerIsThePlainTestOnTheFrameShownAtTau) {
    SceneLoadResult loaded = loadScene(kSourceDir / "tests/scenes/animated-timeline.json");
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    const Scene& scene = *loaded.scene;
    ASSERT_EQ(scene.timeline.framesPerSecond(), 10.0);
    const std::int64_t fps = 10;
    MaskCache masks;
    MotionRunResult run = runMotionCheck(scene, "animated-timeline.json", CheckOptions{}, masks);
    ASSERT_TRUE(run.ok()) << run.error;
    ASSERT_EQ(run.report->pairs.size(), 1u);
    const MotionPairReport& pair = run.report->pairs[0];
    const Algorithm& algorithm = *pair.algorithm;

    FrameImageCache cuts;
    MaskCache referenceMasks;
    TestOptions hitOnly;
    hitOnly.sampling = scene.sampling;
    hitOnly.stopAtFirstHit = true;
    // The scene at tau: each sprite at its pose with the frame the reference walk finds, then the plain test.
    auto referenceHit = [&](std::int64_t k, std::int64_t m, std::int64_t n, bool onlyFrameIndex) {
        std::vector<std::shared_ptr<const AlphaMask>> held;
        std::vector<Body> bodies;
        for (const SceneSprite& sprite : scene.sprites) {
            SceneSprite shown = sprite;
            FrameRef ref;
            ref.kind = FrameRef::Kind::Atlas;
            ref.name = sprite.animation.frames[std::size_t(onlyFrameIndex ? sprite.frameIndex : referenceFrame(sprite, fps, k, m, n))];
            EXPECT_EQ(setSpriteFrame(shown, ref, sprite.flip, cuts), "");
            held.push_back(referenceMasks.get(shown.pixels, sprite.alphaThreshold));
            bodies.push_back(Body{held.back().get(), transformAt(sprite.transform, sprite.motion, double(k) + double(m) / double(n))});
        }
        CollisionResult r = runAlgorithm(algorithm, bodies[0], bodies[1], hitOnly);
        EXPECT_TRUE(r.applicable);
        return r.hit;
    };

    int hits = 0, differFromStill = 0, tunnels = 0;
    ASSERT_EQ(pair.frames.size(), 24u);
    for (const FrameOutcome& outcome : pair.frames) {
        const std::int64_t k = outcome.frame;
        const bool expected = referenceHit(k, 0, 1, false);
        EXPECT_EQ(outcome.discrete.hit, expected) << "frame " << k;
        hits += expected;
        differFromStill += expected != referenceHit(k, 0, 1, true);
        if (!outcome.swept) continue;
        const SweptResult& swept = *outcome.swept;
        ASSERT_TRUE(swept.applicable) << swept.reason;
        const std::int64_t n = swept.subSteps;
        EXPECT_GE(n, 3);  // the hero moves 1.5 px a frame at h = 0.5
        std::optional<std::int64_t> first;
        for (std::int64_t m = 0; m <= n && !first; ++m) {
            if (referenceHit(k, m, n, false)) first = m;
        }
        EXPECT_EQ(swept.hitAtStart, referenceHit(k, 0, n, false)) << "frame " << k;
        EXPECT_EQ(swept.hitAtEnd, referenceHit(k, n, n, false)) << "frame " << k;
        EXPECT_EQ(swept.hit, first.has_value()) << "frame " << k;
        if (first && swept.impact) {
            EXPECT_EQ(swept.impact->step, *first) << "frame " << k;
        }
        tunnels += swept.tunnelling();
    }
    // Not a vacuous scene: it hits and misses, and the animation changes answers a still frame_index would give.
    EXPECT_GT(hits, 0);
    EXPECT_LT(hits, 24);
    EXPECT_GT(differFromStill, 0);
    std::printf("hits %d, differ from frame_index alone %d, tunnelling intervals %d\n", hits, differFromStill, tunnels);
}

}  // namespace
}  // namespace cl
