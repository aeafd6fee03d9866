#pragma once
// `collision-lab game`: the falling-blocks game without a window (see --help).

#include <filesystem>
#include <ostream>
#include <span>
#include <string_view>

#include "app/cli/cli_command.h"

namespace cl {

/// The `game` row of the command table.
CliCommand gameCommand();

/// Runs `game` with the arguments after the word "game"; returns the exit status (0 done, 1 a replayed
/// run's hits differ from those it recorded, 2 bad input). `spritesDir` holds person.png and cross.png
/// (the bundled assets/sprites) unless --sprites names another folder.
int runGameCommand(std::span<const std::string_view> args, std::ostream& out, std::ostream& err,
                   const std::filesystem::path& spritesDir);

/// Replays `runFile` exactly as `collision-lab game --run FILE [--json]` does (the same code, the same
/// output and exit status); `command` names the caller in messages ("collision-lab check").
int replayRunFile(const std::filesystem::path& runFile, bool json, std::ostream& out, std::ostream& err,
                  const std::filesystem::path& spritesDir, std::string_view command);

}  // namespace cl
