// `collision-lab check`: loads a scene, runs collision tests on its sprite pairs, prints or verifies.
#include "app/cli/check_command.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <iostream>
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
#include "app/cli/game_command.h"

namespace cl {
namespace {

constexpr int kExitDone = 0;
constexpr int kExitVerifyFailed = 1;
constexpr int kExitBadInput = 2;
/// Default work budget of one check, in seconds (the bundled scenes need milliseconds).
constexpr double kDefaultBudgetSeconds = 300.0;
/// A run longer than this shows its progress on a terminal.
constexpr double kProgressAfterSeconds = 2.0;

void printHelp(std::ostream& out, const AlgorithmSet& available) {
    out << "usage: collision-lab check SCENE|RUN [--algorithm NAME[,NAME...]|all] [--pair A,B] [--json]\n"
           "                          [--verify] [--sampling center|xna] [--scan a-to-b|b-to-a|both]\n"
           "                          [--print-expect] [--all-frames] [--help]\n"
           "                          [--contact] [--push up|down|left|right|X,Y] [--resolution R]\n"
           "                          [--cspace PNG] [--frames] [--sweep-resolution H]\n"
           "\n"
           "Loads the scene file SCENE, runs collision tests on its sprite pairs and prints the results.\n"
           "A run file of the falling-blocks game (\"format\": \"collision-lab/run\", whatever its name) is\n"
           "replayed instead, exactly as `collision-lab game --run RUN` does (the same output; --json too):\n"
           "exit 1 if its hits differ from those it recorded. Only --json and --verify apply to a run file.\n"
           "\n"
           "  --algorithm LIST  tests to run, comma-separated, or 'all'. Default: all of them.\n"
           "                    The option may be repeated. Tests:\n";
    for (const auto& algorithm : available.all()) {
        std::string name(algorithm.name);
        name.resize(std::max<std::size_t>(name.size(), 13), ' ');
        out << "                      " << name << algorithm.summary << "\n";
    }
    out << "  --pair A,B        only the pair of sprites A and B, with A scanned into B.\n"
           "                    Default: every pair in file order, the earlier sprite scanned (A).\n"
           "                    Names may hold commas: the one split that names two sprites is taken.\n"
           "  --sampling MODE   'center' (sample (x+0.5, y+0.5), floor) or 'xna' (sample (x, y), round half\n"
           "                    to even) for pixel-naive and pixel-step. Default: the scene's \"sampling\".\n"
           "  --scan DIR        'a-to-b' (A's samples mapped into B), 'b-to-a' (B's into A) or 'both' (a hit\n"
           "                    if either hits; counts add up) for pixel-naive, pixel-step and pixel-fast.\n"
           "                    Default: the scene's \"scan\" (a-to-b when it has none).\n"
           "  --json            print the results as JSON instead of a table.\n"
           "  --verify          compare the results with the scene's \"expect\" block (also running any\n"
           "                    pair it names, such as \"R/F\"), print each difference, exit 1 if any.\n"
           "                    Expectations for tests not run (see --algorithm, --pair) are skipped.\n"
           "  --print-expect    print an \"expect\" block (hit and overlap of every result) to paste\n"
           "                    into the scene file; check those values by hand before committing.\n"
           "  --contact         also answer which way out (README \"Contact: which way out\"): separation\n"
           "                    vector, depth, normal, push-out, approach, contact centroid and gradient\n"
           "                    normal, with the scene's contact test (contact.test; default pixel-fast).\n"
           "  --push DIR        push-out direction: up, down, left, right or X,Y (any non-zero vector);\n"
           "                    approach goes the opposite way. Default: the scene's contact.push, or up.\n"
           "  --resolution R    lattice step 1/R pixel, R in 1, 2, 4, 8. Default: contact.resolution, or 1.\n"
           "  --cspace PNG      write the first pair's configuration-space map (every offset of A in the\n"
           "                    default window: hits dark, free light, t = 0 marked by a red cross).\n"
           "  --budget SECONDS  stop with exit status 2 once the tests have run this long (default 300;\n"
           "                    0 = no limit). Runs over 2 s show their progress on a terminal.\n"
           "  --all-frames      print the matrix of which frames of A hit which frames of B (each pair, or\n"
           "                    --pair): an animation's frames, an atlas's frames or a grid's cells; each\n"
           "                    sprite keeps its transform. Tests: --algorithm (default pixel-fast).\n"
           "  --frames          the scene's timeline: per frame, the discrete answer and the swept answer\n"
           "                    for the interval after it (time of impact, first pixel pair, world point),\n"
           "                    then the tunnelling intervals. One test (default pixel-fast; --algorithm\n"
           "                    picks others). With --verify, the \"frames\" and \"time_of_impact\" entries\n"
           "                    of the expect block are compared (plain --verify compares them too).\n"
           "  --sweep-resolution H  with --frames: the most world pixels a solid point may move between\n"
           "                    two sub-steps. Default: the scene's \"sweep_resolution\" (0.25 when it has none).\n"
           "  --help            this text.\n"
           "\n"
           "Exit status: 0 done (and verified), 1 --verify found a difference, 2 bad input (unreadable or\n"
           "invalid scene, unknown option, algorithm or sprite); the reason is printed on stderr.\n";
}

struct CheckArguments {
    std::string scene;
    CheckOptions options;
    bool json = false;
    bool verify = false;
    bool printExpect = false;
    bool allFrames = false;
    bool frames = false;
    std::optional<double> sweepResolution;  // --sweep-resolution: overrides the scene's.
    bool help = false;
    std::string cspace;  ///< --cspace: where to write the first pair's map.
    std::optional<std::string> pairText;  // --pair as given; split once the sprite names are known
    double budgetSeconds = kDefaultBudgetSeconds;
    std::vector<std::string> given;  ///< The options given, in order (a run file takes only some).
};

std::vector<std::string> splitCommas(std::string_view text) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (true) {
        auto comma = text.find(',', start);
        parts.emplace_back(text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    return parts;
}

// The contact options (issue 13). Returns true when `option` is one of them; a usage error goes to `error`.
template <typename TakeValue>
bool parseContactOption(std::string_view option, std::optional<std::string_view> value, TakeValue takeValue,
                        CheckArguments& parsed, std::optional<std::string>& error) {
    if (option == "--contact") {
        if (value) error = "--contact takes no value";
        parsed.options.contact = true;
    } else if (option == "--push") {
        auto v = takeValue();
        std::string why = "needs a direction: up, down, left, right or X,Y";
        auto direction = v ? parsePushDirection(*v, why) : std::nullopt;
        if (!direction) error = "--push: " + why;
        parsed.options.push = direction;
        parsed.options.contact = true;
    } else if (option == "--resolution") {
        auto v = takeValue();
        int r = 0;
        const bool number = v && !v->empty() && std::from_chars(v->data(), v->data() + v->size(), r).ptr == v->data() + v->size();
        if (!number || !isContactResolution(r)) {
            error = "--resolution must be 1, 2, 4 or 8" + (v ? ", got \"" + std::string(*v) + "\"" : std::string());
        }
        parsed.options.resolution = r;
        parsed.options.contact = true;
    } else if (option == "--cspace") {
        auto v = takeValue();
        if (!v || v->empty()) error = "--cspace needs the PNG file to write";
        else parsed.cspace = std::string(*v);
    } else {
        return false;
    }
    return true;
}

// Writes the first pair's configuration-space map as a PNG; returns the error, empty on success.
std::string writeContactMap(const Scene& scene, const CheckOptions& options, const CheckReport& report,
                            const std::string& file, std::span<const std::filesystem::path> inputs) {
    if (report.pairs.empty()) return "--cspace: the scene has no pair to map";
    const PairReport& first = report.pairs.front();
    MaskCache masks;
    const SceneSprite* sprites[2] = {nullptr, nullptr};
    for (const SceneSprite& sprite : scene.sprites) {
        if (sprite.name == first.a) sprites[0] = &sprite;
        if (sprite.name == first.b) sprites[1] = &sprite;
    }
    const auto maskA = masks.get(sprites[0]->pixels, sprites[0]->alphaThreshold);
    const auto maskB = masks.get(sprites[1]->pixels, sprites[1]->alphaThreshold);
    const CheckContactSettings settings = contactSettings(scene, options);
    ContactOptions contact;
    contact.test = settings.test;
    contact.sampling = report.sampling;
    contact.scan = report.scan;
    contact.resolution = settings.resolution;
    const ContactPair pair(Body{maskA.get(), sprites[0]->transform}, Body{maskB.get(), sprites[1]->transform}, contact);
    const LatticeWindow window = pair.defaultWindow();
    if (cellCount(window) > kMaxContactMapCells) {
        return "--cspace: the map would have " + std::to_string(cellCount(window)) + " cells, more than " +
               std::to_string(kMaxContactMapCells) + " (try a smaller --resolution)";
    }
    const std::string error = savePngFile(contactMapImage(contactMap(pair, window)), file, inputs);
    return error.empty() ? error : "--cspace: " + error;
}

// Fills `parsed` or returns the message for a usage error.
std::optional<std::string> parseArguments(std::span<const std::string_view> args, const AlgorithmSet& available,
                                          CheckArguments& parsed) {
    bool allAlgorithms = false;
    bool sceneGiven = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string_view arg = args[i];
        std::string_view option = arg;
        std::optional<std::string_view> value;
        if (arg.substr(0, 2) == "--") {
            if (auto equals = arg.find('='); equals != std::string_view::npos) {
                option = arg.substr(0, equals);
                value = arg.substr(equals + 1);
            }
        }
        auto takeValue = [&]() -> std::optional<std::string_view> {
            if (value) return value;
            if (i + 1 < args.size()) return args[++i];
            return std::nullopt;
        };

        if (arg.size() > 1 && arg.front() == '-') parsed.given.emplace_back(option);
        std::optional<std::string> contactError;
        if (parseContactOption(option, value, takeValue, parsed, contactError)) {
            if (contactError) return contactError;
        } else if (option == "--help" || option == "-h") {
            parsed.help = true;
        } else if (option == "--json" || option == "--verify" || option == "--print-expect") {
            if (value) return std::string(option) + " takes no value";
            if ((option == "--verify" && parsed.printExpect) || (option == "--print-expect" && parsed.verify)) {
                return std::string("--verify and --print-expect cannot be used together: --print-expect writes a new "
                                   "expect block, --verify checks the one in the file");
            }
            if (option == "--json") parsed.json = true;
            else if (option == "--verify") parsed.verify = true;
            else parsed.printExpect = true;
        } else if (option == "--all-frames") {
            if (value) return std::string("--all-frames takes no value");
            parsed.allFrames = true;
        } else if (option == "--frames") {
            if (value) return std::string("--frames takes no value");
            parsed.frames = true;
        } else if (option == "--algorithm") {
            auto v = takeValue();
            if (!v || v->empty()) return std::string("--algorithm needs a name, a comma-separated list or 'all'");
            for (auto& name : splitCommas(*v)) {
                if (name == "all") allAlgorithms = true;
                else if (name.empty()) return "--algorithm " + std::string(*v) + ": empty name in the list";
                else if (!available.find(name)) return "--algorithm: unknown algorithm \"" + name + "\" (see --help)";
                else parsed.options.algorithms.push_back(name);
            }
        } else if (option == "--sweep-resolution") {
            auto v = takeValue();
            double h = 0.0;
            const std::string text = v ? std::string(*v) : std::string();
            std::size_t used = 0;
            try {
                h = std::stod(text, &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (!v || used == 0 || used != text.size() || !(h >= kMinSweepResolution && h <= kMaxSweepResolution)) {
                return "--sweep-resolution must be a number of world pixels in [0.001, 1e+07]" +
                       (v ? ", got \"" + text + "\"" : std::string());
            }
            parsed.sweepResolution = h;
        } else if (option == "--pair") {
            auto v = takeValue();
            if (!v) return std::string("--pair needs two sprite names: --pair A,B");
            if (parsed.pairText) {
                return "--pair given twice (\"" + *parsed.pairText + "\" and \"" + std::string(*v) +
                       "\"); check one pair per run, or leave --pair out to check every pair";
            }
            if (v->find(',') == std::string_view::npos || v->front() == ',' || v->back() == ',') {
                return "--pair needs two sprite names separated by a comma, got \"" + std::string(*v) + "\"";
            }
            parsed.pairText = std::string(*v);
        } else if (option == "--sampling") {
            auto v = takeValue();
            auto sampling = v ? parseSampling(*v) : std::nullopt;
            if (!sampling) return "--sampling must be center or xna" + (v ? ", got \"" + std::string(*v) + "\"" : std::string());
            parsed.options.sampling = sampling;
        } else if (option == "--scan") {
            auto v = takeValue();
            auto scan = v ? parseScanDirection(*v) : std::nullopt;
            if (!scan) return "--scan must be a-to-b, b-to-a or both" + (v ? ", got \"" + std::string(*v) + "\"" : std::string());
            parsed.options.scan = scan;
        } else if (option == "--budget") {
            auto v = takeValue();
            double seconds = -1;
            std::string text = v ? std::string(*v) : std::string();
            std::size_t used = 0;
            try {
                seconds = std::stod(text, &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (!v || text.empty() || used != text.size() || !std::isfinite(seconds) || seconds < 0) {
                return "--budget needs a number of seconds (0 = no limit)" + (v ? ", got \"" + text + "\"" : std::string());
            }
            parsed.budgetSeconds = seconds;
        } else if (arg.size() > 1 && arg.front() == '-') {
            return "unknown option " + std::string(arg) + " (see --help)";
        } else if (sceneGiven) {
            return "only one scene file, got \"" + parsed.scene + "\" and \"" + std::string(arg) + "\"";
        } else {
            parsed.scene = std::string(arg);
            sceneGiven = true;
        }
    }
    if (allAlgorithms) parsed.options.algorithms.clear();
    if (!parsed.help && !sceneGiven) return std::string("no scene file given");
    return std::nullopt;
}

void printVerify(const VerifyResult& verified, std::ostream& out) {
    out << "\nverify: " << (verified.passed() ? "passed" : "FAILED") << " (" << verified.checked << " expectation(s) compared, "
        << verified.skipped << " skipped, " << verified.differences.size() << " difference(s))\n";
    for (const auto& difference : verified.differences) out << "  " << difference << "\n";
    for (const auto& test : verified.unavailable) out << "  " << test << ": not available here (skipped)\n";
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
    if (verified && !verified->passed()) {
        if (parsed.json) {
            for (const auto& difference : verified->differences) err << parsed.scene << ": " << difference << "\n";
        }
        return kExitVerifyFailed;
    }
    return kExitDone;
}

// The pair --pair names: split at the one comma that leaves two sprite names (names may hold commas).
std::optional<std::string> resolvePair(const std::string& text, const Scene& scene, CheckOptions& options) {
    auto named = [&](std::string_view name) {
        return std::any_of(scene.sprites.begin(), scene.sprites.end(), [&](const SceneSprite& s) { return s.name == name; });
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
    auto indexOf = [&](const std::string& name) -> std::optional<std::size_t> {
        for (std::size_t i = 0; i < scene.sprites.size(); ++i) {
            if (scene.sprites[i].name == name) return i;
        }
        return std::nullopt;
    };
    if (parsed.options.pair) {
        auto a = indexOf(parsed.options.pair->first), b = indexOf(parsed.options.pair->second);
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
    FrameImageCache frames;
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
            else out << (first ? "" : "\n") << frameMatrixTable(*matrix);
            first = false;
        }
    }
    if (parsed.json) out << nlohmann::ordered_json{{"scene", parsed.scene}, {"frame_matrices", matrices}}.dump(2) << "\n";
    return kExitDone;
}

}  // namespace

int runCheckCommand(std::span<const std::string_view> args, std::ostream& out, std::ostream& err,
                    const AlgorithmSet& available, const std::filesystem::path& spritesDir) {
    try {
        CheckArguments parsed;
        if (auto usageError = parseArguments(args, available, parsed)) {
            err << "collision-lab check: " << *usageError << "\n"
                << "usage: collision-lab check SCENE [--algorithm NAME[,NAME...]|all] [--pair A,B] [--json] [--verify]\n"
                   "       (collision-lab check --help for details)\n";
            return kExitBadInput;
        }
        if (parsed.help) {
            printHelp(out, available);
            return kExitDone;
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
            return replayRunFile(parsed.scene, parsed.json, out, err, spritesDir, "collision-lab check");
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
        // The output rule, before any work: --cspace replaces neither a device nor the scene or one of its files.
        const std::vector<std::filesystem::path> inputs = sceneInputFiles(*loaded.scene, parsed.scene);
        if (!parsed.cspace.empty()) {
            if (const std::string problem = outputProblem(parsed.cspace, inputs); !problem.empty()) {
                err << parsed.scene << ": --cspace: " << problem << "\n";
                return kExitBadInput;
            }
        }
        if (parsed.allFrames) return runAllFrames(*loaded.scene, parsed, available, out, err);
        if (parsed.frames) return runFramesCommand(parsed, *loaded.scene, out, err, available);
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
            return parsed.budgetSeconds <= 0 || seconds <= parsed.budgetSeconds;
        };
        MaskCache masks;
        CheckRunResult run = runCheck(*loaded.scene, parsed.scene, parsed.options, masks);
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
            if (const std::string error = writeContactMap(*loaded.scene, parsed.options, report, parsed.cspace, inputs); !error.empty()) {
                err << parsed.scene << ": " << error << "\n";
                return kExitBadInput;
            }
        }

        if (parsed.printExpect) {
            out << expectJson(report).dump(2) << "\n";
            return kExitDone;
        }

        std::optional<VerifyResult> verified;
        if (parsed.verify) verified = verifyReport(report, loaded.scene->expect, available);
        if (parsed.verify && expectsMotion(loaded.scene->expect)) {
            MotionRunResult motion = runMotionForVerify(*loaded.scene, parsed.scene, parsed.options, masks);
            if (!motion.ok()) {
                err << parsed.scene << ": " << motion.error << "\n";
                return kExitBadInput;
            }
            mergeVerify(*verified, verifyMotion(*motion.report, loaded.scene->expect, available));
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
        if (verified && !verified->passed()) {
            // The table already lists the differences; JSON output is for programs, so tell the person too.
            if (parsed.json) {
                for (const auto& difference : verified->differences) err << parsed.scene << ": " << difference << "\n";
            }
            return kExitVerifyFailed;
        }
        return kExitDone;
    } catch (const std::exception& e) {
        // Only resource exhaustion reaches here; the user still gets a message, not a stack trace.
        err << "collision-lab check: " << e.what() << "\n";
        return kExitBadInput;
    }
}

}  // namespace cl
