#pragma once
// The interactive sandbox window.

#include <span>
#include <string_view>

#include "core/collision/algorithms.h"

namespace cl {

/// Opens the sandbox with the command-line arguments (SCENE, --frames N, --screenshot PNG, ...);
/// returns the exit status. `algorithms` are the tests this binary has (core's plus gpu).
int runSandbox(std::span<const std::string_view> args, const AlgorithmSet& algorithms);

}  // namespace cl
