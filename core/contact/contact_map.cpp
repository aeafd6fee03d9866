#include "core/contact/contact_map.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <span>

#include "core/base/pair_transform.h"

namespace cl {
namespace {

// Largest drift (in 2^-32 pixel units) between a cell's lattice and its phase's shifted reference lattice for
// which the correlation is used; beyond it (never for sane transforms) every cell of the phase is tested.
constexpr Fixed kMaxDrift = Fixed(1) << 24;

// Work units a single contact test counts as against advance()'s budget (a looked-up cell counts 1).
constexpr std::int64_t kTestCost = 64;

// Sets bits [from, to] (inclusive) of a row of words.
void setBits(std::uint64_t* row, int from, int to) {
    while (from <= to) {
        const int bit = from & 63;
        const int n = std::min(to - from + 1, 64 - bit);
        const std::uint64_t ones = n == 64 ? ~std::uint64_t{0} : ((std::uint64_t{1} << n) - 1);
        row[from >> 6] |= ones << bit;
        from += n;
    }
}

bool getBit(const std::vector<std::uint64_t>& bits, int wordsPerRow, int x, int y) {
    return (bits[static_cast<std::size_t>(y) * wordsPerRow + static_cast<std::size_t>(x >> 6)] >> (x & 63)) & 1u;
}

// Floor division and the matching remainder in [0, r).
int floorDiv(int a, int r) { return a >= 0 ? a / r : -((-a + r - 1) / r); }

Fixed absFixed(Fixed v) { return v < 0 ? -v : v; }

// A set of integer points as runs per row: rows [y0, y0 + rowCount()), their runs in one array.
struct RunSet {
    int y0 = 0;
    std::vector<SolidSpan> spans;
    std::vector<int> rowStart{0};  // row i's runs are spans[rowStart[i], rowStart[i + 1])
    int rowCount() const { return static_cast<int>(rowStart.size()) - 1; }
    void push(SolidSpan run) { spans.push_back(run); }
    std::span<const SolidSpan> row(int i) const {
        return {spans.data() + rowStart[static_cast<std::size_t>(i)], spans.data() + rowStart[static_cast<std::size_t>(i) + 1]};
    }
    void endRow() { rowStart.push_back(static_cast<int>(spans.size())); }
};

// Builds the runs of a predicate over x in [x0, x1) for one row.
struct RunWriter {
    RunSet& out;
    int start = 0;
    bool open = false;
    void put(int x, bool on) {
        if (on && !open) { start = x; open = true; }
        if (!on && open) { out.push({start, x}); open = false; }
    }
    void finish(int x) {
        if (open) out.push({start, x});
        open = false;
    }
};

// Appends the union of two rows of sorted, disjoint runs to `out` (touching runs joined).
void unionRuns(std::span<const SolidSpan> p, std::span<const SolidSpan> q, std::vector<SolidSpan>& out) {
    std::size_t i = 0, j = 0;
    const std::size_t first = out.size();
    while (i < p.size() || j < q.size()) {
        const SolidSpan next = j == q.size() || (i < p.size() && p[i].x0 <= q[j].x0) ? p[i++] : q[j++];
        if (out.size() > first && next.x0 <= out.back().x1) {
            out.back().x1 = std::max(out.back().x1, next.x1);
        } else {
            out.push_back(next);
        }
    }
}

// The unions of K's rows over windows of rows: level j row v is the union of rows [v, v + 2^j) (rows past
// the last are empty), so any window of n rows is the union of two rows of level floor(log2 n).
struct RowUnions {
    const RunSet& rows;            // level 0
    std::vector<RunSet> above;     // levels 1, 2, ...
    RowUnions(const RunSet& k, int levelCount) : rows(k) {
        for (int j = 1; j < levelCount; ++j) {
            const RunSet& below = level(j - 1);
            const int half = 1 << (j - 1);
            RunSet next;
            next.y0 = k.y0;
            next.spans.reserve(below.spans.size());
            next.rowStart.reserve(below.rowStart.size());
            for (int v = 0; v < k.rowCount(); ++v) {
                const std::span<const SolidSpan> far = v + half < k.rowCount() ? below.row(v + half) : std::span<const SolidSpan>{};
                unionRuns(below.row(v), far, next.spans);
                next.endRow();
            }
            above.push_back(std::move(next));
        }
    }
    const RunSet& level(int j) const { return j == 0 ? rows : above[static_cast<std::size_t>(j) - 1]; }
};

// For every relabel m in [lo, hi]: is there an X pixel p (X's solid runs) with p + m in the run set K?
// A run [a0, a1) of X row y and a run [k0, k1) of K row y + m.y meet after the shift exactly for
// m.x in [k0 - a1 + 1, k1 - 1 - a0]. Consecutive X rows with the same runs (a letter's stem, a block's
// body) are one band: for each m.y the band meets the union of the K rows beside it, two rows of RowUnions.
// Each row of m spends one unit of `budget`.
std::vector<std::uint64_t> correlate(const AlphaMask& x, const RunSet& k, glm::ivec2 lo, glm::ivec2 hi, int wordsPerRow,
                                     WorkBudget* budget) {
    std::vector<std::uint64_t> out(static_cast<std::size_t>(hi.y - lo.y + 1) * wordsPerRow, 0);
    const IntRect tight = x.tightBounds();
    // X's rows in bands of equal runs (empty rows in none).
    struct Band {
        int y0, y1;
        std::span<const SolidSpan> runs;
    };
    std::vector<Band> bands;
    int longest = 1;
    for (int y = tight.y0; y < tight.y1; ++y) {
        const std::span<const SolidSpan> runs = x.rowSpans(y);
        if (runs.empty()) continue;
        if (!bands.empty() && bands.back().y1 == y &&
            std::equal(runs.begin(), runs.end(), bands.back().runs.begin(), bands.back().runs.end(),
                       [](const SolidSpan& p, const SolidSpan& q) { return p.x0 == q.x0 && p.x1 == q.x1; })) {
            ++bands.back().y1;
            longest = std::max(longest, bands.back().y1 - bands.back().y0);
        } else {
            bands.push_back({y, y + 1, runs});
        }
    }
    const RowUnions unions(k, std::bit_width(static_cast<unsigned>(longest)));
    // The union of a row's intervals without setting bits per interval: reach[i] is the farthest end of
    // the intervals starting at lo.x + i (-1: none), and one sweep of the row turns the reaches into runs.
    const int width = hi.x - lo.x + 1;
    std::vector<int> reach(static_cast<std::size_t>(std::max(width, 0)), -1);
    std::vector<std::uint64_t> starts(static_cast<std::size_t>(std::max(width, 0) + 63) / 64, 0);  // reach[i] >= 0
    auto add = [&](int from, int to) {
        from = std::max(from, lo.x) - lo.x, to = std::min(to, hi.x) - lo.x;
        if (from > to) return;
        const auto i = static_cast<std::size_t>(from);
        reach[i] = std::max(reach[i], to);
        starts[i >> 6] |= std::uint64_t{1} << (i & 63);
    };
    auto meet = [&](std::span<const SolidSpan> xRuns, std::span<const SolidSpan> kRuns) {
        for (const SolidSpan& a : xRuns) {
            for (const SolidSpan& run : kRuns) add(run.x0 - a.x1 + 1, run.x1 - 1 - a.x0);
        }
    };
    for (int my = lo.y; my <= hi.y; ++my) {
        spendWork(budget);
        for (const Band& band : bands) {
            // K's rows beside the band, clipped to K.
            const int v0 = std::max(band.y0 + my - k.y0, 0), v1 = std::min(band.y1 + my - k.y0, k.rowCount());
            if (v0 >= v1) continue;
            const int level = std::bit_width(static_cast<unsigned>(v1 - v0)) - 1;
            const RunSet& rows = unions.level(level);
            meet(band.runs, rows.row(v0));
            if (v1 - v0 != 1 << level) meet(band.runs, rows.row(v1 - (1 << level)));
        }
        // Only the columns where an interval starts are visited (their bitmap, in order); reach and the
        // bitmap are left empty for the next row.
        std::uint64_t* row = out.data() + static_cast<std::size_t>(my - lo.y) * wordsPerRow;
        int runStart = -1, farthest = -1;
        for (std::size_t w = 0; w < starts.size(); ++w) {
            for (std::uint64_t bits = starts[w]; bits != 0; bits &= bits - 1) {
                const std::size_t i = w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
                const int r = reach[i];
                reach[i] = -1;
                if (static_cast<int>(i) > farthest) {
                    if (runStart >= 0) setBits(row, runStart, farthest);
                    runStart = static_cast<int>(i), farthest = r;
                } else {
                    farthest = std::max(farthest, r);
                }
            }
            starts[w] = 0;
        }
        if (runStart >= 0) setBits(row, runStart, farthest);
    }
    return out;
}

}  // namespace

std::int64_t ContactMap::hitCount() const {
    std::int64_t n = 0;
    for (std::size_t k = 0; k < std::min(bits.size(), static_cast<std::size_t>(rowsDone) * wordsPerRow); ++k) {
        n += std::popcount(bits[k]);
    }
    return n;
}

// One scan direction of a sampled test: X's samples mapped into Y; A is X (A to B) or Y (B to A).
// For one phase (the cells c = phase + r n) the cell's lattice is compared with the phase's reference
// lattice relabelled by m (n when X is A, -n when X is B): X's sample p at cell c lands exactly where
// sample p + m lands in the reference, plus a drift delta_c, |delta_c| <= D for every cell of the phase.
// Picking is monotone in each coordinate, so the pixel sample q of the reference picks, moved by any
// drift within D, lies between the picks at q - D and q + D: where those agree the answer is sure.
struct PhaseCorrelation {
    bool usable = false;
    bool undecided = false;  // some sample lies within the drift of a pixel's edge (sure and any differ)
    glm::ivec2 lo{0, 0}, hi{-1, -1};  // range of m
    int wordsPerRow = 0;
    std::vector<std::uint64_t> sure;  // some sample surely lands on a solid pixel of Y
    std::vector<std::uint64_t> any;   // some sample may land on a solid pixel of Y
};

struct ContactMapBuilder::State {
    ContactPair pair;
    ContactMap map;
    ContactMapStats stats;
    bool prepared = false;
    int r = 1;
    std::vector<ScanDirection> scans;                    // the single-direction scans whose OR is the test
    std::vector<std::vector<PhaseCorrelation>> phases;   // [scan][phase y * r + phase x]
    bool wholeRows = false;  // r = 1, one scan of A into B: a map row is a row of the correlation

    State(const ContactPair& p, const LatticeWindow& w) : pair(p) {
        map.window = w;
        map.step = p.step();
        map.wordsPerRow = (w.width() + 63) / 64;
        map.bits.assign(static_cast<std::size_t>(map.wordsPerRow) * w.height(), 0);
        r = static_cast<int>(1.0 / p.step() + 0.5);
    }

    bool xIsA(ScanDirection scan) const { return scan == ScanDirection::AToB; }

    // The family of lattices of one scan direction: X's samples into Y, A (moved) being X or Y.
    SampleLatticeFamily familyOf(ScanDirection scan) const {
        const Sampling sampling = pair.options().sampling;
        return xIsA(scan) ? SampleLatticeFamily(pair.a().transform, pair.b().transform, sampling)
                          : SampleLatticeFamily(pair.b().transform, pair.a().transform, sampling);
    }

    // The start of the lattice at a cell: bit for bit makeSampleLattice's for A moved to that offset.
    FixedVec startAt(const SampleLatticeFamily& family, ScanDirection scan, glm::ivec2 cell) const {
        const glm::dvec2 movedA = pair.a().transform.position + pair.offset(cell);
        return xIsA(scan) ? family.startAt(movedA, pair.b().transform.position)
                          : family.startAt(pair.b().transform.position, movedA);
    }

    glm::ivec2 relabel(ScanDirection scan, glm::ivec2 n) const { return xIsA(scan) ? n : -n; }

    void prepare() {
        prepared = true;
        if (map.window.empty()) return;
        if (pair.defaultWindow().empty()) {
            // A sprite has no solid pixel: every cell is free, with no test to run.
            map.rowsDone = map.window.height();
            return;
        }
        if (pair.test().directional) {
            if (pair.options().scan != ScanDirection::BToA) scans.push_back(ScanDirection::AToB);
            if (pair.options().scan != ScanDirection::AToB) scans.push_back(ScanDirection::BToA);
        }
        for (ScanDirection scan : scans) {
            const SampleLatticeFamily family = familyOf(scan);
            std::vector<PhaseCorrelation> perPhase(static_cast<std::size_t>(r) * r);
            for (int py = 0; py < r; ++py) {
                for (int px = 0; px < r; ++px) {
                    perPhase[static_cast<std::size_t>(py) * r + px] = correlatePhase(family, scan, {px, py});
                }
            }
            phases.push_back(std::move(perPhase));
        }
        wholeRows = r == 1 && scans.size() == 1 && xIsA(scans[0]) && phases[0][0].usable;
    }

    // A bound on the drift |start(c) - (reference start + m steps)| over the phase's cells c = phase + r n,
    // n in [nLo, nHi] (more than kMaxDrift when it exceeds that). The exact starts (the test's formula in real
    // numbers, at the exact positions) minus the expected ones are an affine function of n, so their largest
    // size over the rectangle is at one of its corners; each computed start lies within eps of its exact
    // value (its rounding to 32.32 and the doubles' errors, SampleLatticeFamily::startErrorBound), so
    // drift(c) <= max over the corners of drift(corner) + 2 eps.
    struct DriftBound {
        Fixed corners = 0;  // the largest drift of the corners (a drift of cells of the phase)
        Fixed bound = 0;    // at least every cell's drift
    };
    DriftBound driftBound(const SampleLatticeFamily& family, ScanDirection scan, glm::ivec2 phase, glm::ivec2 nLo,
                     glm::ivec2 nHi) const {
        const SampleLattice& ref = family.reference();
        const FixedVec base = startAt(family, scan, phase);
        Fixed drift = 0;
        glm::dvec2 cellMax{0.0, 0.0};
        for (const glm::ivec2 n : {nLo, nHi, glm::ivec2{nLo.x, nHi.y}, glm::ivec2{nHi.x, nLo.y}}) {
            const glm::ivec2 cell = phase + r * n, m = relabel(scan, n);
            const FixedVec start = startAt(family, scan, cell);
            drift = std::max({drift, absFixed(start.x - (base.x + ref.stepXFx.x * m.x + ref.stepYFx.x * m.y)),
                              absFixed(start.y - (base.y + ref.stepXFx.y * m.x + ref.stepYFx.y * m.y))});
            cellMax = glm::max(cellMax, glm::abs(glm::dvec2(cell)));
        }
        // Moved A's position is its position plus cell * h, two roundings of at most u times their results.
        constexpr double u = 0x1p-53;
        const glm::dvec2 positionA = glm::abs(pair.a().transform.position), positionB = glm::abs(pair.b().transform.position);
        const glm::dvec2 offsetMax = cellMax * std::abs(pair.step()), movedMax = positionA + offsetMax;
        const glm::dvec2 movedError = u * offsetMax + u * movedMax;
        const glm::dvec2 rounding = xIsA(scan) ? family.startErrorBound(movedMax, movedError, positionB, {0.0, 0.0})
                                               : family.startErrorBound(positionB, {0.0, 0.0}, movedMax, movedError);
        // eps in 2^-32 units: half a unit for the rounding to fixed point, and the doubles' error.
        const double eps = 0.5 + std::max(rounding.x, rounding.y) * 0x1p32;
        if (!(eps < 0x1p40)) return {drift, kMaxDrift + 1};
        return {drift, drift + 2 * (static_cast<Fixed>(eps) + 1)};
    }

    // The largest drift |start(c) - (reference start + m steps)| over the phase's cells, every cell's start
    // worked out, or more than kMaxDrift when it exceeds that.
    Fixed exactDrift(const SampleLatticeFamily& family, ScanDirection scan, glm::ivec2 phase, glm::ivec2 nLo,
                     glm::ivec2 nHi) const {
        const SampleLattice& ref = family.reference();
        const FixedVec base = startAt(family, scan, phase);
        auto expected = [&](glm::ivec2 m) {
            return FixedVec{base.x + ref.stepXFx.x * m.x + ref.stepYFx.x * m.y, base.y + ref.stepXFx.y * m.x + ref.stepYFx.y * m.y};
        };
        Fixed drift = 0;
        if (family.separable() && ref.stepYFx.x == 0 && ref.stepXFx.y == 0) {
            // The start's x follows the cell's column alone and its y the row alone, and so do the expected
            // values: one pass over the columns and one over the rows covers every cell.
            for (int nx = nLo.x; nx <= nHi.x; ++nx) {
                const glm::ivec2 cell = phase + r * glm::ivec2{nx, nLo.y};
                drift = std::max(drift, absFixed(startAt(family, scan, cell).x - expected(relabel(scan, {nx, nLo.y})).x));
            }
            for (int ny = nLo.y; ny <= nHi.y; ++ny) {
                const glm::ivec2 cell = phase + r * glm::ivec2{nLo.x, ny};
                drift = std::max(drift, absFixed(startAt(family, scan, cell).y - expected(relabel(scan, {nLo.x, ny})).y));
            }
            return drift;
        }
        // Row by row: the placements' differences (the same double operations as startAt), their starts
        // in one batch, and the expected starts advanced by one relabelled step per cell.
        const std::size_t count = static_cast<std::size_t>(nHi.x - nLo.x + 1);
        std::vector<glm::dvec2> differences(count);
        std::vector<FixedVec> starts(count);
        const glm::dvec2 positionA = pair.a().transform.position, positionB = pair.b().transform.position;
        const FixedVec along = xIsA(scan) ? ref.stepXFx : FixedVec{-ref.stepXFx.x, -ref.stepXFx.y};
        for (int ny = nLo.y; ny <= nHi.y; ++ny) {
            for (std::size_t k = 0; k < count; ++k) {
                const glm::dvec2 movedA = positionA + pair.offset(phase + r * glm::ivec2{nLo.x + static_cast<int>(k), ny});
                differences[k] = xIsA(scan) ? movedA - positionB : positionB - movedA;
            }
            family.startsAt(differences, starts);
            FixedVec e = expected(relabel(scan, {nLo.x, ny}));
            // The differences in 64 bits, with a flag for any that does not fit (far past kMaxDrift).
            std::uint64_t rowDrift = 0;
            bool wide = false;
            for (std::size_t k = 0; k < count; ++k, e += along) {
                const Fixed dx = starts[k].x - e.x, dy = starts[k].y - e.y;
                const auto lx = static_cast<std::int64_t>(dx), ly = static_cast<std::int64_t>(dy);
                wide |= (static_cast<std::int64_t>(dx >> 64) != (lx >> 63)) | (static_cast<std::int64_t>(dy >> 64) != (ly >> 63));
                const std::uint64_t ax = lx < 0 ? 0 - static_cast<std::uint64_t>(lx) : static_cast<std::uint64_t>(lx);
                const std::uint64_t ay = ly < 0 ? 0 - static_cast<std::uint64_t>(ly) : static_cast<std::uint64_t>(ly);
                rowDrift = std::max({rowDrift, ax, ay});
            }
            if (wide) return kMaxDrift + 1;
            drift = std::max(drift, static_cast<Fixed>(rowDrift));
            if (drift > kMaxDrift) return drift;
        }
        return drift;
    }

    // The correlations of one phase. The drift is first bounded (driftBound, a few starts); only where some
    // sample then lies within that bound of a pixel's edge (lattices aligned with B's pixels, where the exact
    // drift is often 0) is every cell's start worked out, and the correlations redone with the exact drift
    // when it is smaller.
    PhaseCorrelation correlatePhase(const SampleLatticeFamily& family, ScanDirection scan, glm::ivec2 phase) {
        const LatticeWindow& w = map.window;
        // The cells of this phase inside the window, as n = (c - phase) / r.
        const glm::ivec2 nLo{floorDiv(w.first.x - phase.x + r - 1, r), floorDiv(w.first.y - phase.y + r - 1, r)};
        const glm::ivec2 nHi{floorDiv(w.last.x - phase.x, r), floorDiv(w.last.y - phase.y, r)};
        if (nLo.x > nHi.x || nLo.y > nHi.y) return {};
        const DriftBound drift = driftBound(family, scan, phase, nLo, nHi);
        if (drift.corners > kMaxDrift) return {};  // so is the exact drift
        PhaseCorrelation out = drift.bound <= kMaxDrift ? correlateWithin(family, scan, phase, nLo, nHi, drift.bound) : PhaseCorrelation{};
        if (!out.usable || out.undecided) {
            const Fixed exact = exactDrift(family, scan, phase, nLo, nHi);
            if (exact < drift.bound && exact <= kMaxDrift) out = correlateWithin(family, scan, phase, nLo, nHi, exact);
        }
        return out;
    }

    // The correlations of one phase for a drift bound (at most kMaxDrift).
    PhaseCorrelation correlateWithin(const SampleLatticeFamily& family, ScanDirection scan, glm::ivec2 phase, glm::ivec2 nLo,
                                     glm::ivec2 nHi, Fixed drift) {
        PhaseCorrelation out;
        const glm::ivec2 ma = relabel(scan, nLo), mb = relabel(scan, nHi);
        out.lo = glm::min(ma, mb);
        out.hi = glm::max(ma, mb);

        const AlphaMask& x = xIsA(scan) ? *pair.a().mask : *pair.b().mask;
        const AlphaMask& y = xIsA(scan) ? *pair.b().mask : *pair.a().mask;
        const IntRect xt = x.tightBounds(), yt = y.tightBounds();
        const Sampling sampling = pair.options().sampling;
        SampleLattice reference = family.reference();
        reference.startFx = startAt(family, scan, phase);
        // Every reference sample q = p + m that any cell reads.
        const glm::ivec2 qLo{xt.x0 + out.lo.x, xt.y0 + out.lo.y}, qHi{xt.x1 - 1 + out.hi.x, xt.y1 - 1 + out.hi.y};
        out.wordsPerRow = (out.hi.x - out.lo.x + 1 + 63) / 64;

        // A whole-pixel lattice (steps exactly one pixel along the axes) whose start picks the same pixel
        // under every drift, widened by one unit so that no tie of xna's rounding lies within: then sample
        // q lands on Y's pixel q + shift for every cell, and the samples landing on solid pixels are Y's
        // solid runs moved back by the shift.
        const Fixed e = drift + 1;
        const std::int64_t sx = pickPixel(reference.startFx.x - e, sampling), sy = pickPixel(reference.startFx.y - e, sampling);
        if (reference.stepXFx == FixedVec{kFixedOne, 0} && reference.stepYFx == FixedVec{0, kFixedOne} &&
            sx == pickPixel(reference.startFx.x + e, sampling) && sy == pickPixel(reference.startFx.y + e, sampling) &&
            std::abs(sx) < (1 << 29) && std::abs(sy) < (1 << 29)) {
            RunSet k;
            k.y0 = yt.y0 - static_cast<int>(sy);
            for (int v = yt.y0; v < yt.y1; ++v) {
                for (const SolidSpan& span : y.rowSpans(v)) k.push({span.x0 - static_cast<int>(sx), span.x1 - static_cast<int>(sx)});
                k.endRow();
            }
            out.sure = correlate(x, k, out.lo, out.hi, out.wordsPerRow, pair.options().budget);
            out.any = out.sure;
            out.usable = true;
            return out;
        }

        RunSet sure, any;
        sure.y0 = any.y0 = qLo.y;
        auto solidIn = [&](std::int64_t x0, std::int64_t x1, std::int64_t y0, std::int64_t y1) {
            x0 = std::max<std::int64_t>(x0, yt.x0), x1 = std::min<std::int64_t>(x1, yt.x1 - 1);
            y0 = std::max<std::int64_t>(y0, yt.y0), y1 = std::min<std::int64_t>(y1, yt.y1 - 1);
            for (std::int64_t v = y0; v <= y1; ++v) {
                for (std::int64_t u = x0; u <= x1; ++u) {
                    if (y.solid(static_cast<int>(u), static_cast<int>(v))) return true;
                }
            }
            return false;
        };
        // Only samples landing near Y's solid pixels can pick one: on each row of q, those whose position lies
        // in Y's tight box grown by two pixels (far more than any drift or xna's half pixel), one interval of
        // qx, found in doubles and widened by a sample on each side.
        const glm::dvec2 boxLo{yt.x0 - 2.0, yt.y0 - 2.0}, boxHi{yt.x1 + 2.0, yt.y1 + 2.0};
        const glm::dvec2 along = toDouble(reference.stepXFx);
        for (int qy = qLo.y; qy <= qHi.y; ++qy) {
            spendWork(pair.options().budget);
            // Every row of q gets its (possibly empty) row of runs, however it ends.
            struct EndRows {
                RunSet& a;
                RunSet& b;
                ~EndRows() { a.endRow(), b.endRow(); }
            } endRows{sure, any};
            RunWriter sureRow{sure};
            RunWriter anyRow{any};
            const glm::dvec2 rowStart = toDouble(samplePositionInB(reference, 0, qy));
            double first = qLo.x, last = qHi.x;
            for (int axis = 0; axis < 2; ++axis) {
                if (along[axis] == 0.0) {
                    if (rowStart[axis] < boxLo[axis] || rowStart[axis] > boxHi[axis]) last = first - 1.0;
                    continue;
                }
                const double k0 = (boxLo[axis] - rowStart[axis]) / along[axis], k1 = (boxHi[axis] - rowStart[axis]) / along[axis];
                first = std::max(first, std::floor(std::min(k0, k1)) - 1.0);
                last = std::min(last, std::ceil(std::max(k0, k1)) + 1.0);
            }
            if (!(first <= last)) continue;
            const int qxFirst = static_cast<int>(first), qxLast = static_cast<int>(last);
            FixedVec p = samplePositionInB(reference, qxFirst, qy);
            for (int qx = qxFirst; qx <= qxLast; ++qx, p += reference.stepXFx) {
                const std::int64_t x0 = pickPixel(p.x - drift, sampling), x1 = pickPixel(p.x + drift, sampling);
                const std::int64_t y0 = pickPixel(p.y - drift, sampling), y1 = pickPixel(p.y + drift, sampling);
                const bool maybe = solidIn(x0, x1, y0, y1);
                sureRow.put(qx, maybe && x0 == x1 && y0 == y1);
                anyRow.put(qx, maybe);
            }
            sureRow.finish(qxLast + 1);
            anyRow.finish(qxLast + 1);
        }
        out.sure = correlate(x, sure, out.lo, out.hi, out.wordsPerRow, pair.options().budget);
        // Where no sample lies within the drift of a pixel's edge the two sets are the same runs.
        const bool same = sure.rowStart == any.rowStart &&
                          std::equal(sure.spans.begin(), sure.spans.end(), any.spans.begin(), any.spans.end(),
                                     [](const SolidSpan& p, const SolidSpan& q) { return p.x0 == q.x0 && p.x1 == q.x1; });
        out.any = same ? out.sure : correlate(x, any, out.lo, out.hi, out.wordsPerRow, pair.options().budget);
        out.undecided = !same;
        out.usable = true;
        return out;
    }

    // The hit of one scan direction at a cell: from the phase's correlation where it is sure, else a test.
    bool hitScanning(std::size_t s, glm::ivec2 cell) {
        const glm::ivec2 phase{cell.x - r * floorDiv(cell.x, r), cell.y - r * floorDiv(cell.y, r)};
        const PhaseCorrelation& pc = phases[s][static_cast<std::size_t>(phase.y) * r + phase.x];
        if (pc.usable) {
            const glm::ivec2 m = relabel(scans[s], {floorDiv(cell.x, r), floorDiv(cell.y, r)});
            const int x = m.x - pc.lo.x, y = m.y - pc.lo.y;
            ++stats.cellsByCorrelation;
            if (getBit(pc.sure, pc.wordsPerRow, x, y)) return true;
            if (!getBit(pc.any, pc.wordsPerRow, x, y)) return false;
            --stats.cellsByCorrelation;
        }
        ++stats.testsRun;
        return pair.hitAtScanning(pair.offset(cell), scans[s]);
    }

    // Fills one row; returns the work it took.
    std::int64_t fillRow() {
        const LatticeWindow& w = map.window;
        const int j = w.first.y + map.rowsDone;
        std::uint64_t* row = map.bits.data() + static_cast<std::size_t>(map.rowsDone) * map.wordsPerRow;
        const std::int64_t testsBefore = stats.testsRun;
        spendWork(pair.options().budget);  // the row's looked-up cells; its tests spend their own
        if (wholeRows) {
            // m = cell, so the correlation's rows line up with the map's word for word; only cells the
            // correlation cannot decide are tested.
            const PhaseCorrelation& pc = phases[0][0];
            const std::size_t at = static_cast<std::size_t>(j - pc.lo.y) * pc.wordsPerRow;
            for (int k = 0; k < map.wordsPerRow; ++k) {
                row[k] = pc.sure[at + k];
                for (std::uint64_t open = pc.any[at + k] & ~pc.sure[at + k]; open != 0; open &= open - 1) {
                    const int bit = std::countr_zero(open);
                    ++stats.testsRun;
                    if (pair.hitAtScanning(pair.offset({w.first.x + k * 64 + bit, j}), scans[0])) row[k] |= std::uint64_t{1} << bit;
                }
            }
            stats.cellsByCorrelation += w.width() - (stats.testsRun - testsBefore);
            ++map.rowsDone;
            return w.width() / 16 + (stats.testsRun - testsBefore) * kTestCost;
        }
        for (int i = w.first.x; i <= w.last.x; ++i) {
            bool hit = false;
            if (scans.empty()) {
                ++stats.testsRun;
                hit = pair.hitAt(pair.offset({i, j}));
            } else {
                for (std::size_t s = 0; s < scans.size() && !hit; ++s) hit = hitScanning(s, {i, j});
            }
            if (hit) row[(i - w.first.x) >> 6] |= std::uint64_t{1} << ((i - w.first.x) & 63);
        }
        ++map.rowsDone;
        return w.width() + (stats.testsRun - testsBefore) * kTestCost;
    }
};

ContactMapBuilder::ContactMapBuilder(const ContactPair& pair) : ContactMapBuilder(pair, pair.defaultWindow()) {}

ContactMapBuilder::ContactMapBuilder(const ContactPair& pair, const LatticeWindow& window)
    : m_state(std::make_unique<State>(pair, window)) {}

ContactMapBuilder::~ContactMapBuilder() = default;
ContactMapBuilder::ContactMapBuilder(ContactMapBuilder&&) noexcept = default;
ContactMapBuilder& ContactMapBuilder::operator=(ContactMapBuilder&&) noexcept = default;

bool ContactMapBuilder::advance(std::int64_t cellBudget) {
    State& s = *m_state;
    if (!s.prepared) {
        s.prepare();
        return complete();
    }
    std::int64_t spent = 0;
    while (!complete() && (spent == 0 || spent < cellBudget)) spent += s.fillRow();
    return complete();
}

bool ContactMapBuilder::complete() const { return m_state->prepared && m_state->map.complete(); }
const ContactMap& ContactMapBuilder::map() const { return m_state->map; }
const ContactMapStats& ContactMapBuilder::stats() const { return m_state->stats; }

ContactMap contactMap(const ContactPair& pair) { return contactMap(pair, pair.defaultWindow()); }

ContactMap contactMap(const ContactPair& pair, const LatticeWindow& window) {
    ContactMapBuilder builder(pair, window);
    while (!builder.advance(std::numeric_limits<std::int64_t>::max())) {
    }
    return builder.map();
}

ContactMap contactMapByTests(const ContactPair& pair, const LatticeWindow& window) {
    ContactMap map;
    map.window = window;
    map.step = pair.step();
    map.wordsPerRow = (window.width() + 63) / 64;
    map.bits.assign(static_cast<std::size_t>(map.wordsPerRow) * window.height(), 0);
    for (int y = 0; y < window.height(); ++y) {
        for (int x = 0; x < window.width(); ++x) {
            if (pair.hitAt(pair.offset(window.first + glm::ivec2{x, y}))) {
                map.bits[static_cast<std::size_t>(y) * map.wordsPerRow + static_cast<std::size_t>(x >> 6)] |=
                    std::uint64_t{1} << (x & 63);
            }
        }
    }
    map.rowsDone = window.height();
    return map;
}

}  // namespace cl
