#include "app/tools/compare_tool.h"

#include <array>
#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

#include <imgui.h>

#include "app/tools/tool_context.h"
#include "app/views/text_wrap.h"
#include "app/views/view_drawing.h"

namespace cl {
namespace {

// The last item's screen rectangle (x0, y0, x1, y1), for --describe-ui.
std::array<float, 4> rectOfItem() {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    return {a.x, a.y, b.x, b.y};
}

ImVec4 toVec4(std::uint32_t rgba) {
    return ImVec4(float((rgba >> 24) & 0xFF) / 255.0f, float((rgba >> 16) & 0xFF) / 255.0f, float((rgba >> 8) & 0xFF) / 255.0f,
                  float(rgba & 0xFF) / 255.0f);
}

// One side's controls; `id` keeps the two sides' widgets apart.
void drawChoice(const char* id, const char* label, CompareChoice& choice, const AlgorithmSet& algorithms) {
    ImGui::PushID(id);
    ImGui::TextUnformatted(label);
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::BeginCombo("##test", choice.algorithm.c_str())) {
        for (const Algorithm* algorithm : comparableTests(algorithms)) {
            const std::string name(algorithm->name);
            if (ImGui::Selectable(name.c_str(), name == choice.algorithm)) choice.algorithm = name;
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(algorithm->summary).c_str());
        }
        ImGui::EndCombo();
    }
    const Algorithm* algorithm = algorithms.find(choice.algorithm);
    if (algorithm && algorithm->honoursSampling) {
        int sampling = choice.sampling == Sampling::Xna ? 1 : 0;
        ImGui::RadioButton("center", &sampling, 0);
        ImGui::SameLine();
        ImGui::RadioButton("xna", &sampling, 1);
        choice.sampling = sampling == 1 ? Sampling::Xna : Sampling::Center;
    }
    if (algorithm && algorithm->directional) {
        int scan = static_cast<int>(choice.scan);
        ImGui::RadioButton("A->B", &scan, static_cast<int>(ScanDirection::AToB));
        ImGui::SameLine();
        ImGui::RadioButton("B->A", &scan, static_cast<int>(ScanDirection::BToA));
        ImGui::SameLine();
        ImGui::RadioButton("both", &scan, static_cast<int>(ScanDirection::Both));
        choice.scan = static_cast<ScanDirection>(scan);
    }
    if (algorithm && !algorithm->honoursSampling && !algorithm->directional) {
        textDisabledWrapped("(no sampling or scan options: it does not walk A's pixel grid)");
    }
    if (algorithm && algorithm->kind == AlgorithmKind::Bound) {
        textDisabledWrapped("(the pixel pairs whose squares share area inside both sprites' colliders: against pixel-exact, "
                        "the pairs only one of them counts are where the colliders and the pixels disagree)");
    }
    ImGui::PopID();
}

// "HIT, overlap 12" for a pixel test; a bound test that lists pairs (polygon) has no overlap, so its pair count.
std::string answerText(const Algorithm* algorithm, const CollisionResult& r) {
    char text[96];
    if (algorithm && algorithm->kind == AlgorithmKind::Bound)
        std::snprintf(text, sizeof text, "%s, %zu pixel pairs", r.hit ? "HIT" : "no hit", r.hits.size());
    else
        std::snprintf(text, sizeof text, "%s, overlap %.6g", r.hit ? "HIT" : "no hit", r.overlap);
    return text;
}

void countRow(const char* label, CompareSet set, std::size_t count, const char* tooltip) {
    compareMarkerKey(set, ImGui::GetTextLineHeight());
    ImGui::SameLine();
    ImGui::Text("%-12s %zu", label, count);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tooltip);
}

}  // namespace

void CompareTool::update(ToolContext&) {
    // Set again by drawPanel() when the tab is open this frame (panels are drawn before the views).
    m_panelShown = false;
}

void CompareTool::drawWorldOverlay(const WorldOverlay& view, const ToolContext&) const {
    drawCompareOverlay(view.list, m_compare, *view.camera);
}

void CompareTool::drawPanel(ToolContext& ctx) {
    m_panelShown = true;
    drawControls(ctx);
    if (overlayActive()) drawBadge(ctx);
}

void CompareTool::drawBadge(ToolContext& ctx) {
    const Rect& view = ctx.worldCamera().viewport();
    if (view.size().x <= 0.0 || view.size().y <= 0.0) return;
    // Bottom left: framed sprites sit in the middle, their labels and rotate knobs above them.
    ImGui::SetNextWindowPos(ImVec2(float(view.min.x) + 6.0f, float(view.max.y) - 6.0f), ImGuiCond_Always, ImVec2(0.0f, 1.0f));
    ImGui::SetNextWindowBgAlpha(0.85f);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                   ImGuiWindowFlags_NoNav;
    if (ImGui::Begin("Compare badge", nullptr, flags)) {
        const AlgorithmSet& algorithms = ctx.report().algorithms();
        const CompareChoice& f = m_compare.computed ? m_compare.firstUsed : m_compare.first;
        const CompareChoice& s = m_compare.computed ? m_compare.secondUsed : m_compare.second;
        const std::string first = comparedTestName({algorithms.find(f.algorithm), f.sampling, f.scan});
        const std::string second = comparedTestName({algorithms.find(s.algorithm), s.sampling, s.scan});
        const auto swatch = [](const char* label, CompareSet set) {
            compareMarkerKey(set, ImGui::GetTextLineHeight());
            ImGui::SameLine(0.0f, 4.0f);
            ImGui::TextUnformatted(label);
        };
        // A short view (a large UI scale, a low window) gets one line, so the badge does not cover the sprites
        // it marks; the tests' names are then in its tooltip (and in the panel beside it).
        const ImGuiStyle& style = ImGui::GetStyle();
        const bool compact = 3.0f * ImGui::GetFrameHeightWithSpacing() + 2.0f * style.WindowPadding.y > 0.3f * float(view.size().y);
        if (compact) {
            swatch("only 1st", CompareSet::OnlyFirst);
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("only %s", first.c_str());
            ImGui::SameLine();
            swatch("only 2nd", CompareSet::OnlySecond);
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("only %s", second.c_str());
            ImGui::SameLine();
            swatch("both", CompareSet::Both);
            ImGui::SameLine();
        } else {
            // One test a line, so the badge stays narrow enough for a small window's world view.
            ImGui::Text("Compare: %s", first.c_str());
            ImGui::SameLine();
        }
        if (ImGui::SmallButton("x")) m_compare.enabled = false;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Stop comparing (the Compare tab's box)");
        if (!compact) {
            ImGui::Text("     vs: %s", second.c_str());
            swatch("only first", CompareSet::OnlyFirst);
            ImGui::SameLine();
            swatch("only second", CompareSet::OnlySecond);
            ImGui::SameLine();
            swatch("both", CompareSet::Both);
        }
    }
    ImGui::End();
}

void CompareTool::describeUi(nlohmann::json& ui) const {
    const CompareState& c = m_compare;
    nlohmann::json& out = ui["compare"];
    out = {{"enabled", c.enabled}, {"first", c.first.algorithm}, {"second", c.second.algorithm}, {"computed", c.computed}};
    for (const auto& [name, r] : m_widgets) out["widgets"][name] = r;
    if (!c.computed) return;
    out["applicable"] = c.comparison.applicable;
    out["reason"] = c.comparison.reason;
    out["first_used"] = c.firstUsed.algorithm;
    out["second_used"] = c.secondUsed.algorithm;
    out["first_hit"] = c.comparison.first.hit;
    out["second_hit"] = c.comparison.second.hit;
    const auto pixels = [](const std::vector<PixelHit>& hits) {
        nlohmann::json list = nlohmann::json::array();
        for (const PixelHit& h : hits) list.push_back({{"a", {h.a.x, h.a.y}}, {"b", {h.b.x, h.b.y}}});
        return list;
    };
    out["only_first"] = pixels(c.comparison.sets.onlyFirst);
    out["only_second"] = pixels(c.comparison.sets.onlySecond);
    out["both"] = c.comparison.sets.both.size();
}

void CompareTool::drawControls(ToolContext& ctx) {
    CompareState& compare = m_compare;
    ImGui::Checkbox("Compare two tests in the world view", &compare.enabled);
    m_widgets["enabled"] = rectOfItem();
    textDisabledWrapped("Colours the (A pixel, B pixel) pairs each test counts as overlapping, over the other overlays, "
                    "while this tab is open.");
    ImGui::TextUnformatted("Presets:");
    // Each preset on the line while it fits, so none is cut off in a narrow column or at a large UI scale.
    const auto preset = [this](const char* label, const char* key) {
        sameLineIfFits(ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2.0f);
        const bool clicked = ImGui::SmallButton(label);
        m_widgets[std::string("preset.") + key] = rectOfItem();
        return clicked;
    };
    if (preset("A grid vs world", "a_grid_vs_world")) {
        compare.first = {"pixel-naive"};
        compare.second = {"pixel-world"};
        compare.enabled = true;
    }
    if (preset("center vs xna", "center_vs_xna")) {
        compare.first = {"pixel-naive", Sampling::Center};
        compare.second = {"pixel-naive", Sampling::Xna};
        compare.enabled = true;
    }
    if (preset("A->B vs B->A", "a_to_b_vs_b_to_a")) {
        compare.first = {"pixel-naive", Sampling::Center, ScanDirection::AToB};
        compare.second = {"pixel-naive", Sampling::Center, ScanDirection::BToA};
        compare.enabled = true;
    }
    if (preset("collider vs pixels", "collider_vs_pixels")) {
        compare.first = {"polygon"};
        compare.second = {"pixel-exact"};
        compare.enabled = true;
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("polygon vs pixel-exact: only first = overlap the colliders add, only second = overlap they miss");
    ImGui::Separator();
    drawChoice("first", "First test", compare.first, ctx.report().algorithms());
    ImGui::Spacing();
    drawChoice("second", "Second test", compare.second, ctx.report().algorithms());
    ImGui::Separator();
    // After the widgets, so a preset or a new choice shows its answer in the same frame.
    updateComparison(compare, ctx.report());
    if (!compare.enabled) {
        textDisabledWrapped("Tick the box (or pick a preset) to compare.");
        return;
    }
    if (!compare.computed) {
        ImGui::TextDisabled("computing...");
        return;
    }
    const Comparison& c = compare.comparison;
    if (!c.applicable) {
        ImGui::TextWrapped("Cannot compare: %s", c.reason.c_str());
        return;
    }
    const std::string firstName = comparedTestName({ctx.report().algorithms().find(compare.firstUsed.algorithm), compare.firstUsed.sampling, compare.firstUsed.scan});
    const std::string secondName = comparedTestName({ctx.report().algorithms().find(compare.secondUsed.algorithm), compare.secondUsed.sampling, compare.secondUsed.scan});
    const AlgorithmSet& algorithms = ctx.report().algorithms();
    ImGui::TextWrapped("First:  %s - %s", firstName.c_str(), answerText(algorithms.find(compare.firstUsed.algorithm), c.first).c_str());
    ImGui::TextWrapped("Second: %s - %s", secondName.c_str(), answerText(algorithms.find(compare.secondUsed.algorithm), c.second).c_str());
    countRow("only first", CompareSet::OnlyFirst, c.sets.onlyFirst.size(), "Pixel pairs only the first test counted.");
    countRow("only second", CompareSet::OnlySecond, c.sets.onlySecond.size(), "Pixel pairs only the second test counted.");
    countRow("both", CompareSet::Both, c.sets.both.size(), "Pixel pairs both tests counted.");
    if (c.sets.agree()) {
        ImGui::TextColored(toVec4(comparePalette::kBoth), "The two tests found the same pixel pairs.");
    } else if (c.first.hit != c.second.hit) {
        ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "They disagree on the hit itself.");
    }
    textDisabledWrapped("Counts are of distinct pairs; a test's own overlap can be larger when it counts a pair twice (scan both).");
    ImGui::TextDisabled("Compared in %.2f ms.", compare.ms);
}

}  // namespace cl
