#include "core/algorithms.h"

#include <array>
#include <chrono>
#include <utility>
#include <vector>

#include "core/cheap_tests.h"
#include "core/pixel_fast.h"
#include "core/pixel_tests.h"

namespace cl {
namespace {

constexpr std::array kAlgorithms{
    Algorithm{"circle", AlgorithmKind::Bound, "bounding circles around the solid pixels", circleTest},
    Algorithm{"aabb", AlgorithmKind::Bound, "world axis-aligned boxes of the texture corners", aabbTest},
    Algorithm{"tight-aabb", AlgorithmKind::Bound, "world boxes cropped to the solid pixels", tightAabbTest},
    Algorithm{"obb", AlgorithmKind::Bound, "separating axes of the two texture rectangles", obbTest},
    Algorithm{"pixel-rect", AlgorithmKind::Pixel, "untransformed scan of the intersection rectangle", pixelRect},
    Algorithm{"pixel-naive", AlgorithmKind::Pixel, "A's solid pixels mapped into B by the full matrix", pixelNaive, true},
    Algorithm{"pixel-step", AlgorithmKind::Pixel, "the same scan walked with the two step vectors", pixelStep, true},
    Algorithm{"pixel-fast", AlgorithmKind::Pixel, "pixel-naive's answer, scanning only what can reach B", pixelFast, true},
    Algorithm{"pixel-world", AlgorithmKind::Pixel, "world pixel centres mapped into both (the GPU's answer)",
              pixelWorld},
    Algorithm{"pixel-exact", AlgorithmKind::Pixel, "world area shared by the solid pixel squares", pixelExact},
};

// B's scan answers with B's pixel in `a`; put each sprite's pixel back in its own field.
void swapRoles(CollisionResult& r) {
    auto swapHit = [](PixelHit& h) { std::swap(h.a, h.b); };
    if (r.firstHit) swapHit(*r.firstHit);
    for (PixelHit& h : r.hits) swapHit(h);
}

CollisionResult runInDirection(const Algorithm& algorithm, const Body& a, const Body& b, const TestOptions& options) {
    if (!algorithm.directional || options.scan == ScanDirection::AToB) return algorithm.run(a, b, options);
    auto reverseScan = [&] {
        CollisionResult reverse = algorithm.run(b, a, options);
        swapRoles(reverse);
        return reverse;
    };
    if (options.scan == ScanDirection::BToA) return reverseScan();

    // Both: in hit-only mode the second scan is needed only when the first found nothing.
    CollisionResult forward = algorithm.run(a, b, options);
    if (!forward.applicable || (options.stopAtFirstHit && forward.hit)) return forward;
    CollisionResult reverse = reverseScan();
    if (!reverse.applicable) return reverse;
    forward.hit = forward.hit || reverse.hit;
    forward.overlap += reverse.overlap;
    forward.samples += reverse.samples;
    if (!forward.firstHit) forward.firstHit = reverse.firstHit;
    forward.hits.insert(forward.hits.end(), reverse.hits.begin(), reverse.hits.end());
    return forward;
}

}  // namespace

// The core tests, then whatever the executable added (see addAlgorithm).
std::vector<Algorithm>& table() {
    static std::vector<Algorithm> all(kAlgorithms.begin(), kAlgorithms.end());
    return all;
}

std::span<const Algorithm> algorithms() { return table(); }

void addAlgorithm(const Algorithm& algorithm) {
    if (!findAlgorithm(algorithm.name)) table().push_back(algorithm);
}

const Algorithm* findAlgorithm(std::string_view name) {
    for (const Algorithm& algorithm : table()) {
        if (algorithm.name == name) return &algorithm;
    }
    return nullptr;
}

CollisionResult runAlgorithm(const Algorithm& algorithm, const Body& a, const Body& b, const TestOptions& options) {
    if (!a.mask || !b.mask) return notApplicable("a sprite has no mask");
    const auto start = std::chrono::steady_clock::now();
    CollisionResult result = runInDirection(algorithm, a, b, options);
    result.timeNs = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace cl
