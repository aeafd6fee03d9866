#include "app/tools/tool_registry.h"

#include "app/tools/compare_tool.h"
#include "app/tools/contact_tool.h"
#include "app/tools/expectations_tool.h"
#include "app/tools/game_tool.h"
#include "app/tools/notes_tool.h"
#include "app/tools/sprites_tool.h"
#include "app/tools/step_tool.h"
#include "app/tools/tight_bounds_tool.h"
#include "app/tools/transform_tool.h"

namespace cl {

std::vector<std::unique_ptr<Tool>> makeTools() {
    std::vector<std::unique_ptr<Tool>> tools;
    tools.push_back(std::make_unique<SpritesTool>());
    tools.push_back(std::make_unique<TransformTool>());
    tools.push_back(std::make_unique<StepThroughTool>());
    tools.push_back(std::make_unique<CompareTool>());
    tools.push_back(std::make_unique<TightBoundsTool>());
    tools.push_back(std::make_unique<ContactTool>());
    tools.push_back(std::make_unique<NotesTool>());
    tools.push_back(std::make_unique<ExpectationsTool>());
    tools.push_back(std::make_unique<GameTool>());
    return tools;
}

}  // namespace cl
