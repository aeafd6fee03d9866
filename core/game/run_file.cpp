#include "core/game/run_file.h"

#include <algorithm>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>
#include <system_error>

#include "core/io/atomic_file.h"
#include "core/io/bounded_file.h"
#include "core/io/bounded_json.h"
#include "core/game/falling_blocks.h"
#include "core/scene/scene.h"

namespace cl {
namespace {

using Json = nlohmann::json;

std::string shortJson(const Json& value) {
    std::string text = value.dump(-1, ' ', false, Json::error_handler_t::replace);
    if (text.size() > 40) text = text.substr(0, 37) + "...";
    return text;
}

// Reads a run file's JSON, collecting every problem with its path.
class RunReader {
public:
    std::optional<GameRun> read(const Json& root) {
        if (!root.is_object()) {
            problem("", "must be a JSON object with \"format\": \"collision-lab/run\"");
            return std::nullopt;
        }
        checkKeys(root, "", {"format", "version", "seed", "settings", "frames", "inputs", "hits"});
        auto format = root.find("format");
        if (format == root.end() || !format->is_string() || format->get<std::string>() != kRunFormat) {
            problem("format", "must be \"collision-lab/run\"" + (format == root.end() ? std::string(" (missing)") : ", got " + shortJson(*format)));
            return std::nullopt;
        }
        auto version = root.find("version");
        if (version == root.end() || !version->is_number_integer()) {
            problem("version", "must be the whole number 1" + (version == root.end() ? std::string(" (missing)") : ", got " + shortJson(*version)));
        } else if (version->get<std::int64_t>() != kRunVersion) {
            problem("version", "this build reads version 1 only, got " + shortJson(*version));
        }

        GameRun run;
        if (auto seed = root.find("seed"); seed == root.end()) {
            problem("seed", "missing (a whole number 0 .. 18446744073709551615)");
        } else if (!seed->is_number_unsigned()) {
            problem("seed", "must be a whole number 0 .. 18446744073709551615, got " + shortJson(*seed));
        } else {
            run.seed = seed->get<std::uint64_t>();
        }
        if (auto settings = root.find("settings"); settings != root.end()) readSettings(*settings, run.settings);

        std::int64_t frames = -1;
        if (auto value = root.find("frames"); value == root.end()) {
            problem("frames", "missing (a whole number 0 .. " + std::to_string(kMaxRunFrames) + ")");
        } else if (auto n = wholeNumber(*value, "frames", 0, kMaxRunFrames)) {
            frames = *n;
        }
        if (auto inputs = root.find("inputs"); inputs == root.end()) {
            problem("inputs", "missing (a list of [count, keys] runs)");
        } else {
            readInputs(*inputs, frames, run.inputs);
        }
        if (auto hits = root.find("hits"); hits != root.end()) {
            run.hits.emplace();
            readHits(*hits, frames, *run.hits);
        }
        if (!m_problems.empty()) return std::nullopt;
        return run;
    }

    std::vector<RunProblem> takeProblems() { return std::move(m_problems); }

private:
    void problem(std::string path, std::string message) { m_problems.push_back({std::move(path), std::move(message)}); }

    void checkKeys(const Json& object, const std::string& path, std::initializer_list<std::string_view> known) {
        for (auto it = object.begin(); it != object.end(); ++it) {
            bool ok = false;
            for (auto k : known) ok = ok || it.key() == k;
            if (!ok) problem(path.empty() ? it.key() : path + "." + it.key(), "unknown field");
        }
    }

    std::optional<std::int64_t> wholeNumber(const Json& value, const std::string& path, std::int64_t low, std::int64_t high) {
        const bool whole = value.is_number_integer();
        std::int64_t n = 0;
        bool inRange = false;
        if (whole) {
            if (value.is_number_unsigned()) {
                const auto u = value.get<std::uint64_t>();
                inRange = u <= static_cast<std::uint64_t>(high) && static_cast<std::int64_t>(u) >= low;
                n = static_cast<std::int64_t>(u);
            } else {
                n = value.get<std::int64_t>();
                inRange = n >= low && n <= high;
            }
        }
        if (!inRange) {
            problem(path, "must be a whole number in [" + std::to_string(low) + ", " + std::to_string(high) + "], got " + shortJson(value));
            return std::nullopt;
        }
        return n;
    }

    void readSettings(const Json& value, GameSettings& s) {
        if (!value.is_object()) {
            problem("settings", "must be an object, got " + shortJson(value));
            return;
        }
        checkKeys(value, "settings", {"field_width", "field_height", "spawn_probability", "fall_speed", "spin_speed", "person_speed",
                                      "max_blocks", "initial_blocks", "pairs", "broad_phase", "precheck", "pixel_test",
                                      "sampling", "alpha_threshold"});
        const std::size_t before = m_problems.size();
        auto number = [&](const char* key, double& field) {
            if (auto it = value.find(key); it != value.end()) {
                if (it->is_number()) field = it->get<double>();
                else problem(std::string("settings.") + key, "must be a number, got " + shortJson(*it));
            }
        };
        auto whole = [&](const char* key, int& field) {
            if (auto it = value.find(key); it != value.end()) {
                if (auto n = wholeNumber(*it, std::string("settings.") + key, std::numeric_limits<int>::min(), std::numeric_limits<int>::max())) {
                    field = static_cast<int>(*n);
                }
            }
        };
        auto text = [&](const char* key, auto parse, const char* rule) {
            if (auto it = value.find(key); it != value.end()) {
                if (!it->is_string() || !parse(it->get<std::string>())) problem(std::string("settings.") + key, std::string("must be ") + rule + ", got " + shortJson(*it));
            }
        };
        number("field_width", s.fieldWidth);
        number("field_height", s.fieldHeight);
        number("spawn_probability", s.spawnProbability);
        number("fall_speed", s.fallSpeed);
        number("spin_speed", s.spinSpeed);
        number("person_speed", s.personSpeed);
        whole("max_blocks", s.maxBlocks);
        whole("initial_blocks", s.initialBlocks);
        whole("alpha_threshold", s.alphaThreshold);
        text("pairs", [&](const std::string& v) { auto m = parsePairMode(v); if (m) s.pairs = *m; return m.has_value(); }, "\"person\" or \"all\"");
        text("broad_phase", [&](const std::string& v) { auto k = parseBroadPhase(v); if (k) s.broadPhase = *k; return k.has_value(); },
             "\"tree\", \"sweep\", \"none\" or \"grid\"");
        text("sampling", [&](const std::string& v) { auto m = parseSampling(v); if (m) s.sampling = *m; return m.has_value(); }, "\"center\" or \"xna\"");
        text("precheck", [&](const std::string& v) { s.precheck = v; return true; }, "a string");
        text("pixel_test", [&](const std::string& v) { s.pixelTest = v; return true; }, "a string");
        // The ranges and names are checked once, by the same rules the game itself applies.
        if (m_problems.size() == before) {
            if (auto bad = validate(s)) {
                const auto colon = bad->find(':');
                problem("settings." + bad->substr(0, colon), bad->substr(colon + 2));
            }
        }
    }

    void readInputs(const Json& value, std::int64_t frames, std::vector<std::uint8_t>& inputs) {
        if (!value.is_array()) {
            problem("inputs", "must be a list of [count, keys] runs, got " + shortJson(value));
            return;
        }
        std::int64_t total = 0;
        for (std::size_t i = 0; i < value.size(); ++i) {
            const std::string path = "inputs[" + std::to_string(i) + "]";
            const Json& run = value[i];
            if (!run.is_array() || run.size() != 2) {
                problem(path, "must be [count, keys], got " + shortJson(run));
                return;
            }
            auto count = wholeNumber(run[0], path + "[0]", 1, kMaxRunFrames);
            auto keys = wholeNumber(run[1], path + "[1]", 0, kInputMask);
            if (!count || !keys) return;
            total += *count;
            if (total > kMaxRunFrames || (frames >= 0 && total > frames)) {
                problem(path + "[0]", "the runs add up to more than frames (" + std::to_string(frames) + ")");
                return;
            }
            inputs.insert(inputs.end(), static_cast<std::size_t>(*count), static_cast<std::uint8_t>(*keys));
        }
        if (frames >= 0 && total != frames) {
            problem("inputs", "the runs add up to " + std::to_string(total) + " frames, but frames is " + std::to_string(frames));
        }
    }

    void readHits(const Json& value, std::int64_t frames, std::vector<RecordedHit>& hits) {
        if (!value.is_array()) {
            problem("hits", "must be a list of [frame, a, b], got " + shortJson(value));
            return;
        }
        if (static_cast<std::int64_t>(value.size()) > kMaxRunHits) {
            problem("hits", "at most " + std::to_string(kMaxRunHits) + " hits, got " + std::to_string(value.size()));
            return;
        }
        for (std::size_t i = 0; i < value.size(); ++i) {
            const std::string path = "hits[" + std::to_string(i) + "]";
            const Json& hit = value[i];
            if (!hit.is_array() || hit.size() != 3) {
                problem(path, "must be [frame, a, b], got " + shortJson(hit));
                return;
            }
            auto frame = wholeNumber(hit[0], path + "[0]", 0, frames >= 1 ? frames - 1 : 0);
            auto a = wholeNumber(hit[1], path + "[1]", 0, std::numeric_limits<std::int64_t>::max());
            auto b = wholeNumber(hit[2], path + "[2]", 1, std::numeric_limits<std::int64_t>::max());
            if (!frame || !a || !b) return;
            if (*a >= *b) {
                problem(path, "a must be less than b (the person is 0, blocks count up), got " + shortJson(hit));
                return;
            }
            if (!hits.empty() && hits.back().frame > *frame) {
                problem(path + "[0]", "hits must be in frame order");
                return;
            }
            hits.push_back({*frame, static_cast<std::uint64_t>(*a), static_cast<std::uint64_t>(*b)});
        }
    }

    std::vector<RunProblem> m_problems;
};

// Reads JSON events only until the top-level "format" field's value decides what the text is.
class FormatSniffer : public nlohmann::json_sax<Json> {
public:
    bool isRun() const { return m_isRun; }

    bool null() override { return value(); }
    bool boolean(bool) override { return value(); }
    bool number_integer(number_integer_t) override { return value(); }
    bool number_unsigned(number_unsigned_t) override { return value(); }
    bool number_float(number_float_t, const string_t&) override { return value(); }
    bool binary(binary_t&) override { return value(); }
    bool string(string_t& text) override {
        if (m_formatNext) {
            m_isRun = text == kRunFormat;
            return false;
        }
        return true;
    }
    bool start_object(std::size_t) override {
        if (m_formatNext) return false;
        ++m_depth;
        return true;
    }
    bool key(string_t& name) override {
        m_formatNext = m_depth == 1 && name == "format";
        return true;
    }
    bool end_object() override {
        --m_depth;
        return m_depth > 0;  // the top-level object ended without a "format"
    }
    bool start_array(std::size_t) override {
        if (m_formatNext || m_depth == 0) return false;  // a top-level array is no run file
        ++m_depth;
        return true;
    }
    bool end_array() override {
        --m_depth;
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

private:
    bool value() { return !m_formatNext && m_depth > 0; }

    int m_depth = 0;
    bool m_formatNext = false;
    bool m_isRun = false;
};

RunLoadResult failedLoad(const std::filesystem::path& file, std::string message) {
    RunLoadResult result;
    result.file = file;
    result.problems.push_back({"", std::move(message)});
    return result;
}

std::string hitsText(const std::vector<RecordedHit>& hits) {
    std::string text;
    for (const RecordedHit& h : hits) text += (text.empty() ? "" : ", ") + std::to_string(h.a) + "/" + std::to_string(h.b);
    return text.empty() ? "none" : text;
}

}  // namespace

std::string RunLoadResult::message() const {
    std::string text;
    for (const auto& p : problems) text += file.string() + ": " + (p.path.empty() ? "" : p.path + ": ") + p.message + "\n";
    return text;
}

bool isRunText(std::string_view text) {
    FormatSniffer sniffer;
    Json::sax_parse(text, &sniffer);
    return sniffer.isRun();
}

bool isRunFile(const std::filesystem::path& file) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) return false;
    std::ifstream in(file, std::ios::binary);
    if (!in) return false;
    FormatSniffer sniffer;
    try {
        Json::sax_parse(in, &sniffer);
    } catch (const std::exception&) {
        return false;
    }
    return sniffer.isRun();
}

RunLoadResult loadRun(const std::filesystem::path& file) {
    FileReadResult read = readBoundedFile(file, kMaxRunFileBytes, "run file");
    if (!read.ok()) return failedLoad(file, read.problem);
    return parseRun(*read.bytes, file);
}

RunLoadResult parseRun(std::string_view text, const std::filesystem::path& file) {
    Json root;
    try {
        // The most values a valid run holds: up to kMaxRunFrames input runs of 3 values ([count, keys]), up to
        // kMaxRunHits hits of 4 ([frame, a, b]), and a few hundred for the rest; a file game --record wrote
        // always loads. The 64 MiB file limit bounds the rest.
        JsonLimits limits;
        limits.maxValues = static_cast<std::size_t>(3 * kMaxRunFrames + 4 * kMaxRunHits) + 4096;
        JsonParseResult parsed = parseBoundedJson(text, limits);
        if (!parsed.ok()) {
            RunLoadResult refused = failedLoad(file, parsed.error);
            refused.problems.front().path = parsed.path;
            // A run file is written in one go: text that stops parsing was most likely cut off.
            const std::string_view invalid = "not valid JSON: ";
            if (parsed.error.rfind(invalid, 0) == 0) {
                refused.problems.front().message = "not valid JSON (cut off or damaged?): " + parsed.error.substr(invalid.size());
            }
            return refused;
        }
        root = std::move(*parsed.json);
    } catch (const std::exception& e) {
        return failedLoad(file, std::string("cannot be loaded: ") + e.what());
    }
    RunLoadResult result;
    result.file = file;
    try {
        RunReader reader;
        result.run = reader.read(root);
        result.problems = reader.takeProblems();
    } catch (const std::exception& e) {
        result.run.reset();
        result.problems.push_back({"", std::string("cannot be loaded: ") + e.what()});
    }
    return result;
}

nlohmann::ordered_json runToJson(const GameRun& run) {
    using Ordered = nlohmann::ordered_json;
    const GameSettings& s = run.settings;
    Ordered settings = {{"field_width", s.fieldWidth},
                        {"field_height", s.fieldHeight},
                        {"spawn_probability", s.spawnProbability},
                        {"fall_speed", s.fallSpeed},
                        {"spin_speed", s.spinSpeed},
                        {"person_speed", s.personSpeed},
                        {"max_blocks", s.maxBlocks},
                        {"initial_blocks", s.initialBlocks},
                        {"pairs", pairModeName(s.pairs)},
                        {"broad_phase", broadPhaseName(s.broadPhase)},
                        {"precheck", s.precheck},
                        {"pixel_test", s.pixelTest},
                        {"sampling", samplingName(s.sampling)},
                        {"alpha_threshold", s.alphaThreshold}};
    Ordered inputs = Ordered::array();
    for (std::size_t i = 0; i < run.inputs.size();) {
        std::size_t j = i;
        while (j < run.inputs.size() && run.inputs[j] == run.inputs[i]) ++j;
        inputs.push_back(Ordered::array({j - i, run.inputs[i]}));
        i = j;
    }
    Ordered json = {{"format", kRunFormat}, {"version", kRunVersion}, {"seed", run.seed}, {"settings", settings},
                    {"frames", run.inputs.size()}, {"inputs", inputs}};
    if (run.hits) {
        Ordered hits = Ordered::array();
        for (const RecordedHit& h : *run.hits) hits.push_back(Ordered::array({h.frame, h.a, h.b}));
        json["hits"] = hits;
    }
    return json;
}

std::string saveRun(const GameRun& run, const std::filesystem::path& file, std::span<const std::filesystem::path> inputs) {
    try {
        return writeFileAtomically(file, runToJson(run).dump(1) + "\n", inputs);
    } catch (const std::exception& e) {
        return file.string() + ": cannot be written: " + e.what();
    }
}

GameRun recordedRun(const FallingBlocksGame& game, std::optional<std::vector<RecordedHit>> hits) {
    GameRun run;
    run.seed = game.seed();
    run.settings = game.settings();
    run.inputs.assign(game.inputs().begin(), game.inputs().end());
    run.hits = std::move(hits);
    return run;
}

std::optional<std::string> firstHitDifference(std::span<const RecordedHit> recorded, std::span<const RecordedHit> replayed) {
    std::size_t i = 0;
    while (i < recorded.size() && i < replayed.size() && recorded[i] == replayed[i]) ++i;
    if (i == recorded.size() && i == replayed.size()) return std::nullopt;
    const std::int64_t frame = std::min(i < recorded.size() ? recorded[i].frame : replayed[i].frame,
                                        i < replayed.size() ? replayed[i].frame : recorded[i].frame);
    auto inFrame = [frame](std::span<const RecordedHit> hits) {
        std::vector<RecordedHit> out;
        for (const RecordedHit& h : hits) {
            if (h.frame == frame) out.push_back(h);
        }
        return out;
    };
    return "frame " + std::to_string(frame) + ": recorded " + hitsText(inFrame(recorded)) + ", replayed " + hitsText(inFrame(replayed));
}

ReplayResult replayRun(const GameRun& run, const GameSprites& sprites, const std::function<void(const FallingBlocksGame&)>& onFrame) {
    ReplayResult result;
    FallingBlocksGame game(sprites, run.settings, run.seed);
    for (std::uint8_t input : run.inputs) {
        game.step(input);
        for (const GameHit& h : game.lastFrame().hits) result.hits.push_back({game.lastFrame().frame, h.a, h.b});
        if (onFrame) onFrame(game);
    }
    if (run.hits) result.difference = firstHitDifference(*run.hits, result.hits);
    return result;
}

}  // namespace cl
