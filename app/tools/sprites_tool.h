#pragma once
// The Sprites tool: every sprite's transform, threshold, image facts, histogram and solid preview;
// load, add and remove sprites; pick the pair.

#include "app/tools/tool.h"

namespace cl {

/// Edits the scene's sprites and the pair.
class SpritesTool : public Tool {
public:
    std::string_view id() const override { return "sprites"; }
    std::string_view title() const override { return "Sprites"; }
    std::string_view help() const override { return "transform, threshold, images and the pair of every sprite"; }
    void drawPanel(ToolContext& ctx) override;
};

}  // namespace cl
