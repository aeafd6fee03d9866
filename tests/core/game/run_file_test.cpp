#include "core/game/run_file.h"

#include <gtest/gtest.h>

#include "core/game/falling_blocks.h"
#include "game_test_sprites.h"

namespace cl {
namespace {

using test::bundledGameSprites;

GameRun playedRun(int frames) {
    GameSettings s;
    s.fieldWidth = 360.0;
    s.fieldHeight = 300.0;
    s.maxBlocks = 30;
    s.initialBlocks = 30;
    s.spawnProbability = 0.4;
    s.pairs = PairMode::All;
    s.precheck = "tight-aabb";
    FallingBlocksGame game(bundledGameSprites(), s, 0xFFFFFFFFFFFFFFFFull);
    std::vector<RecordedHit> hits;
    for (int i = 0; i < frames; ++i) {
        game.step(static_cast<std::uint8_t>((i / 17) % 4));
        for (const GameHit& h : game.lastFrame().hits) hits.push_back({game.lastFrame().frame, h.a, h.b});
    }
    return recordedRun(game, hits);
}

TEST(RunFile, ARecordedRunSurvivesTheRoundTripAndReplaysFrameForFrame) {
    const GameRun run = playedRun(250);
    ASSERT_GT(run.hits->size(), 20u);
    const auto file = std::filesystem::path(::testing::TempDir()) / "played.run.json";
    ASSERT_EQ(saveRun(run, file), "");
    const RunLoadResult loaded = loadRun(file);
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    EXPECT_EQ(*loaded.run, run);

    std::int64_t framesSeen = 0;
    const ReplayResult replay = replayRun(*loaded.run, bundledGameSprites(), [&](const FallingBlocksGame&) { ++framesSeen; });
    EXPECT_EQ(framesSeen, 250);
    EXPECT_FALSE(replay.difference) << *replay.difference;
    EXPECT_EQ(replay.hits, *run.hits);
}

TEST(RunFile, AReplayNamesTheFirstFrameThatDiffers) {
    GameRun run = playedRun(120);
    ASSERT_FALSE(run.hits->empty());
    const std::int64_t frame = run.hits->front().frame;
    run.hits->front().b += 1000;
    const ReplayResult replay = replayRun(run, bundledGameSprites());
    ASSERT_TRUE(replay.difference);
    EXPECT_EQ(replay.difference->rfind("frame " + std::to_string(frame) + ": recorded", 0), 0u) << *replay.difference;
}

std::string problemsOf(std::string_view text) { return parseRun(text, "bad.run.json").message(); }

TEST(RunFile, BadFilesAreRefusedWithTheFileAndTheJsonPath) {
    const std::string good = runToJson(playedRun(10)).dump();
    EXPECT_EQ(problemsOf(good), "");
    // Cut off mid-way.
    EXPECT_EQ(problemsOf(good.substr(0, good.size() / 2)).rfind("bad.run.json: not valid JSON (cut off or damaged?)", 0), 0u);
    EXPECT_EQ(problemsOf(R"({"format":"collision-lab/scene","version":1})"),
              "bad.run.json: format: must be \"collision-lab/run\", got \"collision-lab/scene\"\n");
    const std::string head = R"({"format":"collision-lab/run","version":1,"seed":1,)";
    EXPECT_EQ(problemsOf(head + R"("frames":1e12,"inputs":[]})"),
              "bad.run.json: frames: must be a whole number in [0, 1000000], got 1000000000000.0\n");
    EXPECT_EQ(problemsOf(head + R"("frames":-3,"inputs":[]})"),
              "bad.run.json: frames: must be a whole number in [0, 1000000], got -3\n");
    EXPECT_EQ(problemsOf(head + R"("frames":3,"inputs":[[2,1],[-1,0]]})"),
              "bad.run.json: inputs[1][0]: must be a whole number in [1, 1000000], got -1\n");
    EXPECT_EQ(problemsOf(head + R"("frames":3,"inputs":[[2,1],[1,4]]})"),
              "bad.run.json: inputs[1][1]: must be a whole number in [0, 3], got 4\n");
    EXPECT_EQ(problemsOf(head + R"("frames":3,"inputs":[[2,1]]})"),
              "bad.run.json: inputs: the runs add up to 2 frames, but frames is 3\n");
    EXPECT_EQ(problemsOf(head + R"("frames":2,"inputs":[[1000000,1]]})"),
              "bad.run.json: inputs[0][0]: the runs add up to more than frames (2)\n");
    EXPECT_EQ(problemsOf(head + R"("frames":0,"inputs":[],"settings":{"max_blocks":-5}})"),
              "bad.run.json: settings.max_blocks: must be a whole number in [0, 100000], got -5\n");
    EXPECT_EQ(problemsOf(head + R"("frames":0,"inputs":[],"settings":{"max_blocs":5},"extra":1})"),
              "bad.run.json: extra: unknown field\nbad.run.json: settings.max_blocs: unknown field\n");
    EXPECT_EQ(problemsOf(head + R"("frames":2,"inputs":[[2,0]],"hits":[[5,0,1]]})"),
              "bad.run.json: hits[0][0]: must be a whole number in [0, 1], got 5\n");
    EXPECT_EQ(problemsOf(R"({"format":"collision-lab/run","version":1,"seed":-1,"frames":0,"inputs":[]})"),
              "bad.run.json: seed: must be a whole number 0 .. 18446744073709551615, got -1\n");
    EXPECT_EQ(loadRun(std::filesystem::path(::testing::TempDir()) / "missing.run.json").problems.front().message, "file not found");
}

TEST(RunFile, DeepNestingInAnyFieldIsRefusedWithItsPathAndAShortMessage) {
    // 100,000 levels: the unbounded parser overflowed the stack on these, and the message dumped the whole value.
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    const std::string head = R"({"format":"collision-lab/run","version":1,)";
    const std::pair<std::string, std::string> cases[] = {
        {head + R"("seed":)" + deep + R"(,"frames":0,"inputs":[]})", "bad.run.json: seed[0][0]"},
        {head + R"("seed":1,"settings":{"pairs":)" + deep + R"(},"frames":0,"inputs":[]})", "bad.run.json: settings.pairs[0]"},
        {head + R"("seed":1,"frames":0,"inputs":)" + deep + "}", "bad.run.json: inputs[0][0]"},
        {head + R"("seed":1,"frames":0,"inputs":[],"hits":)" + deep + "}", "bad.run.json: hits[0][0]"},
    };
    for (const auto& [text, start] : cases) {
        const std::string m = problemsOf(text);
        EXPECT_EQ(m.rfind(start, 0), 0u) << m.substr(0, 200);
        EXPECT_NE(m.find("nested too deeply: more than 64 levels"), std::string::npos) << m.substr(0, 200);
        EXPECT_LT(m.size(), 1000u);
    }
}

TEST(RunFile, ARunFileThatIsNotARegularFileIsRefused) {
    const auto folder = std::filesystem::path(::testing::TempDir());
    EXPECT_EQ(loadRun(folder).problems.front().message, "is a folder, not a run file");
    EXPECT_EQ(loadRun("/dev/zero").problems.front().message, "is not a regular file (a FIFO, device or socket), not a run file");
}

TEST(RunFile, SavingOverAnInputOrADeviceIsRefused) {
    const GameRun run = playedRun(5);
    const auto file = std::filesystem::path(::testing::TempDir()) / "input.run.json";
    ASSERT_EQ(saveRun(run, file), "");
    const std::vector<std::filesystem::path> inputs{file};
    EXPECT_NE(saveRun(run, file, inputs).find("it is an input of this run"), std::string::npos);
    EXPECT_NE(saveRun(run, "/dev/null").find("not a regular file"), std::string::npos);
}

}  // namespace
}  // namespace cl
