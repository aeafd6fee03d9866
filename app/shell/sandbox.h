#pragma once
// The interactive sandbox window.

#include "app/cli/cli_command.h"

namespace cl {

/// The sandbox's row of the command table (the row without a name): `collision-lab [SCENE] [--frames N] ...`
/// opens the window; its status is 0, 1 when a scripted run failed or no display is reachable, 2 bad input.
CliCommand sandboxCommand();

}  // namespace cl
