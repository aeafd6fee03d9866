#pragma once
// CommandTable: every command of the sandbox in one table — id, label, menu, shortcuts, when enabled,
// what it does, its help line. The menus, the keyboard and the F1 window are generated from it, so
// the help cannot drift from what the keys do. Tools add their rows through Tool::addCommands().

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "app/editor/input_event.h"

namespace cl {

/// A key with the modifiers that must be held (exactly these).
struct Shortcut {
    Key key = Key::Other;
    bool ctrl = false;
    bool shift = false;
    bool alt = false;

    /// True when `event` is this key going down with exactly these modifiers.
    bool matches(const InputEvent& event) const;
    /// "Ctrl+Shift+S".
    std::string text() const;
};

/// The menu a command appears in.
enum class Menu { None, File, Edit, View, Help };

/// One command.
struct Command {
    std::string id{};                       ///< Stable name, e.g. "file.save" or "view.tool.notes".
    std::string label{};                    ///< Menu text.
    Menu menu = Menu::None;
    std::vector<Shortcut> shortcuts{};      ///< Keys that run it; the first is shown in the menu.
    std::string help{};                     ///< What it does, for F1; empty: not listed.
    std::string keys{};                     ///< F1's input column when not the shortcuts ("Left drag on a sprite").
    std::function<bool()> enabled{};        ///< Null: always enabled.
    std::function<void()> run{};            ///< Null: F1 documents input the editor handles itself.
    std::function<bool()> checked{};        ///< Non-null: a toggle shown with a check mark.
    std::function<std::string()> liveLabel{};   ///< Non-null: the menu text now ("Undo move").
    std::function<void()> submenu{};        ///< Non-null: the menu entry opens a submenu drawn by this.
    bool separatorBefore = false;         ///< A menu separator above the entry.

    /// True when it can run now.
    bool isEnabled() const { return !enabled || enabled(); }
    /// F1's input column: `keys`, else the shortcuts joined with ", ".
    std::string inputText() const;
};

/// The table; rows keep the order they were added in (menus and F1 show that order).
class CommandTable {
public:
    /// Appends `command`.
    void add(Command command);
    /// Every row in order.
    std::span<const Command> all() const { return m_commands; }
    /// The row with `id`, or null.
    const Command* find(std::string_view id) const;
    /// Runs the first enabled row with an action whose shortcut matches `event`; returns true if one ran.
    bool dispatch(const InputEvent& event) const;
    /// Runs the row with `id` when it is enabled; returns true if it ran.
    bool run(std::string_view id) const;

private:
    std::vector<Command> m_commands;
};

}  // namespace cl
