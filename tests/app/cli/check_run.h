#pragma once
// The `check` command run in-process by the command-line tests: its exit status and both outputs.

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "app/cli/check_command.h"

namespace cl::testing {

struct CheckRun {
    int status = -1;
    std::string out;
    std::string err;
};

inline CheckRun runCheck(std::vector<std::string> args) {
    std::vector<std::string_view> views(args.begin(), args.end());
    std::ostringstream out, err;
    CheckRun r;
    r.status = runCheckCommand(views, out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
}

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace cl::testing
