#pragma once
// GridBroadPhase: a uniform grid of cells as large as the largest box, rebuilt every update by a counting
// sort; each pair is reported by the one cell that holds the corner of the two boxes' overlap.

#include <memory>

#include "core/game/broad_phase.h"

namespace cl {

/// Buckets the items into square cells as large as the largest box (so each box is in at most four) with a
/// counting sort each update, O(n); pairs() looks only within cells, query() only at the cells the box covers.
std::unique_ptr<BroadPhase> makeGridBroadPhase();

}  // namespace cl
