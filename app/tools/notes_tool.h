#pragma once
// The Notes tool: the scene's title and notes (the lesson text), readable or editable, and for a lesson the
// course: what it teaches, its tasks as a checklist that ticks itself (app/tools/task_checker.h), hints on
// demand, and why it matters.

#include <vector>

#include "app/tools/task_checker.h"
#include "app/tools/tool.h"

namespace cl {

/// Shows the scene's notes; one undo step per field edit.
class NotesTool : public Tool {
public:
    std::string_view id() const override { return "notes"; }
    std::string_view title() const override { return "Notes"; }
    std::string_view help() const override {
        return "the lesson: what it teaches, its tasks (ticked as you reach each goal, a hint on demand), why; the notes, editable";
    }
    void update(ToolContext& ctx) override;
    void drawPanel(ToolContext& ctx) override;
    /// The lesson's checklist as a collapsible strip above every other tool's panel (the same rows as the tab's).
    bool drawBesidePanel(ToolContext& ctx) override;
    void sceneOpened() override;
    void describeUi(nlohmann::json& ui) const override;
    bool showsOnOpen(const Scene& scene) const override { return !scene.notes.empty(); }
    Shortcut shortcut() const override { return {Key::F2}; }

private:
    void drawLesson(const Lesson& lesson);
    /// The task rows, ticks and hints of both the tab and the strip; `compact` puts each Hint button before its
    /// sentence instead of on a line of its own.
    void drawTasks(const Lesson& lesson, bool compact);
    std::size_t tasksDone(const Lesson& lesson) const;

    bool m_editing = false;     // an editor instead of the text
    std::vector<bool> m_hints;  // per task: its hint is shown
    std::size_t m_lessonTasks = 0;  // tasks of the open scene's lesson (for describeUi)
    bool m_besideShown = false;     // the strip was drawn this frame (for describeUi)
    float m_stripHeight = 0.0f;     // the strip's rows as tall as they were last frame (0: not measured yet)
    TaskChecker m_checker;
};

}  // namespace cl
