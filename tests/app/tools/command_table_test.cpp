// The command table: shortcuts match exactly, disabled or action-less rows let the key through, and
// the sandbox's table gives every key one meaning and every key an F1 line.
#include "app/tools/command_table.h"
#include "app/shell/file_actions.h"
#include "app/shell/sandbox_commands.h"
#include "app/tools/tool_registry.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <tuple>

namespace cl {
namespace {

TEST(CommandTable, RunsTheRowWhoseShortcutMatchesExactly) {
    CommandTable table;
    int saves = 0, savesAs = 0;
    table.add({.id = "save", .shortcuts = {{Key::S, true}}, .run = [&] { ++saves; }});
    table.add({.id = "save-as", .shortcuts = {{Key::S, true, true}}, .run = [&] { ++savesAs; }});
    EXPECT_TRUE(table.dispatch(InputEvent::keyDown(Key::S, {.ctrl = true})));
    EXPECT_TRUE(table.dispatch(InputEvent::keyDown(Key::S, {.shift = true, .ctrl = true})));
    EXPECT_FALSE(table.dispatch(InputEvent::keyDown(Key::S)));
    EXPECT_FALSE(table.dispatch(InputEvent::keyDown(Key::S, {.ctrl = true, .alt = true})));
    EXPECT_EQ(saves, 1);
    EXPECT_EQ(savesAs, 1);
}

TEST(CommandTable, ADisabledRowOrARowWithoutActionLetsTheKeyThrough) {
    CommandTable table;
    bool enabled = false;
    int runs = 0;
    table.add({.id = "documented", .shortcuts = {{Key::Q}}});
    table.add({.id = "undo", .shortcuts = {{Key::Z, true}}, .enabled = [&] { return enabled; }, .run = [&] { ++runs; }});
    EXPECT_FALSE(table.dispatch(InputEvent::keyDown(Key::Q)));
    EXPECT_FALSE(table.dispatch(InputEvent::keyDown(Key::Z, {.ctrl = true})));
    EXPECT_FALSE(table.run("undo"));
    enabled = true;
    EXPECT_TRUE(table.dispatch(InputEvent::keyDown(Key::Z, {.ctrl = true})));
    EXPECT_TRUE(table.run("undo"));
    EXPECT_EQ(runs, 2);
}

TEST(CommandTable, F1TextIsTheKeysElseTheShortcutsJoined) {
    Command c{.shortcuts = {{Key::Y, true}, {Key::Z, true, true}}};
    EXPECT_EQ(c.inputText(), "Ctrl+Y, Ctrl+Shift+Z");
    c.keys = "Arrow keys";
    EXPECT_EQ(c.inputText(), "Arrow keys");
    EXPECT_EQ((Shortcut{Key::F12}).text(), "F12");
}

TEST(SandboxCommands, EveryShortcutHasOneMeaningAndAnF1Line) {
    SandboxState state;
    state.tools = makeTools();
    const CommandTable table = makeCommands(state);
    std::set<std::tuple<Key, bool, bool, bool>> seen;
    std::set<std::string> ids;
    for (const Command& c : table.all()) {
        EXPECT_TRUE(ids.insert(c.id).second) << "two rows named " << c.id;
        for (const Shortcut& s : c.shortcuts) {
            EXPECT_TRUE(seen.insert({s.key, s.ctrl, s.shift, s.alt}).second) << s.text() << " is bound twice";
            EXPECT_FALSE(c.help.empty()) << s.text() << " (" << c.id << ") has no F1 line";
        }
    }
    // One View entry per tool, in the registry's order.
    for (const auto& tool : state.tools) EXPECT_NE(table.find("view.tool." + std::string(tool->id())), nullptr) << tool->id();
    EXPECT_NE(table.find("edit.undo"), nullptr);
    EXPECT_EQ(table.find("edit.undo")->shortcuts.front().text(), "Ctrl+Z");
}

TEST(SandboxCommands, F2OpensTheNotesTab) {
    SandboxState state;
    state.tools = makeTools();
    const CommandTable table = makeCommands(state);
    EXPECT_TRUE(table.dispatch(InputEvent::keyDown(Key::F2)));
    ASSERT_TRUE(state.requests.has<FocusTool>());
    ASSERT_GE(state.requests.find<FocusTool>()->index, 0);
    EXPECT_EQ(state.tools[std::size_t(state.requests.find<FocusTool>()->index)]->id(), "notes");
    const Command* notes = table.find("view.tool.notes");
    ASSERT_NE(notes, nullptr);
    EXPECT_EQ(notes->shortcuts.front().text(), "F2");  // its own key first: the menu shows it
    EXPECT_FALSE(notes->help.empty());
}

TEST(SandboxCommands, F3OpensTheContactTab) {
    SandboxState state;
    state.tools = makeTools();
    const CommandTable table = makeCommands(state);
    EXPECT_TRUE(table.dispatch(InputEvent::keyDown(Key::F3)));
    ASSERT_TRUE(state.requests.has<FocusTool>());
    ASSERT_GE(state.requests.find<FocusTool>()->index, 0);
    EXPECT_EQ(state.tools[std::size_t(state.requests.find<FocusTool>()->index)]->id(), "contact");
    const Command* contact = table.find("view.tool.contact");
    ASSERT_NE(contact, nullptr);
    EXPECT_EQ(contact->shortcuts.front().text(), "F3");  // the menu and the F1 line show it first
    EXPECT_NE(contact->help.find("Contact tab"), std::string::npos) << contact->help;
    EXPECT_NE(contact->inputText().find("F3"), std::string::npos) << contact->inputText();
}

TEST(SandboxCommands, CtrlDigitsOpenTheFirstNineTabsInRegistryOrder) {
    SandboxState state;
    state.tools = makeTools();
    const CommandTable table = makeCommands(state);
    const Key digits[] = {Key::Num1, Key::Num2, Key::Num3, Key::Num4, Key::Num5, Key::Num6, Key::Num7, Key::Num8, Key::Num9};
    const std::size_t count = std::min<std::size_t>(9, state.tools.size());
    for (std::size_t i = 0; i < count; ++i) {
        state.requests.take<FocusTool>();
        EXPECT_TRUE(table.dispatch(InputEvent::keyDown(digits[i], {.ctrl = true}))) << "Ctrl+" << i + 1;
        const std::optional<FocusTool> focus = state.requests.take<FocusTool>();
        ASSERT_TRUE(focus) << "Ctrl+" << i + 1;
        EXPECT_EQ(focus->index, int(i)) << "Ctrl+" << i + 1;
    }
    EXPECT_FALSE(table.dispatch(InputEvent::keyDown(Key::Num1)));  // a bare digit is not a shortcut
    EXPECT_FALSE(state.requests.has<FocusTool>());
}

TEST(ToolRegistry, FindsAToolByIdOrTitleInAnyCase) {
    const auto tools = makeTools();
    const int contact = findTool(tools, "contact");
    ASSERT_GE(contact, 0);
    EXPECT_EQ(tools[std::size_t(contact)]->id(), "contact");
    EXPECT_EQ(findTool(tools, "Step Through"), findTool(tools, "step-through"));
    EXPECT_GE(findTool(tools, "STEP-THROUGH"), 0);
    EXPECT_EQ(findTool(tools, "no such tool"), -1);
    EXPECT_NE(toolIds(tools).find("contact"), std::string::npos);
}

TEST(SandboxCommands, ASceneWithNotesOpensOnItsNotesAndOneWithoutStaysPut) {
    SandboxState state;
    state.tools = makeTools();
    Scene scene;
    scene.notes = "Read me first.";
    state.open.document.reset(scene);
    sceneOpened(state);
    ASSERT_TRUE(state.requests.has<FocusTool>());
    ASSERT_GE(state.requests.find<FocusTool>()->index, 0);
    EXPECT_EQ(state.tools[std::size_t(state.requests.find<FocusTool>()->index)]->id(), "notes");

    state.requests.take<FocusTool>();
    state.open.document.reset(Scene{});
    sceneOpened(state);
    EXPECT_FALSE(state.requests.has<FocusTool>());
}

}  // namespace
}  // namespace cl
