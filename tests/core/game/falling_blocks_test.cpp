#include "core/game/falling_blocks.h"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>

#include "core/collision/algorithms.h"
#include "core/game/make_broad_phase.h"
#include "core/game/game_random.h"
#include "game_test_sprites.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using test::bundledGameSprites;

// A crowded little field: blocks touch the person and each other every few frames.
GameSettings crowdedSettings() {
    GameSettings s;
    s.fieldWidth = 360.0;
    s.fieldHeight = 300.0;
    s.maxBlocks = 40;
    s.initialBlocks = 40;
    s.spawnProbability = 0.5;
    s.fallSpeed = 3.0;
    s.spinSpeed = 0.05;
    return s;
}

// Left, right or nothing, held for a random number of frames.
std::vector<std::uint8_t> randomInputs(std::uint64_t seed, int frames) {
    GameRandom random(seed);
    std::vector<std::uint8_t> inputs;
    while (static_cast<int>(inputs.size()) < frames) {
        const auto key = static_cast<std::uint8_t>(random.below(3));
        const int hold = 1 + static_cast<int>(random.below(40));
        for (int i = 0; i < hold && static_cast<int>(inputs.size()) < frames; ++i) inputs.push_back(key);
    }
    return inputs;
}

// Every pair, no broad phase and no pre-check: the pixel test alone, in the game's pair order.
std::vector<GameHit> bruteForceHits(const FallingBlocksGame& game) {
    const Algorithm& pixel = *findAlgorithm(game.settings().pixelTest);
    TestOptions options;
    options.sampling = game.settings().sampling;
    options.stopAtFirstHit = true;
    std::vector<Body> blocks;
    for (const FallingBlock& block : game.blocks()) blocks.push_back({&game.blockMask(), game.blockTransform(block)});
    const Body person{&game.personMask(), game.personTransform()};
    std::vector<GameHit> hits;
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        if (pixel.run(person, blocks[i], options).hit) hits.push_back({kPersonId, game.blocks()[i].id});
    }
    if (game.settings().pairs == PairMode::All) {
        for (std::size_t i = 0; i < blocks.size(); ++i) {
            for (std::size_t j = i + 1; j < blocks.size(); ++j) {
                if (pixel.run(blocks[i], blocks[j], options).hit) hits.push_back({game.blocks()[i].id, game.blocks()[j].id});
            }
        }
    }
    return hits;
}

TEST(FallingBlocks, TheSameSeedAndInputsGiveTheSameFramesBitForBit) {
    const auto inputs = randomInputs(3, 300);
    FallingBlocksGame first(bundledGameSprites(), crowdedSettings(), 1234);
    FallingBlocksGame second(bundledGameSprites(), crowdedSettings(), 1234);
    FallingBlocksGame otherSeed(bundledGameSprites(), crowdedSettings(), 1235);
    bool seedsDiffer = false;
    for (std::uint8_t input : inputs) {
        first.step(input);
        second.step(input);
        otherSeed.step(input);
        ASSERT_EQ(first.blocks().size(), second.blocks().size());
        for (std::size_t i = 0; i < first.blocks().size(); ++i) {
            ASSERT_EQ(first.blocks()[i].id, second.blocks()[i].id);
            ASSERT_EQ(first.blocks()[i].position, second.blocks()[i].position);
            ASSERT_EQ(first.blocks()[i].rotation, second.blocks()[i].rotation);
        }
        ASSERT_EQ(first.personPosition(), second.personPosition());
        ASSERT_EQ(first.lastFrame().hits, second.lastFrame().hits);
        if (otherSeed.blocks().empty() || first.blocks().empty() ||
            otherSeed.blocks()[0].position != first.blocks()[0].position) {
            seedsDiffer = true;
        }
    }
    EXPECT_TRUE(seedsDiffer);
}

TEST(FallingBlocks, BlocksFallSpinAndLeaveAsInTheTutorial) {
    GameSettings s;  // the tutorial's defaults, with a spawn every frame
    s.spawnProbability = 1.0;
    FallingBlocksGame game(bundledGameSprites(), s, 5);
    game.step(0);
    ASSERT_EQ(game.blocks().size(), 1u);
    const FallingBlock first = game.blocks()[0];
    // Spawned with its centre one block height above the field, then fallen once.
    EXPECT_EQ(first.position.y, -64.0 + 2.0);
    EXPECT_GE(first.position.x, 32.0);
    EXPECT_LE(first.position.x, 800.0 - 32.0);
    EXPECT_GE(std::fabs(first.spin), 0.0025);
    EXPECT_LT(std::fabs(first.spin), 0.0075);
    game.step(0);
    EXPECT_EQ(game.blocks()[0].position.y, -64.0 + 4.0);
    EXPECT_EQ(game.blocks()[0].rotation, first.rotation + first.spin);
    // It leaves once its centre is more than half a diagonal (45.25) below the 600-pixel field:
    // y = -64 + 2 n > 645.25 first at n = 355.
    for (int n = 3; n <= 354; ++n) game.step(0);
    EXPECT_EQ(game.blocks()[0].id, first.id);
    game.step(0);
    EXPECT_NE(game.blocks()[0].id, first.id);
}

TEST(FallingBlocks, ThePersonMovesWithTheKeysAndStaysOnTheField) {
    GameSettings s;
    s.spawnProbability = 0.0;
    FallingBlocksGame game(bundledGameSprites(), s, 1);
    EXPECT_EQ(game.personPosition(), glm::dvec2((800.0 - 48.0) / 2.0, 600.0 - 64.0));
    game.step(kInputLeft);
    EXPECT_EQ(game.personPosition().x, 376.0 - 5.0);
    game.step(kInputRight);
    game.step(kInputRight);
    EXPECT_EQ(game.personPosition().x, 376.0 + 5.0);
    game.step(kInputLeft | kInputRight);
    EXPECT_EQ(game.personPosition().x, 381.0);
    for (int i = 0; i < 200; ++i) game.step(kInputRight);
    EXPECT_EQ(game.personPosition().x, 800.0 - 48.0);
}

TEST(FallingBlocks, TheCapHoldsAndAStartFullRunKeepsItsBlocks) {
    GameSettings s;
    s.maxBlocks = 25;
    s.initialBlocks = 25;
    s.spawnProbability = 40.0;
    FallingBlocksGame game(bundledGameSprites(), s, 9);
    EXPECT_EQ(game.blocks().size(), 25u);
    for (int i = 0; i < 50; ++i) {
        game.step(0);
        EXPECT_LE(game.blocks().size(), 25u);
        EXPECT_EQ(game.lastFrame().counts.alive, static_cast<std::int64_t>(game.blocks().size()));
    }
    EXPECT_GE(game.blocks().size(), 24u);
}

struct PipelineCase {
    const char* name;
    BroadPhaseKind broadPhase;
    const char* precheck;
    PairMode pairs;
    const char* pixelTest;
    Sampling sampling = Sampling::Center;
    int frames = 300;
};

class FallingBlocksPipeline : public ::testing::TestWithParam<PipelineCase> {};

TEST_P(FallingBlocksPipeline, HitsEqualABruteForceLoopOverEveryPairForHundredsOfFrames) {
    const PipelineCase& c = GetParam();
    GameSettings s = crowdedSettings();
    s.broadPhase = c.broadPhase;
    s.precheck = c.precheck;
    s.pairs = c.pairs;
    s.pixelTest = c.pixelTest;
    s.sampling = c.sampling;
    FallingBlocksGame game(bundledGameSprites(), s, 77);
    std::int64_t hits = 0, personHits = 0;
    for (std::uint8_t input : randomInputs(11, c.frames)) {
        game.step(input);
        const FrameReport& frame = game.lastFrame();
        ASSERT_EQ(frame.hits, bruteForceHits(game)) << "frame " << frame.frame;
        EXPECT_LE(frame.counts.afterPrecheck, frame.counts.broadPhasePairs);
        EXPECT_EQ(frame.counts.pixelTests, frame.counts.afterPrecheck);
        EXPECT_EQ(frame.counts.hits, static_cast<std::int64_t>(frame.hits.size()));
        hits += frame.counts.hits;
        personHits += frame.personHit ? 1 : 0;
    }
    // The comparison means something only if there were hits of both kinds.
    EXPECT_GT(personHits, 10);
    if (c.pairs == PairMode::All) {
        EXPECT_GT(hits, personHits + 100);
    }
}

INSTANTIATE_TEST_SUITE_P(
    Stages, FallingBlocksPipeline,
    ::testing::Values(PipelineCase{"tree_none_all", BroadPhaseKind::Tree, "none", PairMode::All, "pixel-fast"},
                      PipelineCase{"tree_aabb_all", BroadPhaseKind::Tree, "aabb", PairMode::All, "pixel-fast"},
                      PipelineCase{"tree_tight_all", BroadPhaseKind::Tree, "tight-aabb", PairMode::All, "pixel-fast"},
                      PipelineCase{"tree_obb_all", BroadPhaseKind::Tree, "obb", PairMode::All, "pixel-fast"},
                      PipelineCase{"sweep_none_all", BroadPhaseKind::Sweep, "none", PairMode::All, "pixel-fast"},
                      PipelineCase{"grid_none_all", BroadPhaseKind::Grid, "none", PairMode::All, "pixel-fast"},
                      PipelineCase{"grid_aabb_person", BroadPhaseKind::Grid, "aabb", PairMode::Person, "pixel-fast"},
                      PipelineCase{"none_aabb_person", BroadPhaseKind::None, "aabb", PairMode::Person, "pixel-fast"},
                      PipelineCase{"tree_none_all_xna", BroadPhaseKind::Tree, "none", PairMode::All, "pixel-fast", Sampling::Xna},
                      // The game's own stages: two blocks answered by their mask's cover (blockPairVerdict, block_box.h) where they can be.
                      PipelineCase{"grid_aabb_all", BroadPhaseKind::Grid, "aabb", PairMode::All, "pixel-fast"},
                      PipelineCase{"grid_aabb_all_xna", BroadPhaseKind::Grid, "aabb", PairMode::All, "pixel-fast", Sampling::Xna},
                      PipelineCase{"tree_none_all_world", BroadPhaseKind::Tree, "none", PairMode::All, "pixel-world",
                                   Sampling::Center, 100}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(FallingBlocks, TheBroadPhaseNeverDropsAPairAnyPixelTestWouldHit) {
    GameSettings s = crowdedSettings();
    s.pairs = PairMode::All;
    FallingBlocksGame game(bundledGameSprites(), s, 31);
    auto tree = makeBroadPhase(BroadPhaseKind::Tree);
    auto sweep = makeBroadPhase(BroadPhaseKind::Sweep);
    std::int64_t nearMisses = 0;
    for (std::uint8_t input : randomInputs(5, 60)) {
        game.step(input);
        std::vector<Body> bodies{{&game.personMask(), game.personTransform()}};
        std::vector<BroadPhaseItem> items{{0, broadPhaseBox(bodies[0])}};
        for (const FallingBlock& block : game.blocks()) {
            bodies.push_back({&game.blockMask(), game.blockTransform(block)});
            items.push_back({block.id, broadPhaseBox(bodies.back())});
        }
        tree->update(items, {0.0, s.fallSpeed});
        sweep->update(items, {0.0, s.fallSpeed});
        std::vector<std::pair<int, int>> fromTree, fromSweep;
        tree->pairs(fromTree);
        sweep->pairs(fromSweep);
        std::sort(fromTree.begin(), fromTree.end());
        std::sort(fromSweep.begin(), fromSweep.end());
        ASSERT_EQ(fromTree, fromSweep);
        // Far pairs cannot touch; the pairs the broad phase drops within 16 pixels are where a box
        // that is too tight would show. Every pixel test, in both samplings, must miss them.
        for (int i = 0; i < static_cast<int>(bodies.size()); ++i) {
            for (int j = i + 1; j < static_cast<int>(bodies.size()); ++j) {
                if (std::binary_search(fromTree.begin(), fromTree.end(), std::pair{i, j})) continue;
                Rect grown = items[static_cast<std::size_t>(i)].box;
                grown.min -= glm::dvec2(16.0);
                grown.max += glm::dvec2(16.0);
                if (!boxesTouch(grown, items[static_cast<std::size_t>(j)].box)) continue;
                ++nearMisses;
                for (const Algorithm& row : coreAlgorithms().all()) {
                    if (row.kind != AlgorithmKind::Pixel) continue;
                    for (Sampling sampling : {Sampling::Center, Sampling::Xna}) {
                        TestOptions options;
                        options.sampling = sampling;
                        options.stopAtFirstHit = true;
                        ASSERT_FALSE(row.run(bodies[i], bodies[j], options).hit)
                            << row.name << " hits dropped pair " << i << "/" << j << " in frame " << game.lastFrame().frame;
                    }
                }
            }
        }
    }
    EXPECT_GT(nearMisses, 100);
}

TEST(FallingBlocks, ThePreChecksLeaveFewerPairsButTheSameHits) {
    std::vector<std::int64_t> leftToPixels;
    std::vector<std::int64_t> hits;
    for (const char* precheck : {"none", "aabb", "tight-aabb"}) {
        GameSettings s = crowdedSettings();
        s.precheck = precheck;
        FallingBlocksGame game(bundledGameSprites(), s, 21);
        std::int64_t pixelTests = 0, hitCount = 0;
        for (int i = 0; i < 200; ++i) {
            game.step(0);
            pixelTests += game.lastFrame().counts.pixelTests;
            hitCount += game.lastFrame().counts.hits;
        }
        leftToPixels.push_back(pixelTests);
        hits.push_back(hitCount);
    }
    EXPECT_GT(leftToPixels[0], leftToPixels[1]);
    EXPECT_GT(leftToPixels[1], leftToPixels[2]);
    EXPECT_EQ(hits[0], hits[1]);
    EXPECT_EQ(hits[1], hits[2]);
}

TEST(FallingBlocks, BadSettingsAreRefusedWithTheFieldName) {
    GameSettings s;
    s.maxBlocks = -1;
    EXPECT_EQ(validate(s), "max_blocks: must be a whole number in [0, 100000], got -1");
    s = {};
    s.maxBlocks = 100001;
    EXPECT_TRUE(validate(s).has_value());
    s = {};
    s.fallSpeed = std::nan("");
    EXPECT_EQ(validate(s).value().rfind("fall_speed:", 0), 0u);
    s = {};
    s.precheck = "pixel-fast";
    EXPECT_EQ(validate(s).value().rfind("precheck:", 0), 0u);
    s = {};
    s.pixelTest = "aabb";
    EXPECT_EQ(validate(s).value().rfind("pixel_test:", 0), 0u);
    s = {};
    s.broadPhase = BroadPhaseKind::None;
    s.pairs = PairMode::All;
    s.maxBlocks = 2001;
    EXPECT_TRUE(validate(s).has_value());
    EXPECT_THROW(FallingBlocksGame(bundledGameSprites(), s, 1), std::invalid_argument);
}

// The documented pair cap holds whatever the broad phase: kMaxEveryPairBlocks blocks tested every pair make
// 1,999,000 candidates; a tiny field packing 2,001 blocks on one spot makes 2,001,000 and is refused.
TEST(FallingBlocks, AFrameWithMoreCandidatePairsThanTheCapIsRefusedBeforeAnyTest) {
    const AlphaMask block = testing::solidMask(4, 4);
    for (BroadPhaseKind kind : {BroadPhaseKind::Sweep, BroadPhaseKind::Tree}) {
        GameSettings settings;
        settings.pairs = PairMode::All;
        settings.broadPhase = kind;
        CollisionPass pass(settings);
        WorkBudget budget;
        pass.setBudget(&budget);
        const Body person{&block, SpriteTransform{}};
        for (int n : {kMaxEveryPairBlocks, kMaxEveryPairBlocks + 1}) {
            std::vector<Body> blocks(static_cast<std::size_t>(n), Body{&block, SpriteTransform{}});
            blocks.front().transform.position = {1000.0, 1000.0};  // away from the others and the person
            std::vector<std::uint64_t> ids(blocks.size());
            for (std::size_t i = 0; i < ids.size(); ++i) ids[i] = i + 1;
            FrameReport report;
            report.frame = 7;
            bool refused = false;
            try {
                pass.run(person, blocks, ids, {0.0, 0.0}, report);
            } catch (const WorkBudgetExceeded& e) {
                refused = true;
                EXPECT_TRUE(e.fixedCap());
                EXPECT_NE(std::string(e.what()).find("frame 7 has 2001000 candidate pairs, more than the 1999000"), std::string::npos)
                    << e.what();
            }
            // n - 1 blocks on one spot: (n - 1)(n - 2) / 2 pairs, plus the person against those n - 1.
            EXPECT_EQ(refused, n == kMaxEveryPairBlocks + 1) << n;
            if (!refused) {
                EXPECT_EQ(report.counts.broadPhasePairs, std::int64_t(n - 1) * (n - 2) / 2 + (n - 1));
            }
        }
    }
}

}  // namespace
}  // namespace cl

namespace cl {
namespace {

// The game hands the pass its blocks (one shared mask; bodies and pre-check shapes made once a frame, only
// for blocks in candidate pairs; the person's pairs by one pass over the boxes). A pass given every block's
// body, as any caller may, must count and hit exactly the same, frame after frame, whatever the stages.
TEST(FallingBlocks, TheGamesFramesCountAndHitAsAPassGivenEveryBlocksBody) {
    std::int64_t hits = 0, candidates = 0;
    for (BroadPhaseKind kind : {BroadPhaseKind::Grid, BroadPhaseKind::Sweep, BroadPhaseKind::Tree, BroadPhaseKind::None}) {
        for (PairMode pairs : {PairMode::Person, PairMode::All}) {
            for (const char* precheck : {"none", "aabb", "circle", "tight-aabb", "obb"}) {
                GameSettings s = crowdedSettings();
                s.broadPhase = kind;
                s.pairs = pairs;
                s.precheck = precheck;
                FallingBlocksGame game(bundledGameSprites(), s, 5);
                CollisionPass bodies(s);
                FrameReport report;
                for (std::uint8_t input : randomInputs(3, 40)) {
                    game.step(input);
                    std::vector<Body> blocks;
                    std::vector<std::uint64_t> ids;
                    for (const FallingBlock& block : game.blocks()) {
                        blocks.push_back({&game.blockMask(), game.blockTransform(block)});
                        ids.push_back(block.id);
                    }
                    report.frame = game.lastFrame().frame;
                    bodies.run({&game.personMask(), game.personTransform()}, blocks, ids, {0.0, s.fallSpeed}, report);
                    const FrameReport& frame = game.lastFrame();
                    const std::string where = std::string(broadPhaseName(kind)) + "/" + std::string(pairModeName(pairs)) + "/" +
                                              precheck + " frame " + std::to_string(frame.frame);
                    ASSERT_EQ(frame.hits, report.hits) << where;
                    ASSERT_EQ(frame.counts.alive, report.counts.alive) << where;
                    ASSERT_EQ(frame.counts.broadPhasePairs, report.counts.broadPhasePairs) << where;
                    ASSERT_EQ(frame.counts.afterPrecheck, report.counts.afterPrecheck) << where;
                    ASSERT_EQ(frame.counts.pixelTests, report.counts.pixelTests) << where;
                    ASSERT_EQ(frame.personHit, report.personHit) << where;
                    hits += frame.counts.hits;
                    candidates += frame.counts.broadPhasePairs;
                }
            }
        }
    }
    EXPECT_GT(hits, 1000);
    EXPECT_GT(candidates, 10000);
}

// One pass keeps its blocks' bodies from frame to frame and writes only their poses: given blocks of another
// mask (another size, another shape) it answers for that mask, the same as a pass given every block's body.
TEST(FallingBlocks, APassGivenAnotherBlockMaskMakesItsBodiesAnew) {
    GameSettings s = crowdedSettings();
    s.pairs = PairMode::All;
    FallingBlocksGame game(bundledGameSprites(), s, 9);
    const AlphaMask small = testing::solidMask(12, 20), ring = testing::maskFromArt({"######", "#....#", "#....#", "######"});
    const AlphaMask* masks[] = {&game.blockMask(), &small, &game.blockMask(), &ring, &ring, &small};
    CollisionPass shared(s), given(s);
    std::int64_t hits = 0;
    int frame = 0;
    for (std::uint8_t input : randomInputs(4, 60)) {
        game.step(input);
        const AlphaMask& mask = *masks[(frame++ / 7) % 6];
        std::vector<Body> blocks;
        std::vector<std::uint64_t> ids;
        for (const FallingBlock& block : game.blocks()) {
            blocks.push_back({&mask, fallingBlockTransform(block, mask)});
            ids.push_back(block.id);
        }
        const Body person{&game.personMask(), game.personTransform()};
        FrameReport a, b;
        shared.run(person, mask, game.blocks(), {0.0, s.fallSpeed}, a);
        given.run(person, blocks, ids, {0.0, s.fallSpeed}, b);
        ASSERT_EQ(a.hits, b.hits) << "frame " << frame;
        ASSERT_EQ(a.counts.afterPrecheck, b.counts.afterPrecheck) << "frame " << frame;
        hits += a.counts.hits;
    }
    EXPECT_GT(hits, 100);
}

// Every broad phase but None finds exactly the touching boxes, so the counts of every stage, not only the
// hits, are the same whichever of them a run uses: a run file replays the same under any of them.
TEST(FallingBlocks, EveryBroadPhaseButNoneGivesTheSameCountsEveryFrame) {
    for (PairMode pairs : {PairMode::Person, PairMode::All}) {
        std::vector<std::vector<StageCounts>> runs;
        for (BroadPhaseKind kind : {BroadPhaseKind::Grid, BroadPhaseKind::Sweep, BroadPhaseKind::Tree}) {
            GameSettings s = crowdedSettings();
            s.broadPhase = kind;
            s.pairs = pairs;
            FallingBlocksGame game(bundledGameSprites(), s, 9);
            std::vector<StageCounts> counts;
            for (std::uint8_t input : randomInputs(4, 200)) {
                game.step(input);
                counts.push_back(game.lastFrame().counts);
            }
            runs.push_back(std::move(counts));
        }
        for (std::size_t f = 0; f < runs[0].size(); ++f) {
            for (std::size_t k = 1; k < runs.size(); ++k) {
                ASSERT_EQ(runs[k][f].broadPhasePairs, runs[0][f].broadPhasePairs) << "frame " << f << " run " << k;
                ASSERT_EQ(runs[k][f].afterPrecheck, runs[0][f].afterPrecheck) << "frame " << f << " run " << k;
                ASSERT_EQ(runs[k][f].hits, runs[0][f].hits) << "frame " << f << " run " << k;
            }
        }
    }
}

}  // namespace
}  // namespace cl
