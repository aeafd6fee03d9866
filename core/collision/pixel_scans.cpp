#include "core/collision/pixel_scans.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include <glm/glm.hpp>

#include "core/base/bounds.h"

namespace cl {
namespace {

// Adds one overlapping sample to a result; returns true when the scan should stop.
bool recordHit(CollisionResult& r, const TestOptions& options, double amount, PixelHit hit) {
    r.hit = true;
    r.overlap += amount;
    if (!r.firstHit) r.firstHit = hit;
    if (options.listHits && !options.stopAtFirstHit) r.hits.push_back(hit);
    return options.stopAtFirstHit;
}

// True when pixel (x, y), given as 64-bit indices that may lie far outside, is solid in the mask.
bool solidAt(const AlphaMask& mask, std::int64_t x, std::int64_t y) {
    if (x < 0 || y < 0 || x >= mask.width() || y >= mask.height()) return false;
    return mask.solid(static_cast<int>(x), static_cast<int>(y));
}

// floor(v) and ceil(v) as integers, for |v| < 2^63 (far beyond any coordinate a valid transform gives):
// cheaper than the library's floor and ceil without SSE4.1.
std::int64_t floorToInt(double v) {
    const auto t = static_cast<std::int64_t>(v);
    return static_cast<double>(t) > v ? t - 1 : t;
}
std::int64_t ceilToInt(double v) {
    const auto t = static_cast<std::int64_t>(v);
    return static_cast<double>(t) < v ? t + 1 : t;
}

// True when pixels [x0, x1) of row y are all solid; 0 <= x0 < x1 <= width.
bool solidRun(const AlphaMask& mask, int y, int x0, int x1) {
    const std::span<const std::uint64_t> row = mask.bitRow(y);
    if ((x0 & 63) + (x1 - x0) <= 64) {
        const std::uint64_t want = (~std::uint64_t{0} >> (64 - (x1 - x0))) << (x0 & 63);
        return (row[static_cast<std::size_t>(x0 >> 6)] & want) == want;
    }
    for (int x = x0; x < x1;) {
        const int bit = x & 63;
        const int n = std::min(x1 - x, 64 - bit);
        const std::uint64_t want = (n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1) << bit;
        if ((row[static_cast<std::size_t>(x >> 6)] & want) != want) return false;
        x += n;
    }
    return true;
}

// A mask's solid bits and size, read once for pixel-world's per-centre test.
class MaskLookup {
public:
    explicit MaskLookup(const AlphaMask& mask)
        : m_bits(mask.height() > 0 ? mask.bitRow(0).data() : nullptr),
          m_wordsPerRow(static_cast<std::size_t>(mask.wordsPerRow())),
          m_width(mask.width()),
          m_height(mask.height()) {}

    // True when local point p lies on a solid pixel, which is then floor(p), in `pixel`.
    bool solidUnder(glm::dvec2 p, glm::ivec2& pixel) const {
        // Inside [0, size) the floor is the truncation: one conversion instead of floor and conversion.
        if (!(p.x >= 0.0 && p.y >= 0.0 && p.x < m_width && p.y < m_height)) return false;
        pixel = glm::ivec2(static_cast<int>(p.x), static_cast<int>(p.y));
        const std::uint64_t word = m_bits[static_cast<std::size_t>(pixel.y) * m_wordsPerRow + (pixel.x >> 6)];
        return (word >> (pixel.x & 63)) & 1u;
    }

private:
    const std::uint64_t* m_bits;
    std::size_t m_wordsPerRow;
    double m_width, m_height;
};

// Tests one sample of A against B; returns true when the scan should stop.
bool testSample(CollisionResult& r, const TestOptions& options, const PairTransform& t, const AlphaMask& maskB,
                int x, int y, const FixedVec& positionInB) {
    ++r.samples;
    const std::int64_t bx = pickPixel(positionInB.x, t.sampling);
    const std::int64_t by = pickPixel(positionInB.y, t.sampling);
    if (!solidAt(maskB, bx, by)) return false;
    const double offset = sampleOffset(t.sampling);
    const glm::dvec2 world = transformPoint(t.worldA, {x + offset, y + offset});
    return recordHit(r, options, 1.0, PixelHit{{x, y}, {static_cast<int>(bx), static_cast<int>(by)}, world});
}

bool isWholeMultipleOf360(double degrees) { return std::fmod(degrees, 360.0) == 0.0; }
bool isWhole(double v) { return std::floor(v) == v; }

// Why a sprite is not a whole-pixel translation, or empty when it is.
std::string translationOnlyProblem(const SpriteTransform& t, const char* name) {
    if (!isWholeMultipleOf360(t.rotationDeg)) return std::string(name) + " is rotated";
    if (t.scale != glm::dvec2(1.0, 1.0)) return std::string(name) + " is scaled or flipped";
    const glm::dvec2 corner = t.position - t.origin;
    if (!isWhole(corner.x) || !isWhole(corner.y)) return std::string(name) + " is not on a whole pixel";
    return {};
}

// Area of a convex polygon clipped to the unit square [u, u+1] x [v, v+1].
double clippedArea(const std::array<glm::dvec2, 4>& quad, double u, double v) {
    std::array<glm::dvec2, 12> bufferA, bufferB;  // only the first `count` points are read
    std::copy(quad.begin(), quad.end(), bufferA.begin());
    int count = 4;
    glm::dvec2* in = bufferA.data();
    glm::dvec2* out = bufferB.data();
    // Sutherland-Hodgman against the four sides: keep points with sign * (p[axis] - bound) >= 0.
    const std::array<std::pair<int, double>, 4> sides{{{0, u}, {0, u + 1.0}, {1, v}, {1, v + 1.0}}};
    for (int s = 0; s < 4; ++s) {
        const int axis = sides[s].first;
        const double bound = sides[s].second;
        const double sign = (s % 2 == 0) ? 1.0 : -1.0;
        // A side with every point inside keeps the polygon as it is (the loop below would copy it).
        bool allInside = true;
        for (int i = 0; i < count; ++i) allInside = allInside && sign * (in[i][axis] - bound) >= 0.0;
        if (allInside) continue;
        int outCount = 0;
        for (int i = 0; i < count; ++i) {
            const glm::dvec2 p = in[i], q = in[i + 1 == count ? 0 : i + 1];
            const double dp = sign * (p[axis] - bound), dq = sign * (q[axis] - bound);
            if (dp >= 0.0) out[outCount++] = p;
            if ((dp >= 0.0) != (dq >= 0.0)) out[outCount++] = p + (q - p) * (dp / (dp - dq));
        }
        count = outCount;
        std::swap(in, out);
        if (count < 3) return 0.0;
    }
    // Summed about the first vertex rather than the origin: far from the origin the terms cancel badly.
    double twiceArea = 0.0;
    for (int i = 1; i + 1 < count; ++i) {
        const glm::dvec2 p = in[i] - in[0], q = in[i + 1] - in[0];
        twiceArea += p.x * q.y - q.x * p.y;
    }
    return std::abs(twiceArea) * 0.5;
}

// A half-plane { p : normal . p <= limit } of a sprite's local (texture pixel) space.
struct HalfPlane {
    glm::dvec2 normal{0.0, 0.0};
    double limit = 0.0;
};

// Half-planes of a mask's local space that every solid pixel's square lies in: the tight bounds and the
// support polygon.
struct SolidHull {
    std::array<HalfPlane, 4 + kSupportDirections> planes{};
    int count = 0;
    double largestLimit = 0.0;  // for the rounding slack
};

SolidHull solidHull(const AlphaMask& mask) {
    SolidHull hull;
    auto add = [&](glm::dvec2 normal, double limit) {
        hull.planes[static_cast<std::size_t>(hull.count++)] = HalfPlane{normal, limit};
        hull.largestLimit = std::max(hull.largestLimit, std::abs(limit));
    };
    const IntRect tight = mask.tightBounds();
    add({1.0, 0.0}, tight.x1);
    add({-1.0, 0.0}, -tight.x0);
    add({0.0, 1.0}, tight.y1);
    add({0.0, -1.0}, -tight.y0);
    for (int k = 0; k < kSupportDirections; ++k) {
        add(supportDirections()[static_cast<std::size_t>(k)], mask.solidSupport()[static_cast<std::size_t>(k)]);
    }
    return hull;
}

// Relative slack of the clipping below: far above the rounding of a few double operations.
constexpr double kClipSlack = 1e-9;

// A closed interval; empty when lo > hi.
struct Interval {
    double lo = -std::numeric_limits<double>::infinity();
    double hi = std::numeric_limits<double>::infinity();
};

// Row by row, the interval of x for which the local point m * (x, y) can lie in a solid hull, where |x| and
// |y| are at most `extent`. Every half-plane n . p <= limit becomes a x + b y <= c, solved once for x as
// P - Q y (or, when a is 0, for y), so a row costs a multiply and a compare per half-plane. The answer is
// conservative: each half-plane is widened by a slack far above the rounding of mapping a point, and each
// bound by one far above the rounding of P, Q and P - Q y. A NaN bound is ignored (the interval stays wider).
class RowClip {
public:
    RowClip(const SolidHull& hull, const glm::dmat3& m, double extent) {
        const glm::dvec2 alongX = transformVector(m, {1.0, 0.0}), alongY = transformVector(m, {0.0, 1.0});
        const glm::dvec2 origin = transformPoint(m, {0.0, 0.0});
        const double linear = std::abs(alongX.x) + std::abs(alongX.y) + std::abs(alongY.x) + std::abs(alongY.y);
        const double slack =
            kClipSlack * (1.0 + linear * extent + std::abs(origin.x) + std::abs(origin.y) + hull.largestLimit);
        for (int k = 0; k < hull.count; ++k) {
            const HalfPlane& h = hull.planes[static_cast<std::size_t>(k)];
            const double a = glm::dot(h.normal, alongX), b = glm::dot(h.normal, alongY);
            const double c = h.limit + slack - glm::dot(h.normal, origin);
            if (a != 0.0) {
                const double p = c / a, q = b / a;
                const double widen = kClipSlack * (1.0 + std::abs(p) + std::abs(q) * extent);
                if (a > 0.0) {
                    m_upper[static_cast<std::size_t>(m_upperCount++)] = {p + widen, q};
                } else {
                    m_lower[static_cast<std::size_t>(m_lowerCount++)] = {p - widen, q};
                }
            } else if (b != 0.0) {
                const double bound = c / b, widen = kClipSlack * (1.0 + std::abs(bound));
                if (b > 0.0 && bound + widen < m_rows.hi) m_rows.hi = bound + widen;
                if (b < 0.0 && bound - widen > m_rows.lo) m_rows.lo = bound - widen;
            } else if (c < 0.0) {
                m_rows = Interval{0.0, -1.0};
            }
        }
    }

    Interval at(double y) const {
        if (!(y >= m_rows.lo && y <= m_rows.hi)) return Interval{0.0, -1.0};
        Interval x;
        for (int k = 0; k < m_upperCount; ++k) {
            const double bound = m_upper[static_cast<std::size_t>(k)].p - m_upper[static_cast<std::size_t>(k)].q * y;
            if (bound < x.hi) x.hi = bound;
        }
        for (int k = 0; k < m_lowerCount; ++k) {
            const double bound = m_lower[static_cast<std::size_t>(k)].p - m_lower[static_cast<std::size_t>(k)].q * y;
            if (bound > x.lo) x.lo = bound;
        }
        return x;
    }

private:
    struct Bound {
        double p = 0.0, q = 0.0;
    };
    std::array<Bound, 4 + kSupportDirections> m_upper{}, m_lower{};
    int m_upperCount = 0, m_lowerCount = 0;
    Interval m_rows;  // the rows y that can meet the hull at all
};

}  // namespace

CollisionResult pixelRect(const Body& a, const Body& b, const TestOptions& options) {
    for (const auto& problem : {translationOnlyProblem(a.transform, "A"), translationOnlyProblem(b.transform, "B")}) {
        if (!problem.empty()) return notApplicable(problem + ": pixel-rect needs two whole-pixel translations");
    }
    const AlphaMask& ma = *a.mask;
    const AlphaMask& mb = *b.mask;
    const auto offA = glm::i64vec2(a.transform.position - a.transform.origin);
    const auto offB = glm::i64vec2(b.transform.position - b.transform.origin);
    // The intersection rectangle, in world pixels.
    const std::int64_t x0 = std::max(offA.x, offB.x), x1 = std::min(offA.x + ma.width(), offB.x + mb.width());
    const std::int64_t y0 = std::max(offA.y, offB.y), y1 = std::min(offA.y + ma.height(), offB.y + mb.height());
    CollisionResult r;
    for (std::int64_t y = y0; y < y1; ++y) {
        for (std::int64_t x = x0; x < x1; ++x) {
            ++r.samples;
            const int ax = static_cast<int>(x - offA.x), ay = static_cast<int>(y - offA.y);
            const int bx = static_cast<int>(x - offB.x), by = static_cast<int>(y - offB.y);
            if (ma.solid(ax, ay) && mb.solid(bx, by)) {
                if (recordHit(r, options, 1.0, PixelHit{{ax, ay}, {bx, by}, {x + 0.5, y + 0.5}})) return r;
            }
        }
    }
    return r;
}

CollisionResult pixelNaive(const Body& a, const Body& b, const TestOptions& options) {
    const PairTransform t = makePairTransform(a.transform, b.transform, options.sampling);
    CollisionResult r;
    for (int y = 0; y < a.mask->height(); ++y) {
        for (const SolidSpan& span : a.mask->rowSpans(y)) {
            for (int x = span.x0; x < span.x1; ++x) {
                if (testSample(r, options, t, *b.mask, x, y, samplePositionInB(t, x, y))) return r;
            }
        }
    }
    return r;
}

CollisionResult pixelStep(const Body& a, const Body& b, const TestOptions& options) {
    const PairTransform t = makePairTransform(a.transform, b.transform, options.sampling);
    CollisionResult r;
    FixedVec rowStart = t.startFx;
    for (int y = 0; y < a.mask->height(); ++y) {
        FixedVec position = rowStart;
        for (int x = 0; x < a.mask->width(); ++x) {
            if (a.mask->solid(x, y) && testSample(r, options, t, *b.mask, x, y, position)) return r;
            position += t.stepXFx;
        }
        rowStart += t.stepYFx;
    }
    return r;
}

WorldPixelRange pixelWorldRange(const Body& a, const Body& b) {
    // Pixels outside a tight box cannot be solid, so the range is limited to the tight boxes' overlap too;
    // that limit is inclusive, since a centre on a tight box's edge can still fall in a solid pixel.
    const auto ta = tightWorldAabb(a), tb = tightWorldAabb(b);
    if (!ta || !tb) return {};
    const Rect boxes = intersection(worldAabb(a), worldAabb(b));
    const Rect tight = intersection(*ta, *tb);
    // Centres (i + 0.5) strictly inside (min, max) of the boxes: i > min - 0.5 and i < max - 0.5;
    // and inside [min, max] of the tight boxes: min - 0.5 <= i <= max - 0.5.
    WorldPixelRange range;
    range.first = glm::max(glm::floor(boxes.min - 0.5) + 1.0, glm::ceil(tight.min - 0.5));
    range.last = glm::min(glm::ceil(boxes.max - 0.5) - 1.0, glm::floor(tight.max - 0.5));
    return range;
}

CollisionResult pixelWorld(const Body& a, const Body& b, const TestOptions& options) {
    CollisionResult r;
    const WorldPixelRange range = pixelWorldRange(a, b);
    if (range.empty()) return r;
    if (range.count() > kMaxWorldPixels) return notApplicable("the overlap covers more than 2^26 world pixels");
    const glm::dmat3 toA = affineInverse(worldMatrix(a.transform));
    const glm::dmat3 toB = affineInverse(worldMatrix(b.transform));
    // Only centres that can land in a solid pixel of both are visited: on each world row, those mapping
    // inside A's and B's solid hulls (convex in the world too, so a row meets each in one interval).
    const double extent = std::max({std::abs(range.first.x), std::abs(range.last.x), std::abs(range.first.y),
                                    std::abs(range.last.y)}) + 1.0;
    const RowClip clipA(solidHull(*a.mask), toA, extent), clipB(solidHull(*b.mask), toB, extent);
    // Solving a row costs about as much as visiting a few centres, so narrow ranges are visited whole.
    const bool clipRows = range.last.x - range.first.x + 1.0 >= kMinClippedRow;
    const MaskLookup lookupA(*a.mask), lookupB(*b.mask);
    for (auto j = static_cast<std::int64_t>(range.first.y); j <= static_cast<std::int64_t>(range.last.y); ++j) {
        double first = range.first.x, last = range.last.x;
        if (clipRows) {
            // Centres i + 0.5 in [lo, hi] of both.
            const Interval inA = clipA.at(j + 0.5), inB = clipB.at(j + 0.5);
            first = std::max(first, std::ceil(std::max(inA.lo, inB.lo) - 0.5));
            last = std::min(last, std::floor(std::min(inA.hi, inB.hi) - 0.5));
        }
        if (!(first <= last)) continue;
        for (auto i = static_cast<std::int64_t>(first); i <= static_cast<std::int64_t>(last); ++i) {
            ++r.samples;
            const glm::dvec2 world{i + 0.5, j + 0.5};
            glm::ivec2 pa, pb;
            if (lookupA.solidUnder(transformPoint(toA, world), pa) &&
                lookupB.solidUnder(transformPoint(toB, world), pb)) {
                if (recordHit(r, options, 1.0, PixelHit{pa, pb, world})) return r;
            }
        }
    }
    return r;
}

CollisionResult pixelExact(const Body& a, const Body& b, const TestOptions& options) {
    CollisionResult r;
    const auto ta = tightWorldAabb(a), tb = tightWorldAabb(b);
    if (!ta || !tb || !overlapsPositively(*ta, *tb)) return r;

    // Walk the sprite whose pixels are smaller in the world, mapping each of its solid squares into the
    // other's grid: each square then meets only a few of the other's cells.
    const glm::dmat3 worldA = worldMatrix(a.transform), worldB = worldMatrix(b.transform);
    const double areaA = std::abs(glm::determinant(glm::dmat2(worldA)));
    const double areaB = std::abs(glm::determinant(glm::dmat2(worldB)));
    const bool walkA = areaA <= areaB;
    const Body& inner = walkA ? a : b;
    const Body& outer = walkA ? b : a;
    const glm::dmat3 worldOuter = walkA ? worldB : worldA;
    const glm::dmat3 innerToOuter = affineInverse(worldOuter) * (walkA ? worldA : worldB);
    const double outerCellArea = walkA ? areaB : areaA;
    const double innerArea = std::abs(glm::determinant(glm::dmat2(innerToOuter)));
    const IntRect outerTight = outer.mask->tightBounds();

    // Adds overlapping area; returns true when hit-only mode may stop. A hit is reported against A's
    // pixel and B's pixel, whichever sprite is walked.
    const bool listing = options.listHits && !options.stopAtFirstHit;
    auto add = [&](double area, glm::ivec2 innerPixel, glm::ivec2 cell) {
        r.overlap += area;
        // The hit itself is only needed for the first one and for the list.
        if (!r.firstHit || listing) {
            const glm::ivec2 pixelA = walkA ? innerPixel : cell;
            const PixelHit hit{pixelA, walkA ? cell : innerPixel, transformPoint(worldA, glm::dvec2(pixelA) + 0.5)};
            if (!r.firstHit) r.firstHit = hit;
            if (listing) r.hits.push_back(hit);
        }
        if (options.stopAtFirstHit && r.overlap > kExactAreaEpsilon) {
            r.hit = true;
            return true;
        }
        return false;
    };

    // A square adds nothing unless a solid cell lies among the cells under its box. Each of those cells
    // overlaps the box, and solid cells lie in outer's solid hull, so only squares whose box meets the hull are
    // examined: on each row of inner, one interval of x. The box's least normal . p is normal . (the
    // square's first corner) plus a constant per normal, folded into the limits.
    SolidHull reach = solidHull(*outer.mask);
    const glm::dvec2 boxLo{std::min(0.0, innerToOuter[0][0]) + std::min(0.0, innerToOuter[1][0]),
                           std::min(0.0, innerToOuter[0][1]) + std::min(0.0, innerToOuter[1][1])};
    const glm::dvec2 boxHi{std::max(0.0, innerToOuter[0][0]) + std::max(0.0, innerToOuter[1][0]),
                           std::max(0.0, innerToOuter[0][1]) + std::max(0.0, innerToOuter[1][1])};
    reach.largestLimit = 0.0;
    for (int k = 0; k < reach.count; ++k) {
        HalfPlane& h = reach.planes[static_cast<std::size_t>(k)];
        h.limit -= h.normal.x * (h.normal.x > 0.0 ? boxLo.x : boxHi.x) +
                   h.normal.y * (h.normal.y > 0.0 ? boxLo.y : boxHi.y);
        reach.largestLimit = std::max(reach.largestLimit, std::abs(h.limit));
    }
    const RowClip clip(reach, innerToOuter, std::max(inner.mask->width(), inner.mask->height()) + 1.0);

    for (int y = 0; y < inner.mask->height(); ++y) {
        const Interval row = clip.at(y);
        const double first = std::max(0.0, std::ceil(row.lo));
        const double last = std::min(inner.mask->width() - 1.0, std::floor(row.hi));
        if (!(first <= last)) continue;
        const int xFirst = static_cast<int>(first), xEnd = static_cast<int>(last) + 1;
        for (const SolidSpan& span : inner.mask->rowSpans(y)) {
            for (int x = std::max(span.x0, xFirst); x < std::min(span.x1, xEnd); ++x) {
                ++r.samples;
                const std::array<glm::dvec2, 4> square{
                    transformPoint(innerToOuter, {x, y}), transformPoint(innerToOuter, {x + 1.0, y}),
                    transformPoint(innerToOuter, {x + 1.0, y + 1.0}), transformPoint(innerToOuter, {x, y + 1.0})};
                // Only floor(lo) and ceil(hi) are used, which do not tell -0 from +0: any order of min/max does.
                const glm::dvec2 lo = glm::min(glm::min(square[0], square[1]), glm::min(square[2], square[3]));
                const glm::dvec2 hi = glm::max(glm::max(square[0], square[1]), glm::max(square[2], square[3]));
                const std::int64_t cellLoX = floorToInt(lo.x), cellLoY = floorToInt(lo.y);
                const std::int64_t cellHiX = ceilToInt(hi.x), cellHiY = ceilToInt(hi.y);
                const int u0 = static_cast<int>(std::max<std::int64_t>(cellLoX, outerTight.x0));
                const int u1 = static_cast<int>(std::min<std::int64_t>(cellHiX, outerTight.x1));
                const int v0 = static_cast<int>(std::max<std::int64_t>(cellLoY, outerTight.y0));
                const int v1 = static_cast<int>(std::min<std::int64_t>(cellHiY, outerTight.y1));
                if (u1 <= u0 || v1 <= v0) continue;
                // When every cell under the square's box is solid, the whole square counts: no clipping.
                const bool boxInside = u0 == cellLoX && u1 == cellHiX && v0 == cellLoY && v1 == cellHiY;
                bool allSolid = boxInside && !options.listHits;
                for (int v = v0; allSolid && v < v1; ++v) allSolid = solidRun(*outer.mask, v, u0, u1);
                if (allSolid) {
                    // The centre's cell names the hit, which is only kept for the first hit on this path.
                    glm::ivec2 centreCell{0, 0};
                    if (!r.firstHit) {
                        const glm::dvec2 centre = transformPoint(innerToOuter, {x + 0.5, y + 0.5});
                        centreCell = glm::ivec2(floorToInt(centre.x), floorToInt(centre.y));
                    }
                    if (add(innerArea * outerCellArea, {x, y}, centreCell)) return r;
                    continue;
                }
                for (int v = v0; v < v1; ++v) {
                    for (int u = u0; u < u1; ++u) {
                        if (!outer.mask->solid(u, v)) continue;
                        const double area = clippedArea(square, u, v) * outerCellArea;
                        if (area > 0.0 && add(area, {x, y}, {u, v})) return r;
                    }
                }
            }
        }
    }
    r.hit = r.overlap > kExactAreaEpsilon;
    if (!r.hit) {
        r.firstHit.reset();
        r.hits.clear();
    }
    return r;
}

std::vector<double> pixelPairAreas(const Body& a, const Body& b, std::span<const PixelHit> pairs) {
    // The same choice of walked sprite and the same matrices as pixelExact, so each area is the one it adds
    // on its clipping path.
    const glm::dmat3 worldA = worldMatrix(a.transform), worldB = worldMatrix(b.transform);
    const double areaA = std::abs(glm::determinant(glm::dmat2(worldA)));
    const double areaB = std::abs(glm::determinant(glm::dmat2(worldB)));
    const bool walkA = areaA <= areaB;
    const glm::dmat3 innerToOuter = affineInverse(walkA ? worldB : worldA) * (walkA ? worldA : worldB);
    const double outerCellArea = walkA ? areaB : areaA;
    std::vector<double> areas;
    areas.reserve(pairs.size());
    for (const PixelHit& pair : pairs) {
        const glm::ivec2 inner = walkA ? pair.a : pair.b;
        const glm::ivec2 cell = walkA ? pair.b : pair.a;
        const double x = inner.x, y = inner.y;
        const std::array<glm::dvec2, 4> square{
            transformPoint(innerToOuter, {x, y}), transformPoint(innerToOuter, {x + 1.0, y}),
            transformPoint(innerToOuter, {x + 1.0, y + 1.0}), transformPoint(innerToOuter, {x, y + 1.0})};
        areas.push_back(clippedArea(square, cell.x, cell.y) * outerCellArea);
    }
    return areas;
}

}  // namespace cl
