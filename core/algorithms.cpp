#include "core/algorithms.h"

#include <array>
#include <chrono>

#include "core/cheap_tests.h"
#include "core/pixel_tests.h"

namespace cl {
namespace {

constexpr std::array kAlgorithms{
    Algorithm{"circle", AlgorithmKind::Bound, "bounding circles around the solid pixels", circleTest},
    Algorithm{"aabb", AlgorithmKind::Bound, "world axis-aligned boxes of the texture corners", aabbTest},
    Algorithm{"tight-aabb", AlgorithmKind::Bound, "world boxes cropped to the solid pixels", tightAabbTest},
    Algorithm{"obb", AlgorithmKind::Bound, "separating axes of the two texture rectangles", obbTest},
    Algorithm{"pixel-rect", AlgorithmKind::Pixel, "untransformed scan of the intersection rectangle", pixelRect},
    Algorithm{"pixel-naive", AlgorithmKind::Pixel, "A's solid pixels mapped into B by the full matrix", pixelNaive},
    Algorithm{"pixel-step", AlgorithmKind::Pixel, "the same scan walked with the two step vectors", pixelStep},
    Algorithm{"pixel-world", AlgorithmKind::Pixel, "world pixel centres mapped into both (the GPU's answer)",
              pixelWorld},
    Algorithm{"pixel-exact", AlgorithmKind::Pixel, "world area shared by the solid pixel squares", pixelExact},
};

}  // namespace

std::span<const Algorithm> algorithms() { return kAlgorithms; }

const Algorithm* findAlgorithm(std::string_view name) {
    for (const Algorithm& algorithm : kAlgorithms) {
        if (algorithm.name == name) return &algorithm;
    }
    return nullptr;
}

CollisionResult runAlgorithm(const Algorithm& algorithm, const Body& a, const Body& b, const TestOptions& options) {
    if (!a.mask || !b.mask) return notApplicable("a sprite has no mask");
    const auto start = std::chrono::steady_clock::now();
    CollisionResult result = algorithm.run(a, b, options);
    result.timeNs = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace cl
