#pragma once
// File > Shrink this bug report...: `check --minimize` on the open scene, on a worker, with a progress bar
// and Cancel; the smallest scene found is written beside the open file (SCENE.min.json, images embedded) and
// opened, with the Compare tab showing what its pair's tests still answer differently.
//
// The property kept: `--verify` fails as on the open scene (core/check/scene_minimizer.h), when it has an
// expect block that fails; else two pixel tests that disagree on the selected pair (the first such two in
// table order). Tests run from core's set: the gpu row needs the window's thread.

#include <memory>

#include "app/shell/sandbox_state.h"

namespace cl {

/// The work in flight (opaque; the shell owns it through Dialogs::shrink).
struct ShrinkJob;

/// Starts shrinking the open scene (the scene as edited), or says in the error popup why it cannot: an
/// unsaved scene (the result goes beside its file), an output that may not be written, one already running.
void startShrinkReport(SandboxState& state);
/// True while a shrink runs.
bool shrinkRunning(const SandboxState& state);
/// Draws the progress window while a shrink runs and, once it ends, writes and opens the result (or shows
/// why not) and says where it went.
void drawShrinkReport(SandboxState& state);

}  // namespace cl
