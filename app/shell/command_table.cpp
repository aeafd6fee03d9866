#include "app/shell/command_table.h"

namespace cl {

namespace {

const char* keyName(Key key) {
    switch (key) {
        case Key::Left: return "Left";
        case Key::Right: return "Right";
        case Key::Up: return "Up";
        case Key::Down: return "Down";
        case Key::Q: return "Q";
        case Key::E: return "E";
        case Key::F: return "F";
        case Key::Z: return "Z";
        case Key::Y: return "Y";
        case Key::S: return "S";
        case Key::O: return "O";
        case Key::N: return "N";
        case Key::A: return "A";
        case Key::D: return "D";
        case Key::B: return "B";
        case Key::Space: return "Space";
        case Key::Delete: return "Delete";
        case Key::Backspace: return "Backspace";
        case Key::Escape: return "Escape";
        case Key::Enter: return "Enter";
        case Key::Tab: return "Tab";
        case Key::F1: return "F1";
        case Key::F2: return "F2";
        case Key::F12: return "F12";
        case Key::Other: break;
    }
    return "?";
}

}  // namespace

bool Shortcut::matches(const InputEvent& event) const {
    return key != Key::Other && event.type == InputEvent::Type::KeyDown && event.key == key && event.mods.ctrl == ctrl &&
           event.mods.shift == shift && event.mods.alt == alt;
}

std::string Shortcut::text() const {
    std::string out;
    if (ctrl) out += "Ctrl+";
    if (shift) out += "Shift+";
    if (alt) out += "Alt+";
    return out + keyName(key);
}

std::string Command::inputText() const {
    if (!keys.empty()) return keys;
    std::string out;
    for (const Shortcut& s : shortcuts) out += (out.empty() ? "" : ", ") + s.text();
    return out;
}

void CommandTable::add(Command command) { m_commands.push_back(std::move(command)); }

const Command* CommandTable::find(std::string_view id) const {
    for (const Command& c : m_commands) {
        if (c.id == id) return &c;
    }
    return nullptr;
}

bool CommandTable::dispatch(const InputEvent& event) const {
    for (const Command& c : m_commands) {
        if (!c.run) continue;
        for (const Shortcut& s : c.shortcuts) {
            if (s.matches(event) && c.isEnabled()) {
                c.run();
                return true;
            }
        }
    }
    return false;
}

bool CommandTable::run(std::string_view id) const {
    const Command* c = find(id);
    if (!c || !c->run || !c->isEnabled()) return false;
    c->run();
    return true;
}

}  // namespace cl
