// The legend: a strip above the views with one colour swatch and toggle per overlay, from the overlay table.
#include <string>

#include <imgui.h>

#include "app/shell/panels.h"
#include "app/views/view_drawing.h"

namespace cl {

void drawLegend(AppSettings& settings, SandboxLayout& layout) {
    const Rect& r = layout.legend;
    if (r.size().y <= 0.0) return;
    ImGui::SetNextWindowPos(ImVec2(float(r.min.x), float(r.min.y)), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(float(r.size().x), float(r.size().y)), ImGuiCond_Always);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                   ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoFocusOnAppearing;
    if (ImGui::Begin("Legend", nullptr, flags)) {
        const ImGuiStyle& style = ImGui::GetStyle();
        const float right = ImGui::GetWindowContentRegionMax().x;
        const float h = ImGui::GetFrameHeight();
        bool first = true;
        // Entries flow left to right and wrap to a new row when the strip is too narrow.
        auto place = [&](float width) {
            if (!first) {
                ImGui::SameLine(0.0f, style.ItemSpacing.x * 2.0f);
                if (ImGui::GetCursorPosX() + width > right) ImGui::NewLine();
            }
            first = false;
        };
        auto checkboxWidth = [&](const char* label) { return h + style.ItemInnerSpacing.x + ImGui::CalcTextSize(label).x; };
        for (const OverlayInfo& info : overlayTable()) {
            const std::string label(info.label);
            place(16.0f + style.ItemSpacing.x + checkboxWidth(label.c_str()));
            ImGui::PushID(static_cast<int>(info.id));
            const ImU32 colour = toImColor(withAlpha(info.rgba, 255));
            const ImVec2 p = ImGui::GetCursorScreenPos();
            ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(p.x, p.y + 4), ImVec2(p.x + 14, p.y + h - 4), colour);
            ImGui::Dummy(ImVec2(16, h));
            ImGui::SameLine();
            bool& on = settings.overlays[static_cast<std::size_t>(info.id)];
            ImGui::Checkbox(label.c_str(), &on);
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(info.tooltip).c_str());
            ImGui::PopID();
        }
        place(checkboxWidth("Classic controls"));
        ImGui::Checkbox("Classic controls", &settings.classicControls);
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("The XNA test program: hold left to put A's pivot at the cursor, right for B;\n"
                              "wheel rotates the last one moved, Alt/Ctrl+wheel scales it.");
        }
        place(ImGui::CalcTextSize("hide").x + style.FramePadding.x * 2.0f);
        if (ImGui::SmallButton("hide")) settings.showLegend = false;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("View > Legend shows it again.");
        // The height the rows took: the layout gives the strip exactly this from the next frame on.
        layout.legendHeight = ImGui::GetCursorPosY() - style.ItemSpacing.y + style.WindowPadding.y;
    }
    ImGui::End();
}

}  // namespace cl
