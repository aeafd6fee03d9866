// scanSmall for B's mask: B's polygon made for the lattice (LatticePolygon). The body is small_scan_by.h's, which
// kept_scan.cpp instantiates for a kept polygon.

#include "core/collision/pixel_fast/small_scan.h"

#include "core/collision/pixel_fast/small_scan_by.h"

namespace cl::pixel_fast {

template void scanSmall<true>(const AlphaMask&, const AlphaMask&, const SampleLattice&, HitSink&, CollisionResult&, Kernels);
template void scanSmall<false>(const AlphaMask&, const AlphaMask&, const SampleLattice&, HitSink&, CollisionResult&, Kernels);

}  // namespace cl::pixel_fast
