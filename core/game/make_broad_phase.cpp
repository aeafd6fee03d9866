#include "core/game/make_broad_phase.h"

#include "core/game/grid_broad_phase.h"
#include "core/game/sweep_broad_phase.h"
#include "core/game/tree_broad_phase.h"

namespace cl {
namespace {

// No broad phase: every item is a candidate, as in the tutorial's loop over all blocks.
class EveryPairBroadPhase final : public BroadPhase {
public:
    void update(std::span<const BroadPhaseItem> items, glm::dvec2) override { m_count = static_cast<int>(items.size()); }
    void query(const Rect&, std::vector<int>& out) const override {
        out.clear();
        for (int i = 0; i < m_count; ++i) out.push_back(i);
    }
    void pairs(std::vector<std::pair<int, int>>& out) const override {
        out.clear();
        for (int i = 0; i < m_count; ++i) {
            for (int j = i + 1; j < m_count; ++j) out.emplace_back(i, j);
        }
    }

private:
    int m_count = 0;
};

}  // namespace

std::unique_ptr<BroadPhase> makeBroadPhase(BroadPhaseKind kind) {
    switch (kind) {
    case BroadPhaseKind::Tree: return makeTreeBroadPhase();
    case BroadPhaseKind::Sweep: return makeSweepBroadPhase();
    case BroadPhaseKind::None: return std::make_unique<EveryPairBroadPhase>();
    case BroadPhaseKind::Grid: return makeGridBroadPhase();
    }
    return makeTreeBroadPhase();
}

}  // namespace cl
