#pragma once
// The sandbox's tools, in the order of the inspector's tabs.

#include <memory>
#include <vector>

#include "app/tools/tool.h"

namespace cl {

/// One instance of every tool, in tab order (tool_registry.cpp: one line per tool).
std::vector<std::unique_ptr<Tool>> makeTools();

}  // namespace cl
