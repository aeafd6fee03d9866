// `collision-lab game`: runs the falling-blocks simulation headless and prints what each stage did.
#include "app/cli/game_command.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/collision/algorithms.h"
#include "core/game/falling_blocks.h"
#include "core/game/frame_scene.h"
#include "core/game/game_random.h"
#include "core/game/run_file.h"
#include "core/io/atomic_file.h"
#include "core/scene/scene.h"
#include "app/cli/options.h"

namespace cl {
namespace {

constexpr int kExitReplayDiffers = 1;

/// Default frame count: ten seconds at 60 frames a second.
constexpr std::int64_t kDefaultFrames = 600;
/// Most hits printed as text (all of them go into --json and --record).
constexpr std::size_t kMaxPrintedHits = 10000;

// A pre-check or pixel test name, checked by the game's own settings rule (`field` is its key there).
std::string settingProblem(std::string_view field, std::string_view value) {
    GameSettings settings;
    (field == "precheck" ? settings.precheck : settings.pixelTest) = std::string(value);
    const std::optional<std::string> bad = validate(settings);
    const std::string prefix = std::string(field) + ": ";
    return bad && bad->rfind(prefix, 0) == 0 ? bad->substr(prefix.size()) : std::string();
}

CommandOptions gameOptions(const CliContext&) {
    CommandOptions c;
    c.intro =
        "Runs the XNA tutorial's falling-blocks game without a window: a person at the bottom dodges\n"
        "blocks (the bundled cross.png, 64 x 64) that fall and spin. Each frame the person is tested\n"
        "against every block (or every pair) by the broad phase, the pre-check and the pixel test\n"
        "(hit-only). Prints per-stage counts and times and every hit (frame, pair).\n";
    constexpr double kAny = std::numeric_limits<double>::infinity();
    c.rows = {
        wholeOption("--seed", "S", 0, std::numeric_limits<std::uint64_t>::max(),
                    "random seed, 0 .. 18446744073709551615. Default 1."),
        wholeOption("--frames", "N", 0, std::uint64_t(kMaxRunFrames), "frames to run, 0 .. 1000000. Default 600."),
        wholeOption("--blocks", "K", 0, std::uint64_t(kMaxGameBlocks),
                    "live blocks, 0 .. 100000: the run starts with K blocks spread over the field\n"
                    "and spawns enough to keep about K alive (K x fall speed / fall distance a\n"
                    "frame). Default: the tutorial's game (no block at the start, --spawn 0.01,\n"
                    "at most 1000)."),
        choiceOption("--pairs", "MODE", {"person", "all"},
                     "'person' (the person against every block) or 'all' (also every block\n"
                     "against every other). Default person."),
        textOption("--precheck", "NAME",
                   "none, or a bounding test of the algorithm table (circle, aabb, tight-aabb,\n"
                   "obb). Default aabb (the tutorial's bounding rectangles).")
            .checkedBy([](std::string_view v) { return settingProblem("precheck", v); }),
        textOption("--test", "NAME",
                   "the pixel test, run hit-only: pixel-fast (default), pixel-step, pixel-naive,\n"
                   "pixel-world, pixel-exact, pixel-rect.")
            .checkedBy([](std::string_view v) { return settingProblem("pixel_test", v); }),
        choiceOption("--broad-phase", "B", {"tree", "sweep", "none", "grid"},
                     "grid (uniform grid; default), sweep (sort on x and sweep), tree (Box2D's\n"
                     "dynamic AABB tree) or none (every pair; with --pairs all at most 2000 blocks)."),
        numberSizeOption("--field", "WxH", "the field in world pixels, each side 64 .. 100000. Default 800x600."),
        numberOption("--spawn", "P", -kAny, kAny,
                     "expected new blocks per frame, 0 .. 1000 (the tutorial's\n"
                     "BlockSpawnProbability 0.01 below 1).")
            .expecting("a number"),
        numberOption("--fall", "V", -kAny, kAny, "pixels per frame, (0, 1000]. Default 2 (BlockFallSpeed).").expecting("a number"),
        numberOption("--spin", "R", -kAny, kAny,
                     "radians per frame, 0 .. pi; each block spins at R x [0.5, 1.5), either way.\n"
                     "Default 0.005 (BlockRotateSpeed).")
            .expecting("a number"),
        choiceOption("--input", "KIND", {"still", "sweep", "random"},
                     "the keys held: still, sweep (walk to one edge, then the other; default) or\n"
                     "random (hold Left, Right or nothing for 1 to 60 frames, from the seed)."),
        pathOption("--run", "FILE",
                   "replay a run file (seed, settings and keys from the file); exit 1 if its\n"
                   "recorded hits differ. Only --precheck and --broad-phase may change it.\n"
                   "`collision-lab check FILE` replays it the same way."),
        pathOption("--record", "FILE", "save the run (seed, settings, keys and every hit) as a run file."),
        wholeOption("--scene-at", "F", 0, std::uint64_t(kMaxRunFrames - 1),
                    "with --scene FILE: save frame F (0-based) as a scene that `check` reads,\n"
                    "the person and the blocks near it (--every-block: all, at most 255), with\n"
                    "their motion (velocity, angular_velocity) over a 60-frame timeline."),
        pathOption("--scene", "FILE", "with --scene-at F: the scene file to write."),
        flagOption("--every-block", "with --scene-at: every block in the scene, not only those near the person."),
        pathOption("--sprites", "DIR", "read person.png and cross.png from DIR. Default: the bundled sprites."),
        flagOption("--per-frame", "also print each frame's counts and collision work (a \"per_frame\" list in JSON)."),
        flagOption("--json", "print a JSON report instead of text."),
        budgetOption("every frame, pre-check and pixel test; a frame may test at most\n1999000 candidate pairs "
                     "(as many as 2000 blocks tested every pair) whatever the budget"),
    };
    c.outro =
        "Exit status: 0 done, 1 a replayed run's hits differ from those it recorded, 2 bad input\n"
        "(unknown option, value out of range, unreadable or invalid run file); the reason is on stderr.\n";
    return c;
}

struct GameArguments {
    GameSettings settings;
    std::uint64_t seed = 1;
    std::int64_t frames = kDefaultFrames;
    std::optional<int> blocks;
    std::optional<double> spawn;
    std::string input = "sweep";
    std::optional<std::string> runFile;
    std::optional<std::string> recordFile;
    std::optional<std::int64_t> sceneAt;
    std::optional<std::string> sceneFile;
    bool everyBlock = false;
    bool perFrame = false;
    std::optional<std::string> spritesDir;
    bool json = false;
    double budgetSeconds = kDefaultBudgetSeconds;
    std::vector<std::string> setOptions;  // the options given, for --run's conflicts
};

// The checked command line as the game's own arguments; the message of a combination it refuses, if any.
std::optional<std::string> readArguments(const ParsedOptions& given, GameArguments& parsed) {
    GameSettings& s = parsed.settings;
    if (auto seed = given.whole("--seed")) parsed.seed = *seed;
    parsed.budgetSeconds = given.number("--budget").value_or(kDefaultBudgetSeconds);
    if (auto frames = given.whole("--frames")) parsed.frames = static_cast<std::int64_t>(*frames);
    if (auto blocks = given.whole("--blocks")) parsed.blocks = static_cast<int>(*blocks);
    if (auto mode = given.text("--pairs")) s.pairs = *parsePairMode(*mode);
    if (auto precheck = given.text("--precheck")) s.precheck = *precheck;
    if (auto test = given.text("--test")) s.pixelTest = *test;
    if (auto kind = given.text("--broad-phase")) s.broadPhase = *parseBroadPhase(*kind);
    if (auto field = given.size("--field")) {
        s.fieldWidth = (*field)[0];
        s.fieldHeight = (*field)[1];
    }
    parsed.spawn = given.number("--spawn");
    if (auto fall = given.number("--fall")) s.fallSpeed = *fall;
    if (auto spin = given.number("--spin")) s.spinSpeed = *spin;
    if (auto input = given.text("--input")) parsed.input = *input;
    parsed.runFile = given.text("--run");
    parsed.recordFile = given.text("--record");
    if (auto sceneAt = given.whole("--scene-at")) parsed.sceneAt = static_cast<std::int64_t>(*sceneAt);
    parsed.sceneFile = given.text("--scene");
    parsed.everyBlock = given.has("--every-block");
    parsed.spritesDir = given.text("--sprites");
    parsed.perFrame = given.has("--per-frame");
    parsed.json = given.has("--json");
    parsed.setOptions = given.given();
    if (parsed.sceneAt.has_value() != parsed.sceneFile.has_value()) return std::string("--scene-at and --scene go together");
    if (parsed.runFile) {
        for (const std::string& option : parsed.setOptions) {
            static const std::vector<std::string_view> kAllowed = {"--run",   "--precheck",    "--broad-phase", "--record",
                                                                   "--scene-at", "--scene",    "--every-block", "--sprites",
                                                                   "--json",  "--per-frame", "--help"};
            if (std::find(kAllowed.begin(), kAllowed.end(), option) == kAllowed.end()) {
                return option + ": the run file sets this; only --precheck and --broad-phase may change a replay";
            }
        }
    }
    return std::nullopt;
}

// The keys the person holds in a headless run that is not a replay.
class InputScript {
public:
    InputScript(std::string kind, std::uint64_t seed) : m_kind(std::move(kind)), m_random(seed ^ 0x9E3779B97F4A7C15ull) {}

    std::uint8_t next(const FallingBlocksGame& game) {
        if (m_kind == "still") return 0;
        if (m_kind == "sweep") {
            const double right = game.settings().fieldWidth - game.personMask().width();
            if (game.personPosition().x <= 0.0) m_keys = kInputRight;
            if (game.personPosition().x >= right) m_keys = kInputLeft;
            return m_keys;
        }
        if (m_hold == 0) {
            m_keys = static_cast<std::uint8_t>(m_random.below(3));
            m_hold = 1 + static_cast<int>(m_random.below(60));
        }
        --m_hold;
        return m_keys;
    }

private:
    std::string m_kind;
    GameRandom m_random;
    std::uint8_t m_keys = kInputRight;
    int m_hold = 0;
};

// Nearest-rank percentile of sorted values.
double percentile(const std::vector<double>& sorted, double p) {
    if (sorted.empty()) return 0.0;
    const auto rank = static_cast<std::size_t>(std::ceil(p * static_cast<double>(sorted.size())));
    return sorted[std::clamp<std::size_t>(rank, 1, sorted.size()) - 1];
}

struct CountColumn {
    std::int64_t total = 0;
    std::int64_t max = 0;
    void add(std::int64_t v) {
        total += v;
        max = std::max(max, v);
    }
};

struct Summary {
    CountColumn alive, broadPhasePairs, afterPrecheck, pixelTests, notApplicable, hits;
    std::vector<double> broadPhaseMs, precheckMs, pixelMs, totalMs;
    std::int64_t personHitFrames = 0;
    void add(const FrameReport& f) {
        alive.add(f.counts.alive);
        broadPhasePairs.add(f.counts.broadPhasePairs);
        afterPrecheck.add(f.counts.afterPrecheck);
        pixelTests.add(f.counts.pixelTests);
        notApplicable.add(f.counts.notApplicable);
        hits.add(f.counts.hits);
        broadPhaseMs.push_back(f.times.broadPhaseNs / 1e6);
        precheckMs.push_back(f.times.precheckNs / 1e6);
        pixelMs.push_back(f.times.pixelNs / 1e6);
        totalMs.push_back(f.times.totalNs() / 1e6);
        personHitFrames += f.personHit ? 1 : 0;
    }
};

std::string hitName(std::uint64_t id) { return id == kPersonId ? "person" : "block-" + std::to_string(id); }

std::string fixedDigits(double value, int digits) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", digits, value);
    return text;
}

// The game on a checked command line; `command` names it in messages ("collision-lab game", or check
// replaying a run file).
int runGame(const ParsedOptions& given, std::ostream& out, std::ostream& err, const std::filesystem::path& spritesDir,
            std::string_view command) {
    try {
        GameArguments parsed;
        if (auto usageError = readArguments(given, parsed)) {
            err << command << ": " << *usageError << "\n";
            return kExitBadInput;
        }
        const GameSpritesResult sprites = loadGameSprites(parsed.spritesDir ? std::filesystem::path(*parsed.spritesDir) : spritesDir);
        if (!sprites.ok()) {
            err << command << ": " << sprites.error << "\n";
            return kExitBadInput;
        }

        GameRun run;
        if (parsed.runFile) {
            RunLoadResult loaded = loadRun(*parsed.runFile);
            if (!loaded.ok()) {
                err << loaded.message();
                return kExitBadInput;
            }
            run = std::move(*loaded.run);
            auto given = [&](std::string_view option) {
                return std::find(parsed.setOptions.begin(), parsed.setOptions.end(), option) != parsed.setOptions.end();
            };
            // The pre-check and broad phase never change a hit, so a replay may swap them to show that.
            if (given("--precheck")) run.settings.precheck = parsed.settings.precheck;
            if (given("--broad-phase")) run.settings.broadPhase = parsed.settings.broadPhase;
        } else {
            run.seed = parsed.seed;
            run.settings = parsed.settings;
            if (parsed.blocks) {
                run.settings.maxBlocks = *parsed.blocks;
                run.settings.initialBlocks = *parsed.blocks;
                run.settings.spawnProbability = steadySpawnProbability(run.settings, *sprites.sprites, *parsed.blocks);
            }
            if (parsed.spawn) run.settings.spawnProbability = *parsed.spawn;
        }
        if (auto bad = validate(run.settings)) {
            err << command << ": " << *bad << "\n";
            return kExitBadInput;
        }
        // The output rule, before any work: --record and --scene replace neither a device nor an input of this run.
        std::vector<std::filesystem::path> inputs{sprites.sprites->personPath, sprites.sprites->blockPath};
        if (parsed.runFile) inputs.emplace_back(*parsed.runFile);
        for (const std::optional<std::string>* output : {&parsed.recordFile, &parsed.sceneFile}) {
            if (!*output) continue;
            if (const std::string problem = outputProblem(**output, inputs); !problem.empty()) {
                err << command << ": " << problem << "\n";
                return kExitBadInput;
            }
        }
        const std::int64_t frames = parsed.runFile ? static_cast<std::int64_t>(run.inputs.size()) : parsed.frames;
        if (parsed.sceneAt && *parsed.sceneAt >= frames) {
            err << "collision-lab game: --scene-at " << *parsed.sceneAt << ": the run has frames 0 .. " << frames - 1 << "\n";
            return kExitBadInput;
        }

        FallingBlocksGame game(*sprites.sprites, run.settings, run.seed);
        WorkBudget budget;
        budget.limitSeconds(parsed.budgetSeconds);
        game.setBudget(&budget);
        InputScript script(parsed.input, run.seed);
        Summary summary;
        std::vector<RecordedHit> hits;
        std::vector<FrameReport> perFrame;
        std::optional<Scene> sceneAt;  // --scene-at's frame, written once the run is done
        std::int64_t f = 0;
        try {
            for (; f < frames; ++f) {
                game.step(parsed.runFile ? run.inputs[static_cast<std::size_t>(f)] : script.next(game));
                const FrameReport& frame = game.lastFrame();
                summary.add(frame);
                if (parsed.perFrame) {
                    perFrame.push_back(frame);
                    perFrame.back().hits.clear();
                }
                for (const GameHit& h : frame.hits) hits.push_back({frame.frame, h.a, h.b});
                if (parsed.sceneAt && *parsed.sceneAt == frame.frame) {
                    FrameSceneOptions options;
                    options.everyBlock = parsed.everyBlock;
                    FrameSceneResult scene = sceneFromFrame(game, options);
                    if (!scene.ok()) {
                        err << "collision-lab game: --scene-at " << frame.frame << ": " << scene.error << "\n";
                        return kExitBadInput;
                    }
                    sceneAt = std::move(*scene.scene);
                }
            }
        } catch (const WorkBudgetExceeded& e) {
            const std::string who = parsed.runFile ? *parsed.runFile : std::string(command);
            err << who << ": stopped at frame " << f << ": " << e.what();
            if (!e.fixedCap()) err << " (--budget " << parsed.budgetSeconds << " s); run fewer --frames or raise --budget (0 = no limit)";
            err << "; nothing was written\n";
            return kExitBadInput;
        }
        if (sceneAt) {
            if (auto saved = saveScene(*sceneAt, *parsed.sceneFile, {}, inputs); !saved.ok()) {
                err << command << ": " << saved.error << "\n";
                return kExitBadInput;
            }
        }
        const std::optional<std::string> difference = run.hits ? firstHitDifference(*run.hits, hits) : std::nullopt;
        if (parsed.recordFile) {
            if (auto error = saveRun(recordedRun(game, hits), *parsed.recordFile, inputs); !error.empty()) {
                err << command << ": " << error << "\n";
                return kExitBadInput;
            }
        }

        for (auto* times : {&summary.broadPhaseMs, &summary.precheckMs, &summary.pixelMs, &summary.totalMs}) {
            std::sort(times->begin(), times->end());
        }
        const GameSettings& s = run.settings;
        if (parsed.json) {
            using Ordered = nlohmann::ordered_json;
            auto column = [&](const CountColumn& c) {
                return Ordered{{"total", c.total}, {"mean", frames ? double(c.total) / double(frames) : 0.0}, {"max", c.max}};
            };
            auto timing = [&](const std::vector<double>& ms) {
                double sum = 0.0;
                for (double v : ms) sum += v;
                return Ordered{{"mean", ms.empty() ? 0.0 : sum / double(ms.size())}, {"p50", percentile(ms, 0.50)},
                               {"p95", percentile(ms, 0.95)}, {"max", ms.empty() ? 0.0 : ms.back()}};
            };
            Ordered json = runToJson(recordedRun(game));
            json.erase("format");
            json.erase("version");
            json.erase("inputs");
            json["counts"] = {{"alive", column(summary.alive)},
                              {"broad_phase_pairs", column(summary.broadPhasePairs)},
                              {"after_precheck", column(summary.afterPrecheck)},
                              {"pixel_tests", column(summary.pixelTests)},
                              {"not_applicable", column(summary.notApplicable)},
                              {"hits", column(summary.hits)},
                              {"frames_person_hit", summary.personHitFrames}};
            json["times_ms"] = {{"broad_phase", timing(summary.broadPhaseMs)},
                                {"precheck", timing(summary.precheckMs)},
                                {"pixel", timing(summary.pixelMs)},
                                {"total", timing(summary.totalMs)}};
            Ordered list = Ordered::array();
            for (const RecordedHit& h : hits) list.push_back({{"frame", h.frame}, {"a", hitName(h.a)}, {"b", hitName(h.b)}});
            json["hits"] = list;
            if (parsed.perFrame) {
                Ordered frames = Ordered::array();
                for (const FrameReport& f : perFrame) {
                    frames.push_back({{"frame", f.frame}, {"alive", f.counts.alive}, {"broad_phase_pairs", f.counts.broadPhasePairs},
                                      {"after_precheck", f.counts.afterPrecheck}, {"pixel_tests", f.counts.pixelTests},
                                      {"hits", f.counts.hits}, {"person_hit", f.personHit}, {"work_ms", f.times.totalNs() / 1e6}});
                }
                json["per_frame"] = frames;
            }
            if (run.hits) json["replay"] = {{"matches", !difference}, {"difference", difference ? *difference : ""}};
            out << json.dump(2) << "\n";
        } else {
            out << "falling blocks: seed " << run.seed << ", " << frames << " frames, field " << s.fieldWidth << "x" << s.fieldHeight
                << ", at most " << s.maxBlocks << " blocks (" << s.initialBlocks << " at the start, " << s.spawnProbability
                << " new a frame)\n"
                << "pairs " << pairModeName(s.pairs) << ", broad phase " << broadPhaseName(s.broadPhase) << ", pre-check "
                << s.precheck << ", pixel test " << s.pixelTest << " (hit-only), sampling " << samplingName(s.sampling) << "\n\n";
            auto row = [&](const char* name, const CountColumn& c) {
                std::string label = name;
                label.resize(22, ' ');
                out << "  " << label << "total " << c.total << ", per frame mean " << fixedDigits(frames ? double(c.total) / double(frames) : 0.0, 1)
                    << ", max " << c.max << "\n";
            };
            out << "per-stage counts:\n";
            row("blocks alive", summary.alive);
            row("broad-phase pairs", summary.broadPhasePairs);
            row("after pre-check", summary.afterPrecheck);
            row("pixel tests run", summary.pixelTests);
            if (summary.notApplicable.total > 0) row("not applicable", summary.notApplicable);
            row("hits", summary.hits);
            out << "  frames with the person hit: " << summary.personHitFrames << "\n\n";
            auto times = [&](const char* name, const std::vector<double>& ms) {
                std::string label = name;
                label.resize(22, ' ');
                out << "  " << label << "p50 " << fixedDigits(percentile(ms, 0.50), 3) << "  p95 " << fixedDigits(percentile(ms, 0.95), 3)
                    << "  max " << fixedDigits(ms.empty() ? 0.0 : ms.back(), 3) << "\n";
            };
            out << "per-frame time, ms:\n";
            times("broad phase", summary.broadPhaseMs);
            times("pre-check", summary.precheckMs);
            times("pixel tests", summary.pixelMs);
            times("collision work", summary.totalMs);
            if (parsed.perFrame) {
                out << "\nper frame: frame, alive, broad-phase pairs, after pre-check, pixel tests, hits, work ms\n";
                for (const FrameReport& f : perFrame) {
                    out << "  " << f.frame << " " << f.counts.alive << " " << f.counts.broadPhasePairs << " " << f.counts.afterPrecheck
                        << " " << f.counts.pixelTests << " " << f.counts.hits << " " << fixedDigits(f.times.totalNs() / 1e6, 3) << "\n";
                }
            }
            out << "\nhits (frame: a/b): " << hits.size() << "\n";
            for (std::size_t i = 0; i < hits.size() && i < kMaxPrintedHits; ++i) {
                out << "  " << hits[i].frame << ": " << hitName(hits[i].a) << "/" << hitName(hits[i].b) << "\n";
            }
            if (hits.size() > kMaxPrintedHits) out << "  ... " << hits.size() - kMaxPrintedHits << " more (see --json)\n";
            if (run.hits) out << "\nreplay: " << (difference ? "DIFFERS, " + *difference : std::string("matches the recorded hits")) << "\n";
        }
        if (difference) {
            if (parsed.json) err << *parsed.runFile << ": " << *difference << "\n";
            return kExitReplayDiffers;
        }
        return kExitDone;
    } catch (const std::exception& e) {
        err << command << ": " << e.what() << "\n";
        return kExitBadInput;
    }
}

int gameMain(const ParsedOptions& given, const CliContext& context) {
    return runGame(given, context.out, context.err, context.spritesDir, "collision-lab game");
}

}  // namespace

CliCommand gameCommand() {
    return {"game", "run the falling-blocks game without a window: per-stage counts, times and hits; record or replay runs",
            gameOptions, gameMain};
}

int runGameCommand(std::span<const std::string_view> args, std::ostream& out, std::ostream& err,
                   const std::filesystem::path& spritesDir) {
    return runCliCommand(gameCommand(), args, CliContext{out, err, coreAlgorithms(), spritesDir});
}

int replayRunFile(const std::filesystem::path& runFile, bool json, std::ostream& out, std::ostream& err,
                  const std::filesystem::path& spritesDir, std::string_view command) {
    const std::string file = runFile.string();
    std::vector<std::string_view> args{"--run", file};
    if (json) args.push_back("--json");
    const OptionsResult parsed = parseOptions(gameOptions(CliContext{out, err, coreAlgorithms(), spritesDir}), args);
    if (!parsed.ok()) {
        err << command << ": " << parsed.error << "\n";
        return kExitBadInput;
    }
    return runGame(parsed.options, out, err, spritesDir, command);
}

}  // namespace cl
