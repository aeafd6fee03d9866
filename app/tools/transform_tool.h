#pragma once
// The Transform tool: the matrices behind the pixel scan, live while dragging.

#include "app/tools/tool.h"

namespace cl {

/// World matrices, inverse(B), inverse(B)*A, step vectors and start in B.
class TransformTool : public Tool {
public:
    std::string_view id() const override { return "transform"; }
    std::string_view title() const override { return "Transform"; }
    std::string_view help() const override { return "the matrices and step vectors behind the scan"; }
    void drawPanel(ToolContext& ctx) override;
};

}  // namespace cl
