#pragma once
// Manipulator: turns input events into camera moves and document edits (the world view's mouse and keys).

#include <array>
#include <optional>

#include <glm/vec2.hpp>

#include "app/editor/camera.h"
#include "app/editor/document.h"
#include "app/editor/input_event.h"
#include "core/base/geometry.h"

namespace cl {

/// A part of the world view the cursor can grab.
enum class Handle {
    None,    ///< Empty space.
    Body,    ///< A sprite itself: drag moves it.
    Rotate,  ///< The knob above the selected sprite: drag rotates about the pivot.
    Corner,  ///< A corner of the selected sprite's box: drag scales about the pivot.
    Pivot,   ///< The selected sprite's pivot with Alt held: drag moves the pivot, the image stays put.
};

/// What the cursor is over (or, during a drag, what is being dragged).
struct Hover {
    int sprite = -1;           ///< Sprite under the cursor / being edited; -1 for none.
    Handle handle = Handle::None;
    int corner = -1;           ///< 0..3 for Handle::Corner, in spriteQuad() order; else -1.
    bool operator==(const Hover&) const = default;
};

/// Where the selected sprite's handles are, in both spaces, so drawing and hit-testing agree.
struct HandleLayout {
    int sprite = -1;
    Quad cornersWorld{};                       ///< spriteQuad() of the sprite.
    std::array<glm::dvec2, 4> cornersScreen{}; ///< The same corners on screen.
    glm::dvec2 pivotWorld{0.0, 0.0};           ///< The sprite's position (its pivot).
    glm::dvec2 pivotScreen{0.0, 0.0};
    glm::dvec2 stemScreen{0.0, 0.0};           ///< Middle of the top edge (texture y = 0), where the knob's stem starts.
    glm::dvec2 rotateKnobScreen{0.0, 0.0};     ///< Centre of the rotation knob, a fixed screen distance outside the top edge.
    glm::dvec2 rotateKnobWorld{0.0, 0.0};
    double radiusPx = 0.0;                     ///< Grab radius of every handle, in screen pixels.
};

/// Tunable numbers of the manipulator.
struct ManipulatorSettings {
    bool classicControls = false;    ///< The XNA test program's controls (see Manipulator).
    double handleRadiusPx = 7.0;     ///< Grab radius of corners, knob and pivot.
    double rotateKnobDistancePx = 30.0; ///< Knob distance outside the top edge.
    double snapDegrees = 15.0;       ///< Shift+rotate-drag snaps the angle to multiples of this.
    double wheelRotateDegrees = 1.0; ///< Shift+wheel (the wheel in classic mode): degrees per notch...
    double wheelRotateFastDegrees = 5.0; ///< ...and Shift+Alt+wheel.
    double wheelScaleFactor = 1.1;   ///< Ctrl+wheel (Alt/Ctrl+wheel, Up/Down in classic mode): scale per notch.
    double wheelZoomFactor = 1.2;    ///< The plain wheel: zoom per notch.
    double nudgePx = 1.0;            ///< Arrow keys: world pixels per press...
    double nudgeFastPx = 10.0;       ///< ...and with Shift.
    double keyRotateDegrees = 1.0;   ///< Q (counter-clockwise) / E (clockwise) per press.
    double frameMarginPx = 40.0;     ///< `F` leaves at least this many screen pixels around the sprites...
    double labelHeightPx = 16.0;     ///< ...and this many more above them for their name labels.
};

/// The world view's input handling, window-free: feed it events, read edits from the Document and the
/// Camera. Positions in events are window pixels; the camera maps them to the world.
///
/// Normal mode:
/// - left press on a handle of the selected sprite grabs it (knob: rotate, Shift snaps to 15°; corner:
///   scale about the pivot, Shift keeps the ratio of the two scales); Alt+left press on a sprite moves
///   its pivot without moving the image; any other left press selects the sprite under the cursor
///   (pickSprite()) and drags it, or clears the selection over empty space;
/// - the wheel zooms at the cursor wherever it is (up zooms in); Shift+wheel rotates the sprite under the
///   cursor, else the selected one (1° per notch, Shift+Alt 5°; a positive delta, wheel up, turns
///   clockwise); Ctrl+wheel scales it (up grows);
/// - arrows nudge the selected sprite 1 px (Shift 10).
/// Classic mode (settings().classicControls), the XNA TransformedCollisionTest program: holding the left
/// button puts pair sprite A's pivot (position) at the cursor, the right button sprite B's; Alt+left /
/// Alt+right drag moves A's / B's pivot within the image, which stays put; the wheel rotates the last
/// one moved, Alt+wheel or Ctrl+wheel scales it; Left/Right arrows rotate it by 1°, Up/Down scale it.
/// Handles and click-selection are off.
/// Both modes: middle-drag or Space+left-drag pans; `F` frames all sprites; Q/E rotate the selected
/// sprite by 1°; Delete removes it; Escape cancels the drag in progress (or clears the selection);
/// Ctrl+Z undoes, Ctrl+Y and Ctrl+Shift+Z redo.
/// Every drag is one undo step; wheel and key runs on one sprite merge into one step.
///
/// The sandbox lets ImGui see input first and forwards only what ImGui does not want, but always
/// forwards MouseUp and FocusLost so that a drag never stays stuck.
class Manipulator {
public:
    /// What a held button is doing.
    enum class Drag { None, Move, Rotate, Scale, Pivot, Pan, Classic };

    /// Edits `document` and moves `camera`; both must outlive the manipulator.
    Manipulator(Document& document, Camera& camera);

    /// Handles one event; returns true when it changed the document, the camera or the hover state.
    bool handleEvent(const InputEvent& event);

    /// Settings, changeable at any time; a drag in progress finishes the way it began.
    ManipulatorSettings& settings() { return m_settings; }
    const ManipulatorSettings& settings() const { return m_settings; }

    /// What the cursor is over now; during a drag, what is being dragged. Never names a sprite the scene
    /// no longer has (after an undo or an Open, until the next event).
    Hover hover() const;
    /// The drag in progress.
    Drag drag() const { return m_drag; }
    /// Last cursor position seen, in window pixels.
    glm::dvec2 cursorScreen() const { return m_cursor; }
    /// True while Space is held (the sandbox may show a hand cursor).
    bool spaceHeld() const { return m_spaceHeld; }
    /// Classic mode: the sprite the wheel and arrows act on (the last one moved, else the selection); -1 for none.
    int classicTarget() const;

    /// Handle positions of the selected sprite for the current camera; empty when nothing is selected
    /// or classic mode is on.
    std::optional<HandleLayout> handles() const;
    /// Handle positions of any sprite (no check of mode or selection); `sprite` must be valid.
    HandleLayout handleLayout(int sprite) const;
    /// What a cursor at `screen` would grab with `mods` held (the rules of a left press, no side effects).
    Hover hitTest(glm::dvec2 screen, Modifiers mods = {}) const;

    /// Frames every sprite (what `F` does).
    void frameAll();

private:
    bool onMouseDown(const InputEvent& e);
    bool onMouseUp(const InputEvent& e);
    bool onMouseMove(const InputEvent& e);
    bool onWheel(const InputEvent& e);
    bool onKeyDown(const InputEvent& e);
    void applyDrag(glm::dvec2 screen, Modifiers mods);
    void endDrag(bool commit);
    bool rotateBy(int sprite, double degrees, std::string_view mergeKey);
    bool scaleBy(int sprite, double factor, std::string_view mergeKey);
    bool nudge(int sprite, glm::dvec2 delta);
    bool validSprite(int index) const { return index >= 0 && index < static_cast<int>(m_document.scene().sprites.size()); }

    Document& m_document;
    Camera& m_camera;
    ManipulatorSettings m_settings;
    Hover m_hover;
    Drag m_drag = Drag::None;
    MouseButton m_dragButton = MouseButton::Left;
    glm::dvec2 m_cursor{0.0, 0.0};
    glm::dvec2 m_pressScreen{0.0, 0.0};
    glm::dvec2 m_pressWorld{0.0, 0.0};
    SpriteTransform m_startTransform;
    bool m_spaceHeld = false;
    int m_classicTarget = -1;
};

}  // namespace cl
