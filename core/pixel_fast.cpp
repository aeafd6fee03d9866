#include "core/pixel_fast.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>

#if defined(__x86_64__)
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

// ---------------------------------------------------------------------------------------------------
// Whole-pixel translations: A's row and B's row compared 64 pixels at a time.

// True when A's pixel (x, y) lands on B's pixel (x + offset.x, y + offset.y) for every x, y.
bool isWholePixelTranslation(const PairTransform& t) {
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

void scanTranslation(const AlphaMask& ma, const AlphaMask& mb, const PairTransform& t, HitSink& sink,
                     CollisionResult& r) {
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
    for (;;) {
        switch (words) {
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
bool walkWide(const AlphaMask& mb, const PairTransform& t, HitSink& sink, CollisionResult& r, int y, int x0, int x1,
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

#if defined(__x86_64__)
bool cpuHasAvx2() { return __builtin_cpu_supports("avx2"); }

// The hit bits of n <= 64 samples of a chunk that lies inside B, for Center sampling (so every position
// is >= 0 and picking is a plain shift), four samples at a time with a gather of B's words. The same
// integer arithmetic as the scalar loop.
[[gnu::target("avx2")]] std::uint64_t insideChunkAvx2(const std::uint64_t* bits, std::uint64_t words, std::int64_t px,
                                                     std::int64_t py, std::int64_t dx, std::int64_t dy, int n) {
    __m256i qx = _mm256_set_epi64x(px + 3 * dx, px + 2 * dx, px + dx, px);
    __m256i qy = _mm256_set_epi64x(py + 3 * dy, py + 2 * dy, py + dy, py);
    const __m256i stepX = _mm256_set1_epi64x(4 * dx), stepY = _mm256_set1_epi64x(4 * dy);
    const __m256i wordsPerRow = _mm256_set1_epi64x(static_cast<long long>(words));
    const __m256i low6 = _mm256_set1_epi64x(63);
    std::uint64_t found = 0;
    int i = 0;
    for (; i + 4 <= n; i += 4) {
        const __m256i bx = _mm256_srli_epi64(qx, kFixedFractionBits);
        const __m256i by = _mm256_srli_epi64(qy, kFixedFractionBits);
        // by and the row length are below 2^32, so the 32 x 32 -> 64 multiply is exact.
        const __m256i index = _mm256_add_epi64(_mm256_mul_epu32(by, wordsPerRow), _mm256_srli_epi64(bx, 6));
        const __m256i word = _mm256_i64gather_epi64(reinterpret_cast<const long long*>(bits), index, 8);
        // Move each sample's bit to the top of its lane, where movemask reads it.
        const __m256i top = _mm256_sllv_epi64(word, _mm256_sub_epi64(low6, _mm256_and_si256(bx, low6)));
        found |= static_cast<std::uint64_t>(_mm256_movemask_pd(_mm256_castsi256_pd(top))) << i;
        qx = _mm256_add_epi64(qx, stepX);
        qy = _mm256_add_epi64(qy, stepY);
    }
    for (std::int64_t x = px + i * dx, y = py + i * dy; i < n; ++i, x += dx, y += dy) {
        const auto bx = static_cast<std::uint64_t>(x >> kFixedFractionBits), by = static_cast<std::uint64_t>(y >> kFixedFractionBits);
        found |= ((bits[by * words + (bx >> 6)] >> (bx & 63)) & 1u) << i;
    }
    return found;
}
#else
bool cpuHasAvx2() { return false; }
std::uint64_t insideChunkAvx2(const std::uint64_t*, std::uint64_t, std::int64_t, std::int64_t, std::int64_t, std::int64_t, int) {
    return 0;  // never called: cpuHasAvx2() is false
}
#endif

// Exact product of a small integer and a fixed-point step that fits 64 bits: one widening multiply.
inline Fixed times(std::int64_t n, std::int64_t step) { return static_cast<Fixed>(n) * static_cast<Fixed>(step); }

// Shorter chunks than this cost more to set up in vectors than they save.
constexpr int kVectorChunk = 12;

// Whether the walk may use the AVX2 chunk below: the CPU has it and no test has switched it off.
std::atomic<bool> g_vectorWalk{cpuHasAvx2()};

template <bool kXna>
class RowWalker {
public:
    RowWalker(const AlphaMask& mb, const PairTransform& t, HitSink& sink, CollisionResult& r)
        : m_mb(mb), m_t(t), m_sink(sink), m_r(r), m_width(static_cast<std::uint64_t>(mb.width())),
          m_height(static_cast<std::uint64_t>(mb.height())), m_words(static_cast<std::uint64_t>(mb.wordsPerRow())),
          m_bits(mb.bitRow(0).data()), m_dx(static_cast<std::int64_t>(t.stepXFx.x)),
          m_dy(static_cast<std::int64_t>(t.stepXFx.y)), m_vector(g_vectorWalk.load(std::memory_order_relaxed)) {
        // Longest run whose positions stay in int64 when its first position is below 2^61.
        const std::int64_t step = std::max({std::abs(m_dx), std::abs(m_dy), std::int64_t(1)});
        m_maxRun = (std::int64_t(1) << 61) / step;
    }

    /// Starts A's row y, whose samples xFirst..xEnd-1 will be walked; `rowStart` is the exact position of
    /// its sample 0.
    void beginRow(int y, const FixedVec& rowStart, int xFirst, int xEnd) {
        m_y = y;
        m_rowStart = rowStart;
        m_xFirst = xFirst;
        const Fixed first[2] = {rowStart.x + times(xFirst, m_dx), rowStart.y + times(xFirst, m_dy)};
        // Positions that start below 2^61 and run at most m_maxRun steps stay inside int64.
        const Fixed limit = Fixed(1) << 61;
        m_narrow = xEnd - xFirst <= m_maxRun;
        for (const Fixed v : first) m_narrow = m_narrow && v > -limit && v < limit;
        m_firstX = static_cast<std::int64_t>(first[0]);
        m_firstY = static_cast<std::int64_t>(first[1]);
    }

    /// Walks samples x0..x1-1 of the current row (inside the range given to beginRow). Returns true when
    /// the scan should stop.
    bool walk(int x0, int x1) {
        const int y = m_y;
        if (!m_narrow) {
            const FixedVec first{m_rowStart.x + times(x0, m_dx), m_rowStart.y + times(x0, m_dy)};
            return walkWide(m_mb, m_t, m_sink, m_r, y, x0, x1, first);
        }
        m_r.samples += x1 - x0;
        std::int64_t px = m_firstX + (x0 - m_xFirst) * m_dx, py = m_firstY + (x0 - m_xFirst) * m_dy;
        // Locals, so that the loop keeps everything in registers.
        const std::uint64_t width = m_width, height = m_height, words = m_words;
        const std::uint64_t* const bits = m_bits;
        const std::int64_t dx = m_dx, dy = m_dy;
        const bool vector = m_vector;
        for (int base = x0; base < x1; base += 64) {
            const int n = std::min(64, x1 - base);
            // The hit bits of up to 64 samples, bit i for sample base + i.
            std::uint64_t found = 0;
            std::int64_t qx = px, qy = py;
            // Picking is monotonic along the walk, so when both ends of the chunk are inside B all are.
            const auto inB = [&](std::int64_t x, std::int64_t y) {
                return static_cast<std::uint64_t>(pick64<kXna>(x)) < width && static_cast<std::uint64_t>(pick64<kXna>(y)) < height;
            };
            // A few samples cost less than checking both ends, so they take the checked loop directly.
            if (n >= 4 && inB(px, py) && inB(px + (n - 1) * dx, py + (n - 1) * dy)) {
                if (!kXna && vector && n >= kVectorChunk) {
                    found = insideChunkAvx2(bits, words, px, py, dx, dy, n);
                    qx = px + n * dx;
                    qy = py + n * dy;
                } else {
                    for (int i = 0; i < n; ++i, qx += dx, qy += dy) {
                        const auto bx = static_cast<std::uint64_t>(pick64<kXna>(qx));
                        const auto by = static_cast<std::uint64_t>(pick64<kXna>(qy));
                        found |= ((bits[by * words + (bx >> 6)] >> (bx & 63)) & 1u) << i;
                    }
                }
            } else {
                // Without branches: samples outside B read word 0 and are masked off.
                for (int i = 0; i < n; ++i, qx += dx, qy += dy) {
                    const auto bx = static_cast<std::uint64_t>(pick64<kXna>(qx));
                    const auto by = static_cast<std::uint64_t>(pick64<kXna>(qy));
                    const std::uint64_t inside = static_cast<std::uint64_t>(bx < width) & static_cast<std::uint64_t>(by < height);
                    const std::uint64_t word = bits[inside ? by * words + (bx >> 6) : 0];
                    found |= ((word >> (bx & 63)) & inside) << i;
                }
            }
            if (found != 0 && report(y, base, found, px, py)) return true;
            px = qx;
            py = qy;
        }
        return false;
    }

private:
    // Hands the hits of one chunk to the sink in scan order; true when the scan should stop.
    bool report(int y, int base, std::uint64_t found, std::int64_t px, std::int64_t py) {
        const auto pixelOf = [&](int i) {
            return std::pair{pick64<kXna>(px + i * m_dx), pick64<kXna>(py + i * m_dy)};
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

    const AlphaMask& m_mb;
    const PairTransform& m_t;
    HitSink& m_sink;
    CollisionResult& m_r;
    std::uint64_t m_width, m_height, m_words;
    const std::uint64_t* m_bits;
    std::int64_t m_dx, m_dy;
    bool m_vector;
    std::int64_t m_maxRun = 0;
    // The current row.
    int m_y = 0;
    FixedVec m_rowStart;
    int m_xFirst = 0;
    bool m_narrow = false;
    std::int64_t m_firstX = 0, m_firstY = 0;
};

// A fixed-point value as a double, like toDouble but without a call into libm; only used to clip.
inline double approximate(Fixed v) { return static_cast<double>(v) * 0x1p-32; }

// floor and ceil of a value already clamped to the int range, without calls into libm.
inline int floorToInt(double v) {
    const int i = static_cast<int>(v);
    return i > v ? i - 1 : i;
}
inline int ceilToInt(double v) {
    const int i = static_cast<int>(v);
    return i < v ? i + 1 : i;
}

// One side of the convex polygon around B's solid pixels, seen from A's rows: on row y the samples
// that can reach B have x <= bound(y) (an upper side) or x >= bound(y) (a lower side), with
// bound(y) = atRow0 + perRow * y.
struct Side {
    double atRow0;
    double perRow;
    double at(double y) const { return atRow0 + perRow * y; }
};

// The smallest of `count` sides at row y, evaluating each.
inline double minimumAt(const Side* sides, int count, int y) {
    double m = std::numeric_limits<double>::infinity();
    for (int k = 0; k < count; ++k) m = std::min(m, sides[k].at(y));
    return m;
}

// The smallest of a few sides at each row, rows taken in increasing order: the envelope is found once
// per pair (at most one segment per side), then each row evaluates one line. Rounding can only make it
// pick a line above the true minimum, which widens the clip and never drops a sample.
class MinEnvelope {
public:
    MinEnvelope() = default;
    /// Sets up the envelope of `sides` over rows from `yFirst` on; with no sides every value is +infinity.
    MinEnvelope(const Side* sides, int count, double yFirst) {
        if (count == 0) return;
        const auto below = [&](int j, int k, double y) {
            const double fj = sides[j].at(y), fk = sides[k].at(y);
            return fj < fk || (fj == fk && sides[j].perRow < sides[k].perRow);
        };
        int current = 0;
        for (int k = 1; k < count; ++k)
            if (below(k, current, yFirst)) current = k;
        double y = -std::numeric_limits<double>::infinity();
        for (;;) {
            m_segments[static_cast<std::size_t>(m_count++)] = {y, sides[current]};
            // The next side to dip below the current one: only a smaller slope can.
            double nextY = std::numeric_limits<double>::infinity();
            int next = -1;
            for (int j = 0; j < count; ++j) {
                if (!(sides[j].perRow < sides[current].perRow)) continue;
                const double cross = (sides[j].atRow0 - sides[current].atRow0) / (sides[current].perRow - sides[j].perRow);
                if (cross > y && cross < nextY) {
                    nextY = cross;
                    next = j;
                }
            }
            if (next < 0 || m_count == kSupportDirections) break;
            for (int j = 0; j < count; ++j)
                if (sides[j].perRow < sides[current].perRow && below(j, next, nextY)) next = j;
            y = nextY;
            current = next;
        }
    }
    /// The minimum at row y; y never decreases from one call to the next.
    double at(int y) {
        if (m_count == 0) return std::numeric_limits<double>::infinity();
        while (m_current + 1 < m_count && y >= m_segments[static_cast<std::size_t>(m_current + 1)].from) ++m_current;
        return m_segments[static_cast<std::size_t>(m_current)].side.at(y);
    }

private:
    struct Segment {
        double from;
        Side side;
    };
    std::array<Segment, kSupportDirections> m_segments;
    int m_count = 0;
    int m_current = 0;
};

// Out of line, so that the translation path does not pay for this one's stack frame.
template <bool kXna>
[[gnu::noinline]] void scanTransformed(const AlphaMask& ma, const AlphaMask& mb, const PairTransform& t, HitSink& sink,
                     CollisionResult& r) {
    const IntRect ta = ma.tightBounds();
    const double startX = approximate(t.startFx.x), startY = approximate(t.startFx.y);
    const double stepXX = approximate(t.stepXFx.x), stepXY = approximate(t.stepXFx.y);
    const double stepYX = approximate(t.stepYFx.x), stepYY = approximate(t.stepYFx.y);
    // The sides of the clip polygon as seen from A's rows, in three kinds.
    struct Sides {
        std::array<Side, kSupportDirections> upper, lower, rows;
        int upperCount = 0, lowerCount = 0, rowCount = 0;
    };
    // Every `stride`-th side: 4 gives B's solid box, 1 the whole polygon.
    const auto makeSides = [&](int stride) {
        Sides sides;
        for (int k = 0; k < kSupportDirections; k += stride) {
            const glm::dvec2 d = supportDirections()[static_cast<std::size_t>(k)];
            // A sample picks a pixel from at most half a pixel outside its square (0.71 along a diagonal);
            // the rest of the slack covers the rounding of these doubles, which only clip: every sample
            // kept is still decided in exact fixed point.
            const double limit = mb.solidSupport()[static_cast<std::size_t>(k)] + 1.0;
            const double slope = d.x * stepXX + d.y * stepXY;
            const double base = d.x * startX + d.y * startY;
            const double perRow = d.x * stepYX + d.y * stepYY;
            if (slope == 0.0) {
                // Independent of x: the side keeps row y whole when base + perRow * y <= limit, else drops it.
                sides.rows[static_cast<std::size_t>(sides.rowCount++)] = {limit - base, perRow};
                continue;
            }
            const double inverse = 1.0 / slope;
            // x <= bound on an upper side; x >= bound on a lower side, kept negated so both take a minimum.
            const Side bound{(limit - base) * inverse, -perRow * inverse};
            if (slope > 0.0) {
                sides.upper[static_cast<std::size_t>(sides.upperCount++)] = bound;
            } else {
                sides.lower[static_cast<std::size_t>(sides.lowerCount++)] = {-bound.atRow0, -bound.perRow};
            }
        }
        return sides;
    };
    // The first rows are clipped to B's solid box alone and the whole polygon, with its envelopes, comes
    // after a few rows: a scan that stops early (hit-only mode, short sprites) never pays for it.
    constexpr int kRowsOnTheBox = 8;
    Sides sides = makeSides(4);
    bool wholePolygon = false;
    MinEnvelope upperEnvelope, lowerEnvelope;

    RowWalker<kXna> walker(mb, t, sink, r);
    FixedVec rowStart{t.startFx.x + Fixed(ta.y0) * t.stepYFx.x, t.startFx.y + Fixed(ta.y0) * t.stepYFx.y};
    for (int y = ta.y0; y < ta.y1; ++y, rowStart += t.stepYFx) {
        const auto spans = ma.rowSpans(y);
        if (spans.empty()) continue;
        if (!wholePolygon && y - ta.y0 >= kRowsOnTheBox) {
            sides = makeSides(1);
            upperEnvelope = MinEnvelope(sides.upper.data(), sides.upperCount, y);
            lowerEnvelope = MinEnvelope(sides.lower.data(), sides.lowerCount, y);
            wholePolygon = true;
        }
        bool dropped = false;
        for (int k = 0; k < sides.rowCount; ++k) {
            dropped |= sides.rows[static_cast<std::size_t>(k)].atRow0 < sides.rows[static_cast<std::size_t>(k)].perRow * y;
        }
        if (dropped) continue;
        double hi, lo;
        if (wholePolygon) {
            hi = upperEnvelope.at(y);
            lo = -lowerEnvelope.at(y);
        } else {
            hi = minimumAt(sides.upper.data(), sides.upperCount, y);
            lo = -minimumAt(sides.lower.data(), sides.lowerCount, y);
        }
        // One sample of slack on each end absorbs the rounding of the solve. Clamped first, so the
        // conversions to int are in range; the clamp leaves room for the slack.
        const double spanLo = spans.front().x0, spanHi = spans.back().x1 - 1;
        lo = std::max(lo, spanLo - 2.0);
        hi = std::min(hi, spanHi + 2.0);
        if (!(lo <= hi + 2.0)) continue;
        const int xFirst = std::max(floorToInt(lo) - 1, spans.front().x0);
        const int xEnd = std::min(ceilToInt(hi) + 1, spans.back().x1 - 1) + 1;
        if (xFirst >= xEnd) continue;
        walker.beginRow(y, rowStart, xFirst, xEnd);

        auto span = spans.begin();
        if (span->x1 <= xFirst) {
            span = std::upper_bound(spans.begin(), spans.end(), xFirst, [](int x, const SolidSpan& s) { return x < s.x1; });
        }
        for (; span != spans.end() && span->x0 < xEnd; ++span) {
            const int x0 = std::max(span->x0, xFirst), x1 = std::min(span->x1, xEnd);
            if (x0 < x1 && walker.walk(x0, x1)) return;
        }
    }
}

}  // namespace

void setPixelFastVectorWalk(bool enabled) { g_vectorWalk.store(enabled && cpuHasAvx2()); }

CollisionResult pixelFast(const Body& a, const Body& b, const TestOptions& options) {
    CollisionResult r;
    const AlphaMask& ma = *a.mask;
    const AlphaMask& mb = *b.mask;
    if (ma.solidCount() == 0 || mb.solidCount() == 0) return r;
    const PairTransform t = makeSampleLattice(a.transform, b.transform, options.sampling);
    HitSink sink(r, options, a.transform, options.sampling);
    if (isWholePixelTranslation(t)) {
        scanTranslation(ma, mb, t, sink, r);
    } else if (options.sampling == Sampling::Xna) {
        scanTransformed<true>(ma, mb, t, sink, r);
    } else {
        scanTransformed<false>(ma, mb, t, sink, r);
    }
    sink.finish();
    return r;
}

}  // namespace cl
