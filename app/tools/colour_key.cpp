#include "app/tools/colour_key.h"

#include <imgui.h>

namespace cl {

void colourKey(const char* label, std::uint32_t rgba, const char* tooltip, bool first) {
    if (!first) {
        const float width = 16.0f + ImGui::CalcTextSize(label).x;
        ImGui::SameLine(0.0f, 12.0f);
        if (ImGui::GetCursorPosX() + width > ImGui::GetWindowContentRegionMax().x) ImGui::NewLine();
    }
    const ImVec4 colour(float((rgba >> 24) & 0xFF) / 255.0f, float((rgba >> 16) & 0xFF) / 255.0f,
                        float((rgba >> 8) & 0xFF) / 255.0f, 1.0f);
    ImGui::ColorButton(label, colour, ImGuiColorEditFlags_NoTooltip, ImVec2(12, 12));
    ImGui::SameLine(0.0f, 4.0f);
    ImGui::TextUnformatted(label);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tooltip);
}

}  // namespace cl
