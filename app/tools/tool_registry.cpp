#include "app/tools/tool_registry.h"

#include <algorithm>
#include <cctype>

#include "app/tools/collider_tool.h"
#include "app/tools/compare_tool.h"
#include "app/tools/contact_tool.h"
#include "app/tools/expectations_tool.h"
#include "app/tools/game_tool.h"
#include "app/tools/notes_tool.h"
#include "app/tools/sprites_tool.h"
#include "app/tools/step_tool.h"
#include "app/tools/thresholds_tool.h"
#include "app/tools/tight_bounds_tool.h"
#include "app/tools/timeline_tool.h"
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
    tools.push_back(std::make_unique<ThresholdsTool>());
    tools.push_back(std::make_unique<ColliderTool>());
    tools.push_back(std::make_unique<NotesTool>());
    tools.push_back(std::make_unique<ExpectationsTool>());
    tools.push_back(std::make_unique<GameTool>());
    tools.push_back(std::make_unique<TimelineTool>());
    return tools;
}

namespace {

bool sameText(std::string_view a, std::string_view b) {
    return std::ranges::equal(a, b, [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
    });
}

}  // namespace

int findTool(const std::vector<std::unique_ptr<Tool>>& tools, std::string_view name) {
    for (std::size_t i = 0; i < tools.size(); ++i)
        if (sameText(tools[i]->id(), name) || sameText(tools[i]->title(), name)) return int(i);
    return -1;
}

std::string toolIds(const std::vector<std::unique_ptr<Tool>>& tools) {
    std::string out;
    for (const auto& tool : tools) out += (out.empty() ? "" : ", ") + std::string(tool->id());
    return out;
}

}  // namespace cl
