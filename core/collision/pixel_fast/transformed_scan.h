#pragma once
// The scan of pixel-fast for every lattice that is not a whole-pixel translation (turned, scaled, or
// off by a fraction of a pixel): each row of A clipped to the samples that can land in B's solid
// polygon, then walked.

#include "core/base/alpha_mask.h"
#include "core/base/collision_result.h"
#include "core/base/pair_transform.h"
#include "core/collision/pixel_fast/hit_sink.h"
#include "core/collision/pixel_fast/kernels.h"

namespace cl::pixel_fast {

/// Hands every hit of A's mask `ma` on B's `mb` to `sink` in scan order, for any lattice `t`; adds the
/// samples looked at to r.samples.
void scanTransformed(const AlphaMask& ma, const AlphaMask& mb, const SampleLattice& t, HitSink& sink, CollisionResult& r,
                     Kernels kernels);

}  // namespace cl::pixel_fast
