#pragma once
// The Notes tool: the scene's title and notes (the lesson text), readable or editable.

#include "app/tools/tool.h"

namespace cl {

/// Shows the scene's notes; one undo step per field edit.
class NotesTool : public Tool {
public:
    std::string_view id() const override { return "notes"; }
    std::string_view title() const override { return "Notes"; }
    std::string_view help() const override { return "the scene's title and notes (the lesson text), editable"; }
    void drawPanel(ToolContext& ctx) override;
    bool showsOnOpen(const Scene& scene) const override { return !scene.notes.empty(); }
    Shortcut shortcut() const override { return {Key::F2}; }

private:
    bool m_editing = false;  // an editor instead of the text
};

}  // namespace cl
