#include "app/tools/command_table.h"

namespace cl {

namespace {

const char* keyName(Key key) {
    switch (key) {
#define CL_KEY_NAME(name, sfml, label) \
    case Key::name: return label;
        CL_KEYS(CL_KEY_NAME)
#undef CL_KEY_NAME
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
