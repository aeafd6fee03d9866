// Scaffolding until the scene-file issue lands: the command exists but does nothing yet.
#include "app/check_command.h"

namespace cl {

int runCheckCommand(std::span<const std::string_view>, std::ostream&, std::ostream& err) {
    err << "collision-lab check: not built yet\n";
    return 2;
}

}  // namespace cl
