#pragma once
// pixel-fast: the pixel-naive answer at a cost that follows the part of A that can reach B's solid pixels.

#include "core/collision_result.h"

namespace cl {

/// `pixel-fast`: the same hit, overlap count, first hit and (with listHits) the same hits in the same
/// order as pixel-naive for the same sampling. Each row of A is clipped to the samples that can land
/// in B's solid box, only A's solid spans are visited, whole empty or whole solid blocks of B are
/// crossed in one step, and two whole-pixel translations are compared a 64-bit word at a time.
/// `samples` counts the samples actually looked at, so it is usually far below pixel-naive's.
CollisionResult pixelFast(const Body& a, const Body& b, const TestOptions& options);

/// Lets pixelFast walk samples four at a time with AVX2 where the CPU has it (the default) or keeps it to
/// the portable scalar code (false); for tests and benchmarks of both paths. The answer never changes.
void setPixelFastVectorWalk(bool enabled);

}  // namespace cl
