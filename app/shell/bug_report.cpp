#include "app/shell/bug_report.h"

#include <algorithm>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/analysis/expectations.h"
#include "app/shell/file_actions.h"
#include "app/shell/file_browser.h"
#include "core/io/json_text.h"

namespace cl {

namespace {

constexpr const char* kPopup = "Save as bug report";

// The Collision table's answers for the pair, for the tests that run only on the report's own thread.
std::vector<AlgorithmOutcome> tableAnswers(const SandboxState& state) {
    std::vector<AlgorithmOutcome> answers;
    const PairAnalysis& pair = state.report.pair();
    const Selection& selection = state.open.document.selection();
    if (state.report.pending() || pair.a != selection.pairA || pair.b != selection.pairB) return answers;
    for (const AlgorithmRow& row : pair.rows) {
        if (row.hasResult && !row.deferred) answers.push_back({row.algorithm, row.result});
    }
    return answers;
}

// The answer and the counts behind it, as the report records them: "HIT  overlap 127  samples 3840".
std::string answerText(const AlgorithmRow& row) {
    if (!row.hasResult || row.deferred) return "(waiting)";
    if (!row.result.applicable) return "n/a";
    std::string text = row.result.hit ? "HIT" : "no hit";
    if (row.algorithm->kind == AlgorithmKind::Pixel) {
        text += row.algorithm->reportsArea ? "  overlap area " + numberText(row.result.overlap)
                                           : "  overlap " + numberText(row.result.overlap);
        text += "  samples " + std::to_string(row.result.samples);
    }
    return text;
}

// The tests a report records: the ticked ones, or every test, those that need a display only when asked
// (a report that names gpu fails `check --verify` on a machine without one unless it is told to skip).
std::vector<std::string> recordedTests(const BugReportForm& form, const AlgorithmSet& algorithms) {
    if (!form.allTests) return form.ticked;
    std::vector<std::string> names;
    for (const Algorithm& a : algorithms.all())
        if (!a.needsDisplay || form.displayTests) names.emplace_back(a.name);
    return names;
}

}  // namespace

std::filesystem::path freeBugReportName(const std::filesystem::path& folder) {
    std::error_code ec;
    for (int i = 1;; ++i) {
        const std::filesystem::path candidate = folder / (i == 1 ? std::string("bug-report.json") : "bug-report-" + std::to_string(i) + ".json");
        if (!std::filesystem::exists(candidate, ec)) return candidate;
    }
}

void openBugReport(SandboxState& state) {
    BugReportForm& form = state.dialogs.bugReport;
    state.requests.push(OpenBugReportDialog{});
    form.title = state.open.document.scene().title.empty() ? "Bug report" : "Bug report: " + state.open.document.scene().title;
    form.notes = "What I did:\n\nWhat I expected:\n\nWhat I saw:\n";
    form.allTests = true;
    form.displayTests = false;
    form.ticked.clear();
    for (const Algorithm& a : state.report.algorithms().all())
        if (!a.needsDisplay) form.ticked.emplace_back(a.name);
    form.file = freeBugReportName(browserStartFolder(state, true)).string();
    form.replacing.clear();
}

bool saveBugReport(SandboxState& state, const std::filesystem::path& file) {
    const BugReportForm& form = state.dialogs.bugReport;
    const Scene& scene = state.open.document.scene();
    const Selection& selection = state.open.document.selection();
    if (selection.pairA < 0 || selection.pairB < 0) {
        state.dialogs.errors.push_back("A bug report needs a pair of sprites to record.");
        return false;
    }
    if (!form.allTests && form.ticked.empty()) {
        state.dialogs.errors.push_back("Tick at least one test to record, or choose every test.");
        return false;
    }
    MaskCache masks;
    const ExpectRecording recorded =
        recordExpectations(scene, {scene.sprites[selection.pairA].name, scene.sprites[selection.pairB].name},
                           recordedTests(form, state.report.algorithms()), state.report.algorithms(),
                           tableAnswers(state), masks);
    if (!recorded.ok()) {
        state.dialogs.errors.push_back("Cannot record the answers: " + recorded.error);
        return false;
    }
    state.open.document.edit("Record a bug report", [&](Scene& s) {
        s.title = form.title;
        s.notes = form.notes;
        s.expect = expectationsFromJson(recorded.expect);
        // The answers are those of the frame on screen, and `check` tests a file's frame 0: the report's
        // timeline starts at the frame shown (its sprites are saved where they are drawn).
        s.timeline.frames -= s.timeline.frame;
        s.timeline.frame = 0;
    });
    if (!saveSceneTo(state, file, true)) return false;
    state.settings.lastFolder = state.open.file.parent_path().string();
    return true;
}

void drawBugReportDialog(SandboxState& state) {
    BugReportForm& form = state.dialogs.bugReport;
    if (form.browsed) {
        const std::filesystem::path file = *form.browsed;
        form.browsed.reset();
        saveBugReport(state, file);  // a problem shows in the error popup
    }
    if (state.requests.take<OpenBugReportDialog>()) ImGui::OpenPopup(kPopup);
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(viewport->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(std::min(720.0f, viewport->Size.x - 40.0f), std::min(720.0f, viewport->Size.y - 40.0f)),
                             ImGuiCond_Appearing);
    if (!ImGui::BeginPopupModal(kPopup)) return;
    const Scene& scene = state.open.document.scene();
    const Selection& selection = state.open.document.selection();
    const bool hasPair = selection.pairA >= 0 && selection.pairB >= 0;
    const std::string pairName = hasPair ? scene.sprites[selection.pairA].name + "/" + scene.sprites[selection.pairB].name : "";

    ImGui::TextWrapped("The file carries its images, your title and notes, and the answers of the pair %s as its "
                       "expect block: `collision-lab check FILE --verify` passes on it now and fails the day they change.",
                       pairName.c_str());
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    ImGui::SetNextItemWidth(-1);
    ImGui::InputTextWithHint("##title", "title", &form.title);
    const float line = ImGui::GetTextLineHeightWithSpacing();
    const float footer = ImGui::GetFrameHeightWithSpacing() * 3.0f + line * 2.0f;
    const float notesHeight = std::clamp(ImGui::GetContentRegionAvail().y * 0.35f, line * 4.0f, line * 10.0f);
    ImGui::InputTextMultiline("##notes", &form.notes, ImVec2(-1, notesHeight));

    ImGui::Checkbox("Record every test", &form.allTests);
    const std::size_t earlier = scene.expect.count();
    if (earlier > 0) {
        ImGui::SameLine();
        ImGui::TextDisabled("(replaces the scene's %zu expectations)", earlier);
    }
    const auto& all = state.report.algorithms().all();
    if (std::any_of(all.begin(), all.end(), [](const Algorithm& a) { return a.needsDisplay; })) {
        ImGui::BeginDisabled(!form.allTests);
        ImGui::Checkbox("and the tests that need a display", &form.displayTests);
        ImGui::EndDisabled();
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            ImGui::SetTooltip("Off: the report runs the same anywhere, with or without a display.\n"
                              "On: it also records gpu; where there is no display `check --verify` skips it\n"
                              "with a notice, and `--verify --strict` fails.");
    }
    const float testsHeight = std::max(line * 3.0f, ImGui::GetContentRegionAvail().y - footer);
    if (ImGui::BeginChild("tests", ImVec2(0, testsHeight), true)) {
        const PairAnalysis& pair = state.report.pair();
        for (const AlgorithmRow& row : pair.rows) {
            const std::string name(row.algorithm->name);
            bool ticked = form.allTests ? !row.algorithm->needsDisplay || form.displayTests
                                        : std::find(form.ticked.begin(), form.ticked.end(), name) != form.ticked.end();
            ImGui::BeginDisabled(form.allTests);
            if (ImGui::Checkbox(name.c_str(), &ticked)) {
                std::erase(form.ticked, name);
                if (ticked) form.ticked.push_back(name);
            }
            ImGui::EndDisabled();
            ImGui::SameLine(ImGui::GetFontSize() * 10.0f);
            ImGui::TextUnformatted(answerText(row).c_str());
            if (row.algorithm->needsDisplay) {
                ImGui::SameLine();
                ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.8f, 0.3f, 1.0f));
                ImGui::TextWrapped("needs a display: recorded only when asked; where there is none, check skips it with a notice");
                ImGui::PopStyleColor();
            }
        }
    }
    ImGui::EndChild();
    ImGui::TextDisabled("Images are embedded, so the one file is the whole report.");
    ImGui::SetNextItemWidth(-ImGui::CalcTextSize("Browse...").x - ImGui::GetStyle().FramePadding.x * 2.0f - ImGui::GetStyle().ItemSpacing.x);
    ImGui::InputTextWithHint("##file", "file", &form.file);
    ImGui::SameLine();
    bool close = false;
    if (ImGui::Button("Browse...")) {
        close = true;
        state.dialogs.browserPurpose = BrowserPurpose::BugReport;
        state.dialogs.browser.offerEmbed = false;
        state.dialogs.browser.offerKeepExpectations.clear();
        const std::filesystem::path current(form.file);
        state.dialogs.browser.open(FileBrowser::Mode::Save, "Save the bug report as",
                           current.has_parent_path() ? current.parent_path() : browserStartFolder(state, true), {".json"},
                           current.filename().string());
    }
    const ImGuiIO& io = ImGui::GetIO();
    const bool saveKey = io.KeyCtrl && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter));
    const bool escapeKey = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape));
    std::filesystem::path file(form.file);
    if (!file.empty() && file.extension().empty()) file.replace_extension(".json");
    if (form.replacing != file) form.replacing.clear();  // the name was edited: the question was about another file
    if (!form.replacing.empty()) {
        const ReplaceAnswer answer = askToReplace(file, saveKey, escapeKey, "(Ctrl+Enter replaces, Escape goes back)");
        if (answer == ReplaceAnswer::Replace) {
            saveBugReport(state, file);  // a problem shows in the error popup
            close = true;
        } else if (answer == ReplaceAnswer::Back) {
            form.replacing.clear();
        }
    } else {
        ImGui::BeginDisabled(!hasPair || form.file.empty());
        if ((ImGui::Button("Save") || saveKey) && hasPair && !form.file.empty()) {
            std::error_code ec;
            if (std::filesystem::exists(file, ec)) {
                form.replacing = file;
            } else {
                saveBugReport(state, file);  // a problem shows in the error popup
                close = true;
            }
        }
        ImGui::EndDisabled();
        ImGui::SameLine();
        ImGui::TextDisabled("Ctrl+Enter");
        ImGui::SameLine();
        if (ImGui::Button("Cancel") || escapeKey) close = true;
    }
    if (close) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
}

}  // namespace cl
