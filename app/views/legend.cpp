// The legend over the world view: one colour swatch and toggle per overlay, from the overlay table.
#include <imgui.h>

#include "app/shell/panels.h"
#include "app/views/view_drawing.h"

namespace cl {

void drawLegend(SandboxState& state) {
    const Rect& world = state.layout.world;
    ImGui::SetNextWindowPos(ImVec2(float(world.min.x) + 8.0f, float(world.min.y) + 8.0f), ImGuiCond_Always);
    ImGui::SetNextWindowBgAlpha(0.75f);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing;
    if (ImGui::Begin("Legend", &state.settings.showLegend, flags)) {
        for (const OverlayInfo& info : overlayTable()) {
            ImGui::PushID(static_cast<int>(info.id));
            const ImU32 colour = toImColor(withAlpha(info.rgba, 255));
            const ImVec2 p = ImGui::GetCursorScreenPos();
            const float h = ImGui::GetFrameHeight();
            ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(p.x, p.y + 4), ImVec2(p.x + 14, p.y + h - 4), colour);
            ImGui::Dummy(ImVec2(16, h));
            ImGui::SameLine();
            bool& on = state.settings.overlays[static_cast<std::size_t>(info.id)];
            ImGui::Checkbox(std::string(info.label).c_str(), &on);
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(info.tooltip).c_str());
            ImGui::PopID();
        }
        ImGui::Separator();
        ImGui::Checkbox("Classic controls", &state.settings.classicControls);
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("The XNA test program: hold left to put A's pivot at the cursor, right for B;\n"
                              "wheel rotates the last one moved, Alt/Ctrl+wheel scales it.");
        }
    }
    ImGui::End();
}

}  // namespace cl
