// The scans of a pair with a kept set-up: small_scan_by.h's body instantiated for a kept polygon (KeptB), here
// rather than in small_scan.cpp so that the made polygon's scan there compiles as it does without this one.

#include "core/collision/pixel_fast/kept_scan.h"

#include "core/collision/pixel_fast/row_walker.h"
#include "core/collision/pixel_fast/small_scan.h"
#include "core/collision/pixel_fast/small_scan_by.h"
#include "core/collision/pixel_fast/transformed_scan.h"

namespace cl::pixel_fast {

template void scanSmall<true>(const AlphaMask&, const KeptB&, const SampleLattice&, HitSink&, CollisionResult&, Kernels);
template void scanSmall<false>(const AlphaMask&, const KeptB&, const SampleLattice&, HitSink&, CollisionResult&, Kernels);

void scanTransformed(const AlphaMask& ma, const AlphaMask& mb, const SampleLattice& t, PairSetUp& setUp, HitSink& sink,
                     CollisionResult& r, Kernels kernels) {
    // scanRows' choice of the small scan (A short, the scan hit-only: given), where A's positions fit 64 bits.
    const KeptShape& shape = setUp.shape(ma, mb, t);
    if (!fitsNarrow(t, ma.tightBounds(), shape.stepsReach)) [[unlikely]] {
        scanTransformed(ma, mb, t, sink, r, kernels);
        return;
    }
    const KeptB kept{mb, shape};
    if (t.sampling == Sampling::Xna) {
        scanSmall<true>(ma, kept, t, sink, r, kernels);
    } else {
        scanSmall<false>(ma, kept, t, sink, r, kernels);
    }
}

}  // namespace cl::pixel_fast
