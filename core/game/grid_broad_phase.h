#pragma once
// GridBroadPhase: a uniform grid of cells a hair larger than the largest box, kept from update to update and
// refilled every update by a counting sort; each box is filed once, in the cell of its top-left corner.

#include <memory>

#include "core/game/broad_phase.h"

namespace cl {

/// Files each item once, in the cell holding its box's top-left corner (cells a hair larger than the largest
/// box, so two touching boxes are filed in the same or neighbouring cells), with a counting sort each update,
/// O(n). The cells are laid out again only when a box outgrows them (or the boxes shrink below half of them, or
/// the items double or halve, or an eighth of them lie off the grid); else an update only files the items. pairs() compares each item with the later items of its own cell and of four of its neighbours,
/// query() only the cells whose items can reach the box.
std::unique_ptr<BroadPhase> makeGridBroadPhase();

}  // namespace cl
