#include "app/tools/tool_context.h"

namespace cl {

int ToolContext::focusSprite() const {
    const Selection& selection = m_parts.document.selection();
    return selection.sprite >= 0 ? selection.sprite : selection.pairA;
}

int ToolContext::takeFrameQuestion() const {
    const std::optional<AskFrame> ask = m_parts.requests.take<AskFrame>();
    return ask ? ask->sprite : -1;
}

}  // namespace cl
