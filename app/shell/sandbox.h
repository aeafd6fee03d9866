#pragma once
// The interactive sandbox window.

#include <span>
#include <string_view>

namespace cl {

/// Opens the sandbox with the command-line arguments (SCENE, --frames N, --screenshot PNG, ...);
/// returns the exit status.
int runSandbox(std::span<const std::string_view> args);

}  // namespace cl
