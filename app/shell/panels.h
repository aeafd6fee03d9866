#pragma once
// The shell's ImGui panels: the menu bar, the inspector (the tools' tabs), the Collision table, the
// legend and the help window. Each draws from and edits the shared SandboxState.

#include "app/shell/sandbox_state.h"
#include "app/tools/tool_context.h"

namespace cl {

/// The main menu bar (File, Edit, View, Lessons, Help) and the status line; returns its height.
float drawMainMenu(SandboxState& state);
/// The left column: one tab per tool, in the registry's order.
void drawInspector(SandboxState& state, ToolContext& ctx);
/// Every algorithm in a table, the chosen one, disagreements and the hit banner.
void drawCollisionPanel(SandboxState& state);
/// The overlay legend: a strip above the views, a colour swatch and toggle per overlay.
void drawLegend(SandboxState& state);
/// The three splitters between the column, the views and the Collision panel: dragging one changes the
/// layout settings (clamped by layoutWindow on the next frame); a double-click puts that size back to its default;
/// both views are framed again when a drag ends.
void drawSplitters(SandboxState& state);
/// F1: every control.
void drawHelpWindow(SandboxState& state);

}  // namespace cl
