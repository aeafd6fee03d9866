#pragma once
// InputEvent: the window-free input the editor consumes; the sandbox converts sf::Event into these.

#include <glm/vec2.hpp>

namespace cl {

/// Mouse buttons the editor reacts to.
enum class MouseButton { Left, Right, Middle };

/// Every key the editor and the sandbox's shortcuts use, once: X(name, SFML's sf::Keyboard name, label).
/// Adding a key is one line here; the enum, the SFML mapping and the shortcut text all come from it.
#define CL_KEYS(X)                                                                                         \
    X(Left, Left, "Left") X(Right, Right, "Right") X(Up, Up, "Up") X(Down, Down, "Down")                  \
    X(Q, Q, "Q") X(E, E, "E") X(F, F, "F") X(Z, Z, "Z") X(Y, Y, "Y") X(S, S, "S") X(O, O, "O")             \
    X(N, N, "N") X(A, A, "A") X(B, B, "B") X(D, D, "D") X(G, G, "G") X(P, P, "P") X(T, T, "T") X(L, L, "L") \
    X(Space, Space, "Space") X(Delete, Delete, "Delete") X(Backspace, BackSpace, "Backspace")             \
    X(Escape, Escape, "Escape") X(Enter, Enter, "Enter") X(Tab, Tab, "Tab")                               \
    X(Comma, Comma, ",") X(Period, Period, ".") X(Home, Home, "Home") X(End, End, "End")                  \
    X(Num1, Num1, "1") X(Num2, Num2, "2") X(Num3, Num3, "3") X(Num4, Num4, "4") X(Num5, Num5, "5")         \
    X(Num6, Num6, "6") X(Num7, Num7, "7") X(Num8, Num8, "8") X(Num9, Num9, "9")                           \
    X(F1, F1, "F1") X(F2, F2, "F2") X(F3, F3, "F3") X(F4, F4, "F4") X(F5, F5, "F5") X(F6, F6, "F6")        \
    X(F7, F7, "F7") X(F8, F8, "F8") X(F9, F9, "F9") X(F10, F10, "F10") X(F11, F11, "F11") X(F12, F12, "F12") \
    X(Num0, Num0, "0") X(Equal, Equal, "+") X(Hyphen, Hyphen, "-") X(Add, Add, "Keypad +")                  \
    X(Subtract, Subtract, "Keypad -")

/// The keys the editor and the sandbox's shortcuts use; everything else is Other.
enum class Key {
    Other,
#define CL_KEY_ENUM(name, sfml, label) name,
    CL_KEYS(CL_KEY_ENUM)
#undef CL_KEY_ENUM
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
