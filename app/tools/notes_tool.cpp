#include "app/tools/notes_tool.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/tools/tool_context.h"

namespace cl {

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
        if (doc.scene().notes.empty()) {
            ImGui::TextDisabled("This scene has no notes. The Lessons menu opens the bundled lessons.");
        } else {
            ImGui::TextWrapped("%s", doc.scene().notes.c_str());
        }
        ImGui::EndChild();
    } else {
        ImGui::EndChild();
    }
}

}  // namespace cl
