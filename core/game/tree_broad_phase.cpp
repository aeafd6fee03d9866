#include "core/game/tree_broad_phase.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <box2d/b2_dynamic_tree.h>

namespace cl {
namespace {

// Box2D is tuned for metres and objects of 0.1 to 10 m: its fattening margin is 0.1 units. With pixels
// as units that margin is a tenth of a pixel and every falling block would be re-inserted every frame,
// so the tree sees the world at 32 pixels to the unit (a 64-pixel block is 2 units, the margin 3.2 px).
constexpr double kUnitsPerPixel = 1.0 / 32.0;

// Box2D keeps floats: round each side outwards so the float box holds the double one.
b2AABB outwardBox(const Rect& box) {
    constexpr float kInf = std::numeric_limits<float>::infinity();
    auto down = [](double v) { return std::nextafter(static_cast<float>(v * kUnitsPerPixel), -kInf); };
    auto up = [](double v) { return std::nextafter(static_cast<float>(v * kUnitsPerPixel), kInf); };
    b2AABB out;
    out.lowerBound.Set(down(box.min.x), down(box.min.y));
    out.upperBound.Set(up(box.max.x), up(box.max.y));
    return out;
}

class TreeBroadPhase final : public BroadPhase {
public:
    void update(std::span<const BroadPhaseItem> items, glm::dvec2 displacement) override {
        const b2Vec2 move(static_cast<float>(displacement.x * kUnitsPerPixel), static_cast<float>(displacement.y * kUnitsPerPixel));
        m_nextProxies.resize(items.size());
        m_boxes.resize(items.size());
        // Both lists are sorted on id: walk them together to destroy, move and create proxies.
        std::size_t old = 0;
        for (std::size_t k = 0; k < items.size(); ++k) {
            while (old < m_ids.size() && m_ids[old] < items[k].id) m_tree.DestroyProxy(m_proxies[old++]);
            m_boxes[k] = items[k].box;
            if (old < m_ids.size() && m_ids[old] == items[k].id) {
                m_tree.MoveProxy(m_proxies[old], outwardBox(items[k].box), move);
                m_nextProxies[k] = m_proxies[old++];
            } else {
                m_nextProxies[k] = m_tree.CreateProxy(outwardBox(items[k].box), nullptr);
            }
        }
        while (old < m_ids.size()) m_tree.DestroyProxy(m_proxies[old++]);
        m_proxies.swap(m_nextProxies);
        m_ids.resize(items.size());
        int32 largest = -1;
        for (std::size_t k = 0; k < items.size(); ++k) {
            m_ids[k] = items[k].id;
            largest = std::max(largest, m_proxies[k]);
        }
        m_itemOfProxy.assign(static_cast<std::size_t>(largest + 1), -1);
        for (std::size_t k = 0; k < items.size(); ++k) m_itemOfProxy[m_proxies[k]] = static_cast<int>(k);
    }

    void query(const Rect& box, std::vector<int>& out) const override {
        out.clear();
        Collector collector{this, box, -1, &out};
        m_tree.Query(&collector, outwardBox(box));
        std::sort(out.begin(), out.end());
    }

    void pairs(std::vector<std::pair<int, int>>& out) const override {
        out.clear();
        std::vector<int> found;
        for (std::size_t i = 0; i < m_boxes.size(); ++i) {
            found.clear();
            Collector collector{this, m_boxes[i], static_cast<int>(i), &found};
            m_tree.Query(&collector, outwardBox(m_boxes[i]));
            for (int j : found) out.emplace_back(static_cast<int>(i), j);
        }
    }

    // The callback Box2D's Query calls for each leaf whose fat box meets the query box.
    struct Collector {
        const TreeBroadPhase* self;
        Rect box;
        int onlyAbove;  // keep items with a larger index only (pairs once), -1 for all
        std::vector<int>* out;
        bool QueryCallback(int32 proxy) {
            const int item = self->m_itemOfProxy[static_cast<std::size_t>(proxy)];
            if (item > onlyAbove && boxesTouch(self->m_boxes[static_cast<std::size_t>(item)], box)) out->push_back(item);
            return true;
        }
    };

private:
    b2DynamicTree m_tree;
    std::vector<std::uint64_t> m_ids;  // ascending, one per live proxy
    std::vector<int32> m_proxies;      // proxy of m_ids[k]
    std::vector<int32> m_nextProxies;
    std::vector<Rect> m_boxes;         // exact boxes of the last update
    std::vector<int> m_itemOfProxy;    // item index by proxy id, -1 for none
};

}  // namespace

std::unique_ptr<BroadPhase> makeTreeBroadPhase() { return std::make_unique<TreeBroadPhase>(); }

}  // namespace cl
