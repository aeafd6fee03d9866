#pragma once
// SandboxState: the sandbox window's state, split by what it holds — the open scene and its file, the
// views, the dialogs, the one-frame requests — beside the answers, the settings and the tools. Functions
// take the part they need; those that coordinate several parts (the file actions) take the whole.

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/analysis/collision_report.h"
#include "app/editor/camera.h"
#include "app/editor/document.h"
#include "app/editor/manipulator.h"
#include "app/shell/app_settings.h"
#include "app/shell/bug_report_form.h"
#include "app/shell/file_browser.h"
#include "app/shell/window_layout.h"
#include "app/tools/command_table.h"
#include "app/tools/lessons.h"
#include "app/tools/requests.h"
#include "app/tools/tool.h"
#include "app/views/sprite_previews.h"

namespace cl {

struct ShrinkJob;  // app/shell/shrink_report.h

/// What a pending "are you sure" prompt will do once unsaved work is dealt with.
enum class PendingAction { None, New, Open, OpenRecent, OpenLesson, OpenUntitled, Quit };

/// What the file browser's answer is for.
enum class BrowserPurpose { OpenScene, SaveScene, LoadImage, AddSprite, BugReport, ToolFile };

/// The document being edited and the file it belongs to.
struct OpenScene {
    Document document;
    std::filesystem::path file;  ///< The open scene file; empty for an unsaved new scene.
    bool loadFailed = false;     ///< The last open failed (the command line's scene, for --frames).
};

/// The world and local-space views: their cameras, the rectangles of the window, the world view's
/// direct manipulation and the cached previews.
struct Views {
    Camera world;
    Camera local;
    std::unique_ptr<Manipulator> manipulator;  ///< Edits the document through the world camera.
    SpritePreviews previews;
    SandboxLayout layout;
};

/// The dialogs and prompts, and what each will do once answered.
struct Dialogs {
    std::vector<std::string> errors;   ///< Shown in an error popup until dismissed.
    std::string status;                ///< One line in the menu bar (last save, screenshot, ...).

    PendingAction pending = PendingAction::None;
    std::filesystem::path pendingFile;    ///< For OpenRecent / OpenLesson.
    std::optional<Scene> pendingScene;    ///< For OpenUntitled (a scene a tool made, e.g. a paused game frame).
    PendingAction afterSave = PendingAction::None;  ///< What the Save As the prompt opened goes on with once it has saved.
    std::filesystem::path afterSaveFile;            ///< For an afterSave of OpenRecent / OpenLesson.

    bool showHelp = false;                ///< The F1 window.
    FileBrowser browser;
    BrowserPurpose browserPurpose = BrowserPurpose::OpenScene;
    int browserSprite = -1;               ///< LoadImage: which sprite gets the image.
    std::function<std::string(const std::filesystem::path&)> browserWrite;  ///< ToolFile: writes the chosen file (BrowseToSave).
    BugReportForm bugReport;              ///< File > Save as bug report...: the dialog's fields.
    std::shared_ptr<ShrinkJob> shrink;    ///< File > Shrink this bug report...: the run in flight, if any.
};

/// The window while a tool owns it (the game running): the tool's status and the answers for its pair
/// (Tool::WindowStatus), computed by a report of their own so the open scene's stay as they are.
struct WindowOwner {
    std::optional<Tool::WindowStatus> status;  ///< This frame's; empty while no tool owns the window.
    CollisionReport report;                    ///< The answers for status->pair.
};

/// What the Collision table and the local view show: the owning tool's pair, else the open scene's.
struct ShownPair {
    const Scene* scene = nullptr;
    const CollisionReport* report = nullptr;
    bool owned = false;  ///< A tool's pair (the open scene is not shown; it must not be edited through it).
};

/// Shared state of one sandbox window.
struct SandboxState {
    OpenScene open;
    Views views;
    Dialogs dialogs;
    RequestQueue requests;  ///< One-frame wishes (frame a view, open a tab, screenshot, ...); see requests.h.
    CollisionReport report;
    WindowOwner owner;      ///< Set while a tool owns the window; see shownPair().
    AppSettings settings;
    std::vector<std::unique_ptr<Tool>> tools;  ///< makeTools(): the inspector's tabs, in order.
    int openTool = -1;                         ///< The tool whose tab the inspector drew last frame.
    CommandTable commands;                     ///< makeCommands(): menus, keys and F1 read it.
    std::optional<std::filesystem::path> assetsDir;
    std::vector<LessonEntry> lessonMenu;       ///< The Lessons menu's rows, read again each time it opens.
    double lastFrameWorkMs = 0.0;              ///< Shown in the menu bar.
    double toolsMs = 0.0;                      ///< This frame's time in the tools (updates, open panel, overlays), for --stats.
};

/// The owning tool's pair while a tool owns the window, else the open scene's pair.
inline ShownPair shownPair(const SandboxState& state) {
    static const Scene kNoPair{};
    if (!state.owner.status) return {&state.open.document.scene(), &state.report, false};
    return {state.owner.status->pair ? state.owner.status->pair.get() : &kNoPair, &state.owner.report, true};
}

}  // namespace cl
