#pragma once
// RowWalker: walks the clipped rows of A through B with 64-bit positions, 64 samples of A's solid
// pixels at a time, and hands the hits to the HitSink. The heart of pixel-fast for turned and scaled
// pairs; transformed_scan.cpp decides which rows and samples it walks.

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "core/base/alpha_mask.h"
#include "core/base/collision_result.h"
#include "core/base/pair_transform.h"
#include "core/collision/pixel_fast/arithmetic.h"
#include "core/collision/pixel_fast/hit_sink.h"
#include "core/collision/pixel_fast/kernels.h"

namespace cl::pixel_fast {

/// fitsNarrow's exact check, for lattices that reach far.
[[gnu::noinline]] inline bool fitsNarrowExactly(const SampleLattice& t, const IntRect& ta) {
    const Fixed limit = Fixed(1) << 61;
    const auto small = [&](Fixed v) { return v > -limit && v < limit; };
    if (!small(t.stepXFx.x) || !small(t.stepXFx.y) || !small(t.stepYFx.x) || !small(t.stepYFx.y)) return false;
    for (const int x : {ta.x0, ta.x1 - 1}) {
        for (const int y : {ta.y0, ta.y1 - 1}) {
            const FixedVec p = samplePositionInB(t, x, y);
            if (!small(p.x) || !small(p.y)) return false;
        }
    }
    return true;
}

/// fitsNarrow's reach of A's solid box `ta` along t's steps, the part that does not move with t's start.
inline double stepsReach(const SampleLattice& t, const IntRect& ta) {
    // A mask's pixels have coordinates >= 0, so the box's farthest column and row are x1 and y1.
    return ta.x1 * (std::abs(t.stepX.x) + std::abs(t.stepX.y)) + ta.y1 * (std::abs(t.stepY.x) + std::abs(t.stepY.y));
}

/// fitsNarrow(t, ta) given `reach` = stepsReach(t, ta) (worked out once for many starts, say).
inline bool fitsNarrow(const SampleLattice& t, const IntRect& ta, double reach) {
    // Far inside the limit in doubles (2^28 pixels is 2^60 in fixed point), the exact check is not needed.
    return reach + std::abs(t.start.x) + std::abs(t.start.y) < 0x1p28 || fitsNarrowExactly(t, ta);
}

/// True when every sample position of A's solid box `ta`, and the steps, fit int64 with room to spare: then
/// RowWalker can walk A's rows (positions in 64 bits).
inline bool fitsNarrow(const SampleLattice& t, const IntRect& ta) { return fitsNarrow(t, ta, stepsReach(t, ta)); }

/// Walks clipped rows of A with 64-bit positions (wrapping unsigned arithmetic: every position that is
/// picked lies in A's solid box and fits, whatever the steps past the end of a row).
template <bool kXna>
class RowWalker {
public:
    /// A walker of A's rows in B for the lattice `t`; row positions are given relative to A's sample x0.
    RowWalker(const AlphaMask& ma, const AlphaMask& mb, const SampleLattice& t, HitSink& sink, CollisionResult& r, int x0,
              Kernels kernels)
        : m_sink(sink), m_r(r),
          m_b{static_cast<std::uint64_t>(mb.width()), static_cast<std::uint64_t>(mb.height()),
              static_cast<std::uint64_t>(mb.wordsPerRow()), mb.bitRow(0).data(),
              static_cast<std::uint64_t>(static_cast<std::int64_t>(t.stepXFx.x)),
              static_cast<std::uint64_t>(static_cast<std::int64_t>(t.stepXFx.y))},
          m_bitsA(ma.bitRow(0).data()), m_wordsA(ma.wordsPerRow()), m_x0(x0), m_kernels(kernels) {}

    /// Walks A's solid samples xFirst..xLast of row y, whose sample x0 sits at (baseX, baseY), until the
    /// first hit once only the count is wanted (the rest of the row is then counted). Returns true when
    /// the scan should stop.
    bool walk(int y, std::uint64_t baseX, std::uint64_t baseY, int xFirst, int xLast) {
        const std::uint64_t* rowA = m_bitsA + static_cast<std::size_t>(y) * static_cast<std::size_t>(m_wordsA);
        const std::uint64_t alongRowX = m_b.alongRowX, alongRowY = m_b.alongRowY;
        const auto offset = static_cast<std::uint64_t>(xFirst - m_x0);
        std::uint64_t px = baseX + offset * alongRowX, py = baseY + offset * alongRowY;
        for (int base = xFirst; base <= xLast; base += 64) {
            const int n = std::min(64, xLast - base + 1);
            const std::uint64_t solidA = rowBits(rowA, m_wordsA, base, n);
            if (solidA != 0) {
                // Only the samples from A's first to its last solid pixel in the chunk.
                const int lead = std::countr_zero(solidA);
                const int m = 64 - std::countl_zero(solidA) - lead;
                if (m_sink.stops()) {
                    // The chunk's first solid sample on its own first: a hit-only scan that hits there
                    // never waits for a whole chunk.
                    const std::uint64_t qx = px + static_cast<std::uint64_t>(lead) * alongRowX;
                    const std::uint64_t qy = py + static_cast<std::uint64_t>(lead) * alongRowY;
                    if (chunk(qx, qy, 1) != 0) {
                        m_r.samples += 1;
                        return report(y, base + lead, 1, qx, qy);
                    }
                }
                const auto from = static_cast<std::uint64_t>(lead);
                const std::uint64_t found = (chunk(px + from * alongRowX, py + from * alongRowY, m) << lead) & solidA;
                m_r.samples += m;
                if (found != 0) {
                    if (report(y, base, found, px, py)) return true;
                    if (m_sink.onlyCounts()) {
                        // From here on only the count: the rest of the row, chunk by chunk, by the kernels.
                        m_countOnly = true;
                        const int from = base + 64;
                        if (from <= xLast) count(y, 1, &from, &xLast, baseX, baseY, 0, 0, false);
                        return false;
                    }
                }
            }
            px += 64 * alongRowX;
            py += 64 * alongRowY;
        }
        return false;
    }

    /// True when the rows left need only counting, by countRows(): full mode without a list, first hit
    /// recorded.
    bool countsOnly() const { return m_countOnly; }

    /// Counts the hits of `rows` rows from y0 on, clipped ahead to first[k]..last[k], row y0's sample x0
    /// sitting at (baseX, baseY) and each next row one (nextRowX, nextRowY) further; only when countsOnly().
    void countRows(int y0, int rows, const int* first, const int* last, std::uint64_t baseX, std::uint64_t baseY,
                   std::uint64_t nextRowX, std::uint64_t nextRowY) {
        count(y0, rows, first, last, baseX, baseY, nextRowX, nextRowY, true);
    }

private:
    static std::int64_t pick(std::uint64_t p) { return pick64<kXna>(static_cast<std::int64_t>(p)); }

    // countRows(), with or without the four rows a time of CountRows::lanes.
    void count(int y0, int rows, const int* first, const int* last, std::uint64_t baseX, std::uint64_t baseY,
               std::uint64_t nextRowX, std::uint64_t nextRowY, bool lanes) {
        const CountRows c{m_b, m_bitsA, m_wordsA, m_x0, y0, rows, first, last, baseX, baseY, nextRowX, nextRowY, lanes};
        std::int64_t hits = 0;
        m_kernels.countRows<kXna>(c, hits, m_r.samples);
        m_sink.addCount(hits);
    }

    // The hit bits of n <= 64 samples from (px, py) on, bit i for sample i.
    std::uint64_t chunk(std::uint64_t px, std::uint64_t py, int n) {
        return portable::chunkHits<kXna>(m_b, px, py, n, [&](std::uint64_t x, std::uint64_t y, int k) {
            // The lanes at the first chunk inside B, not before: a hit-only scan that hits at its first
            // sample never needs them.
            if (!m_lanesReady) {
                for (std::size_t i = 0; i < 4; ++i) {
                    m_laneX[i] = static_cast<std::int64_t>(i * m_b.alongRowX);
                    m_laneY[i] = static_cast<std::int64_t>(i * m_b.alongRowY);
                }
                m_lanesReady = true;
            }
            return m_kernels.hitsInsideB<kXna>(m_b.bits, m_b.words, x, y, m_b.alongRowX, m_b.alongRowY, m_laneX.data(),
                                               m_laneY.data(), k);
        });
    }

    // Hands the hits of one chunk to the sink in scan order; true when the scan should stop. Inlined into
    // walk(): a hit-only scan reports from there, and GCC keeps it out of line for a class in a header.
    [[gnu::always_inline]] bool report(int y, int base, std::uint64_t found, std::uint64_t px, std::uint64_t py) {
        const auto pixelOf = [&](int i) {
            const auto step = static_cast<std::uint64_t>(i);
            return std::pair{pick(px + step * m_b.alongRowX), pick(py + step * m_b.alongRowY)};
        };
        if (!m_sink.lists()) {
            const int i = std::countr_zero(found);
            const auto [bx, by] = pixelOf(i);
            if (m_sink.add(base + i, y, bx, by)) return true;
            m_sink.addCount(countBits(found) - 1);
            return false;
        }
        for (; found != 0; found &= found - 1) {
            const int i = std::countr_zero(found);
            const auto [bx, by] = pixelOf(i);
            m_sink.add(base + i, y, bx, by);
        }
        return false;
    }

    HitSink& m_sink;
    CollisionResult& m_r;
    RowInB m_b;
    const std::uint64_t* m_bitsA;
    int m_wordsA;
    int m_x0;
    Kernels m_kernels;
    std::array<std::int64_t, 4> m_laneX, m_laneY;  // 0, 1, 2 and 3 steps, for the AVX2 walk
    bool m_lanesReady = false;
    bool m_countOnly = false;
};

}  // namespace cl::pixel_fast
