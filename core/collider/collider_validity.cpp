#include "core/collider/collider_validity.h"

#include <cmath>
#include <cstddef>

namespace cl {

std::string colliderOptionsProblem(const ColliderOptions& options) {
    if (options.maxVertices < kMinColliderVertices || options.maxVertices > kMaxColliderVertices)
        return "max_vertices must be in 3..64 (got " + std::to_string(options.maxVertices) + ")";
    if (!std::isfinite(options.epsilon) || !(options.epsilon > 0.0))
        return "epsilon must be a finite number > 0 (got " + std::to_string(options.epsilon) + ")";
    return {};
}

std::string colliderProblem(const std::vector<ColliderPiece>& pieces, int maxVertices) {
    for (std::size_t k = 0; k < pieces.size(); ++k) {
        const ColliderPiece& p = pieces[k];
        const std::string name = "piece " + std::to_string(k) + ": ";
        const std::size_t n = p.size();
        if (n < 3 || static_cast<int>(n) > maxVertices)
            return name + std::to_string(n) + " vertices, allowed 3.." + std::to_string(maxVertices);
        for (std::size_t i = 0; i < n; ++i) {
            if (!std::isfinite(p[i].x) || !std::isfinite(p[i].y)) return name + "vertex " + std::to_string(i) + " is not finite";
            for (std::size_t j = i + 1; j < n; ++j)
                if (p[i] == p[j]) return name + "vertex " + std::to_string(i) + " repeats as vertex " + std::to_string(j);
        }
        // Every other vertex strictly on the inner side of every edge: convex, simple, counter-clockwise on
        // screen (with y down that is a negative cross product), and no collinear vertices.
        double twiceArea = 0.0;
        for (std::size_t i = 0; i < n; ++i) {
            const glm::dvec2 a = p[i], b = p[(i + 1) % n];
            twiceArea += a.x * b.y - b.x * a.y;
            const glm::dvec2 e = b - a;
            for (std::size_t j = 0; j < n; ++j) {
                if (j == i || j == (i + 1) % n) continue;
                const glm::dvec2 d = p[j] - a;
                if (!(e.x * d.y - e.y * d.x < 0.0))
                    return name + "vertex " + std::to_string(j) + " is not strictly inside edge " + std::to_string(i) +
                           " (the piece must be strictly convex and counter-clockwise on screen)";
            }
        }
        if (std::abs(twiceArea) / 2.0 < 1e-6) return name + "area below 1e-6 px^2";
    }
    return {};
}

}  // namespace cl
