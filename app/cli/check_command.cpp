// `collision-lab check`: loads a scene, runs collision tests on its sprite pairs, prints or verifies.
#include "app/cli/check_command.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "core/algorithms.h"
#include "core/mask_cache.h"
#include "core/motion_check.h"
#include "core/scene.h"
#include "core/scene_check.h"

namespace cl {
namespace {

constexpr int kExitDone = 0;
constexpr int kExitVerifyFailed = 1;
constexpr int kExitBadInput = 2;

void printHelp(std::ostream& out, const AlgorithmSet& available) {
    out << "usage: collision-lab check SCENE [--algorithm NAME[,NAME...]|all] [--pair A,B] [--json]\n"
           "                          [--verify] [--sampling center|xna] [--scan a-to-b|b-to-a|both]\n"
           "                          [--print-expect] [--frames] [--sweep-resolution H] [--help]\n"
           "\n"
           "Loads the scene file SCENE, runs collision tests on its sprite pairs and prints the results.\n"
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
    bool frames = false;
    std::optional<double> sweepResolution;  // --sweep-resolution: overrides the scene's.
    bool help = false;
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

        if (option == "--help" || option == "-h") {
            parsed.help = true;
        } else if (option == "--json" || option == "--verify" || option == "--print-expect" || option == "--frames") {
            if (value) return std::string(option) + " takes no value";
            if (option == "--json") parsed.json = true;
            else if (option == "--verify") parsed.verify = true;
            else if (option == "--frames") parsed.frames = true;
            else parsed.printExpect = true;
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
            auto names = splitCommas(*v);
            if (names.size() != 2 || names[0].empty() || names[1].empty()) {
                return "--pair needs two sprite names separated by a comma, got \"" + std::string(*v) + "\"";
            }
            parsed.options.pair = std::pair{names[0], names[1]};
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

void mergeVerify(VerifyResult& into, const VerifyResult& more) {
    into.differences.insert(into.differences.end(), more.differences.begin(), more.differences.end());
    into.unavailable.insert(into.unavailable.end(), more.unavailable.begin(), more.unavailable.end());
    into.checked += more.checked;
    into.skipped += more.skipped;
}

nlohmann::ordered_json verifyJson(const VerifyResult& verified) {
    return {{"passed", verified.passed()},
            {"checked", verified.checked},
            {"skipped", verified.skipped},
            {"unavailable", verified.unavailable},
            {"differences", verified.differences}};
}

void printVerify(const VerifyResult& verified, std::ostream& out) {
    out << "\nverify: " << (verified.passed() ? "passed" : "FAILED") << " (" << verified.checked << " expectation(s) compared, "
        << verified.skipped << " skipped, " << verified.differences.size() << " difference(s))\n";
    for (const auto& difference : verified.differences) out << "  " << difference << "\n";
    for (const auto& test : verified.unavailable) out << "  " << test << ": not available here (skipped)\n";
}

// The timeline runs --verify needs for the expect block's "frames" and "time_of_impact" entries: the
// tests they name (within --algorithm, when given), on every pair plus the pairs the block names.
MotionRunResult runMotionForVerify(const Scene& scene, const CheckArguments& parsed, const AlgorithmSet& available,
                                   MaskCache& masks) {
    CheckOptions options = parsed.options;
    std::vector<std::string> names = motionExpectedAlgorithms(scene.expect, available);
    if (!parsed.options.algorithms.empty()) {
        std::erase_if(names, [&](const std::string& name) {
            return std::find(parsed.options.algorithms.begin(), parsed.options.algorithms.end(), name) == parsed.options.algorithms.end();
        });
    }
    options.algorithms = names;
    options.includeExpectedPairs = true;
    options.available = &available;
    if (names.empty()) return MotionRunResult{MotionReport{}, {}};
    return runMotionCheck(scene, parsed.scene, options, masks);
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
        MotionRunResult forVerify = runMotionForVerify(scene, parsed, available, masks);
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

}  // namespace

int runCheckCommand(std::span<const std::string_view> args, std::ostream& out, std::ostream& err,
                    const AlgorithmSet& available) {
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

        SceneLoadResult loaded = loadScene(parsed.scene);
        if (!loaded.ok()) {
            err << loaded.message();
            return kExitBadInput;
        }
        if (parsed.frames) return runFramesCommand(parsed, *loaded.scene, out, err, available);
        parsed.options.includeExpectedPairs = parsed.verify;
        parsed.options.available = &available;
        MaskCache masks;
        CheckRunResult run = runCheck(*loaded.scene, parsed.scene, parsed.options, masks);
        if (!run.ok()) {
            err << parsed.scene << ": " << run.error << "\n";
            return kExitBadInput;
        }
        const CheckReport& report = *run.report;

        if (parsed.printExpect) {
            out << expectJson(report).dump(2) << "\n";
            return kExitDone;
        }

        std::optional<VerifyResult> verified;
        if (parsed.verify) verified = verifyReport(report, loaded.scene->expect, available);
        if (parsed.verify && expectsMotion(loaded.scene->expect)) {
            MotionRunResult motion = runMotionForVerify(*loaded.scene, parsed, available, masks);
            if (!motion.ok()) {
                err << parsed.scene << ": " << motion.error << "\n";
                return kExitBadInput;
            }
            mergeVerify(*verified, verifyMotion(*motion.report, loaded.scene->expect, available));
        }

        if (parsed.json) {
            nlohmann::ordered_json json = reportJson(report);
            if (verified) json["verify"] = verifyJson(*verified);
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
