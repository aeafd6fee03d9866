#pragma once
// The whole-pixel translation scan of pixel-fast: when A's pixels land on B's pixels one for one, A's
// rows and B's rows are ANDed 64 pixels at a time.

#include "core/alpha_mask.h"
#include "core/collision_result.h"
#include "core/pair_transform.h"
#include "core/pixel_fast/hit_sink.h"
#include "core/pixel_fast/kernels.h"

namespace cl::pixel_fast {

/// True when A's pixel (x, y) lands on B's pixel (x + offset.x, y + offset.y) for every x, y.
bool isWholePixelTranslation(const SampleLattice& t);

/// Hands every hit of A's mask `ma` on B's `mb` to `sink` in scan order, for a lattice `t` that is a
/// whole-pixel translation; adds the pixels looked at to r.samples.
void scanTranslation(const AlphaMask& ma, const AlphaMask& mb, const SampleLattice& t, HitSink& sink, CollisionResult& r,
                     Kernels kernels);

}  // namespace cl::pixel_fast
