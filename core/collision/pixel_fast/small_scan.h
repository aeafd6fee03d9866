#pragma once
// The hit-only scan of a short A (its solid box at most kSmallRows rows), for every lattice that is not a
// whole-pixel translation: the same rows and samples as the rest of transformed_scan would look at, with the
// set-up such a scan needs and nothing more. The game's blocks and the contact search's poses take it.

#include "core/base/alpha_mask.h"
#include "core/base/collision_result.h"
#include "core/base/pair_transform.h"
#include "core/collision/pixel_fast/hit_sink.h"
#include "core/collision/pixel_fast/kernels.h"

namespace cl::pixel_fast {

/// The most rows A's solid box may have for scanTransformed to hand a hit-only scan to scanSmall.
inline constexpr int kSmallRows = 64;

/// The hit-only scan (sink.stops()) of A's mask `ma` on B's `mb` for the lattice `t`, picking B's pixels the
/// Xna way or the Center way, when A's positions fit int64 (fitsNarrow): hands the first hit to `sink` and
/// adds the samples looked at to r.samples. Rows are clipped to B's polygon as LatticePolygon::range clips
/// them, so the samples are those row-by-row clipping would look at.
/// `mb` is B's mask (B's polygon made for t), or a KeptB (kept_polygon.h: B's mask and a shape kept for t's steps and
/// sampling, its polygon moved to t's start): the same hit. Instantiated for AlphaMask in small_scan.cpp and for
/// KeptB in kept_scan.cpp.
template <bool kXna, class MaskB>
void scanSmall(const AlphaMask& ma, const MaskB& mb, const SampleLattice& t, HitSink& sink, CollisionResult& r,
               Kernels kernels);

}  // namespace cl::pixel_fast
