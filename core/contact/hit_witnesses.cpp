#include "core/contact/hit_witnesses.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>

#include <glm/glm.hpp>

namespace cl {
namespace {

// Witnesses kept; a check tries them in turn, so a few well-spread ones beat many.
constexpr std::size_t kMaxWitnesses = 24;

}  // namespace

HitWitnesses::HitWitnesses(const ContactPair& pair) : m_pair(pair) {
    if (!pair.test().directional) return;
    const Sampling sampling = pair.options().sampling;
    if (pair.options().scan != ScanDirection::BToA) {
        m_scans.push_back({ScanDirection::AToB, SampleLatticeFamily(pair.a().transform, pair.b().transform, sampling)});
    }
    if (pair.options().scan != ScanDirection::AToB) {
        m_scans.push_back({ScanDirection::BToA, SampleLatticeFamily(pair.b().transform, pair.a().transform, sampling)});
    }
}

void HitWitnesses::addWitness(const Witness& w) {
    for (const Witness& old : m_witnesses) {
        if (old.scan == w.scan && old.sample == w.sample) return;
    }
    m_witnesses.insert(m_witnesses.begin(), w);
    if (m_witnesses.size() > kMaxWitnesses) m_witnesses.pop_back();
}

void HitWitnesses::add(const PixelHit& hit) {
    // A hit names A's pixel in `a` and B's in `b` whichever sprite was scanned; with both scans it cannot
    // tell which scan found it, so it is offered to each (a check never proves what is not so).
    for (std::size_t s = 0; s < m_scans.size(); ++s) {
        addWitness({s, m_scans[s].scan == ScanDirection::AToB ? hit.a : hit.b});
    }
}

void HitWitnesses::seed(const CollisionResult& listed) {
    if (!usable() || listed.hits.empty()) return;
    glm::dvec2 mean{0.0, 0.0};
    for (const PixelHit& h : listed.hits) mean += h.world;
    mean /= static_cast<double>(listed.hits.size());
    std::vector<const PixelHit*> chosen;
    const PixelHit* nearest = &listed.hits.front();
    for (const PixelHit& h : listed.hits) {
        const glm::dvec2 d = h.world - mean, e = nearest->world - mean;
        if (d.x * d.x + d.y * d.y < e.x * e.x + e.y * e.y) nearest = &h;
    }
    // For each direction, the hit farthest back against it: one pass over the hits for all directions.
    constexpr int kDirections = 16;
    std::array<glm::dvec2, kDirections> directions;
    std::array<double, kDirections> least;
    std::array<const PixelHit*, kDirections> best;
    for (int k = 0; k < kDirections; ++k) {
        const double angle = 2.0 * std::numbers::pi * k / kDirections;
        directions[static_cast<std::size_t>(k)] = {std::cos(angle), std::sin(angle)};
        least[static_cast<std::size_t>(k)] = std::numeric_limits<double>::infinity();
        best[static_cast<std::size_t>(k)] = &listed.hits.front();
    }
    for (const PixelHit& h : listed.hits) {
        for (std::size_t k = 0; k < kDirections; ++k) {
            const double along = glm::dot(h.world, directions[k]);
            if (along < least[k]) least[k] = along, best[k] = &h;
        }
    }
    chosen.assign(best.begin(), best.end());
    chosen.push_back(nearest);
    for (const PixelHit* h : chosen) add(*h);
}

bool HitWitnesses::provesHit(glm::ivec2 cell) {
    if (m_witnesses.empty()) return false;
    const glm::dvec2 movedA = m_pair.a().transform.position + m_pair.offset(cell);
    const Sampling sampling = m_pair.options().sampling;
    FixedVec starts[2];
    for (std::size_t s = 0; s < m_scans.size(); ++s) {
        starts[s] = m_scans[s].scan == ScanDirection::AToB ? m_scans[s].family.startAt(movedA, m_pair.b().transform.position)
                                                           : m_scans[s].family.startAt(m_pair.b().transform.position, movedA);
    }
    for (std::size_t k = 0; k < m_witnesses.size(); ++k) {
        const Witness& w = m_witnesses[k];
        const Scan& scan = m_scans[w.scan];
        SampleLattice lattice = scan.family.reference();
        lattice.startFx = starts[w.scan];
        const FixedVec p = samplePositionInB(lattice, w.sample.x, w.sample.y);
        const AlphaMask& target = scan.scan == ScanDirection::AToB ? *m_pair.b().mask : *m_pair.a().mask;
        const std::int64_t x = pickPixel(p.x, sampling), y = pickPixel(p.y, sampling);
        if (x < 0 || y < 0 || x >= target.width() || y >= target.height()) continue;
        if (!target.solid(static_cast<int>(x), static_cast<int>(y))) continue;
        // Keep the witness that worked in front: neighbouring cells in the walk likely share it.
        if (k > 0) std::rotate(m_witnesses.begin(), m_witnesses.begin() + static_cast<std::ptrdiff_t>(k),
                               m_witnesses.begin() + static_cast<std::ptrdiff_t>(k) + 1);
        return true;
    }
    return false;
}

}  // namespace cl
