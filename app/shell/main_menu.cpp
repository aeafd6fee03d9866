// The main menu bar: File, Edit, View, Lessons, Help, and the status line.
#include <string>

#include <imgui.h>

#include "app/shell/file_actions.h"
#include "app/shell/panels.h"

namespace cl {

float drawMainMenu(SandboxState& state) {
    float height = 0.0f;
    if (!ImGui::BeginMainMenuBar()) return height;
    height = ImGui::GetWindowHeight();
    Document& doc = state.document;
    if (ImGui::BeginMenu("File")) {
        if (ImGui::MenuItem("New", "Ctrl+N")) requestAction(state, PendingAction::New);
        if (ImGui::MenuItem("Open...", "Ctrl+O")) requestAction(state, PendingAction::Open);
        if (ImGui::BeginMenu("Open recent", !state.settings.recentFiles.empty())) {
            for (const std::string& file : state.settings.recentFiles) {
                if (ImGui::MenuItem(file.c_str())) {
                    requestAction(state, PendingAction::OpenRecent, file);
                    break;
                }
            }
            ImGui::Separator();
            if (ImGui::MenuItem("Clear the list")) state.settings.recentFiles.clear();
            ImGui::EndMenu();
        }
        ImGui::Separator();
        if (ImGui::MenuItem("Save", "Ctrl+S")) saveCurrent(state);
        if (ImGui::MenuItem("Save As...", "Ctrl+Shift+S")) state.saveAsBrowser = true;
        ImGui::Separator();
        if (ImGui::MenuItem("Screenshot", "F12")) state.screenshotRequested = true;
        ImGui::Separator();
        if (ImGui::MenuItem("Quit")) requestAction(state, PendingAction::Quit);
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Edit")) {
        const std::string undo = doc.undoLabel().empty() ? "Undo" : "Undo " + doc.undoLabel();
        const std::string redo = doc.redoLabel().empty() ? "Redo" : "Redo " + doc.redoLabel();
        if (ImGui::MenuItem(undo.c_str(), "Ctrl+Z", false, doc.canUndo())) doc.undo();
        if (ImGui::MenuItem(redo.c_str(), "Ctrl+Y", false, doc.canRedo())) doc.redo();
        ImGui::Separator();
        if (ImGui::MenuItem("Frame sprites", "F")) state.manipulator->frameAll();
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("View")) {
        ImGui::MenuItem("Local-space view", nullptr, &state.settings.showLocalView);
        ImGui::MenuItem("Legend", nullptr, &state.settings.showLegend);
        ImGui::MenuItem("Classic controls", nullptr, &state.settings.classicControls);
        ImGui::Separator();
        for (std::size_t i = 0; i < state.tools.size(); ++i) {
            if (ImGui::MenuItem(std::string(state.tools[i]->title()).c_str())) state.focusTool = int(i);
        }
        ImGui::Separator();
        if (ImGui::MenuItem("Reset the layout")) {
            const AppSettings defaults;
            state.settings.inspectorWidth = defaults.inspectorWidth;
            state.settings.bottomHeight = defaults.bottomHeight;
            state.settings.localViewFraction = defaults.localViewFraction;
        }
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Lessons")) {
        const auto lessons = lessonScenes(state);
        if (lessons.empty()) ImGui::TextDisabled("No bundled scenes found");
        for (const auto& lesson : lessons) {
            if (ImGui::MenuItem(lesson.stem().string().c_str())) requestAction(state, PendingAction::OpenLesson, lesson);
        }
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Help")) {
        if (ImGui::MenuItem("Controls", "F1")) state.showHelp = true;
        ImGui::EndMenu();
    }
    const PairAnalysis& pair = state.report.pair();
    ImGui::Separator();
    if (pair.a >= 0 && pair.chosen) {
        const ImVec4 colour = pair.hit ? ImVec4(1.0f, 0.35f, 0.35f, 1.0f) : ImVec4(0.5f, 0.9f, 0.5f, 1.0f);
        ImGui::TextColored(colour, "%s: %s", std::string(pair.chosen->name).c_str(), pair.hit ? "HIT" : "no hit");
    }
    ImGui::Separator();
    ImGui::Text("work %.2f ms", state.lastFrameWorkMs);
    if (state.manipulator->settings().classicControls) {
        ImGui::Separator();
        ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.3f, 1.0f), "classic controls");
    }
    if (!state.status.empty()) {
        ImGui::Separator();
        ImGui::TextDisabled("%s", state.status.c_str());
    }
    ImGui::EndMainMenuBar();
    return height;
}

}  // namespace cl
