#pragma once
// `collision-lab check`: the headless checker (see --help).

#include <filesystem>
#include <ostream>
#include <span>
#include <string_view>

#include "app/cli/cli_command.h"
#include "core/collision/algorithms.h"

namespace cl {

/// The `check` row of the command table.
CliCommand checkCommand();

/// Runs `check` with the arguments after the word "check"; returns the exit status (0 done, 1 verify
/// failed or a replayed run's hits differ, 2 bad input). `available` is the set of tests this binary has
/// (the executable adds gpu); `spritesDir` holds the game's sprites for replaying a run file.
int runCheckCommand(std::span<const std::string_view> args, std::ostream& out, std::ostream& err,
                    const AlgorithmSet& available = coreAlgorithms(),
                    const std::filesystem::path& spritesDir = "assets/sprites");

}  // namespace cl
