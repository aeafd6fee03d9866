#pragma once
// SandboxState: everything the sandbox's views and panels share for one open window.

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/shell/app_settings.h"
#include "app/shell/bug_report_form.h"
#include "app/shell/command_table.h"
#include "app/analysis/collision_report.h"
#include "app/editor/camera.h"
#include "app/shell/file_browser.h"
#include "app/views/sprite_previews.h"
#include "app/editor/document.h"
#include "app/editor/manipulator.h"
#include "app/tools/tool.h"
#include "app/shell/window_layout.h"

namespace cl {

/// What a pending "are you sure" prompt will do once unsaved work is dealt with.
enum class PendingAction { None, New, Open, OpenRecent, OpenLesson, OpenUntitled, Quit };

/// What the file browser's answer is for.
enum class BrowserPurpose { OpenScene, SaveScene, LoadImage, AddSprite, BugReport };

/// Shared state of one sandbox window.
struct SandboxState {
    Document document;
    Camera camera;        ///< World view.
    Camera localCamera;   ///< Local-space view.
    std::unique_ptr<Manipulator> manipulator;
    CollisionReport report;
    AppSettings settings;
    std::vector<std::unique_ptr<Tool>> tools;  ///< makeTools(): the inspector's tabs, in order.
    int focusTool = -1;                    ///< Open this tool's tab on the next frame (-1: none).
    int openTool = -1;                     ///< The tool whose tab the inspector drew last frame.
    CommandTable commands;                 ///< makeCommands(): menus, keys and F1 read it.
    SpritePreviews previews;
    SandboxLayout layout;

    std::optional<std::filesystem::path> assetsDir;
    std::filesystem::path file;            ///< The open scene file; empty for an unsaved new scene.
    std::vector<std::string> errors;       ///< Shown in an error popup until dismissed.
    std::string status;                    ///< One line in the menu bar (last save, screenshot, ...).

    PendingAction pending = PendingAction::None;
    std::filesystem::path pendingFile;     ///< For OpenRecent / OpenLesson.
    std::optional<Scene> pendingScene;     ///< For OpenUntitled (a scene a tool made, e.g. a paused game frame).
    bool quitRequested = false;            ///< Quit once unsaved work is dealt with.
    bool quitNow = false;

    bool showHelp = false;
    FileBrowser browser;
    BrowserPurpose browserPurpose = BrowserPurpose::OpenScene;
    int browserSprite = -1;                ///< LoadImage: which sprite gets the image.
    int askFrameFor = -1;                  ///< A sprite just given an atlas: the Sprites tool asks which frame.
    bool saveAsBrowser = false;            ///< Open the browser for Save As on the next frame.
    BugReportForm bugReport;               ///< File > Save as bug report...: the dialog's fields.
    bool sceneLoadFailed = false;          ///< The last open failed (the command line's scene, for --frames).
    bool screenshotRequested = false;
    bool frameLocalRequested = true;       ///< Frame the local view on the next frame.
    bool frameWorldRequested = false;      ///< Frame the world view on the next frame (after the layout changed).
    double lastFrameWorkMs = 0.0;          ///< Shown in the menu bar.
    std::optional<int> gameBlocksAtStart;  ///< --game-blocks: the Game tool starts playing with this many blocks.
    double toolsMs = 0.0;                  ///< This frame's time in the tools (updates, open panel, overlays), for --stats.
};

}  // namespace cl
