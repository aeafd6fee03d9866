#pragma once
// SweepBroadPhase: sort the boxes on their left edge and sweep — the simplest broad phase worth having.

#include <memory>

#include "core/game/broad_phase.h"

namespace cl {

/// Sorts the items on min.x each update; pairs() sweeps the sorted list, query() binary-searches it.
std::unique_ptr<BroadPhase> makeSweepBroadPhase();

}  // namespace cl
