#include "app/cli/game_command.h"

#include <fstream>
#include <sstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/cli/check_command.h"
#include "core/game/run_file.h"
#include "core/scene/scene.h"

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

std::string temp(const char* name) { return (std::filesystem::path(::testing::TempDir()) / name).string(); }

TEST(GameCommand, BadInputGetsAClearMessageAndExitTwo) {
    auto blocks = game({"--blocks", "-1"});
    EXPECT_EQ(blocks.status, 2);
    EXPECT_EQ(blocks.err.rfind("collision-lab game: --blocks: expected a whole number in [0, 100000], got '-1'\n", 0), 0u) << blocks.err;
    auto frames = game({"--frames", "1e12"});
    EXPECT_EQ(frames.status, 2);
    EXPECT_EQ(frames.err.rfind("collision-lab game: --frames: expected a whole number in [0, 1000000], got '1e12'\n", 0), 0u);
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

TEST(GameCommand, AFrameWrittenAsASceneOpensOnAPairThatHits) {
    // A crowded run: the first frame where the person is hit, and the first block (lowest id) hitting it then.
    auto played = game({"--seed", "3", "--frames", "120", "--blocks", "200", "--field", "400x300", "--json"});
    ASSERT_EQ(played.status, 0) << played.err;
    const auto hits = nlohmann::json::parse(played.out)["hits"];
    std::int64_t frame = -1;
    std::string block;
    for (const auto& h : hits) {
        if (h["a"] != "person") continue;
        const std::string b = h["b"];
        if (frame < 0) frame = h["frame"];
        if (h["frame"] != frame) break;
        if (block.empty() || std::stoull(b.substr(6)) < std::stoull(block.substr(6))) block = b;
    }
    ASSERT_GE(frame, 0) << "the person was never hit";
    const std::string scene = temp("hit-frame.json");
    const std::string at = std::to_string(frame);
    ASSERT_EQ(game({"--seed", "3", "--frames", "120", "--blocks", "200", "--field", "400x300", "--scene-at", at, "--scene", scene}).status, 0);
    SceneLoadResult loaded = loadScene(scene);
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    // The scene's view selects the person and the block that hits it: the sandbox opens on that pair.
    ASSERT_TRUE(loaded.scene->view.pair.has_value()) << "frame " << frame;
    const std::pair<std::string, std::string> expected("person", block);
    EXPECT_EQ(*loaded.scene->view.pair, expected) << "frame " << frame;
}

Outcome check(std::vector<std::string_view> args) {
    std::ostringstream out, err;
    const int status = runCheckCommand(args, out, err, coreAlgorithms(), kSprites);
    return {status, out.str(), err.str()};
}

// The report without its timing lines (they differ from run to run): "per-frame time, ms:" and the rows under it.
std::string withoutTimes(const std::string& text) {
    std::istringstream in(text);
    std::string line, kept;
    bool inTimes = false;
    while (std::getline(in, line)) {
        if (line == "per-frame time, ms:") inTimes = true;
        else if (line.empty()) inTimes = false;
        if (!inTimes) kept += line + "\n";
    }
    return kept;
}

std::string readText(const std::string& file) {
    std::ifstream in(file);
    return std::string((std::istreambuf_iterator<char>(in)), {});
}

TEST(CheckRunFile, CheckReplaysARunFileKnownByItsContentWithTheSameOutputAsGameRun) {
    // No .json and no "run" in the name: check knows it by its "format" field.
    const std::string file = temp("played-yesterday.lab");
    ASSERT_EQ(game({"--seed", "9", "--frames", "120", "--blocks", "60", "--field", "400x300", "--pairs", "all", "--input", "random",
                    "--record", file}).status, 0);
    const auto recorded = nlohmann::json::parse(readText(file));
    ASSERT_GT(recorded["hits"].size(), 20u);

    auto viaGame = game({"--run", file});
    auto viaCheck = check({file});
    ASSERT_EQ(viaGame.status, 0) << viaGame.err;
    ASSERT_EQ(viaCheck.status, 0) << viaCheck.err;
    EXPECT_EQ(withoutTimes(viaCheck.out), withoutTimes(viaGame.out));
    EXPECT_NE(viaCheck.out.find("replay: matches the recorded hits"), std::string::npos) << viaCheck.out;

    auto jsonGame = game({"--run", file, "--json"});
    auto jsonCheck = check({file, "--json", "--verify"});
    ASSERT_EQ(jsonCheck.status, 0) << jsonCheck.err;
    auto a = nlohmann::json::parse(jsonGame.out), b = nlohmann::json::parse(jsonCheck.out);
    a.erase("times_ms");
    b.erase("times_ms");
    EXPECT_EQ(a, b);
    // The hits check prints are the ones the run recorded, pair for pair.
    ASSERT_EQ(b["hits"].size(), recorded["hits"].size());
    for (std::size_t i = 0; i < recorded["hits"].size(); ++i) {
        const auto& r = recorded["hits"][i];
        const auto name = [](std::uint64_t id) { return id == 0 ? std::string("person") : "block-" + std::to_string(id); };
        EXPECT_EQ(b["hits"][i]["frame"], r[0]);
        EXPECT_EQ(b["hits"][i]["a"], name(r[1].get<std::uint64_t>()));
        EXPECT_EQ(b["hits"][i]["b"], name(r[2].get<std::uint64_t>()));
    }
}

TEST(CheckRunFile, ARunWhoseHitsDifferExitsOneInCheckAsInGame) {
    const std::string file = temp("differs.run.json");
    ASSERT_EQ(game({"--seed", "4", "--frames", "60", "--blocks", "40", "--field", "300x260", "--record", file}).status, 0);
    auto run = nlohmann::json::parse(readText(file));
    ASSERT_FALSE(run["hits"].empty());
    run["hits"].erase(0);
    std::ofstream(file) << run.dump();
    auto replay = check({file});
    EXPECT_EQ(replay.status, 1);
    EXPECT_NE(replay.out.find("replay: DIFFERS, frame "), std::string::npos) << replay.out;
    auto json = check({file, "--json"});
    EXPECT_EQ(json.status, 1);
    EXPECT_EQ(nlohmann::json::parse(json.out)["replay"]["matches"], false);
    EXPECT_EQ(json.err.rfind(file + ": frame ", 0), 0u) << json.err;
}

TEST(CheckRunFile, ACutOffOrHostileRunFileGetsAMessageNamingTheFileAndTheJsonPath) {
    const std::string whole = temp("whole-for-check.run");
    ASSERT_EQ(game({"--frames", "30", "--blocks", "20", "--record", whole}).status, 0);
    const std::string text = readText(whole);

    // Cut off after its "format": still a run file, and the message says it is damaged.
    const std::string cut = temp("cut-for-check.run");
    std::ofstream(cut) << text.substr(0, text.size() / 2);
    auto truncated = check({cut});
    EXPECT_EQ(truncated.status, 2);
    EXPECT_EQ(truncated.err.rfind(cut + ": not valid JSON (cut off or damaged?)", 0), 0u) << truncated.err;
    EXPECT_EQ(truncated.out, "");

    // Hostile values: each problem with its JSON path.
    auto run = nlohmann::json::parse(text);
    run["inputs"][0][1] = 9;
    run["settings"]["fall_speed"] = -3;
    run["seed"] = "one";
    const std::string hostile = temp("hostile-for-check.run");
    std::ofstream(hostile) << run.dump();
    auto bad = check({hostile});
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.err.find(hostile + ": seed: must be a whole number"), std::string::npos) << bad.err;
    EXPECT_NE(bad.err.find(hostile + ": settings.fall_speed: "), std::string::npos) << bad.err;
    EXPECT_NE(bad.err.find(hostile + ": inputs[0][1]: must be a whole number in [0, 3], got 9"), std::string::npos) << bad.err;

    // Scene options do not apply to a run; the message says what the file is and what it takes.
    auto option = check({whole, "--pair", "a,b"});
    EXPECT_EQ(option.status, 2);
    EXPECT_NE(option.err.find(whole + ": is a run file"), std::string::npos) << option.err;
    EXPECT_NE(option.err.find("--pair applies to scenes only"), std::string::npos) << option.err;
}

TEST(CheckRunFile, OnlyTheFormatFieldMakesARunFile) {
    EXPECT_TRUE(isRunText(R"({"format": "collision-lab/run", "version": 1)"));  // cut off after the format
    EXPECT_TRUE(isRunText(R"({"seed": 3, "settings": {"format": "x"}, "format": "collision-lab/run"})"));
    EXPECT_FALSE(isRunText(R"({"settings": {"format": "collision-lab/run"}})"));  // not at the top level
    EXPECT_FALSE(isRunText(R"({"format": "collision-lab/scene", "version": 1})"));
    EXPECT_FALSE(isRunText(R"({"format": ["collision-lab/run"]})"));
    EXPECT_FALSE(isRunText(R"(["collision-lab/run"])"));
    EXPECT_FALSE(isRunText(R"({"seed": 1, "frames)"));  // cut off before any format
    EXPECT_FALSE(isRunText("\x89PNG\r\n"));
    EXPECT_FALSE(isRunText(""));
    // A scene still loads as a scene.
    auto scene = check({std::string(COLLISION_LAB_SOURCE_DIR) + "/assets/scenes/default.json", "--algorithm", "aabb"});
    EXPECT_EQ(scene.status, 0) << scene.err;
    EXPECT_NE(scene.out.find("aabb"), std::string::npos);
}

}  // namespace
}  // namespace cl
