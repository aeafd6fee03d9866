// collision-lab: one executable, one command table. `collision-lab WORD ...` runs the command named WORD;
// anything else opens the sandbox (the row without a name). `collision-lab --help` lists the commands.

#include <iostream>
#include <string_view>
#include <vector>

#include "app/cli/check_command.h"
#include "app/cli/cli_command.h"
#include "app/cli/collider_command.h"
#include "app/cli/game_command.h"
#include "app/gpu/gpu_collision.h"
#include "app/shell/asset_paths.h"
#include "app/shell/sandbox.h"
#include "core/collision/algorithms.h"

int main(int argc, char** argv) {
    // The one test that needs OpenGL lives in the app: this binary's tests are core's plus it.
    cl::AlgorithmSet algorithms(cl::coreAlgorithms().all());
    algorithms.add(cl::gpuAlgorithm());

    // Every command of the program, one row each (name, summary, options, run).
    const cl::CliCommand commands[] = {
        cl::checkCommand(),
        cl::gameCommand(),
        cl::colliderCommand(),
        cl::sandboxCommand(),
    };

    const auto assets = cl::findAssetsDir();
    const cl::CliContext context{std::cout, std::cerr, algorithms,
                                 assets ? *assets / "sprites" : std::filesystem::path("assets/sprites")};
    const std::vector<std::string_view> args(argv + 1, argv + argc);
    const int status = cl::runCli(commands, args, context);
    // check may have used the gpu test; its OpenGL context goes before static destructors run.
    cl::releaseSharedGpuCollider();
    return status;
}
