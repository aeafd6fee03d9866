#include "app/tools/game_session.h"

#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/cli/game_command.h"

namespace cl {
namespace {

const std::filesystem::path kSprites = std::filesystem::path(COLLISION_LAB_SOURCE_DIR) / "assets/sprites";

GameSprites sprites() {
    GameSpritesResult loaded = loadGameSprites(kSprites);
    EXPECT_TRUE(loaded.ok()) << loaded.error;
    return *loaded.sprites;
}

// Keys a player might hold: left for a while, nothing, right, both, in a pattern that is not periodic in the frame count.
std::uint8_t keysAt(int frame) {
    if (frame % 97 < 30) return kInputLeft;
    if (frame % 97 < 45) return 0;
    if (frame % 97 < 90) return kInputRight;
    return kInputLeft | kInputRight;
}

GameSettings crowded() {
    GameSettings s;
    s.maxBlocks = 300;
    s.initialBlocks = 300;
    s.spawnProbability = 1.5;
    s.fallSpeed = 4.0;
    s.spinSpeed = 0.05;
    return s;
}

std::string hitName(std::uint64_t id) { return id == kPersonId ? "person" : "block-" + std::to_string(id); }

TEST(GameSession, SandboxSteppingAndTheHeadlessCommandGiveTheSameHits) {
    const GameSprites images = sprites();
    GameSession session;
    session.start(images, crowded(), 4242);
    for (int frame = 0; frame < 240; ++frame) session.step(keysAt(frame));
    ASSERT_EQ(session.game().frames(), 240);
    const std::vector<RecordedHit> played = session.hits();
    ASSERT_GT(played.size(), 10u) << "the run must hit something for the comparison to mean anything";

    const std::filesystem::path file = std::filesystem::path(::testing::TempDir()) / "game_session_run.json";
    ASSERT_EQ(saveRun(session.run(), file), "");
    std::ostringstream out, err;
    const std::string fileArg = file.string();
    const std::vector<std::string_view> args = {"--run", fileArg, "--json"};
    // Exit 0: the headless replay found exactly the hits the sandbox recorded in the file.
    ASSERT_EQ(runGameCommand(args, out, err, kSprites), 0) << err.str();
    const nlohmann::json json = nlohmann::json::parse(out.str());
    ASSERT_EQ(json["hits"].size(), played.size());
    for (std::size_t i = 0; i < played.size(); ++i) {
        EXPECT_EQ(json["hits"][i]["frame"].get<std::int64_t>(), played[i].frame) << i;
        EXPECT_EQ(json["hits"][i]["a"].get<std::string>(), hitName(played[i].a)) << i;
        EXPECT_EQ(json["hits"][i]["b"].get<std::string>(), hitName(played[i].b)) << i;
    }
}

TEST(GameSession, ReplayFeedsTheRecordedKeysNotTheKeysGiven) {
    const GameSprites images = sprites();
    GameSession session;
    session.start(images, crowded(), 99);
    for (int frame = 0; frame < 150; ++frame) session.step(keysAt(frame));
    const std::vector<RecordedHit> played = session.hits();
    const glm::dvec2 personAtEnd = session.game().personPosition();
    ASSERT_FALSE(played.empty());

    ASSERT_TRUE(session.replay());
    EXPECT_TRUE(session.replaying());
    EXPECT_EQ(session.game().frames(), 0);
    for (int frame = 0; frame < 150; ++frame) session.step(kInputRight);  // ignored while replaying
    EXPECT_FALSE(session.replaying());
    EXPECT_EQ(session.hits(), played);
    EXPECT_EQ(session.game().personPosition(), personAtEnd);

    // A different seed with the same keys is a different run (the comparison above is not vacuous).
    GameSession other;
    other.start(images, crowded(), 100);
    for (int frame = 0; frame < 150; ++frame) other.step(keysAt(frame));
    EXPECT_NE(other.hits(), played);
}

TEST(GameSession, StopEndsTheRunAndReplayNeedsOne) {
    GameSession session;
    EXPECT_FALSE(session.active());
    EXPECT_FALSE(session.replay());
    session.start(sprites(), GameSettings{}, 1);
    session.step(0);
    EXPECT_TRUE(session.active());
    session.stop();
    EXPECT_FALSE(session.active());
    EXPECT_EQ(session.workPercentileMs(95.0), 0.0);
}

}  // namespace
}  // namespace cl
