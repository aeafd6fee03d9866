#include "core/collision/polygon_collision.h"

#include <algorithm>
#include <limits>
#include <string>
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

}  // namespace

std::shared_ptr<const ConvexPieces> cachedColliderPieces(const AlphaMask& mask, const ColliderOptions& options) {
    return mask.collider(options, [&] { return buildColliderPieces(mask, options); });
}

CollisionResult polygonTest(const Body& a, const Body& b, const TestOptions&) {
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
                return r;
            }
        }
    }
    return r;
}

}  // namespace cl
