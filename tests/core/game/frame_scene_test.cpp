#include "core/game/frame_scene.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <gtest/gtest.h>

#include "core/game/falling_blocks.h"
#include "core/base/mask_cache.h"
#include "core/motion/motion.h"
#include "core/check/motion_check.h"
#include "core/check/scene_check.h"
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
    const auto file = std::filesystem::path(::testing::TempDir()) / "paused-frame.json";
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

TEST(FrameScene, AFrameWhereThePersonIsHitOpensOnThePersonAndTheFirstBlockHittingIt) {
    FallingBlocksGame game(bundledGameSprites(), crowded(PairMode::All), 404);
    bool sawMiss = false, sawHit = false;
    for (int i = 0; i < 200 && !(sawMiss && sawHit); ++i) {
        game.step(static_cast<std::uint8_t>((i / 23) % 3));
        FrameSceneResult made = sceneFromFrame(game);
        ASSERT_TRUE(made.ok()) << made.error;
        std::optional<std::uint64_t> first;  // the lowest id among the blocks hitting the person
        for (const GameHit& h : game.lastFrame().hits)
            if (h.a == kPersonId && (!first || h.b < *first)) first = h.b;
        if (!first) {
            EXPECT_FALSE(made.scene->view.pair.has_value()) << "frame " << i;
            sawMiss = true;
            continue;
        }
        sawHit = true;
        ASSERT_TRUE(made.scene->view.pair.has_value()) << "frame " << i;
        EXPECT_EQ(made.scene->view.pair->first, "person");
        EXPECT_EQ(made.scene->view.pair->second, "block-" + std::to_string(*first)) << "frame " << i;
        EXPECT_EQ(made.scene->sprites[0].name, "person");  // the sprites keep their order (A and B of every pair)
    }
    EXPECT_TRUE(sawMiss && sawHit);
}

TEST(FrameScene, OnlyBlockGivesThePersonAndThatBlockWhereverItIs) {
    GameSettings s = crowded(PairMode::Person);
    s.fieldWidth = 2000.0;
    FallingBlocksGame game(bundledGameSprites(), s, 8);
    game.step(0);
    // The block farthest from the person (near or not: onlyBlock ignores nearness).
    const FallingBlock* far = &game.blocks().front();
    for (const FallingBlock& b : game.blocks()) {
        const double d = std::abs(game.blockTransform(b).position.x - game.personTransform().position.x);
        if (d > std::abs(game.blockTransform(*far).position.x - game.personTransform().position.x)) far = &b;
    }
    FrameSceneOptions only;
    only.onlyBlock = far->id;
    const FrameSceneResult pair = sceneFromFrame(game, only);
    ASSERT_TRUE(pair.ok()) << pair.error;
    ASSERT_EQ(pair.scene->sprites.size(), 2u);
    EXPECT_EQ(pair.scene->sprites[0].name, "person");
    EXPECT_EQ(pair.scene->sprites[1].name, "block-" + std::to_string(far->id));
    EXPECT_EQ(pair.scene->sprites[1].transform, game.blockTransform(*far));
    EXPECT_EQ(pair.scene->expect.pairCount(), 1u);

    std::uint64_t missing = 0;
    for (const FallingBlock& b : game.blocks()) missing = std::max(missing, b.id + 1);
    only.onlyBlock = missing;
    const FrameSceneResult none = sceneFromFrame(game, only);
    EXPECT_FALSE(none.ok());
    EXPECT_EQ(none.error, "block-" + std::to_string(missing) + " is not in frame 0");
}

TEST(FrameScene, TheCapturedMotionPlacesEverySpriteWhereTheGamesNextFrameDrawsIt) {
    GameSettings s = crowded(PairMode::Person);
    s.fallSpeed = 3.5;
    FallingBlocksGame game(bundledGameSprites(), s, 77);
    for (int i = 0; i < 9; ++i) game.step(kInputRight);
    // Each block's turn one frame ago, to work out its spin from what was drawn, not from the game's field.
    std::map<std::uint64_t, double> previousDeg;
    for (const FallingBlock& b : game.blocks()) previousDeg[b.id] = game.blockTransform(b).rotationDeg;
    const double personBefore = game.personPosition().x;
    game.step(kInputRight);
    ASSERT_DOUBLE_EQ(game.personPosition().x, personBefore + s.personSpeed);  // not stopped by an edge

    FrameSceneOptions every;
    every.everyBlock = true;
    FrameSceneResult made = sceneFromFrame(game, every);
    ASSERT_TRUE(made.ok()) << made.error;
    // Saved and read back: the motion is in the file, and the timeline has frames to play it over.
    const auto file = std::filesystem::path(::testing::TempDir()) / "paused-with-motion.json";
    ASSERT_TRUE(saveScene(*made.scene, file).ok());
    SceneLoadResult loaded = loadScene(file);
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    const Scene& scene = *loaded.scene;
    EXPECT_EQ(scene.timeline.frames, 60);
    EXPECT_EQ(scene.timeline.frame, 0);

    // Worked out by hand: a block falls the fall speed and turns as much as it turned in the last frame;
    // the person keeps Right held, so it moves the person speed to the right.
    std::map<std::string, SpriteTransform> expected;
    for (const FallingBlock& b : game.blocks()) {
        SpriteTransform t = game.blockTransform(b);
        if (!previousDeg.count(b.id)) continue;  // spawned this frame
        const double spinDeg = t.rotationDeg - previousDeg[b.id];
        t.position.y += s.fallSpeed;
        t.rotationDeg += spinDeg;
        expected["block-" + std::to_string(b.id)] = t;
    }
    SpriteTransform person = game.personTransform();
    person.position.x += s.personSpeed;
    expected["person"] = person;

    game.step(kInputRight);
    std::map<std::string, SpriteTransform> next{{"person", game.personTransform()}};
    for (const FallingBlock& b : game.blocks()) next["block-" + std::to_string(b.id)] = game.blockTransform(b);

    int compared = 0;
    for (const SceneSprite& sprite : scene.sprites) {
        const SpriteTransform atOne = transformAt(sprite.transform, sprite.motion, 1.0);
        ASSERT_TRUE(expected.count(sprite.name)) << sprite.name;
        const SpriteTransform& hand = expected[sprite.name];
        EXPECT_NEAR(atOne.position.x, hand.position.x, 1e-9) << sprite.name;
        EXPECT_NEAR(atOne.position.y, hand.position.y, 1e-9) << sprite.name;
        EXPECT_NEAR(atOne.rotationDeg, hand.rotationDeg, 1e-9) << sprite.name;
        EXPECT_EQ(atOne.origin, hand.origin) << sprite.name;
        if (!next.count(sprite.name)) continue;  // fell out of the field in the next frame
        const SpriteTransform& drawn = next[sprite.name];
        EXPECT_NEAR(atOne.position.x, drawn.position.x, 1e-9) << sprite.name;
        EXPECT_NEAR(atOne.position.y, drawn.position.y, 1e-9) << sprite.name;
        EXPECT_NEAR(atOne.rotationDeg, drawn.rotationDeg, 1e-9) << sprite.name;
        ++compared;
    }
    EXPECT_GT(compared, 20);
    // A block spins (the sprite's angular velocity is not zero) and the person moves.
    EXPECT_NE(scene.sprites[1].motion.angularVelocityDeg, 0.0);
    EXPECT_EQ(scene.sprites[0].motion.velocity, glm::dvec2(s.personSpeed, 0.0));
}

TEST(FrameScene, TheCapturedScenesTimelineHitsWhereTheGameHitsInTheFramesThatFollow) {
    GameSettings s = crowded(PairMode::Person);
    s.fieldWidth = 600.0;  // the person walks right for 30 frames without reaching the edge
    s.spinSpeed = 0.08;
    FallingBlocksGame game(bundledGameSprites(), s, 21);
    for (int i = 0; i < 10; ++i) game.step(kInputRight);
    constexpr int kFrames = 20;
    FrameSceneOptions options;
    options.frames = kFrames;
    FrameSceneResult made = sceneFromFrame(game, options);
    ASSERT_TRUE(made.ok()) << made.error;
    ASSERT_EQ(made.scene->timeline.frames, kFrames);
    CheckOptions check;
    check.algorithms = {s.pixelTest};
    MaskCache masks;
    MotionRunResult timeline = runMotionCheck(*made.scene, "captured", check, masks);
    ASSERT_TRUE(timeline.ok()) << timeline.error;

    // The game goes on with Right held; frame k of the scene is the game's frame k later, so each person
    // pair hits in the scene's frame k exactly when the game hit it then (while the block is still alive).
    int compared = 0, hits = 0;
    for (int k = 1; k < kFrames; ++k) {
        game.step(kInputRight);
        for (const MotionPairReport& pair : timeline.report->pairs) {
            if (pair.a != "person") continue;
            const std::uint64_t id = std::stoull(pair.b.substr(6));
            const auto blocks = game.blocks();
            if (std::none_of(blocks.begin(), blocks.end(), [&](const FallingBlock& b) { return b.id == id; })) continue;
            const auto& gameHits = game.lastFrame().hits;
            const bool gameHit = std::find(gameHits.begin(), gameHits.end(), GameHit{kPersonId, id}) != gameHits.end();
            EXPECT_EQ(pair.frames[k].discrete.hit, gameHit) << pair.b << " frame " << k;
            ++compared;
            hits += gameHit ? 1 : 0;
        }
    }
    EXPECT_GT(compared, 40);
    EXPECT_GT(hits, 3);  // the comparison saw hits, not only misses
    EXPECT_LT(hits, compared);
}

TEST(FrameScene, ThePersonStoppedAtTheFieldsEdgeHasNoVelocity) {
    FallingBlocksGame game(bundledGameSprites(), crowded(PairMode::Person), 3);
    for (int i = 0; i < 80; ++i) game.step(kInputLeft);  // far past the left edge
    ASSERT_EQ(game.personPosition().x, 0.0);
    FrameSceneOptions every;
    every.everyBlock = true;
    FrameSceneResult made = sceneFromFrame(game, every);
    ASSERT_TRUE(made.ok()) << made.error;
    EXPECT_TRUE(made.scene->sprites.front().motion.still());
}

}  // namespace
}  // namespace cl
