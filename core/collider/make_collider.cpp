#include "core/collider/make_collider.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <stdexcept>

#include "core/collider/collider_certificate.h"
#include "core/collider/collider_validity.h"

namespace cl {
namespace {

// Pieces are trapezoids stacked on whole rows: a run of rows, one solid span per row, between a left line
// x = L(y) and a right line x = R(y) whose end points lie on the half-pixel lattice. Coordinates here are
// integers in half pixels, so every test of a line against a span is exact integer arithmetic. The mode
// bounds each line row by row (outer: L <= x0 and L >= x0 - e, ...); since the lines are straight, testing
// them at the lattice rows y0..Y is testing them everywhere, and the Hausdorff bound follows from the
// horizontal one: every point of the piece is within e of its row's span along the row, and back.
constexpr int kUnit = 2;         // lattice steps per pixel
constexpr std::int64_t kMaxE = 64;  // epsilon beyond 32 px builds as 32 px (the search is linear in it)

struct Span {
    int x0 = 0, x1 = 0;  // pixels [x0, x1)
};

std::int64_t floorDiv(std::int64_t a, std::int64_t b) {
    std::int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
}
std::int64_t ceilDiv(std::int64_t a, std::int64_t b) { return -floorDiv(-a, b); }

struct Line {
    std::int64_t u = 0, w = 0;  // x at the top (y0) and at the bottom (Y), in half pixels
};

/// The lattice line through lo[t] <= x(t) <= hi[t] for t = 0..k nearest (u*, w*), if any.
std::optional<Line> fitLine(const std::vector<std::int64_t>& lo, const std::vector<std::int64_t>& hi, std::int64_t tu, std::int64_t tw) {
    const std::int64_t k = static_cast<std::int64_t>(lo.size()) - 1;
    std::optional<Line> best;
    std::int64_t bestCost = 0;
    for (std::int64_t u = lo[0]; u <= hi[0]; ++u) {
        std::int64_t wlo = lo[static_cast<std::size_t>(k)], whi = hi[static_cast<std::size_t>(k)];
        for (std::int64_t n = 1; n < k && wlo <= whi; ++n) {
            // u + (w - u) n / k within [lo, hi]
            wlo = std::max(wlo, u + ceilDiv((lo[static_cast<std::size_t>(n)] - u) * k, n));
            whi = std::min(whi, u + floorDiv((hi[static_cast<std::size_t>(n)] - u) * k, n));
        }
        if (wlo > whi) continue;
        const std::int64_t w = std::clamp(tw, wlo, whi);
        const std::int64_t cost = std::abs(u - tu) + std::abs(w - tw);
        if (!best || cost < bestCost) {
            best = Line{u, w};
            bestCost = cost;
        }
    }
    return best;
}

struct Trapezoid {
    int y0 = 0, rows = 0;
    Line left, right;
};

/// The trapezoid over `spans` (one per row from y0 down) that the mode allows, if there is one; with `top`,
/// only one whose top edge is exactly top->left..top->right.
/// With `below`, its bottom edge must also suit that span of the next row (so that a trapezoid over it can
/// stand on this one).
std::optional<Trapezoid> fitTrapezoid(const std::vector<Span>& spans, int y0, ColliderMode mode, std::int64_t e,
                                      const std::optional<Line>& top = std::nullopt, const Span* below = nullptr) {
    const std::size_t k = spans.size();
    constexpr std::int64_t kFar = std::int64_t{1} << 40;
    std::vector<std::int64_t> loL(k + 1, -kFar), hiL(k + 1, kFar), loR(k + 1, -kFar), hiR(k + 1, kFar);
    for (std::size_t i = 0; i < k + (below ? 1 : 0); ++i) {
        const Span& span = i < k ? spans[i] : *below;
        const std::int64_t a = std::int64_t{kUnit} * span.x0, b = std::int64_t{kUnit} * span.x1;
        std::int64_t lL = a - e, hL = a + e, lR = b - e, hR = b + e;
        if (mode == ColliderMode::Outer) hL = a, lR = b;
        if (mode == ColliderMode::Inner) lL = a, hR = b;
        for (std::size_t t : {i, i + 1}) {
            if (t > k) continue;
            loL[t] = std::max(loL[t], lL), hiL[t] = std::min(hiL[t], hL);
            loR[t] = std::max(loR[t], lR), hiR[t] = std::min(hiR[t], hR);
        }
    }
    if (top) {
        // Line::u / Line::w here are the top edge's left and right ends.
        if (top->u < loL[0] || top->u > hiL[0] || top->w < loR[0] || top->w > hiR[0]) return std::nullopt;
        loL[0] = hiL[0] = top->u;
        loR[0] = hiR[0] = top->w;
    }
    const std::int64_t a0 = std::int64_t{kUnit} * spans.front().x0, ak = std::int64_t{kUnit} * spans.back().x0;
    const std::int64_t b0 = std::int64_t{kUnit} * spans.front().x1, bk = std::int64_t{kUnit} * spans.back().x1;
    // Outer hugs the pixels from outside, inner keeps as much as it may, balanced follows the pixel edges.
    std::optional<Line> left, right;
    if (mode == ColliderMode::Outer) {
        left = fitLine(loL, hiL, hiL.front(), hiL.back());
        right = fitLine(loR, hiR, loR.front(), loR.back());
    } else if (mode == ColliderMode::Inner) {
        left = fitLine(loL, hiL, loL.front(), loL.back());
        right = fitLine(loR, hiR, hiR.front(), hiR.back());
    } else {
        left = fitLine(loL, hiL, a0, ak);
        right = fitLine(loR, hiR, b0, bk);
    }
    if (!left || !right) return std::nullopt;
    if (left->u > right->u || left->w > right->w) return std::nullopt;
    if (left->u == right->u && left->w == right->w) return std::nullopt;
    return Trapezoid{y0, static_cast<int>(k), *left, *right};
}

using Point = std::array<std::int64_t, 2>;  // half pixels

/// One trapezoid of a piece: the spans it stands on (one per row from y0) and the top edge it was given.
struct Part {
    int y0 = 0;
    std::vector<Span> spans;
    std::optional<Line> top;
    Trapezoid trapezoid;
};

/// A piece while it is built: trapezoids stacked top-down, each standing on the bottom edge of the one above.
struct OpenPiece {
    std::vector<Part> parts;
};

std::int64_t turn(const Point& a, const Point& b, const Point& c) {
    return (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
}

/// The piece's vertices, counter-clockwise on screen: down the left side, up the right one, without the
/// joints where a side runs straight on.
std::vector<Point> outline(const OpenPiece& p) {
    std::vector<Point> left, right;
    const auto add = [](std::vector<Point>& side, Point v) {
        if (!side.empty() && side.back() == v) return;
        if (side.size() >= 2 && turn(side[side.size() - 2], side.back(), v) == 0) side.pop_back();
        side.push_back(v);
    };
    for (const Part& part : p.parts) {
        const std::int64_t top = std::int64_t{kUnit} * part.trapezoid.y0, bottom = std::int64_t{kUnit} * (part.trapezoid.y0 + part.trapezoid.rows);
        add(left, {part.trapezoid.left.u, top});
        add(left, {part.trapezoid.left.w, bottom});
        add(right, {part.trapezoid.right.u, top});
        add(right, {part.trapezoid.right.w, bottom});
    }
    std::vector<Point> out = left;
    for (auto it = right.rbegin(); it != right.rend(); ++it)
        if (*it != out.back() && *it != out.front()) out.push_back(*it);
    return out;
}

/// True when the piece is strictly convex with at most maxVertices vertices.
bool fits(const OpenPiece& p, int maxVertices) {
    const std::vector<Point> poly = outline(p);
    if (static_cast<int>(poly.size()) > maxVertices || poly.size() < 3) return false;
    for (std::size_t i = 0; i < poly.size(); ++i)
        if (!(turn(poly[i], poly[(i + 1) % poly.size()], poly[(i + 2) % poly.size()]) < 0)) return false;
    return true;
}

void emit(const OpenPiece& piece, int maxVertices, std::vector<ColliderPiece>& out) {
    ColliderPiece p;
    for (const Point& v : outline(piece)) p.push_back({static_cast<double>(v[0]) / kUnit, static_cast<double>(v[1]) / kUnit});
    if (p.size() == 4 && maxVertices < 4) {
        out.push_back({p[0], p[1], p[2]});
        out.push_back({p[0], p[2], p[3]});
        return;
    }
    out.push_back(std::move(p));
}

/// The pieces built from the mask's rows.
std::vector<ColliderPiece> piecesByRows(const AlphaMask& mask, const ColliderOptions& options) {
    const std::int64_t e = std::min<std::int64_t>(kMaxE, static_cast<std::int64_t>(std::floor(options.epsilon * kUnit)));
    const int h = mask.height();
    std::vector<std::vector<Span>> rows(static_cast<std::size_t>(h));
    std::vector<std::vector<char>> taken(static_cast<std::size_t>(h));
    for (int y = 0; y < h; ++y) {
        for (const SolidSpan& s : mask.rowSpans(y)) rows[static_cast<std::size_t>(y)].push_back({s.x0, s.x1});
        taken[static_cast<std::size_t>(y)].assign(rows[static_cast<std::size_t>(y)].size(), 0);
    }
    const std::int64_t reach = (2 * e) / kUnit + 1;

    // One trapezoid from span i of row y downwards (optionally with a given top edge): the spans it takes,
    // one per row, grown while some free span of the next row keeps it allowed.
    struct Grown {
        Trapezoid trapezoid;
        std::vector<std::size_t> spans;  // span index in rows y, y + 1, ...
        std::vector<Span> chain;
    };
    std::vector<Span> chain;
    const auto grow = [&](int y, std::size_t i, const std::optional<Line>& top) -> std::optional<Grown> {
        chain.assign(1, rows[static_cast<std::size_t>(y)][i]);
        const auto first = fitTrapezoid(chain, y, options.mode, e, top);
        if (!first) return std::nullopt;
        Grown g{*first, {i}, {}};
        for (int next = y + 1; next < h; ++next) {
            const Span last = chain.back();
            bool grown = false;
            for (std::size_t j = 0; j < rows[static_cast<std::size_t>(next)].size() && !grown; ++j) {
                const Span cand = rows[static_cast<std::size_t>(next)][j];
                if (taken[static_cast<std::size_t>(next)][j] || cand.x1 + reach <= last.x0 || cand.x0 >= last.x1 + reach) continue;
                chain.push_back(cand);
                if (auto fit = fitTrapezoid(chain, y, options.mode, e, top)) {
                    g.trapezoid = *fit;
                    g.spans.push_back(j);
                    grown = true;
                } else {
                    chain.pop_back();
                }
            }
            if (!grown) break;
        }
        g.chain = chain;
        return g;
    };
    const auto claim = [&](int y, const Grown& g) {
        for (std::size_t k = 0; k < g.spans.size(); ++k) taken[static_cast<std::size_t>(y) + k][g.spans[k]] = 1;
    };

    // Pieces are grown top-down. A new trapezoid first tries to continue a piece that ends on its top row: the
    // piece's last trapezoid is fitted again so that its bottom edge also suits the new span, the new one stands
    // on that edge, and the two are kept together when the piece stays strictly convex within max_vertices
    // (Hertel-Mehlhorn's idea, on a stack of trapezoids). Otherwise it starts a piece of its own.
    std::vector<OpenPiece> pieces;
    std::vector<std::vector<std::size_t>> endingAt(static_cast<std::size_t>(h) + 1);
    const bool stacking = options.maxVertices >= 4;
    for (int y = 0; y < h; ++y) {
        for (std::size_t i = 0; i < rows[static_cast<std::size_t>(y)].size(); ++i) {
            if (taken[static_cast<std::size_t>(y)][i]) continue;
            bool joined = false;
            auto& candidates = endingAt[static_cast<std::size_t>(y)];
            for (std::size_t c = 0; stacking && c < candidates.size() && !joined; ++c) {
                OpenPiece piece = pieces[candidates[c]];
                Part& last = piece.parts.back();
                const auto refit = fitTrapezoid(last.spans, last.y0, options.mode, e, last.top, &rows[static_cast<std::size_t>(y)][i]);
                if (!refit || refit->left.w >= refit->right.w) continue;
                last.trapezoid = *refit;
                const Line edge{refit->left.w, refit->right.w};
                const auto g = grow(y, i, edge);
                if (!g) continue;
                piece.parts.push_back({y, g->chain, edge, g->trapezoid});
                if (!fits(piece, options.maxVertices)) continue;
                pieces[candidates[c]] = std::move(piece);
                claim(y, *g);
                endingAt[static_cast<std::size_t>(y + g->trapezoid.rows)].push_back(candidates[c]);
                candidates.erase(candidates.begin() + static_cast<std::ptrdiff_t>(c));
                joined = true;
            }
            if (joined) continue;
            // A single row always fits (its own rectangle is allowed by every mode), so this always grows.
            const Grown g = *grow(y, i, std::nullopt);
            claim(y, g);
            endingAt[static_cast<std::size_t>(y + g.trapezoid.rows)].push_back(pieces.size());
            pieces.push_back({{Part{y, g.chain, std::nullopt, g.trapezoid}}});
        }
    }
    std::vector<ColliderPiece> out;
    for (const OpenPiece& p : pieces) emit(p, options.maxVertices, out);
    return out;
}

/// The mask mirrored about its diagonal: pixel (x, y) becomes (y, x).
AlphaMask transposed(const AlphaMask& mask) {
    RgbaImage image{mask.height(), mask.width(), std::vector<std::uint8_t>(static_cast<std::size_t>(mask.width()) * mask.height() * 4, 0)};
    for (int y = 0; y < mask.height(); ++y)
        for (const SolidSpan& s : mask.rowSpans(y))
            for (int x = s.x0; x < s.x1; ++x) image.pixels[(static_cast<std::size_t>(x) * image.width + y) * 4 + 3] = 255;
    return AlphaMask(image, 0);
}

std::size_t vertexCount(const std::vector<ColliderPiece>& pieces) {
    std::size_t n = 0;
    for (const ColliderPiece& p : pieces) n += p.size();
    return n;
}

// ---- Merging neighbouring pieces into their convex hull.
//
// Near a boundary that runs almost along the rows, each row's run starts many pixels from the next one's, so no
// side fits two rows and the build leaves a piece per row. Two such pieces can often be replaced by their convex
// hull: it only adds area to C, so outer's containment and the distance from S to C only get better, and the one
// thing to prove is that every point of the hull lies within epsilon of S. That is proved on triangles: a triangle
// whose three corners are within epsilon of one row's run (a rectangle, so the distance to it is convex) lies
// within epsilon of it; a triangle that no single run clears is split into four at its midpoints, a few times,
// before the merge is refused. Corners stay on the half-pixel lattice, midpoints on a finer dyadic one, so every
// distance is exact in double. Inner mode does not merge (the hull of two inner pieces leaves S at their joint).

using Unit = glm::dvec2;  // half pixels, exactly

double squaredDistanceToRect(Unit p, double x0, double y0, double x1, double y1) {
    const double dx = std::max({0.0, x0 - p.x, p.x - x1}), dy = std::max({0.0, y0 - p.y, p.y - y1});
    return dx * dx + dy * dy;
}

/// True when the triangle (half-pixel units) is proved, as described above, to lie within e units of the solid squares.
bool triangleNearShape(const AlphaMask& mask, Unit a, Unit b, Unit c, double e, int depth) {
    const double e2 = e * e;
    const double xlo = std::min({a.x, b.x, c.x}) - e, xhi = std::max({a.x, b.x, c.x}) + e;
    const double ylo = std::min({a.y, b.y, c.y}) - e, yhi = std::max({a.y, b.y, c.y}) + e;
    const int row0 = std::max(0, static_cast<int>(std::floor(ylo / kUnit))), row1 = std::min(mask.height() - 1, static_cast<int>(std::floor(yhi / kUnit)));
    for (int y = row0; y <= row1; ++y)
        for (const SolidSpan& s : mask.rowSpans(y)) {
            const double x0 = kUnit * s.x0, x1 = kUnit * s.x1, top = kUnit * y, bottom = kUnit * (y + 1);
            if (x1 < xlo || x0 > xhi) continue;
            if (squaredDistanceToRect(a, x0, top, x1, bottom) <= e2 && squaredDistanceToRect(b, x0, top, x1, bottom) <= e2 &&
                squaredDistanceToRect(c, x0, top, x1, bottom) <= e2)
                return true;
        }
    if (depth == 0) return false;
    const Unit ab = (a + b) * 0.5, bc = (b + c) * 0.5, ca = (c + a) * 0.5;
    return triangleNearShape(mask, a, ab, ca, e, depth - 1) && triangleNearShape(mask, ab, b, bc, e, depth - 1) &&
           triangleNearShape(mask, ca, bc, c, e, depth - 1) && triangleNearShape(mask, ab, bc, ca, e, depth - 1);
}

/// The strictly convex hull of `points` (half-pixel integers; sorted in place) into `hull`, counter-clockwise on
/// screen like every piece.
void convexHull(std::vector<Point>& points, std::vector<Point>& hull) {
    std::sort(points.begin(), points.end());
    points.erase(std::unique(points.begin(), points.end()), points.end());
    if (points.size() < 3) {
        hull = points;
        return;
    }
    // Andrew's monotone chain, keeping only strict turns of the pieces' sense (turn < 0, as outline() makes them).
    hull.assign(2 * points.size(), Point{});
    std::size_t k = 0;
    for (std::size_t i = 0; i < points.size(); ++i) {
        while (k >= 2 && turn(hull[k - 2], hull[k - 1], points[i]) >= 0) --k;
        hull[k++] = points[i];
    }
    for (std::size_t i = points.size() - 1, lower = k + 1; i-- > 0;) {
        while (k >= lower && turn(hull[k - 2], hull[k - 1], points[i]) >= 0) --k;
        hull[k++] = points[i];
    }
    hull.resize(k - 1);
}

/// True when the lattice point q is in the closed convex polygon (counter-clockwise on screen).
bool containsPoint(const std::vector<Point>& poly, const Point& q) {
    for (std::size_t i = 0; i < poly.size(); ++i)
        if (turn(poly[i], poly[(i + 1) % poly.size()], q) > 0) return false;
    return true;
}

/// The mask's hole pixels: clear pixels that no 4-connected path of clear pixels joins to the image's border.
std::vector<char> holePixels(const AlphaMask& mask) {
    const int w = mask.width(), h = mask.height();
    std::vector<char> hole(static_cast<std::size_t>(w) * h, 0), reached(static_cast<std::size_t>(w) * h, 0);
    std::vector<std::pair<int, int>> stack;
    const auto visit = [&](int x, int y) {
        if (x < 0 || y < 0 || x >= w || y >= h || mask.solid(x, y)) return;
        char& r = reached[static_cast<std::size_t>(y) * w + x];
        if (!r) r = 1, stack.push_back({x, y});
    };
    for (int x = 0; x < w; ++x) visit(x, 0), visit(x, h - 1);
    for (int y = 0; y < h; ++y) visit(0, y), visit(w - 1, y);
    while (!stack.empty()) {
        const auto [x, y] = stack.back();
        stack.pop_back();
        visit(x - 1, y), visit(x + 1, y), visit(x, y - 1), visit(x, y + 1);
    }
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) hole[static_cast<std::size_t>(y) * w + x] = !mask.solid(x, y) && !reached[static_cast<std::size_t>(y) * w + x];
    return hole;
}

/// True when the hull covers the centre of a hole pixel that neither piece covered: a one-pixel hole is within
/// epsilon 1 of the shape, but a collider that fills it no longer shows it, so merges never close holes further.
bool coversNewHoleCentre(const AlphaMask& mask, const std::vector<char>& hole, const std::vector<Point>& hull, const std::vector<Point>& a,
                         const std::vector<Point>& b) {
    std::int64_t x0 = hull[0][0], y0 = hull[0][1], x1 = x0, y1 = y0;
    for (const Point& v : hull) x0 = std::min(x0, v[0]), y0 = std::min(y0, v[1]), x1 = std::max(x1, v[0]), y1 = std::max(y1, v[1]);
    for (std::int64_t y = std::max<std::int64_t>(0, floorDiv(y0, kUnit)); y < std::min<std::int64_t>(mask.height(), ceilDiv(y1, kUnit)); ++y)
        for (std::int64_t x = std::max<std::int64_t>(0, floorDiv(x0, kUnit)); x < std::min<std::int64_t>(mask.width(), ceilDiv(x1, kUnit)); ++x) {
            if (!hole[static_cast<std::size_t>(y) * mask.width() + static_cast<std::size_t>(x)]) continue;
            const Point centre{kUnit * x + kUnit / 2, kUnit * y + kUnit / 2};
            if (containsPoint(hull, centre) && !containsPoint(a, centre) && !containsPoint(b, centre)) return true;
        }
    return false;
}

/// Pieces replaced by the hull of two neighbours while the hull has at most maxVertices vertices, lies within the
/// lattice epsilon of the shape and covers no hole pixel's centre that the two did not. Outer and balanced only.
void mergeNeighbours(const AlphaMask& mask, const std::vector<char>& hole, const ColliderOptions& options, std::int64_t e,
                     std::vector<ColliderPiece>& pieces) {
    if (options.mode == ColliderMode::Inner || options.maxVertices < 4 || e == 0) return;
    constexpr int kDepth = 3;
    struct Box {
        double x0, y0, x1, y1;
    };
    const auto boxOf = [](const ColliderPiece& p) {
        Box b{p[0].x, p[0].y, p[0].x, p[0].y};
        for (const glm::dvec2 v : p) b.x0 = std::min(b.x0, v.x), b.y0 = std::min(b.y0, v.y), b.x1 = std::max(b.x1, v.x), b.y1 = std::max(b.y1, v.y);
        return b;
    };
    std::vector<Box> boxes;
    for (const ColliderPiece& p : pieces) boxes.push_back(boxOf(p));
    const double eUnits = static_cast<double>(e);
    std::vector<Point> pa, pb, points, hull;  // reused for every candidate pair
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        for (std::size_t j = i + 1; j < pieces.size(); ++j) {
            const Box& a = boxes[i];
            const Box& b = boxes[j];
            if (a.x1 < b.x0 || b.x1 < a.x0 || a.y1 < b.y0 || b.y1 < a.y0) continue;  // only pieces that touch
            pa.clear(), pb.clear();
            for (const glm::dvec2 v : pieces[i]) pa.push_back({static_cast<std::int64_t>(v.x * kUnit), static_cast<std::int64_t>(v.y * kUnit)});
            for (const glm::dvec2 v : pieces[j]) pb.push_back({static_cast<std::int64_t>(v.x * kUnit), static_cast<std::int64_t>(v.y * kUnit)});
            points.assign(pa.begin(), pa.end());
            points.insert(points.end(), pb.begin(), pb.end());
            convexHull(points, hull);
            if (hull.size() < 3 || static_cast<int>(hull.size()) > options.maxVertices) continue;
            if (coversNewHoleCentre(mask, hole, hull, pa, pb)) continue;
            // A cheap refusal first: the midpoint of every hull side must be near the shape (most refused hulls
            // stray there), before the proof on triangles.
            bool near = true;
            for (std::size_t k = 0; k < hull.size() && near; ++k) {
                const Point& u = hull[k];
                const Point& w = hull[(k + 1) % hull.size()];
                const Unit mid{(static_cast<double>(u[0]) + static_cast<double>(w[0])) / 2, (static_cast<double>(u[1]) + static_cast<double>(w[1])) / 2};
                near = triangleNearShape(mask, mid, mid, mid, eUnits, 0);
            }
            const Unit h0{static_cast<double>(hull[0][0]), static_cast<double>(hull[0][1])};
            for (std::size_t k = 1; k + 1 < hull.size() && near; ++k)
                near = triangleNearShape(mask, h0, {static_cast<double>(hull[k][0]), static_cast<double>(hull[k][1])},
                                         {static_cast<double>(hull[k + 1][0]), static_cast<double>(hull[k + 1][1])}, eUnits, kDepth);
            if (!near) continue;
            ColliderPiece merged;
            for (const Point& v : hull) merged.push_back({static_cast<double>(v[0]) / kUnit, static_cast<double>(v[1]) / kUnit});
            pieces[i] = std::move(merged);
            boxes[i] = boxOf(pieces[i]);
            pieces.erase(pieces.begin() + static_cast<std::ptrdiff_t>(j));
            boxes.erase(boxes.begin() + static_cast<std::ptrdiff_t>(j));
            j = i;  // the grown piece may now merge with pieces it did not touch before
        }
    }
}

}  // namespace

std::vector<ColliderPiece> buildColliderPieces(const AlphaMask& mask, const ColliderOptions& options) {
    if (const std::string problem = colliderOptionsProblem(options); !problem.empty()) throw std::invalid_argument(problem);
    // Pieces stand on whole rows, so a boundary that runs nearly along the rows costs a piece per row or two;
    // the same build on the columns (the transposed mask) handles those well. Keep whichever has fewer pieces,
    // then fewer vertices. Mirroring swaps x and y and turns the vertex order around.
    // Each is then thinned by merging neighbours into their hulls where epsilon allows.
    const std::int64_t e = std::min<std::int64_t>(kMaxE, static_cast<std::int64_t>(std::floor(options.epsilon * kUnit)));
    const bool merging = options.mode != ColliderMode::Inner && options.maxVertices >= 4 && e > 0;
    const std::vector<char> hole = merging ? holePixels(mask) : std::vector<char>();
    std::vector<ColliderPiece> byRows = piecesByRows(mask, options);
    std::vector<ColliderPiece> byColumns = piecesByRows(transposed(mask), options);
    for (ColliderPiece& p : byColumns) {
        for (glm::dvec2& v : p) v = {v.y, v.x};
        std::reverse(p.begin(), p.end());
    }
    const bool columnsBetter = byColumns.size() < byRows.size() ||
                               (byColumns.size() == byRows.size() && vertexCount(byColumns) < vertexCount(byRows));
    std::vector<ColliderPiece>& best = columnsBetter ? byColumns : byRows;
    mergeNeighbours(mask, hole, options, e, best);
    return best;
}

Collider makeCollider(const AlphaMask& mask, const ColliderOptions& options) {
    Collider collider;
    collider.pieces = buildColliderPieces(mask, options);
    collider.certificate = certifyCollider(mask, collider.pieces);
    return collider;
}

}  // namespace cl
