#pragma once
// InputEvent: the window-free input the editor consumes; the sandbox converts sf::Event into these.

#include <glm/vec2.hpp>

namespace cl {

/// Mouse buttons the editor reacts to.
enum class MouseButton { Left, Right, Middle };

/// The keys the editor and the sandbox's shortcuts use; everything else is Other.
enum class Key {
    Other,
    Left, Right, Up, Down,
    Q, E, F, Z, Y, S, O, N, A, B, D,
    Space, Delete, Backspace, Escape, Enter, Tab,
    F1, F2, F12,
};

/// Modifier keys held when the event happened.
struct Modifiers {
    bool shift = false;
    bool ctrl = false;
    bool alt = false;
    bool operator==(const Modifiers&) const = default;
};

/// One input event. Positions are window pixels, (0,0) top-left, y down.
struct InputEvent {
    enum class Type { MouseDown, MouseUp, MouseMove, Wheel, KeyDown, KeyUp, FocusLost, Resize };

    Type type = Type::MouseMove;
    glm::dvec2 position{0.0, 0.0};       ///< Cursor position (mouse and wheel events).
    MouseButton button = MouseButton::Left; ///< MouseDown / MouseUp only.
    double wheelDelta = 0.0;             ///< Wheel only: notches, positive away from the user (up).
    Key key = Key::Other;                ///< KeyDown / KeyUp only.
    Modifiers mods;                      ///< Modifiers held at the time of the event.
    glm::dvec2 size{0.0, 0.0};           ///< Resize only: new window size in pixels.

    /// A button pressed at `at`.
    static InputEvent mouseDown(glm::dvec2 at, MouseButton b, Modifiers m = {}) {
        InputEvent e; e.type = Type::MouseDown; e.position = at; e.button = b; e.mods = m; return e;
    }
    /// A button released at `at`.
    static InputEvent mouseUp(glm::dvec2 at, MouseButton b, Modifiers m = {}) {
        InputEvent e; e.type = Type::MouseUp; e.position = at; e.button = b; e.mods = m; return e;
    }
    /// The cursor moved to `at`.
    static InputEvent mouseMove(glm::dvec2 at, Modifiers m = {}) {
        InputEvent e; e.type = Type::MouseMove; e.position = at; e.mods = m; return e;
    }
    /// The wheel turned by `delta` notches with the cursor at `at`.
    static InputEvent wheel(glm::dvec2 at, double delta, Modifiers m = {}) {
        InputEvent e; e.type = Type::Wheel; e.position = at; e.wheelDelta = delta; e.mods = m; return e;
    }
    /// A key went down (also sent again on auto-repeat).
    static InputEvent keyDown(Key k, Modifiers m = {}) {
        InputEvent e; e.type = Type::KeyDown; e.key = k; e.mods = m; return e;
    }
    /// A key went up.
    static InputEvent keyUp(Key k, Modifiers m = {}) {
        InputEvent e; e.type = Type::KeyUp; e.key = k; e.mods = m; return e;
    }
    /// The window lost focus: held keys and buttons are forgotten.
    static InputEvent focusLost() { InputEvent e; e.type = Type::FocusLost; return e; }
    /// The window now measures `newSize` pixels.
    static InputEvent resize(glm::dvec2 newSize) { InputEvent e; e.type = Type::Resize; e.size = newSize; return e; }
};

}  // namespace cl
