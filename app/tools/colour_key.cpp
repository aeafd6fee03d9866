#include "app/tools/colour_key.h"

#include <imgui.h>

#include "app/views/text_wrap.h"

namespace cl {

void colourKey(const char* label, std::uint32_t rgba, const char* tooltip, bool first) {
    // Sized by the font, so the keys keep their proportions at any UI scale.
    const float font = ImGui::GetFontSize();
    const float swatch = font * 0.8f, gap = font * 0.3f;
    if (!first) sameLineIfFits(swatch + gap + ImGui::CalcTextSize(label).x, font);
    const ImVec4 colour(float((rgba >> 24) & 0xFF) / 255.0f, float((rgba >> 16) & 0xFF) / 255.0f,
                        float((rgba >> 8) & 0xFF) / 255.0f, 1.0f);
    // Centred on the text line: ColorButton sits at the line's top.
    const float drop = (ImGui::GetTextLineHeight() - swatch) * 0.5f;
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() + drop);
    ImGui::ColorButton(label, colour, ImGuiColorEditFlags_NoTooltip, ImVec2(swatch, swatch));
    ImGui::SameLine(0.0f, gap);
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() - drop);
    ImGui::TextUnformatted(label);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tooltip);
}

}  // namespace cl
