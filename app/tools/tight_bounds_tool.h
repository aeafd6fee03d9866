#pragma once
// The Tight bounds tool: the blog's inward crop of the selected sprite (else the pair's A), replayed
// probe by probe in the world view, beside the exact tight-aabb and the work each took.

#include "app/tools/tight_bounds_view.h"
#include "app/tools/tool.h"

namespace cl {

/// Replays core's inward crop; see TightBoundsState.
class TightBoundsTool : public Tool {
public:
    std::string_view id() const override { return "tight-bounds"; }
    std::string_view title() const override { return "Tight bounds"; }
    std::string_view help() const override { return "the blog's inward crop of a sprite, probe by probe, beside the exact tight-aabb"; }
    void update(ToolContext& ctx) override;
    void drawPanel(ToolContext& ctx) override;
    bool overlayActive() const override { return m_state.active; }
    void drawWorldOverlay(const WorldOverlay& view, const ToolContext& ctx) const override;

private:
    TightBoundsState m_state;
};

}  // namespace cl
