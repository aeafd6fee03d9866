#include "app/cli/bounded_command.h"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <algorithm>
#include <thread>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

namespace cl {

std::string substituteCandidate(std::string_view text, std::string_view path) {
    // Single quotes keep every character but the quote itself, which is closed, escaped and reopened.
    std::string quoted = "'";
    for (char c : path) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    quoted += "'";
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text.compare(i, 2, "{}") == 0) {
            out += quoted;
            ++i;
        } else {
            out += text[i];
        }
    }
    return out;
}

BoundedCommandResult runBoundedCommand(const std::string& command, double timeoutSeconds) {
    BoundedCommandResult result;
    const pid_t child = ::fork();
    if (child < 0) {
        result.error = std::string("cannot start the command: ") + std::strerror(errno);
        return result;
    }
    if (child == 0) {
        // In the child: only async-signal-safe calls until exec.
        ::setpgid(0, 0);
        const int null = ::open("/dev/null", O_RDWR);
        if (null >= 0) {
            ::dup2(null, 0);
            ::dup2(null, 1);
            ::dup2(null, 2);
        }
        ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    ::setpgid(child, child);  // also here, so the group exists whichever process runs first
    using Clock = std::chrono::steady_clock;
    const Clock::time_point deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                          std::chrono::duration<double>(timeoutSeconds));
    auto pause = std::chrono::microseconds(200);
    for (;;) {
        int status = 0;
        const pid_t done = ::waitpid(child, &status, WNOHANG);
        if (done == child) {
            if (WIFEXITED(status)) result.exitStatus = WEXITSTATUS(status);
            ::kill(-child, SIGKILL);  // anything the command left running in its group
            return result;
        }
        if (done < 0 && errno != EINTR) {
            result.error = std::string("cannot wait for the command: ") + std::strerror(errno);
            ::kill(-child, SIGKILL);
            return result;
        }
        if (Clock::now() >= deadline) {
            ::kill(-child, SIGKILL);
            while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
            }
            result.timedOut = true;
            return result;
        }
        std::this_thread::sleep_for(pause);
        pause = std::min(pause * 2, std::chrono::microseconds(10000));
    }
}

}  // namespace cl
