// The left column: one window holding a tab per tool (tool_registry.cpp), the tabs wrapping onto rows.
#include <chrono>
#include <string>

#include <imgui.h>

#include "app/shell/panels.h"

namespace cl {

void drawInspector(SandboxState& state, ToolContext& ctx) {
    const Rect& r = state.views.layout.inspector;
    ImGui::SetNextWindowPos(ImVec2(float(r.min.x), float(r.min.y)), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(float(r.size().x), float(r.size().y)), ImGuiCond_Always);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                                   ImGuiWindowFlags_NoBringToFrontOnFocus;
    if (ImGui::Begin("Inspector", nullptr, flags)) {
        // The tabs wrap onto as many rows as the column needs: every label is whole at any width (a scrolled
        // tab bar cut the first one to "ransform").
        int& active = *ImGui::GetStateStorage()->GetIntRef(ImGui::GetID("active tool"), 0);
        if (const std::optional<FocusTool> focus = state.requests.take<FocusTool>();
            focus && focus->index >= 0 && focus->index < int(state.tools.size())) {
            active = focus->index;
        }
        if (active < 0 || active >= int(state.tools.size())) active = 0;
        const ImGuiStyle& style = ImGui::GetStyle();
        const float right = ImGui::GetWindowContentRegionMax().x;
        ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(style.ItemInnerSpacing.x, style.ItemInnerSpacing.y));
        for (std::size_t i = 0; i < state.tools.size(); ++i) {
            const std::string label(state.tools[i]->title());
            const float width = ImGui::CalcTextSize(label.c_str()).x + style.FramePadding.x * 2.0f;
            if (i > 0) {
                ImGui::SameLine();
                if (ImGui::GetCursorPosX() + width > right) ImGui::NewLine();
            }
            const bool selected = int(i) == active;
            ImGui::PushStyleColor(ImGuiCol_Button, style.Colors[selected ? ImGuiCol_TabActive : ImGuiCol_TabUnfocused]);
            ImGui::PushStyleColor(ImGuiCol_ButtonHovered, style.Colors[ImGuiCol_TabHovered]);
            ImGui::PushStyleColor(ImGuiCol_ButtonActive, style.Colors[ImGuiCol_TabActive]);
            if (ImGui::Button(label.c_str())) active = int(i);
            ImGui::PopStyleColor(3);
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(state.tools[i]->help()).c_str());
        }
        ImGui::PopStyleVar();
        ImGui::Separator();
        // Other tools' strips (the lesson's checklist) sit between the tabs and the open panel, so they are
        // visible whatever tab is open.
        for (std::size_t i = 0; i < state.tools.size(); ++i) {
            if (int(i) == active) continue;
            ImGui::PushID(static_cast<int>(i));
            if (state.tools[i]->drawBesidePanel(ctx)) ImGui::Separator();
            ImGui::PopID();
        }
        // The tool's panel scrolls on its own; the tabs stay in place.
        state.openTool = active;
        if (ImGui::BeginChild("tool panel")) {
            const auto start = std::chrono::steady_clock::now();
            state.tools[std::size_t(active)]->drawPanel(ctx);
            state.toolsMs += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        }
        ImGui::EndChild();
    }
    ImGui::End();
}

}  // namespace cl
