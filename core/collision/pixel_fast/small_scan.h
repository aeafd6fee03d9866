#pragma once
// The hit-only scan of a small A (its solid box at most kSmallSide samples each way), for every lattice
// that is not a whole-pixel translation: the same rows and samples as transformed_scan's, with the set-up
// a pair of small sprites needs and nothing more. The game's blocks and the contact search's poses take it.

#include "core/base/alpha_mask.h"
#include "core/base/collision_result.h"
#include "core/base/pair_transform.h"
#include "core/collision/pixel_fast/hit_sink.h"
#include "core/collision/pixel_fast/kernels.h"

namespace cl::pixel_fast {

/// The largest width and height of A's solid box that scanSmall takes.
inline constexpr int kSmallSide = 64;

/// True when scanSmall serves A's mask `ma` in a scan that stops at its first hit.
inline bool takesSmallScan(const AlphaMask& ma, const HitSink& sink) {
    const IntRect ta = ma.tightBounds();
    return sink.stops() && ta.x1 - ta.x0 <= kSmallSide && ta.y1 - ta.y0 <= kSmallSide;
}

/// scanTransformed for a pair that takesSmallScan: hands the first hit of A's mask `ma` on B's `mb` to
/// `sink` and adds the samples looked at to r.samples, both exactly as scanTransformed does.
void scanSmall(const AlphaMask& ma, const AlphaMask& mb, const SampleLattice& t, HitSink& sink, CollisionResult& r,
               Kernels kernels);

}  // namespace cl::pixel_fast
