#pragma once
// The shell's ImGui panels: the menu bar, the inspector (the tools' tabs), the Collision table, the
// legend and the help window. Each takes the parts of the SandboxState it draws and edits.

#include "app/shell/sandbox_state.h"
#include "app/tools/tool_context.h"

namespace cl {

/// The main menu bar (File, Edit, View, Lessons, Help) and the status line; returns its height.
float drawMainMenu(SandboxState& state);
/// The left column: one tab per tool, in the registry's order.
void drawInspector(SandboxState& state, ToolContext& ctx);
/// Every algorithm in a table, the chosen one, disagreements and the hit banner.
void drawCollisionPanel(SandboxState& state);
/// The overlay legend in layout.legend: a strip above the views, a colour swatch and toggle per overlay;
/// measures the strip's height into layout.legendHeight.
void drawLegend(AppSettings& settings, SandboxLayout& layout);
/// The three splitters between the column, the views and the Collision panel: dragging one changes the
/// layout settings (clamped by layoutWindow on the next frame); a double-click puts that size back to its default;
/// both views are framed again when a drag ends.
void drawSplitters(AppSettings& settings, const SandboxLayout& layout, RequestQueue& requests);
/// F1 (while `open`; its close box clears it): every command of `commands` and every tool's help line.
void drawHelpWindow(bool& open, const CommandTable& commands, const std::vector<std::unique_ptr<Tool>>& tools);

}  // namespace cl
