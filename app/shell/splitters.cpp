// The splitters: thin grab bars in the gaps layoutWindow leaves between the column, the views and the
// Collision panel.
#include <imgui.h>

#include "app/shell/panels.h"
#include "app/shell/window_layout.h"

namespace cl {

namespace {

// One borderless window over the gap `r` holding a button its size; returns the drag in pixels this frame,
// sets `reset` on a double-click and `released` when a drag ends.
ImVec2 splitter(const char* id, const Rect& r, ImGuiMouseCursor cursor, bool& reset, bool& released) {
    reset = false;
    released = false;
    if (r.size().x <= 0.0 || r.size().y <= 0.0) return ImVec2(0, 0);
    ImGui::SetNextWindowPos(ImVec2(float(r.min.x), float(r.min.y)), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(float(r.size().x), float(r.size().y)), ImGuiCond_Always);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1, 1));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoScrollWithMouse;
    ImVec2 delta(0, 0);
    ImGui::SetNextWindowBgAlpha(1.0f);
    if (ImGui::Begin(id, nullptr, flags)) {
        ImGui::InvisibleButton("grab", ImVec2(float(r.size().x), float(r.size().y)));
        const bool hot = ImGui::IsItemHovered() || ImGui::IsItemActive();
        if (hot) ImGui::SetMouseCursor(cursor);
        if (ImGui::IsItemActive()) delta = ImGui::GetIO().MouseDelta;
        if (ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) reset = true;
        released = ImGui::IsItemDeactivated();
        if (ImGui::IsItemHovered() && !ImGui::IsItemActive()) ImGui::SetTooltip("Drag to resize; double-click for the default size");
        // A line in the middle of the gap so the user sees where to grab; brighter while hovered.
        const ImVec2 a(float(r.min.x), float(r.min.y)), b(float(r.max.x), float(r.max.y));
        const ImU32 colour = hot ? IM_COL32(150, 160, 190, 255) : IM_COL32(70, 74, 86, 255);
        ImDrawList* list = ImGui::GetWindowDrawList();
        if (r.size().x < r.size().y) {
            const float x = (a.x + b.x) * 0.5f;
            list->AddLine(ImVec2(x, a.y), ImVec2(x, b.y), colour, 2.0f);
        } else {
            const float y = (a.y + b.y) * 0.5f;
            list->AddLine(ImVec2(a.x, y), ImVec2(b.x, y), colour, 2.0f);
        }
    }
    ImGui::End();
    ImGui::PopStyleVar(3);
    return delta;
}

}  // namespace

void drawSplitters(AppSettings& settings, const SandboxLayout& layout, RequestQueue& requests) {
    const SandboxLayout& l = layout;
    AppSettings& s = settings;
    const AppSettings defaults;
    bool reset = false, released = false, changed = false;
    // Each drag starts from the size on screen (already clamped), so a clamped setting never feels stuck.
    const ImVec2 column = splitter("##split-column", l.inspectorSplitter, ImGuiMouseCursor_ResizeEW, reset, released);
    // The settings hold sizes at UI scale 1 (layoutInput scales them), so a size survives a change of scale.
    const float scale = s.uiScale;
    if (column.x != 0.0f) s.inspectorWidth = (float(l.inspector.size().x) + column.x) / scale;
    if (reset) s.inspectorWidth = defaults.inspectorWidth;
    changed = changed || reset || released;
    const ImVec2 panel = splitter("##split-panel", l.bottomSplitter, ImGuiMouseCursor_ResizeNS, reset, released);
    if (panel.y != 0.0f) s.bottomHeight = (float(l.bottom.size().y) - panel.y) / scale;
    if (reset) s.bottomHeight = defaults.bottomHeight;
    changed = changed || reset || released;
    const ImVec2 views = splitter("##split-views", l.viewSplitter, ImGuiMouseCursor_ResizeEW, reset, released);
    const double viewsWidth = l.local.max.x - l.world.min.x - kSplitterPx;
    if (views.x != 0.0f && viewsWidth > 0.0) s.localViewFraction = float((l.local.size().x - views.x) / viewsWidth);
    if (reset) s.localViewFraction = defaults.localViewFraction;
    changed = changed || reset || released;
    // The views changed shape: frame their content again so nothing the user was looking at is cut off.
    if (changed) {
        requests.push(FrameWorld{});
        requests.push(FrameLocal{});
    }
}

}  // namespace cl
