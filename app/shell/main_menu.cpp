// The main menu bar: File, Edit, View, Lessons, Help, and the status line.
#include <string>

#include <imgui.h>

#include "app/shell/file_actions.h"
#include "app/shell/panels.h"
#include "app/tools/lessons.h"

namespace cl {

namespace {

// One menu of the bar, generated from the command table's rows for it.
void drawCommandMenu(const CommandTable& commands, Menu menu, const char* title) {
    if (!ImGui::BeginMenu(title)) return;
    bool first = true;
    for (const Command& c : commands.all()) {
        if (c.menu != menu) continue;
        if (c.separatorBefore && !first) ImGui::Separator();
        first = false;
        const std::string label = c.liveLabel ? c.liveLabel() : c.label;
        if (c.submenu) {
            if (ImGui::BeginMenu(label.c_str(), c.isEnabled())) {
                c.submenu();
                ImGui::EndMenu();
            }
            continue;
        }
        const std::string shortcut = c.shortcuts.empty() ? std::string() : c.shortcuts.front().text();
        const bool checked = c.checked && c.checked();
        if (ImGui::MenuItem(label.c_str(), shortcut.empty() ? nullptr : shortcut.c_str(), checked, c.isEnabled()) && c.run) c.run();
    }
    ImGui::EndMenu();
}

}  // namespace

float drawMainMenu(SandboxState& state) {
    float height = 0.0f;
    if (!ImGui::BeginMainMenuBar()) return height;
    height = ImGui::GetWindowHeight();
    drawCommandMenu(state.commands, Menu::File, "File");
    drawCommandMenu(state.commands, Menu::Edit, "Edit");
    drawCommandMenu(state.commands, Menu::View, "View");
    if (ImGui::BeginMenu("Lessons")) {
        // The titles come from the files, read when the menu opens rather than every frame it stays open.
        if (ImGui::IsWindowAppearing()) state.lessonMenu = lessonMenu(state.assetsDir.value_or(std::filesystem::path()));
        if (state.lessonMenu.empty()) ImGui::TextDisabled("No bundled scenes found");
        for (const LessonEntry& lesson : state.lessonMenu) {
            if (ImGui::MenuItem(lesson.title.c_str())) requestAction(state, PendingAction::OpenLesson, lesson.file);
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", lesson.file.filename().string().c_str());
        }
        ImGui::EndMenu();
    }
    drawCommandMenu(state.commands, Menu::Help, "Help");
    const PairAnalysis& pair = state.report.pair();
    ImGui::Separator();
    // A tool that owns the window (the game while it runs) speaks for it: the scene underneath is not shown.
    const std::optional<Tool::WindowStatus>& owner = state.owner.status;
    if (owner) {
        ImGui::TextColored(owner->hit ? ImVec4(1.0f, 0.35f, 0.35f, 1.0f) : ImVec4(0.5f, 0.9f, 0.5f, 1.0f), "%s", owner->text.c_str());
    } else if (pair.a >= 0 && pair.chosen) {
        const ImVec4 colour = pair.hit ? ImVec4(1.0f, 0.35f, 0.35f, 1.0f) : ImVec4(0.5f, 0.9f, 0.5f, 1.0f);
        ImGui::TextColored(colour, "%s: %s", std::string(pair.chosen->name).c_str(), pair.hit ? "HIT" : "no hit");
    }
    ImGui::Separator();
    ImGui::Text("zoom %.0f%%", state.views.world.zoom() * 100.0);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The world view's zoom: screen pixels per world pixel. +/- zoom, Ctrl+0 is 100%%, F frames the sprites.");
    ImGui::Separator();
    ImGui::Text("work %.2f ms", state.lastFrameWorkMs);
    if (state.views.manipulator->settings().classicControls) {
        ImGui::Separator();
        ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.3f, 1.0f), "classic controls");
    }
    if (!state.dialogs.status.empty()) {
        ImGui::Separator();
        ImGui::TextDisabled("%s", state.dialogs.status.c_str());
    }
    ImGui::EndMainMenuBar();
    return height;
}

}  // namespace cl
