#pragma once
// The sandbox's tools, in the order of the inspector's tabs.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "app/tools/tool.h"

namespace cl {

/// One instance of every tool, in tab order (tool_registry.cpp: one line per tool).
std::vector<std::unique_ptr<Tool>> makeTools();

/// The index in `tools` of the tool whose id or title is `name` (any case), or -1.
int findTool(const std::vector<std::unique_ptr<Tool>>& tools, std::string_view name);

/// "sprites, transform, ...": every tool's id, for messages.
std::string toolIds(const std::vector<std::unique_ptr<Tool>>& tools);

}  // namespace cl
