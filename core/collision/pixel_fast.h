#pragma once
// pixel-fast: the pixel-naive answer at a cost that follows the part of A that can reach B's solid pixels.

#include "core/base/collision_result.h"
#include "core/collision/pixel_fast/code.h"

namespace cl {

/// `pixel-fast`: the same hit, overlap count, first hit and (with listHits) the same hits in the same
/// order as pixel-naive for the same sampling. Each row of A is clipped to the samples that can land
/// in a convex polygon around B's solid pixels (cached per mask), only A's solid pixels are visited and
/// samples are tested in branch-free chunks (AVX2 where the CPU has it); two whole-pixel translations
/// are compared 64-bit words at a time. `samples` counts the samples (or word pixels) actually looked
/// at, so it is usually far below pixel-naive's. A hit-only pair of a short A seen twice lately keeps, per
/// thread, what its set-up does not take from the positions (pixel_fast/pair_set_up.h).
CollisionResult pixelFast(const Body& a, const Body& b, const TestOptions& options);

/// pixelFast's hit in hit-only mode (stopAtFirstHit, this sampling) and nothing else: a pair rejected before the
/// scan (an empty mask, solid discs apart) or answered by the masks' covers (pixel_fast/cover_verdict.h) builds no
/// result. The `pixel-fast` row's Algorithm::hitOnly.
bool pixelFastHitOnly(const Body& a, const Body& b, Sampling sampling);

/// pixelFastHitOnly without asking the covers: for a caller whose cover verdict of the pair was Unsure. The
/// `pixel-fast` row's Algorithm::hitOnlyPastCover.
bool pixelFastHitOnlyPastCover(const Body& a, const Body& b, Sampling sampling);

/// pixelFast running the code chosen by `code`.
CollisionResult pixelFast(const Body& a, const Body& b, const TestOptions& options, PixelFastCode code);

}  // namespace cl
