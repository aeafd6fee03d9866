// The left column: one window holding a tab per tool (tool_registry.cpp).
#include <string>

#include <imgui.h>

#include "app/shell/panels.h"

namespace cl {

void drawInspector(SandboxState& state, ToolContext& ctx) {
    const Rect& r = state.layout.inspector;
    ImGui::SetNextWindowPos(ImVec2(float(r.min.x), float(r.min.y)), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(float(r.size().x), float(r.size().y)), ImGuiCond_Always);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoTitleBar |
                                   ImGuiWindowFlags_NoBringToFrontOnFocus;
    if (ImGui::Begin("Inspector", nullptr, flags)) {
        // Whole labels, scrolled when the panel is narrow, and a list of every tab: shrunk labels were unreadable.
        if (ImGui::BeginTabBar("panels", ImGuiTabBarFlags_FittingPolicyScroll | ImGuiTabBarFlags_TabListPopupButton)) {
            for (std::size_t i = 0; i < state.tools.size(); ++i) {
                Tool& tool = *state.tools[i];
                const std::string label(tool.title());
                const ImGuiTabItemFlags tabFlags = state.focusTool == int(i) ? ImGuiTabItemFlags_SetSelected : 0;
                if (ImGui::BeginTabItem(label.c_str(), nullptr, tabFlags)) {
                    state.openTool = int(i);
                    tool.drawPanel(ctx);
                    ImGui::EndTabItem();
                }
            }
            state.focusTool = -1;
            ImGui::EndTabBar();
        }
        // The right edge is the column's resize handle: remember what the user dragged it to.
        state.settings.inspectorWidth = ImGui::GetWindowWidth();
    }
    ImGui::End();
}

}  // namespace cl
