#pragma once
// The command table's row type: `collision-lab WORD ...` runs the row named WORD (check, game, ...), and
// a command line without such a word runs the row without a name (the sandbox). app/main.cpp lists the
// rows; the help of each command and of the program is generated from them.

#include <filesystem>
#include <ostream>
#include <span>
#include <string>
#include <string_view>

#include "app/cli/options.h"
#include "core/collision/algorithms.h"

namespace cl {

/// What every command may use: where to print, the tests this binary has, the game's sprites.
struct CliContext {
    std::ostream& out;
    std::ostream& err;
    const AlgorithmSet& algorithms;    ///< Core's tests (the executable adds gpu).
    std::filesystem::path spritesDir;  ///< person.png and cross.png of the game (the bundled assets/sprites).
};

/// One command of the program.
struct CliCommand {
    std::string_view name;     ///< The word after `collision-lab`; empty for the sandbox (no word).
    std::string_view summary;  ///< One line for `collision-lab --help`.
    CommandOptions (*options)(const CliContext&);                 ///< Its options (they may list the available tests).
    int (*run)(const ParsedOptions&, const CliContext&);          ///< Runs it on a checked command line; the exit status.
};

/// Exit status of a command line the command refuses (unknown option, bad value, missing argument).
inline constexpr int kExitUsage = 2;
/// Exit status of a command that did its work (and found nothing wrong where it checks).
inline constexpr int kExitDone = 0;
/// Exit status of a command whose input (a scene, an image, a run file) cannot be used.
inline constexpr int kExitBadInput = 2;

/// "collision-lab check", or "collision-lab" for the row without a name.
std::string commandProgram(const CliCommand& command);

/// The row named `word`, or nullptr.
const CliCommand* findCliCommand(std::span<const CliCommand> table, std::string_view word);

/// The help of `command` (from its options); for the row without a name, followed by the list of `table`'s commands.
std::string commandHelp(const CliCommand& command, const CliContext& context, std::span<const CliCommand> table = {});

/// Parses `args` (the words after the command's name) with `command`'s options and runs it: a bad command
/// line prints the message and the usage on `context.err` and returns kExitUsage; --help prints commandHelp.
int runCliCommand(const CliCommand& command, std::span<const std::string_view> args, const CliContext& context,
                  std::span<const CliCommand> table = {});

/// The whole program: the first word picks the row (the row without a name when no row has that name).
int runCli(std::span<const CliCommand> table, std::span<const std::string_view> args, const CliContext& context);

}  // namespace cl
