#pragma once
// The Game tool's held keys: read from the keys the sandbox window itself received, never from the
// keyboard's global state, so keys typed into another window do not move the person.

#include <cstdint>

#include <imgui.h>

namespace cl {

/// kInputLeft / kInputRight for Left/A and Right/D held according to `io.KeysDown` (indexed by
/// sf::Keyboard::Key, filled only from the window's own key events and cleared when it loses focus);
/// none while a text field has the keyboard.
std::uint8_t heldGameInput(const ImGuiIO& io);

}  // namespace cl
