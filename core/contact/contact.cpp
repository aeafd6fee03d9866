#include "core/contact/contact.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <span>

#include "core/base/bounds.h"
#include "core/contact/contact_map.h"
#include "core/contact/hit_witnesses.h"
#include "core/contact/lattice_rings.h"
#include "core/contact/overlap_centroid.h"

namespace cl {
namespace {

// Contact tests run one by one before separation() builds the whole map of the window instead.
constexpr std::int64_t kTestsBeforeMap = 512;
// Lattice cells separation() visits for one unit of the work budget (tests spend their own).
constexpr std::int64_t kCellsPerUnit = 4096;

// The least and greatest projection of a box on d.
double leastProjection(const Rect& r, glm::dvec2 d) {
    return d.x * (d.x > 0.0 ? r.min.x : r.max.x) + d.y * (d.y > 0.0 ? r.min.y : r.max.y);
}
double greatestProjection(const Rect& r, glm::dvec2 d) {
    return d.x * (d.x > 0.0 ? r.max.x : r.min.x) + d.y * (d.y > 0.0 ? r.max.y : r.min.y);
}

// Cells a side of a block that witnesses try to prove at once before cell by cell.
constexpr int kBlock = 8;
// Blocks of a window the search keeps bits for at most; a larger window is proven cell by cell.
constexpr std::int64_t kMaxBlocks = std::int64_t(1) << 20;

// Which blocks of kBlock x kBlock cells of the window (from its first cell) a witness proves whole: each block
// is tried once, when the search first reaches one of its cells, and remembered in two bits.
class ProvenBlocks {
public:
    ProvenBlocks(const LatticeWindow& window, HitWitnesses& witnesses, std::vector<std::uint64_t>& bits)
        : m_window(window), m_witnesses(witnesses), m_bits(bits) {
        m_across = (window.width() + kBlock - 1) / kBlock;
        const std::int64_t blocks = std::int64_t(m_across) * ((window.height() + kBlock - 1) / kBlock);
        if (!witnesses.usable() || window.empty() || blocks > kMaxBlocks) return;
        m_words = static_cast<std::size_t>((blocks + 63) / 64);
        m_bits.assign(2 * m_words, 0);  // "tried", then "proven"
    }
    /// True when the block holding cell c (inside the window) is proven.
    bool proven(glm::ivec2 c) {
        if (m_words == 0) return false;
        const int bx = (c.x - m_window.first.x) / kBlock, by = (c.y - m_window.first.y) / kBlock;
        const std::size_t index = static_cast<std::size_t>(by) * static_cast<std::size_t>(m_across) + static_cast<std::size_t>(bx);
        const std::uint64_t bit = std::uint64_t(1) << (index & 63);
        std::uint64_t& tried = m_bits[index >> 6];
        std::uint64_t& proven = m_bits[m_words + (index >> 6)];
        if (!(tried & bit)) {
            tried |= bit;
            const glm::ivec2 first = m_window.first + glm::ivec2(bx, by) * kBlock;
            if (m_witnesses.provesBox(first, glm::min(first + (kBlock - 1), m_window.last))) proven |= bit;
        }
        return proven & bit;
    }

private:
    const LatticeWindow& m_window;
    HitWitnesses& m_witnesses;
    std::vector<std::uint64_t>& m_bits;
    int m_across = 0;
    std::size_t m_words = 0;  // words of each half of m_bits; 0: blocks are not used
};

glm::dvec2 stepOffset(const ContactPair& pair, std::int64_t k, glm::dvec2 d) {
    return (static_cast<double>(k) * pair.step()) * d;
}

}  // namespace


SeparationScratch::SeparationScratch() : m_annuli(std::make_unique<AnnulusWalk>()) {}
SeparationScratch::~SeparationScratch() = default;

std::size_t SeparationScratch::capacity() const { return m_annuli->capacity(); }

SeparationScratch& SeparationScratch::forThisThread() {
    thread_local SeparationScratch scratch;
    return scratch;
}

Separation separation(const ContactPair& pair) { return separation(pair, SeparationScratch::forThisThread()); }

Separation separation(const ContactPair& pair, SeparationScratch& scratch) {
    Separation s;
    s.testsRun = 1;
    const CollisionResult atZero = pair.hitOnlyAt({0.0, 0.0});
    if (!atZero.hit) return s;
    auto answer = [&](glm::ivec2 c) {
        s.cell = c;
        s.vector = pair.offset(c);
        s.depth = std::hypot(s.vector.x, s.vector.y);
        s.normal = s.vector / s.depth;
        return s;
    };
    const LatticeWindow window = pair.defaultWindow();
    // Deep in a hit most cells are proven by a sample that hit nearby, at the cost of one sample each.
    HitWitnesses witnesses(pair);
    if (witnesses.usable()) {
        if (witnesses.seedAtZero()) ++s.testsRun;
        if (atZero.firstHit) witnesses.add(*atZero.firstHit);
    }
    // A call that needed a huge annulus does not keep its memory for the rest of the thread's life.
    struct Trim {
        AnnulusWalk& annuli;
        std::vector<std::uint64_t>& blocks;
        ~Trim() {
            if (annuli.capacity() > SeparationScratch::kKeptCells) annuli.release();
            if (blocks.capacity() > SeparationScratch::kKeptCells / 64) std::vector<std::uint64_t>().swap(blocks);
        }
    } trim{*scratch.m_annuli, scratch.m_blocks};
    ProvenBlocks blocks(window, witnesses, scratch.m_blocks);
    std::optional<ContactMap> map;
    // Cells decided without a test (by witnesses or the map) still cost: one unit of the budget per kCellsPerUnit.
    std::int64_t cellsWalked = 0;
    // Annulus by annulus (k² <= |c|² < (k+1)²), so that only the cells a witness does not prove are sorted
    // into the search order: the answer is the least free cell of the first annulus that has one.
    for (int k = 1;; ++k) {
        const std::span<glm::ivec2> cells = scratch.m_annuli->cells(k);
        cellsWalked += static_cast<std::int64_t>(cells.size());
        for (; cellsWalked >= kCellsPerUnit; cellsWalked -= kCellsPerUnit) spendWork(pair.options().budget);
        // Cells outside the window are free without a test; the least of them bounds the search.
        std::optional<glm::ivec2> firstOutside;
        std::size_t inside = 0;
        for (const glm::ivec2 c : cells) {
            if (window.contains(c)) {
                if (map || !blocks.proven(c)) cells[inside++] = c;
            } else if (!firstOutside || ringOrderLess(c, *firstOutside)) {
                firstOutside = c;
            }
        }
        std::span<glm::ivec2> open(cells.data(), inside);
        if (!map && witnesses.usable()) open = open.first(witnesses.keepUnproven(open));
        std::sort(open.begin(), open.end(), ringOrderLess);
        bool learned = false;  // a witness added since keepUnproven() may prove the cells after it
        for (const glm::ivec2 c : open) {
            if (firstOutside && ringOrderLess(*firstOutside, c)) break;
            bool hit = false;
            if (map) {
                hit = map->hit(c);
            } else if (learned && witnesses.provesHit(c)) {
                hit = true;
            } else {
                const CollisionResult r = pair.hitOnlyAt(pair.offset(c));
                hit = r.hit;
                ++s.testsRun;
                if (hit && r.firstHit && witnesses.usable()) {
                    witnesses.add(*r.firstHit);
                    learned = true;
                }
                // Witnesses keep failing: deciding the rest of the window in one sweep is cheaper than a test per cell.
                if (hit && s.testsRun > kTestsBeforeMap && cellCount(window) <= kMaxContactMapCells) {
                    ContactMapBuilder builder(pair, window);
                    while (!builder.advance(std::numeric_limits<std::int64_t>::max())) {
                    }
                    s.testsRun += builder.stats().testsRun;
                    map = builder.map();
                }
            }
            if (!hit) return answer(c);
        }
        if (firstOutside) return answer(*firstOutside);
    }
}

DirectionalDistance pushOut(const ContactPair& pair, glm::dvec2 direction) {
    DirectionalDistance r;
    r.direction = direction;
    for (std::int64_t k = 0;; ++k) {
        const glm::dvec2 t = stepOffset(pair, k, direction);
        if (!pair.mayHitAt(t) || !pair.hitAt(t)) {
            r.steps = k;
            r.distance = static_cast<double>(k) * pair.step();
            r.vector = t;
            return r;
        }
    }
}

std::int64_t defaultApproachLimit(const ContactPair& pair, glm::dvec2 direction) {
    const auto a = pair.tightBoxA(), b = pair.tightBoxB();
    if (!a || !b) return -1;
    // A has wholly passed B once its least projection on d exceeds B's greatest; d is a unit vector, so
    // moving A by k h d adds k h to every projection.
    const double room = greatestProjection(*b, direction) - leastProjection(*a, direction);
    if (!(room >= 0.0)) return -1;
    return static_cast<std::int64_t>(std::min(std::floor(room / pair.step()), 1.0e15));
}

DirectionalDistance approach(const ContactPair& pair, glm::dvec2 direction, std::optional<std::int64_t> limitSteps) {
    DirectionalDistance r;
    r.direction = direction;
    r.limitSteps = limitSteps ? *limitSteps : defaultApproachLimit(pair, direction);
    const LatticeWindow w = pair.defaultWindow();
    if (w.empty()) return r;
    // Offsets k h d meet the window's box only for k in one interval; outside it nothing can hit. The
    // interval is widened by a step for the rounding of k h d, and each k is still checked with mayHitAt.
    double kLo = 0.0, kHi = static_cast<double>(r.limitSteps);
    const glm::dvec2 lo = glm::dvec2(w.first) * pair.step() - pair.step(), hi = glm::dvec2(w.last) * pair.step() + pair.step();
    for (int axis = 0; axis < 2; ++axis) {
        const double d = direction[axis] * pair.step();
        if (d == 0.0) {
            if (lo[axis] > 0.0 || hi[axis] < 0.0) return r;
            continue;
        }
        const double k0 = lo[axis] / d, k1 = hi[axis] / d;
        kLo = std::max(kLo, std::floor(std::min(k0, k1)) - 1.0);
        kHi = std::min(kHi, std::ceil(std::max(k0, k1)) + 1.0);
    }
    for (auto k = static_cast<std::int64_t>(std::max(0.0, kLo)); static_cast<double>(k) <= kHi; ++k) {
        const glm::dvec2 t = stepOffset(pair, k, direction);
        if (pair.mayHitAt(t) && pair.hitAt(t)) {
            r.steps = k;
            r.distance = static_cast<double>(k) * pair.step();
            r.vector = t;
            return r;
        }
    }
    return r;
}

std::optional<glm::dvec2> contactCentroid(const ContactPair& pair) {
    const CollisionResult r = pair.runAt({0.0, 0.0}, !pair.test().reportsArea);
    if (!r.hit) return std::nullopt;
    if (pair.test().reportsArea) return overlapCentroid(pair.a(), pair.b());
    if (r.hits.empty()) return std::nullopt;
    glm::dvec2 sum{0.0, 0.0};
    for (const PixelHit& h : r.hits) sum += h.world;
    return sum / static_cast<double>(r.hits.size());
}

GradientNormal gradientNormal(const ContactPair& pair) {
    const double h = pair.step();
    auto n = [&](glm::dvec2 t) { return pair.runAt(t).overlap; };
    GradientNormal g;
    g.gradient = {n({h, 0.0}) - n({-h, 0.0}), n({0.0, h}) - n({0.0, -h})};
    // Adding +0 keeps a zero component from printing as -0.
    if (g.gradient != glm::dvec2(0.0)) g.normal = -g.gradient / std::hypot(g.gradient.x, g.gradient.y) + glm::dvec2(0.0);
    return g;
}

ContactReport contactReport(const ContactPair& pair, glm::dvec2 pushDirection) {
    ContactReport report;
    report.step = pair.step();
    const CollisionResult atZero = pair.runAt({0.0, 0.0});
    if (!atZero.applicable) {
        report.applicable = false;
        report.reason = atZero.reason;
        return report;
    }
    report.hit = atZero.hit;
    report.separation = separation(pair);
    report.push = pushOut(pair, pushDirection);
    // Adding +0 turns the -0 of a negated axis direction into +0, so reports never print "-0".
    report.approach = approach(pair, -pushDirection + glm::dvec2(0.0));
    report.centroid = contactCentroid(pair);
    report.gradient = gradientNormal(pair);
    return report;
}

}  // namespace cl
