#pragma once
// makeBroadPhase: the broad phase of a kind (core/game/broad_phase.h has the interface), apart from the
// interface so that each kind's module rests on the interface alone.

#include <memory>

#include "core/game/broad_phase.h"

namespace cl {

/// A broad phase of this kind, empty.
std::unique_ptr<BroadPhase> makeBroadPhase(BroadPhaseKind kind);

}  // namespace cl
