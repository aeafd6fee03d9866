// The Compare panel's computation and its overlay in the world view.
#include "app/tools/compare_overlay.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "app/views/view_drawing.h"
#include "core/check/scene_check.h"

namespace cl {

std::vector<const Algorithm*> comparableTests(const AlgorithmSet& algorithms) {
    std::vector<const Algorithm*> out;
    for (const Algorithm& algorithm : algorithms.all()) {
        if (algorithm.listsHits) out.push_back(&algorithm);
    }
    return out;
}

void updateComparison(CompareState& compare, const CollisionReport& report) {
    if (!compare.enabled) return;
    if (compare.computed && compare.generation == report.generation() && compare.firstUsed == compare.first &&
        compare.secondUsed == compare.second) {
        return;
    }
    compare.generation = report.generation();
    compare.firstUsed = compare.first;
    compare.secondUsed = compare.second;
    compare.computed = true;
    compare.comparison = Comparison{};
    const PairAnalysis& pair = report.pair();
    const auto& shapes = report.sprites();
    if (pair.a < 0 || pair.b < 0 || std::size_t(std::max(pair.a, pair.b)) >= shapes.size()) {
        compare.comparison.applicable = false;
        compare.comparison.reason = "the scene needs two sprites for a pair";
        return;
    }
    const auto start = std::chrono::steady_clock::now();
    const Body a{shapes[pair.a].mask.get(), shapes[pair.a].transform, shapes[pair.a].collider};
    const Body b{shapes[pair.b].mask.get(), shapes[pair.b].transform, shapes[pair.b].collider};
    auto side = [&](const CompareChoice& c) {
        return ComparedTest{report.algorithms().find(c.algorithm), c.sampling, c.scan};
    };
    compare.comparison = compareTests(side(compare.first), side(compare.second), a, b);
    compare.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void drawCompareOverlay(ImDrawList* list, const CompareState& compare, const Camera& camera) {
    if (!compare.enabled || !compare.computed || !compare.comparison.applicable) return;
    const Rect& viewport = camera.viewport();
    list->PushClipRect(ImVec2(float(viewport.min.x), float(viewport.min.y)), ImVec2(float(viewport.max.x), float(viewport.max.y)), true);
    // Smaller than a world pixel so neighbouring pairs stay apart, but never too small to see.
    const float half = float(std::max(2.0, camera.worldToScreenLength(0.35)));
    auto drawSet = [&](const std::vector<PixelHit>& hits, std::uint32_t rgba) {
        const ImU32 colour = toImColor(withAlpha(rgba, 210));
        for (const PixelHit& hit : hits) {
            const glm::dvec2 p = camera.worldToScreen(hit.world);
            if (p.x < viewport.min.x - half || p.x > viewport.max.x + half || p.y < viewport.min.y - half || p.y > viewport.max.y + half) continue;
            list->AddRectFilled(ImVec2(float(p.x) - half, float(p.y) - half), ImVec2(float(p.x) + half, float(p.y) + half), colour);
        }
    };
    // The disagreements go on top: they are what the view is for.
    drawSet(compare.comparison.sets.both, comparePalette::kBoth);
    drawSet(compare.comparison.sets.onlyFirst, comparePalette::kOnlyFirst);
    drawSet(compare.comparison.sets.onlySecond, comparePalette::kOnlySecond);
    list->PopClipRect();
}

}  // namespace cl
