#pragma once
// File > Save as bug report...: a scene file that stands alone (images embedded), with the user's title and
// notes and the current answers recorded as its `expect`, so `collision-lab check --verify` passes on it
// today and fails the day the answers change.

#include <filesystem>

#include "app/shell/sandbox_state.h"

namespace cl {

/// Opens the dialog: the scene's title, a notes template, every test ticked, a free name in the folder
/// Save As would start in.
void openBugReport(SandboxState& state);
/// Records the form's tests for the current pair as `expect` and sets the form's title and notes (one
/// undo step), then saves to `file` with every image embedded. Problems go to state.dialogs.errors. True when saved.
bool saveBugReport(SandboxState& state, const std::filesystem::path& file);
/// Draws the dialog while it is open.
void drawBugReportDialog(SandboxState& state);
/// The first of bug-report.json, bug-report-2.json, ... that does not exist in `folder`.
std::filesystem::path freeBugReportName(const std::filesystem::path& folder);

}  // namespace cl
