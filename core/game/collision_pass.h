#pragma once
// CollisionPass: one frame's collision work — broad phase, then pre-check, then the pixel test (hit-only) —
// with counts and times per stage.

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/collision/algorithms.h"
#include "core/base/collision_result.h"
#include "core/game/block_box.h"
#include "core/game/broad_phase.h"
#include "core/game/falling_block.h"
#include "core/game/game_settings.h"

namespace cl {

/// The person's id in hits; blocks have ids from 1 up, in spawn order.
inline constexpr std::uint64_t kPersonId = 0;

/// One pair whose pixels touch: `a` was scanned into `b`; a < b (the person is always `a`).
struct GameHit {
    std::uint64_t a = 0;
    std::uint64_t b = 0;
    bool operator==(const GameHit&) const = default;
    auto operator<=>(const GameHit&) const = default;
};

/// How many pairs each stage saw and passed on.
struct StageCounts {
    std::int64_t alive = 0;             ///< Live blocks this frame.
    std::int64_t broadPhasePairs = 0;   ///< Candidate pairs out of the broad phase.
    std::int64_t afterPrecheck = 0;     ///< Pairs the pre-check left (= candidates when it is none).
    std::int64_t pixelTests = 0;        ///< Pixel tests run (= afterPrecheck).
    std::int64_t notApplicable = 0;     ///< Pixel tests that could not answer (e.g. pixel-rect on a turned block).
    std::int64_t hits = 0;              ///< Pairs whose pixels touch.
};

/// Wall time of each stage, in nanoseconds.
struct StageTimes {
    std::int64_t broadPhaseNs = 0;  ///< Boxes, the broad phase's update and its queries.
    std::int64_t precheckNs = 0;
    std::int64_t pixelNs = 0;
    /// All three: the frame's collision work.
    std::int64_t totalNs() const { return broadPhaseNs + precheckNs + pixelNs; }
};

/// Everything one frame's collision work found.
struct FrameReport {
    std::int64_t frame = -1;      ///< Index of the frame (0 is the first step); -1 before any.
    StageCounts counts;
    StageTimes times;
    std::vector<GameHit> hits;    ///< Person pairs first (by block id), then block pairs (by a, then b).
    bool personHit = false;       ///< The tutorial's red background.
};

/// The collision stages, with the buffers they reuse from frame to frame.
class CollisionPass {
public:
    /// The stages the settings name (the settings must pass validate()).
    explicit CollisionPass(const GameSettings& settings);

    /// Runs the frame's collision work: `person` against every block, and block against block when the
    /// settings say all pairs. `blocks[i]` has id `ids[i]` (ascending). `fall` is how far blocks moved
    /// since the last frame (the tree's hint). Fills `out`'s counts, times, hits and personHit.
    /// Throws WorkBudgetExceeded when the frame has more than kMaxFramePairs candidate pairs, or when the
    /// budget (setBudget()) runs out: one unit per frame, per pre-check and per pixel test.
    void run(const Body& person, std::span<const Body> blocks, std::span<const std::uint64_t> ids, glm::dvec2 fall,
             FrameReport& out);
    /// The same for the game's blocks, which all share `blockMask` (ids ascending): the same counts and hits
    /// as the run above given their bodies (Body{&blockMask, fallingBlockTransform(block, blockMask)}), but
    /// a block's body and pre-check shape are made only when a candidate pair holds it, once a frame. With the
    /// `aabb` pre-check a block's box is estimated from its turn (blockBoxEstimate()) and made exactly only for a
    /// pair too near touching to tell.
    void run(const Body& person, const AlphaMask& blockMask, std::span<const FallingBlock> blocks, glm::dvec2 fall,
             FrameReport& out);
    /// The work budget the frames count against (null: none); it must outlive the pass's use of it.
    void setBudget(WorkBudget* budget) { m_budget = budget; }

private:
    template <class Blocks>
    void runFrame(const Body& person, const Blocks& blocks, glm::dvec2 fall, FrameReport& out);

    PairMode m_pairs;
    BroadPhaseKind m_broadPhaseKind;
    const Algorithm* m_precheck;  // null for none
    const Algorithm* m_pixel;
    TestOptions m_options;
    WorkBudget* m_budget = nullptr;
    std::unique_ptr<BroadPhase> m_broadPhase;
    std::vector<BroadPhaseItem> m_items;
    std::vector<int> m_personCandidates;
    std::vector<std::pair<int, int>> m_blockPairs;
    std::vector<std::pair<int, int>> m_survivors;  // (-1 for the person, block index)
    std::vector<std::uint64_t> m_hitKeys;          // the frame's hits as hitKey(a, b), by index (hit_keys.h)
    std::vector<std::uint32_t> m_hitCounts;        // and sortHitKeys()'s buffers
    std::vector<std::uint64_t> m_hitScratch;
    // Bodies and pre-check shapes made this frame, by block index: made when m_*Frame[i] == m_frameStamp.
    std::uint64_t m_frameStamp = 0;
    std::vector<Body> m_bodies;               // the game's blocks: only the pose is written after the first frame
    const AlphaMask* m_bodyMask = nullptr;   // the mask (and its size) m_bodies were made with
    glm::ivec2 m_bodyMaskSize{0, 0};
    std::vector<std::uint64_t> m_bodyFrame;
    std::vector<BodyBound> m_bounds;
    std::vector<std::uint64_t> m_boundFrame;
    std::vector<BoxEstimate> m_estimates;  // the pre-check's box estimated from a block alone (block_box.h)
    std::vector<std::uint64_t> m_estimateFrame;
    std::vector<BlockTurn> m_turns;  // every block's turn, made with the estimates of an all-pairs frame
};

/// The box the broad phase keeps for a body: the square about its pivot that holds the texture at any
/// turn (radius: the farthest texture corner from the pivot, times the largest scale), grown by one pixel
/// of that scale, so it holds every sample any pixel test can count (Xna sampling reaches half a pixel
/// out) and does not change while a block spins.
Rect broadPhaseBox(const Body& body);
/// Half the side of broadPhaseBox(): it depends only on the mask's size and the transform's origin and
/// scale, not on where the body is or how it is turned, so bodies sharing those share it.
double broadPhaseReach(const AlphaMask& mask, const SpriteTransform& transform);

}  // namespace cl
