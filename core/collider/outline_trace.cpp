#include "core/collider/outline_trace.h"

#include <array>
#include <cstddef>

namespace cl {
namespace {

// Side s of a pixel, walked counter-clockwise on screen: left (down), bottom (right), right (up), top (left).
constexpr std::array<glm::ivec2, 4> kSideStart{{{0, 0}, {0, 1}, {1, 1}, {1, 0}}};
constexpr std::array<glm::ivec2, 4> kSideDir{{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}};
constexpr std::array<glm::ivec2, 4> kSideNeighbour{{{-1, 0}, {0, 1}, {1, 0}, {0, -1}}};

std::int64_t twiceArea(const std::vector<glm::ivec2>& loop) {
    std::int64_t sum = 0;
    for (std::size_t i = 0; i < loop.size(); ++i) {
        const glm::ivec2 a = loop[i], b = loop[(i + 1) % loop.size()];
        sum += static_cast<std::int64_t>(a.x) * b.y - static_cast<std::int64_t>(b.x) * a.y;
    }
    return sum;
}

}  // namespace

std::vector<IslandOutline> traceOutlines(const AlphaMask& mask) {
    const int w = mask.width(), h = mask.height();
    std::vector<IslandOutline> islands;
    if (w == 0 || h == 0) return islands;
    const auto pixelIndex = [w](int x, int y) { return static_cast<std::size_t>(y) * w + x; };

    // 4-connected islands by flood fill, numbered in row-major order of their first pixel.
    std::vector<int> label(static_cast<std::size_t>(w) * h, -1);
    std::vector<glm::ivec2> stack;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            if (!mask.solid(x, y) || label[pixelIndex(x, y)] >= 0) continue;
            const int id = static_cast<int>(islands.size());
            islands.emplace_back();
            label[pixelIndex(x, y)] = id;
            stack.push_back({x, y});
            while (!stack.empty()) {
                const glm::ivec2 p = stack.back();
                stack.pop_back();
                ++islands.back().pixels;
                for (const glm::ivec2 d : kSideNeighbour) {
                    const glm::ivec2 q = p + d;
                    if (mask.solid(q.x, q.y) && label[pixelIndex(q.x, q.y)] < 0) {
                        label[pixelIndex(q.x, q.y)] = id;
                        stack.push_back(q);
                    }
                }
            }
        }
    }

    // Boundary edges: side s of a solid pixel whose neighbour there is not solid. Each lattice point has at
    // most two outgoing edges (two where diagonal pixels touch); the walk then keeps to the pixel it came
    // along, which is what keeps corner-touching pixels in different islands.
    const int vw = w + 1;
    std::vector<std::array<int, 2>> outgoing(static_cast<std::size_t>(vw) * (h + 1), {-1, -1});
    std::vector<char> used(static_cast<std::size_t>(w) * h * 4, 1);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            if (!mask.solid(x, y)) continue;
            for (int s = 0; s < 4; ++s) {
                const glm::ivec2 n = glm::ivec2{x, y} + kSideNeighbour[static_cast<std::size_t>(s)];
                if (mask.solid(n.x, n.y)) continue;
                const int edge = static_cast<int>(pixelIndex(x, y) * 4 + static_cast<std::size_t>(s));
                used[static_cast<std::size_t>(edge)] = 0;
                const glm::ivec2 v = glm::ivec2{x, y} + kSideStart[static_cast<std::size_t>(s)];
                auto& out = outgoing[static_cast<std::size_t>(v.y) * vw + v.x];
                (out[0] < 0 ? out[0] : out[1]) = edge;
            }
        }
    }
    const auto edgeStart = [&](int edge) {
        const int pixel = edge / 4, s = edge % 4;
        return glm::ivec2{pixel % w, pixel / w} + kSideStart[static_cast<std::size_t>(s)];
    };
    for (int first = 0; first < static_cast<int>(used.size()); ++first) {
        if (used[static_cast<std::size_t>(first)]) continue;
        std::vector<glm::ivec2> loop;
        int edge = first;
        do {
            used[static_cast<std::size_t>(edge)] = 1;
            const int pixel = edge / 4, s = edge % 4;
            const glm::ivec2 end = edgeStart(edge) + kSideDir[static_cast<std::size_t>(s)];
            const auto& out = outgoing[static_cast<std::size_t>(end.y) * vw + end.x];
            int next = out[0];
            if (out[1] >= 0 && out[1] / 4 == pixel) next = out[1];
            // A corner of the outline is where the direction changes.
            if (next % 4 != s) loop.push_back(end);
            edge = next;
        } while (edge != first);
        const int island = label[static_cast<std::size_t>(first / 4)];
        if (twiceArea(loop) < 0) {
            islands[static_cast<std::size_t>(island)].outer = std::move(loop);
        } else {
            islands[static_cast<std::size_t>(island)].holes.push_back(std::move(loop));
        }
    }
    return islands;
}

}  // namespace cl
