#pragma once
// The inner loops of pixel-fast that have faster code for some CPUs, behind one boundary. Each kernel has
// its portable code here (namespace portable) and its AVX2 code in kernels_avx2.cpp (namespace avx2); the
// full count also has a build of its portable code with the CPU's POPCNT (kernels_popcnt.cpp, namespace
// popcnt). Kernels holds which of them runs, chosen once per call in Kernels::choose, so that the scans
// that call them read as plain scalar code. Every set of twins gives the same answer.

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

/// B's bits and one sample further along A's row, in B (the lattice's stepX): what walking a row of A's
/// samples through B reads. Positions are 32.32 fixed point in wrapping 64-bit arithmetic.
struct RowInB {
    std::uint64_t width, height, words;
    const std::uint64_t* bits;
    std::uint64_t alongRowX, alongRowY;
};

/// Rows of A clipped ahead, to be walked for a count only (full mode without a list, first hit already
/// recorded): row y0 + k keeps samples first[k]..last[k] (none when first > last), and its sample x0 sits
/// at base + k * nextRow.
struct CountRows {
    RowInB b;
    const std::uint64_t* bitsA;
    int wordsA, x0;
    int y0, rows;
    const int* first;
    const int* last;
    std::uint64_t baseX, baseY;
    std::uint64_t nextRowX, nextRowY;  ///< one row further down A, in B (the lattice's stepY)
    /// Whether rows of up to 64 samples may be counted four at a time, one row per lane (each such row's
    /// samples counted whole); otherwise every row is counted chunk by chunk like RowWalker::walk.
    bool lanes;

    /// Where A's sample x of row y0 + k lands in B, wrapping like the walk: x here, y in yAt.
    std::uint64_t xAt(int k, int x) const {
        return baseX + static_cast<std::uint64_t>(k) * nextRowX + static_cast<std::uint64_t>(x - x0) * b.alongRowX;
    }
    /// The y of xAt.
    std::uint64_t yAt(int k, int x) const {
        return baseY + static_cast<std::uint64_t>(k) * nextRowY + static_cast<std::uint64_t>(x - x0) * b.alongRowY;
    }
    /// A's bit row of row y0 + k.
    const std::uint64_t* rowA(int k) const {
        return bitsA + static_cast<std::size_t>(y0 + k) * static_cast<std::size_t>(wordsA);
    }
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

/// True when the pixels that samples (px, py) and n - 1 steps further pick both lie inside B: then, picking
/// being monotonic along the walk, every sample between does.
template <bool kXna>
inline bool endsInsideB(const RowInB& b, std::uint64_t px, std::uint64_t py, int n) {
    const auto inB = [&](std::uint64_t x, std::uint64_t y) {
        return static_cast<std::uint64_t>(pick64<kXna>(static_cast<std::int64_t>(x))) < b.width &&
               static_cast<std::uint64_t>(pick64<kXna>(static_cast<std::int64_t>(y))) < b.height;
    };
    const auto last = static_cast<std::uint64_t>(n - 1);
    return inB(px, py) && inB(px + last * b.alongRowX, py + last * b.alongRowY);
}

/// The hit bits of n <= 64 samples of a row from (px, py) on, any of them possibly outside B, bit i for
/// sample i. No branch: samples outside B read word 0 and are masked off.
template <bool kXna>
inline std::uint64_t hitsCheckedB(const RowInB& b, std::uint64_t px, std::uint64_t py, int n) {
    std::uint64_t found = 0;
    for (int i = 0; i < n; ++i, px += b.alongRowX, py += b.alongRowY) {
        const auto bx = static_cast<std::uint64_t>(pick64<kXna>(static_cast<std::int64_t>(px)));
        const auto by = static_cast<std::uint64_t>(pick64<kXna>(static_cast<std::int64_t>(py)));
        const std::uint64_t inside = static_cast<std::uint64_t>(bx < b.width) & static_cast<std::uint64_t>(by < b.height);
        const std::uint64_t word = b.bits[inside ? by * b.words + (bx >> 6) : 0];
        found |= ((word >> (bx & 63)) & inside) << i;
    }
    return found;
}

/// The hit bits of n <= 64 samples of a row from (px, py) on: `inside(px, py, n)` when both ends lie inside
/// B (and n >= 4: a few samples cost less than checking both ends), else the checked loop.
template <bool kXna, typename Inside>
[[gnu::always_inline]] inline std::uint64_t chunkHits(const RowInB& b, std::uint64_t px, std::uint64_t py, int n,
                                                      Inside inside) {
    if (n >= 4 && endsInsideB<kXna>(b, px, py, n)) return inside(px, py, n);
    return hitsCheckedB<kXna>(b, px, py, n);
}

/// Counts the hits of A's samples xFirst..xLast of one row (`rowA` its bit row, `wordsA` long), the first
/// landing at (px, py), into `count`, and the samples looked at into `samples`: 64 at a time, from the
/// first to the last of A's solid ones in each (RowWalker::walk's chunks). `inside` reads chunks inside
/// B (as in chunkHits), `popcount` counts a word's bits.
template <bool kXna, typename Inside, typename Popcount>
[[gnu::always_inline]] inline void countRowChunks(const RowInB& b, const std::uint64_t* rowA, int wordsA, int xFirst,
                                                  int xLast, std::uint64_t px, std::uint64_t py, std::int64_t& count,
                                                  std::int64_t& samples, Inside inside, Popcount popcount) {
    for (int base = xFirst; base <= xLast; base += 64, px += 64 * b.alongRowX, py += 64 * b.alongRowY) {
        const std::uint64_t solidA = rowBits(rowA, wordsA, base, std::min(64, xLast - base + 1));
        if (solidA == 0) continue;
        const int lead = std::countr_zero(solidA);
        const int m = 64 - std::countl_zero(solidA) - lead;
        const auto from = static_cast<std::uint64_t>(lead);
        const std::uint64_t found = chunkHits<kXna>(b, px + from * b.alongRowX, py + from * b.alongRowY, m, inside);
        samples += m;
        count += popcount((found << lead) & solidA);
    }
}

/// Counts the hits of every row of `c` chunk by chunk (countRowChunks) into `count`, and the samples
/// looked at into `samples`; `popcount` counts a word's bits.
template <bool kXna, typename Popcount>
[[gnu::always_inline]] inline void countRows(const CountRows& c, std::int64_t& count, std::int64_t& samples,
                                             Popcount popcount) {
    const auto inside = [&](std::uint64_t px, std::uint64_t py, int n) {
        return hitsInsideB<kXna>(c.b.bits, c.b.words, px, py, c.b.alongRowX, c.b.alongRowY, n);
    };
    for (int k = 0; k < c.rows; ++k) {
        const int xFirst = c.first[k], xLast = c.last[k];
        if (xFirst > xLast) continue;
        countRowChunks<kXna>(c.b, c.rowA(k), c.wordsA, xFirst, xLast, c.xAt(k, xFirst), c.yAt(k, xFirst), count, samples,
                             inside, popcount);
    }
}

}  // namespace portable

/// Which code the kernels run: the portable code, the full count's with POPCNT, or AVX2 (with the POPCNT,
/// BMI1, BMI2 and LZCNT that come with every CPU that has it).
enum class KernelLevel : std::uint8_t { Portable, Popcnt, Avx2 };

/// The fastest level this CPU runs. Asked once, before main() (kernels_avx2.cpp); a constant from then on.
extern const KernelLevel kCpuLevel;

namespace popcnt {

/// portable::countRows with the CPU's POPCNT (Center sampling when !xna, else Xna); only when kCpuLevel
/// is Popcnt or above.
#if defined(__x86_64__)
[[gnu::target("popcnt")]]
#endif
void countRows(const CountRows& c, bool xna, std::int64_t& count, std::int64_t& samples);

}  // namespace popcnt

/// The functions below run only when kCpuLevel is Avx2.
namespace avx2 {

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
/// portable::countRows (Center sampling) with gathers: groups of four rows of up to 64 samples inside B
/// one row per lane when c.lanes, every other row eight samples at a time where it lies inside B.
[[gnu::target("avx2,popcnt,bmi,bmi2,lzcnt")]] void countRows(const CountRows& c, std::int64_t& count, std::int64_t& samples);
#else
// Never called: kCpuLevel is Portable.
int firstSharedRow(const RowPass& pass, const std::uint64_t* rowA, const std::uint64_t* rowB, int y, int rows, int words);
void clipRows(const SolidSpan* extent, int count, const double* lo, const double* hi, int* first, int* last);
std::uint64_t hitsInsideB(const std::uint64_t* bits, std::uint64_t words, std::int64_t px, std::int64_t py,
                          const std::int64_t* laneX, const std::int64_t* laneY, int n);
void countRows(const CountRows& c, std::int64_t& count, std::int64_t& samples);
#endif

}  // namespace avx2

/// Which code the kernels run: AVX2, the portable code with POPCNT, or the portable code, chosen once per
/// pixelFast call.
class Kernels {
public:
    /// The fastest code that `code` allows and the CPU has: the one place the choice is made.
    static Kernels choose(PixelFastCode code) {
        switch (code) {
            case PixelFastCode::Fastest: return Kernels(kCpuLevel);
            case PixelFastCode::Popcount:
                return Kernels(kCpuLevel >= KernelLevel::Popcnt ? KernelLevel::Popcnt : KernelLevel::Portable);
            case PixelFastCode::Portable: break;
        }
        return Kernels(KernelLevel::Portable);
    }

    /// The first row in [y, rows) of `pass` with a shared bit, or rows.
    int firstSharedRow(const RowPass& pass, const std::uint64_t* rowA, const std::uint64_t* rowB, int y, int rows,
                       int words) const {
        if (avx2() && pass.s != 0 && words >= 4) return avx2::firstSharedRow(pass, rowA, rowB, y, rows, words);
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
        if (avx2()) {
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
            if (avx2() && n >= kVectorChunk) {
                return avx2::hitsInsideB(bits, words, static_cast<std::int64_t>(px), static_cast<std::int64_t>(py), laneX,
                                         laneY, n);
            }
        }
        return portable::hitsInsideB<kXna>(bits, words, px, py, alongRowX, alongRowY, n);
    }

    /// portable::countRows: the hits of every row of `c` into `count`, the samples looked at into `samples`.
    template <bool kXna>
    void countRows(const CountRows& c, std::int64_t& count, std::int64_t& samples) const {
        // The AVX2 code picks pixels the Center way, a plain shift.
        if (!kXna && avx2()) {
            avx2::countRows(c, count, samples);
        } else if (m_level != KernelLevel::Portable) {
            popcnt::countRows(c, kXna, count, samples);
        } else {
            portable::countRows<kXna>(c, count, samples, countBits);
        }
    }

private:
    explicit Kernels(KernelLevel level) : m_level(level) {}
    bool avx2() const { return m_level == KernelLevel::Avx2; }

    KernelLevel m_level;
};

}  // namespace cl::pixel_fast
