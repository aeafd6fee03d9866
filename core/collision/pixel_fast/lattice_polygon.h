#pragma once
// LatticePolygon: which rows of A, and which samples of each row, can land on B's solid pixels. B's
// convex polygon seen in A's sample lattice, followed edge by edge down the rows; pixel-fast clips every
// row of A to it before walking the row.

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <glm/vec2.hpp>

#include "core/base/alpha_mask.h"
#include "core/base/geometry.h"
#include "core/base/pair_transform.h"
#include "core/collision/pixel_fast/arithmetic.h"

namespace cl::pixel_fast {

/// LatticePolygon's stride for every side of B's 16-sided polygon: the tightest clip.
inline constexpr int kWholePolygon = 1;
/// LatticePolygon's stride for every fourth side, B's solid box: cheaper to build, clips less.
inline constexpr int kSolidBox = 4;

/// Where the samples that pick B's solid pixels can lie: B's solid polygon (every `stride`-th side of
/// AlphaMask::solidSupport()), seen in A's sample lattice, where A's sample (x, y) sits at (x, y): a
/// sample of row y can land on a solid pixel of B only when x lies in range(y).
//
// The polygon's corners are mapped into the lattice once per pair and each row then follows one edge on
// either side. Center sampling picks the pixel whose closed square holds the position, so the polygon itself bounds
// the positions; Xna rounds to the nearest pixel, so the squares move half a pixel up and left. The
// doubles only clip: they differ from the exact lattice by at most 2^-33 per step and coordinate, which
// pushes the sides out a little; the slack below covers the rounding of the solve; every sample kept is
// still decided in fixed point.
class LatticePolygon {
    // |v|, or 0 for an infinite or NaN v (an axis the row does not move along).
    static double finiteOrZero(double v) { return std::isfinite(v) ? std::abs(v) : 0.0; }

public:
    /// B's polygon (kWholePolygon) or box (kSolidBox) for A's samples in `ta`, A's solid box.
    LatticePolygon(const AlphaMask& mb, const SampleLattice& t, const IntRect& ta, int stride) {
        const auto& support = mb.solidSupport();
        // The fixed-point lattice's distance from these doubles, over A's box, on each side.
        // (A mask's pixel coordinates are >= 0: the sum of their magnitudes is the plain sum.)
        const double rounding = 0x1p-31 * (4 + ta.x0 + ta.x1 + ta.y0 + ta.y1) + 1e-9;
        const double half = t.sampling == Sampling::Xna ? 0.5 : 0.0;
        if (stride == kSolidBox) {
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
        // B's polygon without its sides of no length (AlphaMask::solidPolygon()), pushed out by the rounding
        // and moved for Xna: corner p = corner + rounding out - half, at lattice position M (p - start).
        const SolidPolygon& polygon = mb.solidPolygon();
        const int count = polygon.count;
        if (count < 3) return;
        const double m00 = ty * inverse, m01 = -tx * inverse, m10 = -sy * inverse, m11 = sx * inverse;
        const double kx = -half - t.start.x, ky = -half - t.start.y;
        // One pass: each corner mapped, the extremes kept as values (not re-read through their index: no
        // chain of loads), and whether all are finite (0 * v is 0 for every finite v, NaN otherwise).
        double topY = std::numeric_limits<double>::infinity(), bottomY = -topY, xMin = topY, xMax = -topY;
        double notFinite = 0.0;
#if defined(__SSE2__)
        // Two corners a step, each lane the same operations in the same order as one corner alone. An odd
        // count maps its last corner in both lanes (its copy lands in the unused slot m_x[count]).
        {
            const __m128d r = _mm_set1_pd(rounding), kx2 = _mm_set1_pd(kx), ky2 = _mm_set1_pd(ky);
            const __m128d a00 = _mm_set1_pd(m00), a01 = _mm_set1_pd(m01), a10 = _mm_set1_pd(m10), a11 = _mm_set1_pd(m11);
            const __m128d zero = _mm_setzero_pd();
            __m128d lowX = _mm_set1_pd(xMin), highX = _mm_set1_pd(xMax), lowY = _mm_set1_pd(topY), highY = _mm_set1_pd(bottomY);
            __m128d nan = zero;
            for (int i = 0; i < count; i += 2) {
                const auto j = static_cast<std::size_t>(i);
                const bool pair = i + 1 < count;
                const __m128d px = pair ? _mm_loadu_pd(&polygon.x[j]) : _mm_set1_pd(polygon.x[j]);
                const __m128d py = pair ? _mm_loadu_pd(&polygon.y[j]) : _mm_set1_pd(polygon.y[j]);
                const __m128d ox = pair ? _mm_loadu_pd(&polygon.outX[j]) : _mm_set1_pd(polygon.outX[j]);
                const __m128d oy = pair ? _mm_loadu_pd(&polygon.outY[j]) : _mm_set1_pd(polygon.outY[j]);
                const __m128d qx = _mm_add_pd(_mm_add_pd(px, _mm_mul_pd(r, ox)), kx2);
                const __m128d qy = _mm_add_pd(_mm_add_pd(py, _mm_mul_pd(r, oy)), ky2);
                const __m128d cx = _mm_add_pd(_mm_mul_pd(a00, qx), _mm_mul_pd(a01, qy));
                const __m128d cy = _mm_add_pd(_mm_mul_pd(a10, qx), _mm_mul_pd(a11, qy));
                _mm_storeu_pd(&m_x[j], cx);
                _mm_storeu_pd(&m_y[j], cy);
                nan = _mm_add_pd(nan, _mm_mul_pd(_mm_add_pd(cx, cy), zero));
                // min(c, m) is c < m ? c : m, max(c, m) is c > m ? c : m: the scalar loop's choices.
                lowX = _mm_min_pd(cx, lowX);
                highX = _mm_max_pd(cx, highX);
                lowY = _mm_min_pd(cy, lowY);
                highY = _mm_max_pd(cy, highY);
            }
            const auto lane = [](__m128d v, int k) { return k == 0 ? _mm_cvtsd_f64(v) : _mm_cvtsd_f64(_mm_unpackhi_pd(v, v)); };
            const auto least = [&](__m128d v) { return std::min(lane(v, 0), lane(v, 1)); };
            const auto most = [&](__m128d v) { return std::max(lane(v, 0), lane(v, 1)); };
            notFinite = lane(nan, 0) + lane(nan, 1);
            xMin = least(lowX);
            xMax = most(highX);
            topY = least(lowY);
            bottomY = most(highY);
        }
        // The top and bottom corners: the first that reaches the least and the greatest y (as the strict
        // comparisons of one pass would keep them).
        int top = 0, bottom = 0;
        while (top < count - 1 && !(m_y[static_cast<std::size_t>(top)] == topY)) ++top;
        while (bottom < count - 1 && !(m_y[static_cast<std::size_t>(bottom)] == bottomY)) ++bottom;
#else
        int top = 0, bottom = 0;
        for (int i = 0; i < count; ++i) {
            const auto j = static_cast<std::size_t>(i);
            const double qx = polygon.x[j] + rounding * polygon.outX[j] + kx;
            const double qy = polygon.y[j] + rounding * polygon.outY[j] + ky;
            const double cx = m00 * qx + m01 * qy, cy = m10 * qx + m11 * qy;
            m_x[j] = cx;
            m_y[j] = cy;
            notFinite += (cx + cy) * 0.0;
            top = cy < topY ? i : top;
            topY = cy < topY ? cy : topY;
            bottom = cy > bottomY ? i : bottom;
            bottomY = cy > bottomY ? cy : bottomY;
            xMin = cx < xMin ? cx : xMin;
            xMax = cx > xMax ? cx : xMax;
        }
#endif
        if (!(notFinite == 0.0)) return;
        // Rounding in B, about 2^-52 of the magnitudes subtracted, is magnified by the inverse lattice;
        // 1e-12 leaves a wide margin (clipRow adds a sample on each end for the solve itself). The corners
        // lie within the mask's magnitude plus the push-out and Xna's half pixel (together under 1).
        const double magnitude = std::max(std::abs(t.start.x) + std::abs(t.start.y), polygon.magnitude) + 1.0;
        m_slack = 1e-9 + 1e-12 * magnitude * (std::abs(sx) + std::abs(sy) + std::abs(tx) + std::abs(ty)) * std::abs(inverse);
        m_xMin = xMin - m_slack;
        m_xMax = xMax + m_slack;
        m_top = topY - m_slack;
        m_bottom = bottomY + m_slack;
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
            const double end = std::min({m_left.edgeEnd(m_y.data()), m_right.edgeEnd(m_y.data()),
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

    /// range() of the box (kSolidBox), inline: each axis of B bounds the row's samples between two lines.
    [[gnu::always_inline]] void boxRange(int y, double& lo, double& hi) const {
        constexpr double kInfinity = std::numeric_limits<double>::infinity();
        if (!m_clips) {
            lo = -kInfinity;
            hi = kInfinity;
            return;
        }
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
    }

    /// The samples of row y that can reach B lie in [lo, hi]; y never decreases from one call to the next.
    void range(int y, double& lo, double& hi) {
        constexpr double kInfinity = std::numeric_limits<double>::infinity();
        if (!m_clips) {
            lo = -kInfinity;
            hi = kInfinity;
        } else if (m_box) {
            boxRange(y, lo, hi);
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
                m_right.start(m_x.data(), m_y.data(), m_count, m_topCorner, m_bottomCorner, m_forwardIsRight ? 1 : -1);
                m_left.start(m_x.data(), m_y.data(), m_count, m_topCorner, m_bottomCorner, m_forwardIsRight ? -1 : 1);
                m_chains = true;
            }
            lo = m_left.at(m_x.data(), m_y.data(), y) - m_slack;
            hi = m_right.at(m_x.data(), m_y.data(), y) + m_slack;
        }
    }

    /// What a scan that follows the sides itself reads (small_scan.cpp): true when the whole polygon was built
    /// and clips, and then its mapped corners (x[], y[], counter-clockwise in B), the top and bottom
    /// corners, whether the forward side from the top is the right-hand one, the slack, and the rows and
    /// columns range() answers with (top and bottom row, the whole width) pushed out by the slack.
    bool clipsByCorners() const { return m_clips && !m_box; }
    const double* cornerX() const { return m_x.data(); }
    const double* cornerY() const { return m_y.data(); }
    int cornerCount() const { return m_count; }
    int topCorner() const { return m_topCorner; }
    int bottomCorner() const { return m_bottomCorner; }
    bool forwardIsRight() const { return m_forwardIsRight; }
    double slack() const { return m_slack; }
    double topRow() const { return m_top; }
    double bottomRow() const { return m_bottom; }
    double xMin() const { return m_xMin; }
    double xMax() const { return m_xMax; }

    /// One side of the polygon from its top corner to its bottom corner, an edge at a time; the corners
    /// are the polygon's (x[], y[]).
    class Chain {
    public:
        /// Starts at corner `top`, walking the corners by `direction` (+1 or -1) towards corner `bottom`.
        void start(const double* x, const double* y, int count, int top, int bottom, int direction) {
            m_count = count;
            m_bottom = bottom;
            m_direction = direction;
            m_next = top;
            advance(x, y);
        }
        // x on this side at row y, strictly between the top and bottom corners.
        double at(const double* x, const double* y, double row) {
            while (m_next != m_bottom && row >= y[m_next]) advance(x, y);
            return m_x + (row - m_y) * m_slope;
        }
        // After at(y): rows below this one stay on the same edge, whose x at row 0 and slope follow.
        double edgeEnd(const double* y) const {
            return m_next == m_bottom ? std::numeric_limits<double>::infinity() : y[m_next];
        }
        double atRow0() const { return m_x - m_y * m_slope; }
        double x() const { return m_x; }
        double y() const { return m_y; }
        double slope() const { return m_slope; }

    private:
        // Moves on to the edge that starts at corner m_next.
        void advance(const double* x, const double* y) {
            const double fromX = x[m_next], fromY = y[m_next];
            m_next += m_direction;
            m_next = m_next < 0 ? m_next + m_count : m_next >= m_count ? m_next - m_count : m_next;
            const double dy = y[m_next] - fromY;
            m_x = fromX;
            m_y = fromY;
            m_slope = dy > 0.0 ? (x[m_next] - fromX) / dy : 0.0;
        }

        int m_count = 1, m_bottom = 0, m_direction = 1, m_next = 0;
        double m_x = 0.0, m_y = 0.0, m_slope = 0.0;
    };

private:
    bool m_clips = false;
    // B's solid box (kSolidBox): lo <= start + x stepX + y stepY <= hi.
    bool m_box = false;
    // Written by the box's constructor and read by boxRange() only (no initial values: the other polygons pay none).
    glm::dvec2 m_boxLo, m_boxHi, m_start, m_stepX, m_stepY, m_inverseStep;
    bool m_chains = false;
    bool m_forwardIsRight = true;
    int m_count = 0, m_topCorner = 0, m_bottomCorner = 0;
    std::array<double, kSupportDirections> m_x, m_y;  // the corners in the lattice, counter-clockwise in B
    double m_slack = 1.0;
    double m_top = 0.0, m_bottom = 0.0, m_xMin = 0.0, m_xMax = 0.0;
    Chain m_left, m_right;
};

}  // namespace cl::pixel_fast
