// pixel-fast's entry: rejects pairs whose solid discs lie apart (disc_reject), answers a hit-only pair from the masks'
// covers where they tell (cover_verdict), builds the lattice and the hit sink, chooses the kernels, and hands the pair to the
// scan that fits it. The parts live in core/collision/pixel_fast/: translation_scan (whole-pixel translations, a
// word at a time), transformed_scan (every other lattice: rows clipped by lattice_polygon, walked by
// row_walker; a hit-only scan of a short A in small_scan), kernels (the inner loops with AVX2 code, behind one boundary) and hit_sink.

#include "core/collision/pixel_fast.h"

#include "core/base/pair_transform.h"
#include "core/collision/pixel_fast/cover_verdict.h"
#include "core/collision/pixel_fast/disc_reject.h"
#include "core/collision/pixel_fast/hit_sink.h"
#include "core/collision/pixel_fast/kept_scan.h"
#include "core/collision/pixel_fast/kernels.h"
#include "core/collision/pixel_fast/pair_set_up.h"
#include "core/collision/pixel_fast/small_scan.h"
#include "core/collision/pixel_fast/transformed_scan.h"
#include "core/collision/pixel_fast/translation_scan.h"

namespace cl {
namespace {

// The pair past the two rejections (an empty mask, discs apart): the lattice, the hit sink, the scan that fits.
// `place` false: the caller reads only r.hit, so the first hit is not placed in the world. `setUp`: the pair's kept
// set-up (pair_set_up.h), whose turn the lattice is placed from and whose polygon a small scan clips by; null (the
// callers that keep nothing pass none) compiles to the scan without it.
[[gnu::always_inline]] inline void scan(const Body& a, const Body& b, const TestOptions& options, PixelFastCode code,
                                        CollisionResult& r, bool place = true, pixel_fast::PairSetUp* setUp = nullptr) {
    const SampleLattice t = setUp ? placeLattice(setUp->turn(), a.transform, b.transform)
                                  : makeSampleLattice(a.transform, b.transform, options.sampling);
    pixel_fast::HitSink sink(r, options, a.transform, options.sampling);
    if (!place) sink.placeNoHits();
    const pixel_fast::Kernels kernels = pixel_fast::Kernels::choose(code);
    if ((!setUp || setUp->mayTranslate()) && pixel_fast::isWholePixelTranslation(t)) {
        pixel_fast::scanTranslation(*a.mask, *b.mask, t, sink, r, kernels);
    } else if (setUp) {
        pixel_fast::scanTransformed(*a.mask, *b.mask, t, *setUp, sink, r, kernels);
    } else {
        pixel_fast::scanTransformed(*a.mask, *b.mask, t, sink, r, kernels);
    }
    sink.finish();
}

// True when the pair cannot hit before any scan: a mask with no solid pixel, or solid discs apart.
[[gnu::always_inline]] inline bool rejected(const Body& a, const Body& b) {
    return a.mask->solidCount() == 0 || b.mask->solidCount() == 0 ||
           pixel_fast::discsApart(*a.mask, a.transform, *b.mask, b.transform);
}

static_assert(AlphaMask::kFewRows == pixel_fast::kSmallRows, "fewRows() is the small scan's A");

// The pair past the rejections with its kept set-up; out of line, so that run's other pairs compile as they would
// without it.
[[gnu::noinline]] void scanKept(const Body& a, const Body& b, const TestOptions& options, PixelFastCode code,
                                pixel_fast::PairSetUp& setUp, CollisionResult& r) {
    scan(a, b, options, code, r, true, &setUp);
}

// Both entries in full, so that the usual one calls nothing more than it needs.
[[gnu::always_inline]] inline CollisionResult run(const Body& a, const Body& b, const TestOptions& options,
                                                  PixelFastCode code) {
    CollisionResult r;
    if (rejected(a, b)) return r;
    // Only a hit-only scan of a short A keeps anything: there the kept polygon spares the small scan its set-up; a
    // full scan or a tall A would save little more than the turn, about what the look-up costs. A's height first:
    // a tall A (most rows that keep nothing) pays one test. The look-up is out of line, so that a first sighting
    // goes on as every other pair.
    if (a.mask->fewRows() && options.stopAtFirstHit) {
        if (pixel_fast::PairSetUp* setUp = pixel_fast::pairSetUp(a, b, options.sampling)) {
            scanKept(a, b, options, code, *setUp, r);
            return r;
        }
    }
    scan(a, b, options, code, r);
    return r;
}

// The hit-only scan of a pair past the rejections: no first hit placed in the world.
[[gnu::always_inline]] inline bool scanHitOnly(const Body& a, const Body& b, Sampling sampling) {
    TestOptions options;
    options.sampling = sampling;
    options.stopAtFirstHit = true;
    CollisionResult r;
    // Its callers, the game above all, test pairs of spinning blocks at turns seldom seen again: nothing kept.
    scan(a, b, options, PixelFastCode::Fastest, r, false);
    return r.hit;
}

}  // namespace

CollisionResult pixelFast(const Body& a, const Body& b, const TestOptions& options) {
    return run(a, b, options, PixelFastCode::Fastest);
}

CollisionResult pixelFast(const Body& a, const Body& b, const TestOptions& options, PixelFastCode code) {
    return run(a, b, options, code);
}

bool pixelFastHitOnly(const Body& a, const Body& b, Sampling sampling) {
    // Most pairs a caller hands over end at a rejection or at the covers: those build no result at all.
    if (rejected(a, b)) return false;
    // Both turns looked up before either pose is read, so that nothing is kept across the calls.
    const glm::dvec2 csA = cosSinDegreesCached(a.transform.rotationDeg), csB = cosSinDegreesCached(b.transform.rotationDeg);
    const pixel_fast::PairVerdict verdict = pixel_fast::coverVerdict(a.mask->solidCover(), pixel_fast::coverPose(a.transform, csA),
                                                                     b.mask->solidCover(), pixel_fast::coverPose(b.transform, csB), 0.0);
    if (verdict != pixel_fast::PairVerdict::Unsure) return verdict == pixel_fast::PairVerdict::Meet;
    return scanHitOnly(a, b, sampling);
}

bool pixelFastHitOnlyPastCover(const Body& a, const Body& b, Sampling sampling) {
    return !rejected(a, b) && scanHitOnly(a, b, sampling);
}

}  // namespace cl
