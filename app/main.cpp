// collision-lab: `collision-lab check ...` runs the headless checker; anything else opens the sandbox.

#include <iostream>
#include <string_view>
#include <vector>

#include "app/check_command.h"
#include "app/sandbox.h"

int main(int argc, char** argv) {
    std::vector<std::string_view> args(argv + 1, argv + argc);
    if (!args.empty() && args.front() == "check") {
        return cl::runCheckCommand({args.begin() + 1, args.end()}, std::cout, std::cerr);
    }
    return cl::runSandbox(args);
}
