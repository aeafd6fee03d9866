#pragma once
// LazyPolygon: the small scan's B polygon in A's lattice (LatticePolygon with kWholePolygon, the same
// numbers), its corners mapped only as the scan reaches them: the top corner and the few beside it that
// prove it the top, then one more each time a side moves on to its next edge. A scan that stops in its
// first rows maps three or four of a cross's eight corners.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>

#include "core/base/alpha_mask.h"
#include "core/base/geometry.h"
#include "core/base/pair_transform.h"

namespace cl::pixel_fast {

/// B's whole polygon (every side of AlphaMask::solidPolygon()) seen in A's sample lattice, as
/// LatticePolygon(mb, t, ta, kWholePolygon) sees it: the same corners, top corner, slack and rows, worked
/// out bit for bit alike, but each corner mapped only when asked for. What LatticePolygon finds from every
/// corner (the bottom, the whole width) is known after complete().
class LazyPolygon {
public:
    /// B's polygon for A's samples in `ta`, A's solid box: the lattice's inverse, the slack and the top
    /// corner (mapping that corner and its neighbours up the first side that rises past it on each hand).
    LazyPolygon(const AlphaMask& mb, const SampleLattice& t, const IntRect& ta) : m_polygon(mb.solidPolygon()) {
        // LatticePolygon's constructor, step for step (the same expressions in the same order).
        const double rounding = 0x1p-31 * (4 + ta.x0 + ta.x1 + ta.y0 + ta.y1) + 1e-9;
        const double half = t.sampling == Sampling::Xna ? 0.5 : 0.0;
        const double sx = t.stepX.x, sy = t.stepX.y, tx = t.stepY.x, ty = t.stepY.y;
        const double det = sx * ty - tx * sy;
        const double inverse = 1.0 / det;
        if (!(std::abs(det) > 0.0) || !std::isfinite(inverse)) return;  // a flat lattice: rows unclipped
        m_count = m_polygon.count;
        if (m_count < 3) return;
        m_rounding = rounding;
        m_00 = ty * inverse;
        m_01 = -tx * inverse;
        m_10 = -sy * inverse;
        m_11 = sx * inverse;
        m_kx = -half - t.start.x;
        m_ky = -half - t.start.y;
        const double magnitude = std::max(std::abs(t.start.x) + std::abs(t.start.y), m_polygon.magnitude) + 1.0;
        m_slack = 1e-9 + 1e-12 * magnitude * (std::abs(sx) + std::abs(sy) + std::abs(tx) + std::abs(ty)) * std::abs(inverse);
        m_forwardIsRight = det > 0.0;
        // |q| <= reach for every pushed-out, moved corner q (the push-out moves a corner by at most twice the
        // rounding: kept sides are at most a quarter turn apart), so its mapped coordinates are at most
        // reach times the inverse's entries: far from overflow, every corner is finite, as LatticePolygon
        // checks corner by corner. Otherwise (never in a game) every corner is mapped now and checked.
        const double reach = m_polygon.magnitude + std::abs(m_kx) + std::abs(m_ky) + 2.0 * rounding + 1.0;
        const double rise = std::abs(m_10) + std::abs(m_11);
        if (!((std::abs(m_00) + std::abs(m_01) + rise) * reach < 1e300)) {
            if (!complete()) return;
            m_topY = m_completeTopY;
            m_topCorner = m_completeTopCorner;
        } else {
            findTop(rise * (1e-12 * reach + 1e-6));
        }
        m_top = m_topY - m_slack;
        m_clips = true;
    }

    /// Whether the rows are clipped (LatticePolygon::clipsByCorners()): false for a flat lattice, an empty
    /// B or a corner that does not map to finite numbers, and then every row is whole.
    bool clips() const { return m_clips; }
    /// LatticePolygon::slack(), topRow(), topCorner() and forwardIsRight().
    double slack() const { return m_slack; }
    double topRow() const { return m_top; }
    int topCorner() const { return m_topCorner; }
    bool forwardIsRight() const { return m_forwardIsRight; }
    /// At most bottomRow(), from the corners mapped so far (bottomRow() itself once complete()).
    double bottomAtLeast() const { return m_mappedBottomY + m_slack; }

    /// Maps every corner not yet mapped; afterwards bottomRow(), xMin() and xMax() are LatticePolygon's. False
    /// when a corner is not finite.
    bool complete() {
        double topY = std::numeric_limits<double>::infinity(), bottomY = -topY, xMin = topY, xMax = -topY;
        double notFinite = 0.0;
        int top = 0;
        for (int i = 0; i < m_count; ++i) {
            map(i);
            const auto j = static_cast<std::size_t>(i);
            const double cx = m_x[j], cy = m_y[j];
            notFinite += (cx + cy) * 0.0;
            // Strict comparisons keep the first corner at the least y, as LatticePolygon's lookup does.
            top = cy < topY ? i : top;
            topY = cy < topY ? cy : topY;
            bottomY = cy > bottomY ? cy : bottomY;
            xMin = cx < xMin ? cx : xMin;
            xMax = cx > xMax ? cx : xMax;
        }
        m_completeTopY = topY;
        m_completeTopCorner = top;
        m_complete = true;
        m_xMin = xMin - m_slack;
        m_xMax = xMax + m_slack;
        m_bottom = bottomY + m_slack;
        return notFinite == 0.0;
    }
    /// After complete(): LatticePolygon::bottomRow(), xMin() and xMax().
    bool isComplete() const { return m_complete; }
    double bottomRow() const { return m_bottom; }
    double xMin() const { return m_xMin; }
    double xMax() const { return m_xMax; }

    /// One side of the polygon from the top corner down, an edge at a time, mapping each corner as it comes
    /// to it (LatticePolygon::Chain's edges, for rows above the bottom corner).
    class Side {
    public:
        /// Starts at the top corner, walking the corners by `direction` (+1 or -1).
        void start(LazyPolygon& p, int direction) {
            m_direction = direction;
            m_next = p.m_topCorner;
            advance(p);
        }
        /// Onto the edge of row `row`, which lies above the bottom corner (so this never passes it).
        void moveTo(LazyPolygon& p, double row) {
            while (row >= p.m_y[static_cast<std::size_t>(m_next)]) advance(p);
        }
        /// After moveTo(y): rows below this one stay on the same edge until this row (Chain::edgeEnd, or the
        /// bottom corner's row where Chain says infinity: rows that far are not interior, so it ends no run
        /// sooner).
        double edgeEnd(const LazyPolygon& p) const { return p.m_y[static_cast<std::size_t>(m_next)]; }
        double x() const { return m_x; }
        double y() const { return m_y; }
        double slope() const { return m_slope; }

    private:
        void advance(LazyPolygon& p) {
            const double fromX = p.m_x[static_cast<std::size_t>(m_next)], fromY = p.m_y[static_cast<std::size_t>(m_next)];
            m_next = p.wrap(m_next + m_direction);
            p.map(m_next);
            const auto n = static_cast<std::size_t>(m_next);
            const double dy = p.m_y[n] - fromY;
            m_x = fromX;
            m_y = fromY;
            m_slope = dy > 0.0 ? (p.m_x[n] - fromX) / dy : 0.0;
        }

        int m_direction = 1, m_next = 0;
        double m_x = 0.0, m_y = 0.0, m_slope = 0.0;
    };

private:
    int wrap(int i) const { return i < 0 ? i + m_count : i >= m_count ? i - m_count : i; }

    // Corner i mapped as LatticePolygon maps it (one lane of its SSE2 loop: the same operations, no FMA).
    void map(int i) {
        const std::uint32_t bit = 1u << i;
        if (m_mapped & bit) return;
        m_mapped |= bit;
        const auto j = static_cast<std::size_t>(i);
        const double qx = m_polygon.x[j] + m_rounding * m_polygon.outX[j] + m_kx;
        const double qy = m_polygon.y[j] + m_rounding * m_polygon.outY[j] + m_ky;
        m_x[j] = m_00 * qx + m_01 * qy;
        m_y[j] = m_10 * qx + m_11 * qy;
        m_mappedBottomY = m_y[j] > m_mappedBottomY ? m_y[j] : m_mappedBottomY;
    }

    // The top corner: the first corner at the least mapped y, found without mapping them all. Exactly, each
    // corner's y is a linear function of a convex polygon's corner, so along the corners it falls to its
    // least and rises to its greatest once each way round; mapped, each y is off by at most `error`. From
    // a corner near the top (the one farthest along -y's direction in B, from the mask's table), each way
    // round is followed while a corner is no more than 2 error above the least y seen that way, and stops at
    // the first that is. The way that falls towards the exact least (there is one) never stops before it,
    // and passes every corner exactly as low as it; every corner left between the two stops is, exactly,
    // no lower than one of them, so its y is above the least: none of them can be, or tie with, the top.
    void findTop(double error) {
        const double margin = 2.0 * error;
        const int sector = sectorOfTop();
        const int start = m_polygon.cornerOfSector[static_cast<std::size_t>(sector)];
        map(start);
        // The corner across from it, near the bottom: the rows above it are known interior without the rest.
        map(m_polygon.cornerOfSector[static_cast<std::size_t>((sector + kSupportDirections / 2) % kSupportDirections)]);
        const double startY = m_y[static_cast<std::size_t>(start)];
        int top = start;
        double topY = startY;
        int left = m_count - 1;  // corners neither way has looked at (the stops aside)
        for (const int direction : {1, -1}) {
            double least = startY;
            for (int i = start; left > 0; --left) {
                i = wrap(i + direction);
                map(i);
                const double y = m_y[static_cast<std::size_t>(i)];
                if (y > least + margin) break;
                least = y < least ? y : least;
                // The first corner, by index, at the least y.
                if (y < topY || (y == topY && i < top)) {
                    topY = y;
                    top = i;
                }
            }
        }
        m_topY = topY;
        m_topCorner = top;
    }

    // The sector of 22.5 degrees (between support directions k and k + 1) of the direction -(m_10, m_11) in B,
    // along which y falls fastest, told from its signs and slope: where the top corner is looked for.
    int sectorOfTop() const {
        const double ux = -m_10, uy = -m_11, ax = std::abs(ux), ay = std::abs(uy);
        // The sector within the quarter turn: tan 22.5 = 0.414..., tan 67.5 = 2.414...
        const int s = ay > ax ? (ay > 2.414213562373095 * ax ? 3 : 2) : (ay > 0.4142135623730951 * ax ? 1 : 0);
        return uy >= 0.0 ? (ux >= 0.0 ? s : 7 - s) : (ux < 0.0 ? 8 + s : 15 - s);
    }

    const SolidPolygon& m_polygon;
    bool m_clips = false, m_complete = false, m_forwardIsRight = true;
    int m_count = 0, m_topCorner = 0, m_completeTopCorner = 0;
    std::uint32_t m_mapped = 0;  // bit i: corner i mapped
    double m_rounding = 0.0, m_00 = 0.0, m_01 = 0.0, m_10 = 0.0, m_11 = 0.0, m_kx = 0.0, m_ky = 0.0;
    double m_slack = 1.0, m_topY = 0.0, m_top = 0.0, m_completeTopY = 0.0;
    double m_mappedBottomY = -std::numeric_limits<double>::infinity();
    double m_bottom = 0.0, m_xMin = 0.0, m_xMax = 0.0;
    std::array<double, kSupportDirections> m_x, m_y;  // the corners mapped so far, counter-clockwise in B
};

}  // namespace cl::pixel_fast
