#include "core/contact/hit_witnesses.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include <glm/glm.hpp>

#include "core/collision/pixel_fast/arithmetic.h"

namespace cl {
namespace {

// Cells whose lattice starts are worked out in one batch (on the stack).
constexpr std::size_t kBatch = 64;

// Positions in B at least this far from 0 (in 32.32 fixed point, 2^30 pixels) pick no pixel of any mask,
// and below it the pick fits 64-bit arithmetic.
constexpr Fixed kFarPosition = Fixed(1) << 62;

// True when the sample at `p` picks a solid pixel of `target`, exactly as the test picks it.
inline bool landsOnSolid(const FixedVec& p, const AlphaMask& target, Sampling sampling) {
    if (p.x <= -kFarPosition || p.x >= kFarPosition || p.y <= -kFarPosition || p.y >= kFarPosition) return false;
    const auto px = static_cast<std::int64_t>(p.x), py = static_cast<std::int64_t>(p.y);
    const std::int64_t x = sampling == Sampling::Xna ? pixel_fast::pick64<true>(px) : pixel_fast::pick64<false>(px);
    const std::int64_t y = sampling == Sampling::Xna ? pixel_fast::pick64<true>(py) : pixel_fast::pick64<false>(py);
    if (x < 0 || y < 0 || x >= target.width() || y >= target.height()) return false;
    return target.solid(static_cast<int>(x), static_cast<int>(y));
}

FixedVec offsetOf(const SampleLattice& lattice, glm::ivec2 sample) {
    return {lattice.stepXFx.x * sample.x + lattice.stepYFx.x * sample.y,
            lattice.stepXFx.y * sample.x + lattice.stepYFx.y * sample.y};
}

}  // namespace

HitWitnesses::HitWitnesses(const ContactPair& pair) : m_pair(pair) {
    if (!pair.test().directional) return;
    const Sampling sampling = pair.options().sampling;
    if (pair.options().scan != ScanDirection::BToA) {
        m_scans[m_scanCount++].emplace(Scan{ScanDirection::AToB, SampleLatticeFamily(pair.a().transform, pair.b().transform, sampling),
                                            pair.a().mask, pair.b().mask});
    }
    if (pair.options().scan != ScanDirection::AToB) {
        m_scans[m_scanCount++].emplace(Scan{ScanDirection::BToA, SampleLatticeFamily(pair.b().transform, pair.a().transform, sampling),
                                            pair.b().mask, pair.a().mask});
    }
}

void HitWitnesses::addWitness(std::size_t scan, glm::ivec2 sample) {
    for (std::size_t k = 0; k < m_witnessCount; ++k) {
        if (m_witnesses[k].scan == scan && m_witnesses[k].sample == sample) return;
    }
    // The newest goes in front; when full, the least recently useful falls off the end.
    m_witnessCount = std::min(m_witnessCount + 1, kMaxWitnesses);
    std::move_backward(m_witnesses.begin(), m_witnesses.begin() + static_cast<std::ptrdiff_t>(m_witnessCount - 1),
                       m_witnesses.begin() + static_cast<std::ptrdiff_t>(m_witnessCount));
    m_witnesses[0] = Witness{scan, sample, offsetOf(m_scans[scan]->family.reference(), sample)};
}

void HitWitnesses::add(const PixelHit& hit) {
    // A hit names A's pixel in `a` and B's in `b` whichever sprite was scanned; with both scans it cannot
    // tell which scan found it, so it is offered to each (a check never proves what is not so).
    for (std::size_t s = 0; s < m_scanCount; ++s) addWitness(s, m_scans[s]->scan == ScanDirection::AToB ? hit.a : hit.b);
}

void HitWitnesses::seedAtZero() {
    constexpr int kDirections = 16;
    std::array<glm::dvec2, kDirections> directions;
    for (int k = 0; k < kDirections; ++k) {
        const double angle = 2.0 * std::numbers::pi * k / kDirections;
        directions[static_cast<std::size_t>(k)] = {std::cos(angle), std::sin(angle)};
    }
    const Sampling sampling = m_pair.options().sampling;
    const double half = sampleOffset(sampling);
    FixedVec starts[2];
    startsAt({0, 0}, starts);
    for (std::size_t s = 0; s < m_scanCount; ++s) {
        const Scan& scan = *m_scans[s];
        const AlphaMask& mask = *scan.scanned;
        const IntRect box = mask.tightBounds();
        if (box.empty()) continue;
        // A whole-pixel grid step that keeps the grid near kSeedGrid pixels of the tight box.
        const double area = static_cast<double>(box.width()) * box.height();
        const int stride = std::max(1, static_cast<int>(std::ceil(std::sqrt(area / static_cast<double>(kSeedGrid)))));
        const glm::dmat3 world = worldMatrix(scan.scan == ScanDirection::AToB ? m_pair.a().transform : m_pair.b().transform);
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
                    if (landsOnSolid(starts[s] + offsetOf(lattice, sample), *scan.target, sampling)) each(sample);
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
}

void HitWitnesses::startsAt(glm::ivec2 cell, FixedVec* starts) const {
    const glm::dvec2 movedA = m_pair.a().transform.position + m_pair.offset(cell), b = m_pair.b().transform.position;
    for (std::size_t s = 0; s < m_scanCount; ++s) {
        starts[s] = m_scans[s]->scan == ScanDirection::AToB ? m_scans[s]->family.startAt(movedA, b) : m_scans[s]->family.startAt(b, movedA);
    }
}

bool HitWitnesses::proves(const FixedVec* starts) {
    const Sampling sampling = m_pair.options().sampling;
    for (std::size_t k = 0; k < m_witnessCount; ++k) {
        const Witness& w = m_witnesses[k];
        if (!landsOnSolid(starts[w.scan] + w.offset, *m_scans[w.scan]->target, sampling)) continue;
        // Keep the witness that worked in front: neighbouring cells in the walk likely share it.
        if (k > 0) std::rotate(m_witnesses.begin(), m_witnesses.begin() + static_cast<std::ptrdiff_t>(k),
                               m_witnesses.begin() + static_cast<std::ptrdiff_t>(k) + 1);
        return true;
    }
    return false;
}

bool HitWitnesses::provesHit(glm::ivec2 cell) {
    if (m_witnessCount == 0) return false;
    FixedVec starts[2];
    startsAt(cell, starts);
    return proves(starts);
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
            const FixedVec cellStarts[2] = {starts[0][i], starts[1][i]};
            if (!proves(cellStarts)) cells[kept++] = cells[base + i];
        }
    }
    return kept;
}

}  // namespace cl
