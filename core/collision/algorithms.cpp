#include "core/collision/algorithms.h"

#include <array>
#include <chrono>
#include <utility>
#include <vector>

#include "core/collision/bounding.h"
#include "core/collision/pixel_fast.h"
#include "core/collision/pixel_scans.h"
#include "core/collision/polygon_collision.h"

namespace cl {
namespace {

constexpr std::array kCoreAlgorithms{
    Algorithm{.name = "circle", .kind = AlgorithmKind::Bound, .summary = "bounding circles around the solid pixels",
              .run = circleTest, .bodyBound = circleBound, .boundsMeet = circlesMeet},
    Algorithm{.name = "aabb", .kind = AlgorithmKind::Bound, .summary = "world axis-aligned boxes of the texture corners",
              .run = aabbTest, .bodyBound = aabbBound, .boundsMeet = boxesMeet,
              .boundIsTextureBox = true},
    Algorithm{.name = "tight-aabb", .kind = AlgorithmKind::Bound, .summary = "world boxes cropped to the solid pixels",
              .run = tightAabbTest, .bodyBound = tightAabbBound, .boundsMeet = boxesMeet},
    Algorithm{.name = "obb", .kind = AlgorithmKind::Bound, .summary = "separating axes of the two texture rectangles",
              .run = obbTest},
    Algorithm{.name = "polygon", .kind = AlgorithmKind::Bound,
              .summary = "separating axes of the sprites' convex colliders (collider settings per sprite)",
              .run = polygonTest, .listsHits = true},
    Algorithm{.name = "pixel-rect", .kind = AlgorithmKind::Pixel,
              .summary = "untransformed scan of the intersection rectangle", .run = pixelRect,
              .wholePixelTranslationsOnly = true, .listsHits = true},
    Algorithm{.name = "pixel-naive", .kind = AlgorithmKind::Pixel,
              .summary = "A's solid pixels mapped into B by the full matrix", .run = pixelNaive, .directional = true,
              .honoursSampling = true, .listsHits = true},
    Algorithm{.name = "pixel-step", .kind = AlgorithmKind::Pixel,
              .summary = "the same scan walked with the two step vectors", .run = pixelStep, .directional = true,
              .honoursSampling = true, .listsHits = true},
    Algorithm{.name = "pixel-fast", .kind = AlgorithmKind::Pixel,
              .summary = "pixel-naive's answer, scanning only what can reach B", .run = pixelFast, .directional = true,
              .honoursSampling = true, .listsHits = true, .hitOnly = pixelFastHitOnly,
              .hitOnlyPastCover = pixelFastHitOnlyPastCover},
    Algorithm{.name = "pixel-world", .kind = AlgorithmKind::Pixel,
              .summary = "world pixel centres mapped into both (the GPU's answer)", .run = pixelWorld, .listsHits = true},
    Algorithm{.name = "pixel-exact", .kind = AlgorithmKind::Pixel,
              .summary = "world area shared by the solid pixel squares", .run = pixelExact, .reportsArea = true,
              .listsHits = true},
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

AlgorithmSet::AlgorithmSet(std::span<const Algorithm> rows) : m_rows(rows.begin(), rows.end()) {}

bool AlgorithmSet::add(const Algorithm& row) {
    if (find(row.name)) return false;
    m_rows.push_back(row);
    return true;
}

const Algorithm* AlgorithmSet::find(std::string_view name) const {
    for (const Algorithm& algorithm : m_rows) {
        if (algorithm.name == name) return &algorithm;
    }
    return nullptr;
}

std::string AlgorithmSet::namesText() const {
    std::string text;
    for (const Algorithm& algorithm : m_rows) text += (text.empty() ? "" : ", ") + std::string(algorithm.name);
    return text;
}

const AlgorithmSet& coreAlgorithms() {
    static const AlgorithmSet core{kCoreAlgorithms};
    return core;
}

const Algorithm* findAlgorithm(std::string_view name) { return coreAlgorithms().find(name); }

CollisionResult runAlgorithm(const Algorithm& algorithm, const Body& a, const Body& b, const TestOptions& options) {
    if (!a.mask || !b.mask) return notApplicable("a sprite has no mask");
    CollisionResult result = runInDirection(algorithm, a, b, options);
    spendWork(options.budget);  // one unit per test, whoever asks (the one work budget)
    return result;
}

CollisionResult runAlgorithmTimed(const Algorithm& algorithm, const Body& a, const Body& b, const TestOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    CollisionResult result = runAlgorithm(algorithm, a, b, options);
    result.timeNs = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace cl
