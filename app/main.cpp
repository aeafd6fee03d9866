// collision-lab: `collision-lab check ...` runs the headless checker, `collision-lab game ...` the headless
// falling-blocks game; anything else opens the sandbox.

#include <iostream>
#include <string_view>
#include <vector>

#include "app/cli/check_command.h"
#include "app/cli/game_command.h"
#include "app/gpu/gpu_collision.h"
#include "app/shell/asset_paths.h"
#include "app/shell/sandbox.h"
#include "core/collision/algorithms.h"

int main(int argc, char** argv) {
    // The one test that needs OpenGL lives in the app: this binary's tests are core's plus it.
    cl::AlgorithmSet algorithms(cl::coreAlgorithms().all());
    algorithms.add(cl::gpuAlgorithm());

    std::vector<std::string_view> args(argv + 1, argv + argc);
    auto gameSprites = [] {
        const auto assets = cl::findAssetsDir();
        return assets ? *assets / "sprites" : std::filesystem::path("assets/sprites");
    };
    if (!args.empty() && args.front() == "check") {
        const int status = cl::runCheckCommand({args.begin() + 1, args.end()}, std::cout, std::cerr, algorithms, gameSprites());
        cl::releaseSharedGpuCollider();
        return status;
    }
    if (!args.empty() && args.front() == "game") {
        return cl::runGameCommand({args.begin() + 1, args.end()}, std::cout, std::cerr, gameSprites());
    }
    return cl::runSandbox(args, algorithms);
}
