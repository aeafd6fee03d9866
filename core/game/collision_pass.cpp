#include "core/game/collision_pass.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>

#include "core/game/make_broad_phase.h"


namespace cl {
namespace {

std::int64_t nanosecondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

Rect broadPhaseBox(const Body& body) {
    // The box of the circle about the pivot through the farthest texture corner: it does not change as
    // a block spins, so the tree re-inserts a falling block only when it falls out of its fattened box.
    const SpriteTransform& t = body.transform;
    const double w = body.mask->width(), h = body.mask->height();
    const double dx = std::max(std::fabs(t.origin.x), std::fabs(w - t.origin.x));
    const double dy = std::max(std::fabs(t.origin.y), std::fabs(h - t.origin.y));
    const double scale = std::max(std::fabs(t.scale.x), std::fabs(t.scale.y));
    const double reach = std::hypot(dx, dy) * scale + scale;
    return Rect{t.position - glm::dvec2(reach), t.position + glm::dvec2(reach)};
}

CollisionPass::CollisionPass(const GameSettings& settings)
    : m_pairs(settings.pairs),
      m_precheck(settings.precheck == kNoPrecheck ? nullptr : findAlgorithm(settings.precheck)),
      m_pixel(findAlgorithm(settings.pixelTest)),
      m_broadPhase(makeBroadPhase(settings.broadPhase)) {
    m_options.sampling = settings.sampling;
    m_options.stopAtFirstHit = true;
}

void CollisionPass::run(const Body& person, std::span<const Body> blocks, std::span<const std::uint64_t> ids,
                        glm::dvec2 fall, FrameReport& out) {
    out.counts = StageCounts{};
    out.times = StageTimes{};
    out.hits.clear();
    out.personHit = false;
    out.counts.alive = static_cast<std::int64_t>(blocks.size());

    auto start = std::chrono::steady_clock::now();
    m_items.resize(blocks.size());
    for (std::size_t i = 0; i < blocks.size(); ++i) m_items[i] = {ids[i], broadPhaseBox(blocks[i])};
    m_broadPhase->update(m_items, fall);
    m_broadPhase->query(broadPhaseBox(person), m_personCandidates);
    if (m_pairs == PairMode::All) m_broadPhase->pairs(m_blockPairs);
    else m_blockPairs.clear();
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

    auto bodyOf = [&](int index) -> const Body& { return index < 0 ? person : blocks[static_cast<std::size_t>(index)]; };
    start = std::chrono::steady_clock::now();
    m_survivors.clear();
    auto precheck = [&](int a, int b) {
        if (!m_precheck) {
            m_survivors.emplace_back(a, b);
            return;
        }
        const bool hit = m_precheck->run(bodyOf(a), bodyOf(b), m_options).hit;
        spendWork(m_budget);
        if (hit) m_survivors.emplace_back(a, b);
    };
    for (int block : m_personCandidates) precheck(-1, block);
    for (auto [a, b] : m_blockPairs) precheck(a, b);
    out.times.precheckNs = nanosecondsSince(start);
    out.counts.afterPrecheck = static_cast<std::int64_t>(m_survivors.size());

    start = std::chrono::steady_clock::now();
    for (auto [a, b] : m_survivors) {
        // The row's own function scans A into B, as the game and `check` both do for (earlier, later).
        const CollisionResult result = m_pixel->run(bodyOf(a), bodyOf(b), m_options);
        spendWork(m_budget);
        if (!result.applicable) ++out.counts.notApplicable;
        if (result.hit) out.hits.push_back({a < 0 ? kPersonId : ids[static_cast<std::size_t>(a)], ids[static_cast<std::size_t>(b)]});
    }
    // The broad phases list pairs in their own orders; hits are reported in one order for all of them.
    std::sort(out.hits.begin(), out.hits.end());
    out.times.pixelNs = nanosecondsSince(start);
    out.counts.pixelTests = static_cast<std::int64_t>(m_survivors.size());
    out.counts.hits = static_cast<std::int64_t>(out.hits.size());
    out.personHit = !out.hits.empty() && out.hits.front().a == kPersonId;
}

}  // namespace cl
