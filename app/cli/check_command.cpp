// `collision-lab check`: loads a scene, runs collision tests on its sprite pairs, prints or verifies.
#include "app/cli/check_command.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <unistd.h>

#include "core/collision/algorithms.h"
#include "core/contact/contact.h"
#include "core/contact/contact_map.h"
#include "core/contact/contact_map_image.h"
#include "core/io/atomic_file.h"
#include "core/io/image_io.h"
#include "core/check/frame_matrix.h"
#include "core/game/run_file.h"
#include "core/base/mask_cache.h"
#include "core/check/motion_check.h"
#include "core/scene/scene.h"
#include "core/check/scene_check.h"
#include "app/cli/check_thresholds.h"
#include "app/cli/game_command.h"
#include "app/cli/minimize_command.h"
#include "app/cli/options.h"

namespace cl {
namespace {

constexpr int kExitVerifyFailed = 1;
/// A run longer than this shows its progress on a terminal.
constexpr double kProgressAfterSeconds = 2.0;

std::string contactResolutionsText() {
    std::vector<std::string> words;
    for (int r : kContactResolutions) words.push_back(std::to_string(r));
    std::string text;
    for (std::size_t i = 0; i < words.size(); ++i) text += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + words[i];
    return text;
}

// --pair's value before the scene is read: two names around a comma (resolvePair splits it later).
std::string pairProblem(std::string_view value) {
    if (value.find(',') == std::string_view::npos || value.front() == ',' || value.back() == ',') {
        return "needs two sprite names separated by a comma, got '" + std::string(value) + "'";
    }
    return {};
}

std::string pushProblem(std::string_view value) {
    std::string why;
    return parsePushDirection(value, why) ? std::string() : why;
}

CommandOptions checkOptions(const CliContext& context) {
    CommandOptions c;
    c.positional = "SCENE|RUN";
    c.positionalNoun = "scene file";
    c.positionalRequired = true;
    c.intro =
        "Loads the scene file SCENE, runs collision tests on its sprite pairs and prints the results.\n"
        "A run file of the falling-blocks game (\"format\": \"collision-lab/run\", whatever its name) is\n"
        "replayed instead, exactly as `collision-lab game --run RUN` does (the same output; --json too):\n"
        "exit 1 if its hits differ from those it recorded. Only --json and --verify apply to a run file.\n";
    std::string tests = "tests to run, comma-separated, or 'all'. Default: all of them.\nThe option may be repeated. Tests:";
    std::vector<std::string> names{"all"};
    for (const auto& algorithm : context.algorithms.all()) {
        std::string name(algorithm.name);
        names.push_back(name);
        name.resize(std::max<std::size_t>(name.size(), 13), ' ');
        tests += "\n  " + name + std::string(algorithm.summary);
    }
    std::vector<std::string> resolutions;
    for (int r : kContactResolutions) resolutions.push_back(std::to_string(r));
    c.rows = {
        listOption("--algorithm", "LIST", names, tests).adds(),
        textOption("--pair", "A,B",
                   "only the pair of sprites A and B, with A scanned into B.\n"
                   "Default: every pair in file order, the earlier sprite scanned (A).\n"
                   "Names may hold commas: the one split that names two sprites is taken.")
            .once()
            .checkedBy(pairProblem),
        choiceOption("--sampling", "MODE", {"center", "xna"},
                     "'center' (sample (x+0.5, y+0.5), floor) or 'xna' (sample (x, y), round half\n"
                     "to even) for pixel-naive and pixel-step. Default: the scene's \"sampling\"."),
        choiceOption("--scan", "DIR", {"a-to-b", "b-to-a", "both"},
                     "'a-to-b' (A's samples mapped into B), 'b-to-a' (B's into A) or 'both' (a hit\n"
                     "if either hits; counts add up) for pixel-naive, pixel-step and pixel-fast.\n"
                     "Default: the scene's \"scan\" (a-to-b when it has none)."),
        flagOption("--json", "print the results as JSON instead of a table."),
        flagOption("--verify",
                   "compare the results with the scene's \"expect\" block (also running any\n"
                   "pair it names, such as \"R/F\"), print each difference, exit 1 if any.\n"
                   "Expectations for tests not run (see --algorithm, --pair) are skipped."),
        flagOption("--strict",
                   "with --verify: an expectation that cannot be checked here (a test this\n"
                   "binary lacks, or gpu without a display) fails the verification (exit 1)\n"
                   "instead of being skipped with a notice."),
        flagOption("--print-expect",
                   "print an \"expect\" block (hit and overlap of every result) to paste\n"
                   "into the scene file; check those values by hand before committing."),
        flagOption("--contact",
                   "also answer which way out (core/README.md, \"Contact: which way out\"):\n"
                   "separation vector, depth, normal, push-out, approach, contact centroid and\n"
                   "gradient normal, with the scene's contact.test (default pixel-fast)."),
        textOption("--push", "DIR",
                   "push-out direction: up, down, left, right or X,Y (any non-zero vector);\n"
                   "approach goes the opposite way. Default: the scene's contact.push, or up.")
            .checkedBy(pushProblem),
        choiceOption("--resolution", "R", resolutions,
                     "lattice step 1/R pixel, R in " + contactResolutionsText() + ". Default: contact.resolution, or 1."),
        pathOption("--cspace", "PNG",
                   "write the first pair's configuration-space map (every offset of A in the\n"
                   "default window: hits dark, free light, t = 0 marked by a red cross)."),
        budgetOption("every test, contact question and C-space map row of every mode\n(--frames, --all-frames, "
                     "--contact, --cspace, --thresholds). Runs over 2 s show their\nprogress on a terminal"),
        flagOption("--minimize",
                   "shrink the scene (a bug report) while its property holds: sprites, frames,\n"
                   "crop, solid pixels, alpha, digits (core/README.md, \"Shrinking a bug report\").\n"
                   "The property: --verify fails (the default when the scene has \"expect\"),\n"
                   "--disagree or --while. Writes the smallest scene found, images embedded,\n"
                   "beside the input (SCENE.min.json; -o FILE), prints before -> after; progress\n"
                   "on stderr. --budget bounds it (default 60 s): the best so far is written."),
        textOption("--disagree", "A,B",
                   "with --minimize: keep the two tests A and B disagreeing (a different hit or\n"
                   "count) on --pair, or on the first pair where they do.")
            .once(),
        textOption("--while", "CMD",
                   "with --minimize: keep what the shell command CMD calls interesting: exit 0.\n"
                   "{} in CMD is the candidate scene file; it is killed when the budget runs out.")
            .once(),
        pathOption("-o", "FILE", "with --minimize: write the shrunk scene to FILE (never over the input).").once(),
        flagOption("--all-frames",
                   "print the matrix of which frames of A hit which frames of B (each pair, or\n"
                   "--pair): an animation's frames, an atlas's frames or a grid's cells; each\n"
                   "sprite keeps its transform. Tests: --algorithm (default pixel-fast)."),
        flagOption("--frames",
                   "the scene's timeline: per frame, the discrete answer and the swept answer\n"
                   "for the interval after it (time of impact, first pixel pair, world point),\n"
                   "then the tunnelling intervals. One test (default pixel-fast; --algorithm\n"
                   "picks others). With --verify, the \"frames\" and \"time_of_impact\" entries\n"
                   "of the expect block are compared (plain --verify compares them too)."),
        numberOption("--sweep-resolution", "H", kMinSweepResolution, kMaxSweepResolution,
                     "with --frames: the most world pixels a solid point may move between\n"
                     "two sub-steps. Default: the scene's \"sweep_resolution\" (0.25 when it has none).")
            .measuredIn("world pixels"),
        flagOption("--thresholds",
                   "the threshold map of each pair (core/README.md, \"The threshold map\"): the\n"
                   "verdict at every (threshold of A, threshold of B); prints the frontier (the\n"
                   "last cells that touch) and how far each sprite's threshold can move before\n"
                   "the verdict flips. Tests: --algorithm (default pixel-fast); --json too."),
        pathOption("--thresholds-png", "PNG",
                   "also write the first map: A's threshold across, B's down, hits dark,\n"
                   "misses light, the frontier red, the sprites' thresholds a blue crosshair."),
    };
    c.outro =
        "Exit status: 0 done (and verified), 1 --verify found a difference (or, with --strict, an\n"
        "expectation it could not check here), 2 bad input (unreadable or invalid scene, unknown\n"
        "option, algorithm or sprite); the reason is printed on stderr.\n";
    return c;
}

struct CheckArguments {
    std::string scene;
    CheckOptions options;
    bool json = false;
    bool verify = false;
    bool strict = false;  ///< --strict: with --verify, an expectation that cannot run here is a failure.
    bool printExpect = false;
    bool allFrames = false;
    bool frames = false;
    bool thresholds = false;   ///< --thresholds (or --thresholds-png).
    std::string thresholdsPng; ///< --thresholds-png: where to write the first pair's threshold map.
    std::optional<double> sweepResolution;  // --sweep-resolution: overrides the scene's.
    std::string cspace;  ///< --cspace: where to write the first pair's map.
    std::optional<std::string> pairText;  // --pair as given; split once the sprite names are known
    double budgetSeconds = kDefaultBudgetSeconds;
    std::vector<std::string> given;  ///< The options given, in order (a run file takes only some).
    bool minimize = false;           ///< --minimize.
    MinimizeRequest minimizeRequest; ///< --minimize's property, budget and output.
};

// Writes the first pair's configuration-space map as a PNG; returns the error, empty on success.
std::string writeContactMap(const Scene& scene, const CheckOptions& options, const CheckReport& report,
                            const std::string& file, std::span<const std::filesystem::path> inputs) {
    if (report.pairs.empty()) return "--cspace: the scene has no pair to map";
    const PairReport& first = report.pairs.front();
    MaskCache masks;
    const SceneSprite* sprites[2] = {&scene.sprites[*findSprite(scene, first.a)], &scene.sprites[*findSprite(scene, first.b)]};
    const auto maskA = masks.get(sprites[0]->pixels, sprites[0]->alphaThreshold);
    const auto maskB = masks.get(sprites[1]->pixels, sprites[1]->alphaThreshold);
    const CheckContactSettings settings = contactSettings(scene, options);
    ContactOptions contact;
    contact.test = settings.test;
    contact.sampling = report.sampling;
    contact.scan = report.scan;
    contact.resolution = settings.resolution;
    contact.budget = options.budget;
    const ContactPair pair(Body{maskA.get(), sprites[0]->transform}, Body{maskB.get(), sprites[1]->transform}, contact);
    const LatticeWindow window = pair.mapWindow();
    if (cellCount(window) > kMaxContactMapCells) {
        return "--cspace: the map would have " + std::to_string(cellCount(window)) + " cells, more than " +
               std::to_string(kMaxContactMapCells) + " (try a smaller --resolution)";
    }
    const std::string error = savePngFile(contactMapImage(contactMap(pair, window)), file, inputs);
    return error.empty() ? error : "--cspace: " + error;
}

// The checked command line as the check's own arguments; the message of a combination it refuses, if any.
std::optional<std::string> readArguments(const ParsedOptions& given, const AlgorithmSet& available, CheckArguments& parsed) {
    parsed.scene = given.positional().value_or("");
    parsed.json = given.has("--json");
    parsed.verify = given.has("--verify");
    parsed.printExpect = given.has("--print-expect");
    parsed.strict = given.has("--strict");
    if (parsed.strict && !parsed.verify) return std::string("--strict: needs --verify (it says how --verify treats a test that cannot run here)");
    if (parsed.verify && parsed.printExpect) {
        return std::string("--verify and --print-expect cannot be used together: --print-expect writes a new "
                           "expect block, --verify checks the one in the file");
    }
    parsed.allFrames = given.has("--all-frames");
    parsed.frames = given.has("--frames");
    parsed.sweepResolution = given.number("--sweep-resolution");
    parsed.cspace = given.text("--cspace").value_or("");
    parsed.thresholdsPng = given.text("--thresholds-png").value_or("");
    parsed.thresholds = given.has("--thresholds") || !parsed.thresholdsPng.empty();
    parsed.pairText = given.text("--pair");
    parsed.budgetSeconds = given.number("--budget").value_or(kDefaultBudgetSeconds);
    parsed.minimize = given.has("--minimize");
    for (const char* option : {"--disagree", "--while", "-o"}) {
        if (given.has(option) && !parsed.minimize) return std::string(option) + " applies only with --minimize";
    }
    if (parsed.minimize) {
        for (const char* option : {"--print-expect", "--all-frames", "--frames", "--thresholds", "--thresholds-png", "--cspace",
                                   "--contact", "--push", "--resolution", "--json", "--algorithm", "--sweep-resolution", "--sampling", "--scan"}) {
            if (given.has(option)) return std::string(option) + " cannot be used with --minimize";
        }
        if (parsed.verify && (given.has("--disagree") || given.has("--while"))) {
            return std::string("--verify names the property \"verify fails\"; --disagree and --while name others; "
                               "--minimize keeps one");
        }
        if (given.has("--disagree") && given.has("--while")) {
            return std::string("--disagree and --while name two properties; --minimize keeps one");
        }
        MinimizeRequest& request = parsed.minimizeRequest;
        request.sceneFile = parsed.scene;
        request.disagree = given.text("--disagree");
        request.whileCommand = given.text("--while");
        request.budgetSeconds = given.number("--budget").value_or(kDefaultMinimizeBudgetSeconds);
        request.output = given.text("-o").value_or("");
    }
    bool allAlgorithms = false;
    for (std::string& name : given.list("--algorithm")) {
        if (name == "all") allAlgorithms = true;
        else if (available.find(name)) parsed.options.algorithms.push_back(std::move(name));
    }
    if (allAlgorithms) parsed.options.algorithms.clear();
    if (auto sampling = given.text("--sampling")) parsed.options.sampling = parseSampling(*sampling);
    if (auto scan = given.text("--scan")) parsed.options.scan = parseScanDirection(*scan);
    // --push and --resolution are contact settings: either asks for the contact answers.
    parsed.options.contact = given.has("--contact") || given.has("--push") || given.has("--resolution");
    if (auto push = given.text("--push")) {
        std::string why;
        parsed.options.push = parsePushDirection(*push, why);
    }
    if (auto resolution = given.text("--resolution"))  // the parser accepted one of these words
        for (int r : kContactResolutions)
            if (std::to_string(r) == *resolution) parsed.options.resolution = r;
    parsed.given = given.given();
    return std::nullopt;
}

void printVerify(const VerifyResult& verified, std::ostream& out) {
    out << "\nverify: " << (verified.passed() ? "passed" : "FAILED") << " (" << verified.checked << " expectation(s) compared, "
        << verified.skipped << " skipped, " << verified.differences.size() << " difference(s))\n";
    for (const auto& difference : verified.differences) out << "  " << difference << "\n";
    for (std::size_t i = 0; i < verified.unavailable.size(); ++i)
        out << "  " << verified.unavailable[i] << ": not available here (skipped): " << verified.unavailableReasons[i] << "\n";
}

// The exit status of a verification, after telling the person what the output alone would not: the
// differences when the output is JSON, and the expectations that could not run here (a notice, or with
// --strict a failure).
int verifyExit(const CheckArguments& parsed, const VerifyResult& verified, std::ostream& err) {
    if (!verified.passed() && parsed.json) {
        // The table already lists the differences; JSON output is for programs, so tell the person too.
        for (const auto& difference : verified.differences) err << parsed.scene << ": " << difference << "\n";
    }
    if (!verified.unavailable.empty()) {
        err << parsed.scene << ": " << (parsed.strict ? "error" : "notice") << ": " << verified.unavailable.size()
            << " recorded expectation(s) cannot be checked here and were skipped:";
        for (std::size_t i = 0; i < verified.unavailable.size(); ++i)
            err << (i ? "; " : " ") << verified.unavailable[i] << " (" << verified.unavailableReasons[i] << ")";
        err << (parsed.strict ? " (--strict makes this a failure)\n" : " (--strict would make this a failure)\n");
    }
    if (!verified.passed() || (parsed.strict && !verified.unavailable.empty())) return kExitVerifyFailed;
    return kExitDone;
}

// `check SCENE --frames`: the timeline report (table, JSON or expect block) and its verification.
int runFramesCommand(const CheckArguments& parsed, const Scene& sceneAsLoaded, std::ostream& out, std::ostream& err,
                     const AlgorithmSet& available) {
    MaskCache masks;
    CheckOptions options = parsed.options;
    options.available = &available;
    options.includeExpectedPairs = parsed.verify;
    Scene scene = sceneAsLoaded;
    if (parsed.sweepResolution) scene.timeline.sweepResolution = *parsed.sweepResolution;
    MotionRunResult run = runMotionCheck(scene, parsed.scene, options, masks);
    if (!run.ok()) {
        err << parsed.scene << ": " << run.error << "\n";
        return kExitBadInput;
    }
    if (parsed.printExpect) {
        out << motionExpectJson(*run.report).dump(2) << "\n";
        return kExitDone;
    }
    std::optional<VerifyResult> verified;
    if (parsed.verify) {
        verified = VerifyResult{};
        MotionRunResult forVerify = runMotionForVerify(scene, parsed.scene, options, masks);
        if (!forVerify.ok()) {
            err << parsed.scene << ": " << forVerify.error << "\n";
            return kExitBadInput;
        }
        mergeVerify(*verified, verifyMotion(*forVerify.report, scene.expect, available));
    }
    if (parsed.json) {
        nlohmann::ordered_json json = motionReportJson(*run.report);
        if (verified) json["verify"] = verifyJson(*verified);
        out << json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    } else {
        out << motionReportTable(*run.report);
        if (verified) printVerify(*verified, out);
    }
    if (verified && verified->checked == 0 && verified->skipped == 0) {
        err << parsed.scene << ": warning: the scene's \"expect\" block has no \"frames\" or \"time_of_impact\" entry, so "
               "--verify compared nothing\n";
    }
    return verified ? verifyExit(parsed, *verified, err) : kExitDone;
}

// The pair --pair names: split at the one comma that leaves two sprite names (names may hold commas).
std::optional<std::string> resolvePair(const std::string& text, const Scene& scene, CheckOptions& options) {
    auto named = [&](std::string_view name) {
        return findSprite(scene, name).has_value();
    };
    std::vector<std::pair<std::string, std::string>> splits;
    for (std::size_t comma = text.find(','); comma != std::string::npos; comma = text.find(',', comma + 1)) {
        std::string a = text.substr(0, comma), b = text.substr(comma + 1);
        if (named(a) && named(b)) splits.emplace_back(a, b);
    }
    if (splits.size() > 1) {
        std::string choices;
        for (const auto& [a, b] : splits) choices += (choices.empty() ? "" : " or ") + ("\"" + a + "\" and \"" + b + "\"");
        return "--pair \"" + text + "\" is ambiguous: it could name " + choices + "; rename a sprite";
    }
    if (splits.empty()) {
        // No split names two sprites: the first comma's split, so the message says which name is unknown.
        const std::size_t comma = text.find(',');
        options.pair = std::pair{text.substr(0, comma), text.substr(comma + 1)};
    } else {
        options.pair = splits.front();
    }
    return std::nullopt;
}

// `--all-frames`: a frame matrix per chosen pair and test. Returns the exit status.
int runAllFrames(const Scene& scene, const CheckArguments& parsed, const AlgorithmSet& available, std::ostream& out,
                 std::ostream& err) {
    std::vector<const Algorithm*> tests;
    for (const auto& name : parsed.options.algorithms) tests.push_back(available.find(name));
    if (tests.empty()) tests.push_back(available.find("pixel-fast"));
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    if (parsed.options.pair) {
        auto a = findSprite(scene, parsed.options.pair->first), b = findSprite(scene, parsed.options.pair->second);
        if (!a || !b || *a == *b) {
            err << parsed.scene << ": --pair " << parsed.options.pair->first << "," << parsed.options.pair->second
                << ": needs two different sprites of the scene\n";
            return kExitBadInput;
        }
        pairs.emplace_back(*a, *b);
    } else {
        for (std::size_t a = 0; a < scene.sprites.size(); ++a) {
            for (std::size_t b = a + 1; b < scene.sprites.size(); ++b) pairs.emplace_back(a, b);
        }
    }
    TestOptions options;
    options.sampling = parsed.options.sampling.value_or(scene.sampling);
    options.scan = parsed.options.scan.value_or(scene.scan);
    options.budget = parsed.options.budget;
    FrameImageCache frames;
    std::string tables;  // printed once every matrix is made: a run stopped early prints nothing
    MaskCache masks;
    nlohmann::ordered_json matrices = nlohmann::ordered_json::array();
    bool first = true;
    for (auto [a, b] : pairs) {
        for (const Algorithm* test : tests) {
            std::string error;
            auto matrix = frameMatrix(scene, a, b, *test, options, frames, masks, error);
            if (!matrix) {
                err << parsed.scene << ": " << error << "\n";
                return kExitBadInput;
            }
            if (parsed.json) matrices.push_back(frameMatrixJson(*matrix));
            else tables += (first ? "" : "\n") + frameMatrixTable(*matrix);
            first = false;
        }
    }
    out << tables;
    if (parsed.json) out << nlohmann::ordered_json{{"scene", parsed.scene}, {"frame_matrices", matrices}}.dump(2) << "\n";
    return kExitDone;
}

int runScene(const Scene& scene, CheckArguments& parsed, const std::vector<std::filesystem::path>& inputs,
             const CliContext& context);

// The checked command line run: the scene checked, or the run file replayed.
int checkMain(const ParsedOptions& given, const CliContext& context) {
    const AlgorithmSet& available = context.algorithms;
    std::ostream& out = context.out;
    std::ostream& err = context.err;
    try {
        CheckArguments parsed;
        if (auto usageError = readArguments(given, available, parsed)) {
            err << "collision-lab check: " << *usageError << "\n";
            return kExitBadInput;
        }

        if (isRunFile(parsed.scene)) {
            // A run file, known by its "format": replayed by the game command's own code.
            for (const std::string& option : parsed.given) {
                if (option != "--json" && option != "--verify") {
                    err << parsed.scene << ": is a run file (\"format\": \"collision-lab/run\"), which check replays like "
                        << "`collision-lab game --run`; " << option << " applies to scenes only (a run file takes --json and "
                        << "--verify; the replay always compares the hits it recorded)\n";
                    return kExitBadInput;
                }
            }
            return replayRunFile(parsed.scene, parsed.json, out, err, context.spritesDir, "collision-lab check");
        }
        SceneLoadResult loaded = loadScene(parsed.scene);
        if (!loaded.ok()) {
            err << loaded.message();
            return kExitBadInput;
        }
        if (parsed.pairText) {
            if (auto problem = resolvePair(*parsed.pairText, *loaded.scene, parsed.options)) {
                err << parsed.scene << ": " << *problem << "\n";
                return kExitBadInput;
            }
        }
        // The output rule, before any work: no output replaces a device, the scene or one of its files.
        const std::vector<std::filesystem::path> inputs = sceneInputFiles(*loaded.scene, parsed.scene);
        for (const auto& [option, file] : {std::pair{"--cspace", parsed.cspace}, std::pair{"--thresholds-png", parsed.thresholdsPng}}) {
            if (file.empty()) continue;
            if (const std::string problem = outputProblem(file, inputs); !problem.empty()) {
                err << parsed.scene << ": " << option << ": " << problem << "\n";
                return kExitBadInput;
            }
        }
        if (parsed.minimize) {
            parsed.minimizeRequest.pair = parsed.options.pair;
            return runMinimize(*loaded.scene, parsed.minimizeRequest, available, out, err);
        }
        // One work budget for the whole run, whatever the mode: every test, contact question and map row counts.
        WorkBudget budget;
        budget.limitSeconds(parsed.budgetSeconds);
        parsed.options.budget = &budget;
        try {
            return runScene(*loaded.scene, parsed, inputs, context);
        } catch (const WorkBudgetExceeded& e) {
            err << parsed.scene << ": work budget exceeded (--budget " << parsed.budgetSeconds << " s): " << e.what()
                << "; nothing was written; narrow the run with --pair or --algorithm, or raise --budget (0 = no limit)\n";
            return kExitBadInput;
        }
    } catch (const std::exception& e) {
        // Only resource exhaustion reaches here; the user still gets a message, not a stack trace.
        err << "collision-lab check: " << e.what() << "\n";
        return kExitBadInput;
    }
}

// The loaded scene checked in the mode the options ask for. Returns the exit status.
int runScene(const Scene& scene, CheckArguments& parsed, const std::vector<std::filesystem::path>& inputs,
             const CliContext& context) {
    const AlgorithmSet& available = context.algorithms;
    std::ostream& out = context.out;
    std::ostream& err = context.err;
    if (parsed.allFrames) return runAllFrames(scene, parsed, available, out, err);
    if (parsed.frames) return runFramesCommand(parsed, scene, out, err, available);
    if (parsed.thresholds) {
        const ThresholdsRequest request{parsed.scene,           parsed.options.pair, parsed.options.algorithms,
                                        parsed.options.sampling, parsed.options.scan, parsed.json,
                                        parsed.thresholdsPng,   parsed.options.budget};
        return runThresholdsReport(scene, request, available, out, err);
    }
    parsed.options.includeExpectedPairs = parsed.verify;
    parsed.options.available = &available;

    using Clock = std::chrono::steady_clock;
    const Clock::time_point start = Clock::now();
    const bool terminal = &err == &std::cerr && ::isatty(STDERR_FILENO);
    double nextProgress = kProgressAfterSeconds;
    bool showedProgress = false;
    parsed.options.progress = [&](std::size_t done, std::size_t total) {
        const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
        if (terminal && seconds >= nextProgress) {
            err << "\rcheck: " << done << " of " << total << " tests run, " << static_cast<long>(seconds) << " s" << std::flush;
            nextProgress = seconds + 1.0;
            showedProgress = true;
        }
        return true;  // the work budget (parsed.options.budget) stops the run, not the progress line
    };
    MaskCache masks;
    CheckRunResult run = runCheck(scene, parsed.scene, parsed.options, masks);
    if (showedProgress) err << "\r\033[K" << std::flush;
    if (run.stopped) {
        err << parsed.scene << ": work budget exceeded: " << run.error << " in " << parsed.budgetSeconds
            << " s (--budget " << parsed.budgetSeconds << "); narrow the run with --pair or --algorithm, or raise --budget "
            << "(0 = no limit)\n";
        return kExitBadInput;
    }
    if (!run.ok()) {
        err << parsed.scene << ": " << run.error << "\n";
        return kExitBadInput;
    }
    const CheckReport& report = *run.report;
    if (!parsed.cspace.empty()) {
        if (const std::string error = writeContactMap(scene, parsed.options, report, parsed.cspace, inputs); !error.empty()) {
            err << parsed.scene << ": " << error << "\n";
            return kExitBadInput;
        }
    }

    if (parsed.printExpect) {
        out << expectJson(report).dump(2) << "\n";
        return kExitDone;
    }

    std::optional<VerifyResult> verified;
    if (parsed.verify) verified = verifyReport(report, scene.expect, available);
    if (parsed.verify && scene.expect.expectsMotion()) {
        MotionRunResult motion = runMotionForVerify(scene, parsed.scene, parsed.options, masks);
        if (!motion.ok()) {
            err << parsed.scene << ": " << motion.error << "\n";
            return kExitBadInput;
        }
        mergeVerify(*verified, verifyMotion(*motion.report, scene.expect, available));
    }

    if (parsed.json) {
        nlohmann::ordered_json json = reportJson(report);
        if (verified) {
            json["verify"] = verifyJson(*verified);
        }
        out << json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    } else {
        out << reportTable(report);
        if (verified) printVerify(*verified, out);
    }
    if (verified && verified->checked == 0 && verified->skipped == 0) {
        err << parsed.scene << ": warning: the scene has no \"expect\" block, so --verify compared nothing\n";
    }
    return verified ? verifyExit(parsed, *verified, err) : kExitDone;
}

}  // namespace

CliCommand checkCommand() {
    return {"check", "run collision tests on a scene's sprite pairs: print, verify or replay a game run", checkOptions, checkMain};
}

int runCheckCommand(std::span<const std::string_view> args, std::ostream& out, std::ostream& err,
                    const AlgorithmSet& available, const std::filesystem::path& spritesDir) {
    return runCliCommand(checkCommand(), args, CliContext{out, err, available, spritesDir});
}

}  // namespace cl
