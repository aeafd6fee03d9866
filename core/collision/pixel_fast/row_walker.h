#pragma once
// RowWalker: walks the clipped rows of A through B with 64-bit positions, 64 samples of A's solid
// pixels at a time, and hands the hits to the HitSink. The heart of pixel-fast for turned and scaled
// pairs; transformed_scan.cpp decides which rows and samples it walks.

#include <algorithm>
#include <array>
#include <bit>
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

/// Walks clipped rows of A with 64-bit positions (wrapping unsigned arithmetic: every position that is
/// picked lies in A's solid box and fits, whatever the steps past the end of a row).
template <bool kXna>
class RowWalker {
public:
    /// A walker of A's rows in B for the lattice `t`; row positions are given relative to A's sample x0.
    RowWalker(const AlphaMask& ma, const AlphaMask& mb, const SampleLattice& t, HitSink& sink, CollisionResult& r, int x0,
              Kernels kernels)
        : m_sink(sink), m_r(r), m_width(static_cast<std::uint64_t>(mb.width())),
          m_height(static_cast<std::uint64_t>(mb.height())), m_words(static_cast<std::uint64_t>(mb.wordsPerRow())),
          m_bits(mb.bitRow(0).data()), m_bitsA(ma.bitRow(0).data()), m_wordsA(ma.wordsPerRow()),
          m_alongRowX(static_cast<std::uint64_t>(static_cast<std::int64_t>(t.stepXFx.x))),
          m_alongRowY(static_cast<std::uint64_t>(static_cast<std::int64_t>(t.stepXFx.y))), m_x0(x0),
          m_kernels(kernels) {
        for (int k = 0; k < 4; ++k) {
            m_laneX[static_cast<std::size_t>(k)] = static_cast<std::int64_t>(static_cast<std::uint64_t>(k) * m_alongRowX);
            m_laneY[static_cast<std::size_t>(k)] = static_cast<std::int64_t>(static_cast<std::uint64_t>(k) * m_alongRowY);
        }
    }

    /// Walks A's solid samples xFirst..xLast of row y, whose sample x0 sits at (baseX, baseY). Returns
    /// true when the scan should stop.
    bool walk(int y, std::uint64_t baseX, std::uint64_t baseY, int xFirst, int xLast) {
        const std::uint64_t* rowA = m_bitsA + static_cast<std::size_t>(y) * static_cast<std::size_t>(m_wordsA);
        const auto offset = static_cast<std::uint64_t>(xFirst - m_x0);
        std::uint64_t px = baseX + offset * m_alongRowX, py = baseY + offset * m_alongRowY;
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
                    const std::uint64_t qx = px + static_cast<std::uint64_t>(lead) * m_alongRowX;
                    const std::uint64_t qy = py + static_cast<std::uint64_t>(lead) * m_alongRowY;
                    if (chunk(qx, qy, 1) != 0) {
                        m_r.samples += 1;
                        return report(y, base + lead, 1, qx, qy);
                    }
                }
                const auto from = static_cast<std::uint64_t>(lead);
                const std::uint64_t found =
                    (chunk(px + from * m_alongRowX, py + from * m_alongRowY, m) << lead) & solidA;
                m_r.samples += m;
                // Once only the count matters, no branch waits on the samples' answer.
                if (m_countOnly) {
                    m_sink.addCount(countBits(found));
                } else if (found != 0) {
                    if (report(y, base, found, px, py)) return true;
                    m_countOnly = m_sink.onlyCounts();
                }
            }
            px += 64 * m_alongRowX;
            py += 64 * m_alongRowY;
        }
        return false;
    }

    /// True when the rows left need only counting, and countRows() may do it: Center sampling with AVX2,
    /// full mode without a list, first hit recorded.
    bool countsOnly() const { return !kXna && m_kernels.countsRowGroups() && m_countOnly; }

    /// Counts the hits of `rows` rows from y0 on, clipped ahead to first[k]..last[k], row y0's sample x0
    /// sitting at (baseX, baseY) and each next row one (nextRowX, nextRowY) further; only when countsOnly().
    void countRows(int y0, int rows, const int* first, const int* last, std::uint64_t baseX, std::uint64_t baseY,
                   std::uint64_t nextRowX, std::uint64_t nextRowY) {
        const CountRows c{m_bitsA, m_wordsA, m_x0,  m_bits, m_words, m_width,  m_height, m_alongRowX, m_alongRowY,
                          y0,      rows,     first, last,   baseX,   baseY,    nextRowX, nextRowY};
        std::int64_t count = 0;
        const std::uint32_t left = m_kernels.countRowGroups(c, count, m_r.samples);
        m_sink.addCount(count);
        // The rows it left, one at a time (walk() only counts now).
        for (std::uint32_t rest = left; rest != 0; rest &= rest - 1) {
            const auto k = static_cast<std::uint64_t>(std::countr_zero(rest));
            walk(y0 + static_cast<int>(k), baseX + k * nextRowX, baseY + k * nextRowY, first[k], last[k]);
        }
    }

private:
    static std::int64_t pick(std::uint64_t p) { return pick64<kXna>(static_cast<std::int64_t>(p)); }

    // The hit bits of n <= 64 samples from (px, py) on, bit i for sample i.
    std::uint64_t chunk(std::uint64_t px, std::uint64_t py, int n) const {
        const std::uint64_t width = m_width, height = m_height, words = m_words;
        const std::uint64_t* const bits = m_bits;
        const std::uint64_t alongRowX = m_alongRowX, alongRowY = m_alongRowY;
        const auto inB = [&](std::uint64_t x, std::uint64_t y) {
            return static_cast<std::uint64_t>(pick(x)) < width && static_cast<std::uint64_t>(pick(y)) < height;
        };
        const auto last = static_cast<std::uint64_t>(n - 1);
        // Picking is monotonic along the walk, so when both ends are inside B all samples are; a few
        // samples cost less than checking both ends, so they take the checked loop directly.
        if (n >= 4 && inB(px, py) && inB(px + last * alongRowX, py + last * alongRowY)) {
            return m_kernels.hitsInsideB<kXna>(bits, words, px, py, alongRowX, alongRowY, m_laneX.data(), m_laneY.data(), n);
        }
        // Without branches: samples outside B read word 0 and are masked off.
        std::uint64_t found = 0;
        for (int i = 0; i < n; ++i, px += alongRowX, py += alongRowY) {
            const auto bx = static_cast<std::uint64_t>(pick(px)), by = static_cast<std::uint64_t>(pick(py));
            const std::uint64_t inside = static_cast<std::uint64_t>(bx < width) & static_cast<std::uint64_t>(by < height);
            const std::uint64_t word = bits[inside ? by * words + (bx >> 6) : 0];
            found |= ((word >> (bx & 63)) & inside) << i;
        }
        return found;
    }

    // Hands the hits of one chunk to the sink in scan order; true when the scan should stop. Inlined into
    // walk(): a hit-only scan reports from there, and GCC keeps it out of line for a class in a header.
    [[gnu::always_inline]] bool report(int y, int base, std::uint64_t found, std::uint64_t px, std::uint64_t py) {
        const auto pixelOf = [&](int i) {
            const auto step = static_cast<std::uint64_t>(i);
            return std::pair{pick(px + step * m_alongRowX), pick(py + step * m_alongRowY)};
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
    std::uint64_t m_width, m_height, m_words;
    const std::uint64_t* m_bits;
    const std::uint64_t* m_bitsA;
    int m_wordsA;
    std::uint64_t m_alongRowX, m_alongRowY;  // one sample further along A's row, in B (the lattice's stepX)
    int m_x0;
    Kernels m_kernels;
    std::array<std::int64_t, 4> m_laneX, m_laneY;  // 0, 1, 2 and 3 steps, for the AVX2 walk
    bool m_countOnly = false;
};

}  // namespace cl::pixel_fast
