// The AVX2 twins of the kernels in kernels.h, and the CPU check that chooses every kernel (kCpuLevel).
// Each function carries its own target attribute, so that nothing else in the program is built for AVX2.

#include "core/collision/pixel_fast/kernels.h"

#include <algorithm>
#include <cstdint>

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#endif

namespace cl::pixel_fast::avx2 {
#if defined(__x86_64__)
namespace {

// LZCNT (ABM): CPUID 0x80000001, ECX bit 5. Not every compiler's __builtin_cpu_supports knows its name
// (clang 14 does not).
bool cpuHasLzcnt() {
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    return __get_cpuid(0x80000001u, &eax, &ebx, &ecx, &edx) != 0 && (ecx & (1u << 5)) != 0;
}

// The AVX2 code also uses POPCNT, BMI1, BMI2 and LZCNT, which come with every CPU that has AVX2.
KernelLevel cpuLevel() {
    __builtin_cpu_init();  // kCpuLevel is set by a static initializer, which may run before libgcc sets this up
    const bool popcnt = __builtin_cpu_supports("popcnt");
    if (__builtin_cpu_supports("avx2") && popcnt && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
        cpuHasLzcnt()) {
        return KernelLevel::Avx2;
    }
    return popcnt ? KernelLevel::Popcnt : KernelLevel::Portable;
}

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

// Eight samples along a row at a time, one 32-bit lane each: their 64-bit positions in two vectors per
// axis (samples 0, 1, 4, 5 in `low`, 2, 3, 6, 7 in `high`, so that one shuffle of their upper halves
// lines the whole parts up in order), moved on by eight steps after each read, and B's bits read as
// 32-bit words (word k of B's bit rows holds pixels 32k..32k+31, the 64-bit words being little-endian),
// so that one gather reads eight samples.
struct EightSteps {
    const int* bits;     // B's bits as 32-bit words
    __m256i words;       // B's row length in 32-bit words, in each 32-bit lane
    __m256i low5;        // 31 in each 32-bit lane
    __m256i lowX, lowY;  // 0, 1, 4 and 5 steps
    __m256i twoX, twoY;  // two steps
    __m256i eightX, eightY;
};

struct EightPositions {
    __m256i lowX, highX, lowY, highY;
};

// Whether every 32-bit word index of B fits an int: then the eight-lane gathers may read B.
inline bool fitsEight(const RowInB& b) { return b.height * b.words * 2 <= 0x7fffffffu; }

[[gnu::target("avx2"), gnu::always_inline]] inline EightSteps eightSteps(const RowInB& b) {
    const auto steps = [](std::uint64_t one, int k) { return static_cast<long long>(one * static_cast<std::uint64_t>(k)); };
    EightSteps s;
    s.bits = reinterpret_cast<const int*>(b.bits);
    s.words = _mm256_set1_epi32(static_cast<int>(b.words * 2));
    s.low5 = _mm256_set1_epi32(31);
    s.lowX = _mm256_setr_epi64x(0, steps(b.alongRowX, 1), steps(b.alongRowX, 4), steps(b.alongRowX, 5));
    s.lowY = _mm256_setr_epi64x(0, steps(b.alongRowY, 1), steps(b.alongRowY, 4), steps(b.alongRowY, 5));
    s.twoX = _mm256_set1_epi64x(steps(b.alongRowX, 2));
    s.twoY = _mm256_set1_epi64x(steps(b.alongRowY, 2));
    s.eightX = _mm256_set1_epi64x(steps(b.alongRowX, 8));
    s.eightY = _mm256_set1_epi64x(steps(b.alongRowY, 8));
    return s;
}

// The positions of the eight samples from (px, py) on.
[[gnu::target("avx2"), gnu::always_inline]] inline EightPositions eightAt(const EightSteps& s, std::uint64_t px,
                                                                        std::uint64_t py) {
    EightPositions p;
    p.lowX = _mm256_add_epi64(_mm256_set1_epi64x(static_cast<long long>(px)), s.lowX);
    p.lowY = _mm256_add_epi64(_mm256_set1_epi64x(static_cast<long long>(py)), s.lowY);
    p.highX = _mm256_add_epi64(p.lowX, s.twoX);
    p.highY = _mm256_add_epi64(p.lowY, s.twoY);
    return p;
}

[[gnu::target("avx2"), gnu::always_inline]] inline void nextEight(EightPositions& p, const EightSteps& s) {
    p.lowX = _mm256_add_epi64(p.lowX, s.eightX);
    p.highX = _mm256_add_epi64(p.highX, s.eightX);
    p.lowY = _mm256_add_epi64(p.lowY, s.eightY);
    p.highY = _mm256_add_epi64(p.highY, s.eightY);
}

// The upper halves of the positions in `low` and `high`, in sample order: within each 128-bit half,
// low's two upper halves and then high's (a shuffle that moves bits, whatever they mean as floats).
[[gnu::target("avx2"), gnu::always_inline]] inline __m256i wholeParts(__m256i low, __m256i high) {
    return _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(low), _mm256_castsi256_ps(high), _MM_SHUFFLE(3, 1, 3, 1)));
}

// The eight samples at p, each one's bit of B at the top of its lane; only the lanes set in `read` read B
// (every lane when kAll), the others give 0. Center sampling: the pixel is a position's whole part, its
// upper 32 bits.
template <bool kAll>
[[gnu::target("avx2"), gnu::always_inline]] inline __m256i topEight(const EightSteps& s, const EightPositions& p,
                                                                   __m256i read) {
    static_assert(kFixedFractionBits == 32);
    const __m256i bx = wholeParts(p.lowX, p.highX), by = wholeParts(p.lowY, p.highY);
    const __m256i index = _mm256_add_epi32(_mm256_mullo_epi32(by, s.words), _mm256_srli_epi32(bx, 5));
    const __m256i word = kAll ? _mm256_i32gather_epi32(s.bits, index, 4)
                              : _mm256_mask_i32gather_epi32(_mm256_setzero_si256(), s.bits, index, read, 4);
    return _mm256_sllv_epi32(word, _mm256_andnot_si256(bx, s.low5));
}

// The first `n` lanes (0 <= n <= 8) set.
[[gnu::target("avx2"), gnu::always_inline]] inline __m256i firstLanes(int n) {
    return _mm256_cmpgt_epi32(_mm256_set1_epi32(n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

// The hit bits of the 32 samples from p on, all inside B, bit i for sample i; p moves on past them. The
// four groups' top bits are packed as they come, with signed saturation, which keeps each lane's sign:
// two packs leave the samples' bytes in the order 0-3, 8-11, 16-19, 24-27, 4-7, 12-15, ... (each pack
// works within 128-bit halves), and one permute puts them back in order for movemask.
[[gnu::target("avx2"), gnu::always_inline]] inline std::uint32_t hitsThirtyTwo(const EightSteps& s, EightPositions& p) {
    const __m256i t0 = topEight<true>(s, p, __m256i{});
    nextEight(p, s);
    const __m256i t1 = topEight<true>(s, p, __m256i{});
    nextEight(p, s);
    __m256i t01 = _mm256_packs_epi32(t0, t1);
    // Packed here, not later: GCC otherwise sinks every shift and pack below the last gather and spills
    // the groups' words to the stack (an empty asm is not moved).
    __asm__("" : "+x"(t01));
    const __m256i t2 = topEight<true>(s, p, __m256i{});
    nextEight(p, s);
    const __m256i t3 = topEight<true>(s, p, __m256i{});
    nextEight(p, s);
    const __m256i bytes = _mm256_packs_epi16(t01, _mm256_packs_epi32(t2, t3));
    const __m256i ordered = _mm256_permutevar8x32_epi32(bytes, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
    auto bits = static_cast<std::uint32_t>(_mm256_movemask_epi8(ordered));
    __asm__("" : "+r"(bits));
    return bits;
}

// The hit bits of 1 <= n <= 64 samples from p on, all inside B, bit i for sample i; p moves on past them
// (by whole groups of eight).
[[gnu::target("avx2"), gnu::always_inline]] inline std::uint64_t hitsInsideEight(const EightSteps& s, EightPositions& p,
                                                                                int n) {
    std::uint64_t found = 0;
    int i = 0;
    for (; i + 32 <= n; i += 32) found |= static_cast<std::uint64_t>(hitsThirtyTwo(s, p)) << i;
    for (; i + 8 <= n; i += 8) {
        found |= static_cast<std::uint64_t>(_mm256_movemask_ps(_mm256_castsi256_ps(topEight<true>(s, p, __m256i{})))) << i;
        nextEight(p, s);
    }
    if (i < n) {
        const __m256i top = topEight<false>(s, p, firstLanes(n - i));
        found |= static_cast<std::uint64_t>(_mm256_movemask_ps(_mm256_castsi256_ps(top))) << i;
        nextEight(p, s);
    }
    return found;
}

}  // namespace
}  // namespace cl::pixel_fast::avx2

namespace cl::pixel_fast {
const KernelLevel kCpuLevel = avx2::cpuLevel();
}  // namespace cl::pixel_fast

namespace cl::pixel_fast::avx2 {

// Four of A's words and the B words under them at a time, the last four ending at the row's last word
// (OR-ing a word in twice changes nothing). Only B's first low word and last high word can lie outside
// B's row; those lanes are masked off.
[[gnu::target("avx2")]] int firstSharedRow(const RowPass& pass, const std::uint64_t* rowA, const std::uint64_t* rowB, int y,
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

// Center sampling: every position is >= 0 and picking is a plain shift. Four samples at a time with a
// gather of B's words; the last four end exactly at sample n - 1, overlapping the ones before when n is
// not a multiple of four (every sample is inside B, so any of them may be read twice). The same integer
// arithmetic as the portable loop.
[[gnu::target("avx2")]] std::uint64_t hitsInsideB(const std::uint64_t* bits, std::uint64_t words, std::int64_t px,
                                                  std::int64_t py, const std::int64_t* laneX, const std::int64_t* laneY,
                                                  int n) {
    const __m256i offsetX = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(laneX));
    const __m256i offsetY = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(laneY));
    const std::int64_t alongRowX = laneX[1], alongRowY = laneY[1];
    const __m256i wordsPerRow = _mm256_set1_epi64x(static_cast<long long>(words));
    const __m256i low6 = _mm256_set1_epi64x(63);
    std::uint64_t found = 0;
    for (int i = 0; i < n - 4; i += 4) {
        found |= gatherFour(bits, wordsPerRow, low6, px + i * alongRowX, py + i * alongRowY, offsetX, offsetY) << i;
    }
    const int i = n - 4;
    return found | gatherFour(bits, wordsPerRow, low6, px + i * alongRowX, py + i * alongRowY, offsetX, offsetY) << i;
}

// Groups of four short rows inside B go one row per lane, all four a sample further each step: such rows
// are short (a dozen samples on F/R) and vary in length, so a loop per row would cost more around its
// gathers than the gathers themselves. Every other row goes chunk by chunk as the walk counts them, eight
// samples a gather; a row lying inside B from end to end (the most common) without checking each chunk's
// ends, its positions moved on from one chunk to the next.
[[gnu::target("avx2,popcnt,bmi,bmi2,lzcnt")]] void countRows(const CountRows& c, std::int64_t& count,
                                                             std::int64_t& samples) {
    const RowInB& b = c.b;
    const bool eight = fitsEight(b);
    const EightSteps steps = eightSteps(b);
    // The lambdas carry the target too (they do not inherit it); GCC inlines them once countRowChunks
    // is inlined here.
    const auto popcount = [](std::uint64_t v) __attribute__((target("popcnt"))) {
        return static_cast<std::int64_t>(__builtin_popcountll(v));
    };
    const auto inside = [&](std::uint64_t px, std::uint64_t py, int n) __attribute__((target("avx2"))) {
        if (!eight) return portable::hitsInsideB<false>(b.bits, b.words, px, py, b.alongRowX, b.alongRowY, n);
        EightPositions p = eightAt(steps, px, py);
        return hitsInsideEight(steps, p, n);
    };
    const std::uint64_t alongRowX = b.alongRowX, alongRowY = b.alongRowY;
    // A position picks a pixel inside B when it is below width (height) in 32.32 fixed point.
    const std::uint64_t limitX = b.width << kFixedFractionBits, limitY = b.height << kFixedFractionBits;
    const auto row = [&](int k) __attribute__((target("avx2,popcnt,bmi,bmi2,lzcnt"))) {
        const int xFirst = c.first[k], xLast = c.last[k];
        if (xFirst > xLast) return;
        const std::uint64_t px = c.xAt(k, xFirst), py = c.yAt(k, xFirst);
        const auto end = static_cast<std::uint64_t>(xLast - xFirst);
        const std::uint64_t* rowA = c.rowA(k);
        if (!(eight && px < limitX && py < limitY && px + end * alongRowX < limitX && py + end * alongRowY < limitY)) {
            portable::countRowChunks<false>(b, rowA, c.wordsA, xFirst, xLast, px, py, count, samples, inside, popcount);
            return;
        }
        EightPositions p = eightAt(steps, px, py);
        // Every sample of a chunk is read (they all lie inside B) and A's bits keep the solid ones; the
        // samples looked at are those the walk looks at, from the first to the last solid one.
        std::int64_t hits = 0, looked = 0;
        int base = xFirst;
        for (; xLast - base >= 63; base += 64) {
            const std::uint64_t solidA = rowBits(rowA, c.wordsA, base, 64);
            const std::uint64_t low = hitsThirtyTwo(steps, p);
            const std::uint64_t found = low | static_cast<std::uint64_t>(hitsThirtyTwo(steps, p)) << 32;
            looked += solidA != 0 ? 64 - std::countl_zero(solidA) - std::countr_zero(solidA) : 0;
            hits += popcount(found & solidA);
        }
        if (base <= xLast) {
            const int n = xLast - base + 1;
            const std::uint64_t solidA = rowBits(rowA, c.wordsA, base, n);
            const std::uint64_t found = hitsInsideEight(steps, p, n);
            looked += solidA != 0 ? 64 - std::countl_zero(solidA) - std::countr_zero(solidA) : 0;
            hits += popcount(found & solidA);
        }
        count += hits;
        samples += looked;
    };
    if (!c.lanes) {
        for (int k = 0; k < c.rows; ++k) row(k);
        return;
    }
    const __m256i wordsPerRow = _mm256_set1_epi64x(static_cast<long long>(b.words));
    const __m256i low6 = _mm256_set1_epi64x(63);
    const __m256i oneX = _mm256_set1_epi64x(static_cast<long long>(alongRowX));
    const __m256i oneY = _mm256_set1_epi64x(static_cast<long long>(alongRowY));
    const std::uint64_t* const bitsB = b.bits;
    std::int64_t looked = 0;
    __m256i laneHits = _mm256_setzero_si256();
    // Lane i of the group from row k: where its first sample lands, A's solid bits from there (bit s for
    // step s) and its length; empty past the last row. `fits` when the row may join the group.
    struct Lane {
        std::uint64_t x = 0, y = 0, solid = 0;
        int n = 0;
        bool fits = true;
    };
    const auto lane = [&](int k) {
        Lane l;
        if (k >= c.rows) return l;
        const int xFirst = c.first[k], n = c.last[k] - xFirst + 1;
        if (n <= 0) return l;
        l.n = n;
        // A row longer than 64 samples never fits (and most such rows are long: nothing more to work out).
        if (n > 64) {
            l.fits = false;
            return l;
        }
        const auto end = static_cast<std::uint64_t>(n - 1);
        l.x = c.xAt(k, xFirst);
        l.y = c.yAt(k, xFirst);
        l.fits = l.x < limitX && l.y < limitY && l.x + end * alongRowX < limitX && l.y + end * alongRowY < limitY;
        l.solid = l.fits ? rowBits(c.rowA(k), c.wordsA, xFirst, n) : 0;
        return l;
    };
    for (int k = 0; k < c.rows; k += 4) {
        const Lane l0 = lane(k), l1 = lane(k + 1), l2 = lane(k + 2), l3 = lane(k + 3);
        if (!(l0.fits && l1.fits && l2.fits && l3.fits)) {
            for (int j = k; j < std::min(k + 4, c.rows); ++j) row(j);
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
}

// max_pd and min_pd return their second operand when the first is NaN, so a NaN bound keeps the whole
// row here too.
[[gnu::target("avx2")]] void clipRows(const SolidSpan* extent, int count, const double* lo, const double* hi, int* first,
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
    portable::clipRows(extent + k, count - k, lo + k, hi + k, first + k, last + k);
}

#else
}  // namespace cl::pixel_fast::avx2

namespace cl::pixel_fast {
const KernelLevel kCpuLevel = KernelLevel::Portable;
}  // namespace cl::pixel_fast

namespace cl::pixel_fast::avx2 {

int firstSharedRow(const RowPass&, const std::uint64_t*, const std::uint64_t*, int, int rows, int) { return rows; }
void clipRows(const SolidSpan*, int, const double*, const double*, int*, int*) {}
std::uint64_t hitsInsideB(const std::uint64_t*, std::uint64_t, std::int64_t, std::int64_t, const std::int64_t*,
                          const std::int64_t*, int) {
    return 0;
}
void countRows(const CountRows&, std::int64_t&, std::int64_t&) {}
#endif
}  // namespace cl::pixel_fast::avx2
