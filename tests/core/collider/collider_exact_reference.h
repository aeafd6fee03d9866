#pragma once
// An exact reference for colliders (issue 23), written apart from core/collider/ and from the certificate: each
// piece is rasterised exactly on the half-pixel strips of the plane, in integer arithmetic, and compared with
// the solid squares column by column.
//
// Why it is exact: every vertex the builder makes lies on the half-pixel lattice (checked here; a vertex off it
// is reported as a problem). Measured in half pixels ("units") the vertices are integers, so inside a vertical
// strip j < x < j + 1 (one unit wide) no piece has a vertex, and each piece that crosses the strip is bounded
// there by exactly two of its edges: a top line and a bottom line. The solid squares of the strip's pixel column
// are fixed runs of rows (horizontal lines). Between two x where any two of these lines cross, the order of all
// the interval ends is fixed, so the lengths |S_x \ C_x| and |C_x \ S_x| are linear in x. The reference lists
// those crossings as exact fractions, decides the guarantees at each of them with exact comparisons (a linear
// function >= 0 that is 0 at both ends of a piece is 0 throughout) and integrates the lengths by the trapezoid
// rule, which is exact for a linear function (the only rounding is double arithmetic on the sums).

#include <algorithm>
#include <cmath>
#include <utility>
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/alpha_mask.h"
#include "core/collider/collider_types.h"

namespace cl::testing {

/// What the exact reference measured: areas in px^2 (rounded only in the final double sums), centre counts, and
/// whether S \ C and C \ S have zero area, decided exactly.
struct ExactComparison {
    std::string problem;  ///< "" or why the pieces could not be measured (a vertex off the half-pixel lattice)
    bool coversShape = true;   ///< area(S \ C) = 0, exactly
    bool insideShape = true;   ///< area(C \ S) = 0, exactly
    double missedArea = 0.0;
    double extraArea = 0.0;
    std::int64_t missedPixels = 0;
    std::int64_t extraPixels = 0;
};

namespace exact {

using Wide = __int128;

/// p / q with q > 0.
struct Fraction {
    Wide p = 0, q = 1;
};
inline int compare(const Fraction& a, const Fraction& b) {
    const Wide l = a.p * b.q, r = b.p * a.q;
    return l < r ? -1 : (l > r ? 1 : 0);
}
inline double toDouble(const Fraction& f) { return static_cast<double>(f.p) / static_cast<double>(f.q); }

/// The line through (ax, ay) and (bx, by), bx > ax, in units.
struct Line {
    std::int64_t ax = 0, ay = 0, bx = 1, by = 0;
};
/// y of the line at x = p / q.
inline Fraction at(const Line& l, const Fraction& x) {
    const Wide dx = l.bx - l.ax, dy = l.by - l.ay;
    return {Wide{l.ay} * dx * x.q + dy * (x.p - Wide{l.ax} * x.q), dx * x.q};
}
/// x where two lines cross, if they are not parallel.
inline bool crossing(const Line& f, const Line& g, Fraction& x) {
    const Wide fdx = f.bx - f.ax, fdy = f.by - f.ay, gdx = g.bx - g.ax, gdy = g.by - g.ay;
    Wide q = fdy * gdx - gdy * fdx;
    if (q == 0) return false;
    Wide p = Wide{g.ay - f.ay} * fdx * gdx + fdy * gdx * f.ax - gdy * fdx * g.ax;
    if (q < 0) p = -p, q = -q;
    x = {p, q};
    return true;
}

/// True when the unit point (px, py) is in the closed convex piece (integer vertices, counter-clockwise on screen).
inline bool contains(const std::vector<std::int64_t>& xs, const std::vector<std::int64_t>& ys, std::int64_t px, std::int64_t py) {
    const std::size_t n = xs.size();
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t k = (i + 1) % n;
        if ((xs[k] - xs[i]) * (py - ys[i]) - (ys[k] - ys[i]) * (px - xs[i]) > 0) return false;
    }
    return true;
}

}  // namespace exact

/// Compares the union C of `pieces` with the shape S of `mask` exactly (see the file comment). The pieces must be
/// convex and counter-clockwise on screen (y down) — check that first (referenceProblem).
inline ExactComparison compareExactly(const AlphaMask& mask, const std::vector<ColliderPiece>& pieces) {
    using namespace exact;
    ExactComparison out;
    std::vector<std::vector<std::int64_t>> xs(pieces.size()), ys(pieces.size());
    std::int64_t lo = 0, hi = 2 * std::int64_t{mask.width()}, top = 0, bottom = 2 * std::int64_t{mask.height()};
    for (std::size_t i = 0; i < pieces.size(); ++i)
        for (const glm::dvec2 v : pieces[i]) {
            const double ux = 2.0 * v.x, uy = 2.0 * v.y;
            if (ux != static_cast<double>(static_cast<std::int64_t>(ux)) || uy != static_cast<double>(static_cast<std::int64_t>(uy)) ||
                std::abs(ux) > 1e6 || std::abs(uy) > 1e6) {
                out.problem = "piece " + std::to_string(i) + " has a vertex off the half-pixel lattice";
                return out;
            }
            xs[i].push_back(static_cast<std::int64_t>(ux));
            ys[i].push_back(static_cast<std::int64_t>(uy));
            lo = std::min(lo, xs[i].back()), hi = std::max(hi, xs[i].back());
            top = std::min(top, ys[i].back()), bottom = std::max(bottom, ys[i].back());
        }

    // Pixel centres: (2x + 1, 2y + 1) in units, on the boundary counted as inside.
    for (std::int64_t y = top / 2 - 1; y <= bottom / 2; ++y)
        for (std::int64_t x = lo / 2 - 1; x <= hi / 2; ++x) {
            bool covered = false;
            for (std::size_t i = 0; i < pieces.size() && !covered; ++i) covered = contains(xs[i], ys[i], 2 * x + 1, 2 * y + 1);
            const bool solid = mask.solid(static_cast<int>(x), static_cast<int>(y));
            out.missedPixels += solid && !covered;
            out.extraPixels += !solid && covered;
        }

    double missed = 0.0, extra = 0.0;  // unit^2
    std::vector<Line> lines;
    std::vector<Fraction> xsAt;
    struct Interval {
        Fraction a, b;
    };
    std::vector<Interval> cuts;
    std::vector<std::pair<double, double>> merged;
    for (std::int64_t j = lo; j < hi; ++j) {
        // The solid runs of the strip's pixel column, in units (as horizontal lines ay = by).
        const int column = static_cast<int>(j >= 0 ? j / 2 : (j - 1) / 2);
        std::vector<std::pair<std::int64_t, std::int64_t>> runs;
        for (int y = 0; y < mask.height(); ++y)
            if (mask.solid(column, y)) {
                if (!runs.empty() && runs.back().second == 2 * y) runs.back().second += 2;
                else runs.push_back({2 * y, 2 * y + 2});
            }
        // Each crossing piece's top and bottom lines.
        lines.clear();
        for (std::size_t i = 0; i < pieces.size(); ++i) {
            std::vector<Line> edges;
            const std::size_t n = xs[i].size();
            for (std::size_t k = 0; k < n; ++k) {
                const std::size_t m = (k + 1) % n;
                Line l{xs[i][k], ys[i][k], xs[i][m], ys[i][m]};
                if (l.ax > l.bx) std::swap(l.ax, l.bx), std::swap(l.ay, l.by);
                if (l.ax <= j && l.bx >= j + 1) edges.push_back(l);
            }
            if (edges.size() != 2) continue;  // the piece does not cross this strip
            const Fraction mid{2 * Wide{j} + 1, 2};
            if (compare(at(edges[0], mid), at(edges[1], mid)) > 0) std::swap(edges[0], edges[1]);
            lines.push_back(edges[0]);
            lines.push_back(edges[1]);
        }
        const std::size_t pieceLines = lines.size();
        if (pieceLines == 0) {
            for (const auto& r : runs) missed += static_cast<double>(r.second - r.first);
            if (!runs.empty()) out.coversShape = false;
            continue;
        }
        for (const auto& r : runs) lines.push_back({0, r.first, 1, r.first}), lines.push_back({0, r.second, 1, r.second});

        xsAt.assign({Fraction{j, 1}, Fraction{j + 1, 1}});
        for (std::size_t a = 0; a < pieceLines; ++a)
            for (std::size_t b = a + 1; b < lines.size(); ++b) {
                Fraction x;
                if (crossing(lines[a], lines[b], x) && compare(x, xsAt[0]) > 0 && compare(x, xsAt[1]) < 0) xsAt.push_back(x);
            }
        std::sort(xsAt.begin(), xsAt.end(), [](const Fraction& a, const Fraction& b) { return compare(a, b) < 0; });

        double previousX = 0.0, previousMissed = 0.0, previousExtra = 0.0;
        for (std::size_t s = 0; s < xsAt.size(); ++s) {
            const Fraction& x = xsAt[s];
            cuts.clear();
            for (std::size_t l = 0; l < pieceLines; l += 2) cuts.push_back({at(lines[l], x), at(lines[l + 1], x)});
            std::sort(cuts.begin(), cuts.end(), [](const Interval& a, const Interval& b) { return compare(a.a, b.a) < 0; });
            // Exact: every run covered by the union of the cuts; every cut of positive length inside one run.
            for (const auto& r : runs) {
                Fraction reach{r.first, 1};
                for (const Interval& c : cuts)
                    if (compare(c.a, reach) <= 0 && compare(c.b, reach) > 0) reach = c.b;
                if (compare(reach, Fraction{r.second, 1}) < 0) out.coversShape = false;
            }
            for (const Interval& c : cuts) {
                if (compare(c.a, c.b) >= 0) continue;
                bool inside = false;
                for (const auto& r : runs) inside = inside || (compare(c.a, Fraction{r.first, 1}) >= 0 && compare(c.b, Fraction{r.second, 1}) <= 0);
                if (!inside) out.insideShape = false;
            }
            // The lengths, for the areas.
            merged.clear();
            for (const Interval& c : cuts) {
                const double a = toDouble(c.a), b = toDouble(c.b);
                if (b <= a) continue;
                if (!merged.empty() && a <= merged.back().second) merged.back().second = std::max(merged.back().second, b);
                else merged.push_back({a, b});
            }
            double lengthC = 0.0, lengthS = 0.0, both = 0.0;
            for (const auto& m : merged) lengthC += m.second - m.first;
            for (const auto& r : runs) {
                lengthS += static_cast<double>(r.second - r.first);
                for (const auto& m : merged)
                    both += std::max(0.0, std::min(m.second, static_cast<double>(r.second)) - std::max(m.first, static_cast<double>(r.first)));
            }
            const double xd = toDouble(x), m = lengthS - both, e = lengthC - both;
            if (s > 0) {
                missed += (xd - previousX) * (m + previousMissed) / 2.0;
                extra += (xd - previousX) * (e + previousExtra) / 2.0;
            }
            previousX = xd, previousMissed = m, previousExtra = e;
        }
    }
    // The strips span the mask and every piece. Where the exact decision says an area is 0, the sum holds only rounding.
    out.missedArea = out.coversShape ? 0.0 : missed / 4.0;
    out.extraArea = out.insideShape ? 0.0 : extra / 4.0;
    return out;
}

}  // namespace cl::testing
