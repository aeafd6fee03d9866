#pragma once
// The Compare tool: two pixel tests (or one under two samplings or scan directions) on the current
// pair, the pixel pairs counted by only one, the other or both, as counts and in the world view.

#include "app/tools/compare_overlay.h"
#include "app/tools/tool.h"

namespace cl {

/// Compares two tests on the report's pair; see CompareState.
class CompareTool : public Tool {
public:
    std::string_view id() const override { return "compare"; }
    std::string_view title() const override { return "Compare"; }
    std::string_view help() const override { return "two pixel tests' overlapping pixel pairs, counted and coloured in the world view"; }
    void update(ToolContext& ctx) override;
    void drawPanel(ToolContext& ctx) override;
    bool overlayActive() const override { return m_compare.enabled; }
    void drawWorldOverlay(const WorldOverlay& view, const ToolContext& ctx) const override;

private:
    CompareState m_compare;
};

}  // namespace cl
