#pragma once
// DisplayCheck: whether the sandbox can open a window, asked before SFML is, because SFML aborts the
// process (SIGABRT) when it cannot reach the X server.

#include <optional>
#include <string>

namespace cl {

/// Nothing when an X display can be opened; otherwise what to tell the user (how to get one, and that
/// `collision-lab check` needs none).
std::optional<std::string> displayProblem();

}  // namespace cl
