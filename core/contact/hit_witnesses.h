#pragma once
// HitWitnesses: proves that a sampled contact test hits at an offset by re-checking a few samples that hit
// at nearby offsets — one sample landing on a solid pixel is a hit, whatever the rest of the scan finds.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include "core/contact/contact_pair.h"
#include "core/base/pair_transform.h"
#include "core/collision/pixel_fast/arithmetic.h"

namespace cl {

/// Samples that hit somewhere, per scan direction of the pair's sampled contact test. A check computes the
/// sample's position exactly as the test does (the cell's own lattice, SampleLatticeFamily), so "proven" is
/// always the test's answer; "not proven" says nothing, and the caller runs the test. Holds no heap memory.
class HitWitnesses {
public:
    /// Witnesses for the pair; none (and nothing is ever proven) unless its contact test is a sampled one.
    explicit HitWitnesses(const ContactPair& pair);
    /// True when the pair's test scans samples, so witnesses can prove hits.
    bool usable() const { return m_scanCount > 0; }
    /// Adds samples that hit at t = 0, spread over directions: for each of 16 directions the one farthest
    /// back against it in the world (the last to leave as A moves that way), and the one nearest their mean.
    /// Where at most kSeedGrid scanned pixels lie in the overlap of the sprites' tight world boxes, chosen
    /// from every overlapping sample, listed by a full run of the test (and then returns true: a test ran);
    /// else from a grid of about kSeedGrid of those pixels, checked as witnesses are, without a listing.
    bool seedAtZero();
    /// Adds the first hit of a test run at a cell.
    void add(const PixelHit& hit);
    /// True when some witness sample lands on a solid pixel with A moved to the cell.
    bool provesHit(glm::ivec2 cell);
    /// Moves the cells no witness proves to the front of `cells`, in their order, and returns how many
    /// there are; the lattice starts of the cells are worked out in batches.
    std::size_t keepUnproven(std::span<glm::ivec2> cells);
    /// True when some witness lands on a solid pixel at every cell of the box from `first` to `last`
    /// (inclusive). A lattice start is monotone in each coordinate of the cell (every step from the offset
    /// to the fixed-point start rounds a monotone function), so each cell's start lies between the least and
    /// greatest of the box's four corners' on each axis, and its sample between the picks of those bounds:
    /// when every pixel in that rectangle is solid, every cell of the box hits.
    bool provesBox(glm::ivec2 first, glm::ivec2 last);

    /// Scanned pixels the seed lists or grids at most (about; the grid's step is a whole number of pixels).
    static constexpr std::int64_t kSeedGrid = 4096;

private:
    struct Scan {
        ScanDirection scan;
        SampleLatticeFamily family;
        const AlphaMask* scanned;
        const AlphaMask* target;
    };
    // A sample's position in 32.32 fixed point, or a lattice start, held in 64 bits: witnesses and starts
    // beyond kNear are left out, so that a start plus an offset never leaves the range pick64 handles.
    struct Near {
        std::int64_t x = 0, y = 0;
    };
    struct Witness {
        Near offset;              // stepX * x + stepY * y: the sample's position less the lattice's start
        std::uint32_t scan = 0;   // index in m_scans
        glm::ivec2 sample{0, 0};  // pixel of the scanned sprite
    };
    // What a check reads of a target mask, without a call through AlphaMask.
    struct Target {
        const std::uint64_t* bits = nullptr;
        std::int64_t wordsPerRow = 0, width = 0, height = 0;
    };
    static constexpr std::size_t kMaxWitnesses = 24;

    // The part of scan s's tight box (its sprite placed by `world`) where the sprites' tight world boxes overlap.
    IntRect overlapBox(std::size_t s, const glm::dmat3& world) const;
    // The lattice start of each scan with A moved to the cell (bit for bit the test's); false when one lies
    // beyond kNear (no witness check is made there).
    bool startsAt(glm::ivec2 cell, Near* starts) const;
    // True when a sample at `p` (a start plus an offset) picks a solid pixel of scan s's target, exactly as
    // the test picks it.
    bool landsOnSolid(std::size_t s, Near p) const {
        const std::int64_t x = m_xna ? pixel_fast::pick64<true>(p.x) : pixel_fast::pick64<false>(p.x);
        const std::int64_t y = m_xna ? pixel_fast::pick64<true>(p.y) : pixel_fast::pick64<false>(p.y);
        const Target& t = m_targets[s];
        // One unsigned comparison per axis also turns a negative pixel away.
        if (static_cast<std::uint64_t>(x) >= static_cast<std::uint64_t>(t.width) ||
            static_cast<std::uint64_t>(y) >= static_cast<std::uint64_t>(t.height)) {
            return false;
        }
        return (t.bits[y * t.wordsPerRow + (x >> 6)] >> (x & 63)) & 1u;
    }
    // True when every pixel of scan s's target picked by a sample between `lo` and `hi` is solid.
    bool solidBetween(std::size_t s, Near lo, Near hi) const;
    // True when some witness lands on a solid pixel from these starts; the one that did moves to the front.
    bool proves(const Near* starts);
    // Moves witness k to the front.
    void promote(std::size_t k);
    void addWitness(std::size_t scan, glm::ivec2 sample);

    const ContactPair& m_pair;
    std::array<std::optional<Scan>, 2> m_scans;
    std::array<Target, 2> m_targets;
    std::size_t m_scanCount = 0;
    bool m_xna = false;
    std::array<Witness, kMaxWitnesses> m_witnesses;  // most recently useful first
    std::size_t m_witnessCount = 0;
};

}  // namespace cl
