#include "tests/bench/collider_baseline.h"

#include <algorithm>
#include <cmath>
#include <array>
#include <cstddef>

#include "core/collider/outline_trace.h"

namespace cl::bench {
namespace {

using Loop = std::vector<glm::dvec2>;

double cross(glm::dvec2 o, glm::dvec2 a, glm::dvec2 b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }

double distanceToSegment(glm::dvec2 p, glm::dvec2 a, glm::dvec2 b) {
    const glm::dvec2 ab = b - a;
    const double len2 = ab.x * ab.x + ab.y * ab.y;
    const double t = len2 > 0 ? std::clamp(((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / len2, 0.0, 1.0) : 0.0;
    return std::hypot(p.x - a.x - t * ab.x, p.y - a.y - t * ab.y);
}

// Ramer-Douglas-Peucker on the open chain loop[first..last] (indices mod n): keeps the farthest vertex while it
// is more than epsilon from the chord.
void rdp(const Loop& loop, std::size_t first, std::size_t last, double epsilon, std::vector<char>& keep) {
    const std::size_t n = loop.size();
    double farthest = -1;
    std::size_t at = first;
    for (std::size_t i = (first + 1) % n; i != last; i = (i + 1) % n) {
        const double d = distanceToSegment(loop[i], loop[first], loop[last]);
        if (d > farthest) farthest = d, at = i;
    }
    if (farthest > epsilon) {
        keep[at] = 1;
        rdp(loop, first, at, epsilon, keep);
        rdp(loop, at, last, epsilon, keep);
    }
}

// A closed loop simplified as Godot does: split at its first vertex and the vertex farthest from it.
Loop simplify(const Loop& loop, double epsilon) {
    const std::size_t n = loop.size();
    if (n <= 3) return loop;
    std::size_t far = 0;
    double best = -1;
    for (std::size_t i = 1; i < n; ++i) {
        const double d = std::hypot(loop[i].x - loop[0].x, loop[i].y - loop[0].y);
        if (d > best) best = d, far = i;
    }
    std::vector<char> keep(n, 0);
    keep[0] = keep[far] = 1;
    rdp(loop, 0, far, epsilon, keep);
    rdp(loop, far, 0, epsilon, keep);
    Loop out;
    for (std::size_t i = 0; i < n; ++i)
        if (keep[i]) out.push_back(loop[i]);
    return out;
}

bool segmentsCross(glm::dvec2 a, glm::dvec2 b, glm::dvec2 c, glm::dvec2 d) {
    const double d1 = cross(a, b, c), d2 = cross(a, b, d), d3 = cross(c, d, a), d4 = cross(c, d, b);
    return ((d1 > 0) != (d2 > 0)) && ((d3 > 0) != (d4 > 0)) && d1 != 0 && d2 != 0 && d3 != 0 && d4 != 0;
}

// A simple polygon: no repeated vertex and no two non-adjacent edges crossing.
bool simple(const Loop& loop) {
    const std::size_t n = loop.size();
    if (n < 3) return false;
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j) {
            if (loop[i] == loop[j]) return false;
            if (j == i + 1 || (i == 0 && j == n - 1)) continue;
            if (segmentsCross(loop[i], loop[(i + 1) % n], loop[j], loop[(j + 1) % n])) return false;
        }
    return true;
}

// Ear clipping of a simple polygon whose turns are positive (cross > 0); triangles as vertex indices.
bool triangulate(const Loop& loop, std::vector<std::array<std::size_t, 3>>& triangles) {
    std::vector<std::size_t> open(loop.size());
    for (std::size_t i = 0; i < open.size(); ++i) open[i] = i;
    while (open.size() > 3) {
        bool clipped = false;
        for (std::size_t k = 0; k < open.size() && !clipped; ++k) {
            const std::size_t a = open[(k + open.size() - 1) % open.size()], b = open[k], c = open[(k + 1) % open.size()];
            if (!(cross(loop[a], loop[b], loop[c]) > 0)) continue;
            bool empty = true;
            for (std::size_t m : open) {
                if (m == a || m == b || m == c) continue;
                if (cross(loop[a], loop[b], loop[m]) >= 0 && cross(loop[b], loop[c], loop[m]) >= 0 && cross(loop[c], loop[a], loop[m]) >= 0) {
                    empty = false;
                    break;
                }
            }
            if (!empty) continue;
            triangles.push_back({a, b, c});
            open.erase(open.begin() + static_cast<std::ptrdiff_t>(k));
            clipped = true;
        }
        if (!clipped) return false;
    }
    if (!(cross(loop[open[0]], loop[open[1]], loop[open[2]]) > 0)) return false;
    triangles.push_back({open[0], open[1], open[2]});
    return true;
}

// Strictly convex with positive turns, after dropping vertices where the side runs straight on.
bool convexPiece(std::vector<std::size_t>& poly, const Loop& loop) {
    for (bool changed = true; changed && poly.size() > 3;) {
        changed = false;
        for (std::size_t i = 0; i < poly.size(); ++i) {
            const std::size_t n = poly.size();
            if (cross(loop[poly[(i + n - 1) % n]], loop[poly[i]], loop[poly[(i + 1) % n]]) == 0) {
                poly.erase(poly.begin() + static_cast<std::ptrdiff_t>(i));
                changed = true;
                break;
            }
        }
    }
    for (std::size_t i = 0; i < poly.size(); ++i) {
        const std::size_t n = poly.size();
        if (!(cross(loop[poly[(i + n - 1) % n]], loop[poly[i]], loop[poly[(i + 1) % n]]) > 0)) return false;
    }
    return true;
}

// Hertel-Mehlhorn: remove diagonals (edges two pieces share) while the merged piece stays convex and small.
std::vector<std::vector<std::size_t>> mergeConvex(const std::vector<std::array<std::size_t, 3>>& triangles, const Loop& loop,
                                                  int maxVertices) {
    std::vector<std::vector<std::size_t>> pieces;
    for (const auto& t : triangles) pieces.push_back({t[0], t[1], t[2]});
    for (bool merged = true; merged;) {
        merged = false;
        for (std::size_t p = 0; p < pieces.size() && !merged; ++p)
            for (std::size_t q = p + 1; q < pieces.size() && !merged; ++q) {
                const auto& A = pieces[p];
                const auto& B = pieces[q];
                // A shared edge: A has u -> v, B has v -> u.
                for (std::size_t i = 0; i < A.size() && !merged; ++i) {
                    const std::size_t u = A[i], v = A[(i + 1) % A.size()];
                    for (std::size_t j = 0; j < B.size() && !merged; ++j) {
                        if (B[j] != v || B[(j + 1) % B.size()] != u) continue;
                        // A from v around to u, then B from u around to v (without repeating the ends).
                        std::vector<std::size_t> joined;
                        for (std::size_t k = 0; k < A.size(); ++k) joined.push_back(A[(i + 1 + k) % A.size()]);
                        for (std::size_t k = 2; k < B.size(); ++k) joined.push_back(B[(j + k) % B.size()]);
                        if (!convexPiece(joined, loop) || static_cast<int>(joined.size()) > maxVertices) continue;
                        pieces[p] = joined;
                        pieces.erase(pieces.begin() + static_cast<std::ptrdiff_t>(q));
                        merged = true;
                    }
                }
            }
    }
    return pieces;
}

}  // namespace

BaselineCollider baselineCollider(const AlphaMask& mask, double epsilon, int maxVertices) {
    BaselineCollider out;
    for (const IslandOutline& island : traceOutlines(mask)) {
        // The outline as Godot's marching squares gives it (pixel corners), y flipped so that turns of the
        // counter-clockwise-on-screen loop are positive in the usual y-up sense.
        Loop loop;
        for (const glm::ivec2 v : island.outer) loop.push_back({static_cast<double>(v.x), -static_cast<double>(v.y)});
        double area = 0;
        for (std::size_t i = 0; i < loop.size(); ++i) area += loop[i].x * loop[(i + 1) % loop.size()].y - loop[(i + 1) % loop.size()].x * loop[i].y;
        if (area < 0) std::reverse(loop.begin(), loop.end());
        const Loop simplified = simplify(loop, epsilon);
        std::vector<std::array<std::size_t, 3>> triangles;
        if (!simple(simplified) || !triangulate(simplified, triangles)) {
            ++out.failedIslands;
            continue;
        }
        for (auto piece : mergeConvex(triangles, simplified, maxVertices)) {
            // Back to y down: positive turns become counter-clockwise on screen.
            ColliderPiece p;
            for (std::size_t k : piece) p.push_back({simplified[k].x, -simplified[k].y});
            out.pieces.push_back(std::move(p));
        }
    }
    return out;
}

}  // namespace cl::bench
