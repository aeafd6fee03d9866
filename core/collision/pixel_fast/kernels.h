#pragma once
// The inner loops of pixel-fast that have AVX2 code, behind one boundary. Each kernel has its portable
// code here (namespace portable) and its AVX2 code in kernels_avx2.cpp (namespace avx2); Kernels holds
// which of the two runs, chosen once per call in Kernels::choose, so that the scans that call them read
// as plain scalar code. Every pair of twins gives the same answer.

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "core/base/alpha_mask.h"
#include "core/collision/pixel_fast/code.h"
#include "core/collision/pixel_fast/arithmetic.h"

namespace cl::pixel_fast {

/// One branch-free pass over a row's words: whether A's words and the B words under them share a bit.
/// `rowA` points at the first word of A's overlap and `rowB` at the start of B's row; B's low word under
/// A's first word is `lowIndex` (-1 when it lies before B's row, and then it is not read).
struct RowPass {
    std::size_t strideA, strideB;
    std::int64_t lowIndex;
    int s;  ///< bit shift of B's words under A's
    bool firstLowInside, lastHighInside;
};

/// Rows of A clipped ahead, to be walked for a count only (Center sampling, full mode without a list,
/// first hit already recorded): row y0 + k keeps samples first[k]..last[k] (none when first > last), and
/// its sample x0 sits at base + k * step.
struct CountRows {
    const std::uint64_t* bitsA;
    int wordsA, x0;
    const std::uint64_t* bitsB;
    std::uint64_t wordsB, width, height;
    std::uint64_t alongRowX, alongRowY;  ///< one sample further along A's row, in B (the lattice's stepX)
    int y0, rows;
    const int* first;
    const int* last;
    std::uint64_t baseX, baseY;
    std::uint64_t nextRowX, nextRowY;  ///< one row further down A, in B (the lattice's stepY)
};

/// The AVX2 walk reads four samples at a time, so it needs at least four (and with its overlapping last
/// group, shorter chunks in vectors measured no slower than the scalar loop).
inline constexpr int kVectorChunk = 4;

namespace portable {

/// The first row in [y, rows) of `pass` with a shared bit, or rows. kWords > 0 is the row width in
/// words known at compile time; 0 reads it from `words`.
template <int kWords>
int firstSharedRow(const RowPass& pass, const std::uint64_t* rowA, const std::uint64_t* rowB, int y, int rows, int words) {
    const int n = kWords > 0 ? kWords : words;
    const std::size_t strideA = pass.strideA, strideB = pass.strideB;
    const std::int64_t lowIndex = pass.lowIndex;
    const int s = pass.s;
    rowA += strideA * static_cast<std::size_t>(y);
    rowB += strideB * static_cast<std::size_t>(y);
    for (; y < rows; ++y, rowA += strideA, rowB += strideB) {
        std::uint64_t any = 0;
        if (s == 0) {
            const std::uint64_t* b = rowB + lowIndex;  // lowIndex >= 0 without a shift
            for (int w = 0; w < n; ++w) any |= rowA[w] & b[w];
        } else {
            const auto join = [&](std::uint64_t low, std::uint64_t high) { return (low >> s) | (high << (64 - s)); };
            // The first and the last word may reach past B's row; the words between never do, and
            // that loop vectorises.
            const std::uint64_t firstLow = pass.firstLowInside ? rowB[lowIndex] : 0;
            if (n == 1) {
                any = rowA[0] & join(firstLow, pass.lastHighInside ? rowB[lowIndex + 1] : 0);
            } else {
                any = rowA[0] & join(firstLow, rowB[lowIndex + 1]);
                for (int w = 1; w + 1 < n; ++w) any |= rowA[w] & join(rowB[lowIndex + w], rowB[lowIndex + w + 1]);
                any |= rowA[n - 1] & join(rowB[lowIndex + n - 1], pass.lastHighInside ? rowB[lowIndex + n] : 0);
            }
        }
        if (any != 0) return y;
    }
    return rows;
}

/// The clipped ranges of `count` rows: row k keeps A's samples first[k]..last[k] (first > last when
/// none), those of its solid extent whose x lies in [lo[k], hi[k]], the part of the row that can land in
/// B's polygon. The bounds already carry the slack for the rounding of the solve; they are clamped to
/// one sample beyond the extent first, so the conversions to int are in range. No branch, so that it
/// vectorises; a NaN bound keeps the whole row (a wider clip only walks more samples, each still decided
/// exactly).
[[gnu::always_inline]] inline void clipRows(const SolidSpan* extent, int count, const double* lo, const double* hi,
                                            int* first, int* last) {
    for (int k = 0; k < count; ++k) {
        const double from = extent[k].x0 - 1.0, to = extent[k].x1;
        double l = lo[k] > from ? lo[k] : from;
        l = l < to ? l : to;
        double h = hi[k] < to ? hi[k] : to;
        h = h > from ? h : from;
        first[k] = std::max(ceilToInt(l), extent[k].x0);
        last[k] = std::min(floorToInt(h), extent[k].x1 - 1);
    }
}

/// The hit bits of n <= 64 samples of a row that all lie inside B, from (px, py) on and each one
/// (alongRowX, alongRowY) further, bit i for sample i.
template <bool kXna>
inline std::uint64_t hitsInsideB(const std::uint64_t* bits, std::uint64_t words, std::uint64_t px, std::uint64_t py,
                                 std::uint64_t alongRowX, std::uint64_t alongRowY, int n) {
    std::uint64_t found = 0;
    for (int i = 0; i < n; ++i, px += alongRowX, py += alongRowY) {
        const auto bx = static_cast<std::uint64_t>(pick64<kXna>(static_cast<std::int64_t>(px)));
        const auto by = static_cast<std::uint64_t>(pick64<kXna>(static_cast<std::int64_t>(py)));
        found |= ((bits[by * words + (bx >> 6)] >> (bx & 63)) & 1u) << i;
    }
    return found;
}

}  // namespace portable

namespace avx2 {

/// True when this CPU runs the functions below: AVX2, with the POPCNT, BMI1, BMI2 and LZCNT that come
/// with every CPU that has it. Asked once, before main(); a constant from then on.
extern const bool kAvailable;

#if defined(__x86_64__)
/// portable::firstSharedRow for rows of four words or more with a bit shift.
[[gnu::target("avx2")]] int firstSharedRow(const RowPass& pass, const std::uint64_t* rowA, const std::uint64_t* rowB, int y,
                                           int rows, int words);
/// portable::clipRows, four rows at a time.
[[gnu::target("avx2")]] void clipRows(const SolidSpan* extent, int count, const double* lo, const double* hi, int* first,
                                      int* last);
/// portable::hitsInsideB<false> (Center sampling) for 4 <= n <= 64 samples; `laneX`/`laneY` hold 0, 1, 2
/// and 3 steps.
[[gnu::target("avx2")]] std::uint64_t hitsInsideB(const std::uint64_t* bits, std::uint64_t words, std::int64_t px,
                                                  std::int64_t py, const std::int64_t* laneX, const std::int64_t* laneY,
                                                  int n);
/// Counts the hits of the rows of `c` four at a time, adding them to `count` and the samples looked at
/// to `samples`; returns the rows it left (bit k for row k, c.rows <= 32) for the caller to walk. It has
/// no portable twin: without it every row is walked.
[[gnu::target("avx2,popcnt,bmi,bmi2,lzcnt")]] std::uint32_t countRowGroups(const CountRows& c, std::int64_t& count,
                                                                          std::int64_t& samples);
#else
// Never called: kAvailable is false.
int firstSharedRow(const RowPass& pass, const std::uint64_t* rowA, const std::uint64_t* rowB, int y, int rows, int words);
void clipRows(const SolidSpan* extent, int count, const double* lo, const double* hi, int* first, int* last);
std::uint64_t hitsInsideB(const std::uint64_t* bits, std::uint64_t words, std::int64_t px, std::int64_t py,
                          const std::int64_t* laneX, const std::int64_t* laneY, int n);
std::uint32_t countRowGroups(const CountRows& c, std::int64_t& count, std::int64_t& samples);
#endif

}  // namespace avx2

/// Which code the kernels run: AVX2 or portable, chosen once per pixelFast call.
class Kernels {
public:
    /// AVX2 when `code` allows it and the CPU has it, else the portable code: the one place the choice
    /// is made.
    static Kernels choose(PixelFastCode code) { return Kernels(code == PixelFastCode::Fastest && avx2::kAvailable); }

    /// The first row in [y, rows) of `pass` with a shared bit, or rows.
    int firstSharedRow(const RowPass& pass, const std::uint64_t* rowA, const std::uint64_t* rowB, int y, int rows,
                       int words) const {
        if (m_avx2 && pass.s != 0 && words >= 4) return avx2::firstSharedRow(pass, rowA, rowB, y, rows, words);
        // Narrow rows get a loop unrolled for their width: at a few words per row the loop overhead
        // counts. (Eight words: a 512-pixel row.)
        switch (words) {
            case 1: return portable::firstSharedRow<1>(pass, rowA, rowB, y, rows, words);
            case 2: return portable::firstSharedRow<2>(pass, rowA, rowB, y, rows, words);
            case 3: return portable::firstSharedRow<3>(pass, rowA, rowB, y, rows, words);
            case 4: return portable::firstSharedRow<4>(pass, rowA, rowB, y, rows, words);
            case 8: return portable::firstSharedRow<8>(pass, rowA, rowB, y, rows, words);
            default: return portable::firstSharedRow<0>(pass, rowA, rowB, y, rows, words);
        }
    }

    /// portable::clipRows.
    void clipRows(const SolidSpan* extent, int count, const double* lo, const double* hi, int* first, int* last) const {
        if (m_avx2) {
            avx2::clipRows(extent, count, lo, hi, first, last);
        } else {
            portable::clipRows(extent, count, lo, hi, first, last);
        }
    }

    /// portable::hitsInsideB; `laneX`/`laneY` hold 0, 1, 2 and 3 steps (alongRowX, alongRowY).
    template <bool kXna>
    std::uint64_t hitsInsideB(const std::uint64_t* bits, std::uint64_t words, std::uint64_t px, std::uint64_t py,
                              std::uint64_t alongRowX, std::uint64_t alongRowY, const std::int64_t* laneX,
                              const std::int64_t* laneY, int n) const {
        // The AVX2 code picks pixels the Center way, a plain shift.
        if constexpr (!kXna) {
            if (m_avx2 && n >= kVectorChunk) {
                return avx2::hitsInsideB(bits, words, static_cast<std::int64_t>(px), static_cast<std::int64_t>(py), laneX,
                                         laneY, n);
            }
        }
        return portable::hitsInsideB<kXna>(bits, words, px, py, alongRowX, alongRowY, n);
    }

    /// True when countRowGroups() may be called.
    bool countsRowGroups() const { return m_avx2; }
    /// avx2::countRowGroups; only when countsRowGroups().
    std::uint32_t countRowGroups(const CountRows& c, std::int64_t& count, std::int64_t& samples) const {
        return avx2::countRowGroups(c, count, samples);
    }

private:
    explicit Kernels(bool avx2) : m_avx2(avx2) {}

    bool m_avx2;
};

}  // namespace cl::pixel_fast
