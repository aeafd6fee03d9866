#pragma once
// The UI scale (View > UI scale, --ui-scale): ImGui's font atlas rebuilt at the scale, a fresh style with
// its sizes scaled, and the world view's handles sized to match. Applied between frames, before NewFrame.

namespace cl {

struct ManipulatorSettings;

/// The default font's pixel size at `scale` (13 px at 1), whole pixels so the glyphs stay sharp.
float uiFontPixels(float scale);

/// Rebuilds the font atlas (and its GL texture) at `scale` and replaces the style with the app's style with
/// every size scaled. Needs the ImGui context and its OpenGL backend; call before ImGui::NewFrame.
void applyUiScale(float scale);

/// The manipulator's screen-pixel sizes (handle radius, knob distance, framing margin, label room) at `scale`;
/// the other settings are left as they are.
void scaleManipulatorSizes(ManipulatorSettings& settings, float scale);

}  // namespace cl
