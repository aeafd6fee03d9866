#pragma once
// The sandbox's ImGui panels; each draws from and edits the shared SandboxState.

#include "app/shell/sandbox_state.h"

namespace cl {

/// The main menu bar (File, Edit, View, Lessons, Help) and the status line; returns its height.
float drawMainMenu(SandboxState& state);
/// The left column: Sprites, Transform, Step through and Notes as tabs.
void drawInspector(SandboxState& state);
/// Per sprite: transform fields, threshold, histogram and solid preview, image, add/remove, pair.
void drawSpritesPanel(SandboxState& state);
/// World matrices, inverse(B), inverse(B)*A, step vectors and start in B.
void drawTransformPanel(SandboxState& state);
/// Every algorithm in a table, the chosen one, disagreements and the hit banner.
void drawCollisionPanel(SandboxState& state);
/// The scan one sample at a time (core ScanCursor).
void drawStepPanel(SandboxState& state);
/// Two pixel tests' overlapping pixel pairs side by side (the Compare overlay's controls and counts).
void drawComparePanel(SandboxState& state);
/// The blog's inward crop of the selected sprite, step by step, beside the exact tight-aabb.
void drawTightBoundsPanel(SandboxState& state);
/// The scene's title and notes.
void drawNotesPanel(SandboxState& state);
/// The overlay legend floating over the world view: colour swatch and toggle per overlay.
void drawLegend(SandboxState& state);
/// F1: every control.
void drawHelpWindow(SandboxState& state);

/// Rebuilds the step-through cursor when the pair changed and advances playback by `seconds`.
void updateStepThrough(SandboxState& state, double seconds);

}  // namespace cl
