#include "core/contact/hit_witnesses.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include <glm/glm.hpp>


namespace cl {
namespace {

// Cells whose lattice starts are worked out in one batch (on the stack).
constexpr std::size_t kBatch = 64;

// Starts and offsets are kept within ±kNear (2^29 pixels in 32.32 fixed point), so that their sum lies
// within ±2^62, where pick64 is exact; a sample that far out picks no pixel of any mask anyway.
constexpr std::int64_t kNear = std::int64_t(1) << 61;

// True when both lie within (-kNear, kNear).
bool near(Fixed x, Fixed y) { return x > -kNear && x < kNear && y > -kNear && y < kNear; }

FixedVec offsetOf(const SampleLattice& lattice, glm::ivec2 sample) {
    return {lattice.stepXFx.x * sample.x + lattice.stepYFx.x * sample.y,
            lattice.stepXFx.y * sample.x + lattice.stepYFx.y * sample.y};
}

}  // namespace

HitWitnesses::HitWitnesses(const ContactPair& pair) : m_pair(pair) {
    if (!pair.test().directional) return;
    const Sampling sampling = pair.options().sampling;
    m_xna = sampling == Sampling::Xna;
    if (pair.options().scan != ScanDirection::BToA) {
        m_scans[m_scanCount++].emplace(Scan{ScanDirection::AToB, SampleLatticeFamily(pair.a().transform, pair.b().transform, sampling),
                                            pair.a().mask, pair.b().mask});
    }
    if (pair.options().scan != ScanDirection::AToB) {
        m_scans[m_scanCount++].emplace(Scan{ScanDirection::BToA, SampleLatticeFamily(pair.b().transform, pair.a().transform, sampling),
                                            pair.b().mask, pair.a().mask});
    }
    for (std::size_t s = 0; s < m_scanCount; ++s) {
        const AlphaMask& target = *m_scans[s]->target;
        m_targets[s] = {target.height() > 0 ? target.bitRow(0).data() : nullptr, target.wordsPerRow(), target.width(), target.height()};
    }
}

void HitWitnesses::addWitness(std::size_t scan, glm::ivec2 sample) {
    for (std::size_t k = 0; k < m_witnessCount; ++k) {
        if (m_witnesses[k].scan == scan && m_witnesses[k].sample == sample) return;
    }
    const FixedVec offset = offsetOf(m_scans[scan]->family.reference(), sample);
    if (!near(offset.x, offset.y)) return;  // never lands on a mask from a start within reach
    // The newest goes in front; when full, the least recently useful falls off the end.
    m_witnessCount = std::min(m_witnessCount + 1, kMaxWitnesses);
    for (std::size_t k = m_witnessCount - 1; k > 0; --k) m_witnesses[k] = m_witnesses[k - 1];
    m_witnesses[0] = Witness{{static_cast<std::int64_t>(offset.x), static_cast<std::int64_t>(offset.y)}, static_cast<std::uint32_t>(scan), sample};
}

void HitWitnesses::add(const PixelHit& hit) {
    // A hit names A's pixel in `a` and B's in `b` whichever sprite was scanned; with both scans it cannot
    // tell which scan found it, so it is offered to each (a check never proves what is not so).
    for (std::size_t s = 0; s < m_scanCount; ++s) addWitness(s, m_scans[s]->scan == ScanDirection::AToB ? hit.a : hit.b);
}

IntRect HitWitnesses::overlapBox(std::size_t s, const glm::dmat3& world) const {
    // Only pixels whose world position lies where the two tight boxes overlap can hit: the part of the scanned
    // sprite's tight box that the overlap maps back into, grown by a pixel.
    IntRect box = m_scans[s]->scanned->tightBounds();
    const auto boxA = m_pair.tightBoxA(), boxB = m_pair.tightBoxB();
    if (box.empty() || !boxA || !boxB) return {};
    const glm::dvec2 lo = glm::max(boxA->min, boxB->min), hi = glm::min(boxA->max, boxB->max);
    if (lo.x > hi.x || lo.y > hi.y) return {};
    const glm::dmat3 local = affineInverse(world);
    glm::dvec2 from{std::numeric_limits<double>::infinity()}, to{-std::numeric_limits<double>::infinity()};
    for (const glm::dvec2 corner : {lo, glm::dvec2{hi.x, lo.y}, glm::dvec2{lo.x, hi.y}, hi}) {
        const glm::dvec2 p = transformPoint(local, corner);
        from = glm::min(from, p), to = glm::max(to, p);
    }
    if (!(from.x > -1e9 && to.x < 1e9 && from.y > -1e9 && to.y < 1e9)) return box;
    box.x0 = std::max(box.x0, static_cast<int>(std::floor(from.x)) - 1);
    box.y0 = std::max(box.y0, static_cast<int>(std::floor(from.y)) - 1);
    box.x1 = std::min(box.x1, static_cast<int>(std::ceil(to.x)) + 1);
    box.y1 = std::min(box.y1, static_cast<int>(std::ceil(to.y)) + 1);
    return box.empty() ? IntRect{} : box;
}

bool HitWitnesses::seedAtZero() {
    constexpr int kDirections = 16;
    std::array<glm::dvec2, kDirections> directions;
    for (int k = 0; k < kDirections; ++k) {
        const double angle = 2.0 * std::numbers::pi * k / kDirections;
        directions[static_cast<std::size_t>(k)] = {std::cos(angle), std::sin(angle)};
    }
    std::array<glm::dmat3, 2> worlds;
    std::array<IntRect, 2> boxes;
    double area = 0.0;
    for (std::size_t s = 0; s < m_scanCount; ++s) {
        worlds[s] = worldMatrix(m_scans[s]->scan == ScanDirection::AToB ? m_pair.a().transform : m_pair.b().transform);
        boxes[s] = overlapBox(s, worlds[s]);
        area += static_cast<double>(boxes[s].width()) * boxes[s].height();
    }
    if (area <= static_cast<double>(kSeedGrid)) {
        // Few pixels can overlap: list them all with the test itself (a small list, from the heap's reused
        // memory), and take the same choice from every overlapping sample.
        const CollisionResult listed = m_pair.runAt({0.0, 0.0}, true);
        if (listed.hits.empty()) return true;
        glm::dvec2 mean{0.0, 0.0};
        for (const PixelHit& h : listed.hits) mean += h.world;
        mean /= static_cast<double>(listed.hits.size());
        std::array<double, kDirections> least;
        least.fill(std::numeric_limits<double>::infinity());
        std::array<const PixelHit*, kDirections> best;
        best.fill(&listed.hits.front());
        const PixelHit* nearest = &listed.hits.front();
        double nearestDistance = std::numeric_limits<double>::infinity();
        for (const PixelHit& h : listed.hits) {
            for (std::size_t k = 0; k < kDirections; ++k) {
                const double along = glm::dot(h.world, directions[k]);
                if (along < least[k]) least[k] = along, best[k] = &h;
            }
            const glm::dvec2 d = h.world - mean;
            if (const double e = d.x * d.x + d.y * d.y; e < nearestDistance) nearestDistance = e, nearest = &h;
        }
        for (const PixelHit* h : best) add(*h);
        add(*nearest);
        return true;
    }
    const double half = sampleOffset(m_pair.options().sampling);
    Near starts[2];
    if (!startsAt({0, 0}, starts)) return false;
    for (std::size_t s = 0; s < m_scanCount; ++s) {
        const Scan& scan = *m_scans[s];
        const AlphaMask& mask = *scan.scanned;
        const glm::dmat3& world = worlds[s];
        const IntRect box = boxes[s];
        if (box.empty()) continue;
        // A whole-pixel grid step that keeps the grid near kSeedGrid pixels of that box.
        const double boxArea = static_cast<double>(box.width()) * box.height();
        const int stride = std::max(1, static_cast<int>(std::ceil(std::sqrt(boxArea / static_cast<double>(kSeedGrid)))));
        const SampleLattice& lattice = scan.family.reference();
        std::array<double, kDirections> least;
        least.fill(std::numeric_limits<double>::infinity());
        std::array<glm::ivec2, kDirections> best{};
        glm::dvec2 sum{0.0, 0.0};
        std::int64_t found = 0;
        auto visit = [&](auto&& each) {
            for (int y = box.y0 + stride / 2; y < box.y1; y += stride) {
                for (int x = box.x0 + stride / 2; x < box.x1; x += stride) {
                    if (!mask.solid(x, y)) continue;
                    const glm::ivec2 sample{x, y};
                    const FixedVec offset = offsetOf(lattice, sample);
                    if (near(offset.x, offset.y) &&
                        landsOnSolid(s, {starts[s].x + static_cast<std::int64_t>(offset.x), starts[s].y + static_cast<std::int64_t>(offset.y)})) {
                        each(sample);
                    }
                }
            }
        };
        visit([&](glm::ivec2 sample) {
            const glm::dvec2 p = transformPoint(world, glm::dvec2(sample) + half);
            sum += p;
            ++found;
            for (std::size_t k = 0; k < kDirections; ++k) {
                const double along = glm::dot(p, directions[k]);
                if (along < least[k]) least[k] = along, best[k] = sample;
            }
        });
        if (found == 0) continue;
        const glm::dvec2 mean = sum / static_cast<double>(found);
        double nearestDistance = std::numeric_limits<double>::infinity();
        glm::ivec2 nearest{0, 0};
        visit([&](glm::ivec2 sample) {
            const glm::dvec2 d = transformPoint(world, glm::dvec2(sample) + half) - mean;
            if (const double e = d.x * d.x + d.y * d.y; e < nearestDistance) nearestDistance = e, nearest = sample;
        });
        for (const glm::ivec2 sample : best) addWitness(s, sample);
        addWitness(s, nearest);
    }
    return false;
}

bool HitWitnesses::startsAt(glm::ivec2 cell, Near* starts) const {
    const glm::dvec2 movedA = m_pair.a().transform.position + m_pair.offset(cell), b = m_pair.b().transform.position;
    for (std::size_t s = 0; s < m_scanCount; ++s) {
        const FixedVec start = m_scans[s]->scan == ScanDirection::AToB ? m_scans[s]->family.startAt(movedA, b) : m_scans[s]->family.startAt(b, movedA);
        if (!near(start.x, start.y)) return false;
        starts[s] = {static_cast<std::int64_t>(start.x), static_cast<std::int64_t>(start.y)};
    }
    return true;
}

void HitWitnesses::promote(std::size_t k) {
    // Keep the witness that worked in front: neighbouring cells in the walk likely share it.
    const Witness found = m_witnesses[k];
    for (std::size_t j = k; j > 0; --j) m_witnesses[j] = m_witnesses[j - 1];
    m_witnesses[0] = found;
}

// Inlined into keepUnproven(), which calls it for every cell.
[[gnu::always_inline]] inline bool HitWitnesses::proves(const Near* starts) {
    for (std::size_t k = 0; k < m_witnessCount; ++k) {
        const Witness& w = m_witnesses[k];
        if (!landsOnSolid(w.scan, {starts[w.scan].x + w.offset.x, starts[w.scan].y + w.offset.y})) continue;
        promote(k);
        return true;
    }
    return false;
}

bool HitWitnesses::solidBetween(std::size_t s, Near lo, Near hi) const {
    const std::int64_t x0 = m_xna ? pixel_fast::pick64<true>(lo.x) : pixel_fast::pick64<false>(lo.x);
    const std::int64_t x1 = m_xna ? pixel_fast::pick64<true>(hi.x) : pixel_fast::pick64<false>(hi.x);
    const std::int64_t y0 = m_xna ? pixel_fast::pick64<true>(lo.y) : pixel_fast::pick64<false>(lo.y);
    const std::int64_t y1 = m_xna ? pixel_fast::pick64<true>(hi.y) : pixel_fast::pick64<false>(hi.y);
    const Target& t = m_targets[s];
    if (x0 < 0 || y0 < 0 || x1 >= t.width || y1 >= t.height) return false;
    for (std::int64_t y = y0; y <= y1; ++y) {
        const std::uint64_t* row = t.bits + y * t.wordsPerRow;
        for (std::int64_t x = x0; x <= x1; x += 64) {
            const int n = static_cast<int>(std::min<std::int64_t>(64, x1 - x + 1));
            const std::uint64_t all = n == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << n) - 1;
            if (pixel_fast::rowBits(row, static_cast<int>(t.wordsPerRow), static_cast<int>(x), n) != all) return false;
        }
    }
    return true;
}

bool HitWitnesses::provesBox(glm::ivec2 first, glm::ivec2 last) {
    if (m_witnessCount == 0) return false;
    const glm::ivec2 corners[4] = {first, {last.x, first.y}, {first.x, last.y}, last};
    Near lo[2], hi[2];
    for (int k = 0; k < 4; ++k) {
        Near starts[2];
        if (!startsAt(corners[k], starts)) return false;
        for (std::size_t s = 0; s < m_scanCount; ++s) {
            lo[s] = k == 0 ? starts[s] : Near{std::min(lo[s].x, starts[s].x), std::min(lo[s].y, starts[s].y)};
            hi[s] = k == 0 ? starts[s] : Near{std::max(hi[s].x, starts[s].x), std::max(hi[s].y, starts[s].y)};
        }
    }
    for (std::size_t k = 0; k < m_witnessCount; ++k) {
        const Witness& w = m_witnesses[k];
        if (!solidBetween(w.scan, {lo[w.scan].x + w.offset.x, lo[w.scan].y + w.offset.y},
                          {hi[w.scan].x + w.offset.x, hi[w.scan].y + w.offset.y})) {
            continue;
        }
        promote(k);
        return true;
    }
    return false;
}

bool HitWitnesses::provesHit(glm::ivec2 cell) {
    Near starts[2];
    return m_witnessCount > 0 && startsAt(cell, starts) && proves(starts);
}

std::size_t HitWitnesses::keepUnproven(std::span<glm::ivec2> cells) {
    if (m_witnessCount == 0) return cells.size();
    const glm::dvec2 a = m_pair.a().transform.position, b = m_pair.b().transform.position;
    std::array<glm::dvec2, kBatch> differences;
    std::array<FixedVec, kBatch> starts[2];
    std::size_t kept = 0;
    for (std::size_t base = 0; base < cells.size(); base += kBatch) {
        const std::size_t n = std::min(kBatch, cells.size() - base);
        for (std::size_t s = 0; s < m_scanCount; ++s) {
            // The same doubles startAt() would be given: A's position moved by the cell's offset, less B's (or
            // B's less that, for the scan from B).
            const bool fromA = m_scans[s]->scan == ScanDirection::AToB;
            for (std::size_t i = 0; i < n; ++i) {
                const glm::dvec2 movedA = a + m_pair.offset(cells[base + i]);
                differences[i] = fromA ? movedA - b : b - movedA;
            }
            m_scans[s]->family.startsAt(std::span(differences.data(), n), std::span(starts[s].data(), n));
        }
        for (std::size_t i = 0; i < n; ++i) {
            Near cellStarts[2];
            bool reach = true;
            for (std::size_t s = 0; s < m_scanCount; ++s) {
                const FixedVec& start = starts[s][i];
                reach = reach && near(start.x, start.y);
                cellStarts[s] = {static_cast<std::int64_t>(start.x), static_cast<std::int64_t>(start.y)};
            }
            if (!reach || !proves(cellStarts)) cells[kept++] = cells[base + i];
        }
    }
    return kept;
}

}  // namespace cl
