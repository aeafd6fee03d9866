// scanTranslation: one branch-free pass per row finds the rows where A's words and B's shifted words
// share a bit (Kernels::firstSharedRow); only those rows are then read pixel by pixel, in scan order.

#include "core/collision/pixel_fast/translation_scan.h"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "core/collision/pixel_fast/arithmetic.h"

namespace cl::pixel_fast {
namespace {

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

}  // namespace

void scanTranslation(const AlphaMask& ma, const AlphaMask& mb, const SampleLattice& t, HitSink& sink, CollisionResult& r,
                     Kernels kernels) {
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
    int y = 0;
    for (;;) {
        y = kernels.firstSharedRow(pass, rowA, rowB, y, rows, words);
        if (y >= rows) return;
        if (reportRow(o, ma.bitRow(static_cast<int>(y0) + y).data(), mb.bitRow(static_cast<int>(y0 + o.oy) + y).data(),
                      static_cast<int>(y0) + y, w0, w1, sink)) {
            return;
        }
        ++y;
    }
}

}  // namespace cl::pixel_fast
