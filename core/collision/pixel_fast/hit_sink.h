#pragma once
// HitSink: where pixel-fast's scans hand their hits, kept exactly as pixel-naive keeps them (the first
// in scan order, every one in order when listing).

#include <cstdint>
#include <optional>

#include <glm/mat3x3.hpp>

#include "core/base/collision_result.h"
#include "core/base/pair_transform.h"
#include "core/base/sprite_transform.h"

namespace cl::pixel_fast {

/// Collects hits exactly as pixel-naive records them: the first in scan order, and every one in order
/// when listing in full mode.
class HitSink {
public:
    /// Fills `result` for a scan of `a`'s samples.
    HitSink(CollisionResult& result, const TestOptions& options, const SpriteTransform& a, Sampling sampling)
        : m_result(result), m_a(a), m_offset(sampleOffset(sampling)), m_stop(options.stopAtFirstHit),
          m_list(options.listHits && !options.stopAtFirstHit) {}

    /// Records A's pixel (x, y) on B's (bx, by); true when the scan should stop.
    bool add(int x, int y, std::int64_t bx, std::int64_t by) {
        ++m_count;
        if (m_list || !m_result.firstHit) record(x, y, bx, by);
        return m_stop;
    }
    /// Records `n` hits already counted elsewhere, when they need no listing.
    void addCount(std::int64_t n) { m_count += n; }
    /// True when hits need nothing but counting from now on: full mode without a list, first hit found.
    bool onlyCounts() const { return !m_stop && !m_list && m_result.firstHit.has_value(); }
    /// True when the scan stops at the first hit.
    bool stops() const { return m_stop; }
    /// True when every hit is to be listed (full mode with listHits).
    bool lists() const { return m_list; }

    /// For a caller that reads only whether there is a hit and how many (pixelFastHitOnly): the first hit is
    /// recorded with its pixels but not placed in the world (its world point is left at the origin), so no
    /// world matrix is built. Before the scan; not with listing.
    void placeNoHits() { m_worldA.emplace(0.0); }

    /// Writes hit and overlap into the result.
    void finish() {
        m_result.hit = m_count > 0;
        m_result.overlap = static_cast<double>(m_count);
    }

private:
    void record(int x, int y, std::int64_t bx, std::int64_t by) {
        // The same world matrix and arithmetic as pixel-naive, built only once there is a hit to place.
        if (!m_worldA) m_worldA = worldMatrix(m_a);
        const PixelHit hit{{x, y}, {static_cast<int>(bx), static_cast<int>(by)},
                           transformPoint(*m_worldA, {x + m_offset, y + m_offset})};
        if (!m_result.firstHit) m_result.firstHit = hit;
        if (m_list) m_result.hits.push_back(hit);
    }

    CollisionResult& m_result;
    const SpriteTransform& m_a;
    double m_offset;
    std::optional<glm::dmat3> m_worldA;
    bool m_stop;
    bool m_list;
    std::int64_t m_count = 0;
};

}  // namespace cl::pixel_fast
