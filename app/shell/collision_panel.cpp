// The Collision panel: every algorithm from core's table, refreshed on every change.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "app/analysis/disagreements.h"
#include "app/shell/panels.h"
#include "core/scene/scene.h"

namespace cl {

namespace {

// A table cell's text, cut with "..." when the column is too narrow; the whole text is the tooltip then.
void cellText(const std::string& text, bool disabled) {
    const float avail = ImGui::GetContentRegionAvail().x;
    std::string shown = text;
    if (ImGui::CalcTextSize(text.c_str()).x > avail) {
        const float dots = ImGui::CalcTextSize("...").x;
        std::size_t n = text.size();
        while (n > 0 && ImGui::CalcTextSize(text.c_str(), text.c_str() + n).x + dots > avail) --n;
        shown = text.substr(0, n) + "...";
    }
    if (disabled) {
        ImGui::TextDisabled("%s", shown.c_str());
    } else {
        ImGui::TextUnformatted(shown.c_str());
    }
    if (shown != text && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text.c_str());
}

// HIT and miss as badges with their own background, readable on every row colour (plain, disagreeing
// orange, the dark red of a hit).
void hitBadge(bool hit) {
    const char* text = hit ? "HIT" : "miss";
    const ImVec2 size = ImGui::CalcTextSize(text);
    const ImVec2 pad(4.0f, 0.0f);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImDrawList* list = ImGui::GetWindowDrawList();
    list->AddRectFilled(p, ImVec2(p.x + size.x + 2 * pad.x, p.y + size.y), hit ? IM_COL32(235, 235, 235, 255) : IM_COL32(40, 44, 52, 255), 3.0f);
    list->AddText(ImVec2(p.x + pad.x, p.y), hit ? IM_COL32(170, 0, 0, 255) : IM_COL32(200, 205, 215, 255), text);
    ImGui::Dummy(ImVec2(size.x + 2 * pad.x, size.y));
}

}  // namespace

void drawCollisionPanel(SandboxState& state) {
    const Rect& r = state.views.layout.bottom;
    ImGui::SetNextWindowPos(ImVec2(float(r.min.x), float(r.min.y)), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(float(r.size().x), float(r.size().y)), ImGuiCond_Always);
    // While a tool owns the window (the game), its pair: the open scene underneath is not what the user sees.
    const ShownPair shown = shownPair(state);
    const CollisionReport& report = *shown.report;
    const PairAnalysis& pair = report.pair();
    if (pair.hit) ImGui::PushStyleColor(ImGuiCol_WindowBg, IM_COL32(90, 24, 24, 245));
    const bool open = ImGui::Begin("Collision", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoResize |
                                                         ImGuiWindowFlags_NoBringToFrontOnFocus);
    if (pair.hit) ImGui::PopStyleColor();
    if (open) {
        if (pair.a < 0) {
            state.views.layout.bottomNeeded = 0.0f;
            if (shown.owned)
                ImGui::TextDisabled("The game has no pair to show yet: point at a block, or wait for the person's first hit.");
            else
                ImGui::TextDisabled("The scene needs two sprites for a pair.");
        } else {
            const Scene& scene = *shown.scene;
            if (pair.hit) {
                ImGui::PushStyleColor(ImGuiCol_Button, IM_COL32(200, 40, 40, 255));
                ImGui::Button("  HIT  ");
                ImGui::PopStyleColor();
            } else {
                ImGui::Button("no hit");
            }
            // The scan box comes before the status text, whose length changes (updating...), so it never moves.
            ImGui::SameLine();
            // The scan direction is part of the scene (saved in its "scan" field), so changing it is an undoable edit.
            int scan = static_cast<int>(scene.scan);
            ImGui::SetNextItemWidth(ImGui::CalcTextSize("b-to-a").x + ImGui::GetFrameHeight() + ImGui::GetStyle().FramePadding.x * 2.0f);
            ImGui::BeginDisabled(shown.owned);  // the scan direction belongs to the open scene, not the game's pair
            const bool scanChanged = ImGui::Combo("scan", &scan, "a-to-b\0b-to-a\0both\0");
            ImGui::EndDisabled();
            if (scanChanged && !shown.owned) {
                const auto direction = static_cast<ScanDirection>(scan);
                state.open.document.edit("scan direction", [direction](Scene& s) { s.scan = direction; });
            }
            if (ImGui::IsItemHovered()) {
                ImGui::SetTooltip("Which sprite pixel-naive, pixel-step and pixel-fast walk: A's samples into B, B's into A,\n"
                                  "or both (a hit if either hits; the counts add up).");
            }
            char status[256];
            std::snprintf(status, sizeof status, "%s%s vs %s with %s.  Answers computed in %.2f ms%s", shown.owned ? "Game: " : "",
                          scene.sprites[pair.a].name.c_str(), scene.sprites[pair.b].name.c_str(),
                          pair.chosen ? std::string(pair.chosen->name).c_str() : "-", report.lastUpdateMs(),
                          report.pending() ? " (updating...)" : ".");
            char hint[160];
            std::snprintf(hint, sizeof hint, "(click a row to draw it; orange rows disagree with %s; a cell ending in ... shows its whole text on hover)",
                          pair.pixelTest ? std::string(pair.pixelTest->name).c_str() : "-");
            // Every row of the table stays visible when it can (at 1024x600, or UI scale 2 on 1600x900, the last
            // rows fell below the table's scroll): the hint follows the status when it fits, else takes a line of
            // its own while the rows still fit, else shrinks to a "(?)" before the status that shows it on hover;
            // and the rows lose their cell padding when the panel is still too low for them.
            const ImGuiStyle& style = ImGui::GetStyle();
            const float rows = float(pair.rows.size() + 1);  // and the header
            const float padded = rows * (ImGui::GetTextLineHeight() + 2.0f * style.CellPadding.y);
            ImGui::SameLine();
            const bool hintFits = ImGui::GetContentRegionAvail().x >=
                                  ImGui::CalcTextSize(status).x + style.ItemSpacing.x + ImGui::CalcTextSize(hint).x;
            const float below = ImGui::GetContentRegionAvail().y - ImGui::GetFrameHeightWithSpacing();  // under the status line
            const bool hintOwnLine = !hintFits && below - ImGui::GetTextLineHeightWithSpacing() >= padded;
            const bool compactRows = below - (hintOwnLine ? ImGui::GetTextLineHeightWithSpacing() : 0.0f) < padded;
            // What the panel needs for every row, compact, for the next frame's layout (app/shell/window_layout.h).
            state.views.layout.bottomNeeded = std::ceil(r.size().y - below + rows * ImGui::GetTextLineHeight() + 2.0f);
            if (!hintFits && !hintOwnLine) {
                ImGui::TextDisabled("(?)");
                if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", hint);
                ImGui::SameLine();
            }
            // Too long for the line (1024x600 cut "Answers computed in 5.25"): the same facts in fewer words.
            if (ImGui::CalcTextSize(status).x > ImGui::GetContentRegionAvail().x) {
                std::snprintf(status, sizeof status, "%s%s vs %s, %s, %.2f ms%s", shown.owned ? "Game: " : "",
                              scene.sprites[pair.a].name.c_str(), scene.sprites[pair.b].name.c_str(),
                              pair.chosen ? std::string(pair.chosen->name).c_str() : "-", report.lastUpdateMs(),
                              report.pending() ? " (updating...)" : "");
            }
            ImGui::TextUnformatted(status);
            if (shown.owned && ImGui::IsItemHovered())
                ImGui::SetTooltip("While the game runs the table shows its pair: the block under the pointer, else the\n"
                                  "person's last hit as it was in that frame. Stop the game to see the scene again.");
            if (hintFits || hintOwnLine) {
                if (hintFits) ImGui::SameLine();
                ImGui::TextDisabled("%s", hint);
            }
            const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                          ImGuiTableFlags_SizingStretchProp;
            if (compactRows) ImGui::PushStyleVar(ImGuiStyleVar_CellPadding, ImVec2(style.CellPadding.x, 0.0f));
            if (ImGui::BeginTable("algorithms", 8, flags)) {
                ImGui::TableSetupScrollFreeze(0, 1);
                // The names and kinds are never cut (at UI scale 2 on 1600x900 a stretched column cut "pixel-fa"):
                // their columns are as wide as the widest; the other columns share the rest.
                float nameWidth = ImGui::CalcTextSize("algorithm").x;
                for (const AlgorithmRow& row : pair.rows) nameWidth = std::max(nameWidth, ImGui::CalcTextSize(std::string(row.algorithm->name).c_str()).x);
                ImGui::TableSetupColumn("algorithm", ImGuiTableColumnFlags_WidthFixed, nameWidth);
                ImGui::TableSetupColumn("kind", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("bound").x);
                ImGui::TableSetupColumn("applicable", ImGuiTableColumnFlags_WidthStretch, 1.6f);
                ImGui::TableSetupColumn("hit", ImGuiTableColumnFlags_WidthStretch, 0.4f);
                ImGui::TableSetupColumn("overlap", ImGuiTableColumnFlags_WidthStretch, 0.7f);
                ImGui::TableSetupColumn("samples", ImGuiTableColumnFlags_WidthStretch, 0.7f);
                ImGui::TableSetupColumn("time (ms)", ImGuiTableColumnFlags_WidthStretch, 0.6f);
                ImGui::TableSetupColumn("disagrees with", ImGuiTableColumnFlags_WidthStretch, 1.8f);
                // The headers one by one, so that those whose meaning differs per row explain it on hover.
                ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
                for (int column = 0; column < 8; ++column) {
                    ImGui::TableSetColumnIndex(column);
                    ImGui::TableHeader(ImGui::TableGetColumnName(column));
                    if (!ImGui::IsItemHovered()) continue;
                    if (column == 5)
                        ImGui::SetTooltip("What each test counted, which differs per row:\n"
                                          "  circle, aabb, tight-aabb, obb: 1, one comparison of two shapes;\n"
                                          "  pixel-rect: the pixels of the rectangle where both overlap, scanned;\n"
                                          "  pixel-naive, pixel-step: A's pixels mapped into B;\n"
                                          "  pixel-fast: the samples (or whole words of pixels) it looked at;\n"
                                          "  pixel-world: the world pixel centres it visited;\n"
                                          "  pixel-exact: the solid pixels of the sprite with the smaller pixels it examined;\n"
                                          "  gpu: the pixels it read back.\n"
                                          "A test that stops at its first hit counts only what it looked at until then.");
                    if (column == 4)
                        ImGui::SetTooltip("How much overlaps: the overlapping samples (world pixels for pixel-world and gpu),\n"
                                          "the overlapping world area for pixel-exact; empty for the shape tests.");
                }
                for (const AlgorithmRow& row : pair.rows) {
                    const CollisionResult& res = row.result;
                    ImGui::TableNextRow();
                    // A deferred row holds the test's answer from before the current edit: greyed out.
                    if (row.deferred) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
                    if (row.disagrees) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(150, 90, 20, 200));
                    ImGui::TableSetColumnIndex(0);
                    const std::string name(row.algorithm->name);
                    const bool chosen = row.algorithm == pair.chosen;
                    if (ImGui::Selectable(name.c_str(), chosen, ImGuiSelectableFlags_SpanAllColumns)) {
                        state.settings.algorithm = name;
                    }
                    if (ImGui::IsItemHovered()) {
                        if (row.deferred) {
                            ImGui::SetTooltip("%s\n\nNot rerun while the scene is changing (it reads pixels back from the\n"
                                              "GPU); %s. It reruns once the scene has been still for a moment,\n"
                                              "or on every change when you pick it to draw.",
                                              std::string(row.algorithm->summary).c_str(),
                                              row.hasResult ? "the row shows its answer from before this edit"
                                                            : "it has no answer for this pair yet");
                        } else {
                            ImGui::SetTooltip("%s", std::string(row.algorithm->summary).c_str());
                        }
                    }
                    ImGui::TableSetColumnIndex(1);
                    ImGui::TextUnformatted(row.algorithm->kind == AlgorithmKind::Pixel ? "pixel" : "bound");
                    ImGui::TableSetColumnIndex(2);
                    if (row.deferred && !row.hasResult) {
                        ImGui::TextUnformatted("... once the scene is still");
                    } else if (res.applicable) {
                        ImGui::TextUnformatted(row.deferred ? "yes (before this edit)" : "yes");
                    } else {
                        cellText("no: " + res.reason, true);
                    }
                    ImGui::TableSetColumnIndex(3);
                    if (res.applicable) {
                        hitBadge(res.hit);
                    }
                    ImGui::TableSetColumnIndex(4);
                    if (res.applicable && row.algorithm->kind == AlgorithmKind::Pixel) ImGui::Text("%.6g", res.overlap);
                    ImGui::TableSetColumnIndex(5);
                    if (res.applicable) ImGui::Text("%lld", static_cast<long long>(res.samples));
                    ImGui::TableSetColumnIndex(6);
                    if (!row.deferred || row.hasResult) ImGui::Text("%.3f", double(res.timeNs) / 1.0e6);
                    ImGui::TableSetColumnIndex(7);
                    const std::vector<std::string> others = disagreeingTests(pair, row);
                    if (!others.empty()) {
                        std::string list;
                        for (const auto& other : others) list += (list.empty() ? "" : ", ") + other;
                        cellText(list, false);
                        if (ImGui::IsItemHovered()) {
                            ImGui::SetTooltip("%s disagrees with: %s\n(hit) = a different hit; otherwise a different count.\n"
                                              "The Compare tab shows where, pixel by pixel.",
                                              name.c_str(), list.c_str());
                        }
                    }
                    if (row.deferred) ImGui::PopStyleColor();
                }
                ImGui::EndTable();
            }
            if (compactRows) ImGui::PopStyleVar();  // after the table: its header row reads the padding too
        }
    }
    ImGui::End();
}

}  // namespace cl
