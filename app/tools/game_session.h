#pragma once
// GameSession: the Game tool's window-free part — one falling-blocks run stepped once per displayed
// frame, its hits recorded, the collision work of the last second kept for the HUD, and replay of the
// recorded keys. The tool draws it; tests drive it without a window.

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game/falling_blocks.h"
#include "core/game/run_file.h"

namespace cl {

/// One run being played, paused or replayed.
class GameSession {
public:
    /// Starts a new run (any current one is dropped). Throws std::invalid_argument for bad settings.
    void start(const GameSprites& sprites, const GameSettings& settings, std::uint64_t seed);
    /// Starts the recorded run again from its seed; step() then feeds its recorded keys instead of the
    /// keys given, until they run out (then the run continues with the keys given). False with no run.
    bool replay();
    /// Drops the run.
    void stop();
    /// Advances one frame with `input` held (ignored while replaying the recorded keys). A frame over the
    /// pair cap (kMaxFramePairs) ends the run, with stopReason() saying why.
    void step(std::uint8_t input);
    /// Why the last run ended by itself (empty while it runs, or when it was stopped or never started).
    const std::string& stopReason() const { return m_stopReason; }

    /// True while a run exists (playing or paused).
    bool active() const { return m_game != nullptr; }
    /// True while replaying recorded keys.
    bool replaying() const { return m_replayAt < m_replayInputs.size(); }
    /// The run; only while active().
    const FallingBlocksGame& game() const { return *m_game; }
    /// Every hit so far, in frame order.
    const std::vector<RecordedHit>& hits() const { return m_hits; }
    /// The run so far as a run file holds it (seed, settings, keys, hits).
    GameRun run() const;

    /// Collision work of the last `frames` frames (the HUD's second), in ms: the p-th percentile (0..100).
    double workPercentileMs(double p) const;
    /// How many frames the HUD's percentiles cover.
    static constexpr std::size_t kWindowFrames = 60;

private:
    std::unique_ptr<FallingBlocksGame> m_game;
    std::optional<GameSprites> m_sprites;
    std::vector<RecordedHit> m_hits;
    std::deque<double> m_workMs;
    std::vector<std::uint8_t> m_replayInputs;
    std::size_t m_replayAt = 0;
    std::string m_stopReason;
};

}  // namespace cl
