#include "core/pixel_fast.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#endif

#include "core/pair_transform.h"
#include "core/sprite_transform.h"

namespace cl {
namespace {

constexpr std::int64_t kHalf64 = std::int64_t(1) << (kFixedFractionBits - 1);

// Collects hits exactly as pixel-naive records them: the first in scan order, and every one in order
// when listing in full mode.
class HitSink {
public:
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

// Bits set in a word; std::popcount is a library call on the baseline x86-64 instruction set.
inline int countBits(std::uint64_t v) {
    v = v - ((v >> 1) & 0x5555555555555555u);
    v = (v & 0x3333333333333333u) + ((v >> 2) & 0x3333333333333333u);
    v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return static_cast<int>((v * 0x0101010101010101u) >> 56);
}

// The B pixel of a 32.32 coordinate held in an int64; the same answer as pickPixel.
template <bool kXna>
inline std::int64_t pick64(std::int64_t p) {
    if constexpr (!kXna) {
        return p >> kFixedFractionBits;
    } else {
        // Round half to even: the carry out of the fraction happens above one half, and at exactly one
        // half only when the whole part is odd.
        return (p + (kHalf64 - 1) + ((p >> kFixedFractionBits) & 1)) >> kFixedFractionBits;
    }
}

#if defined(__x86_64__)
// LZCNT (ABM): CPUID 0x80000001, ECX bit 5. Not every compiler's __builtin_cpu_supports knows its name
// (clang 14 does not).
bool cpuHasLzcnt() {
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    return __get_cpuid(0x80000001u, &eax, &ebx, &ecx, &edx) != 0 && (ecx & (1u << 5)) != 0;
}

// The AVX2 code also uses POPCNT, BMI1, BMI2 and LZCNT, which come with every CPU that has AVX2.
bool cpuHasAvx2() {
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi") &&
           __builtin_cpu_supports("bmi2") && cpuHasLzcnt();
}
#else
bool cpuHasAvx2() { return false; }
#endif

// ---------------------------------------------------------------------------------------------------
// Whole-pixel translations: A's row and B's row compared 64 pixels at a time.

// True when A's pixel (x, y) lands on B's pixel (x + offset.x, y + offset.y) for every x, y.
bool isWholePixelTranslation(const SampleLattice& t) {
    if (t.stepXFx != FixedVec{kFixedOne, 0} || t.stepYFx != FixedVec{0, kFixedOne}) return false;
    if (t.sampling == Sampling::Center) return true;
    // Round half to even alternates at an exact half, so the offset would depend on x.
    const Fixed mask = kFixedOne - 1;
    return (t.startFx.x & mask) != kFixedOne / 2 && (t.startFx.y & mask) != kFixedOne / 2;
}

// Where B's words lie under A's words for one whole-pixel offset (ox, oy).
struct WordOffset {
    std::int64_t ox = 0, oy = 0;
    std::int64_t q = 0;  // B's words under A's word w are w + q (low part) and w + q + 1 (high part)
    int s = 0;           // bit shift within those words
    std::int64_t wordsB = 0;
};

// The shared bits of A's word w and the B pixels under it; indices outside B's row read as 0.
inline std::uint64_t sharedBits(const WordOffset& o, const std::uint64_t* rowA, const std::uint64_t* rowB, int w) {
    const std::int64_t i = w + o.q;
    const std::uint64_t low = (i >= 0 && i < o.wordsB) ? rowB[i] : 0;
    if (o.s == 0) return rowA[w] & low;
    const std::uint64_t high = (i + 1 >= 0 && i + 1 < o.wordsB) ? rowB[i + 1] : 0;
    return rowA[w] & ((low >> o.s) | (high << (64 - o.s)));
}

// Hands the shared bits of words w0..w1 of A's row y to the sink in scan order; true when the scan
// should stop. Out of line: rows with a shared bit are the rare case of the scan.
[[gnu::noinline]] bool reportRow(const WordOffset& o, const std::uint64_t* rowA, const std::uint64_t* rowB, int y, int w0,
                                 int w1, HitSink& sink) {
    for (int w = w0; w <= w1; ++w) {
        const std::uint64_t both = sharedBits(o, rowA, rowB, w);
        if (both == 0) continue;
        if (sink.lists()) {
            for (std::uint64_t bits = both; bits != 0; bits &= bits - 1) {
                const int x = w * 64 + std::countr_zero(bits);
                sink.add(x, y, x + o.ox, y + o.oy);
            }
            continue;
        }
        const int x = w * 64 + std::countr_zero(both);
        if (sink.add(x, y, x + o.ox, y + o.oy)) return true;
        sink.addCount(countBits(both) - 1);
    }
    return false;
}

// One branch-free pass over a row's words: whether A's words and the B words under them share a bit.
// `rowA` points at the first word of A's overlap and `rowB` at the start of B's row; B's low word under
// A's first word is `lowIndex` (-1 when it lies before B's row, and then it is not read).
struct RowPass {
    std::size_t strideA, strideB;
    std::int64_t lowIndex;
    int s;
    bool firstLowInside, lastHighInside;

    /// The first row in [y, rows) with a shared bit, or rows. kWords > 0 is the row width in words
    /// known at compile time; 0 reads it from `words`.
    template <int kWords>
    int findRow(const std::uint64_t* rowA, const std::uint64_t* rowB, int y, int rows, int words) const {
        const int n = kWords > 0 ? kWords : words;
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
                const std::uint64_t firstLow = firstLowInside ? rowB[lowIndex] : 0;
                if (n == 1) {
                    any = rowA[0] & join(firstLow, lastHighInside ? rowB[lowIndex + 1] : 0);
                } else {
                    any = rowA[0] & join(firstLow, rowB[lowIndex + 1]);
                    for (int w = 1; w + 1 < n; ++w) any |= rowA[w] & join(rowB[lowIndex + w], rowB[lowIndex + w + 1]);
                    any |= rowA[n - 1] & join(rowB[lowIndex + n - 1], lastHighInside ? rowB[lowIndex + n] : 0);
                }
            }
            if (any != 0) return y;
        }
        return rows;
    }
};

#if defined(__x86_64__)
// Four words from p on.
[[gnu::target("avx2"), gnu::always_inline]] inline __m256i loadWords(const std::uint64_t* p) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}

// Four words of `row` from `index` on, only the lanes set in `mask` read: the others may lie before the
// row, so their addresses are formed as integers and never dereferenced.
[[gnu::target("avx2"), gnu::always_inline]] inline __m256i loadWords(const std::uint64_t* row, std::int64_t index, __m256i mask) {
    const auto address = reinterpret_cast<std::uintptr_t>(row) + static_cast<std::uintptr_t>(index) * sizeof(std::uint64_t);
    return _mm256_maskload_epi64(reinterpret_cast<const long long*>(address), mask);
}

// A's four words at `a` AND the B words made of `low` shifted right and `high` shifted left.
[[gnu::target("avx2"), gnu::always_inline]] inline __m256i sharedWords(const std::uint64_t* a, __m256i low, __m256i high,
                                                                      __m128i right, __m128i left) {
    return _mm256_and_si256(loadWords(a), _mm256_or_si256(_mm256_srl_epi64(low, right), _mm256_sll_epi64(high, left)));
}

// RowPass::findRow with AVX2 for rows of four words or more: four of A's words and the B words under
// them at a time, the last four ending at the row's last word (OR-ing a word in twice changes nothing).
// Only B's first low word and last high word can lie outside B's row; those lanes are masked off.
[[gnu::target("avx2")]] int findRowAvx2(const RowPass& pass, const std::uint64_t* rowA, const std::uint64_t* rowB, int y,
                                        int rows, int n) {
    const __m128i right = _mm_cvtsi32_si128(pass.s), left = _mm_cvtsi32_si128(64 - pass.s);
    const __m256i all = _mm256_set1_epi64x(-1);
    const __m256i firstLow = pass.firstLowInside ? all : _mm256_set_epi64x(-1, -1, -1, 0);
    const __m256i lastHigh = pass.lastHighInside ? all : _mm256_set_epi64x(0, -1, -1, -1);
    const std::int64_t low = pass.lowIndex;
    const int last = n - 4;
    rowA += pass.strideA * static_cast<std::size_t>(y);
    rowB += pass.strideB * static_cast<std::size_t>(y);
    for (; y < rows; ++y, rowA += pass.strideA, rowB += pass.strideB) {
        __m256i any = sharedWords(rowA + last, last == 0 ? loadWords(rowB, low, firstLow) : loadWords(rowB + low + last),
                                  loadWords(rowB, low + last + 1, lastHigh), right, left);
        if (last > 0) {
            any = _mm256_or_si256(any, sharedWords(rowA, loadWords(rowB, low, firstLow), loadWords(rowB + low + 1), right, left));
            for (int w = 4; w < last; w += 4) {
                any = _mm256_or_si256(any, sharedWords(rowA + w, loadWords(rowB + low + w), loadWords(rowB + low + w + 1), right, left));
            }
        }
        if (!_mm256_testz_si256(any, any)) return y;
    }
    return rows;
}
#else
int findRowAvx2(const RowPass&, const std::uint64_t*, const std::uint64_t*, int, int rows, int) {
    return rows;  // never called: cpuHasAvx2() is false
}
#endif

void scanTranslation(const AlphaMask& ma, const AlphaMask& mb, const SampleLattice& t, HitSink& sink,
                     CollisionResult& r, bool avx2) {
    const IntRect ta = ma.tightBounds(), tb = mb.tightBounds();
    // Offsets far beyond any mask size cannot overlap; keeping them small keeps the arithmetic in range.
    const Fixed limit = Fixed(1) << 40;
    WordOffset o;
    o.ox = pickPixel(std::clamp<Fixed>(t.startFx.x, -limit * kFixedOne, limit * kFixedOne), t.sampling);
    o.oy = pickPixel(std::clamp<Fixed>(t.startFx.y, -limit * kFixedOne, limit * kFixedOne), t.sampling);
    const std::int64_t y0 = std::max<std::int64_t>(ta.y0, tb.y0 - o.oy), y1 = std::min<std::int64_t>(ta.y1, tb.y1 - o.oy);
    const std::int64_t x0 = std::max<std::int64_t>(ta.x0, tb.x0 - o.ox), x1 = std::min<std::int64_t>(ta.x1, tb.x1 - o.ox);
    if (y0 >= y1 || x0 >= x1) return;

    const int w0 = static_cast<int>(x0 >> 6), w1 = static_cast<int>((x1 - 1) >> 6);  // inclusive
    o.q = o.ox >> 6;
    o.s = static_cast<int>(o.ox & 63);
    o.wordsB = mb.wordsPerRow();
    r.samples += 64 * static_cast<std::int64_t>(w1 - w0 + 1) * (y1 - y0);

    // Inside the overlap only the first word's low index can be -1 and only the last word's high index
    // can be past B's row, so the loops below read everything else unchecked.
    const int words = w1 - w0 + 1;
    const bool firstLowInside = w0 + o.q >= 0;
    const bool lastHighInside = w1 + o.q + 1 < o.wordsB;
    const std::uint64_t* rowA = ma.bitRow(static_cast<int>(y0)).data() + w0;
    const std::uint64_t* rowB = mb.bitRow(static_cast<int>(y0 + o.oy)).data();
    const RowPass pass{static_cast<std::size_t>(ma.wordsPerRow()), static_cast<std::size_t>(o.wordsB), w0 + o.q, o.s,
                       firstLowInside, lastHighInside};
    const auto rows = static_cast<int>(y1 - y0);
    // Narrow rows get a loop unrolled for their width: at a few words per row the loop overhead counts.
    // (Eight words: a 512-pixel row.)
    int y = 0;
    const bool vector = o.s != 0 && words >= 4 && avx2;
    for (;;) {
        switch (vector ? -1 : words) {
            case -1: y = findRowAvx2(pass, rowA, rowB, y, rows, words); break;
            case 1: y = pass.findRow<1>(rowA, rowB, y, rows, words); break;
            case 2: y = pass.findRow<2>(rowA, rowB, y, rows, words); break;
            case 3: y = pass.findRow<3>(rowA, rowB, y, rows, words); break;
            case 4: y = pass.findRow<4>(rowA, rowB, y, rows, words); break;
            case 8: y = pass.findRow<8>(rowA, rowB, y, rows, words); break;
            default: y = pass.findRow<0>(rowA, rowB, y, rows, words); break;
        }
        if (y >= rows) return;
        if (reportRow(o, ma.bitRow(static_cast<int>(y0) + y).data(), mb.bitRow(static_cast<int>(y0 + o.oy) + y).data(),
                      static_cast<int>(y0) + y, w0, w1, sink)) {
            return;
        }
        ++y;
    }
}

// ---------------------------------------------------------------------------------------------------
// Any other transform: each row of A clipped to the samples that can land in B's solid polygon.

// Samples x0..x1-1 of A's row y, starting at `position`, with 128-bit positions: for offsets that the
// int64 walk cannot hold. Returns true when the scan should stop.
bool walkWide(const AlphaMask& mb, const SampleLattice& t, HitSink& sink, CollisionResult& r, int y, int x0, int x1,
              FixedVec position) {
    for (int x = x0; x < x1; ++x, position += t.stepXFx) {
        ++r.samples;
        const std::int64_t bx = pickPixel(position.x, t.sampling), by = pickPixel(position.y, t.sampling);
        if (bx >= 0 && by >= 0 && bx < mb.width() && by < mb.height() && mb.solid(static_cast<int>(bx), static_cast<int>(by))) {
            if (sink.add(x, y, bx, by)) return true;
        }
    }
    return false;
}

// A's solid pixels x..x+n-1 of a row (n <= 64) as bits 0..n-1; x >= 0.
inline std::uint64_t rowBits(const std::uint64_t* row, int words, int x, int n) {
    const int w = x >> 6, s = x & 63;
    std::uint64_t v = row[w] >> s;
    if (s != 0 && w + 1 < words) v |= row[w + 1] << (64 - s);
    return n >= 64 ? v : v & ((std::uint64_t(1) << n) - 1);
}

// Rows of A clipped ahead, to be walked for a count only (Center sampling, full mode without a list,
// first hit already recorded): row y0 + k keeps samples first[k]..last[k] (none when first > last), and
// its sample x0 sits at base + k * step.
struct CountRows {
    const std::uint64_t* bitsA;
    int wordsA, x0;
    const std::uint64_t* bitsB;
    std::uint64_t wordsB, width, height;
    std::uint64_t dx, dy;
    int y0, rows;
    const int* first;
    const int* last;
    std::uint64_t baseX, baseY, stepX, stepY;
};

#if defined(__x86_64__)
// The hit bits of the four samples at (px, py) plus the lane offsets, as bits 0..3.
[[gnu::target("avx2"), gnu::always_inline]] inline std::uint64_t gatherFour(const std::uint64_t* bits, __m256i wordsPerRow,
                                                                           __m256i low6, std::int64_t px, std::int64_t py,
                                                                           __m256i offsetX, __m256i offsetY) {
    const __m256i qx = _mm256_add_epi64(_mm256_set1_epi64x(px), offsetX);
    const __m256i qy = _mm256_add_epi64(_mm256_set1_epi64x(py), offsetY);
    const __m256i bx = _mm256_srli_epi64(qx, kFixedFractionBits);
    const __m256i by = _mm256_srli_epi64(qy, kFixedFractionBits);
    // by and the row length are below 2^32, so the 32 x 32 -> 64 multiply is exact.
    const __m256i index = _mm256_add_epi64(_mm256_mul_epu32(by, wordsPerRow), _mm256_srli_epi64(bx, 6));
    const __m256i word = _mm256_i64gather_epi64(reinterpret_cast<const long long*>(bits), index, 8);
    // Move each sample's bit to the top of its lane, where movemask reads it.
    const __m256i top = _mm256_sllv_epi64(word, _mm256_sub_epi64(low6, _mm256_and_si256(bx, low6)));
    return static_cast<std::uint64_t>(_mm256_movemask_pd(_mm256_castsi256_pd(top)));
}

// The hit bits of 4 <= n <= 64 samples of a chunk that lies inside B, for Center sampling (so every
// position is >= 0 and picking is a plain shift), four samples at a time with a gather of B's words; the
// last four end exactly at sample n - 1, overlapping the ones before when n is not a multiple of four
// (every sample is inside B, so any of them may be read twice). `laneX`/`laneY` hold 0, 1, 2 and 3 steps.
// The same integer arithmetic as the scalar loop.
[[gnu::target("avx2")]] std::uint64_t insideChunkAvx2(const std::uint64_t* bits, std::uint64_t words, std::int64_t px,
                                                     std::int64_t py, const std::int64_t* laneX, const std::int64_t* laneY,
                                                     int n) {
    const __m256i offsetX = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(laneX));
    const __m256i offsetY = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(laneY));
    const std::int64_t dx = laneX[1], dy = laneY[1];
    const __m256i wordsPerRow = _mm256_set1_epi64x(static_cast<long long>(words));
    const __m256i low6 = _mm256_set1_epi64x(63);
    std::uint64_t found = 0;
    for (int i = 0; i < n - 4; i += 4) found |= gatherFour(bits, wordsPerRow, low6, px + i * dx, py + i * dy, offsetX, offsetY) << i;
    return found | gatherFour(bits, wordsPerRow, low6, px + (n - 4) * dx, py + (n - 4) * dy, offsetX, offsetY) << (n - 4);
}

// Counts the hits of the rows of `c` four at a time, one row per lane, all four a sample further each
// step: the rows are short (a dozen samples on F/R) and vary in length, so a loop per row would cost more
// around its gathers than the gathers themselves. Adds the hits to `count` and the samples looked at to
// `samples`, and returns the rows it left (bit k for row k, c.rows <= 32): the groups with a row longer
// than 64 samples or one reaching past B's edges, for RowWalker::walk to count.
[[gnu::target("avx2,popcnt,bmi,bmi2,lzcnt")]] std::uint32_t countRowsAvx2(const CountRows& c, std::int64_t& count,
                                                                         std::int64_t& samples) {
    const __m256i wordsPerRow = _mm256_set1_epi64x(static_cast<long long>(c.wordsB));
    const __m256i low6 = _mm256_set1_epi64x(63);
    const std::uint64_t dx = c.dx, dy = c.dy;
    const __m256i oneX = _mm256_set1_epi64x(static_cast<long long>(dx)), oneY = _mm256_set1_epi64x(static_cast<long long>(dy));
    // A position picks a pixel inside B when it is below width (height) in 32.32 fixed point.
    const std::uint64_t limitX = c.width << kFixedFractionBits, limitY = c.height << kFixedFractionBits;
    const std::uint64_t* const bitsB = c.bitsB;
    std::int64_t looked = 0;
    std::uint32_t left = 0;
    // Where sample 0 of row k would sit (A's sample x lands at rowX + x * dx), wrapping like the walk.
    const std::uint64_t rowX0 = c.baseX - static_cast<std::uint64_t>(c.x0) * dx, rowY0 = c.baseY - static_cast<std::uint64_t>(c.x0) * dy;
    __m256i laneHits = _mm256_setzero_si256();
    // Lane i of the group from row k: where its first sample lands, A's solid bits from there (bit s for
    // step s) and its length; empty past the last row. `fits` when the row may join the group.
    struct Lane {
        std::uint64_t x = 0, y = 0, solid = 0;
        int n = 0;
        bool fits = true;
    };
    const auto lane = [&](int row) {
        Lane l;
        if (row >= c.rows) return l;
        const int xFirst = c.first[row], n = c.last[row] - xFirst + 1;
        if (n <= 0) return l;
        const auto x = static_cast<std::uint64_t>(xFirst), end = static_cast<std::uint64_t>(n - 1);
        l.x = rowX0 + static_cast<std::uint64_t>(row) * c.stepX + x * dx;
        l.y = rowY0 + static_cast<std::uint64_t>(row) * c.stepY + x * dy;
        l.fits = n <= 64 && l.x < limitX && l.y < limitY && l.x + end * dx < limitX && l.y + end * dy < limitY;
        const std::uint64_t* rowA = c.bitsA + static_cast<std::size_t>(c.y0 + row) * static_cast<std::size_t>(c.wordsA);
        l.solid = l.fits ? rowBits(rowA, c.wordsA, xFirst, n) : 0;
        l.n = n;
        return l;
    };
    for (int k = 0; k < c.rows; k += 4) {
        const Lane l0 = lane(k), l1 = lane(k + 1), l2 = lane(k + 2), l3 = lane(k + 3);
        if (!(l0.fits && l1.fits && l2.fits && l3.fits)) {
            left |= (0xfu << k) & ((c.rows < 32 ? std::uint32_t(1) << c.rows : 0u) - 1u);
            continue;
        }
        looked += l0.n + l1.n + l2.n + l3.n;
        const int longest = std::max(std::max(l0.n, l1.n), std::max(l2.n, l3.n));
        // Built from registers: stored one word at a time and loaded whole, they would wait on the stores.
        __m256i vx = _mm256_set_epi64x(static_cast<long long>(l3.x), static_cast<long long>(l2.x), static_cast<long long>(l1.x),
                                       static_cast<long long>(l0.x));
        __m256i vy = _mm256_set_epi64x(static_cast<long long>(l3.y), static_cast<long long>(l2.y), static_cast<long long>(l1.y),
                                       static_cast<long long>(l0.y));
        __m256i a = _mm256_set_epi64x(static_cast<long long>(l3.solid), static_cast<long long>(l2.solid),
                                      static_cast<long long>(l1.solid), static_cast<long long>(l0.solid));
        for (int step = 0; step < longest; ++step) {
            // Only lanes whose sample is solid in A read B: the others may lie past their row's end.
            const __m256i read = _mm256_slli_epi64(a, 63);
            const __m256i bx = _mm256_srli_epi64(vx, kFixedFractionBits);
            const __m256i by = _mm256_srli_epi64(vy, kFixedFractionBits);
            const __m256i index = _mm256_add_epi64(_mm256_mul_epu32(by, wordsPerRow), _mm256_srli_epi64(bx, 6));
            const __m256i word = _mm256_mask_i64gather_epi64(_mm256_setzero_si256(), reinterpret_cast<const long long*>(bitsB),
                                                             index, read, 8);
            const __m256i top = _mm256_and_si256(_mm256_sllv_epi64(word, _mm256_andnot_si256(bx, low6)), read);
            laneHits = _mm256_add_epi64(laneHits, _mm256_srli_epi64(top, 63));
            a = _mm256_srli_epi64(a, 1);
            vx = _mm256_add_epi64(vx, oneX);
            vy = _mm256_add_epi64(vy, oneY);
        }
    }
    alignas(32) std::int64_t lanes[4];
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), laneHits);
    count += lanes[0] + lanes[1] + lanes[2] + lanes[3];
    samples += looked;
    return left;
}
#else
std::uint64_t insideChunkAvx2(const std::uint64_t*, std::uint64_t, std::int64_t, std::int64_t, const std::int64_t*,
                              const std::int64_t*, int) {
    return 0;  // never called: cpuHasAvx2() is false
}
std::uint32_t countRowsAvx2(const CountRows&, std::int64_t&, std::int64_t&) { return 0; }  // never called: cpuHasAvx2() is false
#endif

// The AVX2 walk reads four samples at a time, so it needs at least four (and with its overlapping last
// group, shorter chunks in vectors measured no slower than the scalar loop).
constexpr int kVectorChunk = 4;

// floor and ceil of a value already clamped to the int range, without calls into libm.
inline int floorToInt(double v) {
    const int i = static_cast<int>(v);
    return i > v ? i - 1 : i;
}
inline int ceilToInt(double v) {
    const int i = static_cast<int>(v);
    return i < v ? i + 1 : i;
}

// Where the samples that pick B's solid pixels can lie: B's solid polygon (every `stride`-th side of
// AlphaMask::solidSupport()), seen in A's sample lattice, where A's sample (x, y) sits at (x, y): a sample
// of row y can land on a solid pixel of B only when x lies in range(y). The polygon's corners are mapped
// into the lattice once per pair and each row then follows one edge on either side.
//
// Center sampling picks the pixel whose closed square holds the position, so the polygon itself bounds
// the positions; Xna rounds to the nearest pixel, so the squares move half a pixel up and left. The
// doubles only clip: they differ from the exact lattice by at most 2^-33 per step and coordinate, which
// pushes the sides out a little; the slack below covers the rounding of the solve; every sample kept is
// still decided in fixed point.
class LatticePolygon {
    // |v|, or 0 for an infinite or NaN v (an axis the row does not move along).
    static double finiteOrZero(double v) { return std::isfinite(v) ? std::abs(v) : 0.0; }

public:
    LatticePolygon(const AlphaMask& mb, const SampleLattice& t, const IntRect& ta, int stride) {
        const auto& support = mb.solidSupport();
        // The fixed-point lattice's distance from these doubles, over A's box, on each side.
        const double rounding =
            0x1p-31 * (4.0 + std::abs(ta.x0) + std::abs(ta.x1) + std::abs(ta.y0) + std::abs(ta.y1)) + 1e-9;
        const double half = t.sampling == Sampling::Xna ? 0.5 : 0.0;
        if (stride == 4) {
            // B's solid box, clipped per row directly: no corners, no edges to follow.
            m_box = true;
            m_boxLo = {-(support[8] + rounding) - half, -(support[12] + rounding) - half};
            m_boxHi = {support[0] + rounding - half, support[4] + rounding - half};
            m_start = t.start;
            m_stepX = t.stepX;
            m_stepY = t.stepY;
            m_inverseStep = {1.0 / t.stepX.x, 1.0 / t.stepX.y};
            m_slack = 1e-9 + 1e-12 * (std::abs(t.start.x) + std::abs(t.start.y) + std::abs(m_boxLo.x) + std::abs(m_boxLo.y) +
                                      std::abs(m_boxHi.x) + std::abs(m_boxHi.y)) *
                                 (finiteOrZero(m_inverseStep.x) + finiteOrZero(m_inverseStep.y));
            m_clips = std::isfinite(m_slack);
            return;
        }
        const double sx = t.stepX.x, sy = t.stepX.y, tx = t.stepY.x, ty = t.stepY.y;
        const double det = sx * ty - tx * sy;
        const double inverse = 1.0 / det;
        if (!(std::abs(det) > 0.0) || !std::isfinite(inverse)) return;  // a flat lattice: rows unclipped
        const int count = kSupportDirections / stride;  // a power of two
        const auto& directions = supportDirections();
        // Neighbouring sides are always the same angle apart.
        const double inverseCross = 1.0 / (directions[0].x * directions[static_cast<std::size_t>(stride)].y -
                                           directions[0].y * directions[static_cast<std::size_t>(stride)].x);
        const auto shift = [&](glm::dvec2 d) { return rounding - half * (d.x + d.y); };
        std::array<glm::dvec2, kSupportDirections>& corner = m_corner;
        double magnitude = std::abs(t.start.x) + std::abs(t.start.y) + 1.0;
        for (int i = 0; i < count; ++i) {
            const auto j = static_cast<std::size_t>(i * stride), k = static_cast<std::size_t>(((i + 1) & (count - 1)) * stride);
            const glm::dvec2 dj = directions[j], dk = directions[k];
            const double hj = support[j] + shift(dj), hk = support[k] + shift(dk);
            // The corner where side j meets side k, in B.
            const glm::dvec2 p{(hj * dk.y - dj.y * hk) * inverseCross, (dj.x * hk - hj * dk.x) * inverseCross};
            magnitude = std::max(magnitude, std::abs(p.x) + std::abs(p.y));
            const glm::dvec2 q = p - t.start;
            corner[static_cast<std::size_t>(i)] = {(q.x * ty - tx * q.y) * inverse, (sx * q.y - sy * q.x) * inverse};
        }
        for (int i = 0; i < count; ++i) {
            if (!std::isfinite(corner[static_cast<std::size_t>(i)].x) || !std::isfinite(corner[static_cast<std::size_t>(i)].y)) return;
        }
        // Rounding in B, about 2^-52 of the magnitudes subtracted, is magnified by the inverse lattice;
        // 1e-12 leaves a wide margin (clipRow adds a sample on each end for the solve itself).
        m_slack = 1e-9 + 1e-12 * magnitude * (std::abs(sx) + std::abs(sy) + std::abs(tx) + std::abs(ty)) * std::abs(inverse);
        // The extremes kept as values, not re-read through their index: no chain of loads, no branches.
        int top = 0, bottom = 0;
        double topY = corner[0].y, bottomY = corner[0].y;
        m_xMin = m_xMax = corner[0].x;
        for (int i = 1; i < count; ++i) {
            const glm::dvec2 c = corner[static_cast<std::size_t>(i)];
            top = c.y < topY ? i : top;
            topY = std::min(topY, c.y);
            bottom = c.y > bottomY ? i : bottom;
            bottomY = std::max(bottomY, c.y);
            m_xMin = std::min(m_xMin, c.x);
            m_xMax = std::max(m_xMax, c.x);
        }
        m_top = topY - m_slack;
        m_bottom = bottomY + m_slack;
        m_xMin -= m_slack;
        m_xMax += m_slack;
        // The corners run counter-clockwise in B; a lattice with a positive determinant keeps that turn,
        // so from the top corner the forward chain is the right-hand side.
        m_count = count;
        m_topCorner = top;
        m_bottomCorner = bottom;
        m_forwardIsRight = det > 0.0;
        m_clips = true;
    }

    /// The first and last rows that can reach B, clamped to [lo, hi]; first > last when none can.
    std::pair<int, int> rows(int lo, int hi) const {
        if (!m_clips || m_box) return {lo, hi};
        const double first = std::max(m_top, lo - 1.0), last = std::min(m_bottom, hi + 1.0);
        if (!(first <= last)) return {1, 0};
        return {std::max(lo, ceilToInt(first)), std::min(hi, floorToInt(last))};
    }

    /// range() for rows y0 .. y0 + count - 1, into lo[] and hi[]; rows never decrease between calls. Rows
    /// that stay on the same two edges take one line each instead of range()'s questions.
    void ranges(int y0, int count, double* lo, double* hi) {
        for (int k = 0; k < count;) {
            const int y = y0 + k;
            if (!m_clips || m_box || y < m_top + 2.0 * m_slack || y > m_bottom - 2.0 * m_slack) {
                range(y, lo[k], hi[k]);
                ++k;
                continue;
            }
            range(y, lo[k], hi[k]);  // moves both sides onto the edges of row y
            const double end = std::min({m_left.edgeEnd(m_corner.data()), m_right.edgeEnd(m_corner.data()),
                                         m_bottom - 2.0 * m_slack});
            const double loAt0 = m_left.atRow0() - m_slack, loSlope = m_left.slope();
            const double hiAt0 = m_right.atRow0() + m_slack, hiSlope = m_right.slope();
            // Rows before the end stay on those edges (the line through them, as at() would evaluate it
            // up to rounding, which the slack covers many times over).
            // Rows y0 + k < end, counted first so that the loop has no exit but its count (and vectorises).
            const int stop = end >= y0 + count ? count : std::max(k + 1, ceilToInt(end) - y0);
            for (++k; k < stop; ++k) {
                const double row = y0 + k;
                lo[k] = loAt0 + loSlope * row;
                hi[k] = hiAt0 + hiSlope * row;
            }
        }
    }

    /// The samples of row y that can reach B lie in [lo, hi]; y never decreases from one call to the next.
    void range(int y, double& lo, double& hi) {
        constexpr double kInfinity = std::numeric_limits<double>::infinity();
        if (!m_clips) {
            lo = -kInfinity;
            hi = kInfinity;
        } else if (m_box) {
            lo = -kInfinity;
            hi = kInfinity;
            for (int axis = 0; axis < 2; ++axis) {
                const double at = m_start[axis] + m_stepY[axis] * y;
                if (m_stepX[axis] == 0.0) {
                    // The row keeps one coordinate along its length: inside the box's band or not at all.
                    if (at < m_boxLo[axis] - m_slack || at > m_boxHi[axis] + m_slack) {
                        lo = kInfinity;
                        hi = -kInfinity;
                    }
                    continue;
                }
                const double a = (m_boxLo[axis] - at) * m_inverseStep[axis], b = (m_boxHi[axis] - at) * m_inverseStep[axis];
                lo = std::max(lo, std::min(a, b) - m_slack);
                hi = std::min(hi, std::max(a, b) + m_slack);
            }
        } else if (y < m_top || y > m_bottom) {
            lo = kInfinity;
            hi = -kInfinity;
        } else if (y < m_top + 2.0 * m_slack || y > m_bottom - 2.0 * m_slack) {
            // Near the top and bottom corners the edges may be nearly level: the whole width there.
            lo = m_xMin;
            hi = m_xMax;
        } else {
            if (!m_chains) {
                // Built at the first row that needs them: a scan that stops in its first rows never does.
                m_right.start(m_corner.data(), m_count, m_topCorner, m_bottomCorner, m_forwardIsRight ? 1 : -1);
                m_left.start(m_corner.data(), m_count, m_topCorner, m_bottomCorner, m_forwardIsRight ? -1 : 1);
                m_chains = true;
            }
            lo = m_left.at(m_corner.data(), y) - m_slack;
            hi = m_right.at(m_corner.data(), y) + m_slack;
        }
    }

private:
    // One side of the polygon from its top corner to its bottom corner, an edge at a time.
    class Chain {
    public:
        void start(const glm::dvec2* corner, int count, int top, int bottom, int direction) {
            m_count = count;
            m_bottom = bottom;
            m_direction = direction;
            m_next = top;
            advance(corner);
        }
        // x on this side at row y, strictly between the top and bottom corners.
        double at(const glm::dvec2* corner, double y) {
            while (m_next != m_bottom && y >= corner[m_next].y) advance(corner);
            return m_x + (y - m_y) * m_slope;
        }
        // After at(y): rows below this one stay on the same edge, whose x at row 0 and slope follow.
        double edgeEnd(const glm::dvec2* corner) const {
            return m_next == m_bottom ? std::numeric_limits<double>::infinity() : corner[m_next].y;
        }
        double atRow0() const { return m_x - m_y * m_slope; }
        double slope() const { return m_slope; }

    private:
        // Moves on to the edge that starts at corner m_next.
        void advance(const glm::dvec2* corner) {
            const glm::dvec2 from = corner[m_next];
            m_next = (m_next + m_direction + m_count) & (m_count - 1);
            const glm::dvec2 to = corner[m_next];
            const double dy = to.y - from.y;
            m_x = from.x;
            m_y = from.y;
            m_slope = dy > 0.0 ? (to.x - from.x) / dy : 0.0;
        }

        int m_count = 1, m_bottom = 0, m_direction = 1, m_next = 0;
        double m_x = 0.0, m_y = 0.0, m_slope = 0.0;
    };

    bool m_clips = false;
    // B's solid box (stride 4): lo <= start + x stepX + y stepY <= hi.
    bool m_box = false;
    glm::dvec2 m_boxLo{0.0}, m_boxHi{0.0}, m_start{0.0}, m_stepX{0.0}, m_stepY{0.0}, m_inverseStep{0.0};
    bool m_chains = false;
    bool m_forwardIsRight = true;
    int m_count = 0, m_topCorner = 0, m_bottomCorner = 0;
    std::array<glm::dvec2, kSupportDirections> m_corner;  // in the lattice, counter-clockwise in B
    double m_slack = 1.0;
    double m_top = 0.0, m_bottom = 0.0, m_xMin = 0.0, m_xMax = 0.0;
    Chain m_left, m_right;
};

// True when every sample position of A's solid box, and the steps, fit int64 with room to spare: then
// the walk keeps positions in 64 bits.
bool fitsNarrow(const SampleLattice& t, const IntRect& ta) {
    // Far inside the limit in doubles (2^28 pixels is 2^60 in fixed point), the exact check is not needed.
    const double reach = std::max(std::abs(ta.x0), std::abs(ta.x1)) * (std::abs(t.stepX.x) + std::abs(t.stepX.y)) +
                         std::max(std::abs(ta.y0), std::abs(ta.y1)) * (std::abs(t.stepY.x) + std::abs(t.stepY.y)) +
                         std::abs(t.start.x) + std::abs(t.start.y);
    if (reach < 0x1p28) return true;
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

// Walks clipped rows of A with 64-bit positions (wrapping unsigned arithmetic: every position that is
// picked lies in A's solid box and fits, whatever the steps past the end of a row).
template <bool kXna>
class RowWalker {
public:
    RowWalker(const AlphaMask& ma, const AlphaMask& mb, const SampleLattice& t, HitSink& sink, CollisionResult& r, int x0,
              bool avx2)
        : m_sink(sink), m_r(r), m_width(static_cast<std::uint64_t>(mb.width())),
          m_height(static_cast<std::uint64_t>(mb.height())), m_words(static_cast<std::uint64_t>(mb.wordsPerRow())),
          m_bits(mb.bitRow(0).data()), m_bitsA(ma.bitRow(0).data()), m_wordsA(ma.wordsPerRow()),
          m_dx(static_cast<std::uint64_t>(static_cast<std::int64_t>(t.stepXFx.x))),
          m_dy(static_cast<std::uint64_t>(static_cast<std::int64_t>(t.stepXFx.y))), m_x0(x0),
          m_vector(avx2) {
        for (int k = 0; k < 4; ++k) {
            m_laneX[static_cast<std::size_t>(k)] = static_cast<std::int64_t>(static_cast<std::uint64_t>(k) * m_dx);
            m_laneY[static_cast<std::size_t>(k)] = static_cast<std::int64_t>(static_cast<std::uint64_t>(k) * m_dy);
        }
    }

    /// Walks A's solid samples xFirst..xLast of row y, whose sample x0 sits at (baseX, baseY). Returns
    /// true when the scan should stop.
    bool walk(int y, std::uint64_t baseX, std::uint64_t baseY, int xFirst, int xLast) {
        const std::uint64_t* rowA = m_bitsA + static_cast<std::size_t>(y) * static_cast<std::size_t>(m_wordsA);
        const auto offset = static_cast<std::uint64_t>(xFirst - m_x0);
        std::uint64_t px = baseX + offset * m_dx, py = baseY + offset * m_dy;
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
                    const std::uint64_t qx = px + static_cast<std::uint64_t>(lead) * m_dx, qy = py + static_cast<std::uint64_t>(lead) * m_dy;
                    if (chunk(qx, qy, 1) != 0) {
                        m_r.samples += 1;
                        return report(y, base + lead, 1, qx, qy);
                    }
                }
                const std::uint64_t found =
                    (chunk(px + static_cast<std::uint64_t>(lead) * m_dx, py + static_cast<std::uint64_t>(lead) * m_dy, m) << lead) &
                    solidA;
                m_r.samples += m;
                // Once only the count matters, no branch waits on the samples' answer.
                if (m_countOnly) {
                    m_sink.addCount(countBits(found));
                } else if (found != 0) {
                    if (report(y, base, found, px, py)) return true;
                    m_countOnly = m_sink.onlyCounts();
                }
            }
            px += 64 * m_dx;
            py += 64 * m_dy;
        }
        return false;
    }

    /// True when the rows left need only counting, and countRows() may do it: Center sampling with AVX2,
    /// full mode without a list, first hit recorded.
    bool countsOnly() const { return !kXna && m_vector && m_countOnly; }

    /// Counts the hits of `rows` rows from y0 on, clipped ahead to first[k]..last[k], row y0's sample x0
    /// sitting at (baseX, baseY) and each next row one (stepX, stepY) further; only when countsOnly().
    void countRows(int y0, int rows, const int* first, const int* last, std::uint64_t baseX, std::uint64_t baseY,
                   std::uint64_t stepX, std::uint64_t stepY) {
        const CountRows c{m_bitsA, m_wordsA, m_x0, m_bits, m_words, m_width, m_height, m_dx, m_dy,
                          y0,      rows,     first, last,   baseX,   baseY,   stepX,    stepY};
        std::int64_t count = 0;
        const std::uint32_t left = countRowsAvx2(c, count, m_r.samples);
        m_sink.addCount(count);
        // The rows it left, one at a time (walk() only counts now).
        for (std::uint32_t rest = left; rest != 0; rest &= rest - 1) {
            const auto k = static_cast<std::uint64_t>(std::countr_zero(rest));
            walk(y0 + static_cast<int>(k), baseX + k * stepX, baseY + k * stepY, first[k], last[k]);
        }
    }

private:
    static std::int64_t pick(std::uint64_t p) { return pick64<kXna>(static_cast<std::int64_t>(p)); }

    // The hit bits of n <= 64 samples from (px, py) on, bit i for sample i.
    std::uint64_t chunk(std::uint64_t px, std::uint64_t py, int n) const {
        const std::uint64_t width = m_width, height = m_height, words = m_words;
        const std::uint64_t* const bits = m_bits;
        const std::uint64_t dx = m_dx, dy = m_dy;
        const auto inB = [&](std::uint64_t x, std::uint64_t y) {
            return static_cast<std::uint64_t>(pick(x)) < width && static_cast<std::uint64_t>(pick(y)) < height;
        };
        std::uint64_t found = 0;
        const auto last = static_cast<std::uint64_t>(n - 1);
        // Picking is monotonic along the walk, so when both ends are inside B all samples are; a few
        // samples cost less than checking both ends, so they take the checked loop directly.
        if (n >= 4 && inB(px, py) && inB(px + last * dx, py + last * dy)) {
            if (!kXna && m_vector && n >= kVectorChunk) {
                return insideChunkAvx2(bits, words, static_cast<std::int64_t>(px), static_cast<std::int64_t>(py),
                                       m_laneX.data(), m_laneY.data(), n);
            }
            for (int i = 0; i < n; ++i, px += dx, py += dy) {
                const auto bx = static_cast<std::uint64_t>(pick(px)), by = static_cast<std::uint64_t>(pick(py));
                found |= ((bits[by * words + (bx >> 6)] >> (bx & 63)) & 1u) << i;
            }
            return found;
        }
        // Without branches: samples outside B read word 0 and are masked off.
        for (int i = 0; i < n; ++i, px += dx, py += dy) {
            const auto bx = static_cast<std::uint64_t>(pick(px)), by = static_cast<std::uint64_t>(pick(py));
            const std::uint64_t inside = static_cast<std::uint64_t>(bx < width) & static_cast<std::uint64_t>(by < height);
            const std::uint64_t word = bits[inside ? by * words + (bx >> 6) : 0];
            found |= ((word >> (bx & 63)) & inside) << i;
        }
        return found;
    }

    // Hands the hits of one chunk to the sink in scan order; true when the scan should stop.
    bool report(int y, int base, std::uint64_t found, std::uint64_t px, std::uint64_t py) {
        const auto pixelOf = [&](int i) {
            const auto step = static_cast<std::uint64_t>(i);
            return std::pair{pick(px + step * m_dx), pick(py + step * m_dy)};
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
    std::uint64_t m_dx, m_dy;
    int m_x0;
    bool m_vector;
    std::array<std::int64_t, 4> m_laneX, m_laneY;  // 0, 1, 2 and 3 steps, for the AVX2 walk
    bool m_countOnly = false;
};

// The clipped ranges of `count` rows: row k keeps A's samples first[k]..last[k] (first > last when none),
// those of its solid extent whose x lies in [lo[k], hi[k]], the part of the row that can land in B's
// polygon. The bounds already carry the slack for the rounding of the solve; they are clamped to one
// sample beyond the extent first, so the conversions to int are in range. No branch, so that it
// vectorises; a NaN bound keeps the whole row (a wider clip only walks more samples, each still decided
// exactly).
[[gnu::always_inline]] inline void clipRowsBody(const SolidSpan* extent, int count, const double* lo, const double* hi,
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
void clipRows(const SolidSpan* extent, int count, const double* lo, const double* hi, int* first, int* last) {
    clipRowsBody(extent, count, lo, hi, first, last);
}
#if defined(__x86_64__)
// clipRows four rows at a time with AVX2. max_pd and min_pd return their second operand when the first
// is NaN, so a NaN bound keeps the whole row here too.
[[gnu::target("avx2")]] void clipRowsAvx2(const SolidSpan* extent, int count, const double* lo, const double* hi, int* first,
                                          int* last) {
    static_assert(sizeof(SolidSpan) == 2 * sizeof(int));
    const __m256i split = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
    const __m128i one = _mm_set1_epi32(1);
    int k = 0;
    for (; k + 4 <= count; k += 4) {
        // Four extents, x0s in the low half and x1s in the high half.
        const __m256i both = _mm256_permutevar8x32_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(extent + k)), split);
        const __m128i x0 = _mm256_castsi256_si128(both), x1 = _mm256_extracti128_si256(both, 1);
        const __m256d from = _mm256_sub_pd(_mm256_cvtepi32_pd(x0), _mm256_set1_pd(1.0)), to = _mm256_cvtepi32_pd(x1);
        const __m256d l = _mm256_min_pd(_mm256_max_pd(_mm256_loadu_pd(lo + k), from), to);
        const __m256d h = _mm256_max_pd(_mm256_min_pd(_mm256_loadu_pd(hi + k), to), from);
        const __m128i f = _mm_max_epi32(_mm256_cvttpd_epi32(_mm256_ceil_pd(l)), x0);
        const __m128i t = _mm_min_epi32(_mm256_cvttpd_epi32(_mm256_floor_pd(h)), _mm_sub_epi32(x1, one));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(first + k), f);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(last + k), t);
    }
    clipRowsBody(extent + k, count - k, lo + k, hi + k, first + k, last + k);
}
#else
void clipRowsAvx2(const SolidSpan* extent, int count, const double* lo, const double* hi, int* first, int* last) {
    clipRowsBody(extent, count, lo, hi, first, last);
}
#endif

// One row, its range worked out by the polygon; false when it keeps no sample.
inline bool clipRow(const AlphaMask& ma, LatticePolygon& polygon, int y, int& xFirst, int& xLast) {
    double lo, hi;
    polygon.range(y, lo, hi);
    clipRowsBody(ma.rowExtents().data() + y, 1, &lo, &hi, &xFirst, &xLast);
    return xFirst <= xLast;
}

// The first rows are clipped to B's solid box alone and the whole polygon comes after a few rows: a scan
// that stops early (hit-only mode, short sprites) never pays for it.
constexpr int kRowsOnTheBox = 8;

// Positions beyond int64: 128-bit arithmetic sample by sample, over A's solid spans.
void scanWide(const AlphaMask& ma, const AlphaMask& mb, const SampleLattice& t, HitSink& sink, CollisionResult& r) {
    const IntRect ta = ma.tightBounds();
    LatticePolygon polygon(mb, t, ta, 4);
    int yLast = ta.y1 - 1;
    bool wholePolygon = false;
    for (int y = ta.y0; y <= yLast; ++y) {
        if (!wholePolygon && y - ta.y0 >= kRowsOnTheBox) {
            // The whole polygon after the first rows; it also tells where the rows that can reach B end.
            polygon = LatticePolygon(mb, t, ta, 1);
            wholePolygon = true;
            yLast = std::min(yLast, polygon.rows(y, yLast).second);
        }
        int xFirst, xLast;
        if (!clipRow(ma, polygon, y, xFirst, xLast)) continue;
        for (const SolidSpan& span : ma.rowSpans(y)) {
            const int x0 = std::max(span.x0, xFirst), x1 = std::min(span.x1, xLast + 1);
            if (x0 < x1 && walkWide(mb, t, sink, r, y, x0, x1, samplePositionInB(t, x0, y))) return;
        }
    }
}

// Out of line, so that the translation path does not pay for this one's stack frame.
template <bool kXna>
[[gnu::noinline]] void scanTransformed(const AlphaMask& ma, const AlphaMask& mb, const SampleLattice& t, HitSink& sink,
                                       CollisionResult& r, bool avx2) {
    const IntRect ta = ma.tightBounds();
    if (!fitsNarrow(t, ta)) {
        scanWide(ma, mb, t, sink, r);
        return;
    }
    RowWalker<kXna> walker(ma, mb, t, sink, r, ta.x0, avx2);
    const FixedVec start = samplePositionInB(t, ta.x0, ta.y0);
    std::uint64_t baseX = static_cast<std::uint64_t>(static_cast<std::int64_t>(start.x));
    std::uint64_t baseY = static_cast<std::uint64_t>(static_cast<std::int64_t>(start.y));
    const auto stepX = static_cast<std::uint64_t>(static_cast<std::int64_t>(t.stepYFx.x));
    const auto stepY = static_cast<std::uint64_t>(static_cast<std::int64_t>(t.stepYFx.y));
    const int yLast = ta.y1 - 1;
    int y = ta.y0;
    if (sink.stops()) {
        // The first rows one at a time on B's box: a hit there ends the scan before anything else is built.
        LatticePolygon box(mb, t, ta, 4);
        for (; y <= yLast && y - ta.y0 < kRowsOnTheBox; ++y, baseX += stepX, baseY += stepY) {
            int xFirst, xLast;
            if (clipRow(ma, box, y, xFirst, xLast) && walker.walk(y, baseX, baseY, xFirst, xLast)) return;
        }
    }
    // The rest is clipped to the whole polygon a block of rows at a time before any of them is walked,
    // so that the walk's branches read finished ranges instead of waiting for each row's clip.
    LatticePolygon polygon(mb, t, ta, 1);
    const auto [yFrom, yTo] = polygon.rows(y, yLast);
    baseX += static_cast<std::uint64_t>(yFrom - y) * stepX;
    baseY += static_cast<std::uint64_t>(yFrom - y) * stepY;
    const SolidSpan* extents = ma.rowExtents().data();
    constexpr int kBlock = 32;
    std::array<int, kBlock> first, last;
    std::array<double, kBlock> lo, hi;
    for (int y0 = yFrom; y0 <= yTo; y0 += kBlock) {
        const int rows = std::min(kBlock, yTo - y0 + 1);
        polygon.ranges(y0, rows, lo.data(), hi.data());
        (avx2 ? clipRowsAvx2 : clipRows)(extents + y0, rows, lo.data(), hi.data(), first.data(), last.data());
        int k = 0;
        for (; k < rows && !walker.countsOnly(); ++k, baseX += stepX, baseY += stepY) {
            const auto i = static_cast<std::size_t>(k);
            if (first[i] <= last[i] && walker.walk(y0 + k, baseX, baseY, first[i], last[i])) return;
        }
        if (k < rows) {
            // Once only the count is wanted, the rest of the block in one go.
            walker.countRows(y0 + k, rows - k, first.data() + k, last.data() + k, baseX, baseY, stepX, stepY);
            baseX += static_cast<std::uint64_t>(rows - k) * stepX;
            baseY += static_cast<std::uint64_t>(rows - k) * stepY;
        }
    }
}
}  // namespace

CollisionResult pixelFast(const Body& a, const Body& b, const TestOptions& options) {
    return pixelFast(a, b, options, PixelFastCode::Fastest);
}

CollisionResult pixelFast(const Body& a, const Body& b, const TestOptions& options, PixelFastCode code) {
    CollisionResult r;
    const AlphaMask& ma = *a.mask;
    const AlphaMask& mb = *b.mask;
    if (ma.solidCount() == 0 || mb.solidCount() == 0) return r;
    const SampleLattice t = makeSampleLattice(a.transform, b.transform, options.sampling);
    HitSink sink(r, options, a.transform, options.sampling);
    // Read once per call: the CPU's answer never changes while the program runs.
    static const bool cpuAvx2 = cpuHasAvx2();
    const bool avx2 = code == PixelFastCode::Fastest && cpuAvx2;
    if (isWholePixelTranslation(t)) {
        scanTranslation(ma, mb, t, sink, r, avx2);
    } else if (options.sampling == Sampling::Xna) {
        scanTransformed<true>(ma, mb, t, sink, r, avx2);
    } else {
        scanTransformed<false>(ma, mb, t, sink, r, avx2);
    }
    sink.finish();
    return r;
}

}  // namespace cl
