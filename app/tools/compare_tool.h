#pragma once
// The Compare tool: two pixel tests (or one under two samplings or scan directions, or `polygon`, whose pairs
// are those inside both colliders) on the current pair, the pixel pairs counted by only one, the other or
// both, as counts and in the world view. The
// comparison is drawn only while the Compare tab is open and its box is ticked; a badge in the world
// view then names the two tests and the three colours, with a button that turns it off.

#include <array>
#include <map>
#include <string>

#include "app/tools/compare_overlay.h"
#include "app/tools/tool.h"

namespace cl {

/// Compares two tests on the report's pair; see CompareState.
class CompareTool : public Tool {
public:
    std::string_view id() const override { return "compare"; }
    std::string_view title() const override { return "Compare"; }
    std::string_view help() const override {
        return "two tests' overlapping pixel pairs (pixel tests, or polygon's inside the colliders), counted and coloured in the "
               "world view";
    }
    void update(ToolContext& ctx) override;
    void drawPanel(ToolContext& ctx) override;
    bool overlayActive() const override { return m_compare.enabled && m_panelShown; }
    void drawWorldOverlay(const WorldOverlay& view, const ToolContext& ctx) const override;
    /// "compare": the choices, the comparison's pairs only one test counts (A and B pixel) and the controls' rectangles.
    void describeUi(nlohmann::json& ui) const override;

private:
    void drawControls(ToolContext& ctx);
    void drawBadge(ToolContext& ctx);

    CompareState m_compare;
    bool m_panelShown = false;  // the tab is open: drawPanel() ran this frame
    std::map<std::string, std::array<float, 4>> m_widgets;  // each control's screen rectangle (x0, y0, x1, y1)
};

}  // namespace cl
