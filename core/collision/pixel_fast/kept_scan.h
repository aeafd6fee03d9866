#pragma once
// The scans of a pair whose set-up is kept (pair_set_up.h): a hit-only scan of a short A clips its rows by the kept
// polygon moved to the lattice's start (kept_polygon.h) instead of building B's polygon; every other scan is the
// usual one. Apart from transformed_scan and small_scan, so that their code is what it is without a kept set-up.

#include "core/base/alpha_mask.h"
#include "core/base/collision_result.h"
#include "core/base/pair_transform.h"
#include "core/collision/pixel_fast/hit_sink.h"
#include "core/collision/pixel_fast/kernels.h"
#include "core/collision/pixel_fast/pair_set_up.h"

namespace cl::pixel_fast {

/// scanTransformed for the hit-only scan (sink.stops()) of a short A (ma.fewRows()) with a kept set-up (`setUp`,
/// whose turn `t` was placed from): the same hit; the small scan clips by the set-up's kept polygon, made on its
/// first scan.
void scanTransformed(const AlphaMask& ma, const AlphaMask& mb, const SampleLattice& t, PairSetUp& setUp, HitSink& sink,
                     CollisionResult& r, Kernels kernels);


}  // namespace cl::pixel_fast
