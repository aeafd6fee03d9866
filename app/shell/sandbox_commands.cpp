#include "app/shell/sandbox_commands.h"

#include <cstdio>

#include <imgui.h>

#include "app/shell/bug_report.h"
#include "app/shell/shrink_report.h"
#include "app/shell/file_actions.h"
#include "app/shell/window_layout.h"

namespace cl {

namespace {

// A row that only documents input the editor (Manipulator) or a view handles itself.
Command gesture(std::string keys, std::string help) {
    Command c;
    c.id = "gesture." + keys;
    c.keys = std::move(keys);
    c.help = std::move(help);
    return c;
}

Shortcut ctrl(Key key, bool shift = false) { return Shortcut{key, true, shift, false}; }

}  // namespace

CommandTable makeCommands(SandboxState& state) {
    CommandTable t;
    Document& doc = state.open.document;
    const auto noDrag = [&state] { return state.views.manipulator->drag() == Manipulator::Drag::None; };

    t.add(gesture("Left click", "select the sprite under the cursor (solid pixels win over transparent ones)"));
    t.add(gesture("Left drag on a sprite", "move it"));
    t.add(gesture("Drag the round knob", "rotate about the pivot (Shift: snap to 15 degrees)"));
    t.add(gesture("Drag a corner square", "scale about the pivot (Shift: keep the aspect ratio)"));
    t.add(gesture("Alt + left drag", "move the pivot; the image stays where it is"));
    t.add(gesture("Wheel", "zoom at the cursor, over sprites too"));
    t.add(gesture("Shift + wheel", "rotate the sprite under the cursor (else the selected one) 1 degree per notch "
                                   "(Shift + Alt: 5)"));
    t.add(gesture("Ctrl + wheel", "scale the sprite under the cursor (else the selected one)"));
    t.add(gesture("Middle drag, or Space + left drag", "pan"));

    t.add({.id = "edit.frame-all", .label = "Frame sprites", .menu = Menu::Edit,
           .shortcuts = {{Key::F}, {Key::F, false, true}}, .help = "frame all sprites", .keys = "F",
           .enabled = noDrag, .run = [&state] { state.views.manipulator->frameAll(); }, .separatorBefore = true});
    // Keyboard zoom about the world view's centre, in the steps of a wheel notch and a bit; the menu bar reads it out.
    auto zoomBy = [&state](double factor) {
        const Camera& c = state.views.world;
        state.views.world.zoomAt((c.viewport().min + c.viewport().max) * 0.5, factor);
    };
    t.add({.id = "view.zoom-in", .label = "Zoom in", .menu = Menu::View, .shortcuts = {{Key::Equal}, {Key::Add}},
           .help = "zoom the world view in about its centre (+, Keypad +)", .enabled = noDrag,
           .run = [zoomBy] { zoomBy(1.25); }, .separatorBefore = true});
    t.add({.id = "view.zoom-out", .label = "Zoom out", .menu = Menu::View, .shortcuts = {{Key::Hyphen}, {Key::Subtract}},
           .help = "zoom the world view out about its centre (-, Keypad -)", .enabled = noDrag,
           .run = [zoomBy] { zoomBy(1.0 / 1.25); }});
    t.add({.id = "view.zoom-actual", .label = "Actual size (100%)", .menu = Menu::View, .shortcuts = {ctrl(Key::Num0)},
           .help = "zoom the world view to one screen pixel per world pixel, about its centre", .enabled = noDrag,
           .run = [&state] { state.views.world.setZoom(1.0); }});
    t.add(gesture("Arrow keys", "nudge the selected sprite 1 pixel (Shift: 10)"));
    t.add(gesture("Q / E", "rotate the selected sprite by -1 / +1 degree"));
    t.add(gesture("Delete", "remove the selected sprite (a scene keeps at least two)"));
    t.add(gesture("Escape", "close an open menu or this window (F1); else cancel the drag in progress, or clear the selection"));
    t.add({.id = "edit.undo", .label = "Undo", .menu = Menu::Edit, .shortcuts = {ctrl(Key::Z)},
           .help = "undo (one drag is one step)",
           .enabled = [&doc, noDrag] { return doc.canUndo() && noDrag(); }, .run = [&doc] { doc.undo(); },
           .liveLabel = [&doc] { return doc.undoLabel().empty() ? std::string("Undo") : "Undo " + doc.undoLabel(); }});
    t.add({.id = "edit.redo", .label = "Redo", .menu = Menu::Edit, .shortcuts = {ctrl(Key::Y), ctrl(Key::Z, true)},
           .help = "redo", .enabled = [&doc, noDrag] { return doc.canRedo() && noDrag(); }, .run = [&doc] { doc.redo(); },
           .liveLabel = [&doc] { return doc.redoLabel().empty() ? std::string("Redo") : "Redo " + doc.redoLabel(); }});
    t.add(gesture("Local view: wheel / drag", "zoom / pan the local-space view"));

    t.add({.id = "file.new", .label = "New", .menu = Menu::File, .shortcuts = {ctrl(Key::N)}, .help = "new scene",
           .run = [&state] { requestAction(state, PendingAction::New); }});
    t.add({.id = "file.open", .label = "Open...", .menu = Menu::File, .shortcuts = {ctrl(Key::O)}, .help = "open a scene",
           .run = [&state] { requestAction(state, PendingAction::Open); }});
    t.add({.id = "file.open-recent", .label = "Open recent", .menu = Menu::File,
           .enabled = [&state] { return !state.settings.recentFiles.empty(); },
           .submenu = [&state] {
               for (const std::string& file : state.settings.recentFiles) {
                   if (ImGui::MenuItem(file.c_str())) {
                       requestAction(state, PendingAction::OpenRecent, file);
                       break;
                   }
               }
               ImGui::Separator();
               if (ImGui::MenuItem("Clear the list")) state.settings.recentFiles.clear();
           }});
    t.add({.id = "file.save", .label = "Save", .menu = Menu::File, .shortcuts = {ctrl(Key::S)}, .help = "save (Save As on an untitled or bundled scene)",
           .run = [&state] { saveCurrent(state); }, .separatorBefore = true});
    t.add({.id = "file.save-as", .label = "Save As...", .menu = Menu::File, .shortcuts = {ctrl(Key::S, true)},
           .help = "save as (optionally embedding the images)", .run = [&state] { state.requests.push(OpenSaveAs{}); }});
    t.add({.id = "file.bug-report", .label = "Save as bug report...", .menu = Menu::File, .shortcuts = {ctrl(Key::B)},
           .help = "save a stand-alone scene with your notes and the current answers as its expect block",
           .run = [&state] { openBugReport(state); }});
    t.add({.id = "file.shrink-report", .label = "Shrink this bug report...", .menu = Menu::File,
           .shortcuts = {ctrl(Key::B, true)},
           .help = "shrink the scene to the pixels that still fail --verify (or still disagree), beside it as .min.json, and open it",
           .enabled = [&state] { return !shrinkRunning(state); }, .run = [&state] { startShrinkReport(state); }});
    t.add({.id = "file.screenshot", .label = "Screenshot", .menu = Menu::File, .shortcuts = {{Key::F12}},
           .help = "save a screenshot in the current folder", .run = [&state] { state.requests.push(TakeScreenshot{}); },
           .separatorBefore = true});
    t.add({.id = "file.quit", .label = "Quit", .menu = Menu::File, .shortcuts = {ctrl(Key::Q)}, .help = "quit (asking first about unsaved changes)", .run = [&state] { requestAction(state, PendingAction::Quit); },
           .separatorBefore = true});

    t.add({.id = "view.local", .label = "Local-space view", .menu = Menu::View,
           .run = [&state] { state.settings.showLocalView = !state.settings.showLocalView; },
           .checked = [&state] { return state.settings.showLocalView; }});
    t.add({.id = "view.legend", .label = "Legend", .menu = Menu::View,
           .run = [&state] { state.settings.showLegend = !state.settings.showLegend; },
           .checked = [&state] { return state.settings.showLegend; }});
    t.add({.id = "view.all-labels", .label = "All labels", .menu = Menu::View, .shortcuts = {{Key::L}},
           .help = "label and outline every sprite; off, a scene of many sprites labels only the pair and those near the pointer",
           .run = [&state] { state.settings.allLabels = !state.settings.allLabels; },
           .checked = [&state] { return state.settings.allLabels; }});
    t.add({.id = "view.classic", .label = "Classic controls", .menu = Menu::View,
           .help = "hold left: A's pivot follows the cursor; hold right: B's; wheel rotates, Alt/Ctrl+wheel scales",
           .keys = "Classic controls (View menu, legend)",
           .run = [&state] { state.settings.classicControls = !state.settings.classicControls; },
           .checked = [&state] { return state.settings.classicControls; }});
    for (std::size_t i = 0; i < state.tools.size(); ++i) {
        const Tool& tool = *state.tools[i];
        Command show{.id = "view.tool." + std::string(tool.id()), .label = std::string(tool.title()), .menu = Menu::View,
                     .run = [&state, i] { state.requests.push(FocusTool{int(i)}); }, .separatorBefore = i == 0};
        if (tool.shortcut().key != Key::Other) show.shortcuts.push_back(tool.shortcut());
        // Ctrl+1..9 open the first nine tabs, as browsers and editors number theirs.
        static_assert(int(Key::Num9) - int(Key::Num1) == 8, "Num1..Num9 must be consecutive in CL_KEYS");
        if (i < 9) show.shortcuts.push_back(ctrl(Key(int(Key::Num1) + int(i))));
        if (!show.shortcuts.empty())
            show.help = "open the " + std::string(tool.title()) + " tab: " + std::string(tool.help());
        t.add(std::move(show));
    }
    t.add({.id = "view.ui-scale", .label = "UI scale", .menu = Menu::View,
           .help = "the size of the text, panels and handles (also --ui-scale S)",
           .liveLabel = [&state] {
               char label[48];
               std::snprintf(label, sizeof label, "UI scale (%.0f%%)", state.settings.uiScale * 100.0f);
               return std::string(label);
           },
           .submenu = [&state] {
               for (const float step : kUiScaleSteps) {
                   char label[16];
                   std::snprintf(label, sizeof label, "%.0f%%", step * 100.0f);
                   if (ImGui::MenuItem(label, nullptr, state.settings.uiScale == step)) state.settings.uiScale = step;
               }
           },
           .separatorBefore = true});
    t.add({.id = "view.reset-layout", .label = "Reset the layout", .menu = Menu::View,
           .run = [&state] {
               resetLayout(state.settings);
               state.requests.push(FrameLocal{});
               state.requests.push(FrameWorld{});
           },
           .separatorBefore = true});

    for (const auto& tool : state.tools) tool->addCommands(t);

    t.add({.id = "help.controls", .label = "Controls", .menu = Menu::Help, .shortcuts = {{Key::F1}}, .help = "this help",
           .run = [&state] { state.dialogs.showHelp = !state.dialogs.showHelp; }, .checked = [&state] { return state.dialogs.showHelp; }});
    return t;
}

}  // namespace cl
