#pragma once
// HitWitnesses: proves that a sampled contact test hits at an offset by re-checking a few samples that hit
// at nearby offsets — one sample landing on a solid pixel is a hit, whatever the rest of the scan finds.

#include <cstdint>
#include <vector>

#include "core/contact/contact_pair.h"
#include "core/base/pair_transform.h"

namespace cl {

/// Samples that hit somewhere, per scan direction of the pair's sampled contact test. A check computes the
/// sample's position exactly as the test does (the cell's own lattice, SampleLatticeFamily), so "proven" is
/// always the test's answer; "not proven" says nothing, and the caller runs the test.
class HitWitnesses {
public:
    /// Witnesses for the pair; none (and nothing is ever proven) unless its contact test is a sampled one.
    explicit HitWitnesses(const ContactPair& pair);
    /// True when the pair's test scans samples, so witnesses can prove hits.
    bool usable() const { return !m_scans.empty(); }
    /// Adds every overlapping sample of a full listing at t = 0 spread over directions: for each of 16
    /// directions, the hit farthest back against it (the last to leave B as A moves that way), and the one
    /// nearest the hits' mean.
    void seed(const CollisionResult& listedAtZero);
    /// Adds the first hit of a test run at a cell.
    void add(const PixelHit& hit);
    /// True when some witness sample lands on a solid pixel with A moved to the cell.
    bool provesHit(glm::ivec2 cell);

private:
    struct Scan {
        ScanDirection scan;
        SampleLatticeFamily family;
    };
    struct Witness {
        std::size_t scan;   // index in m_scans
        glm::ivec2 sample;  // pixel of the scanned sprite
    };
    void addWitness(const Witness& w);
    const ContactPair& m_pair;
    std::vector<Scan> m_scans;
    std::vector<Witness> m_witnesses;  // most recently useful first
};

}  // namespace cl
