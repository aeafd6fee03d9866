#include "app/tools/tool_context.h"

#include "app/shell/file_actions.h"
#include "app/shell/sandbox_state.h"

namespace cl {

Document& ToolContext::document() const { return m_state.document; }
const CollisionReport& ToolContext::report() const { return m_state.report; }
AppSettings& ToolContext::settings() const { return m_state.settings; }
const Camera& ToolContext::worldCamera() const { return m_state.camera; }
const Camera& ToolContext::localCamera() const { return m_state.localCamera; }
SpritePreviews& ToolContext::previews() const { return m_state.previews; }

int ToolContext::focusSprite() const {
    const Selection& selection = m_state.document.selection();
    return selection.sprite >= 0 ? selection.sprite : selection.pairA;
}

void ToolContext::showError(std::string message) const { m_state.errors.push_back(std::move(message)); }

void ToolContext::browseForImage(int sprite) const { cl::browseForImage(m_state, sprite); }

}  // namespace cl
