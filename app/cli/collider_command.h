#pragma once
// `collision-lab collider INPUT`: the collider of each frame of an image, an atlas or a scene's sprites
// (core/collider/), with its certificate, as a table or JSON (see --help and app/README.md).

#include "app/cli/cli_command.h"

namespace cl {

/// The `collider` row of the command table.
CliCommand colliderCommand();

}  // namespace cl
