#include "core/game/collision_pass.h"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cmath>
#include <numbers>
#include <string>

#include "core/collision/pixel_fast/cover_verdict.h"
#include "core/collision/pixel_fast/kernels.h"
#include "core/game/block_box.h"
#include "core/game/hit_keys.h"
#include "core/game/make_broad_phase.h"


namespace cl {
namespace {

// States that `holds`: checked in a debug build, told to the compiler in a release build (code for the other case drops
// out, as if by hand: without it the block-pair pre-check loop keeps a person check per index).
inline void assumed([[maybe_unused]] bool holds) {
#ifdef NDEBUG
    if (!holds) __builtin_unreachable();
#else
    assert(holds);
#endif
}

std::int64_t nanosecondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count();
}

// Blocks given as bodies, one per block (each may have a mask of its own).
struct BodyBlocks {
    std::span<const Body> bodies;
    std::span<const std::uint64_t> ids;
    std::size_t size() const { return bodies.size(); }
    std::uint64_t id(std::size_t i) const { return ids[i]; }
    Rect box(std::size_t i) const { return broadPhaseBox(bodies[i]); }
    const Body& body(std::size_t i, std::vector<Body>&, std::vector<std::uint64_t>&, std::uint64_t) const { return bodies[i]; }
};

// The game's blocks, sharing one mask: a box is the centre plus or minus one reach; a body is made on demand;
// when `estimates`, the pre-check's box is estimated from the block alone (blockBoxEstimate). `cover` is the mask's.
struct SharedMaskBlocks {
    const AlphaMask* mask;
    std::span<const FallingBlock> blocks;
    double reach;
    bool estimates;
    BlockBoxShape shape;  // the mask's part of the estimate, once a frame
    BlockCoverShape cover;  // the mask's part of a pair's verdict
    BoxEstimate estimate(std::size_t i) const { return blockBoxEstimate(blocks[i], shape); }
    // Every block's estimate, and its turn (the covers' axes).
    void estimateAll(BoxEstimate* out, BlockTurn* turns) const {
        if (pixel_fast::kCpuLevel == pixel_fast::KernelLevel::Avx2) {
            blockEstimatesAndTurnsAvx2(blocks, shape, out, turns);
        } else {
            blockEstimatesAndTurns(blocks, shape, out, turns);
        }
    }
    std::size_t size() const { return blocks.size(); }
    std::uint64_t id(std::size_t i) const { return blocks[i].id; }
    Rect box(std::size_t i) const { return Rect{blocks[i].position - glm::dvec2(reach), blocks[i].position + glm::dvec2(reach)}; }
    // made[i] was made for this mask in an earlier frame unless madeIn[i] is 0 (run() clears them when the mask
    // changes): then only the pose moved, and only the pose is written.
    const Body& body(std::size_t i, std::vector<Body>& made, std::vector<std::uint64_t>& madeIn, std::uint64_t stamp) const {
        if (madeIn[i] != stamp) {
            const SpriteTransform t = fallingBlockTransform(blocks[i], *mask);
            if (madeIn[i] == 0) {
                made[i] = Body{mask, t};
            } else {
                made[i].transform.position = t.position;
                made[i].transform.rotationDeg = t.rotationDeg;
            }
            madeIn[i] = stamp;
        }
        return made[i];
    }
    // body() of every block, in one pass with no check per block (when most blocks are in a pixel test).
    void makeBodies(std::vector<Body>& made, std::vector<std::uint64_t>& madeIn, std::uint64_t stamp) const {
        const std::size_t n = blocks.size();
        for (std::size_t i = 0; i < n; ++i) {
            if (madeIn[i] == 0) {
                made[i] = Body{mask, fallingBlockTransform(blocks[i], *mask)};
            } else {
                // fallingBlockTransform()'s pose, the same numbers.
                made[i].transform.position = blocks[i].position;
                made[i].transform.rotationDeg = blocks[i].rotation * (180.0 / std::numbers::pi);
            }
            madeIn[i] = stamp;
        }
    }
};

}  // namespace

double broadPhaseReach(const AlphaMask& mask, const SpriteTransform& t) {
    // The circle about the pivot through the farthest texture corner: it does not change as a block spins,
    // so the tree re-inserts a falling block only when it falls out of its fattened box.
    const double w = mask.width(), h = mask.height();
    const double dx = std::max(std::fabs(t.origin.x), std::fabs(w - t.origin.x));
    const double dy = std::max(std::fabs(t.origin.y), std::fabs(h - t.origin.y));
    const double scale = std::max(std::fabs(t.scale.x), std::fabs(t.scale.y));
    return std::hypot(dx, dy) * scale + scale;
}

Rect broadPhaseBox(const Body& body) {
    const double reach = broadPhaseReach(*body.mask, body.transform);
    return Rect{body.transform.position - glm::dvec2(reach), body.transform.position + glm::dvec2(reach)};
}

CollisionPass::CollisionPass(const GameSettings& settings)
    : m_pairs(settings.pairs),
      m_broadPhaseKind(settings.broadPhase),
      m_precheck(settings.precheck == kNoPrecheck ? nullptr : findAlgorithm(settings.precheck)),
      m_pixel(findAlgorithm(settings.pixelTest)),
      m_broadPhase(makeBroadPhase(settings.broadPhase)) {
    m_options.sampling = settings.sampling;
    m_options.stopAtFirstHit = true;
}

void CollisionPass::run(const Body& person, std::span<const Body> blocks, std::span<const std::uint64_t> ids, glm::dvec2 fall,
                        FrameReport& out) {
    runFrame(person, BodyBlocks{blocks, ids}, fall, out);
}

void CollisionPass::run(const Body& person, const AlphaMask& blockMask, std::span<const FallingBlock> blocks, glm::dvec2 fall,
                        FrameReport& out) {
    const double reach = blocks.empty() ? 0.0 : broadPhaseReach(blockMask, fallingBlockTransform(blocks.front(), blockMask));
    // The aabb pre-check's box of a block is bounded from its turn alone (estimates never say meet or apart where
    // the exact boxes would not; a mask with no solid pixel has no box).
    const bool estimates = m_precheck && m_precheck->boundIsTextureBox && blockMask.solidCount() > 0;
    // A block's body past its pose (mask, origin) follows the mask alone: made again only for another mask.
    if (&blockMask != m_bodyMask || blockMask.width() != m_bodyMaskSize.x || blockMask.height() != m_bodyMaskSize.y) {
        std::fill(m_bodyFrame.begin(), m_bodyFrame.end(), 0);
        m_bodyMask = &blockMask;
        m_bodyMaskSize = {blockMask.width(), blockMask.height()};
    }
    runFrame(person, SharedMaskBlocks{&blockMask, blocks, reach, estimates, blockBoxShape(blockMask), blockCoverShape(blockMask)}, fall,
             out);
}

template <class Blocks>
void CollisionPass::runFrame(const Body& person, const Blocks& blocks, glm::dvec2 fall, FrameReport& out) {
    out.counts = StageCounts{};
    out.times = StageTimes{};
    out.hits.clear();
    out.personHit = false;
    const std::size_t n = blocks.size();
    out.counts.alive = static_cast<std::int64_t>(n);
    ++m_frameStamp;
    if (m_bodyFrame.size() < n) {
        m_bodies.resize(n);
        m_bodyFrame.resize(n, 0);
        m_bounds.resize(n);
        m_boundFrame.resize(n, 0);
        m_estimates.resize(n);
        m_estimateFrame.resize(n, 0);
        m_turns.resize(n);
    }

    auto start = std::chrono::steady_clock::now();
    const Rect personBox = broadPhaseBox(person);
    if (m_pairs == PairMode::All) {
        m_items.resize(n);
        for (std::size_t i = 0; i < n; ++i) m_items[i] = {blocks.id(i), blocks.box(i)};
        m_broadPhase->update(m_items, fall);
        m_broadPhase->query(personBox, m_personCandidates);
        m_broadPhase->pairs(m_blockPairs);
    } else {
        // Only the person's box is asked: one pass over the blocks' boxes answers it (what every broad phase
        // but None gives, ascending) without filing every block into a structure first.
        m_personCandidates.clear();
        m_blockPairs.clear();
        const bool every = m_broadPhaseKind == BroadPhaseKind::None;
        for (std::size_t i = 0; i < n; ++i) {
            if (every || boxesTouch(blocks.box(i), personBox)) m_personCandidates.push_back(static_cast<int>(i));
        }
    }
    out.times.broadPhaseNs = nanosecondsSince(start);
    out.counts.broadPhasePairs = static_cast<std::int64_t>(m_personCandidates.size() + m_blockPairs.size());
    if (out.counts.broadPhasePairs > kMaxFramePairs) {
        throw WorkBudgetExceeded("frame " + std::to_string(out.frame) + " has " + std::to_string(out.counts.broadPhasePairs) +
                                 " candidate pairs, more than the " + std::to_string(kMaxFramePairs) +
                                 " a frame may test (as many as " + std::to_string(kMaxEveryPairBlocks) +
                                 " blocks tested every pair): the blocks are packed too tightly; use a larger field, "
                                 "fewer blocks or pairs 'person'",
                                 true);
    }
    spendWork(m_budget);

    auto bodyOf = [&](int index) -> const Body& {
        return index < 0 ? person : blocks.body(static_cast<std::size_t>(index), m_bodies, m_bodyFrame, m_frameStamp);
    };
    // A pre-check whose answer comes from a shape of each body works that shape out once per body and frame.
    BodyBound personBound;
    if (m_precheck && m_precheck->bodyBound) personBound = m_precheck->bodyBound(person);
    auto boundOf = [&](int index) -> const BodyBound& {
        if (index < 0) return personBound;
        const auto i = static_cast<std::size_t>(index);
        if (m_boundFrame[i] != m_frameStamp) {
            m_bounds[i] = m_precheck->bodyBound(bodyOf(index));
            m_boundFrame[i] = m_frameStamp;
        }
        return m_bounds[i];
    };
    start = std::chrono::steady_clock::now();
    // Room for every candidate, kept by a plain store (no capacity check per pair); cut to the kept ones after.
    m_survivors.resize(m_personCandidates.size() + m_blockPairs.size());
    std::size_t kept = 0;
    // Every candidate pair once, the person's first: (-1, block) or (block, later block); those `passes` says pass
    // are kept (through a pointer of the loop's own, which the compiler keeps in a register).
    auto keepCandidates = [&](auto&& passes) {
        std::pair<int, int>* const first = m_survivors.data();
        std::pair<int, int>* w = first;
        for (int block : m_personCandidates) {
            if (passes(-1, block)) *w++ = {-1, block};
        }
        for (auto [a, b] : m_blockPairs) {
            assumed(a >= 0 && b >= 0);  // two blocks (told so the person checks drop out)
            if (passes(a, b)) *w++ = {a, b};
        }
        kept = static_cast<std::size_t>(w - first);
    };
    bool estimates = false;
    bool turnsMade = false;  // m_estimates and m_turns hold every block's this frame
    if constexpr (requires { blocks.estimates; }) estimates = blocks.estimates && !personBound.empty;
    if (!m_precheck) {
        keepCandidates([](int, int) { return true; });
    } else if (estimates) {
        // Blocks whose pre-check box can be estimated (a short loop of its own, the pass's hottest after the pixel
        // tests): the exact boxes only for a pair too near touching to tell.
        if constexpr (requires { blocks.estimate(0); }) {
            const BoxEstimate personEstimate{personBound.box, 0.0};
            // Inlined in both loops of keepCandidates: called out of line, its call cost a third of its work.
            auto precheck = [&](auto&& estimateOf) {
                keepCandidates([&](int a, int b) __attribute__((always_inline)) {
                    const BoxVerdict verdict = boxEstimatesMeet(estimateOf(a), estimateOf(b));
                    spendWork(m_budget);
                    return verdict == BoxVerdict::Meet ||
                           (verdict == BoxVerdict::Unsure && m_precheck->boundsMeet(boundOf(a), boundOf(b)));
                });
            };
            if (m_blockPairs.size() >= n / 4) {
                // Pairs of blocks about as many as the blocks: every block's estimate in one branch-free loop first.
                blocks.estimateAll(m_estimates.data(), m_turns.data());
                turnsMade = true;
                precheck([&](int index) __attribute__((always_inline)) -> const BoxEstimate& {
                    return index < 0 ? personEstimate : m_estimates[static_cast<std::size_t>(index)];
                });
            } else {
                // A few (the person's): a block's estimate when a pair first holds it.
                precheck([&](int index) __attribute__((always_inline)) -> const BoxEstimate& {
                    if (index < 0) return personEstimate;
                    const auto i = static_cast<std::size_t>(index);
                    if (m_estimateFrame[i] != m_frameStamp) {
                        m_estimates[i] = blocks.estimate(i);
                        m_estimateFrame[i] = m_frameStamp;
                    }
                    return m_estimates[i];
                });
            }
        }
    } else {
        keepCandidates([&](int a, int b) {
            const bool hit = m_precheck->bodyBound ? m_precheck->boundsMeet(boundOf(a), boundOf(b))
                                                   : m_precheck->run(bodyOf(a), bodyOf(b), m_options).hit;
            spendWork(m_budget);
            return hit;
        });
    }
    out.times.precheckNs = nanosecondsSince(start);
    m_survivors.resize(kept);
    out.counts.afterPrecheck = static_cast<std::int64_t>(kept);

    start = std::chrono::steady_clock::now();
    m_hitKeys.clear();
    // (a + 1, b) in one number: the person (-1) first, then by index, which ids follow.
    auto keep = [&](int a, int b) { m_hitKeys.push_back(hitKey(a, b)); };
    // The row's own function scans A into B, as the game and `check` both do for (earlier, later); a row with a
    // hit-only entry (`hitOnly`, the row's or its entry past the covers) answers through it, with no result made and
    // dropped per pair, unless `decide` answers first (Apart or Meet; Unsure asks the row).
    auto pixelTests = [&](auto&& bodyOf, auto&& decide, HitOnlyFunction hitOnly) {
        if (hitOnly) {
            for (auto [a, b] : m_survivors) {
                const BoxVerdict verdict = decide(a, b);
                const bool hit = verdict == BoxVerdict::Meet ||
                                 (verdict == BoxVerdict::Unsure && hitOnly(bodyOf(a), bodyOf(b), m_options.sampling));
                spendWork(m_budget);
                if (hit) keep(a, b);
            }
        } else {
            for (auto [a, b] : m_survivors) {
                const CollisionResult result = m_pixel->run(bodyOf(a), bodyOf(b), m_options);
                spendWork(m_budget);
                if (!result.applicable) ++out.counts.notApplicable;
                if (result.hit) keep(a, b);
            }
        }
    };
    auto unsure = [](int, int) { return BoxVerdict::Unsure; };
    bool covered = false;
    if constexpr (requires { blocks.cover; }) {
        // Two blocks are answered by the mask's cover (pixel_fast/cover_verdict.h) when every block's turn was made
        // this frame and the row samples A's solid pixels into B as pixel-naive does (what the cover's proof assumes);
        // only pairs near touching, and the person's, are left to the row (past the covers, already asked), so their
        // bodies are made when asked for.
        if (turnsMade && blocks.cover.cover->count > 0 && m_pixel->hitOnly && m_pixel->directional && m_pixel->honoursSampling) {
            covered = true;
            pixelTests(bodyOf, [&](int a, int b) __attribute__((always_inline)) {
                if (a < 0) return BoxVerdict::Unsure;
                const auto i = static_cast<std::size_t>(a), j = static_cast<std::size_t>(b);
                return blockPairVerdict(blocks.cover, blocks.blocks[i].position, m_turns[i], m_estimates[i].error,
                                        blocks.blocks[j].position, m_turns[j], m_estimates[j].error);
            }, m_pixel->hitOnlyPastCover ? m_pixel->hitOnlyPastCover : m_pixel->hitOnly);
        }
    }
    bool everyBody = false;
    if constexpr (requires { blocks.makeBodies(m_bodies, m_bodyFrame, m_frameStamp); }) {
        // Pixel tests about as many as the blocks (all pairs): every block's body first, then read with no check.
        if (!covered && kept >= n / 4) {
            blocks.makeBodies(m_bodies, m_bodyFrame, m_frameStamp);
            everyBody = true;
        }
    }
    if (everyBody) {
        pixelTests([&](int index) -> const Body& { return index < 0 ? person : m_bodies[static_cast<std::size_t>(index)]; }, unsure,
                   m_pixel->hitOnly);
    } else if (!covered) {
        pixelTests(bodyOf, unsure, m_pixel->hitOnly);
    }
    // The broad phases list pairs in their own orders; hits are reported in one order for all of them (sorted as
    // plain numbers, not as pairs of ids).
    sortHitKeys(m_hitKeys, n, m_hitCounts, m_hitScratch);
    out.hits.reserve(m_hitKeys.size());
    for (std::uint64_t key : m_hitKeys) {
        const auto a = static_cast<std::size_t>(key >> 32), b = static_cast<std::size_t>(key & 0xffffffffu);
        out.hits.push_back({a == 0 ? kPersonId : blocks.id(a - 1), blocks.id(b)});
    }
    out.times.pixelNs = nanosecondsSince(start);
    out.counts.pixelTests = static_cast<std::int64_t>(m_survivors.size());
    out.counts.hits = static_cast<std::int64_t>(out.hits.size());
    out.personHit = !out.hits.empty() && out.hits.front().a == kPersonId;
}

}  // namespace cl
