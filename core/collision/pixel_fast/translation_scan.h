#pragma once
// The whole-pixel translation scan of pixel-fast: when A's pixels land on B's pixels one for one, A's
// rows and B's rows are ANDed 64 pixels at a time.

#include "core/base/alpha_mask.h"
#include "core/base/collision_result.h"
#include "core/base/pair_transform.h"
#include "core/collision/pixel_fast/hit_sink.h"
#include "core/collision/pixel_fast/kernels.h"

namespace cl::pixel_fast {

/// True when A's pixel (x, y) lands on B's pixel (x + offset.x, y + offset.y) for every x, y.
inline bool isWholePixelTranslation(const SampleLattice& t) {
    if (t.stepXFx != FixedVec{kFixedOne, 0} || t.stepYFx != FixedVec{0, kFixedOne}) return false;
    if (t.sampling == Sampling::Center) return true;
    // Round half to even alternates at an exact half, so the offset would depend on x.
    const Fixed mask = kFixedOne - 1;
    return (t.startFx.x & mask) != kFixedOne / 2 && (t.startFx.y & mask) != kFixedOne / 2;
}

/// Hands every hit of A's mask `ma` on B's `mb` to `sink` in scan order, for a lattice `t` that is a
/// whole-pixel translation; adds the pixels looked at to r.samples.
void scanTranslation(const AlphaMask& ma, const AlphaMask& mb, const SampleLattice& t, HitSink& sink, CollisionResult& r,
                     Kernels kernels);

}  // namespace cl::pixel_fast
