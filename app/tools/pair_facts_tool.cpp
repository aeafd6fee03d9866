#include "app/tools/pair_facts_tool.h"

#include <imgui.h>

#include "app/shell/command_table.h"
#include "app/tools/tool_context.h"

namespace cl {

void PairFactsTool::drawPanel(ToolContext& ctx) {
    const PairAnalysis& pair = ctx.report().pair();
    ImGui::Text("pair %d vs %d: %s; pinged %d times", pair.a, pair.b, pair.hit ? "HIT" : "no hit", m_pings);
}

void PairFactsTool::addCommands(CommandTable& commands) {
    commands.add({.id = "pair-facts.ping", .label = "Ping pair facts", .menu = Menu::View,
                  .shortcuts = {{Key::A, true, true}}, .help = "count a ping in Pair facts", .run = [this] { ++m_pings; }});
}

}  // namespace cl
