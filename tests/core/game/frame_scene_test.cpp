#include "core/game/frame_scene.h"

#include <algorithm>
#include <gtest/gtest.h>

#include "core/game/falling_blocks.h"
#include "core/mask_cache.h"
#include "core/scene_check.h"
#include "game_test_sprites.h"

namespace cl {
namespace {

using test::bundledGameSprites;

GameSettings crowded(PairMode pairs) {
    GameSettings s;
    s.fieldWidth = 300.0;
    s.fieldHeight = 260.0;
    s.maxBlocks = 30;
    s.initialBlocks = 30;
    s.spawnProbability = 0.5;
    s.spinSpeed = 0.04;
    s.pairs = pairs;
    return s;
}

// The hits `check` finds with the game's pixel test in the saved and reloaded scene, as game ids.
std::vector<GameHit> checkHits(const Scene& scene, const std::string& pixelTest, PairMode pairs) {
    const auto file = std::filesystem::path(testing::TempDir()) / "paused-frame.json";
    EXPECT_TRUE(saveScene(scene, file).ok());
    SceneLoadResult loaded = loadScene(file);
    EXPECT_TRUE(loaded.ok()) << loaded.message();
    CheckOptions options;
    options.algorithms = {pixelTest};
    MaskCache masks;
    CheckRunResult run = runCheck(*loaded.scene, file.string(), options, masks);
    EXPECT_TRUE(run.ok()) << run.error;
    auto idOf = [](const std::string& name) -> std::uint64_t { return name == "person" ? kPersonId : std::stoull(name.substr(6)); };
    std::vector<GameHit> hits;
    for (const PairReport& pair : run.report->pairs) {
        if (pairs == PairMode::Person && pair.a != "person") continue;
        if (pair.results.front().result.hit) hits.push_back({idOf(pair.a), idOf(pair.b)});
    }
    std::sort(hits.begin(), hits.end());
    VerifyResult verified = verifyReport(*run.report, loaded.scene->expect);
    EXPECT_TRUE(verified.passed()) << verified.differences.front();
    EXPECT_GT(verified.checked, 0);
    return hits;
}

TEST(FrameScene, APausedFrameGivesTheGamesHitsThroughCheck) {
    for (PairMode pairs : {PairMode::Person, PairMode::All}) {
        FallingBlocksGame game(bundledGameSprites(), crowded(pairs), 404);
        int framesWithHits = 0;
        for (int i = 0; i < 160 && framesWithHits < 3; ++i) {
            game.step(static_cast<std::uint8_t>((i / 23) % 3));
            const bool interesting = pairs == PairMode::Person ? game.lastFrame().personHit : game.lastFrame().counts.hits > 2;
            if (!interesting) continue;
            ++framesWithHits;
            FrameSceneOptions options;
            options.everyBlock = pairs == PairMode::All;
            FrameSceneResult scene = sceneFromFrame(game, options);
            ASSERT_TRUE(scene.ok()) << scene.error;
            std::vector<GameHit> expected = game.lastFrame().hits;
            std::sort(expected.begin(), expected.end());
            EXPECT_EQ(checkHits(*scene.scene, game.settings().pixelTest, pairs), expected) << "frame " << game.lastFrame().frame;
        }
        EXPECT_EQ(framesWithHits, 3) << pairModeName(pairs);
    }
}

TEST(FrameScene, NearBlocksOnlyUnlessEveryBlockIsAsked) {
    GameSettings s = crowded(PairMode::Person);
    s.fieldWidth = 2000.0;
    FallingBlocksGame game(bundledGameSprites(), s, 8);
    game.step(0);
    const FrameSceneResult near = sceneFromFrame(game);
    FrameSceneOptions every;
    every.everyBlock = true;
    const FrameSceneResult all = sceneFromFrame(game, every);
    ASSERT_TRUE(near.ok() && all.ok());
    EXPECT_EQ(all.scene->sprites.size(), game.blocks().size() + 1);
    EXPECT_LT(near.scene->sprites.size(), all.scene->sprites.size());
    EXPECT_EQ(near.scene->sprites.front().name, "person");
    EXPECT_EQ(all.scene->sprites[1].transform, game.blockTransform(game.blocks()[0]));

    GameSettings big = s;
    big.maxBlocks = 300;
    big.initialBlocks = 300;
    FallingBlocksGame crowdedGame(bundledGameSprites(), big, 8);
    crowdedGame.step(0);
    const FrameSceneResult tooMany = sceneFromFrame(crowdedGame, every);
    EXPECT_FALSE(tooMany.ok());
    EXPECT_NE(tooMany.error.find("a scene holds at most 255"), std::string::npos) << tooMany.error;
}

}  // namespace
}  // namespace cl
