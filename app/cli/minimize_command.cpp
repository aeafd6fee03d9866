// `collision-lab check SCENE --minimize`: the property chosen, the shrinking run, the file written beside the input.
#include "app/cli/minimize_command.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iomanip>
#include <sstream>
#include <system_error>
#include <vector>

#include <unistd.h>

#include "app/cli/bounded_command.h"
#include "app/cli/cli_command.h"
#include "core/check/scene_check.h"
#include "core/check/scene_minimizer.h"
#include "core/io/atomic_file.h"

namespace cl {
namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// The property a request names, its words for the summary and the pair it is about, or why there is none.
struct ChosenProperty {
    ScenePredicate still;
    std::string words;
    std::optional<std::pair<std::string, std::string>> focus;
    std::string error;
};

// A temporary folder that holds the --while candidates and is removed with everything in it.
class CandidateFolder {
public:
    CandidateFolder() {
        std::error_code ec;
        m_folder = std::filesystem::temp_directory_path(ec) / ("collision-lab-minimize-" + std::to_string(::getpid()));
        std::filesystem::create_directories(m_folder, ec);
        if (ec) m_error = "cannot make a folder for the candidates (" + m_folder.string() + "): " + ec.message();
    }
    ~CandidateFolder() {
        std::error_code ec;
        std::filesystem::remove_all(m_folder, ec);
    }
    CandidateFolder(const CandidateFolder&) = delete;
    CandidateFolder& operator=(const CandidateFolder&) = delete;
    const std::filesystem::path& folder() const { return m_folder; }
    const std::string& error() const { return m_error; }

private:
    std::filesystem::path m_folder;
    std::string m_error;
};

ChosenProperty chooseProperty(const Scene& scene, const MinimizeRequest& request, const AlgorithmSet& available,
                              const CandidateFolder& candidates, const WorkBudget& budget) {
    ChosenProperty chosen;
    if (request.disagree) {
        const std::string& text = *request.disagree;
        const std::size_t comma = text.find(',');
        const std::string names[2] = {text.substr(0, comma), comma == std::string::npos ? "" : text.substr(comma + 1)};
        if (comma == std::string::npos || names[0].empty() || names[1].empty() || names[1].find(',') != std::string::npos) {
            chosen.error = "--disagree needs two test names separated by a comma, got '" + text + "'";
            return chosen;
        }
        const Algorithm* tests[2] = {available.find(names[0]), available.find(names[1])};
        for (int i = 0; i < 2; ++i) {
            if (!tests[i]) {
                chosen.error = "--disagree: unknown test '" + names[i] + "' (tests: " + available.namesText() + ")";
                return chosen;
            }
        }
        if (tests[0] == tests[1]) {
            chosen.error = "--disagree needs two different tests, got '" + names[0] + "' twice";
            return chosen;
        }
        if (request.pair) {
            chosen.focus = request.pair;
        } else {
            chosen.focus = firstDisagreeingPair(scene, *tests[0], *tests[1]);
            if (!chosen.focus) {
                chosen.error = names[0] + " and " + names[1] + " agree on every pair of the scene: nothing to keep while shrinking";
                return chosen;
            }
        }
        chosen.still = disagreeProperty(*tests[0], *tests[1], chosen.focus->first, chosen.focus->second);
        chosen.words = names[0] + " and " + names[1] + " disagree on " + chosen.focus->first + "/" + chosen.focus->second;
        return chosen;
    }
    if (request.whileCommand) {
        if (!candidates.error().empty()) {
            chosen.error = candidates.error();
            return chosen;
        }
        const std::filesystem::path file = candidates.folder() / (request.sceneFile.stem().string() + ".candidate.json");
        const std::string command = *request.whileCommand;
        // Each candidate is written with its images embedded and handed to the command; exit 0 = still interesting.
        // The command may run only as long as the run's work budget has left.
        chosen.still = [file, command, &budget](const Scene& candidate) {
            if (!saveScene(candidate, file, SceneSaveOptions{.embedImages = true}).ok()) return false;
            const double left = std::min(budget.secondsLeft(), 1e9);
            if (left <= 0) return false;
            return runBoundedCommand(substituteCandidate(command, file.string()), left).succeeded();
        };
        chosen.words = "`" + command + "` exits 0";
        return chosen;
    }
    if (scene.expect.empty()) {
        chosen.error = "the scene has no \"expect\" block, so there is no failing --verify to keep: name the property "
                       "with --disagree A,B or --while 'CMD {}'";
        return chosen;
    }
    chosen.still = verifyFailsProperty(scene, available);
    chosen.words = "--verify fails as on the original (the same expect entries fail, the same hits are met)";
    chosen.focus = firstFailingExpectedPair(scene, available);
    return chosen;
}

void printSummary(std::ostream& out, const MinimizeRequest& request, const std::filesystem::path& output,
                  const ChosenProperty& property, const MinimizeResult& result, double seconds) {
    auto row = [&](const char* label, long long before, long long after) {
        out << "  " << std::left << std::setw(14) << label << std::right << std::setw(10) << before << " -> " << after << "\n";
    };
    out << "minimized " << request.sceneFile.string() << " -> " << output.string() << "\n";
    out << "property: " << property.words << "\n";
    row("sprites", result.before.sprites, result.after.sprites);
    row("pixels", result.before.pixels, result.after.pixels);
    row("solid pixels", result.before.solidPixels, result.after.solidPixels);
    row("digits", result.before.digits, result.after.digits);
    std::ostringstream time;
    time << std::fixed << std::setprecision(1) << seconds;
    out << "candidates: " << result.tried << " tried, " << result.kept << " kept, " << time.str() << " s";
    if (result.outOfBudget) out << "; the budget ran out (--budget " << request.budgetSeconds << "): the best scene so far was written";
    out << "\n";
}

}  // namespace

std::filesystem::path defaultMinimizedFile(const std::filesystem::path& sceneFile) {
    return sceneFile.parent_path() / (sceneFile.stem().string() + ".min.json");
}

int runMinimize(const Scene& scene, const MinimizeRequest& request, const AlgorithmSet& available, std::ostream& out,
                std::ostream& err) {
    const Clock::time_point start = Clock::now();
    // The one work budget of the run: checking the original counts, then each candidate spends a unit.
    WorkBudget budget;
    budget.limitSeconds(request.budgetSeconds);
    const std::string label = request.sceneFile.string();
    const std::filesystem::path output = request.output.empty() ? defaultMinimizedFile(request.sceneFile) : request.output;
    // The output rule, before any work: never over the scene, its images or atlases, or a device.
    const std::vector<std::filesystem::path> inputs = sceneInputFiles(scene, request.sceneFile);
    if (const std::string problem = outputProblem(output, inputs); !problem.empty()) {
        err << label << ": " << (request.output.empty() ? "--minimize" : "-o") << ": " << problem << "\n";
        return kExitBadInput;
    }
    CandidateFolder candidates;
    const ChosenProperty property = chooseProperty(scene, request, available, candidates, budget);
    if (!property.error.empty()) {
        err << label << ": " << property.error << "\n";
        return kExitBadInput;
    }
    if (!property.still(scene)) {
        err << label << ": the property does not hold on the scene as given (" << property.words
            << "), so there is nothing to keep while shrinking\n";
        return kExitBadInput;
    }

    MinimizeOptions options;
    options.focus = property.focus;
    options.budget = &budget;  // what checking the original took counts; if it took everything, the scene is written as it is
    std::string lastStep;
    options.progress = [&](const MinimizeProgress& progress) {
        if (progress.step != lastStep) {
            lastStep = progress.step;
            err << "minimize: " << progress.step << " (step " << progress.stepIndex + 1 << " of " << kMinimizeSteps << "): "
                << progress.tried << " tried, " << progress.kept << " kept, " << progress.best.solidPixels << " solid pixels, "
                << static_cast<long>(secondsSince(start)) << " s\n";
        }
        return true;
    };
    const MinimizeResult result = minimizeScene(scene, property.still, options);

    const SceneSaveResult saved = saveScene(result.scene, output, SceneSaveOptions{.embedImages = true}, inputs);
    if (!saved.ok()) {
        err << label << ": " << saved.error << "\n";
        return kExitBadInput;
    }
    printSummary(out, request, output, property, result, secondsSince(start));
    return kExitDone;
}

}  // namespace cl
