#include "app/views/overlap_text.h"

#include <algorithm>
#include <cstdio>
#include <utility>
#include <vector>

#include "app/views/number_format.h"

namespace cl {

namespace {

std::size_t distinctPixelsOfA(const std::vector<PixelHit>& hits) {
    std::vector<std::pair<int, int>> pixels;
    pixels.reserve(hits.size());
    for (const PixelHit& hit : hits) pixels.emplace_back(hit.a.y, hit.a.x);
    std::sort(pixels.begin(), pixels.end());
    return std::size_t(std::unique(pixels.begin(), pixels.end()) - pixels.begin());
}

}  // namespace

std::string overlapCountText(const Algorithm& algorithm, const CollisionResult& result) {
    const std::string name(algorithm.name);
    if (!result.applicable) return name + ": cannot answer (" + result.reason + ")";
    const std::size_t n = result.hits.size();
    char text[160];
    if (algorithm.reportsArea) {
        if (n == 0) return name + ": no overlap area";
        // The dots mark A's pixels; one A pixel can share area with several of B's.
        // Two short lines: the box wraps in a narrow view, and a wrap must not split the number.
        std::snprintf(text, sizeof text, ": overlap area %.2f world pixels\nshared by %zu pixel %s (%zu of A's pixels marked)",
                      printable(result.overlap, 2), n, n == 1 ? "pair" : "pairs", distinctPixelsOfA(result.hits));
        return name + text;
    }
    // A test that honours sampling walks sample points; the others visit whole (world) pixels.
    const char* unit = algorithm.honoursSampling ? (n == 1 ? "sample" : "samples") : (n == 1 ? "world pixel" : "world pixels");
    if (n == 0) return name + ": no overlapping " + (algorithm.honoursSampling ? "samples" : "world pixels");
    std::snprintf(text, sizeof text, ": %zu overlapping %s", n, unit);
    return name + text;
}

}  // namespace cl
