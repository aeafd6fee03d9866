#include "app/cli/game_command.h"

#include <fstream>
#include <sstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/cli/check_command.h"

namespace cl {
namespace {

const std::filesystem::path kSprites = std::filesystem::path(COLLISION_LAB_SOURCE_DIR) / "assets/sprites";

struct Outcome {
    int status;
    std::string out;
    std::string err;
};

Outcome game(std::vector<std::string_view> args) {
    std::ostringstream out, err;
    const int status = runGameCommand(args, out, err, kSprites);
    return {status, out.str(), err.str()};
}

std::string temp(const char* name) { return (std::filesystem::path(testing::TempDir()) / name).string(); }

TEST(GameCommand, BadInputGetsAClearMessageAndExitTwo) {
    auto blocks = game({"--blocks", "-1"});
    EXPECT_EQ(blocks.status, 2);
    EXPECT_EQ(blocks.err.rfind("collision-lab game: --blocks: must be a whole number in [0, 10000], got \"-1\"\n", 0), 0u) << blocks.err;
    auto frames = game({"--frames", "1e12"});
    EXPECT_EQ(frames.status, 2);
    EXPECT_EQ(frames.err.rfind("collision-lab game: --frames: must be a whole number in [0, 1000000], got \"1e12\"\n", 0), 0u);
    EXPECT_EQ(game({"--precheck", "pixel-fast"}).status, 2);
    EXPECT_EQ(game({"--test", "aabb"}).status, 2);
    EXPECT_EQ(game({"--field", "10x10"}).err.rfind("collision-lab game: field_width: must be a number in [64, 100000], got 10\n", 0), 0u);
    EXPECT_EQ(game({"--bogus"}).status, 2);
    EXPECT_EQ(game({"--broad-phase", "none", "--pairs", "all", "--blocks", "3000"}).status, 2);

    // A run file cut off half-way names the file and says why.
    const std::string whole = temp("whole.run.json");
    ASSERT_EQ(game({"--frames", "30", "--blocks", "20", "--record", whole}).status, 0);
    std::ifstream in(whole);
    std::string text((std::istreambuf_iterator<char>(in)), {});
    const std::string cut = temp("cut.run.json");
    std::ofstream(cut) << text.substr(0, text.size() / 2);
    auto truncated = game({"--run", cut});
    EXPECT_EQ(truncated.status, 2);
    EXPECT_EQ(truncated.err.rfind(cut + ": not valid JSON (cut off or damaged?)", 0), 0u) << truncated.err;
    auto conflict = game({"--run", whole, "--seed", "4"});
    EXPECT_EQ(conflict.status, 2);
    EXPECT_NE(conflict.err.find("--seed: the run file sets this"), std::string::npos);
}

TEST(GameCommand, ARecordedRunReplaysWithTheSameHitsWhateverThePreCheckAndBroadPhase) {
    const std::string file = temp("recorded.run.json");
    auto recorded = game({"--seed", "12", "--frames", "100", "--blocks", "50", "--field", "400x300", "--pairs", "all",
                          "--input", "random", "--record", file, "--json"});
    ASSERT_EQ(recorded.status, 0) << recorded.err;
    const auto first = nlohmann::json::parse(recorded.out);
    ASSERT_GT(first["hits"].size(), 50u);
    const std::pair<const char*, const char*> variants[] = {
        {"tree", "none"}, {"sweep", "aabb"}, {"none", "tight-aabb"}, {"tree", "obb"}};
    for (auto [broadPhase, precheck] : variants) {
        {
            auto replay = game({"--run", file, "--broad-phase", broadPhase, "--precheck", precheck, "--json"});
            ASSERT_EQ(replay.status, 0) << broadPhase << " " << precheck << ": " << replay.err;
            const auto again = nlohmann::json::parse(replay.out);
            EXPECT_EQ(again["hits"], first["hits"]);
            EXPECT_EQ(again["replay"]["matches"], true);
            EXPECT_EQ(again["counts"]["alive"], first["counts"]["alive"]);
        }
    }
}

TEST(GameCommand, AReplayWhoseHitsDifferFromTheRecordedOnesExitsOne) {
    const std::string file = temp("edited.run.json");
    ASSERT_EQ(game({"--seed", "4", "--frames", "60", "--blocks", "40", "--field", "300x260", "--record", file}).status, 0);
    std::ifstream in(file);
    auto run = nlohmann::json::parse(in);
    ASSERT_FALSE(run["hits"].empty());
    const auto frame = run["hits"][0][0].get<std::int64_t>();
    run["hits"].erase(0);
    std::ofstream(file) << run.dump();
    auto replay = game({"--run", file});
    EXPECT_EQ(replay.status, 1);
    EXPECT_NE(replay.out.find("replay: DIFFERS, frame " + std::to_string(frame) + ": recorded"), std::string::npos) << replay.out;
}

TEST(GameCommand, APausedFrameSavedAsASceneVerifiesInCheck) {
    const std::string scene = temp("paused.json");
    auto run = game({"--seed", "5", "--frames", "80", "--blocks", "40", "--field", "400x300", "--pairs", "all", "--scene-at",
                     "79", "--scene", scene, "--every-block", "--json"});
    ASSERT_EQ(run.status, 0) << run.err;
    std::ostringstream out, err;
    const std::vector<std::string_view> args{scene, "--algorithm", "pixel-fast", "--verify"};
    EXPECT_EQ(runCheckCommand(args, out, err), 0) << out.str() << err.str();
    EXPECT_NE(out.str().find("verify: passed"), std::string::npos);
}

}  // namespace
}  // namespace cl
