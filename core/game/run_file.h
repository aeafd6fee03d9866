#pragma once
// Run files: a falling-blocks run as seed + settings + the keys held each frame, so it replays frame
// for frame (in the sandbox or headless with `collision-lab game --run FILE`).
//
// Format (JSON, UTF-8):
//   format "collision-lab/run" (required), version 1 (required; newer versions are refused),
//   seed (required, whole number 0 .. 2^64-1),
//   settings {field_width, field_height, spawn_probability, fall_speed, spin_speed, person_speed,
//             max_blocks, initial_blocks, pairs "person"|"all", broad_phase "tree"|"sweep"|"none"|"grid",
//             precheck, pixel_test, sampling "center"|"xna", alpha_threshold} (each optional: the
//             tutorial's default; limits as validate(GameSettings)),
//   frames (required, 0 .. kMaxRunFrames),
//   inputs (required): [[count, keys], ...] runs of frames with the same keys held (keys: 1 Left,
//             2 Right, 3 both, 0 none; count >= 1); the counts add up to frames,
//   hits (optional): [[frame, a, b], ...] what the recorded run hit (a, b: 0 the person, else a block
//             id), at most kMaxRunHits; a replay compares its hits with them.
// Unknown fields are problems, so a misspelt field is never silently ignored.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game/game_settings.h"
#include "core/game/game_sprites.h"

namespace cl {

class FallingBlocksGame;

/// The value of a run file's "format" field.
inline constexpr std::string_view kRunFormat = "collision-lab/run";
/// The newest (and only) run file version.
inline constexpr int kRunVersion = 1;
/// Most frames one run may hold (about 4.6 hours at 60 frames a second).
inline constexpr std::int64_t kMaxRunFrames = 1000000;
/// Most recorded hits one run file may hold.
inline constexpr std::int64_t kMaxRunHits = 1000000;
/// Largest run file read, in bytes.
inline constexpr std::uintmax_t kMaxRunFileBytes = 64u * 1024u * 1024u;

/// One recorded hit: in frame `frame`, `a` (0 the person, else a block id) touched block `b`.
struct RecordedHit {
    std::int64_t frame = 0;
    std::uint64_t a = 0;
    std::uint64_t b = 0;
    bool operator==(const RecordedHit&) const = default;
};

/// A whole run: what makes it, and optionally what it hit.
struct GameRun {
    std::uint64_t seed = 0;
    GameSettings settings;
    std::vector<std::uint8_t> inputs;             ///< Keys held in each frame; its size is the frame count.
    std::optional<std::vector<RecordedHit>> hits; ///< Every hit of the recorded run, frame order.
    bool operator==(const GameRun&) const = default;
};

/// One problem in a run file: where (a JSON path such as "inputs[3][1]"; empty for the whole file) and what.
struct RunProblem {
    std::string path;
    std::string message;
};

/// A loaded run, or every problem found.
struct RunLoadResult {
    std::optional<GameRun> run;       ///< Set only when there is no problem.
    std::filesystem::path file;       ///< The file as given.
    std::vector<RunProblem> problems;
    /// True on success.
    bool ok() const { return run.has_value(); }
    /// Every problem, one per line: "<file>: <path>: <message>".
    std::string message() const;
};

/// True when `text` is a run file by its content: a JSON object whose top-level "format" is
/// "collision-lab/run". Only the text up to that field is read, so a run file cut off or damaged after
/// it still counts as one (loadRun() then says what is wrong with it); any other text, JSON or not, is not.
bool isRunText(std::string_view text);
/// isRunText() for a file's content (false when it cannot be read); reads only up to the "format" field.
bool isRunFile(const std::filesystem::path& file);

/// Reads and validates a run file.
RunLoadResult loadRun(const std::filesystem::path& file);
/// Like loadRun() for text in memory; `file` names it in messages.
RunLoadResult parseRun(std::string_view text, const std::filesystem::path& file);

/// The run as JSON (inputs as runs of equal keys).
nlohmann::ordered_json runToJson(const GameRun& run);
/// Writes the run atomically; empty on success, else a message naming the file. An existing file is
/// unchanged on failure.
/// The output rule applies (writeFileAtomically): never over a non-regular file or one of `inputs`.
std::string saveRun(const GameRun& run, const std::filesystem::path& file, std::span<const std::filesystem::path> inputs = {});

/// The run a game has played so far (seed, settings, every input), with `hits` if given.
GameRun recordedRun(const FallingBlocksGame& game, std::optional<std::vector<RecordedHit>> hits = std::nullopt);

/// The first frame whose hits differ between a recorded list and a replayed one (both in frame order):
/// "frame 12: recorded 0/3, 0/7, replayed 0/3"; empty when the lists are equal.
std::optional<std::string> firstHitDifference(std::span<const RecordedHit> recorded, std::span<const RecordedHit> replayed);

/// What a replay found.
struct ReplayResult {
    std::vector<RecordedHit> hits;  ///< Every hit, frame order.
    /// The first frame whose hits differ from the run's recorded hits ("frame 12: recorded ..., replayed ...");
    /// empty when they agree or the run has none.
    std::optional<std::string> difference;
};

/// Plays the run again from its seed with its inputs. `onFrame`, if given, sees the game after each frame.
/// The run must be valid (as loadRun() returns it).
ReplayResult replayRun(const GameRun& run, const GameSprites& sprites,
                       const std::function<void(const FallingBlocksGame&)>& onFrame = {});

}  // namespace cl
