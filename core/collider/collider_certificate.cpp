#include "core/collider/collider_certificate.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

namespace cl {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

double cross(glm::dvec2 a, glm::dvec2 b) { return a.x * b.y - a.y * b.x; }

/// Closed point-in-piece test; the piece is convex and counter-clockwise on screen (negative cross products).
bool inside(const ColliderPiece& p, glm::dvec2 q) {
    for (std::size_t i = 0; i < p.size(); ++i)
        if (cross(p[(i + 1) % p.size()] - p[i], q - p[i]) > 0.0) return false;
    return true;
}

double segmentDistance2(glm::dvec2 q, glm::dvec2 a, glm::dvec2 b) {
    const glm::dvec2 ab = b - a;
    const double len2 = ab.x * ab.x + ab.y * ab.y;
    double t = len2 > 0.0 ? ((q.x - a.x) * ab.x + (q.y - a.y) * ab.y) / len2 : 0.0;
    t = std::clamp(t, 0.0, 1.0);
    const glm::dvec2 d = q - (a + t * ab);
    return d.x * d.x + d.y * d.y;
}

/// Squared distance from q to a convex piece (0 inside).
double pieceDistance2(const ColliderPiece& p, glm::dvec2 q) {
    if (inside(p, q)) return 0.0;
    double best = kInf;
    for (std::size_t i = 0; i < p.size(); ++i) best = std::min(best, segmentDistance2(q, p[i], p[(i + 1) % p.size()]));
    return best;
}

/// The x range of a convex piece on the line y = yy (which the caller knows crosses it).
void crossSection(const ColliderPiece& p, double yy, double& lo, double& hi) {
    lo = kInf, hi = -kInf;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const glm::dvec2 a = p[i], b = p[(i + 1) % p.size()];
        if ((a.y <= yy && yy <= b.y) || (b.y <= yy && yy <= a.y)) {
            double x;
            if (a.y == b.y) {
                lo = std::min({lo, a.x, b.x}), hi = std::max({hi, a.x, b.x});
                continue;
            }
            x = a.x + (b.x - a.x) * (yy - a.y) / (b.y - a.y);
            lo = std::min(lo, x), hi = std::max(hi, x);
        }
    }
}

struct Box {
    double x0, y0, x1, y1;
};

Box bounds(const ColliderPiece& p) {
    Box b{kInf, kInf, -kInf, -kInf};
    for (const glm::dvec2 v : p) b = {std::min(b.x0, v.x), std::min(b.y0, v.y), std::max(b.x1, v.x), std::max(b.y1, v.y)};
    return b;
}

/// True when the closed convex piece and the closed box share a point (separating axes: the box's two
/// axes and the piece's edge normals).
bool touches(const ColliderPiece& p, const Box& piece, const Box& b) {
    if (piece.x1 < b.x0 || piece.x0 > b.x1 || piece.y1 < b.y0 || piece.y0 > b.y1) return false;
    const glm::dvec2 corners[4] = {{b.x0, b.y0}, {b.x1, b.y0}, {b.x0, b.y1}, {b.x1, b.y1}};
    for (std::size_t i = 0; i < p.size(); ++i) {
        const glm::dvec2 a = p[i], e = p[(i + 1) % p.size()] - a;
        bool allOutside = true;
        for (const glm::dvec2 c : corners) allOutside = allOutside && cross(e, c - a) > 0.0;
        if (allOutside) return false;
    }
    return true;
}

/// Pieces listed by the 2 px buckets their bounding boxes touch, for point, box and nearest-piece queries.
class PieceGrid {
public:
    static constexpr double kCell = 2.0;
    PieceGrid(const std::vector<ColliderPiece>& pieces, const std::vector<Box>& boxes)
        : m_pieces(pieces), m_boxes(boxes), m_stamp(pieces.size(), 0) {
        if (pieces.empty()) return;
        Box all{kInf, kInf, -kInf, -kInf};
        for (const Box& b : boxes) all = {std::min(all.x0, b.x0), std::min(all.y0, b.y0), std::max(all.x1, b.x1), std::max(all.y1, b.y1)};
        m_ox = std::floor(all.x0 / kCell) * kCell, m_oy = std::floor(all.y0 / kCell) * kCell;
        m_w = static_cast<int>((all.x1 - m_ox) / kCell) + 1, m_h = static_cast<int>((all.y1 - m_oy) / kCell) + 1;
        m_cells.assign(static_cast<std::size_t>(m_w) * m_h, {});
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            const int cx0 = cellX(boxes[i].x0), cx1 = cellX(boxes[i].x1), cy0 = cellY(boxes[i].y0), cy1 = cellY(boxes[i].y1);
            for (int cy = cy0; cy <= cy1; ++cy)
                for (int cx = cx0; cx <= cx1; ++cx) m_cells[static_cast<std::size_t>(cy) * m_w + cx].push_back(static_cast<int>(i));
        }
    }
    /// Distance from q to the union of the pieces; infinity when there is none.
    double distance(glm::dvec2 q) {
        if (m_pieces.empty()) return kInf;
        ++m_visit;
        const int qx = std::clamp(cellX(q.x), 0, m_w - 1), qy = std::clamp(cellY(q.y), 0, m_h - 1);
        const double outside = std::max({0.0, m_ox - q.x, q.x - (m_ox + m_w * kCell), m_oy - q.y, q.y - (m_oy + m_h * kCell)});
        double best = kInf;  // squared
        for (int ring = 0; ring <= std::max(m_w, m_h); ++ring) {
            // Every bucket of this ring is at least this far from q.
            const double bound = std::max(outside, (ring - 1) * kCell);
            if (bound >= 0.0 && best <= bound * bound) break;
            for (int cy = qy - ring; cy <= qy + ring; ++cy) {
                if (cy < 0 || cy >= m_h) continue;
                const int step = std::abs(cy - qy) == ring ? 1 : std::max(2 * ring, 1);
                for (int cx = qx - ring; cx <= qx + ring; cx += step) {
                    if (cx < 0 || cx >= m_w) continue;
                    for (int i : m_cells[static_cast<std::size_t>(cy) * m_w + cx]) {
                        if (m_stamp[static_cast<std::size_t>(i)] == m_visit) continue;
                        m_stamp[static_cast<std::size_t>(i)] = m_visit;
                        best = std::min(best, pieceDistance2(m_pieces[static_cast<std::size_t>(i)], q));
                        if (best == 0.0) return 0.0;
                    }
                }
            }
        }
        return std::sqrt(best);
    }
    /// True when q is in some piece.
    bool contains(glm::dvec2 q) const {
        for (int i : near(q))
            if (inside(m_pieces[static_cast<std::size_t>(i)], q)) return true;
        return false;
    }
    /// True when the closed box shares a point with some piece.
    bool touches(const Box& b) {
        if (m_pieces.empty()) return false;
        ++m_visit;
        const int cx0 = std::max(0, cellX(b.x0)), cx1 = std::min(m_w - 1, cellX(b.x1));
        const int cy0 = std::max(0, cellY(b.y0)), cy1 = std::min(m_h - 1, cellY(b.y1));
        for (int cy = cy0; cy <= cy1; ++cy)
            for (int cx = cx0; cx <= cx1; ++cx)
                for (int i : m_cells[static_cast<std::size_t>(cy) * m_w + cx]) {
                    if (m_stamp[static_cast<std::size_t>(i)] == m_visit) continue;
                    m_stamp[static_cast<std::size_t>(i)] = m_visit;
                    if (cl::touches(m_pieces[static_cast<std::size_t>(i)], m_boxes[static_cast<std::size_t>(i)], b)) return true;
                }
        return false;
    }
    /// The pieces listed in the bucket of q (a superset of those containing q).
    const std::vector<int>& near(glm::dvec2 q) const {
        static const std::vector<int> kNone;
        if (m_pieces.empty()) return kNone;
        const int cx = cellX(q.x), cy = cellY(q.y);
        if (cx < 0 || cy < 0 || cx >= m_w || cy >= m_h) return kNone;
        return m_cells[static_cast<std::size_t>(cy) * m_w + cx];
    }

private:
    int cellX(double x) const { return static_cast<int>(std::floor((x - m_ox) / kCell)); }
    int cellY(double y) const { return static_cast<int>(std::floor((y - m_oy) / kCell)); }
    const std::vector<ColliderPiece>& m_pieces;
    const std::vector<Box>& m_boxes;
    std::vector<std::uint64_t> m_stamp;
    std::uint64_t m_visit = 0;
    double m_ox = 0.0, m_oy = 0.0;
    int m_w = 0, m_h = 0;
    std::vector<std::vector<int>> m_cells;
};

/// Distance from q to the shape S (the solid squares); infinity when the mask has no solid pixel.
double shapeDistance(const AlphaMask& mask, glm::dvec2 q) {
    if (mask.solidCount() == 0) return kInf;
    const int px = static_cast<int>(std::floor(q.x)), py = static_cast<int>(std::floor(q.y));
    const int limit = mask.width() + mask.height() + std::abs(px) + std::abs(py) + 2;
    double best = kInf;
    for (int ring = 0; ring <= limit; ++ring) {
        if (best <= ring - 1) break;
        for (int y = py - ring; y <= py + ring; ++y) {
            if (y < 0 || y >= mask.height()) continue;
            const bool edgeRow = std::abs(y - py) == ring;
            for (int x = px - ring; x <= px + ring; x += edgeRow ? 1 : 2 * std::max(ring, 1)) {
                if (!mask.solid(x, y)) continue;
                const double dx = std::max({0.0, x - q.x, q.x - (x + 1)}), dy = std::max({0.0, y - q.y, q.y - (y + 1)});
                best = std::min(best, std::sqrt(dx * dx + dy * dy));
            }
        }
    }
    return best;
}

// Calls visit(x, y) once for every pixel whose centre (x + 0.5, y + 0.5) lies in the union of the pieces
// (boundary included), row by row over C's pixel bounding box.
template <typename Visit>
void forEachCoveredPixel(const std::vector<ColliderPiece>& pieces, const std::vector<Box>& boxes, Visit&& visit) {
    if (pieces.empty()) return;
    Box all{kInf, kInf, -kInf, -kInf};
    for (const Box& b : boxes) all = {std::min(all.x0, b.x0), std::min(all.y0, b.y0), std::max(all.x1, b.x1), std::max(all.y1, b.y1)};
    const int x0 = static_cast<int>(std::floor(all.x0)), y0 = static_cast<int>(std::floor(all.y0));
    const int w = static_cast<int>(std::ceil(all.x1)) - x0, h = static_cast<int>(std::ceil(all.y1)) - y0;
    std::vector<char> covered(static_cast<std::size_t>(w) * h, 0);
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        const int px0 = static_cast<int>(std::floor(boxes[i].x0 - 0.5)), px1 = static_cast<int>(std::ceil(boxes[i].x1 - 0.5));
        const int py0 = static_cast<int>(std::floor(boxes[i].y0 - 0.5)), py1 = static_cast<int>(std::ceil(boxes[i].y1 - 0.5));
        for (int y = std::max(py0, y0); y <= py1 && y < y0 + h; ++y)
            for (int x = std::max(px0, x0); x <= px1 && x < x0 + w; ++x) {
                char& c = covered[static_cast<std::size_t>(y - y0) * w + (x - x0)];
                if (!c && inside(pieces[i], {x + 0.5, y + 0.5})) c = 1;
            }
    }
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            if (covered[static_cast<std::size_t>(y) * w + x]) visit(x + x0, y + y0);
}

}  // namespace

ColliderCertificate certifyCollider(const AlphaMask& mask, const std::vector<ColliderPiece>& pieces) {
    ColliderCertificate cert;
    std::vector<Box> boxes;
    for (const ColliderPiece& p : pieces) boxes.push_back(bounds(p));
    const double solidArea = static_cast<double>(mask.solidCount());

    // Areas, strip by strip of one pixel row: inside a strip, cut at every vertex height; between those cuts
    // each piece's cross-section is [l(y), r(y)] with l and r linear, and between the heights where two of
    // those ends (or an end and a span end) cross, the union's length and its overlap with the row's spans
    // are linear in y too, so the midpoint rule integrates them exactly.
    // On the way, every pixel cell holding a positive area of S \ C or C \ S is marked as a stray: only those
    // can hold points that are in one set and not in the other (both sets are unions of closed regions with
    // interiors), so the Hausdorff search below starts from them alone.
    double areaC = 0.0, areaCS = 0.0;
    // With no piece the box is the mask's own (never infinite, so the casts below stay defined).
    Box all{0.0, 0.0, 0.0, 0.0};
    if (!boxes.empty()) all = boxes.front();
    for (const Box& b : boxes) all = {std::min(all.x0, b.x0), std::min(all.y0, b.y0), std::max(all.x1, b.x1), std::max(all.y1, b.y1)};
    const int gx = std::min(0, static_cast<int>(std::floor(all.x0))), gy = std::min(0, static_cast<int>(std::floor(all.y0)));
    const int gw = std::max(mask.width(), static_cast<int>(std::ceil(all.x1))) - gx;
    const int gh = std::max(mask.height(), static_cast<int>(std::ceil(all.y1))) - gy;
    std::vector<char> stray(pieces.empty() ? 0 : static_cast<std::size_t>(gw) * gh, 0);
    const auto markStray = [&](int row, double a, double b) {
        if (!(b - a > 0.0)) return;
        for (int x = static_cast<int>(std::floor(a)); x < static_cast<int>(std::ceil(b)); ++x) stray[static_cast<std::size_t>(row - gy) * gw + (x - gx)] = 1;
    };
    if (!pieces.empty()) {
        double ymin = kInf, ymax = -kInf;
        for (const Box& b : boxes) ymin = std::min(ymin, b.y0), ymax = std::max(ymax, b.y1);
        std::vector<double> cuts, events;
        std::vector<std::size_t> active;
        struct End {
            double a, b;
        };
        std::vector<End> ends;
        std::vector<std::pair<double, double>> intervals, merged;
        // Every row of C or of S: a row of S that C does not reach is all stray.
        for (int row = std::min(0, static_cast<int>(std::floor(ymin))); row < std::max(mask.height(), static_cast<int>(std::ceil(ymax))); ++row) {
            active.clear();
            cuts.assign({static_cast<double>(row), row + 1.0});
            for (std::size_t i = 0; i < pieces.size(); ++i) {
                if (boxes[i].y1 <= row || boxes[i].y0 >= row + 1) continue;
                active.push_back(i);
                for (const glm::dvec2 v : pieces[i])
                    if (v.y > row && v.y < row + 1) cuts.push_back(v.y);
            }
            std::vector<SolidSpan> spans;
            if (row >= 0 && row < mask.height()) spans.assign(mask.rowSpans(row).begin(), mask.rowSpans(row).end());
            if (active.empty()) {
                for (const SolidSpan& sp : spans) markStray(row, sp.x0, sp.x1);
                continue;
            }
            std::sort(cuts.begin(), cuts.end());
            cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
            for (std::size_t c = 0; c + 1 < cuts.size(); ++c) {
                const double ya = cuts[c], yb = cuts[c + 1];
                ends.clear();
                std::vector<std::size_t> present;
                for (std::size_t i : active) {
                    if (boxes[i].y0 > ya || boxes[i].y1 < yb) continue;
                    double la, ha, lb, hb;
                    crossSection(pieces[i], ya, la, ha);
                    crossSection(pieces[i], yb, lb, hb);
                    if (!(la <= ha) || !(lb <= hb)) continue;
                    present.push_back(ends.size());
                    ends.push_back({la, lb});
                    ends.push_back({ha, hb});
                }
                if (ends.empty()) {
                    for (const SolidSpan& sp : spans) markStray(row, sp.x0, sp.x1);
                    continue;
                }
                const std::size_t pieceEnds = ends.size();
                for (const SolidSpan& s : spans) ends.push_back({double(s.x0), double(s.x0)}), ends.push_back({double(s.x1), double(s.x1)});
                events.assign({0.0, 1.0});
                for (std::size_t i = 0; i < ends.size(); ++i) {
                    for (std::size_t j = i + 1; j < ends.size(); ++j) {
                        const double d0 = ends[i].a - ends[j].a, d1 = ends[i].b - ends[j].b;
                        if ((d0 < 0.0 && d1 > 0.0) || (d0 > 0.0 && d1 < 0.0)) events.push_back(d0 / (d0 - d1));
                    }
                }
                // Where a piece's end crosses a pixel column's side, so that each pixel's share is linear too.
                for (std::size_t q = 0; q < pieceEnds; ++q) {
                    const double lo = std::min(ends[q].a, ends[q].b), hi = std::max(ends[q].a, ends[q].b);
                    for (double n = std::floor(lo) + 1.0; n < hi; n += 1.0) events.push_back((n - ends[q].a) / (ends[q].b - ends[q].a));
                }
                std::sort(events.begin(), events.end());
                for (std::size_t k = 0; k + 1 < events.size(); ++k) {
                    const double s0 = events[k], s1 = events[k + 1];
                    if (!(s1 > s0)) continue;
                    const double sm = 0.5 * (s0 + s1);
                    intervals.clear();
                    for (std::size_t q = 0; q < pieceEnds; q += 2)
                        intervals.push_back({ends[q].a + (ends[q].b - ends[q].a) * sm, ends[q + 1].a + (ends[q + 1].b - ends[q + 1].a) * sm});
                    std::sort(intervals.begin(), intervals.end());
                    double unionLength = 0.0, overlap = 0.0, curLo = 0.0, curHi = -kInf;
                    merged.clear();
                    const auto flush = [&] {
                        if (curHi <= curLo) return;
                        merged.push_back({curLo, curHi});
                        unionLength += curHi - curLo;
                        for (const SolidSpan& s : spans) overlap += std::max(0.0, std::min(curHi, double(s.x1)) - std::max(curLo, double(s.x0)));
                    };
                    for (const auto& [lo, hi] : intervals) {
                        if (lo > curHi) {
                            flush();
                            curLo = lo, curHi = hi;
                        } else {
                            curHi = std::max(curHi, hi);
                        }
                    }
                    flush();
                    // Strays: the union's parts outside the spans, the spans' parts outside the union.
                    for (const auto& [lo, hi] : merged) {
                        double from = lo;
                        for (const SolidSpan& sp : spans) {
                            if (sp.x1 <= from || sp.x0 >= hi) continue;
                            markStray(row, from, std::min(hi, double(sp.x0)));
                            from = std::max(from, double(sp.x1));
                        }
                        markStray(row, from, hi);
                    }
                    for (const SolidSpan& sp : spans) {
                        double from = sp.x0;
                        for (const auto& [lo, hi] : merged) {
                            if (hi <= from || lo >= sp.x1) continue;
                            markStray(row, from, std::min(double(sp.x1), lo));
                            from = std::max(from, hi);
                        }
                        markStray(row, from, sp.x1);
                    }
                    const double height = (yb - ya) * (s1 - s0);
                    areaC += unionLength * height;
                    areaCS += overlap * height;
                }
            }
        }
    }
    const auto snap = [](double v) { return std::abs(v) < 1e-9 ? 0.0 : v; };
    cert.missedArea = snap(solidArea - areaCS);
    cert.extraArea = snap(areaC - areaCS);
    const double unionArea = solidArea + cert.extraArea;
    cert.iou = unionArea > 0.0 ? std::clamp((solidArea - cert.missedArea) / unionArea, 0.0, 1.0) : 1.0;

    PieceGrid grid(pieces, boxes);
    // Pixel centres inside C: the same walk as colliderPixelErrors, counted.
    std::int64_t solidInside = 0;
    forEachCoveredPixel(pieces, boxes, [&](int x, int y) {
        if (mask.solid(x, y)) ++solidInside;
        else ++cert.extraPixels;
    });
    cert.missedPixels = mask.solidCount() - solidInside;

    // Hausdorff distance by branch and bound over pixel cells: d(., S) and d(., C) are 1-Lipschitz, so a cell's
    // values lie within its half diagonal of its centre's; a cell is split until it cannot beat the best value
    // found by more than the tolerance.
    const bool emptyS = mask.solidCount() == 0, emptyC = pieces.empty();
    if (emptyS && emptyC) return cert;
    if (emptyS || emptyC) {
        cert.hausdorff = kInf;
        return cert;
    }
    double best = 0.0;
    for (const ColliderPiece& p : pieces)
        for (const glm::dvec2 v : p) best = std::max(best, shapeDistance(mask, v));
    struct Cell {
        double x, y, size;
    };
    std::vector<Cell> stack;
    // C \ S: cells that hold points of C, not solid.
    const auto touchesC = [&](const Cell& c) { return grid.touches({c.x, c.y, c.x + c.size, c.y + c.size}); };
    // C \ S: the clear stray cells.
    for (int y = 0; y < gh; ++y)
        for (int x = 0; x < gw; ++x)
            if (stray[static_cast<std::size_t>(y) * gw + x] && !mask.solid(x + gx, y + gy)) stack.push_back({double(x + gx), double(y + gy), 1.0});
    while (!stack.empty()) {
        const Cell c = stack.back();
        stack.pop_back();
        const glm::dvec2 centre{c.x + c.size / 2, c.y + c.size / 2};
        const double half = c.size * 0.7071067811865476;
        const double value = shapeDistance(mask, centre);
        if (value + half <= best + kHausdorffTolerance) continue;
        if (!touchesC(c)) continue;
        if (grid.contains(centre)) best = std::max(best, value);
        if (value + half <= best + kHausdorffTolerance) continue;
        const double s = c.size / 2;
        stack.push_back({c.x, c.y, s}), stack.push_back({c.x + s, c.y, s}), stack.push_back({c.x, c.y + s, s}), stack.push_back({c.x + s, c.y + s, s});
    }
    // S \ C: the solid stray cells.
    for (int y = 0; y < gh; ++y)
        for (int x = 0; x < gw; ++x)
            if (stray[static_cast<std::size_t>(y) * gw + x] && mask.solid(x + gx, y + gy)) stack.push_back({double(x + gx), double(y + gy), 1.0});
    while (!stack.empty()) {
        const Cell c = stack.back();
        stack.pop_back();
        const glm::dvec2 centre{c.x + c.size / 2, c.y + c.size / 2};
        const double value = grid.distance(centre);
        best = std::max(best, value);
        if (value + c.size * 0.7071067811865476 <= best + kHausdorffTolerance) continue;
        const double s = c.size / 2;
        stack.push_back({c.x, c.y, s}), stack.push_back({c.x + s, c.y, s}), stack.push_back({c.x, c.y + s, s}), stack.push_back({c.x + s, c.y + s, s});
    }
    cert.hausdorff = best;
    return cert;
}

ColliderPixelErrors colliderPixelErrors(const AlphaMask& mask, const std::vector<ColliderPiece>& pieces) {
    std::vector<Box> boxes;
    for (const ColliderPiece& p : pieces) boxes.push_back(bounds(p));
    ColliderPixelErrors errors;
    std::vector<char> solidCovered(static_cast<std::size_t>(mask.width()) * mask.height(), 0);
    forEachCoveredPixel(pieces, boxes, [&](int x, int y) {
        if (mask.solid(x, y)) solidCovered[static_cast<std::size_t>(y) * mask.width() + x] = 1;
        else errors.extra.push_back({x, y});
    });
    for (int y = 0; y < mask.height(); ++y)
        for (int x = 0; x < mask.width(); ++x)
            if (mask.solid(x, y) && !solidCovered[static_cast<std::size_t>(y) * mask.width() + x]) errors.missed.push_back({x, y});
    return errors;
}

}  // namespace cl
