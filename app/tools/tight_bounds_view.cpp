// The Tight bounds replay: built from core's inward crop trace, drawn with ImGui shapes.
#include "app/tools/tight_bounds_view.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "app/views/overlays.h"
#include "app/views/view_drawing.h"
#include "core/base/bounds.h"

namespace cl {
namespace {

double microsecondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
}

ImVec2 screen(const Camera& camera, glm::dvec2 world) {
    const glm::dvec2 p = camera.worldToScreen(world);
    return ImVec2(float(p.x), float(p.y));
}

void drawBox(ImDrawList* list, const Camera& camera, glm::dvec2 min, glm::dvec2 max, ImU32 colour, float thickness) {
    list->AddRect(screen(camera, min), screen(camera, max), colour, 0.0f, 0, thickness);
}

}  // namespace

void updateTightBounds(TightBoundsState& state, const CollisionReport& report, int sprite) {
    if (!state.active) return;
    const auto& shapes = report.sprites();
    if (sprite < 0 || std::size_t(sprite) >= shapes.size()) {
        state.sprite = -1;
        return;
    }
    if (state.sprite == sprite && state.generation == report.generation()) return;
    const bool sameSprite = state.sprite == sprite;
    state.sprite = sprite;
    state.generation = report.generation();
    const Body body{shapes[sprite].mask.get(), shapes[sprite].transform};
    auto start = std::chrono::steady_clock::now();
    state.trace = inwardCrop(*body.mask, body.transform);
    state.cropUs = microsecondsSince(start);
    start = std::chrono::steady_clock::now();
    state.tightAabb = tightWorldAabb(body);
    state.tightUs = microsecondsSince(start);
    // A new sprite replays from the start; an edit of the same sprite keeps the replay's place.
    if (!sameSprite) state.step = 0;
    state.step = std::min(state.step, state.trace.probes.size());
}

void advanceTightBounds(TightBoundsState& state, double seconds) {
    if (!state.playing) return;
    state.carry += seconds * state.probesPerSecond;
    const auto whole = static_cast<std::size_t>(state.carry);
    state.carry -= double(whole);
    state.step = std::min(state.step + whole, state.trace.probes.size());
    if (state.step == state.trace.probes.size()) state.playing = false;
}

void drawTightBoundsOverlay(ImDrawList* list, const TightBoundsState& state, const Camera& camera) {
    if (!state.active || state.sprite < 0) return;
    const Rect& v = camera.viewport();
    list->PushClipRect(ImVec2(float(v.min.x), float(v.min.y)), ImVec2(float(v.max.x), float(v.max.y)), true);
    const InwardCropTrace& t = state.trace;
    drawBox(list, camera, t.start.min, t.start.max, toImColor(tightBoundsPalette::kStartBox), 1.5f);
    const PixelBox now = t.boxAfter(state.step);
    drawBox(list, camera, now.min, now.max, toImColor(tightBoundsPalette::kCropBox), 2.5f);
    if (state.tightAabb) {
        drawBox(list, camera, state.tightAabb->min, state.tightAabb->max, toImColor(overlayInfo(Overlay::TightAabb).rgba), 1.5f);
    }
    if (state.step > 0 && state.step <= t.probes.size()) {
        const CropProbe& p = t.probes[state.step - 1];
        const ImU32 colour = toImColor(p.solid ? tightBoundsPalette::kCropBox : tightBoundsPalette::kEmptyProbe);
        const ImVec2 lo = screen(camera, glm::dvec2(p.pixel)), hi = screen(camera, glm::dvec2(p.pixel) + glm::dvec2(1.0));
        if (p.solid) list->AddRectFilled(lo, hi, colour);
        list->AddRect(lo, hi, colour);
        const float r = 6.0f;
        const ImVec2 c = screen(camera, glm::dvec2(p.pixel) + glm::dvec2(0.5));
        list->AddCircle(c, r, colour, 0, 2.0f);
    }
    list->PopClipRect();
}

}  // namespace cl
