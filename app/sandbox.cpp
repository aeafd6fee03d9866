// Scaffolding until the sandbox issue lands.
#include "app/sandbox.h"

#include <iostream>

namespace cl {

int runSandbox(std::span<const std::string_view>) {
    std::cerr << "collision-lab: the sandbox is not built yet\n";
    return 2;
}

}  // namespace cl
