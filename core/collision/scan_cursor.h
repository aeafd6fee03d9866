#pragma once
// ScanCursor: the pixel-step scan one sample at a time, for step-by-step teaching views.

#include <cstdint>

#include "core/base/collision_result.h"
#include "core/base/pair_transform.h"

namespace cl {

/// Everything about one sample of the scan.
struct ScanSample {
    std::int64_t index = 0;           ///< 0-based position in the scan (row-major over all of A's pixels).
    glm::ivec2 a{0, 0};               ///< Pixel of A.
    std::uint8_t alphaA = 0;
    bool solidA = false;
    glm::dvec2 positionInB{0.0, 0.0}; ///< Where A's sample point lands in B's texture space.
    glm::ivec2 b{0, 0};               ///< Pixel of B picked by the sampling rule (may lie outside B).
    bool insideB = false;
    std::uint8_t alphaB = 0;          ///< 0 when outside B.
    bool solidB = false;
    bool hit = false;                 ///< solidA && insideB && solidB.
};

/// Walks every pixel of A in row-major order (solid or not, so a student sees the whole scan),
/// positioning each with the step vectors exactly as pixel-step does.
class ScanCursor {
public:
    /// A cursor on A's first pixel. `a.mask` and `b.mask` must outlive the cursor.
    ScanCursor(const Body& a, const Body& b, Sampling sampling);

    /// True once every pixel of A has been visited (also for an empty A).
    bool done() const { return m_index >= m_total; }
    /// The sample under the cursor; only meaningful while !done().
    const ScanSample& current() const { return m_sample; }
    /// The transform the cursor walks with.
    const PairTransform& transform() const { return m_transform; }
    /// Hits among the samples visited before the current one.
    std::int64_t hitsBefore() const { return m_hitsBefore; }
    /// Total samples in the scan (A's width * height).
    std::int64_t total() const { return m_total; }

    /// Moves to the next sample.
    void step();
    /// Moves to the first sample of the next row.
    void stepRow();
    /// Moves forward to the next hit after the current sample; returns false (and ends done()) if none.
    bool runToNextHit();
    /// Back to the first sample.
    void reset();

private:
    void load();

    Body m_a, m_b;
    PairTransform m_transform;
    std::int64_t m_total = 0;
    std::int64_t m_index = 0;
    std::int64_t m_hitsBefore = 0;
    FixedVec m_rowStart, m_position;
    ScanSample m_sample;
};

}  // namespace cl
