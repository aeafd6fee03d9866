#include "app/shell/ui_scale.h"

#include <algorithm>
#include <cmath>

#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include "app/editor/manipulator.h"

namespace cl {

namespace {

/// ImGui's default font (ProggyClean) is drawn for 13 px.
constexpr float kBaseFontPixels = 13.0f;

}  // namespace

float uiFontPixels(float scale) { return std::max(8.0f, std::round(kBaseFontPixels * scale)); }

void applyUiScale(float scale) {
    ImGuiIO& io = ImGui::GetIO();
    // Before the first frame the backend builds the texture itself (ImGui_ImplOpenGL3_NewFrame).
    const bool hadTexture = io.Fonts->TexID != nullptr;
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    io.Fonts->Clear();
    ImFontConfig font;
    font.SizePixels = uiFontPixels(scale);
    io.Fonts->AddFontDefault(&font);
    io.FontGlobalScale = 1.0f;
    if (hadTexture) ImGui_ImplOpenGL3_CreateFontsTexture();

    ImGuiStyle style;
    ImGui::StyleColorsDark(&style);
    style.WindowRounding = 0.0f;
    style.ScaleAllSizes(scale);
    ImGui::GetStyle() = style;
}

void scaleManipulatorSizes(ManipulatorSettings& settings, float scale) {
    const ManipulatorSettings base;
    settings.handleRadiusPx = base.handleRadiusPx * scale;
    settings.rotateKnobDistancePx = base.rotateKnobDistancePx * scale;
    settings.frameMarginPx = base.frameMarginPx * scale;
    settings.labelHeightPx = base.labelHeightPx * scale;
}

}  // namespace cl
