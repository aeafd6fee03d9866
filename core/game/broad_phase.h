#pragma once
// BroadPhase: finds the pairs of world boxes that may overlap, before any pre-check or pixel test.

#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include <glm/vec2.hpp>

#include "core/game/game_settings.h"
#include "core/base/geometry.h"

namespace cl {

/// One box the broad phase tracks: `id` is stable from frame to frame (a block keeps its id while alive).
struct BroadPhaseItem {
    std::uint64_t id = 0;
    Rect box;
};

/// True when two closed boxes share a point (touching counts: the broad phase must never be stricter
/// than a pixel test).
inline bool boxesTouch(const Rect& a, const Rect& b) {
    return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y;
}

/// The broad phase behind one small interface, so the game can swap the tree for the sweep or none.
class BroadPhase {
public:
    virtual ~BroadPhase() = default;
    /// Sets this frame's items, ids strictly ascending; an id absent since the last update is gone.
    /// `displacement` is how far the items typically moved since the last update (a hint for the tree).
    virtual void update(std::span<const BroadPhaseItem> items, glm::dvec2 displacement) = 0;
    /// Indexes into the last update's items, ascending: every item whose box touches `box` (the
    /// tree and the sweep give exactly those; None gives every item).
    virtual void query(const Rect& box, std::vector<int>& out) const = 0;
    /// Every pair (i, j), i < j, of the last update's items whose boxes touch (None: every pair), each once,
    /// in an order of the broad phase's own (the same for the same updates).
    virtual void pairs(std::vector<std::pair<int, int>>& out) const = 0;
};


}  // namespace cl
