// pixel-fast's entry: rejects pairs whose solid discs lie apart (disc_reject), builds the lattice and the hit sink, chooses the kernels, and hands the pair to the
// scan that fits it. The parts live in core/collision/pixel_fast/: translation_scan (whole-pixel translations, a
// word at a time), transformed_scan (every other lattice: rows clipped by lattice_polygon, walked by
// row_walker), kernels (the inner loops with AVX2 code, behind one boundary) and hit_sink.

#include "core/collision/pixel_fast.h"

#include "core/base/pair_transform.h"
#include "core/collision/pixel_fast/disc_reject.h"
#include "core/collision/pixel_fast/hit_sink.h"
#include "core/collision/pixel_fast/kernels.h"
#include "core/collision/pixel_fast/transformed_scan.h"
#include "core/collision/pixel_fast/translation_scan.h"

namespace cl {
namespace {

// Both entries in full, so that the usual one calls nothing more than it needs.
[[gnu::always_inline]] inline CollisionResult run(const Body& a, const Body& b, const TestOptions& options,
                                                  PixelFastCode code) {
    CollisionResult r;
    const AlphaMask& ma = *a.mask;
    const AlphaMask& mb = *b.mask;
    if (ma.solidCount() == 0 || mb.solidCount() == 0) return r;
    if (pixel_fast::discsApart(ma, a.transform, mb, b.transform)) return r;
    const SampleLattice t = makeSampleLattice(a.transform, b.transform, options.sampling);
    pixel_fast::HitSink sink(r, options, a.transform, options.sampling);
    const pixel_fast::Kernels kernels = pixel_fast::Kernels::choose(code);
    if (pixel_fast::isWholePixelTranslation(t)) {
        pixel_fast::scanTranslation(ma, mb, t, sink, r, kernels);
    } else {
        pixel_fast::scanTransformed(ma, mb, t, sink, r, kernels);
    }
    sink.finish();
    return r;
}

}  // namespace

CollisionResult pixelFast(const Body& a, const Body& b, const TestOptions& options) {
    return run(a, b, options, PixelFastCode::Fastest);
}

CollisionResult pixelFast(const Body& a, const Body& b, const TestOptions& options, PixelFastCode code) {
    return run(a, b, options, code);
}

}  // namespace cl
