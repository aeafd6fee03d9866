#pragma once
// KeptShape and KeptPolygon: B's polygon in A's sample lattice (LatticePolygon's whole polygon) split into what the
// turns, scales, sampling and masks give (KeptShape: the corners less the start, the top and bottom corners, every
// side's slope, the slack's factor), made once per pair and kept (pair_set_up.h), and its move to one lattice's
// start (KeptPolygon: one offset, M start, taken from every corner as it is read).
//
// Why its clip is conservative. LatticePolygon maps corner p to M (p + r o - h - start) in doubles; the kept
// polygon's corner is fl(fl(M (p + r o - h)) - fl(M start)): the same exact value, rounded in other places. Each of
// the three roundings is at most a few 2^-53 of |M| (|p| + |start| + 1) in either coordinate, about 2^-51 |M|
// magnitude together, with magnitude and |M| (the sum of its entries' sizes) as in LatticePolygon's slack,
// 1e-9 + 1e-12 |M| magnitude: over a thousand times the difference, so the slack LatticePolygon takes for its own
// rounding still covers it many times over. The rest is kept exactly:
// - The top and bottom corners. Taking one offset from every y is monotone (a <= b gives fl(a - k) <= fl(b - k)),
//   so the corner with the least kept y has the least moved y: the top corner of the moved corners, whatever their
//   near ties. The same holds for the bottom corner and for the extremes of x.
// - The sides' slopes, from the kept corners. A side's slope is that of M (p' - p), which no start moves: from the
//   corners less the start it is nearer the exact one than from the moved corners (smaller numbers, smaller
//   rounding). A side is followed only over rows y[from] <= row < y[to] of its moved corners, so its moved height is
//   positive, and then so is its kept one (monotone again): the slope is the one a chain over the moved corners
//   would take, up to the rounding above.
// So each row's range is the line LatticePolygon::Chain evaluates, through the same corner, moved by rounding that
// the slack covers; the rows near the top and bottom corners take the whole width as there.

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <utility>

#include "core/base/alpha_mask.h"
#include "core/base/pair_transform.h"
#include "core/collision/pixel_fast/lattice_polygon.h"

namespace cl::pixel_fast {

/// B's whole polygon (LatticePolygon, kWholePolygon) for A's samples in A's solid box, on a lattice's steps and
/// sampling, with the start left out: what KeptPolygon moves to any start.
struct KeptShape {
    bool clips = false;  ///< false: LatticePolygon would not clip (a flat lattice, too few corners, not finite)
    bool forwardIsRight = true;
    int count = 0, topCorner = 0, bottomCorner = 0;
    std::array<double, kSupportDirections> x{}, y{};  ///< the corners at start 0, counter-clockwise in B
    std::array<double, kSupportDirections> slope{};   ///< side k (corners k, k + 1): dx / dy, 0 when level
    double topY = 0.0, bottomY = 0.0, xMin = 0.0, xMax = 0.0;  ///< the corners' extremes
    double m00 = 1.0, m01 = 0.0, m10 = 0.0, m11 = 1.0;         ///< M, from B to the lattice
    double slackPerMagnitude = 0.0, magnitude = 0.0;           ///< the slack's parts (LatticePolygon's)

    /// No shape (clips false), to be made in place.
    constexpr KeptShape() = default;
    /// The shape of LatticePolygon(mb, t, ta, kWholePolygon) for any lattice with t's steps and sampling.
    KeptShape(const AlphaMask& mb, const SampleLattice& t, const IntRect& ta) {
        SampleLattice atZero = t;
        atZero.start = {0.0, 0.0};
        const LatticePolygon polygon(mb, atZero, ta, kWholePolygon);
        clips = polygon.clipsByCorners();
        if (!clips) return;
        forwardIsRight = polygon.forwardIsRight();
        count = polygon.cornerCount();
        topCorner = polygon.topCorner();
        bottomCorner = polygon.bottomCorner();
        std::copy_n(polygon.cornerX(), count, x.begin());
        std::copy_n(polygon.cornerY(), count, y.begin());
        const auto at = [](int i) { return static_cast<std::size_t>(i); };
        topY = y[at(topCorner)];
        bottomY = y[at(bottomCorner)];
        xMin = *std::min_element(x.begin(), x.begin() + count);
        xMax = *std::max_element(x.begin(), x.begin() + count);
        for (int k = 0; k < count; ++k) {
            const int next = k + 1 == count ? 0 : k + 1;
            // -dx / -dy is dx / dy bit for bit: one slope serves a side walked either way.
            const double dy = y[at(next)] - y[at(k)];
            slope[at(k)] = dy != 0.0 ? (x[at(next)] - x[at(k)]) / dy : 0.0;
        }
        const double sx = t.stepX.x, sy = t.stepX.y, tx = t.stepY.x, ty = t.stepY.y;
        const double inverse = 1.0 / (sx * ty - tx * sy);
        m00 = ty * inverse;
        m01 = -tx * inverse;
        m10 = -sy * inverse;
        m11 = sx * inverse;
        slackPerMagnitude = 1e-12 * (std::abs(sx) + std::abs(sy) + std::abs(tx) + std::abs(ty)) * std::abs(inverse);
        magnitude = mb.solidPolygon().magnitude;
    }
};

/// A KeptShape moved to lattice t's start: what a LatticePolygon of t answers a small scan (rows, whole width,
/// slack, the sides from the top corner), each corner moved as it is read (the proof above).
class KeptPolygon {
public:
    /// The shape moved to t's start; `shape` must clip (KeptShape::clips) and outlive this.
    KeptPolygon(const KeptShape& shape, const SampleLattice& t)
        : m_shape(shape),
          m_offX(shape.m00 * t.start.x + shape.m01 * t.start.y),
          m_offY(shape.m10 * t.start.x + shape.m11 * t.start.y) {
        const double magnitude = std::max(std::abs(t.start.x) + std::abs(t.start.y), shape.magnitude) + 1.0;
        m_slack = 1e-9 + shape.slackPerMagnitude * magnitude;
        m_top = (shape.topY - m_offY) - m_slack;
        m_bottom = (shape.bottomY - m_offY) + m_slack;
    }

    /// False when the start is too far for the offset (not finite): take LatticePolygon instead.
    bool movable() const { return (m_offX + m_offY) * 0.0 == 0.0 && std::isfinite(m_slack); }
    bool clipsByCorners() const { return true; }
    double slack() const { return m_slack; }
    /// The corners at start 0 (the shape's), which Side reads moved: LatticePolygon::cornerX's place in the scan.
    const double* cornerX() const { return m_shape.x.data(); }
    const double* cornerY() const { return m_shape.y.data(); }
    double topRow() const { return m_top; }
    double bottomRow() const { return m_bottom; }
    double xMin() const { return (m_shape.xMin - m_offX) - m_slack; }
    double xMax() const { return (m_shape.xMax - m_offX) + m_slack; }
    /// LatticePolygon::rows.
    std::pair<int, int> rows(int lo, int hi) const {
        const double first = std::max(m_top, lo - 1.0), last = std::min(m_bottom, hi + 1.0);
        if (!(first <= last)) return {1, 0};
        return {std::max(lo, ceilToInt(first)), std::min(hi, floorToInt(last))};
    }

    /// One side from the top corner to the bottom one, an edge at a time (LatticePolygon::Chain's walk).
    class Side {
    public:
        /// Row `row`'s edge, strictly between the top and bottom rows. The corners (cornerX(), cornerY()), taken as
        /// LatticePolygon::Chain takes them, are read moved through the polygon instead.
        void at(const double*, const double*, double row) {
            while (m_next != m_bottom && row >= m_p->y(m_next)) advance();
        }
        /// After at(): the row where the next edge starts (infinite on the last).
        double edgeEnd(const double*) const { return m_next == m_bottom ? std::numeric_limits<double>::infinity() : m_p->y(m_next); }
        double x() const { return m_x; }
        double y() const { return m_y; }
        double slope() const { return m_slope; }

    private:
        friend class KeptPolygon;
        void advance() {
            const KeptShape& s = m_p->m_shape;
            m_x = m_p->x(m_next);
            m_y = m_p->y(m_next);
            const int from = m_next;
            m_next += m_direction;
            m_next = m_next < 0 ? m_next + s.count : m_next >= s.count ? m_next - s.count : m_next;
            m_slope = s.slope[static_cast<std::size_t>(m_direction > 0 ? from : m_next)];
        }
        const KeptPolygon* m_p = nullptr;
        int m_next = 0, m_bottom = 0, m_direction = 1;
        double m_x = 0.0, m_y = 0.0, m_slope = 0.0;
    };

    /// Both sides started at the top corner.
    void startSides(Side& left, Side& right) const {
        const int forward = m_shape.forwardIsRight ? 1 : -1;
        for (Side* side : {&right, &left}) {
            side->m_p = this;
            side->m_next = m_shape.topCorner;
            side->m_bottom = m_shape.bottomCorner;
            side->m_direction = side == &right ? forward : -forward;
            side->advance();
        }
    }

private:
    double x(int i) const { return m_shape.x[static_cast<std::size_t>(i)] - m_offX; }
    double y(int i) const { return m_shape.y[static_cast<std::size_t>(i)] - m_offY; }

    const KeptShape& m_shape;
    double m_offX, m_offY;
    double m_slack = 1.0, m_top = 0.0, m_bottom = 0.0;
};

}  // namespace cl::pixel_fast
