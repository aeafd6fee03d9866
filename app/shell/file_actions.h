#pragma once
// New, Open, Save, Save As, recent files and lessons: the sandbox's file commands, their prompts and
// the in-app file browser.

#include <filesystem>
#include <string>

#include "app/shell/sandbox_state.h"

namespace cl {

/// What openSceneFile() does when the file cannot be opened.
enum class OnOpenFailure {
    KeepScene,    ///< The current scene stays (File > Open, recent files, lessons).
    ShowBuiltIn,  ///< Start-up (no scene yet): the built-in F/R scene, titled and noted with the file and its problems.
};

/// Loads `file` into the document. On failure the loader's messages go to state.dialogs.errors, headed by
/// what is shown instead (see OnOpenFailure). Returns true on success.
bool openSceneFile(SandboxState& state, const std::filesystem::path& file, OnOpenFailure onFailure = OnOpenFailure::KeepScene);
/// Replaces the document with the built-in F/R scene (untitled).
void newScene(SandboxState& state);
/// Saves to `file` (embedding images if asked); records it as the open file and a recent file.
bool saveSceneTo(SandboxState& state, const std::filesystem::path& file, bool embedImages);
/// Save: to the open file, or Save As when the scene has none.
void saveCurrent(SandboxState& state);
/// Starts an action that would lose unsaved work: runs it now, or asks first when the document is dirty.
void requestAction(SandboxState& state, PendingAction action, const std::filesystem::path& file = {});
/// Opens the file browser for an image: a new image for sprite `sprite`, or a new sprite when -1.
void browseForImage(SandboxState& state, int sprite);
/// Tells every tool that a different scene is open (New, Open, a restored recovery file) and opens the tab
/// of the first tool that asks to be shown with it (Notes, for a scene with notes).
void sceneOpened(SandboxState& state);
/// Draws the unsaved-changes prompt, the error popup and the file browser; runs actions once answered (a
/// bug report's file goes to state.dialogs.bugReport.browsed, which drawBugReportDialog saves).
void drawFileDialogs(SandboxState& state);
/// "Collision Lab - name.json *" (the star marks unsaved changes).
std::string windowTitle(const OpenScene& open);
/// Load image...'s rule: the sprite keeps its position, rotation and scale, and the new image's centre
/// becomes its origin, so the new image sits centred where the old pivot was.
SpriteTransform transformForNewImage(const SpriteTransform& old, int width, int height);
/// Where the file browser starts (chooseStartFolder with the last folder, the open file, the bundled
/// assets, the current and the home directory); `saving` keeps it out of the bundled assets.
std::filesystem::path browserStartFolder(const SandboxState& state, bool saving);
/// Serves the file requests tools and commands queued this frame: BrowseForImage, OpenLesson, OpenUntitledScene.
void serveFileRequests(SandboxState& state);

}  // namespace cl
