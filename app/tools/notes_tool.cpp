#include "app/tools/notes_tool.h"

#include <algorithm>
#include <cstdio>

#include <imgui.h>
#include <imgui_stdlib.h>
#include <nlohmann/json.hpp>

#include "app/tools/tool_context.h"
#include "app/views/text_wrap.h"

namespace cl {

void NotesTool::sceneOpened() {
    m_checker.reset();
    m_hints.clear();
}

void NotesTool::describeUi(nlohmann::json& ui) const {
    // The checklist as the student sees it: ticked, and whether the newest answer has arrived.
    ui["tasks_checked"] = !m_checker.pending();
    ui["tasks_beside_panel"] = m_besideShown;
    ui["tasks"] = nlohmann::json::array();
    for (std::size_t i = 0; i < m_lessonTasks; ++i) ui["tasks"].push_back({{"ticked", m_checker.ticked(i)}, {"met", m_checker.met(i)}});
}

void NotesTool::update(ToolContext& ctx) {
    const Document& doc = ctx.document();
    m_lessonTasks = doc.scene().lesson ? doc.scene().lesson->tasks.size() : 0;
    m_besideShown = false;  // drawBesidePanel() sets it again if the strip is drawn this frame
    if (!doc.scene().lesson) return;
    const Selection& selection = doc.selection();
    if (selection.pairA < 0 || selection.pairB < 0) return;
    m_checker.update(doc.revision(), {std::size_t(selection.pairA), std::size_t(selection.pairB)}, [&doc] { return doc.fileScene(); });
}

std::size_t NotesTool::tasksDone(const Lesson& lesson) const {
    std::size_t done = 0;
    for (std::size_t i = 0; i < lesson.tasks.size(); ++i) done += m_checker.ticked(i) ? 1 : 0;
    return done;
}

void NotesTool::drawTasks(const Lesson& lesson, bool compact) {
    m_hints.resize(lesson.tasks.size(), false);
    for (std::size_t i = 0; i < lesson.tasks.size(); ++i) {
        const LessonTask& task = lesson.tasks[i];
        ImGui::PushID(static_cast<int>(i));
        const bool ticked = m_checker.ticked(i);
        // A ticked task stays ticked; the mark says whether its goal still holds now.
        const ImVec4 colour = ticked ? ImVec4(0.35f, 0.85f, 0.40f, 1.0f) : ImGui::GetStyleColorVec4(ImGuiCol_Text);
        ImGui::TextColored(colour, "%s %zu.", ticked ? "[x]" : "[ ]", i + 1);
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("%s", ticked ? (m_checker.met(i) ? "Done: the goal holds now." : "Done (the goal held; the scene has changed since).")
                                           : "Not yet: this ticks itself when the goal holds.");
        }
        const char* hintLabel = m_hints[i] ? "Hide hint" : "Hint";
        if (compact && !task.hint.empty()) {
            ImGui::SameLine();
            if (ImGui::SmallButton(hintLabel)) m_hints[i] = !m_hints[i];
        }
        ImGui::SameLine();
        ImGui::TextWrapped("%s", task.text.c_str());
        if (!task.hint.empty()) {
            ImGui::Indent();
            if (!compact && ImGui::SmallButton(hintLabel)) m_hints[i] = !m_hints[i];
            if (m_hints[i]) {
                textDisabledWrapped("%s", task.hint.c_str());
            }
            ImGui::Unindent();
        }
        if (const std::string error = m_checker.error(i); !error.empty()) ImGui::TextDisabled("(cannot check: %s)", error.c_str());
        ImGui::PopID();
    }
}

void NotesTool::drawLesson(const Lesson& lesson) {
    if (!lesson.teaches.empty()) ImGui::TextWrapped("Teaches: %s", lesson.teaches.c_str());
    ImGui::Spacing();
    ImGui::Text("Tasks: %zu of %zu done%s", tasksDone(lesson), lesson.tasks.size(), m_checker.pending() ? " (checking...)" : "");
    drawTasks(lesson, false);
    if (!lesson.why.empty()) {
        ImGui::Spacing();
        ImGui::TextWrapped("Why: %s", lesson.why.c_str());
    }
    ImGui::Separator();
}

bool NotesTool::drawBesidePanel(ToolContext& ctx) {
    const Document& doc = ctx.document();
    if (!doc.scene().lesson || doc.scene().lesson->tasks.empty()) return false;
    const Lesson& lesson = *doc.scene().lesson;
    m_besideShown = true;
    char header[128];
    std::snprintf(header, sizeof header, "Lesson tasks: %zu of %zu done%s###lesson tasks", tasksDone(lesson), lesson.tasks.size(),
                  m_checker.pending() ? ", checking..." : "");
    const bool open = ImGui::CollapsingHeader(header, ImGuiTreeNodeFlags_DefaultOpen);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The lesson's tasks, ticked as you reach each goal; F2 opens the whole lesson (Notes).");
    if (!open) return true;
    // The rows take what they need, up to a third of the column: the tool's panel below keeps the rest (the rows
    // scroll when a hint or a narrow column makes them taller).
    const float most = std::max(ImGui::GetFrameHeightWithSpacing() * 2.0f, ImGui::GetContentRegionAvail().y / 3.0f);
    const float height = m_stripHeight > 0.0f ? std::min(m_stripHeight, most) : most;
    if (ImGui::BeginChild("lesson tasks", ImVec2(0.0f, height))) {
        drawTasks(lesson, true);
        m_stripHeight = ImGui::GetCursorPosY() - ImGui::GetStyle().ItemSpacing.y + 1.0f;
    }
    ImGui::EndChild();
    return true;
}

void NotesTool::drawPanel(ToolContext& ctx) {
    Document& doc = ctx.document();
    const ToolContext::LessonNeighbours lessons = ctx.lessonNeighbours();
    if (!lessons.previous.empty() || !lessons.next.empty()) {
        ImGui::BeginDisabled(lessons.previous.empty());
        if (ImGui::Button("< Previous lesson")) ctx.openLesson(lessons.previous);
        if (!lessons.previous.empty() && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
            ImGui::SetTooltip("%s", lessons.previous.stem().string().c_str());
        }
        ImGui::EndDisabled();
        ImGui::SameLine();
        ImGui::BeginDisabled(lessons.next.empty());
        if (ImGui::Button(lessons.isLesson ? "Next lesson >" : "First lesson >")) {
            ctx.openLesson(lessons.next);
        }
        if (!lessons.next.empty() && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
            ImGui::SetTooltip("%s", lessons.next.stem().string().c_str());
        }
        ImGui::EndDisabled();
    }
    std::string title = doc.scene().title;
    ImGui::SetNextItemWidth(-1);
    if (ImGui::InputTextWithHint("##title", "title", &title)) {
        doc.edit("Edit title", [&](Scene& s) { s.title = title; }, "notes-title");
    }
    if (ImGui::IsItemActivated()) doc.breakMerge();
    ImGui::Separator();
    ImGui::Checkbox("Edit notes", &m_editing);
    if (m_editing) {
        std::string notes = doc.scene().notes;
        if (ImGui::InputTextMultiline("##notes", &notes, ImVec2(-1, -1))) {
            doc.edit("Edit notes", [&](Scene& s) { s.notes = notes; }, "notes-text");
        }
        if (ImGui::IsItemActivated()) doc.breakMerge();
    } else if (ImGui::BeginChild("notes", ImVec2(0, 0), false)) {
        if (doc.scene().lesson) drawLesson(*doc.scene().lesson);
        if (doc.scene().notes.empty() && !doc.scene().lesson) {
            ImGui::TextDisabled("This scene has no notes. The Lessons menu opens the bundled lessons.");
        } else if (!doc.scene().notes.empty()) {
            ImGui::TextWrapped("%s", doc.scene().notes.c_str());
        }
        ImGui::EndChild();
    } else {
        ImGui::EndChild();
    }
}

}  // namespace cl
