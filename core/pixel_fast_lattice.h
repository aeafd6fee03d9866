#pragma once
// The sample lattice of A in B — the fixed-point part of PairTransform — without the world matrices.

#include "core/pair_transform.h"
#include "core/sprite_transform.h"

namespace cl {

/// A PairTransform with only `sampling`, `startFx`, `stepXFx` and `stepYFx` filled, each bit for bit what
/// makePairTransform(a, b, sampling) gives (the same double operations in the same order), at about
/// half its cost: the world matrices and the inverse are skipped, and fmod (for angles already below
/// 360 degrees) and the rounding to 32.32 avoid libm.
PairTransform sampleLattice(const SpriteTransform& a, const SpriteTransform& b, Sampling sampling);

/// worldMatrix(t), bit for bit, with the same shortcut for fmod.
glm::dmat3 worldMatrixQuick(const SpriteTransform& t);

/// toFixed(value), bit for bit, without calls into libm for |value| < 2^52.
Fixed toFixedQuick(double value);

}  // namespace cl
