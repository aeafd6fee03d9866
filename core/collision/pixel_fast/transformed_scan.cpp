// scanTransformed: A's rows clipped to B's polygon (lattice_polygon.h) a block at a time, then walked
// (row_walker.h); positions too large for 64 bits take a 128-bit walk sample by sample.

#include "core/collision/pixel_fast/transformed_scan.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "core/collision/pixel_fast/lattice_polygon.h"
#include "core/collision/pixel_fast/row_walker.h"
#include "core/collision/pixel_fast/small_scan.h"

namespace cl::pixel_fast {
namespace {

// Samples x0..x1-1 of A's row y, starting at `position`, with 128-bit positions: for offsets that the
// int64 walk cannot hold. Returns true when the scan should stop.
bool walkWide(const AlphaMask& mb, const SampleLattice& t, HitSink& sink, CollisionResult& r, int y, int x0, int x1,
              FixedVec position) {
    for (int x = x0; x < x1; ++x, position += t.stepXFx) {
        ++r.samples;
        const std::int64_t bx = pickPixel(position.x, t.sampling), by = pickPixel(position.y, t.sampling);
        if (bx >= 0 && by >= 0 && bx < mb.width() && by < mb.height() && mb.solid(static_cast<int>(bx), static_cast<int>(by))) {
            if (sink.add(x, y, bx, by)) return true;
        }
    }
    return false;
}

// One row, its range worked out by the polygon; false when it keeps no sample.
inline bool clipRow(const AlphaMask& ma, LatticePolygon& polygon, int y, int& xFirst, int& xLast) {
    double lo, hi;
    polygon.range(y, lo, hi);
    portable::clipRows(ma.rowExtents().data() + y, 1, &lo, &hi, &xFirst, &xLast);
    return xFirst <= xLast;
}

// A hit-only scan of a tall A (more than kSmallRows rows) whose first row reaches B's box clips its first rows
// to the box alone and the whole polygon comes after a few rows: a scan that stops early never pays for it.
// (On a short sprite the rows on the box cost about as much as building the polygon they would save, and
// the box clips loosely: a turned cross's box corners are empty. Measured: crosses/64 and F/R in
// tests/bench/README.md.)
constexpr int kRowsOnTheBox = 8;
// Positions beyond int64: 128-bit arithmetic sample by sample, over A's solid spans.
void scanWide(const AlphaMask& ma, const AlphaMask& mb, const SampleLattice& t, HitSink& sink, CollisionResult& r) {
    const IntRect ta = ma.tightBounds();
    LatticePolygon polygon(mb, t, ta, kSolidBox);
    int yLast = ta.y1 - 1;
    bool wholePolygon = false;
    for (int y = ta.y0; y <= yLast; ++y) {
        if (!wholePolygon && y - ta.y0 >= kRowsOnTheBox) {
            // The whole polygon after the first rows; it also tells where the rows that can reach B end.
            polygon = LatticePolygon(mb, t, ta, kWholePolygon);
            wholePolygon = true;
            yLast = std::min(yLast, polygon.rows(y, yLast).second);
        }
        int xFirst, xLast;
        if (!clipRow(ma, polygon, y, xFirst, xLast)) continue;
        for (const SolidSpan& span : ma.rowSpans(y)) {
            const int x0 = std::max(span.x0, xFirst), x1 = std::min(span.x1, xLast + 1);
            if (x0 < x1 && walkWide(mb, t, sink, r, y, x0, x1, samplePositionInB(t, x0, y))) return;
        }
    }
}

// The scan for one sampling: the walk picks B's pixels the Xna way or the Center way.
template <bool kXna>
void scanRows(const AlphaMask& ma, const AlphaMask& mb, const SampleLattice& t, HitSink& sink, CollisionResult& r,
              Kernels kernels) {
    const IntRect ta = ma.tightBounds();
    if (!fitsNarrow(t, ta)) {
        scanWide(ma, mb, t, sink, r);
        return;
    }
    const bool stops = sink.stops();
    if (stops && ta.y1 - ta.y0 <= kSmallRows) {
        // Hit-only on a short A: its own scan (small_scan.cpp), which builds only what such a scan needs.
        scanSmall<kXna>(ma, mb, t, sink, r, kernels);
        return;
    }
    RowWalker<kXna> walker(ma, mb, t, sink, r, ta.x0, kernels);
    // samplePositionInB(t, ta.x0, ta.y0) in the walk's wrapping 64 bits: the low 64 bits of a sum of
    // products are those of the same sum taken modulo 2^64.
    const auto low = [](Fixed v) { return static_cast<std::uint64_t>(static_cast<std::int64_t>(v)); };
    const auto firstX = static_cast<std::uint64_t>(ta.x0), firstY = static_cast<std::uint64_t>(ta.y0);
    std::uint64_t baseX = low(t.startFx.x) + low(t.stepXFx.x) * firstX + low(t.stepYFx.x) * firstY;
    std::uint64_t baseY = low(t.startFx.y) + low(t.stepXFx.y) * firstX + low(t.stepYFx.y) * firstY;
    // One row further down A, in B: the lattice's stepY.
    const auto nextRowX = static_cast<std::uint64_t>(static_cast<std::int64_t>(t.stepYFx.x));
    const auto nextRowY = static_cast<std::uint64_t>(static_cast<std::int64_t>(t.stepYFx.y));
    const int yLast = ta.y1 - 1;
    int y = ta.y0;
    if (stops) {
        // The first rows one at a time on B's box, when A's first row reaches it: a hit there ends the scan
        // before the polygon is built. When it does not, the polygon's rows are where to start.
        LatticePolygon box(mb, t, ta, kSolidBox);
        double lo, hi;
        box.boxRange(y, lo, hi);
        for (const int end = std::min(yLast, y + kRowsOnTheBox - 1); lo <= hi && y <= end;) {
            int xFirst, xLast;
            portable::clipRows(ma.rowExtents().data() + y, 1, &lo, &hi, &xFirst, &xLast);
            if (xFirst <= xLast && walker.walk(y, baseX, baseY, xFirst, xLast)) return;
            ++y;
            baseX += nextRowX;
            baseY += nextRowY;
            box.boxRange(y, lo, hi);
        }
    }
    // The rest is clipped to the whole polygon; a full scan clips a block of rows at a time before any of
    // them is walked, so that the walk's branches read finished ranges instead of waiting for each row's clip.
    LatticePolygon polygon(mb, t, ta, kWholePolygon);
    const auto [yFrom, yTo] = polygon.rows(y, yLast);
    baseX += static_cast<std::uint64_t>(yFrom - y) * nextRowX;
    baseY += static_cast<std::uint64_t>(yFrom - y) * nextRowY;
    const SolidSpan* extents = ma.rowExtents().data();
    constexpr int kBlock = 32;
    std::array<int, kBlock> first, last;
    std::array<double, kBlock> lo, hi;
    for (int y0 = yFrom; y0 <= yTo; y0 += kBlock) {
        const int rows = std::min(kBlock, yTo - y0 + 1);
        polygon.ranges(y0, rows, lo.data(), hi.data());
        kernels.clipRows(extents + y0, rows, lo.data(), hi.data(), first.data(), last.data());
        int k = 0;
        for (; k < rows && !walker.countsOnly(); ++k, baseX += nextRowX, baseY += nextRowY) {
            const auto i = static_cast<std::size_t>(k);
            if (first[i] <= last[i] && walker.walk(y0 + k, baseX, baseY, first[i], last[i])) return;
        }
        if (k < rows) {
            // Once only the count is wanted, the rest of the block in one go.
            walker.countRows(y0 + k, rows - k, first.data() + k, last.data() + k, baseX, baseY, nextRowX, nextRowY);
            baseX += static_cast<std::uint64_t>(rows - k) * nextRowX;
            baseY += static_cast<std::uint64_t>(rows - k) * nextRowY;
        }
    }
}

}  // namespace

void scanTransformed(const AlphaMask& ma, const AlphaMask& mb, const SampleLattice& t, HitSink& sink, CollisionResult& r,
                     Kernels kernels) {
    if (t.sampling == Sampling::Xna) {
        scanRows<true>(ma, mb, t, sink, r, kernels);
    } else {
        scanRows<false>(ma, mb, t, sink, r, kernels);
    }
}

}  // namespace cl::pixel_fast
