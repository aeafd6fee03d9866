#include "core/base/alpha_mask.h"

#include <algorithm>
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
// as indices into their sorted edges, and its solid pixels are read from one small table of sums over that grid, made
// in one pass over the rows' spans: the whole costs about one pass over the rows plus one over the columns per band.
SolidCover solidCoverOf(const AlphaMask& mask) {
    SolidCover cover;
    if (mask.solidCount() == 0) return cover;
    constexpr std::size_t kMaxStart = 16;
    const auto extents = mask.rowExtents();
    const auto runEnds = mask.extentRunEnds();
    std::vector<IntRect> start;
    for (int y = 0; y < mask.height(); y = runEnds[static_cast<std::size_t>(y)]) {
        const SolidSpan e = extents[static_cast<std::size_t>(y)];
        if (e.x1 > e.x0) start.push_back({e.x0, y, e.x1, runEnds[static_cast<std::size_t>(y)]});
    }
    if (start.size() > kMaxStart) {
        // A taller mask's runs (a 1024-row disc has a thousand) in kMaxStart bands of consecutive runs, each the box of
        // its runs: the merging below then costs the same for every mask.
        std::vector<IntRect> bands;
        for (std::size_t k = 0; k < kMaxStart; ++k) {
            const std::size_t first = k * start.size() / kMaxStart, last = (k + 1) * start.size() / kMaxStart;
            IntRect band = start[first];
            for (std::size_t i = first + 1; i < last; ++i) band = boxOfBoth(band, start[i]);
            bands.push_back(band);
        }
        start = std::move(bands);
    }
    std::vector<int> xs, ys;
    for (const IntRect& r : start) {
        xs.insert(xs.end(), {r.x0, r.x1});
        ys.insert(ys.end(), {r.y0, r.y1});
    }
    for (std::vector<int>* edges : {&xs, &ys}) {
        std::sort(edges->begin(), edges->end());
        edges->erase(std::unique(edges->begin(), edges->end()), edges->end());
    }
    const std::size_t nx = xs.size(), ny = ys.size();
    // sums[j * nx + i]: the solid pixels left of xs[i] in rows ys[0] to ys[j] (every solid pixel lies in the grid).
    std::vector<std::int64_t> sums(nx * ny, 0);
    std::vector<std::int64_t> steps(static_cast<std::size_t>(xs.back() - xs.front()) + 1);
    for (std::size_t j = 0; j + 1 < ny; ++j) {
        // The band's solid pixels per column, as the steps between neighbouring columns' counts.
        std::fill(steps.begin(), steps.end(), 0);
        for (int y = ys[j]; y < ys[j + 1]; ++y) {
            for (const SolidSpan& span : mask.rowSpans(y)) {
                ++steps[static_cast<std::size_t>(span.x0 - xs.front())];
                --steps[static_cast<std::size_t>(span.x1 - xs.front())];
            }
        }
        std::int64_t column = 0, left = 0;  // column x's count, and the band's solid pixels left of x
        std::size_t i = 0;
        for (int x = xs.front(); i < nx; ++x) {
            for (; i < nx && xs[i] == x; ++i) sums[(j + 1) * nx + i] = sums[j * nx + i] + left;
            column += steps[static_cast<std::size_t>(x - xs.front())];
            left += column;
        }
    }
    struct GridBox {
        std::size_t x0, y0, x1, y1;  // indices into xs and ys
    };
    auto emptyIn = [&](const GridBox& b) {
        const std::int64_t solid = sums[b.y1 * nx + b.x1] - sums[b.y0 * nx + b.x1] - sums[b.y1 * nx + b.x0] + sums[b.y0 * nx + b.x0];
        return static_cast<std::int64_t>(xs[b.x1] - xs[b.x0]) * (ys[b.y1] - ys[b.y0]) - solid;
    };
    auto both = [](const GridBox& a, const GridBox& b) {
        return GridBox{std::min(a.x0, b.x0), std::min(a.y0, b.y0), std::max(a.x1, b.x1), std::max(a.y1, b.y1)};
    };
    auto indexOf = [](const std::vector<int>& edges, int v) {
        return static_cast<std::size_t>(std::lower_bound(edges.begin(), edges.end(), v) - edges.begin());
    };
    std::vector<GridBox> boxes;
    for (const IntRect& r : start) boxes.push_back({indexOf(xs, r.x0), indexOf(ys, r.y0), indexOf(xs, r.x1), indexOf(ys, r.y1)});
    // Merge the two whose box adds the fewest empty pixels to theirs, while that is none or the boxes are too many.
    for (;;) {
        std::int64_t best = std::numeric_limits<std::int64_t>::max();
        std::size_t bestI = 0, bestJ = 0;
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            for (std::size_t j = i + 1; j < boxes.size(); ++j) {
                const std::int64_t added = emptyIn(both(boxes[i], boxes[j])) - emptyIn(boxes[i]) - emptyIn(boxes[j]);
                if (added < best) best = added, bestI = i, bestJ = j;
            }
        }
        if (boxes.size() < 2 || (best > 0 && boxes.size() <= SolidCover::kMaxBoxes)) break;
        boxes[bestI] = both(boxes[bestI], boxes[bestJ]);
        boxes.erase(boxes.begin() + static_cast<std::ptrdiff_t>(bestJ));
    }
    for (const GridBox& b : boxes) {
        SolidCover::Box& box = cover.boxes[static_cast<std::size_t>(cover.count++)];
        box.half = {(xs[b.x1] - xs[b.x0]) / 2.0, (ys[b.y1] - ys[b.y0]) / 2.0};
        box.centre = glm::dvec2{xs[b.x0], ys[b.y0]} + box.half;
        // A hit is proven only a pixel and more inside a solid box (core/collision/pixel_fast/cover_verdict.h).
        box.solid = emptyIn(b) == 0 && xs[b.x1] - xs[b.x0] >= 4 && ys[b.y1] - ys[b.y0] >= 4;
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
    m_cover = solidCoverOf(*this);
}

}  // namespace cl
