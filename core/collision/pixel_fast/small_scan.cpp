// scanSmall: the hit-only scan of a small A. Rows are clipped to B's polygon exactly as transformed_scan's
// hit-only scan of a short A clips them (the same corners, sides, slack and ranges, so the same samples),
// the polygon's corners mapped only as its sides reach them (LazyPolygon) and its sides followed here, a run
// of rows at a time, without LatticePolygon's questions per row (the box, the blocks of rows, the run's record).

#include "core/collision/pixel_fast/small_scan.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>

#include "core/collision/pixel_fast/lazy_polygon.h"
#include "core/collision/pixel_fast/row_walker.h"

namespace cl::pixel_fast {
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

template <bool kXna>
void scanSmall(const AlphaMask& ma, const AlphaMask& mb, const SampleLattice& t, HitSink& sink, CollisionResult& r,
               Kernels kernels) {
    const IntRect ta = ma.tightBounds();
    LazyPolygon polygon(mb, t, ta);
    const double slack = polygon.slack();
    // The rows that can reach B (LatticePolygon::rows), and those whose range follows the two sides. Until
    // every corner is mapped the bottom row is known only from below (bottomAtLeast): rows above what that
    // leaves interior are interior and before the last, and the first row past it maps every corner.
    const bool clips = polygon.clips();
    const double top = polygon.topRow();
    const int firstOfA = ta.y0, lastOfA = ta.y1 - 1;
    const double first = std::max(top, firstOfA - 1.0);
    if (clips && !(first <= lastOfA + 1.0)) return;
    // yTo is A's last row until every corner is mapped; a first row past B's bottom maps them all, and
    // then yTo < yFrom, as LatticePolygon::rows says.
    const int yFrom = clips ? std::max(firstOfA, ceilToInt(first)) : firstOfA;
    int yTo = lastOfA;
    if (yFrom > yTo) return;
    double bottom = polygon.bottomAtLeast();
    const double interiorFrom = top + 2.0 * slack;
    double interiorTo = bottom - 2.0 * slack;

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
    LazyPolygon::Side left, right;
    bool sides = false;
    for (int y = yFrom; y <= yTo;) {
        if (!(y >= interiorFrom && y <= interiorTo) && !polygon.isComplete()) {
            // Past the rows known interior, or near the top: the bottom, the last row and the whole width are
            // needed from every corner.
            polygon.complete();
            bottom = polygon.bottomRow();
            yTo = std::min(lastOfA, floorToInt(std::min(bottom, lastOfA + 1.0)));
            interiorTo = bottom - 2.0 * slack;
            continue;
        }
        if (!(y >= interiorFrom && y <= interiorTo)) {
            // LatticePolygon::range near the top and bottom corners, where the sides may be nearly level: the
            // whole width.
            if (walkRow(y, polygon.xMin(), polygon.xMax())) return;
            ++y;
            continue;
        }
        if (!sides) {
            const int forward = polygon.forwardIsRight() ? 1 : -1;
            right.start(polygon, forward);
            left.start(polygon, -forward);
            sides = true;
        }
        // Both sides onto row y's edges; rows y .. stop stay on them (before the next corner of either side, the
        // rows below `end`), each row's range the same line through the edge as LatticePolygon::range evaluates.
        left.moveTo(polygon, y);
        right.moveTo(polygon, y);
        if (!polygon.isComplete()) interiorTo = polygon.bottomAtLeast() - 2.0 * slack;  // the corners just mapped
        const double end = std::min(left.edgeEnd(polygon), right.edgeEnd(polygon));
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

template void scanSmall<true>(const AlphaMask&, const AlphaMask&, const SampleLattice&, HitSink&, CollisionResult&, Kernels);
template void scanSmall<false>(const AlphaMask&, const AlphaMask&, const SampleLattice&, HitSink&, CollisionResult&, Kernels);

}  // namespace cl::pixel_fast
