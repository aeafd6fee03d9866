// The left column: one window holding the Sprites, Transform, Step through, Compare, Tight bounds and Notes panels as tabs.
#include <imgui.h>

#include "app/shell/panels.h"

namespace cl {

void drawInspector(SandboxState& state) {
    const Rect& r = state.layout.inspector;
    ImGui::SetNextWindowPos(ImVec2(float(r.min.x), float(r.min.y)), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(float(r.size().x), float(r.size().y)), ImGuiCond_Always);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoTitleBar |
                                   ImGuiWindowFlags_NoBringToFrontOnFocus;
    if (ImGui::Begin("Inspector", nullptr, flags)) {
        // Whole labels, scrolled when the panel is narrow, and a list of every tab: shrunk labels were unreadable.
        if (ImGui::BeginTabBar("panels", ImGuiTabBarFlags_FittingPolicyScroll | ImGuiTabBarFlags_TabListPopupButton)) {
            if (ImGui::BeginTabItem("Sprites")) {
                drawSpritesPanel(state);
                ImGui::EndTabItem();
            }
            if (ImGui::BeginTabItem("Transform")) {
                drawTransformPanel(state);
                ImGui::EndTabItem();
            }
            if (ImGui::BeginTabItem("Step through")) {
                drawStepPanel(state);
                ImGui::EndTabItem();
            }
            if (ImGui::BeginTabItem("Compare")) {
                drawComparePanel(state);
                ImGui::EndTabItem();
            }
            if (ImGui::BeginTabItem("Tight bounds")) {
                drawTightBoundsPanel(state);
                ImGui::EndTabItem();
            }
            if (ImGui::BeginTabItem("Notes")) {
                drawNotesPanel(state);
                ImGui::EndTabItem();
            }
            ImGui::EndTabBar();
        }
        // The right edge is the column's resize handle: remember what the user dragged it to.
        state.settings.inspectorWidth = ImGui::GetWindowWidth();
    }
    ImGui::End();
}

}  // namespace cl
