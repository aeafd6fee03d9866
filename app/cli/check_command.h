#pragma once
// `collision-lab check`: the headless checker (see --help).

#include <ostream>
#include <span>
#include <string_view>

namespace cl {

/// Runs `check` with the arguments after the word "check"; returns the exit status (0 done, 1 verify
/// failed, 2 bad input).
int runCheckCommand(std::span<const std::string_view> args, std::ostream& out, std::ostream& err);

}  // namespace cl
