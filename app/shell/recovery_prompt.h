#pragma once
// The sandbox side of Recovery: restoring a left-over recovery file into the document, and the
// Restore / Discard prompt shown at start-up after a crash.

#include <optional>

#include "app/shell/recovery.h"
#include "app/shell/sandbox_state.h"

namespace cl {

/// Loads the recovery file into the document: dirty, with its original path as the open file, so Save
/// writes there. On failure the message goes to state.dialogs.errors, the scene stays and the file is kept.
bool restoreRecovery(SandboxState& state, Recovery& recovery);

/// While `offer` is set, draws the modal "Recover unsaved changes?" prompt; Restore or Discard clears it.
void drawRecoveryPrompt(SandboxState& state, Recovery& recovery, std::optional<RecoveryInfo>& offer);

}  // namespace cl
