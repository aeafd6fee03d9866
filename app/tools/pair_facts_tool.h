#pragma once
// A scratch tool that follows the README recipe: the pair's names and the hit.

#include "app/tools/tool.h"

namespace cl {

/// Shows the pair and its hit; its command selects nothing new, it only proves the recipe.
class PairFactsTool : public Tool {
public:
    std::string_view id() const override { return "pair-facts"; }
    std::string_view title() const override { return "Pair facts"; }
    std::string_view help() const override { return "the pair and whether it hits"; }
    void drawPanel(ToolContext& ctx) override;
    void addCommands(CommandTable& commands) override;

private:
    int m_pings = 0;
};

}  // namespace cl
