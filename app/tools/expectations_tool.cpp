#include "app/tools/expectations_tool.h"

#include <algorithm>
#include <chrono>

#include <imgui.h>

#include "app/editor/natural_order.h"
#include "app/tools/tool_context.h"
#include "app/views/text_wrap.h"

namespace cl {

namespace {

// The Collision table's answers for the current pair, for entries whose test runs only on the report's
// own thread (gpu); empty while the table is catching up.
std::vector<AlgorithmOutcome> tableAnswers(const ToolContext& ctx) {
    std::vector<AlgorithmOutcome> answers;
    const CollisionReport& report = ctx.report();
    const PairAnalysis& pair = report.pair();
    const Selection& selection = ctx.document().selection();
    if (report.pending() || pair.a < 0 || pair.a != selection.pairA || pair.b != selection.pairB) return answers;
    for (const AlgorithmRow& row : pair.rows) {
        if (row.algorithm->threadBound && row.hasResult && !row.deferred) answers.push_back({row.algorithm, row.result});
    }
    return answers;
}

std::string currentPairName(const ToolContext& ctx) {
    const Scene& scene = ctx.document().scene();
    const Selection& s = ctx.document().selection();
    if (s.pairA < 0 || s.pairB < 0) return {};
    return scene.sprites[s.pairA].name + "/" + scene.sprites[s.pairB].name;
}

const char* stateText(ExpectationState state) {
    switch (state) {
        case ExpectationState::Passes: return "passes";
        case ExpectationState::Fails: return "FAILS";
        case ExpectationState::Unavailable: return "not here";
        case ExpectationState::NotComputed: return "waiting";
    }
    return "";
}

ImVec4 stateColour(ExpectationState state) {
    switch (state) {
        case ExpectationState::Passes: return ImVec4(0.55f, 0.9f, 0.55f, 1.0f);
        case ExpectationState::Fails: return ImVec4(1.0f, 0.45f, 0.45f, 1.0f);
        default: return ImGui::GetStyle().Colors[ImGuiCol_TextDisabled];
    }
}

}  // namespace

void ExpectationsTool::sceneOpened() {
    m_statuses.clear();
    m_haveAnswers = false;
    m_judgedRevision = ~std::uint64_t{0};
    m_recordError.clear();
}

void ExpectationsTool::startJob(const ToolContext& ctx) {
    const Document& doc = ctx.document();
    m_jobRevision = doc.revision();
    const AlgorithmSet* available = &ctx.report().algorithms();
    // A copy: the worker must not read the document while the user edits it (images are shared, not copied).
    // Frame 0, as `check --verify` judges the file (the views show the timeline's current frame).
    m_job = std::async(std::launch::async, [scene = doc.fileScene(), available, revision = doc.revision()] {
        Answers answers;
        answers.revision = revision;
        MaskCache masks;
        for (const PairExpectations& pair : scene.expect.pairs()) {
            CheckOptions options;
            options.available = available;
            options.pair = std::make_pair(pair.a, pair.b);
            for (const AlgorithmExpectation& entry : pair.algorithms) {
                const Algorithm* a = available->find(entry.algorithm);
                if (a && !a->threadBound) options.algorithms.push_back(entry.algorithm);
            }
            if (options.algorithms.empty()) {
                answers.report.pairs.push_back(PairReport{pair.a, pair.b, {}, std::nullopt});
                continue;
            }
            CheckRunResult run = runCheck(scene, "", options, masks);
            if (!run.ok()) {
                answers.error = pair.key() + ": " + run.error;
                continue;
            }
            for (PairReport& p : run.report->pairs) answers.report.pairs.push_back(std::move(p));
        }
        return answers;
    });
}

void ExpectationsTool::judge(const ToolContext& ctx) {
    CheckReport answers = m_answers.report;
    const std::string current = currentPairName(ctx);
    const std::vector<AlgorithmOutcome> table = tableAnswers(ctx);
    for (PairReport& pair : answers.pairs) {
        if (pair.a + "/" + pair.b == current) pair.results.insert(pair.results.end(), table.begin(), table.end());
    }
    m_statuses = expectationStatus(answers, ctx.document().scene().expect, ctx.report().algorithms());
    m_judgedRevision = m_answers.revision;
    m_judgedGeneration = ctx.report().generation();
}

void ExpectationsTool::update(ToolContext& ctx) {
    const Document& doc = ctx.document();
    if (m_job.valid() && m_job.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
        m_answers = m_job.get();
        m_haveAnswers = true;
    }
    if (doc.scene().expect.empty()) {
        m_statuses.clear();
        return;
    }
    // One job at a time, and only while the panel is open (the Collision table's worker shares the cores);
    // a scene that changed meanwhile gets the next one.
    const bool shown = m_shown;
    m_shown = false;
    if (shown && !m_job.valid() && m_jobRevision != doc.revision()) startJob(ctx);
    const bool fresh = m_haveAnswers && m_answers.revision == doc.revision();
    if (fresh && (m_judgedRevision != m_answers.revision || m_judgedGeneration != ctx.report().generation())) judge(ctx);
}

void ExpectationsTool::reRecord(ToolContext& ctx) {
    Document& doc = ctx.document();
    const Scene scene = doc.fileScene();  // frame 0: what `check --verify` will test
    const AlgorithmSet& available = ctx.report().algorithms();
    const std::string current = currentPairName(ctx);
    Expectations expect;
    MaskCache masks;
    std::vector<std::pair<std::string, std::string>> pairs;
    for (const PairExpectations& pair : scene.expect.pairs()) pairs.emplace_back(pair.a, pair.b);
    const bool wasEmpty = pairs.empty();
    if (wasEmpty) {
        const Selection& s = doc.selection();
        if (s.pairA < 0 || s.pairB < 0) return;
        pairs.emplace_back(scene.sprites[s.pairA].name, scene.sprites[s.pairB].name);
    }
    for (const auto& pair : pairs) {
        const std::string key = pair.first + "/" + pair.second;
        std::vector<std::string> tests;
        if (!wasEmpty) {
            for (const AlgorithmExpectation& entry : scene.expect.find(pair.first, pair.second)->algorithms) {
                if (available.find(entry.algorithm)) tests.push_back(entry.algorithm);
            }
            if (tests.empty()) continue;
        }
        const ExpectRecording r = recordExpectations(scene, pair, tests, available,
                                                     key == current ? tableAnswers(ctx) : std::vector<AlgorithmOutcome>{}, masks);
        if (!r.ok()) {
            m_recordError = r.error;
            return;
        }
        expect.merge(expectationsFromJson(r.expect));
    }
    // Entries for tests this binary lacks are kept as they were: they cannot be re-recorded here.
    for (const PairExpectations& pair : scene.expect.pairs()) {
        for (const AlgorithmExpectation& entry : pair.algorithms) {
            if (!available.find(entry.algorithm)) expect.set(pair.a, pair.b, entry.algorithm, entry.fields);
        }
    }
    m_recordError.clear();
    doc.edit("Re-record expectations", [&](Scene& s) { s.expect = expect; });
}

void ExpectationsTool::drawPanel(ToolContext& ctx) {
    m_shown = true;
    Document& doc = ctx.document();
    const Expectations& expect = doc.scene().expect;
    const std::size_t total = expect.count();
    if (total == 0) {
        ImGui::TextWrapped("This scene has no expectations. Re-record stores what the tests answer now for the pair %s, so "
                           "`collision-lab check FILE --verify` can tell when the answers change. File > Save as bug "
                           "report... does the same with a title and notes.", currentPairName(ctx).c_str());
    } else {
        int passes = 0, fails = 0, other = 0;
        for (const auto& s : m_statuses) {
            if (s.state == ExpectationState::Passes) ++passes;
            else if (s.state == ExpectationState::Fails) ++fails;
            else ++other;
        }
        const bool waiting = m_statuses.empty() || m_judgedRevision != doc.revision();
        ImGui::Text("%zu expectations: %d pass, %d fail", total, passes, fails);
        if (other > 0) {
            ImGui::SameLine();
            ImGui::TextDisabled("(%d not judged here)", other);
        }
        if (waiting) {
            ImGui::SameLine();
            ImGui::TextDisabled("(updating...)");
        }
        if (doc.scene().timeline.frame != 0) {
            textDisabledWrapped("Judged at frame 0, as check does; the views show frame %d.", doc.scene().timeline.frame);
        }
    }
    ImGui::BeginDisabled(total == 0);
    if (ImGui::Button("Clear")) doc.edit("Clear expectations", [](Scene& s) { s.expect = Expectations{}; });
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Remove every expectation (undoable).");
    ImGui::SameLine();
    if (ImGui::Button("Re-record")) reRecord(ctx);
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip(total == 0 ? "Record every test's answer for the current pair (undoable)."
                                     : "Replace each expected answer with the current one, same pairs and tests (undoable).");
    }
    if (!m_recordError.empty()) ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.45f, 1.0f), "%s", m_recordError.c_str());
    if (m_haveAnswers && !m_answers.error.empty()) ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.45f, 1.0f), "%s", m_answers.error.c_str());
    if (total == 0) return;
    textDisabledWrapped("gpu entries are judged from the Collision table, for the current pair only.");

    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY |
                                  ImGuiTableFlags_SizingStretchProp;
    if (!ImGui::BeginTable("expectations", 4, flags)) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("pair", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("test", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("now", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("expected", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    const bool judged = m_judgedRevision == doc.revision();
    // Pairs in natural order (block-2 before block-10); a click on a row's pair makes it the current pair.
    std::vector<const PairExpectations*> sorted;
    for (const PairExpectations& pair : expect.pairs()) sorted.push_back(&pair);
    std::stable_sort(sorted.begin(), sorted.end(), [](const PairExpectations* x, const PairExpectations* y) {
        return naturalLess(x->key(), y->key());
    });
    const Scene& scene = doc.scene();
    const Selection& selection = doc.selection();
    for (const PairExpectations* pairPointer : sorted) {
        const PairExpectations& pair = *pairPointer;
        const std::string pairKey = pair.key();
        const std::optional<std::size_t> a = findSprite(scene, pair.a), b = findSprite(scene, pair.b);
        const bool current = a && b && int(*a) == selection.pairA && int(*b) == selection.pairB;
        int rowIndex = 0;
        auto row = [&](const std::string& name, const nlohmann::json& fields) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::PushID(pairKey.c_str());
            ImGui::PushID(rowIndex++);
            if (ImGui::Selectable(pairKey.c_str(), current) && a && b && !current) doc.setPair(int(*a), int(*b));
            if (ImGui::IsItemHovered()) ImGui::SetTooltip(a && b ? "Click to make %s the current pair." : "The scene has no sprite pair %s.", pairKey.c_str());
            ImGui::PopID();
            ImGui::PopID();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(name.c_str());
            ImGui::TableNextColumn();
            const auto found = std::find_if(m_statuses.begin(), m_statuses.end(),
                                            [&](const ExpectationStatus& s) { return s.pair == pairKey && s.algorithm == name; });
            const ExpectationState state = judged && found != m_statuses.end() ? found->state : ExpectationState::NotComputed;
            ImGui::TextColored(stateColour(state), "%s", stateText(state));
            if (ImGui::IsItemHovered() && state == ExpectationState::Unavailable) {
                ImGui::SetTooltip("This binary has no %s test: check skips the entry here.", name.c_str());
            } else if (ImGui::IsItemHovered() && found != m_statuses.end() && !found->differences.empty()) {
                std::string text;
                for (const std::string& d : found->differences) text += d + "\n";
                ImGui::SetTooltip("%s", text.c_str());
            }
            ImGui::TableNextColumn();
            ImGui::TextWrapped("%s", expectationText(fields).c_str());
        };
        pair.visit([&](const AlgorithmExpectation& entry) { row(entry.algorithm, entry.fields); },
                   [&](const nlohmann::json& fields) { row(std::string(kContactExpectKey), fields); });
    }
    ImGui::EndTable();
}

}  // namespace cl
