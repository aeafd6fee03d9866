#pragma once
// ToolContext: what a tool may reach during one frame — the document, the report's snapshot, the
// cameras, the settings and a few shell services — instead of the whole SandboxState.

#include <filesystem>
#include <optional>
#include <string>

#include "app/analysis/collision_report.h"
#include "app/editor/camera.h"
#include "app/editor/document.h"
#include "app/shell/app_settings.h"
#include "app/views/sprite_previews.h"

namespace cl {

struct SandboxState;

/// Narrow access to the sandbox for tools, valid for one frame.
class ToolContext {
public:
    /// Wraps `state`; `seconds` is the time since the previous frame.
    ToolContext(SandboxState& state, double seconds) : m_state(state), m_seconds(seconds) {}

    /// The scene being edited, with undo.
    Document& document() const;
    /// The answers every panel and overlay reads this frame (the Collision table's snapshot).
    const CollisionReport& report() const;
    /// What the user chose (overlays, step speed, the drawn algorithm, ...), saved between runs.
    AppSettings& settings() const;
    /// The world view's camera.
    const Camera& worldCamera() const;
    /// The local-space view's camera.
    const Camera& localCamera() const;
    /// Cached alpha histograms and solid-pixel previews.
    SpritePreviews& previews() const;
    /// The open scene file; empty for an unsaved scene.
    const std::filesystem::path& sceneFile() const;
    /// Seconds since the previous frame (for playback).
    double seconds() const { return m_seconds; }
    /// The sprite a per-sprite tool works on: the selected one, else the pair's A; -1 for none.
    int focusSprite() const;

    /// Shows `message` in the error popup.
    void showError(std::string message) const;
    /// Opens the file browser for an image or atlas: replaces sprite `sprite`'s image, or adds a sprite when -1.
    void browseForImage(int sprite) const;
    /// The sprite a loaded atlas was just given to, whose frame the Sprites tool asks for (once); -1 for none.
    int takeFrameQuestion() const;

    /// The bundled lessons before and after the open scene (empty paths at the ends; for a scene that is
    /// not a lesson, no previous and the first lesson as next).
    struct LessonNeighbours {
        std::filesystem::path previous, next;
        bool isLesson = false;  ///< The open scene is one of the bundled lessons.
    };
    /// See LessonNeighbours.
    LessonNeighbours lessonNeighbours() const;
    /// Opens `lesson` (asking first when there are unsaved changes).
    void openLesson(const std::filesystem::path& lesson) const;
    /// Opens `scene` as a new untitled document, asking first when there are unsaved changes (undo history
    /// reset; Save asks for a file name).
    void openUntitledScene(Scene scene) const;
    /// The bundled assets folder (holds sprites/ and scenes/), or empty when it was not found.
    std::filesystem::path assetsDir() const;
    /// `--game-blocks K` from the command line, once (later calls: none): the Game tool starts playing with K blocks.
    std::optional<int> takeGameBlocksAtStart() const;

private:
    SandboxState& m_state;
    double m_seconds;
};

}  // namespace cl
