#include "core/collider/make_collider.h"

#include <algorithm>
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

/// The trapezoid over `spans` (one per row from y0 down) that the mode allows, if there is one.
std::optional<Trapezoid> fitTrapezoid(const std::vector<Span>& spans, int y0, ColliderMode mode, std::int64_t e) {
    const std::size_t k = spans.size();
    constexpr std::int64_t kFar = std::int64_t{1} << 40;
    std::vector<std::int64_t> loL(k + 1, -kFar), hiL(k + 1, kFar), loR(k + 1, -kFar), hiR(k + 1, kFar);
    for (std::size_t i = 0; i < k; ++i) {
        const std::int64_t a = std::int64_t{kUnit} * spans[i].x0, b = std::int64_t{kUnit} * spans[i].x1;
        std::int64_t lL = a - e, hL = a + e, lR = b - e, hR = b + e;
        if (mode == ColliderMode::Outer) hL = a, lR = b;
        if (mode == ColliderMode::Inner) lL = a, hR = b;
        for (std::size_t t : {i, i + 1}) {
            loL[t] = std::max(loL[t], lL), hiL[t] = std::min(hiL[t], hL);
            loR[t] = std::max(loR[t], lR), hiR[t] = std::min(hiR[t], hR);
        }
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

void emit(const Trapezoid& t, int maxVertices, std::vector<ColliderPiece>& out) {
    const double top = t.y0, bottom = static_cast<double>(t.y0) + t.rows;
    const auto px = [](std::int64_t v) { return static_cast<double>(v) / kUnit; };
    ColliderPiece piece{{px(t.left.u), top}, {px(t.left.w), bottom}, {px(t.right.w), bottom}, {px(t.right.u), top}};
    if (t.left.u == t.right.u) piece.pop_back();
    else if (t.left.w == t.right.w) piece.erase(piece.begin() + 2);
    if (piece.size() == 4 && maxVertices < 4) {
        out.push_back({piece[0], piece[1], piece[2]});
        out.push_back({piece[0], piece[2], piece[3]});
        return;
    }
    out.push_back(std::move(piece));
}

}  // namespace

std::vector<ColliderPiece> buildColliderPieces(const AlphaMask& mask, const ColliderOptions& options) {
    if (const std::string problem = colliderOptionsProblem(options); !problem.empty()) throw std::invalid_argument(problem);
    const std::int64_t e = std::min<std::int64_t>(kMaxE, static_cast<std::int64_t>(std::floor(options.epsilon * kUnit)));
    const int h = mask.height();
    std::vector<std::vector<Span>> rows(static_cast<std::size_t>(h));
    std::vector<std::vector<char>> taken(static_cast<std::size_t>(h));
    for (int y = 0; y < h; ++y) {
        for (const SolidSpan& s : mask.rowSpans(y)) rows[static_cast<std::size_t>(y)].push_back({s.x0, s.x1});
        taken[static_cast<std::size_t>(y)].assign(rows[static_cast<std::size_t>(y)].size(), 0);
    }
    std::vector<ColliderPiece> pieces;
    std::vector<Span> chain;
    for (int y = 0; y < h; ++y) {
        for (std::size_t i = 0; i < rows[static_cast<std::size_t>(y)].size(); ++i) {
            if (taken[static_cast<std::size_t>(y)][i]) continue;
            taken[static_cast<std::size_t>(y)][i] = 1;
            chain.assign(1, rows[static_cast<std::size_t>(y)][i]);
            // A single row always fits: its own rectangle is allowed by every mode.
            Trapezoid current = *fitTrapezoid(chain, y, options.mode, e);
            // Grow downwards while some free span of the next row keeps the trapezoid allowed.
            for (int next = y + 1; next < h; ++next) {
                const Span last = chain.back();
                const std::int64_t reach = (2 * e) / kUnit + 1;
                bool grown = false;
                for (std::size_t j = 0; j < rows[static_cast<std::size_t>(next)].size() && !grown; ++j) {
                    const Span cand = rows[static_cast<std::size_t>(next)][j];
                    if (taken[static_cast<std::size_t>(next)][j] || cand.x1 + reach <= last.x0 || cand.x0 >= last.x1 + reach) continue;
                    chain.push_back(cand);
                    if (auto fit = fitTrapezoid(chain, y, options.mode, e)) {
                        current = *fit;
                        taken[static_cast<std::size_t>(next)][j] = 1;
                        grown = true;
                    } else {
                        chain.pop_back();
                    }
                }
                if (!grown) break;
            }
            emit(current, options.maxVertices, pieces);
        }
    }
    return pieces;
}

Collider makeCollider(const AlphaMask& mask, const ColliderOptions& options) {
    Collider collider;
    collider.pieces = buildColliderPieces(mask, options);
    collider.certificate = certifyCollider(mask, collider.pieces);
    return collider;
}

}  // namespace cl
