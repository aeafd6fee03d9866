#pragma once
// scanSmall's body (small_scan.h), a template over B: its mask (AlphaMask: B's polygon made for the lattice,
// LatticePolygon) or its mask with a kept shape (KeptB: the kept polygon moved to the lattice, kept_polygon.h).
// Included only by the two files that instantiate it, one kind of B each (small_scan.cpp the mask, kept_scan.cpp
// the kept shape): GCC weighs inlining per file, so the made polygon's scan compiles as if the other did not exist.
//
// Rows are clipped to B's polygon exactly as transformed_scan's hit-only scan of a short A clips them (the same
// corners, sides, slack and ranges, so the same samples), the polygon built once and its sides followed here, a run
// of rows at a time, without LatticePolygon's questions per row (the box, the blocks of rows, the run's record).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>

#include "core/collision/pixel_fast/kept_polygon.h"
#include "core/collision/pixel_fast/lattice_polygon.h"
#include "core/collision/pixel_fast/row_walker.h"

namespace cl::pixel_fast {
// Unnamed: each including file has its own copy, weighed for inlining there alone.
namespace {

// The first row after `from`, up to `last`, where `holds` is true, or last + 1; `holds` is false at `from` and
// stays true once true. `guess` is where it should turn true, up to rounding (any value, NaN included, gives
// the right answer; a good one gives it in a check or two).
template <typename Holds>
int firstRowWhere(int from, int last, double guess, const Holds& holds) {
    int row = !(guess > from) ? from + 1 : guess >= last + 1.0 ? last + 1 : ceilToInt(guess);
    while (row <= last && !holds(row)) ++row;
    while (row - 1 > from && holds(row - 1)) --row;
    return row;
}

}  // namespace

// B's polygon and its sides for each kind of B: made for the lattice from B's mask, or kept and moved to it.
template <class MaskB>
struct SmallScanPolygon;
template <>
struct SmallScanPolygon<AlphaMask> {
    using Polygon = LatticePolygon;
    using Side = LatticePolygon::Chain;
};
template <>
struct SmallScanPolygon<KeptB> {
    using Polygon = KeptPolygon;
    using Side = KeptPolygon::Side;
};

template <bool kXna, class MaskB>
void scanSmall(const AlphaMask& ma, const MaskB& mb, const SampleLattice& t, HitSink& sink, CollisionResult& r,
               Kernels kernels) {
    const IntRect ta = ma.tightBounds();
    const typename SmallScanPolygon<MaskB>::Polygon polygon(mb, t, ta, kWholePolygon);
    const auto cornerX = polygon.cornerX();
    const auto cornerY = polygon.cornerY();
    const double slack = polygon.slack();
    // The rows that can reach B (LatticePolygon::rows), and those whose range follows the two sides.
    const bool clips = polygon.clipsByCorners();
    const double top = polygon.topRow(), bottom = polygon.bottomRow();
    const std::pair<int, int> rows = polygon.rows(ta.y0, ta.y1 - 1);
    const int yFrom = rows.first, yTo = rows.second;  // (not a structured binding: Clang 14 cannot capture one)
    if (yFrom > yTo) return;
    const double interiorFrom = top + 2.0 * slack, interiorTo = bottom - 2.0 * slack;

    RowWalker<kXna> walker(ma, mb, t, sink, r, ta.x0, kernels);
    // samplePositionInB(t, ta.x0, yFrom) in the walk's wrapping 64 bits (as scanRows works it out).
    const auto low = [](Fixed v) { return static_cast<std::uint64_t>(static_cast<std::int64_t>(v)); };
    const auto firstX = static_cast<std::uint64_t>(ta.x0), firstY = static_cast<std::uint64_t>(yFrom);
    std::uint64_t baseX = low(t.startFx.x) + low(t.stepXFx.x) * firstX + low(t.stepYFx.x) * firstY;
    std::uint64_t baseY = low(t.startFx.y) + low(t.stepXFx.y) * firstX + low(t.stepYFx.y) * firstY;
    const std::uint64_t nextRowX = low(t.stepYFx.x), nextRowY = low(t.stepYFx.y);
    const SolidSpan* extents = ma.rowExtents().data();
    const int* extentRunEnds = ma.extentRunEnds().data();
    // A row's range, clipped to its extent and walked; true when the scan stops.
    const auto walkRow = [&](int y, double lo, double hi) {
        int xFirst, xLast;
        portable::clipRows(extents + y, 1, &lo, &hi, &xFirst, &xLast);
        const auto down = static_cast<std::uint64_t>(y - yFrom);
        return xFirst <= xLast && walker.walk(y, baseX + down * nextRowX, baseY + down * nextRowY, xFirst, xLast);
    };
    if (!clips) {
        // Nothing to clip by (a flat lattice): every row of A whole, as LatticePolygon::range answers.
        constexpr double kInfinity = std::numeric_limits<double>::infinity();
        for (int y = yFrom; y <= yTo; ++y) {
            if (walkRow(y, -kInfinity, kInfinity)) return;
        }
        return;
    }
    typename SmallScanPolygon<MaskB>::Side left, right;
    bool sides = false;
    for (int y = yFrom; y <= yTo;) {
        if (!(y >= interiorFrom && y <= interiorTo)) {
            // LatticePolygon::range near the top and bottom corners, where the sides may be nearly level: the
            // whole width.
            if (walkRow(y, polygon.xMin(), polygon.xMax())) return;
            ++y;
            continue;
        }
        if (!sides) {
            const int forward = polygon.forwardIsRight() ? 1 : -1;
            right.start(cornerX, cornerY, polygon.cornerCount(), polygon.topCorner(), polygon.bottomCorner(), forward);
            left.start(cornerX, cornerY, polygon.cornerCount(), polygon.topCorner(), polygon.bottomCorner(), -forward);
            sides = true;
        }
        // Both sides onto row y's edges; rows y .. stop stay on them (before the next corner of either side, the
        // rows below `end`), each row's range the same line through the edge as LatticePolygon::range evaluates.
        left.at(cornerX, cornerY, y);
        right.at(cornerX, cornerY, y);
        const double end = std::min(left.edgeEnd(cornerY), right.edgeEnd(cornerY));
        int stop = floorToInt(std::min(interiorTo, static_cast<double>(yTo)));
        if (end <= yTo) stop = std::min(stop, std::max(y, ceilToInt(end) - 1));  // rows < end
        const double loX = left.x(), loY = left.y(), loSlope = left.slope();
        const double hiX = right.x(), hiY = right.y(), hiSlope = right.slope();
        const auto loAt = [&](int y) { const double row = y; return loX + (row - loY) * loSlope - slack; };
        const auto hiAt = [&](int y) { const double row = y; return hiX + (row - hiY) * hiSlope + slack; };
        if (!(std::isfinite(loSlope) && std::isfinite(hiSlope))) {
            // Sides too steep for a slope: row by row.
            for (; y <= stop; ++y) {
                if (walkRow(y, loAt(y), hiAt(y))) return;
            }
            continue;
        }
        while (y <= stop) {
            // Rows y .. last share row y's extent [x0, x1). clipRows keeps no sample of a row whose range ends
            // before x0 or starts after x1 - 1; of these rows, those whose range meets the extent are one
            // interval, since loAt and hiAt each move one way down the rows (every step of their arithmetic
            // rounds monotonically). Its first row is found from the lines and checked, not walked to.
            const int last = std::min(stop, extentRunEnds[y] - 1);
            const double x0 = extents[y].x0, x1 = extents[y].x1 - 1;
            int from = y;
            if (loAt(from) > x1) {
                if (!(loSlope < 0.0)) {  // the range's start never comes back left
                    y = last + 1;
                    continue;
                }
                from = firstRowWhere(from, last, loY + (x1 + slack - loX) / loSlope, [&](int r) { return !(loAt(r) > x1); });
            }
            if (from <= last && hiAt(from) < x0) {
                if (!(hiSlope > 0.0)) {  // the range's end never comes back right
                    y = last + 1;
                    continue;
                }
                from = firstRowWhere(from, last, hiY + (x0 - slack - hiX) / hiSlope, [&](int r) { return !(hiAt(r) < x0); });
            }
            if (from > last || loAt(from) > x1 || hiAt(from) < x0) {
                y = last + 1;
                continue;
            }
            if (walkRow(from, loAt(from), hiAt(from))) return;
            y = from + 1;
        }
    }
}

}  // namespace cl::pixel_fast
