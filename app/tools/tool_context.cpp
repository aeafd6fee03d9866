#include "app/tools/tool_context.h"

#include "app/shell/file_actions.h"
#include "app/shell/sandbox_state.h"

#include <utility>

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

int ToolContext::takeFrameQuestion() const { return std::exchange(m_state.askFrameFor, -1); }

const std::filesystem::path& ToolContext::sceneFile() const { return m_state.file; }

ToolContext::LessonNeighbours ToolContext::lessonNeighbours() const {
    std::vector<std::filesystem::path> lessons;
    for (const std::filesystem::path& scene : lessonScenes(m_state)) {
        if (scene.stem().string().rfind("lesson-", 0) == 0) lessons.push_back(scene);
    }
    LessonNeighbours out;
    if (lessons.empty()) return out;
    for (std::size_t i = 0; i < lessons.size(); ++i) {
        std::error_code ec;
        if (m_state.file.empty() || !std::filesystem::equivalent(lessons[i], m_state.file, ec)) continue;
        out.isLesson = true;
        if (i > 0) out.previous = lessons[i - 1];
        if (i + 1 < lessons.size()) out.next = lessons[i + 1];
        return out;
    }
    out.next = lessons.front();
    return out;
}

void ToolContext::openLesson(const std::filesystem::path& lesson) const {
    requestAction(m_state, PendingAction::OpenLesson, lesson);
}

void ToolContext::openUntitledScene(Scene scene) const {
    // Through the unsaved-changes prompt, like New and Open: the scene on screen is never lost silently.
    m_state.pendingScene = std::move(scene);
    requestAction(m_state, PendingAction::OpenUntitled);
}

std::filesystem::path ToolContext::assetsDir() const { return m_state.assetsDir.value_or(std::filesystem::path()); }

std::optional<int> ToolContext::takeGameBlocksAtStart() const { return std::exchange(m_state.gameBlocksAtStart, std::nullopt); }

}  // namespace cl
