#include "core/contact_map.h"

#include <algorithm>
#include <bit>
#include <limits>

#include "core/pair_transform.h"

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

// A set of integer points as runs per row: rows [y0, y0 + rows.size()).
struct RunSet {
    int y0 = 0;
    std::vector<std::vector<SolidSpan>> rows;
    const std::vector<SolidSpan>* row(int y) const {
        if (y < y0 || y >= y0 + static_cast<int>(rows.size())) return nullptr;
        return &rows[static_cast<std::size_t>(y - y0)];
    }
};

// Builds the runs of a predicate over x in [x0, x1) for one row.
struct RunWriter {
    std::vector<SolidSpan>& out;
    int start = 0;
    bool open = false;
    void put(int x, bool on) {
        if (on && !open) { start = x; open = true; }
        if (!on && open) { out.push_back({start, x}); open = false; }
    }
    void finish(int x) {
        if (open) out.push_back({start, x});
        open = false;
    }
};

// For every relabel m in [lo, hi]: is there an X pixel p (X's solid runs) with p + m in the run set K?
// A run [a0, a1) of X row y and a run [k0, k1) of K row y + m.y meet after the shift exactly for
// m.x in [k0 - a1 + 1, k1 - 1 - a0].
std::vector<std::uint64_t> correlate(const AlphaMask& x, const RunSet& k, glm::ivec2 lo, glm::ivec2 hi, int wordsPerRow) {
    std::vector<std::uint64_t> out(static_cast<std::size_t>(hi.y - lo.y + 1) * wordsPerRow, 0);
    const IntRect tight = x.tightBounds();
    for (int my = lo.y; my <= hi.y; ++my) {
        std::uint64_t* row = out.data() + static_cast<std::size_t>(my - lo.y) * wordsPerRow;
        for (int y = tight.y0; y < tight.y1; ++y) {
            const std::vector<SolidSpan>* kRow = k.row(y + my);
            if (!kRow || kRow->empty()) continue;
            for (const SolidSpan& a : x.rowSpans(y)) {
                for (const SolidSpan& run : *kRow) {
                    const int from = std::max(run.x0 - a.x1 + 1, lo.x), to = std::min(run.x1 - 1 - a.x0, hi.x);
                    if (from <= to) setBits(row, from - lo.x, to - lo.x);
                }
            }
        }
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

    State(const ContactPair& p, const LatticeWindow& w) : pair(p) {
        map.window = w;
        map.step = p.step();
        map.wordsPerRow = (w.width() + 63) / 64;
        map.bits.assign(static_cast<std::size_t>(map.wordsPerRow) * w.height(), 0);
        r = static_cast<int>(1.0 / p.step() + 0.5);
    }

    bool xIsA(ScanDirection scan) const { return scan == ScanDirection::AToB; }

    SampleLattice latticeAt(ScanDirection scan, glm::ivec2 cell) const {
        const Body moved = pair.movedA(pair.offset(cell));
        return xIsA(scan) ? makeSampleLattice(moved.transform, pair.b().transform, pair.options().sampling)
                          : makeSampleLattice(pair.b().transform, moved.transform, pair.options().sampling);
    }

    glm::ivec2 relabel(ScanDirection scan, glm::ivec2 n) const { return xIsA(scan) ? n : -n; }

    void prepare() {
        prepared = true;
        if (map.window.empty()) return;
        if (pair.test().directional) {
            if (pair.options().scan != ScanDirection::BToA) scans.push_back(ScanDirection::AToB);
            if (pair.options().scan != ScanDirection::AToB) scans.push_back(ScanDirection::BToA);
        }
        for (ScanDirection scan : scans) {
            std::vector<PhaseCorrelation> perPhase(static_cast<std::size_t>(r) * r);
            for (int py = 0; py < r; ++py) {
                for (int px = 0; px < r; ++px) perPhase[static_cast<std::size_t>(py) * r + px] = correlatePhase(scan, {px, py});
            }
            phases.push_back(std::move(perPhase));
        }
    }

    PhaseCorrelation correlatePhase(ScanDirection scan, glm::ivec2 phase) {
        PhaseCorrelation out;
        const LatticeWindow& w = map.window;
        const SampleLattice reference = latticeAt(scan, phase);
        // The cells of this phase inside the window, as n = (c - phase) / r.
        const glm::ivec2 nLo{floorDiv(w.first.x - phase.x + r - 1, r), floorDiv(w.first.y - phase.y + r - 1, r)};
        const glm::ivec2 nHi{floorDiv(w.last.x - phase.x, r), floorDiv(w.last.y - phase.y, r)};
        if (nLo.x > nHi.x || nLo.y > nHi.y) return out;
        Fixed drift = 0;
        for (int ny = nLo.y; ny <= nHi.y; ++ny) {
            for (int nx = nLo.x; nx <= nHi.x; ++nx) {
                const SampleLattice l = latticeAt(scan, phase + r * glm::ivec2{nx, ny});
                if (!(l.stepXFx == reference.stepXFx) || !(l.stepYFx == reference.stepYFx)) return out;
                const glm::ivec2 m = relabel(scan, {nx, ny});
                const FixedVec shifted{reference.startFx.x + reference.stepXFx.x * m.x + reference.stepYFx.x * m.y,
                                       reference.startFx.y + reference.stepXFx.y * m.x + reference.stepYFx.y * m.y};
                drift = std::max({drift, absFixed(l.startFx.x - shifted.x), absFixed(l.startFx.y - shifted.y)});
                if (drift > kMaxDrift) return out;
            }
        }
        const glm::ivec2 ma = relabel(scan, nLo), mb = relabel(scan, nHi);
        out.lo = glm::min(ma, mb);
        out.hi = glm::max(ma, mb);

        const AlphaMask& x = xIsA(scan) ? *pair.a().mask : *pair.b().mask;
        const AlphaMask& y = xIsA(scan) ? *pair.b().mask : *pair.a().mask;
        const IntRect xt = x.tightBounds(), yt = y.tightBounds();
        const Sampling sampling = pair.options().sampling;
        // Every reference sample q = p + m that any cell reads.
        const glm::ivec2 qLo{xt.x0 + out.lo.x, xt.y0 + out.lo.y}, qHi{xt.x1 - 1 + out.hi.x, xt.y1 - 1 + out.hi.y};
        RunSet sure, any;
        sure.y0 = any.y0 = qLo.y;
        sure.rows.resize(static_cast<std::size_t>(qHi.y - qLo.y + 1));
        any.rows.resize(sure.rows.size());
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
        for (int qy = qLo.y; qy <= qHi.y; ++qy) {
            RunWriter sureRow{sure.rows[static_cast<std::size_t>(qy - qLo.y)]};
            RunWriter anyRow{any.rows[static_cast<std::size_t>(qy - qLo.y)]};
            FixedVec p = samplePositionInB(reference, qLo.x, qy);
            for (int qx = qLo.x; qx <= qHi.x; ++qx, p += reference.stepXFx) {
                const std::int64_t x0 = pickPixel(p.x - drift, sampling), x1 = pickPixel(p.x + drift, sampling);
                const std::int64_t y0 = pickPixel(p.y - drift, sampling), y1 = pickPixel(p.y + drift, sampling);
                const bool maybe = solidIn(x0, x1, y0, y1);
                sureRow.put(qx, maybe && x0 == x1 && y0 == y1);
                anyRow.put(qx, maybe);
            }
            sureRow.finish(qHi.x + 1);
            anyRow.finish(qHi.x + 1);
        }
        out.wordsPerRow = (out.hi.x - out.lo.x + 1 + 63) / 64;
        out.sure = correlate(x, sure, out.lo, out.hi, out.wordsPerRow);
        out.any = correlate(x, any, out.lo, out.hi, out.wordsPerRow);
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
