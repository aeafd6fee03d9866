#pragma once
// The sandbox's own commands (File, Edit, View, Help and the editor's keys and gestures) and the rows
// each tool adds, as one CommandTable.

#include "app/tools/command_table.h"
#include "app/shell/sandbox_state.h"

namespace cl {

/// Every command of the window, in menu and F1 order; the actions act on `state`, which must outlive
/// the table (and hold its tools already).
CommandTable makeCommands(SandboxState& state);

}  // namespace cl
