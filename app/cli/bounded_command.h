#pragma once
// A shell command run with a time limit: the `--while 'CMD {}'` predicate of `check --minimize`.

#include <string>
#include <string_view>

namespace cl {

/// How a bounded command ended.
struct BoundedCommandResult {
    int exitStatus = -1;    ///< The exit status (0..255); -1 when it did not exit by itself.
    bool timedOut = false;  ///< Killed (with its whole process group) when the time limit ran out.
    std::string error;      ///< Why it could not be started or waited for; empty otherwise.
    /// True when the command exited with status 0 within the limit.
    bool succeeded() const { return error.empty() && !timedOut && exitStatus == 0; }
};

/// `text` with every "{}" replaced by `path`, quoted for /bin/sh.
std::string substituteCandidate(std::string_view text, std::string_view path);

/// Runs `command` with /bin/sh -c in its own process group, stdin from /dev/null, stdout and stderr to
/// /dev/null; after `timeoutSeconds` (> 0) the group is killed. Never throws.
BoundedCommandResult runBoundedCommand(const std::string& command, double timeoutSeconds);

}  // namespace cl
