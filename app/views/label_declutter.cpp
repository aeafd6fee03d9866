#include "app/views/label_declutter.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace cl {

namespace {

// Distance from p to the rectangle (0 inside).
double distanceTo(const Rect& r, glm::dvec2 p) {
    const double dx = std::max({r.min.x - p.x, 0.0, p.x - r.max.x});
    const double dy = std::max({r.min.y - p.y, 0.0, p.y - r.max.y});
    return std::hypot(dx, dy);
}

}  // namespace

bool decluttered(const DeclutterInput& in) { return !in.all && in.screenBoxes.size() > kAnnotateAllUpTo; }

std::vector<bool> annotatedSprites(const DeclutterInput& in) {
    const std::size_t n = in.screenBoxes.size();
    if (!decluttered(in)) return std::vector<bool>(n, true);
    std::vector<bool> shown(n, false);
    for (int i : {in.pairA, in.pairB, in.selected}) {
        if (i >= 0 && std::size_t(i) < n) shown[std::size_t(i)] = true;
    }
    if (!in.pointer) return shown;
    std::vector<std::pair<double, std::size_t>> near;
    for (std::size_t i = 0; i < n; ++i) {
        const double d = distanceTo(in.screenBoxes[i], *in.pointer);
        if (d <= kNearPointerPx) near.emplace_back(d, i);
    }
    // The nearest first; equal distances in scene order.
    std::sort(near.begin(), near.end());
    for (std::size_t k = 0; k < near.size() && k < kNearPointerMax; ++k) shown[near[k].second] = true;
    return shown;
}

}  // namespace cl
