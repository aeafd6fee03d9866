#include "app/shell/shrink_report.h"

#include <algorithm>
#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/analysis/latest_worker.h"
#include "app/cli/minimize_command.h"
#include "app/shell/file_actions.h"
#include "core/check/scene_minimizer.h"
#include "core/io/atomic_file.h"

namespace cl {

namespace {

constexpr const char* kWindow = "Shrink this bug report";

struct ShrinkRequest {
    Scene scene;
    std::string a, b;  ///< The selected pair's names (the disagreement is looked for there).
};

struct ShrinkUpdate {
    MinimizeProgress progress;
    std::string words;                    ///< The property, once chosen.
    std::optional<MinimizeResult> result; ///< Set by the last update of a run that ran to its end or budget.
    std::string error;                    ///< No property holds, so nothing was shrunk.
    bool cancelled = false;
};

// The property for the sandbox: verify fails, else the first two pixel tests that disagree on the pair.
std::optional<std::pair<ScenePredicate, std::string>> chooseProperty(const ShrinkRequest& request,
                                                                    std::optional<std::pair<std::string, std::string>>& focus) {
    const AlgorithmSet& tests = coreAlgorithms();
    if (!request.scene.expect.empty()) {
        ScenePredicate verify = verifyFailsProperty(request.scene, tests);
        if (verify(request.scene)) {
            focus = firstFailingExpectedPair(request.scene, tests);
            return std::pair{std::move(verify), std::string("--verify fails as it does now")};
        }
    }
    if (request.a.empty()) return std::nullopt;
    const auto rows = tests.all();
    for (std::size_t i = 0; i < rows.size(); ++i) {
        for (std::size_t j = i + 1; j < rows.size(); ++j) {
            if (rows[i].kind != AlgorithmKind::Pixel || rows[j].kind != AlgorithmKind::Pixel) continue;
            ScenePredicate disagree = disagreeProperty(rows[i], rows[j], request.a, request.b);
            if (disagree(request.scene)) {
                focus = std::pair{request.a, request.b};
                return std::pair{std::move(disagree), std::string(rows[i].name) + " and " + std::string(rows[j].name) +
                                                          " disagree on " + request.a + "/" + request.b};
            }
        }
    }
    return std::nullopt;
}

}  // namespace

struct ShrinkJob {
    std::filesystem::path input;                 ///< The open file, as it was when the shrink started.
    std::filesystem::path output;                ///< Where the result goes.
    std::vector<std::filesystem::path> inputs;   ///< The files the open scene was read from (never written).
    std::atomic<bool> cancel{false};
    ShrinkUpdate last;                           ///< The newest update taken.
    LatestWorker<ShrinkRequest, ShrinkUpdate> worker;

    ShrinkJob()
        : worker([this](std::optional<ShrinkRequest> request, LatestWorker<ShrinkRequest, ShrinkUpdate>::Job& job) {
              if (request) run(*request, job);
              return false;
          }) {}

    void run(const ShrinkRequest& request, LatestWorker<ShrinkRequest, ShrinkUpdate>::Job& job) {
        ShrinkUpdate update;
        MinimizeOptions options;
        auto property = chooseProperty(request, options.focus);
        if (!property) {
            update.error = "Nothing to keep while shrinking: the scene's expect block (if any) is met, and no two pixel "
                           "tests disagree on " + request.a + "/" + request.b + ".";
            job.deliver(std::move(update));
            return;
        }
        update.words = property->second;
        WorkBudget budget;
        budget.limitSeconds(kDefaultMinimizeBudgetSeconds);
        options.budget = &budget;
        options.progress = [&](const MinimizeProgress& progress) {
            if (cancel.load() || job.stopping()) return false;
            ShrinkUpdate step;
            step.progress = progress;
            step.words = update.words;
            job.deliver(std::move(step));
            return true;
        };
        MinimizeResult result = minimizeScene(request.scene, property->first, options);
        update.progress.step = "done";
        update.progress.stepIndex = kMinimizeSteps;
        update.progress.tried = result.tried;
        update.progress.kept = result.kept;
        update.progress.best = result.after;
        update.cancelled = result.cancelled;
        if (!result.cancelled) update.result = std::move(result);
        job.deliver(std::move(update));
    }
};

bool shrinkRunning(const SandboxState& state) { return state.dialogs.shrink != nullptr; }

void startShrinkReport(SandboxState& state) {
    if (shrinkRunning(state)) return;
    if (state.open.file.empty()) {
        state.dialogs.errors.push_back("Shrink this bug report: save the scene first; the shrunk scene is written beside its file.");
        return;
    }
    const Scene& scene = state.open.document.scene();
    const Selection& selection = state.open.document.selection();
    auto job = std::make_shared<ShrinkJob>();
    job->input = state.open.file;
    job->output = defaultMinimizedFile(state.open.file);
    job->inputs = sceneInputFiles(scene, state.open.file);
    if (const std::string problem = outputProblem(job->output, job->inputs); !problem.empty()) {
        state.dialogs.errors.push_back("Shrink this bug report: " + problem);
        return;
    }
    ShrinkRequest request{scene, "", ""};
    if (selection.pairA >= 0 && selection.pairB >= 0) {
        request.a = scene.sprites[selection.pairA].name;
        request.b = scene.sprites[selection.pairB].name;
    }
    job->last.words = "choosing what to keep...";
    job->worker.post(std::move(request));
    state.dialogs.shrink = std::move(job);
}

void drawShrinkReport(SandboxState& state) {
    if (!state.dialogs.shrink) return;
    ShrinkJob& job = *state.dialogs.shrink;
    while (std::optional<ShrinkUpdate> update = job.worker.take()) job.last = std::move(*update);
    const ShrinkUpdate& last = job.last;
    if (!last.error.empty() || last.result || last.cancelled) {
        if (!last.error.empty()) {
            state.dialogs.errors.push_back(last.error);
        } else if (last.cancelled) {
            state.dialogs.status = "Shrinking cancelled; nothing was written.";
        } else {
            const MinimizeResult& result = *last.result;
            const SceneSaveResult saved = saveScene(result.scene, job.output, SceneSaveOptions{.embedImages = true}, job.inputs);
            if (!saved.ok()) {
                state.dialogs.errors.push_back("Shrink this bug report: " + saved.error);
            } else {
                const std::filesystem::path output = job.output;
                const std::string summary = "Shrunk bug report written to " + output.string() + ": " +
                                            std::to_string(result.before.solidPixels) + " -> " +
                                            std::to_string(result.after.solidPixels) + " solid pixels, still: " + last.words +
                                            (result.outOfBudget ? " (budget ran out: the best so far)" : "");
                // Opened like a recent file (asking first about unsaved changes); Compare shows what still differs.
                requestAction(state, PendingAction::OpenRecent, output);
                for (std::size_t i = 0; i < state.tools.size(); ++i) {
                    if (state.tools[i]->id() == "compare") state.requests.push(FocusTool{static_cast<int>(i)});
                }
                state.dialogs.status = summary;
            }
        }
        state.dialogs.shrink.reset();
        return;
    }
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(viewport->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(std::min(560.0f, viewport->Size.x - 40.0f), 0.0f), ImGuiCond_Appearing);
    ImGui::Begin(kWindow, nullptr, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings);
    ImGui::TextWrapped("Keeping: %s", last.words.c_str());
    const float fraction = static_cast<float>(last.progress.stepIndex) / static_cast<float>(kMinimizeSteps);
    const std::string overlay = last.progress.step.empty() ? std::string("starting")
                                                           : last.progress.step + ": " + std::to_string(last.progress.tried) +
                                                                 " tried, " + std::to_string(last.progress.best.solidPixels) +
                                                                 " solid pixels";
    ImGui::ProgressBar(fraction, ImVec2(-1.0f, 0.0f), overlay.c_str());
    ImGui::TextDisabled("Writes %s (at most %.0f s).", job.output.filename().string().c_str(), kDefaultMinimizeBudgetSeconds);
    if (ImGui::Button("Cancel")) job.cancel = true;
    ImGui::End();
}

}  // namespace cl
