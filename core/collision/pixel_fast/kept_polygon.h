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
#include "core/collision/pixel_fast/row_walker.h"

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
    double stepsReach = 0.0;  ///< stepsReach(t, A's solid box) (row_walker.h): fitsNarrow at any start

    /// No shape (clips false), to be made in place.
    constexpr KeptShape() = default;
    /// The shape of LatticePolygon(mb, t, ta, kWholePolygon) for any lattice with t's steps and sampling.
    KeptShape(const AlphaMask& mb, const SampleLattice& t, const IntRect& ta) {
        stepsReach = pixel_fast::stepsReach(t, ta);
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

/// B's mask with its kept shape (KeptShape(mask, t', A's solid box) of a lattice t' with the steps and sampling of
/// the lattice scanned): what scanSmall takes in place of B's mask to clip by the kept polygon. It reads as the mask
/// where only the mask is asked for (the walk of samples).
struct KeptB {
    const AlphaMask& mask;
    const KeptShape& shape;
    operator const AlphaMask&() const { return mask; }  // NOLINT(google-explicit-constructor): the walk's mask
};

/// A KeptShape moved to lattice t's start: what a LatticePolygon of t answers a small scan (rows, whole width,
/// slack, the sides from the top corner), each corner moved as it is read (the proof above). When the shape does
/// not clip or the start is too far for its offset (not finite), it clips nothing, as LatticePolygon then does.
class KeptPolygon {
public:
    /// One coordinate of the corners moved: corner i's is at[i] - offset. The x coordinate carries the sides'
    /// slopes (KeptShape::slope) besides, for Side.
    struct Moved {
        const double* at;
        double offset;
        const double* slope;
        double operator[](int i) const { return at[i] - offset; }
    };

    /// `b`'s shape moved to t's start; the shape must outlive this. (A's box and the stride are the shape's: the
    /// arguments are LatticePolygon's, so that a scan builds either polygon the same way.)
    KeptPolygon(const KeptB& b, const SampleLattice& t, const IntRect&, int)
        : m_shape(b.shape),
          m_offX(m_shape.m00 * t.start.x + m_shape.m01 * t.start.y),
          m_offY(m_shape.m10 * t.start.x + m_shape.m11 * t.start.y) {
        const double magnitude = std::max(std::abs(t.start.x) + std::abs(t.start.y), m_shape.magnitude) + 1.0;
        m_slack = 1e-9 + m_shape.slackPerMagnitude * magnitude;
        m_top = (m_shape.topY - m_offY) - m_slack;
        m_bottom = (m_shape.bottomY - m_offY) + m_slack;
        // 0 * v is 0 for every finite v, NaN otherwise.
        m_clips = m_shape.clips && (m_offX + m_offY) * 0.0 == 0.0 && std::isfinite(m_slack);
    }

    bool clipsByCorners() const { return m_clips; }
    double slack() const { return m_slack; }
    bool forwardIsRight() const { return m_shape.forwardIsRight; }
    int cornerCount() const { return m_shape.count; }
    int topCorner() const { return m_shape.topCorner; }
    int bottomCorner() const { return m_shape.bottomCorner; }
    /// The corners moved (LatticePolygon::cornerX's place in the scan).
    Moved cornerX() const { return {m_shape.x.data(), m_offX, m_shape.slope.data()}; }
    Moved cornerY() const { return {m_shape.y.data(), m_offY, nullptr}; }
    double topRow() const { return m_top; }
    double bottomRow() const { return m_bottom; }
    double xMin() const { return (m_shape.xMin - m_offX) - m_slack; }
    double xMax() const { return (m_shape.xMax - m_offX) + m_slack; }
    /// LatticePolygon::rows.
    std::pair<int, int> rows(int lo, int hi) const {
        if (!m_clips) return {lo, hi};
        const double first = std::max(m_top, lo - 1.0), last = std::min(m_bottom, hi + 1.0);
        if (!(first <= last)) return {1, 0};
        return {std::max(lo, ceilToInt(first)), std::min(hi, floorToInt(last))};
    }

    /// One side from the top corner to the bottom one, an edge at a time: LatticePolygon::Chain over the moved
    /// corners, reading each side's kept slope instead of dividing.
    class Side {
    public:
        /// Starts at corner `top`, walking the corners by `direction` (+1 or -1) towards corner `bottom`.
        void start(const Moved& x, const Moved& y, int count, int top, int bottom, int direction) {
            m_count = count;
            m_bottom = bottom;
            m_direction = direction;
            m_next = top;
            advance(x, y);
        }
        /// Onto row `row`'s edge, strictly between the top and bottom rows.
        void at(const Moved& x, const Moved& y, double row) {
            while (m_next != m_bottom && row >= y[m_next]) advance(x, y);
        }
        /// After at(): the row where the next edge starts (infinite on the last).
        double edgeEnd(const Moved& y) const { return m_next == m_bottom ? std::numeric_limits<double>::infinity() : y[m_next]; }
        double x() const { return m_x; }
        double y() const { return m_y; }
        double slope() const { return m_slope; }

    private:
        void advance(const Moved& x, const Moved& y) {
            m_x = x[m_next];
            m_y = y[m_next];
            const int from = m_next;
            m_next += m_direction;
            m_next = m_next < 0 ? m_next + m_count : m_next >= m_count ? m_next - m_count : m_next;
            m_slope = x.slope[m_direction > 0 ? from : m_next];
        }
        int m_count = 1, m_bottom = 0, m_direction = 1, m_next = 0;
        double m_x = 0.0, m_y = 0.0, m_slope = 0.0;
    };

private:
    const KeptShape& m_shape;
    double m_offX, m_offY;
    double m_slack = 1.0, m_top = 0.0, m_bottom = 0.0;
    bool m_clips = false;
};

}  // namespace cl::pixel_fast
