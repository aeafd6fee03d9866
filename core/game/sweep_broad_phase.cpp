#include "core/game/sweep_broad_phase.h"

#include <algorithm>

namespace cl {
namespace {

class SweepBroadPhase final : public BroadPhase {
public:
    void update(std::span<const BroadPhaseItem> items, glm::dvec2) override {
        m_boxes.resize(items.size());
        m_order.resize(items.size());
        m_widest = 0.0;
        for (std::size_t i = 0; i < items.size(); ++i) {
            m_boxes[i] = items[i].box;
            m_order[i] = static_cast<int>(i);
            m_widest = std::max(m_widest, items[i].box.max.x - items[i].box.min.x);
        }
        // Blocks fall straight down, so last frame's order is nearly sorted; std::sort is still the
        // simplest correct thing and its cost is in the benchmark.
        std::sort(m_order.begin(), m_order.end(), [&](int a, int b) {
            return m_boxes[a].min.x < m_boxes[b].min.x || (m_boxes[a].min.x == m_boxes[b].min.x && a < b);
        });
        m_left.resize(items.size());
        for (std::size_t k = 0; k < m_order.size(); ++k) m_left[k] = m_boxes[m_order[k]].min.x;
    }

    void query(const Rect& box, std::vector<int>& out) const override {
        out.clear();
        // Only boxes starting at most one widest box to the left of `box` can reach it.
        auto first = std::lower_bound(m_left.begin(), m_left.end(), box.min.x - m_widest);
        for (auto k = static_cast<std::size_t>(first - m_left.begin()); k < m_left.size() && m_left[k] <= box.max.x; ++k) {
            const int i = m_order[k];
            if (boxesTouch(m_boxes[i], box)) out.push_back(i);
        }
        std::sort(out.begin(), out.end());
    }

    void pairs(std::vector<std::pair<int, int>>& out) const override {
        out.clear();
        for (std::size_t k = 0; k < m_order.size(); ++k) {
            const Rect& a = m_boxes[m_order[k]];
            for (std::size_t m = k + 1; m < m_order.size() && m_left[m] <= a.max.x; ++m) {
                const Rect& b = m_boxes[m_order[m]];
                if (a.min.y <= b.max.y && b.min.y <= a.max.y) {
                    out.emplace_back(std::min(m_order[k], m_order[m]), std::max(m_order[k], m_order[m]));
                }
            }
        }
    }

private:
    std::vector<Rect> m_boxes;
    std::vector<int> m_order;    // item indexes sorted on min.x
    std::vector<double> m_left;  // min.x in that order
    double m_widest = 0.0;
};

}  // namespace

std::unique_ptr<BroadPhase> makeSweepBroadPhase() { return std::make_unique<SweepBroadPhase>(); }

}  // namespace cl
