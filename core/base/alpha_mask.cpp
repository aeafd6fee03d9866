#include "core/base/alpha_mask.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <limits>
#include <mutex>
#include <numbers>
#include <utility>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace cl {
namespace {

// Alpha and solid bits of `n` (<= 64) pixels, one at a time.
std::uint64_t packWordScalar(const std::uint8_t* rgba, std::uint8_t* alpha, int n, std::uint8_t threshold) {
    std::uint64_t bits = 0;
    for (int i = 0; i < n; ++i) {
        alpha[i] = rgba[i * 4 + 3];
        bits |= static_cast<std::uint64_t>(alpha[i] > threshold) << i;
    }
    return bits;
}

#if defined(__SSE2__)
// Alpha and solid bits of 64 pixels, 16 at a time (SSE2 is part of every x86-64).
std::uint64_t packWord64(const std::uint8_t* rgba, std::uint8_t* alpha, std::uint8_t threshold) {
    // Unsigned a > t as a signed compare of both with the top bit flipped.
    const __m128i flip = _mm_set1_epi8(static_cast<char>(0x80));
    const __m128i limit = _mm_xor_si128(_mm_set1_epi8(static_cast<char>(threshold)), flip);
    std::uint64_t bits = 0;
    for (int group = 0; group < 4; ++group) {
        const auto* src = reinterpret_cast<const __m128i*>(rgba + group * 64);
        const __m128i p0 = _mm_srli_epi32(_mm_loadu_si128(src + 0), 24);
        const __m128i p1 = _mm_srli_epi32(_mm_loadu_si128(src + 1), 24);
        const __m128i p2 = _mm_srli_epi32(_mm_loadu_si128(src + 2), 24);
        const __m128i p3 = _mm_srli_epi32(_mm_loadu_si128(src + 3), 24);
        const __m128i a = _mm_packus_epi16(_mm_packs_epi32(p0, p1), _mm_packs_epi32(p2, p3));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(alpha + group * 16), a);
        const __m128i solid = _mm_cmpgt_epi8(_mm_xor_si128(a, flip), limit);
        bits |= static_cast<std::uint64_t>(static_cast<std::uint32_t>(_mm_movemask_epi8(solid))) << (group * 16);
    }
    return bits;
}
#endif

}  // namespace

const std::array<glm::dvec2, kSupportDirections>& supportDirections() {
    static const std::array<glm::dvec2, kSupportDirections> directions = [] {
        std::array<glm::dvec2, kSupportDirections> d{};
        for (int k = 0; k < kSupportDirections; ++k) {
            const double angle = 2.0 * std::numbers::pi * k / kSupportDirections;
            d[static_cast<std::size_t>(k)] = {std::cos(angle), std::sin(angle)};
        }
        return d;
    }();
    return directions;
}

std::array<glm::dvec2, kSupportDirections> supportCorners(const std::array<double, kSupportDirections>& heights) {
    const auto& d = supportDirections();
    // Neighbouring sides are always the same angle apart.
    const double inverseCross = 1.0 / (d[0].x * d[1].y - d[0].y * d[1].x);
    std::array<glm::dvec2, kSupportDirections> corners{};
    for (std::size_t j = 0; j < kSupportDirections; ++j) {
        const std::size_t k = (j + 1) % kSupportDirections;
        const double hj = heights[j], hk = heights[k];
        corners[j] = {(hj * d[k].y - d[j].y * hk) * inverseCross, (d[j].x * hk - hj * d[k].x) * inverseCross};
    }
    return corners;
}

namespace {

// The corners of the support polygon whose sides have length: side k touches the polygon at one point
// when its two corners (k - 1 and k) coincide, and then the sides on either side of it meet there too,
// so it can go. Each kept corner is worked out again from the two kept sides that meet at it (a polygon
// of fewer sides can only be larger, never smaller, than the one it came from).
SolidPolygon solidPolygonOf(const std::array<double, kSupportDirections>& support,
                            const std::array<glm::dvec2, kSupportDirections>& corners) {
    SolidPolygon polygon;
    if (!std::isfinite(support[0])) return polygon;
    constexpr std::size_t n = kSupportDirections;
    std::array<std::size_t, n> kept{};
    std::size_t count = 0;
    for (std::size_t k = 0; k < n; ++k) {
        const glm::dvec2 d = corners[k] - corners[(k + n - 1) % n];
        if (std::abs(d.x) + std::abs(d.y) > 1e-9) kept[count++] = k;
    }
    // The sides along the axes always have a pixel's edge on them, so at least four are kept and
    // neighbouring kept sides are at most a quarter turn apart.
    const auto& d = supportDirections();
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t j = kept[i], k = kept[(i + 1) % count];
        const double inverseCross = 1.0 / (d[j].x * d[k].y - d[j].y * d[k].x);
        const auto meet = [&](double hj, double hk) {
            return glm::dvec2{(hj * d[k].y - d[j].y * hk) * inverseCross, (d[j].x * hk - hj * d[k].x) * inverseCross};
        };
        const glm::dvec2 corner = meet(support[j], support[k]), out = meet(1.0, 1.0);
        polygon.x[i] = corner.x;
        polygon.y[i] = corner.y;
        polygon.outX[i] = out.x;
        polygon.outY[i] = out.y;
        polygon.magnitude = std::max(polygon.magnitude, std::abs(corner.x) + std::abs(corner.y));
    }
    polygon.count = static_cast<int>(count);
    return polygon;
}

IntRect boxOfBoth(const IntRect& a, const IntRect& b) {
    return {std::min(a.x0, b.x0), std::min(a.y0, b.y0), std::max(a.x1, b.x1), std::max(a.y1, b.y1)};
}

// AlphaMask::solidCover() of a built mask. A merged box's edges are edges of the starting boxes, so every box is kept
// as indices into their sorted edges, and what its rows' extents leave empty in it is read from one small table of
// sums over that grid, made from the runs of rows of one extent (a few per band): the merging weighs pixels between a
// row's runs of solid pixels as solid, and only a final box whose extents fill it is checked against the runs.
SolidCover solidCoverOf(const AlphaMask& mask) {
    SolidCover cover;
    if (mask.solidCount() == 0) return cover;
    constexpr int kMaxStart = 8;
    const auto extents = mask.rowExtents();
    const auto runEnds = mask.extentRunEnds();
    auto at = [](auto span, int y) { return span[static_cast<std::size_t>(y)]; };
    // The runs with solid pixels, as boxes; a taller mask's (a 1024-row disc has a thousand) in kMaxStart bands of
    // consecutive runs, each the box of its runs, so that the merging below costs the same for every mask.
    int runs = 0;
    for (int y = 0; y < mask.height(); y = at(runEnds, y)) runs += at(extents, y).x1 > at(extents, y).x0 ? 1 : 0;
    const int bandCount = std::min(runs, kMaxStart);
    std::array<IntRect, kMaxStart> start{};
    int seen = 0;
    for (int y = 0; y < mask.height(); y = at(runEnds, y)) {
        const SolidSpan e = at(extents, y);
        if (e.x1 <= e.x0) continue;
        const IntRect run{e.x0, y, e.x1, at(runEnds, y)};
        const auto band = static_cast<std::size_t>(static_cast<std::int64_t>(seen) * bandCount / runs);
        start[band] = seen == 0 || band != static_cast<std::size_t>(static_cast<std::int64_t>(seen - 1) * bandCount / runs)
                          ? run
                          : boxOfBoth(start[band], run);
        ++seen;
    }
    std::array<int, 2 * kMaxStart> xs{}, ys{};
    for (int k = 0; k < bandCount; ++k) {
        const IntRect& r = start[static_cast<std::size_t>(k)];
        xs[static_cast<std::size_t>(2 * k)] = r.x0, xs[static_cast<std::size_t>(2 * k + 1)] = r.x1;
        ys[static_cast<std::size_t>(2 * k)] = r.y0, ys[static_cast<std::size_t>(2 * k + 1)] = r.y1;
    }
    auto sorted = [&](std::array<int, 2 * kMaxStart>& edges) {
        std::sort(edges.begin(), edges.begin() + 2 * bandCount);
        return static_cast<std::size_t>(std::unique(edges.begin(), edges.begin() + 2 * bandCount) - edges.begin());
    };
    const std::size_t nx = sorted(xs), ny = sorted(ys);
    // sums[j * nx + i]: the pixels of the rows' extents left of xs[i] in rows ys[0] to ys[j] (every extent lies in the
    // grid). A run of n rows of the extent [x0, x1) adds n (xs[i] - x0) at the grid's edges inside it and n (x1 - x0)
    // at those past it: kept as steps of a slope and of an offset where each starts and stops, summed once a band.
    std::array<std::int64_t, 4 * kMaxStart * kMaxStart> sums{};
    for (std::size_t j = 0; j + 1 < ny; ++j) {
        std::array<std::int64_t, 2 * kMaxStart + 1> slope{}, offset{};
        for (int y = ys[j]; y < ys[j + 1];) {
            const SolidSpan e = at(extents, y);
            const int end = std::min(at(runEnds, y), ys[j + 1]);
            if (e.x1 > e.x0) {
                const std::int64_t n = end - y;
                const auto inside = static_cast<std::size_t>(std::upper_bound(xs.begin(), xs.begin() + static_cast<std::ptrdiff_t>(nx), e.x0) - xs.begin());
                const auto past = static_cast<std::size_t>(std::lower_bound(xs.begin(), xs.begin() + static_cast<std::ptrdiff_t>(nx), e.x1) - xs.begin());
                slope[inside] += n, slope[past] -= n;
                offset[inside] -= n * e.x0, offset[past] += n * e.x1;
            }
            y = end;
        }
        std::int64_t a = 0, b = 0;
        for (std::size_t i = 0; i < nx; ++i) {
            a += slope[i], b += offset[i];
            sums[(j + 1) * nx + i] = sums[j * nx + i] + a * xs[i] + b;
        }
    }
    struct GridBox {
        std::size_t x0, y0, x1, y1;  // indices into xs and ys
        std::int64_t empty = 0;      // emptyIn(this), kept
    };
    auto emptyIn = [&](const GridBox& b) {
        const std::int64_t solid = sums[b.y1 * nx + b.x1] - sums[b.y0 * nx + b.x1] - sums[b.y1 * nx + b.x0] + sums[b.y0 * nx + b.x0];
        return static_cast<std::int64_t>(xs[b.x1] - xs[b.x0]) * (ys[b.y1] - ys[b.y0]) - solid;
    };
    auto both = [](const GridBox& a, const GridBox& b) {
        return GridBox{std::min(a.x0, b.x0), std::min(a.y0, b.y0), std::max(a.x1, b.x1), std::max(a.y1, b.y1), 0};
    };
    auto indexOf = [](const std::array<int, 2 * kMaxStart>& edges, std::size_t n, int v) {
        return static_cast<std::size_t>(std::lower_bound(edges.begin(), edges.begin() + static_cast<std::ptrdiff_t>(n), v) - edges.begin());
    };
    std::array<GridBox, kMaxStart> boxes{};
    std::size_t count = static_cast<std::size_t>(bandCount);
    for (std::size_t k = 0; k < count; ++k) {
        const IntRect& r = start[k];
        boxes[k] = {indexOf(xs, nx, r.x0), indexOf(ys, ny, r.y0), indexOf(xs, nx, r.x1), indexOf(ys, ny, r.y1)};
        boxes[k].empty = emptyIn(boxes[k]);
    }
    // Merge the two whose box adds the fewest empty pixels to theirs, while that is none or the boxes are too many.
    for (;;) {
        std::int64_t best = std::numeric_limits<std::int64_t>::max();
        std::size_t bestI = 0, bestJ = 0;
        for (std::size_t i = 0; i < count; ++i) {
            for (std::size_t j = i + 1; j < count; ++j) {
                const std::int64_t added = emptyIn(both(boxes[i], boxes[j])) - boxes[i].empty - boxes[j].empty;
                if (added < best) best = added, bestI = i, bestJ = j;
            }
        }
        if (count < 2 || (best > 0 && count <= SolidCover::kMaxBoxes)) break;
        boxes[bestI] = both(boxes[bestI], boxes[bestJ]);
        boxes[bestI].empty = emptyIn(boxes[bestI]);
        std::copy(boxes.begin() + static_cast<std::ptrdiff_t>(bestJ) + 1, boxes.begin() + static_cast<std::ptrdiff_t>(count),
                  boxes.begin() + static_cast<std::ptrdiff_t>(bestJ));
        --count;
    }
    // Every row of `r` has one run of solid pixels spanning it.
    auto whollySolid = [&](const IntRect& r) {
        for (int y = r.y0; y < r.y1; ++y) {
            const auto spans = mask.rowSpans(y);
            const auto last = std::upper_bound(spans.begin(), spans.end(), r.x0, [](int x, const SolidSpan& s) { return x < s.x0; });
            if (last == spans.begin() || std::prev(last)->x1 < r.x1) return false;
        }
        return true;
    };
    for (std::size_t k = 0; k < count; ++k) {
        const GridBox& b = boxes[k];
        SolidCover::Box& box = cover.boxes[static_cast<std::size_t>(cover.count++)];
        const IntRect r{xs[b.x0], ys[b.y0], xs[b.x1], ys[b.y1]};
        box.half = {r.width() / 2.0, r.height() / 2.0};
        box.centre = glm::dvec2{r.x0, r.y0} + box.half;
        // A hit is proven only inside a solid box (core/collision/pixel_fast/cover_verdict.h): one of fewer than 4
        // pixels either way seldom proves one. Extents that leave no pixel empty may still hold a gap between runs.
        box.solid = r.width() >= 4 && r.height() >= 4 && b.empty == 0 && whollySolid(r);
        cover.anySolid = cover.anySolid || box.solid;
        cover.extent = std::max(cover.extent, static_cast<double>(xs[b.x1] + ys[b.y1]));
    }
    return cover;
}

}  // namespace

std::array<double, kSupportDirections> AlphaMask::emptySupport() {
    std::array<double, kSupportDirections> s{};
    s.fill(-std::numeric_limits<double>::infinity());
    return s;
}

std::uint64_t AlphaMask::nextSerial() {
    // Every mask made, the empty ones too, takes the next number; 2^64 of them are never made.
    static std::atomic<std::uint64_t> next{1};
    return next.fetch_add(1, std::memory_order_relaxed);
}

// The colliders kept with a mask. A few settings are kept (a tool dragging epsilon asks for many in turn);
// the oldest goes first.
struct AlphaMask::ColliderCache {
    static constexpr std::size_t kKept = 8;
    std::mutex mutex;
    std::vector<std::pair<ColliderOptions, std::shared_ptr<const ConvexPieces>>> kept;
};

std::shared_ptr<const ConvexPieces> AlphaMask::collider(const ColliderOptions& options,
                                                        const std::function<ConvexPieces()>& build) const {
    // A default-constructed (or moved-from) mask has no cache; it is empty, so building is cheap.
    if (!m_colliders) return std::make_shared<const ConvexPieces>(build());
    // Built under the lock: two threads asking for the same collider build it once.
    std::lock_guard lock(m_colliders->mutex);
    for (const auto& [kept, pieces] : m_colliders->kept) {
        if (kept == options) return pieces;
    }
    auto pieces = std::make_shared<const ConvexPieces>(build());
    if (m_colliders->kept.size() == ColliderCache::kKept) m_colliders->kept.erase(m_colliders->kept.begin());
    m_colliders->kept.emplace_back(options, pieces);
    return pieces;
}

AlphaMask::AlphaMask(const RgbaImage& image, int threshold)
    : m_width(std::max(0, image.width)),
      m_height(std::max(0, image.height)),
      m_threshold(std::clamp(threshold, 0, 255)),
      m_wordsPerRow((m_width + 63) / 64),
      m_colliders(std::make_shared<ColliderCache>()) {
    const std::size_t pixelCount = static_cast<std::size_t>(m_width) * m_height;
    m_alpha.assign(pixelCount, 0);
    m_bits.assign(static_cast<std::size_t>(m_height) * m_wordsPerRow, 0);
    m_rowSpanStart.assign(static_cast<std::size_t>(m_height) + 1, 0);
    m_rowExtent.assign(static_cast<std::size_t>(m_height), SolidSpan{});

    // A short buffer is read as transparent rather than past its end.
    const std::size_t available = std::min(pixelCount, image.pixels.size() / 4);
    const bool complete = available == pixelCount;
    if (!complete) {
        for (std::size_t i = 0; i < available; ++i) m_alpha[i] = image.pixels[i * 4 + 3];
    }

    const auto limit = static_cast<std::uint8_t>(m_threshold);
    const auto& directions = supportDirections();
    int minX = m_width, minY = m_height, maxX = -1, maxY = -1;
    for (int y = 0; y < m_height; ++y) {
        const std::size_t rowStart = static_cast<std::size_t>(y) * m_width;
        std::uint8_t* alphaRow = m_alpha.data() + rowStart;
        std::uint64_t* bitRow = m_bits.data() + static_cast<std::size_t>(y) * m_wordsPerRow;
        for (int word = 0; word < m_wordsPerRow; ++word) {
            const int x0 = word * 64;
            const int n = std::min(64, m_width - x0);
            std::uint64_t bits = 0;
            if (!complete) {
                for (int i = 0; i < n; ++i) bits |= static_cast<std::uint64_t>(alphaRow[x0 + i] > limit) << i;
            } else {
                const std::uint8_t* rgba = image.pixels.data() + (rowStart + x0) * 4;
#if defined(__SSE2__)
                bits = n == 64 ? packWord64(rgba, alphaRow + x0, limit) : packWordScalar(rgba, alphaRow + x0, n, limit);
#else
                bits = packWordScalar(rgba, alphaRow + x0, n, limit);
#endif
            }
            bitRow[word] = bits;
        }
        // Runs of solid pixels, found word by word from the packed bits.
        int runStart = -1;
        for (int word = 0; word < m_wordsPerRow; ++word) {
            const std::uint64_t bits = bitRow[word];
            int pos = 0;  // bits below pos in this word are consumed
            while (pos < 64) {
                if (runStart < 0) {
                    const std::uint64_t rest = bits >> pos;
                    if (rest == 0) break;
                    pos += std::countr_zero(rest);
                    runStart = word * 64 + pos;
                } else {
                    const std::uint64_t rest = ~bits >> pos;
                    if (rest == 0) break;  // the run goes on into the next word
                    pos += std::countr_zero(rest);
                    m_spans.push_back({runStart, word * 64 + pos});
                    runStart = -1;
                }
            }
        }
        if (runStart >= 0) m_spans.push_back({runStart, m_width});
        m_rowSpanStart[static_cast<std::size_t>(y) + 1] = static_cast<std::uint32_t>(m_spans.size());

        const auto spans = rowSpans(y);
        if (spans.empty()) continue;
        for (const SolidSpan& span : spans) m_solidCount += span.x1 - span.x0;
        const int first = spans.front().x0, last = spans.back().x1;
        m_rowExtent[static_cast<std::size_t>(y)] = {first, last};
        minX = std::min(minX, first);
        maxX = std::max(maxX, last - 1);
        minY = std::min(minY, y);
        maxY = y;
        // The row's solid squares lie in [first, last] x [y, y + 1]; its farthest corner bounds each direction.
        for (int k = 0; k < kSupportDirections; ++k) {
            const glm::dvec2 d = directions[static_cast<std::size_t>(k)];
            const double reach = d.x * (d.x > 0.0 ? last : first) + d.y * (d.y > 0.0 ? y + 1.0 : y);
            m_support[static_cast<std::size_t>(k)] = std::max(m_support[static_cast<std::size_t>(k)], reach);
        }
    }
    if (maxX >= 0) m_tight = IntRect{minX, minY, maxX + 1, maxY + 1};
    m_fewRows = m_tight.y1 - m_tight.y0 <= kFewRows;
    m_extentRunEnd.assign(static_cast<std::size_t>(m_height), m_height);
    for (int y = m_height - 2; y >= 0; --y) {
        const auto i = static_cast<std::size_t>(y);
        const SolidSpan e = m_rowExtent[i], next = m_rowExtent[i + 1];
        m_extentRunEnd[i] = e.x0 == next.x0 && e.x1 == next.x1 ? m_extentRunEnd[i + 1] : y + 1;
    }
    m_corners = supportCorners(m_support);
    m_polygon = solidPolygonOf(m_support, m_corners);
    if (maxX >= 0) {
        // Each row's solid squares lie in [first, last] x [y, y + 1]; the farthest of those corners from the
        // centre bounds the row.
        const glm::dvec2 centre{(m_tight.x0 + m_tight.x1) / 2.0, (m_tight.y0 + m_tight.y1) / 2.0};
        double farthest = 0.0;  // squared
        for (int y = m_tight.y0; y < m_tight.y1; ++y) {
            const SolidSpan e = m_rowExtent[static_cast<std::size_t>(y)];
            if (e.x0 >= e.x1) continue;
            const double dx = std::max(std::abs(e.x0 - centre.x), std::abs(e.x1 - centre.x));
            const double dy = std::max(std::abs(y - centre.y), std::abs(y + 1.0 - centre.y));
            farthest = std::max(farthest, dx * dx + dy * dy);
        }
        // Rounded up past the square root's rounding.
        m_disc = SolidDisc{centre, std::sqrt(farthest) * (1.0 + 1e-12) + 1e-9};
    }
}

void AlphaMask::makeCover() const {
    // Masks seldom make their covers at the same moment, so one lock for all of them; the flag is read again under it
    // so that a cover is made once.
    static std::mutex mutex;
    std::lock_guard lock(mutex);
    if (m_cover.made.load(std::memory_order_relaxed)) return;
    m_cover.cover = solidCoverOf(*this);
    m_cover.made.store(true, std::memory_order_release);
}

}  // namespace cl
