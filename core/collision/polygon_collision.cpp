#include "core/collision/polygon_collision.h"

#include <algorithm>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

#include "core/collider/collider_validity.h"
#include "core/collider/make_collider.h"

namespace cl {
namespace {

// A collider's pieces in world coordinates: every vertex in one array, each piece a range of it with its box.
struct WorldPieces {
    std::vector<glm::dvec2> vertices;
    struct Piece {
        std::size_t first = 0, count = 0;
        glm::dvec2 lo{}, hi{};
    };
    std::vector<Piece> pieces;
    glm::dvec2 lo{std::numeric_limits<double>::infinity()}, hi{-std::numeric_limits<double>::infinity()};
};

void toWorld(const ConvexPieces& pieces, const glm::dmat3& m, WorldPieces& out) {
    out.vertices.clear();
    out.pieces.clear();
    for (const auto& piece : pieces) {
        WorldPieces::Piece p{out.vertices.size(), piece.size(), glm::dvec2(std::numeric_limits<double>::infinity()),
                             glm::dvec2(-std::numeric_limits<double>::infinity())};
        for (const glm::dvec2& v : piece) {
            const glm::dvec2 w = transformPoint(m, v);
            out.vertices.push_back(w);
            p.lo = glm::min(p.lo, w);
            p.hi = glm::max(p.hi, w);
        }
        out.lo = glm::min(out.lo, p.lo);
        out.hi = glm::max(out.hi, p.hi);
        out.pieces.push_back(p);
    }
}

bool boxesOverlap(glm::dvec2 alo, glm::dvec2 ahi, glm::dvec2 blo, glm::dvec2 bhi) {
    return alo.x < bhi.x && blo.x < ahi.x && alo.y < bhi.y && blo.y < ahi.y;
}

// [min, max] of the vertices projected on an axis.
glm::dvec2 project(const glm::dvec2* v, std::size_t n, glm::dvec2 axis) {
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (std::size_t i = 0; i < n; ++i) {
        const double d = v[i].x * axis.x + v[i].y * axis.y;
        lo = std::min(lo, d);
        hi = std::max(hi, d);
    }
    return {lo, hi};
}

// True when the normal of edge i of `edges` separates the two convex polygons or only lets them touch.
bool separatedByEdge(const glm::dvec2* edges, std::size_t ne, std::size_t i, const glm::dvec2* a, std::size_t na, const glm::dvec2* b,
                     std::size_t nb) {
    const glm::dvec2 e = edges[(i + 1) % ne] - edges[i];
    const glm::dvec2 axis{-e.y, e.x};
    const glm::dvec2 pa = project(a, na, axis), pb = project(b, nb, axis);
    return !(pa.x < pb.y && pb.x < pa.y);
}

// The axis that separated the last pair of pieces: an edge of A's piece (fromA) or of B's. Neighbouring pieces of
// one collider face the other collider alike, so it is usually the answer for the next pair too, and one axis
// (two projections) then settles the pair instead of up to sixteen.
struct AxisHint {
    bool fromA = true;
    std::size_t edge = 0;
};

// Two convex polygons overlap with positive area exactly when no edge normal of either separates them. The hinted
// axis is tried first and the hint moved to whichever axis separates; the order changes the work, not the answer.
bool piecesOverlap(const glm::dvec2* a, std::size_t na, const glm::dvec2* b, std::size_t nb, AxisHint& hint) {
    const bool hinted = hint.edge < (hint.fromA ? na : nb);
    if (hinted && (hint.fromA ? separatedByEdge(a, na, hint.edge, a, na, b, nb) : separatedByEdge(b, nb, hint.edge, a, na, b, nb)))
        return false;
    for (std::size_t i = 0; i < na; ++i) {
        if (hinted && hint.fromA && i == hint.edge) continue;
        if (separatedByEdge(a, na, i, a, na, b, nb)) {
            hint = {true, i};
            return false;
        }
    }
    for (std::size_t i = 0; i < nb; ++i) {
        if (hinted && !hint.fromA && i == hint.edge) continue;
        if (separatedByEdge(b, nb, i, a, na, b, nb)) {
            hint = {false, i};
            return false;
        }
    }
    return true;
}

// ---- The listing: (A pixel, B pixel) pairs whose squares share area inside both colliders.

using Polygon = std::vector<glm::dvec2>;

// Twice the signed area (shoelace), summed about the first vertex: far from the origin the terms cancel badly.
double twiceSignedArea(const Polygon& p) {
    double twice = 0.0;
    for (std::size_t i = 1; i + 1 < p.size(); ++i) {
        const glm::dvec2 u = p[i] - p[0], v = p[i + 1] - p[0];
        twice += u.x * v.y - v.x * u.y;
    }
    return twice;
}

// Keeps the part of the convex `poly` where side(p) >= 0 (Sutherland-Hodgman for one half-plane). A point on the
// line is kept as it is, so a side that lies on a lattice line stays exactly on it.
template <class Side>
void clipHalfPlane(Polygon& poly, Polygon& scratch, Side side) {
    scratch.clear();
    for (std::size_t i = 0; i < poly.size(); ++i) {
        const glm::dvec2 u = poly[i], v = poly[i + 1 == poly.size() ? 0 : i + 1];
        const double su = side(u), sv = side(v);
        if (su >= 0.0) scratch.push_back(u);
        if ((su >= 0.0) != (sv >= 0.0)) scratch.push_back(u + (v - u) * (su / (su - sv)));
    }
    poly.swap(scratch);
}

// A clipped region counts when its area is above this, in pixels of the space it was clipped in: a point computed
// on a clipping line can land a few ulps across it, and the sliver that leaves in the next cell is not overlap.
constexpr double kListedArea = 1e-9;

bool keeps(const Polygon& poly) { return poly.size() >= 3 && std::abs(twiceSignedArea(poly)) > 2.0 * kListedArea; }

// `poly` clipped to the unit cell [x, x+1] x [y, y+1]; true when what is left counts.
bool clipToCell(Polygon& poly, Polygon& scratch, double x, double y) {
    clipHalfPlane(poly, scratch, [x](glm::dvec2 p) { return p.x - x; });
    clipHalfPlane(poly, scratch, [x](glm::dvec2 p) { return x + 1.0 - p.x; });
    clipHalfPlane(poly, scratch, [y](glm::dvec2 p) { return p.y - y; });
    clipHalfPlane(poly, scratch, [y](glm::dvec2 p) { return y + 1.0 - p.y; });
    return keeps(poly);
}

// `poly` clipped to the convex `piece` (either orientation); true when what is left counts.
bool clipToPiece(Polygon& poly, Polygon& scratch, const ColliderPiece& piece) {
    const double orientation = twiceSignedArea(piece) > 0.0 ? 1.0 : -1.0;
    for (std::size_t i = 0; i < piece.size() && poly.size() >= 3; ++i) {
        const glm::dvec2 p = piece[i], e = piece[i + 1 == piece.size() ? 0 : i + 1] - p;
        clipHalfPlane(poly, scratch, [&](glm::dvec2 v) { return orientation * (e.x * (v.y - p.y) - e.y * (v.x - p.x)); });
    }
    return keeps(poly);
}

struct PieceBox {
    glm::dvec2 lo{std::numeric_limits<double>::infinity()}, hi{-std::numeric_limits<double>::infinity()};
    void add(glm::dvec2 p) {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
};

PieceBox boxOf(const Polygon& p) {
    PieceBox box;
    for (const glm::dvec2 v : p) box.add(v);
    return box;
}

// Every (A pixel, B pixel) pair whose squares share positive area inside piece `ia` of A's collider and piece
// `ib` of B's, added to `out`. Each A cell is cut from A's piece in A's texture space and each B cell from B's
// piece in B's, where the pieces' sides and the cells' sides lie exactly on the lattice: a region that only
// touches a cell's side adds nothing there, with no rounding.
void listPiecePair(const ColliderPiece& pieceA, const ColliderPiece& pieceB, const PieceBox& boxBInA, const glm::dmat3& aToB,
                   const glm::dmat3& worldA, std::vector<PixelHit>& out) {
    const PieceBox boxA = boxOf(pieceA);
    const glm::dvec2 lo = glm::max(boxA.lo, boxBInA.lo), hi = glm::min(boxA.hi, boxBInA.hi);
    if (!(lo.x < hi.x && lo.y < hi.y)) return;
    thread_local Polygon inA, inB, cell, scratch;
    for (double y = std::floor(lo.y); y < hi.y; ++y) {
        for (double x = std::floor(lo.x); x < hi.x; ++x) {
            inA.assign(pieceA.begin(), pieceA.end());
            if (!clipToCell(inA, scratch, x, y)) continue;
            inB.clear();
            for (const glm::dvec2 v : inA) inB.push_back(transformPoint(aToB, v));
            if (!clipToPiece(inB, scratch, pieceB)) continue;
            const PieceBox box = boxOf(inB);
            for (double v = std::floor(box.lo.y); v < box.hi.y; ++v) {
                for (double u = std::floor(box.lo.x); u < box.hi.x; ++u) {
                    cell.assign(inB.begin(), inB.end());
                    if (!clipToCell(cell, scratch, u, v)) continue;
                    const glm::ivec2 pixelA{int(x), int(y)};
                    out.push_back(PixelHit{pixelA, glm::ivec2(int(u), int(v)), transformPoint(worldA, glm::dvec2(pixelA) + 0.5)});
                }
            }
        }
    }
}

}  // namespace

std::vector<PixelHit> colliderPixelPairs(const Body& a, const Body& b) {
    std::vector<PixelHit> out;
    if (!colliderOptionsProblem(a.collider).empty() || !colliderOptionsProblem(b.collider).empty()) return out;
    if (a.mask->solidCount() == 0 || b.mask->solidCount() == 0) return out;
    const auto piecesA = cachedColliderPieces(*a.mask, a.collider);
    const auto piecesB = cachedColliderPieces(*b.mask, b.collider);
    const glm::dmat3 worldA = worldMatrix(a.transform), worldB = worldMatrix(b.transform);
    const glm::dmat3 aToB = affineInverse(worldB) * worldA, bToA = affineInverse(worldA) * worldB;
    std::vector<PieceBox> boxesBInA;
    for (const ColliderPiece& piece : *piecesB) {
        PieceBox box;
        for (const glm::dvec2 v : piece) box.add(transformPoint(bToA, v));
        boxesBInA.push_back(box);
    }
    for (const ColliderPiece& pieceA : *piecesA) {
        for (std::size_t j = 0; j < piecesB->size(); ++j) listPiecePair(pieceA, (*piecesB)[j], boxesBInA[j], aToB, worldA, out);
    }
    // One entry per pair (pieces may overlap, and a pair may straddle two pieces), in the order Compare keys them.
    const auto key = [](const PixelHit& h) { return std::tuple(h.a.y, h.a.x, h.b.y, h.b.x); };
    std::sort(out.begin(), out.end(), [&](const PixelHit& l, const PixelHit& r) { return key(l) < key(r); });
    out.erase(std::unique(out.begin(), out.end(), [&](const PixelHit& l, const PixelHit& r) { return key(l) == key(r); }), out.end());
    return out;
}

std::shared_ptr<const ConvexPieces> cachedColliderPieces(const AlphaMask& mask, const ColliderOptions& options) {
    return mask.collider(options, [&] { return buildColliderPieces(mask, options); });
}

CollisionResult polygonTest(const Body& a, const Body& b, const TestOptions& options) {
    for (const Body* body : {&a, &b}) {
        const std::string problem = colliderOptionsProblem(body->collider);
        if (!problem.empty()) return notApplicable(std::string(body == &a ? "A" : "B") + "'s collider: " + problem);
    }
    CollisionResult r;
    if (a.mask->solidCount() == 0 || b.mask->solidCount() == 0) return r;
    const auto piecesA = cachedColliderPieces(*a.mask, a.collider);
    const auto piecesB = cachedColliderPieces(*b.mask, b.collider);
    // Scratch per thread: the test runs often (a game's pre-check), and allocating each time would cost more
    // than the separating axes.
    thread_local WorldPieces wa, wb;
    toWorld(*piecesA, worldMatrix(a.transform), wa);
    toWorld(*piecesB, worldMatrix(b.transform), wb);
    if (!boxesOverlap(wa.lo, wa.hi, wb.lo, wb.hi)) return r;
    AxisHint hint;
    for (const auto& pa : wa.pieces) {
        if (!boxesOverlap(pa.lo, pa.hi, wb.lo, wb.hi)) continue;
        for (const auto& pb : wb.pieces) {
            if (!boxesOverlap(pa.lo, pa.hi, pb.lo, pb.hi)) continue;
            ++r.samples;
            if (piecesOverlap(&wa.vertices[pa.first], pa.count, &wb.vertices[pb.first], pb.count, hint)) {
                r.hit = true;
                // The hit stays the separating axes' answer; the listing only says where.
                if (options.listHits && !options.stopAtFirstHit) r.hits = colliderPixelPairs(a, b);
                return r;
            }
        }
    }
    return r;
}

}  // namespace cl
