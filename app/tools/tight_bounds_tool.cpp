#include "app/tools/tight_bounds_tool.h"

#include <algorithm>

#include <imgui.h>

#include "app/tools/colour_key.h"
#include "app/tools/tool_context.h"
#include "app/views/overlays.h"
#include "app/views/text_wrap.h"

namespace cl {

void TightBoundsTool::update(ToolContext& ctx) {
    updateTightBounds(m_state, ctx.report(), ctx.focusSprite());
    if (m_state.active && m_state.sprite >= 0) advanceTightBounds(m_state, ctx.seconds());
}

void TightBoundsTool::drawWorldOverlay(const WorldOverlay& view, const ToolContext&) const {
    drawTightBoundsOverlay(view.list, m_state, *view.camera);
}

void TightBoundsTool::drawPanel(ToolContext& ctx) {
    TightBoundsState& tb = m_state;
    ImGui::Checkbox("Show the inward crop in the world view", &tb.active);
    textDisabledWrapped("The source blog post's crop: start from the world box of the sprite's texture corners, then scan "
                        "whole world pixels inward from the left, top, right and bottom until a line holds a pixel whose "
                        "centre maps into a solid texel. Beside it, the exact tight-aabb (the box of every solid pixel's "
                        "corners).");
    colourKey("start box", tightBoundsPalette::kStartBox, "The world box of the texture corners, in whole world pixels.", true);
    colourKey("inward crop", tightBoundsPalette::kCropBox, "The box so far; the latest probe is filled when solid.", false);
    colourKey("empty probe", tightBoundsPalette::kEmptyProbe, "The latest probe found no solid texel (an outline).", false);
    colourKey("tight-aabb (exact)", overlayInfo(Overlay::TightAabb).rgba, "The box around the solid pixels only: the Legend's Tight AABB colour.", false);
    if (!tb.active) return;
    if (tb.sprite < 0) {
        ImGui::TextDisabled("Select a sprite.");
        return;
    }
    const InwardCropTrace& t = tb.trace;
    ImGui::Text("Sprite: %s", ctx.document().scene().sprites[tb.sprite].name.c_str());
    if (ImGui::Button(tb.playing ? "Pause" : "Play")) {
        if (!tb.playing && tb.step == t.probes.size()) tb.step = 0;
        tb.playing = !tb.playing;
    }
    ImGui::SameLine();
    if (ImGui::Button("Step")) tb.step = std::min(tb.step + 1, t.probes.size());
    ImGui::SameLine();
    if (ImGui::Button("End")) tb.step = t.probes.size();
    ImGui::SameLine();
    if (ImGui::Button("Reset")) tb.step = 0;
    int step = static_cast<int>(tb.step);
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::SliderInt("##step", &step, 0, static_cast<int>(t.probes.size()), "probe %d")) tb.step = std::size_t(step);
    float speed = float(tb.probesPerSecond);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12.5f);
    if (ImGui::SliderFloat("probes/s", &speed, 10.0f, 5000.0f, "%.0f", ImGuiSliderFlags_Logarithmic)) tb.probesPerSecond = speed;
    if (tb.step > 0) {
        static const char* kSides[] = {"left", "top", "right", "bottom"};
        const CropProbe& p = t.probes[tb.step - 1];
        ImGui::Text("Cropping the %s side: world pixel (%d, %d) is %s", kSides[static_cast<int>(p.side)], p.pixel.x, p.pixel.y,
                    p.solid ? "solid" : "empty");
    }
    ImGui::Separator();
    ImGui::Text("Start box:  %d x %d world pixels", t.start.max.x - t.start.min.x, t.start.max.y - t.start.min.y);
    if (t.result.empty()) {
        ImGui::Text("Inward crop: no solid pixel (%zu probes)", t.probes.size());
    } else {
        ImGui::Text("Inward crop: %d x %d, %zu probes, %.1f us", t.result.max.x - t.result.min.x, t.result.max.y - t.result.min.y,
                    t.probes.size(), tb.cropUs);
    }
    if (tb.tightAabb) {
        ImGui::Text("tight-aabb:  %.2f x %.2f (exact), %.1f us", tb.tightAabb->size().x, tb.tightAabb->size().y, tb.tightUs);
    } else {
        ImGui::Text("tight-aabb:  no solid pixel");
    }
}

}  // namespace cl
