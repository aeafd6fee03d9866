#pragma once
// ToolContext: what a tool may reach during one frame — the document, the report's snapshot, the
// cameras, the previews and the request queue — instead of the whole sandbox state. The shell builds it
// from its parts (app/shell/sandbox_state.h) once per frame.

#include <filesystem>
#include <string>
#include <vector>

#include "app/analysis/collision_report.h"
#include "app/editor/camera.h"
#include "app/editor/document.h"
#include "app/tools/lessons.h"
#include "app/tools/requests.h"
#include "app/views/sprite_previews.h"

namespace cl {

/// Narrow access to the sandbox for tools, valid for one frame.
class ToolContext {
public:
    /// The parts of the sandbox a tool reaches; every reference must outlive the context.
    struct Parts {
        Document& document;
        const CollisionReport& report;
        const std::string& algorithm;            ///< The algorithm the views draw (the user's choice).
        const Camera& worldCamera;
        const Camera& localCamera;
        SpritePreviews& previews;
        const std::filesystem::path& sceneFile;  ///< Empty for an unsaved scene.
        std::filesystem::path assetsDir;         ///< Empty when the bundled assets were not found.
        std::vector<std::string>& errors;        ///< Shown in the error popup until dismissed.
        RequestQueue& requests;
    };

    /// Wraps `parts`; `seconds` is the time since the previous frame.
    ToolContext(Parts parts, double seconds) : m_parts(parts), m_seconds(seconds) {}

    /// The scene being edited, with undo.
    Document& document() const { return m_parts.document; }
    /// The answers every panel and overlay reads this frame (the Collision table's snapshot).
    const CollisionReport& report() const { return m_parts.report; }
    /// The name of the algorithm the views draw (the user's choice in the Collision panel).
    const std::string& algorithm() const { return m_parts.algorithm; }
    /// The world view's camera.
    const Camera& worldCamera() const { return m_parts.worldCamera; }
    /// The local-space view's camera.
    const Camera& localCamera() const { return m_parts.localCamera; }
    /// Cached alpha histograms and solid-pixel previews.
    SpritePreviews& previews() const { return m_parts.previews; }
    /// The open scene file; empty for an unsaved scene.
    const std::filesystem::path& sceneFile() const { return m_parts.sceneFile; }
    /// Seconds since the previous frame (for playback).
    double seconds() const { return m_seconds; }
    /// The sprite a per-sprite tool works on: the selected one, else the pair's A; -1 for none.
    int focusSprite() const;

    /// Shows `message` in the error popup.
    void showError(std::string message) const { m_parts.errors.push_back(std::move(message)); }
    /// Opens the file browser for an image or atlas: replaces sprite `sprite`'s image, or adds a sprite when -1.
    void browseForImage(int sprite) const { m_parts.requests.push(BrowseForImage{sprite}); }
    /// Opens the file browser to save a file the tool writes (see BrowseToSave): the write runs once the user has
    /// chosen the file (and agreed to replace it when it exists); its failure goes to the error popup.
    void browseToSave(BrowseToSave request) const { m_parts.requests.push(std::move(request)); }
    /// The sprite a loaded atlas was just given to, whose frame the Sprites tool asks for (once); -1 for none.
    int takeFrameQuestion() const;

    /// The bundled lessons before and after the open scene.
    using LessonNeighbours = cl::LessonNeighbours;
    /// See LessonNeighbours.
    LessonNeighbours lessonNeighbours() const { return cl::lessonNeighbours(m_parts.assetsDir, m_parts.sceneFile); }
    /// Opens `lesson` (asking first when there are unsaved changes).
    void openLesson(const std::filesystem::path& lesson) const { m_parts.requests.push(OpenLesson{lesson}); }
    /// Opens `scene` as a new untitled document, asking first when there are unsaved changes (undo history
    /// reset; Save asks for a file name).
    void openUntitledScene(Scene scene) const { m_parts.requests.push(OpenUntitledScene{std::make_unique<Scene>(std::move(scene))}); }
    /// The bundled assets folder (holds sprites/ and scenes/), or empty when it was not found.
    const std::filesystem::path& assetsDir() const { return m_parts.assetsDir; }

private:
    Parts m_parts;
    double m_seconds;
};

}  // namespace cl
