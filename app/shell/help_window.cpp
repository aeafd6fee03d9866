// F1: every control in one table.
#include <string>

#include <imgui.h>

#include "app/shell/panels.h"

namespace cl {

namespace {

struct Control {
    const char* input;
    const char* action;
};

constexpr Control kControls[] = {
    {"Left click", "select the sprite under the cursor (solid pixels win over transparent ones)"},
    {"Left drag on a sprite", "move it"},
    {"Drag the round knob", "rotate about the pivot (Shift: snap to 15 degrees)"},
    {"Drag a corner square", "scale about the pivot (Shift: keep the aspect ratio)"},
    {"Alt + left drag", "move the pivot; the image stays where it is"},
    {"Wheel over a sprite", "rotate 1 degree per notch (Shift: 5)"},
    {"Ctrl + wheel over a sprite", "scale"},
    {"Wheel over empty space", "zoom at the cursor"},
    {"Middle drag, or Space + left drag", "pan"},
    {"F", "frame all sprites"},
    {"Arrow keys", "nudge the selected sprite 1 pixel (Shift: 10)"},
    {"Q / E", "rotate the selected sprite by -1 / +1 degree"},
    {"Delete", "remove the selected sprite (a scene keeps at least two)"},
    {"Escape", "cancel the drag in progress, or clear the selection"},
    {"Ctrl+Z, Ctrl+Y / Ctrl+Shift+Z", "undo, redo (one drag is one step)"},
    {"Classic controls (legend)", "hold left: A's pivot follows the cursor; hold right: B's; wheel rotates, Alt/Ctrl+wheel scales"},
    {"Local view: wheel / drag", "zoom / pan the local-space view"},
    {"Ctrl+N, Ctrl+O", "new scene, open a scene"},
    {"Ctrl+S, Ctrl+Shift+S", "save, save as (optionally embedding the images)"},
    {"F12", "save a screenshot in the current folder"},
    {"F1", "this help"},
};

}  // namespace

void drawHelpWindow(SandboxState& state) {
    if (!state.showHelp) return;
    ImGui::SetNextWindowSize(ImVec2(720, 560), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_FirstUseEver, ImVec2(0.5f, 0.5f));
    if (ImGui::Begin("Controls (F1)", &state.showHelp)) {
        if (ImGui::BeginTable("controls", 2, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
            ImGui::TableSetupColumn("input", ImGuiTableColumnFlags_WidthStretch, 0.4f);
            ImGui::TableSetupColumn("does", ImGuiTableColumnFlags_WidthStretch, 0.6f);
            ImGui::TableHeadersRow();
            for (const Control& c : kControls) {
                ImGui::TableNextRow();
                ImGui::TableSetColumnIndex(0);
                ImGui::TextUnformatted(c.input);
                ImGui::TableSetColumnIndex(1);
                ImGui::TextWrapped("%s", c.action);
            }
            ImGui::EndTable();
        }
        ImGui::Separator();
        ImGui::TextUnformatted("Tools (the tabs on the left; View menu opens each):");
        for (const auto& tool : state.tools) {
            ImGui::Bullet();
            ImGui::TextWrapped("%s: %s", std::string(tool->title()).c_str(), std::string(tool->help()).c_str());
        }
        ImGui::TextWrapped("Collision (under the views): every algorithm; click a row to draw it. ImGui gets input "
                           "first: the views react only when the cursor is not over a panel.");
    }
    ImGui::End();
}

}  // namespace cl
