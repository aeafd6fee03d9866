// F1: every command and gesture from the command table, and every tool from the registry.
#include <string>

#include <imgui.h>

#include "app/shell/panels.h"

namespace cl {

void drawHelpWindow(bool& open, const CommandTable& commands, const std::vector<std::unique_ptr<Tool>>& tools) {
    if (!open) return;
    ImGui::SetNextWindowSize(ImVec2(720, 560), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_FirstUseEver, ImVec2(0.5f, 0.5f));
    if (ImGui::Begin("Controls (F1)", &open)) {
        if (ImGui::BeginTable("controls", 2, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
            ImGui::TableSetupColumn("input", ImGuiTableColumnFlags_WidthStretch, 0.4f);
            ImGui::TableSetupColumn("does", ImGuiTableColumnFlags_WidthStretch, 0.6f);
            ImGui::TableHeadersRow();
            for (const Command& c : commands.all()) {
                if (c.help.empty()) continue;
                ImGui::TableNextRow();
                ImGui::TableSetColumnIndex(0);
                ImGui::TextUnformatted(c.inputText().c_str());
                ImGui::TableSetColumnIndex(1);
                ImGui::TextWrapped("%s", c.help.c_str());
            }
            ImGui::EndTable();
        }
        ImGui::Separator();
        ImGui::TextUnformatted("Tools (the tabs on the left; View menu opens each):");
        for (const auto& tool : tools) {
            ImGui::Bullet();
            ImGui::TextWrapped("%s: %s", std::string(tool->title()).c_str(), std::string(tool->help()).c_str());
        }
        ImGui::TextWrapped("Collision (under the views): every algorithm; click a row to draw it. ImGui gets input "
                           "first: the views react only when the cursor is not over a panel.");
    }
    ImGui::End();
}

}  // namespace cl
