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

std::uint32_t compareSetColour(CompareSet set) {
    switch (set) {
        case CompareSet::OnlyFirst: return comparePalette::kOnlyFirst;
        case CompareSet::OnlySecond: return comparePalette::kOnlySecond;
        case CompareSet::Both: break;
    }
    return comparePalette::kBoth;
}

void drawCompareMarker(ImDrawList* list, glm::dvec2 centre, float half, CompareSet set) {
    // The ring is dark and the fills light: a light sprite shows the ring, a dark one the fill, a sprite of the
    // set's own colour the ring around it.
    const ImU32 ring = IM_COL32(16, 16, 20, 235);
    const ImU32 fill = toImColor(compareSetColour(set));
    const float rim = std::max(1.0f, half * 0.4f);
    const ImVec2 c(float(centre.x), float(centre.y));
    switch (set) {
        case CompareSet::OnlyFirst:
            list->AddRectFilled(ImVec2(c.x - half - rim, c.y - half - rim), ImVec2(c.x + half + rim, c.y + half + rim), ring);
            list->AddRectFilled(ImVec2(c.x - half, c.y - half), ImVec2(c.x + half, c.y + half), fill);
            break;
        case CompareSet::OnlySecond: {
            // A diamond as wide as the square's diagonal is tall would crowd neighbours: its tips reach 1.25 half.
            const float outer = half * 1.25f + rim * 1.4f, inner = half * 1.25f;
            list->AddQuadFilled(ImVec2(c.x, c.y - outer), ImVec2(c.x + outer, c.y), ImVec2(c.x, c.y + outer), ImVec2(c.x - outer, c.y), ring);
            list->AddQuadFilled(ImVec2(c.x, c.y - inner), ImVec2(c.x + inner, c.y), ImVec2(c.x, c.y + inner), ImVec2(c.x - inner, c.y), fill);
            break;
        }
        case CompareSet::Both:
            list->AddCircleFilled(c, half + rim, ring, 12);
            list->AddCircleFilled(c, half, fill, 12);
            break;
    }
}

void compareMarkerKey(CompareSet set, float size) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float line = ImGui::GetTextLineHeight();
    ImGui::Dummy(ImVec2(size, line));
    drawCompareMarker(ImGui::GetWindowDrawList(), {at.x + size * 0.5, at.y + line * 0.5}, size * 0.3f, set);
}

void drawCompareOverlay(ImDrawList* list, const CompareState& compare, const Camera& camera) {
    if (!compare.enabled || !compare.computed || !compare.comparison.applicable) return;
    const Rect& viewport = camera.viewport();
    list->PushClipRect(ImVec2(float(viewport.min.x), float(viewport.min.y)), ImVec2(float(viewport.max.x), float(viewport.max.y)), true);
    // Smaller than a world pixel so neighbouring pairs stay apart, but never too small to see.
    const float half = float(std::max(2.0, camera.worldToScreenLength(0.3)));
    auto drawSet = [&](const std::vector<PixelHit>& hits, CompareSet set) {
        for (const PixelHit& hit : hits) {
            const glm::dvec2 p = camera.worldToScreen(hit.world);
            if (p.x < viewport.min.x - 2 * half || p.x > viewport.max.x + 2 * half || p.y < viewport.min.y - 2 * half ||
                p.y > viewport.max.y + 2 * half)
                continue;
            drawCompareMarker(list, p, half, set);
        }
    };
    // The disagreements go on top: they are what the view is for.
    drawSet(compare.comparison.sets.both, CompareSet::Both);
    drawSet(compare.comparison.sets.onlyFirst, CompareSet::OnlyFirst);
    drawSet(compare.comparison.sets.onlySecond, CompareSet::OnlySecond);
    list->PopClipRect();
}

}  // namespace cl
