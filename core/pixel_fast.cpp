#include "core/pixel_fast.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "core/sprite_transform.h"

namespace cl {
namespace {

constexpr std::int64_t kHalf64 = std::int64_t(1) << (kFixedFractionBits - 1);
// Positions whose magnitude stays below this can be walked in int64 with any step the scale limits allow.
constexpr Fixed kInt64Safe = Fixed(1) << 62;

// Collects hits exactly as pixel-naive records them: the first in scan order, and every one in order
// when listing in full mode.
class HitSink {
public:
    HitSink(CollisionResult& result, const TestOptions& options, const PairTransform& t)
        : m_result(result), m_t(t), m_stop(options.stopAtFirstHit),
          m_list(options.listHits && !options.stopAtFirstHit) {}

    /// Records A's pixel (x, y) on B's (bx, by); true when the scan should stop.
    bool add(int x, int y, std::int64_t bx, std::int64_t by) {
        ++m_count;
        if (m_list || !m_result.firstHit) record(x, y, bx, by);
        return m_stop;
    }
    /// Records `n` hits already counted elsewhere, when they need no listing.
    void addCount(std::int64_t n) { m_count += n; }
    bool stops() const { return m_stop; }
    bool lists() const { return m_list; }
    bool hasFirst() const { return m_result.firstHit.has_value(); }
    std::int64_t count() const { return m_count; }

    /// Writes hit and overlap into the result.
    void finish() {
        m_result.hit = m_count > 0;
        m_result.overlap = static_cast<double>(m_count);
    }

private:
    void record(int x, int y, std::int64_t bx, std::int64_t by) {
        const double offset = sampleOffset(m_t.sampling);
        const PixelHit hit{{x, y}, {static_cast<int>(bx), static_cast<int>(by)},
                           transformPoint(m_t.worldA, {x + offset, y + offset})};
        if (!m_result.firstHit) m_result.firstHit = hit;
        if (m_list) m_result.hits.push_back(hit);
    }

    CollisionResult& m_result;
    const PairTransform& m_t;
    bool m_stop;
    bool m_list;
    std::int64_t m_count = 0;
};

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

void scanTranslation(const AlphaMask& ma, const AlphaMask& mb, const PairTransform& t, HitSink& sink,
                     CollisionResult& r) {
    const IntRect ta = ma.tightBounds(), tb = mb.tightBounds();
    // Offsets far beyond any mask size cannot overlap; keeping them small keeps the arithmetic in range.
    const Fixed limit = Fixed(1) << 40;
    const std::int64_t ox = pickPixel(std::clamp<Fixed>(t.startFx.x, -limit * kFixedOne, limit * kFixedOne), t.sampling);
    const std::int64_t oy = pickPixel(std::clamp<Fixed>(t.startFx.y, -limit * kFixedOne, limit * kFixedOne), t.sampling);
    const std::int64_t y0 = std::max<std::int64_t>(ta.y0, tb.y0 - oy), y1 = std::min<std::int64_t>(ta.y1, tb.y1 - oy);
    const std::int64_t x0 = std::max<std::int64_t>(ta.x0, tb.x0 - ox), x1 = std::min<std::int64_t>(ta.x1, tb.x1 - ox);
    if (y0 >= y1 || x0 >= x1) return;

    const int w0 = static_cast<int>(x0 >> 6), w1 = static_cast<int>((x1 - 1) >> 6);  // inclusive
    const std::int64_t q = ox >> 6;       // B's word under A's word w is w + q (and w + q + 1)
    const int s = static_cast<int>(ox & 63);
    const std::int64_t wordsB = mb.wordsPerRow();
    // Words of A whose one or two B words all lie inside B's row; the rest read 0 past B's edges.
    const std::int64_t safeLo = std::max<std::int64_t>(w0, -q);
    const std::int64_t safeHi = std::min<std::int64_t>(w1, wordsB - 1 - q - (s != 0 ? 1 : 0));

    for (auto y = static_cast<int>(y0); y < y1; ++y) {
        const std::uint64_t* rowA = ma.bitRow(y).data();
        const std::uint64_t* rowB = mb.bitRow(static_cast<int>(y + oy)).data();
        const auto wordOfB = [&](std::int64_t w) -> std::uint64_t {
            const std::int64_t i = w + q;
            const std::uint64_t low = (i >= 0 && i < wordsB) ? rowB[i] : 0;
            if (s == 0) return low;
            const std::uint64_t high = (i + 1 >= 0 && i + 1 < wordsB) ? rowB[i + 1] : 0;
            return (low >> s) | (high << (64 - s));
        };
        // Only words with a shared bit leave the tight loops below.
        const auto visit = [&](int w, std::uint64_t both) {
            if (sink.lists()) {
                for (std::uint64_t bits = both; bits != 0; bits &= bits - 1) {
                    const int x = w * 64 + std::countr_zero(bits);
                    sink.add(x, y, x + ox, y + oy);
                }
                return false;
            }
            const int x = w * 64 + std::countr_zero(both);
            if (sink.add(x, y, x + ox, y + oy)) return true;
            sink.addCount(std::popcount(both) - 1);
            return false;
        };
        for (int w = w0; w <= w1; ++w) {
            std::uint64_t both;
            if (w >= safeLo && w <= safeHi) {
                // Whole run of safe words in one tight loop.
                int end = static_cast<int>(safeHi);
                const std::uint64_t* b = rowB + (w + q);
                int k = w;
                if (s == 0) {
                    for (; k <= end; ++k, ++b) {
                        both = rowA[k] & b[0];
                        if (both != 0 && visit(k, both)) return;
                    }
                } else {
                    for (; k <= end; ++k, ++b) {
                        both = rowA[k] & ((b[0] >> s) | (b[1] << (64 - s)));
                        if (both != 0 && visit(k, both)) return;
                    }
                }
                r.samples += 64 * static_cast<std::int64_t>(end - w + 1);
                w = end;
                continue;
            }
            both = rowA[w] & wordOfB(w);
            r.samples += 64;
            if (both != 0 && visit(w, both)) return;
        }
    }
}

// ---------------------------------------------------------------------------------------------------
// Any other transform: each row of A clipped to the samples that can land in B's solid box.

// The closed range of real x where lo <= start + x * step <= hi, given 1 / step; lo > hi when empty.
struct Range {
    double lo;
    double hi;
};
Range solveRange(double start, double step, double inverseStep, double lo, double hi) {
    if (step == 0.0) {
        if (start >= lo && start <= hi) return {-std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
        return {1.0, 0.0};
    }
    const double a = (lo - start) * inverseStep, b = (hi - start) * inverseStep;
    return step > 0.0 ? Range{a, b} : Range{b, a};
}

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

template <bool kXna>
class RowWalker {
public:
    RowWalker(const AlphaMask& mb, const PairTransform& t, HitSink& sink, CollisionResult& r)
        : m_mb(mb), m_t(t), m_sink(sink), m_r(r), m_width(static_cast<std::uint64_t>(mb.width())),
          m_height(static_cast<std::uint64_t>(mb.height())), m_words(mb.wordsPerRow()),
          m_bits(mb.height() > 0 ? mb.bitRow(0).data() : nullptr),
          m_dx(static_cast<std::int64_t>(t.stepXFx.x)), m_dy(static_cast<std::int64_t>(t.stepXFx.y)) {}

    /// Walks samples x0..x1-1 of A's row y; `rowStart` is the exact position of sample 0 of that row.
    /// Returns true when the scan should stop.
    bool walk(int y, int x0, int x1, const FixedVec& rowStart) {
        const FixedVec first{rowStart.x + Fixed(x0) * m_t.stepXFx.x, rowStart.y + Fixed(x0) * m_t.stepXFx.y};
        const Fixed n = x1 - 1 - x0;
        const Fixed lastX = first.x + n * m_t.stepXFx.x, lastY = first.y + n * m_t.stepXFx.y;
        const auto fits = [](Fixed v) { return v > -kInt64Safe && v < kInt64Safe; };
        if (!fits(first.x) || !fits(first.y) || !fits(lastX) || !fits(lastY)) {
            return walkWide(m_mb, m_t, m_sink, m_r, y, x0, x1, first);
        }
        // Between two in-range ends every position of a straight walk is in range too.
        auto px = static_cast<std::int64_t>(first.x), py = static_cast<std::int64_t>(first.y);
        m_r.samples += x1 - x0;
        for (int x = x0; x < x1; ++x, px += m_dx, py += m_dy) {
            const auto bx = static_cast<std::uint64_t>(pick64<kXna>(px));
            const auto by = static_cast<std::uint64_t>(pick64<kXna>(py));
            if (bx >= m_width || by >= m_height) continue;
            if (((m_bits[by * m_words + (bx >> 6)] >> (bx & 63)) & 1u) == 0) continue;
            if (m_sink.add(x, y, static_cast<std::int64_t>(bx), static_cast<std::int64_t>(by))) return true;
        }
        return false;
    }

private:
    const AlphaMask& m_mb;
    const PairTransform& m_t;
    HitSink& m_sink;
    CollisionResult& m_r;
    std::uint64_t m_width, m_height;
    std::size_t m_words;
    const std::uint64_t* m_bits;
    std::int64_t m_dx, m_dy;
};

template <bool kXna>
void scanTransformed(const AlphaMask& ma, const AlphaMask& mb, const PairTransform& t, HitSink& sink,
                     CollisionResult& r) {
    const IntRect ta = ma.tightBounds(), tb = mb.tightBounds();
    // A sample can pick a pixel of B's solid box only from within half a pixel of it; one pixel of slack
    // on each side covers that and the rounding of these doubles, which are used only to clip.
    const double loX = tb.x0 - 1.0, hiX = tb.x1 + 1.0, loY = tb.y0 - 1.0, hiY = tb.y1 + 1.0;
    const double startX = toDouble(t.startFx.x), startY = toDouble(t.startFx.y);
    const double stepXX = toDouble(t.stepXFx.x), stepXY = toDouble(t.stepXFx.y);
    const double stepYX = toDouble(t.stepYFx.x), stepYY = toDouble(t.stepYFx.y);
    const double inverseXX = stepXX != 0.0 ? 1.0 / stepXX : 0.0, inverseXY = stepXY != 0.0 ? 1.0 / stepXY : 0.0;

    RowWalker<kXna> walker(mb, t, sink, r);
    for (int y = ta.y0; y < ta.y1; ++y) {
        const Range rx = solveRange(startX + y * stepYX, stepXX, inverseXX, loX, hiX);
        const Range ry = solveRange(startY + y * stepYY, stepXY, inverseXY, loY, hiY);
        const double lo = std::max(rx.lo, ry.lo), hi = std::min(rx.hi, ry.hi);
        // One sample of slack on each end absorbs the rounding of the solve.
        const double first = std::max(std::floor(lo) - 1.0, static_cast<double>(ta.x0));
        const double last = std::min(std::ceil(hi) + 1.0, static_cast<double>(ta.x1 - 1));
        if (!(first <= last)) continue;
        const int xFirst = static_cast<int>(first), xEnd = static_cast<int>(last) + 1;

        const FixedVec rowStart{t.startFx.x + Fixed(y) * t.stepYFx.x, t.startFx.y + Fixed(y) * t.stepYFx.y};
        const auto spans = ma.rowSpans(y);
        auto span = std::upper_bound(spans.begin(), spans.end(), xFirst,
                                     [](int x, const SolidSpan& s) { return x < s.x1; });
        for (; span != spans.end() && span->x0 < xEnd; ++span) {
            const int x0 = std::max(span->x0, xFirst), x1 = std::min(span->x1, xEnd);
            if (x0 < x1 && walker.walk(y, x0, x1, rowStart)) return;
        }
    }
}

}  // namespace

CollisionResult pixelFast(const Body& a, const Body& b, const TestOptions& options) {
    CollisionResult r;
    const AlphaMask& ma = *a.mask;
    const AlphaMask& mb = *b.mask;
    if (ma.solidCount() == 0 || mb.solidCount() == 0) return r;
    const PairTransform t = makePairTransform(a.transform, b.transform, options.sampling);
    HitSink sink(r, options, t);
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
