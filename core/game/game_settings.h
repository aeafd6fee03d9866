#pragma once
// GameSettings: everything that shapes a falling-blocks run besides its seed and its key presses.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/pair_transform.h"

namespace cl {

struct Algorithm;

/// Which pairs are tested each frame.
enum class PairMode {
    Person,  ///< The person against every block (the tutorial's game).
    All,     ///< Also every block against every other block ("blocks collide with blocks").
};

/// How candidate pairs are found before the pre-check.
enum class BroadPhaseKind {
    Tree,   ///< Box2D's dynamic AABB tree (b2DynamicTree), kept for comparison.
    Sweep,  ///< Sort the boxes on x and sweep.
    None,   ///< No broad phase: every pair is a candidate (the tutorial's loop).
    Grid,   ///< A uniform grid of cells as large as the largest box, rebuilt by a counting sort each frame: the
            ///< default, the fastest here (core/README.md, "Which broad phase").
};

/// Input bits of one frame, as recorded in run files.
inline constexpr std::uint8_t kInputLeft = 1;
inline constexpr std::uint8_t kInputRight = 2;
/// Every bit an input may have.
inline constexpr std::uint8_t kInputMask = kInputLeft | kInputRight;

/// Most live blocks (the Blocks slider's end).
inline constexpr int kMaxGameBlocks = 100000;
/// Most blocks when there is no broad phase and every pair is tested (n(n-1)/2 candidates a frame).
inline constexpr int kMaxEveryPairBlocks = 2000;
/// Most candidate pairs one frame may test, whatever the broad phase: as many as kMaxEveryPairBlocks
/// blocks tested every pair (a tiny field packs blocks so tightly that the tree or the sweep finds no fewer).
inline constexpr std::int64_t kMaxFramePairs = std::int64_t(kMaxEveryPairBlocks) * (kMaxEveryPairBlocks - 1) / 2;
/// Largest field side, in world pixels.
inline constexpr double kMaxFieldSide = 100000.0;
/// Largest expected number of new blocks per frame.
inline constexpr double kMaxSpawnPerFrame = 1000.0;
/// Largest fall and person speed, in pixels per frame.
inline constexpr double kMaxGameSpeed = 1000.0;
/// Largest spin speed, in radians per frame.
inline constexpr double kMaxSpinSpeed = 3.14159265358979323846;

/// The settings of one run; defaults are the tutorial's (an 800 x 600 window, BlockSpawnProbability 0.01,
/// BlockFallSpeed 2, BlockRotateSpeed 0.005 rad, PersonMoveSpeed 5).
struct GameSettings {
    double fieldWidth = 800.0;        ///< World pixels; blocks spawn over [0, width), the person stays inside.
    double fieldHeight = 600.0;       ///< World pixels; the person stands on the bottom edge.
    /// Expected new blocks per frame: below 1 it is the tutorial's chance per frame; above 1, floor(p)
    /// blocks plus one more with chance frac(p).
    double spawnProbability = 0.01;
    double fallSpeed = 2.0;           ///< Pixels per frame, straight down.
    /// Radians per frame; each block turns at spinSpeed times a random factor in [0.5, 1.5), either way.
    double spinSpeed = 0.005;
    double personSpeed = 5.0;         ///< Pixels per frame while Left or Right is held.
    int maxBlocks = 1000;             ///< Most live blocks (0..kMaxGameBlocks); no spawn while at the cap.
    /// Blocks placed at random over the whole field before the first frame (0..maxBlocks), so a run at
    /// scale starts full instead of waiting for blocks to fall in.
    int initialBlocks = 0;
    PairMode pairs = PairMode::Person;
    BroadPhaseKind broadPhase = BroadPhaseKind::Grid;
    std::string precheck = "aabb";       ///< "none" or a Bound row of the algorithm table.
    std::string pixelTest = "pixel-fast";///< A Pixel row of the algorithm table, run hit-only.
    Sampling sampling = Sampling::Center;
    int alphaThreshold = 0;              ///< 0..255, for both sprites.

    bool operator==(const GameSettings&) const = default;
};

/// The value of GameSettings::precheck that turns the pre-check off.
inline constexpr std::string_view kNoPrecheck = "none";

/// The tests a game may run as its pre-check, in table order: every bounding (Bound) row of core's table.
std::vector<const Algorithm*> precheckAlgorithms();

/// Empty when the settings are usable; otherwise "<field>: <rule>, got <value>" for the first bad field,
/// using the run file's field names (e.g. "max_blocks: must be a whole number in [0, 100000], got -1").
std::optional<std::string> validate(const GameSettings& settings);

/// "person" or "all".
std::string_view pairModeName(PairMode mode);
/// The mode with this name, or empty.
std::optional<PairMode> parsePairMode(std::string_view name);
/// "tree", "sweep", "none" or "grid".
std::string_view broadPhaseName(BroadPhaseKind kind);
/// The broad phase with this name, or empty.
std::optional<BroadPhaseKind> parseBroadPhase(std::string_view name);

}  // namespace cl
