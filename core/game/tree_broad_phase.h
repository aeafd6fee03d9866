#pragma once
// TreeBroadPhase: Box2D's dynamic AABB tree (libbox2d 2.4, b2DynamicTree) behind the BroadPhase interface.

#include <memory>

#include "core/game/broad_phase.h"

namespace cl {

/// A Box2D dynamic tree whose proxies follow the items by id: created when an id appears, moved while
/// it lives (Box2D re-inserts a proxy only when it leaves its fattened box), destroyed when it goes.
/// Box2D stores floats; each box is rounded outwards, and every candidate is then checked against the
/// exact double box, so the answers are exactly those of boxesTouch().
std::unique_ptr<BroadPhase> makeTreeBroadPhase();

}  // namespace cl
