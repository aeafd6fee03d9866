#include "core/check/scene_check.h"

#include "core/base/engine_threshold.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#include "core/io/json_text.h"

namespace cl {
namespace {

using Ordered = nlohmann::ordered_json;
using Json = nlohmann::json;

constexpr double kRelativeTolerance = 1e-6;


std::string namesText(const Scene& scene) {
    std::string text;
    for (const auto& sprite : scene.sprites) text += (text.empty() ? "" : ", ") + sprite.name;
    return text;
}

std::optional<std::size_t> spriteIndex(const Scene& scene, const std::string& name) { return findSprite(scene, name); }

Ordered pointJson(glm::ivec2 p) { return Ordered::array({p.x, p.y}); }
Ordered pointJson(glm::dvec2 p) { return Ordered::array({p.x, p.y}); }


bool numbersMatch(double expected, double actual, bool tolerant) {
    if (!tolerant) return expected == actual;
    return std::fabs(expected - actual) <= kRelativeTolerance * std::max(1.0, std::fabs(expected));
}

// Compares one expected JSON value with the actual one; `tolerant` allows the float tolerance for numbers.
bool valuesMatch(const Json& expected, const Json& actual, bool tolerant) {
    if (expected.is_number() && actual.is_number()) {
        return numbersMatch(expected.get<double>(), actual.get<double>(), tolerant);
    }
    if (expected.is_array() && actual.is_array()) {
        if (expected.size() != actual.size()) return false;
        for (std::size_t i = 0; i < expected.size(); ++i) {
            if (!valuesMatch(expected[i], actual[i], tolerant)) return false;
        }
        return true;
    }
    return expected == actual;
}

std::string timeText(std::int64_t ns) {
    char buffer[32];
    if (ns < 1000) std::snprintf(buffer, sizeof buffer, "%lld ns", static_cast<long long>(ns));
    else if (ns < 1000000) std::snprintf(buffer, sizeof buffer, "%.1f us", ns / 1e3);
    else std::snprintf(buffer, sizeof buffer, "%.1f ms", ns / 1e6);
    return buffer;
}




// ---- contact answers (issue 13) ----

constexpr double kContactTolerance = 1e-9;

Ordered optionalPoint(const std::optional<glm::dvec2>& p) { return p ? pointJson(*p) : Ordered(nullptr); }

std::string vectorText(glm::dvec2 v) { return "(" + numberText(v.x) + ", " + numberText(v.y) + ")"; }
std::string optionalVectorText(const std::optional<glm::dvec2>& v) { return v ? vectorText(*v) : std::string("none"); }

ContactReport runContact(const CheckContactSettings& settings, const CheckReport& report, const Body& a, const Body& b,
                         WorkBudget* budget) {
    ContactOptions options;
    options.budget = budget;
    options.test = settings.test;
    options.sampling = report.sampling;
    options.scan = report.scan;
    options.resolution = settings.resolution;
    return contactReport(ContactPair(a, b, options), settings.push);
}

std::string contactTable(const CheckContactSettings& settings, const ContactReport& c) {
    std::string text = "  contact (" + std::string(settings.test->name) + ", h = 1/" + std::to_string(settings.resolution) + "):";
    if (!c.applicable) return text + " n/a (" + c.reason + ")\n";
    text += c.hit ? " hit\n" : " no hit\n";
    text += "    separation " + vectorText(c.separation.vector) + "  depth " + numberText(c.separation.depth) +
            "  normal " + optionalVectorText(c.separation.normal) + "\n";
    text += "    push-out along " + vectorText(c.push.direction) + ": " + numberText(c.push.distance) + "\n";
    text += "    approach along " + vectorText(c.approach.direction) + ": " +
            (c.approach.steps ? numberText(c.approach.distance) : std::string("none")) + " (limit " +
            numberText(static_cast<double>(c.approach.limitSteps) * c.step) + ")\n";
    text += "    centroid " + optionalVectorText(c.centroid) + "  gradient normal " + optionalVectorText(c.gradient.normal) +
            " (g = " + vectorText(c.gradient.gradient) + ")\n";
    return text;
}

void verifyContact(const std::string& pairName, const ContactReport& c, const Json& expected, std::vector<std::string>& differences) {
    if (!expected.is_object()) return;
    const Json actual = Json::parse(contactExpectJson(c).dump(-1, ' ', false, Json::error_handler_t::replace));
    for (const auto& field : expected.items()) {
        auto found = actual.find(field.key());
        if (found == actual.end()) continue;  // the loader refuses unknown fields
        bool same = true;
        if (field.value().is_null() || found->is_null()) {
            same = field.value().is_null() && found->is_null();
        } else if (field.value().is_number() && found->is_number()) {
            same = std::fabs(field.value().get<double>() - found->get<double>()) <= kContactTolerance;
        } else if (field.value().is_array() && found->is_array() && field.value().size() == found->size()) {
            for (std::size_t k = 0; k < found->size(); ++k) {
                same = same && std::fabs(field.value()[k].get<double>() - (*found)[k].get<double>()) <= kContactTolerance;
            }
        } else {
            same = false;
        }
        if (!same) {
            differences.push_back(pairName + " contact " + field.key() + ": expected " + shortJson(field.value()) + ", got " +
                                  shortJson(*found));
        }
    }
}

}  // namespace

CheckContactSettings contactSettings(const Scene& scene, const CheckOptions& options) {
    CheckContactSettings s;
    const SceneContact contact = scene.contact.value_or(SceneContact{});
    s.test = findAlgorithm(contact.test.value_or(std::string(kDefaultPixelAlgorithm)));
    if (!s.test) s.test = findAlgorithm(kDefaultPixelAlgorithm);
    s.resolution = options.resolution.value_or(contact.resolution.value_or(1));
    if (options.push) {
        s.push = *options.push;
    } else if (contact.pushName) {
        s.push = namedPushDirection(*contact.pushName).value_or(s.push);
    } else if (contact.pushVector) {
        s.push = unitPushDirection(*contact.pushVector).value_or(s.push);
    }
    return s;
}

Ordered contactJson(const CheckContactSettings& settings, const ContactReport& c) {
    Ordered j;
    j["test"] = std::string(settings.test->name);
    j["resolution"] = settings.resolution;
    j["applicable"] = c.applicable;
    if (!c.applicable) {
        j["reason"] = c.reason;
        return j;
    }
    j["hit"] = c.hit;
    j["separation"] = pointJson(c.separation.vector);
    j["depth"] = c.separation.depth;
    j["normal"] = optionalPoint(c.separation.normal);
    j["push"] = Ordered{{"direction", pointJson(c.push.direction)}, {"distance", c.push.distance}};
    j["approach"] = Ordered{{"direction", pointJson(c.approach.direction)},
                            {"distance", c.approach.steps ? Ordered(c.approach.distance) : Ordered(nullptr)},
                            {"limit", static_cast<double>(c.approach.limitSteps) * c.step}};
    j["centroid"] = optionalPoint(c.centroid);
    j["gradient"] = pointJson(c.gradient.gradient);
    j["gradient_normal"] = optionalPoint(c.gradient.normal);
    return j;
}

Ordered contactExpectJson(const ContactReport& c) {
    Ordered j;
    j["separation"] = pointJson(c.separation.vector);
    j["depth"] = c.separation.depth;
    j["push"] = c.push.distance;
    j["approach"] = c.approach.steps ? Ordered(c.approach.distance) : Ordered(nullptr);
    j["centroid"] = optionalPoint(c.centroid);
    return j;
}

std::optional<std::size_t> findSprite(const Scene& scene, std::string_view name) {
    for (std::size_t i = 0; i < scene.sprites.size(); ++i) {
        if (scene.sprites[i].name == name) return i;
    }
    return std::nullopt;
}

ResolveResult resolveRequest(const Scene& scene, const CheckOptions& options, NoTestsNamed none) {
    ResolveResult out;
    const AlgorithmSet& available = *options.available;
    ResolvedRequest request;
    if (options.algorithms.empty()) {
        if (none == NoTestsNamed::Every) {
            for (const auto& algorithm : available.all()) request.algorithms.push_back(&algorithm);
        } else if (const Algorithm* fallback = available.find(kDefaultPixelAlgorithm)) {
            request.algorithms.push_back(fallback);
        }
    } else {
        std::set<const Algorithm*> wanted;
        for (const auto& name : options.algorithms) {
            const Algorithm* algorithm = available.find(name);
            if (!algorithm) {
                out.error = "unknown algorithm " + jsonQuoted(name) + " (known: " + available.namesText() +
                            (none == NoTestsNamed::Every ? ", or all)" : ")");
                return out;
            }
            wanted.insert(algorithm);
        }
        // Table order, whatever order the user typed, so reports always read the same way.
        for (const auto& algorithm : available.all()) {
            if (wanted.count(&algorithm)) request.algorithms.push_back(&algorithm);
        }
    }
    if (request.algorithms.empty()) {
        out.error = "no test to run";
        return out;
    }
    if (auto problem = selectPairs(scene, options, request.pairs)) {
        out.error = *problem;
        return out;
    }
    out.request = std::move(request);
    return out;
}

std::optional<std::string> selectPairs(const Scene& scene, const CheckOptions& options,
                                       std::vector<std::pair<std::size_t, std::size_t>>& pairs) {
    pairs.clear();
    if (options.pair) {
        auto a = spriteIndex(scene, options.pair->first);
        auto b = spriteIndex(scene, options.pair->second);
        for (const auto* name : {&options.pair->first, &options.pair->second}) {
            if (!spriteIndex(scene, *name)) {
                return "no sprite is called " + jsonQuoted(*name) + " (sprites: " + namesText(scene) + ")";
            }
        }
        if (*a == *b) {
            return "a pair needs two different sprites, got " + jsonQuoted(options.pair->first) + " twice";
        }
        pairs.emplace_back(*a, *b);
    } else {
        for (std::size_t i = 0; i < scene.sprites.size(); ++i) {
            for (std::size_t j = i + 1; j < scene.sprites.size(); ++j) pairs.emplace_back(i, j);
        }
        if (options.includeExpectedPairs) {
            for (const auto& expected : scene.expect.pairs()) {
                auto a = spriteIndex(scene, expected.a);
                auto b = spriteIndex(scene, expected.b);
                if (!a || !b || *a == *b) continue;
                if (std::find(pairs.begin(), pairs.end(), std::pair{*a, *b}) == pairs.end()) pairs.emplace_back(*a, *b);
            }
        }
    }
    return std::nullopt;
}

CheckRunResult runCheck(const Scene& scene, const std::string& sceneLabel, const CheckOptions& options, MaskCache& masks) {
    CheckRunResult out;
    ResolveResult resolved = resolveRequest(scene, options, NoTestsNamed::Every);
    if (!resolved.ok()) {
        out.error = resolved.error;
        return out;
    }
    const std::vector<const Algorithm*>& chosen = resolved.request->algorithms;
    const std::vector<std::pair<std::size_t, std::size_t>>& pairs = resolved.request->pairs;

    CheckReport report;
    report.scene = sceneLabel;
    report.sampling = options.sampling.value_or(scene.sampling);
    report.scan = options.scan.value_or(scene.scan);
    TestOptions testOptions;
    testOptions.sampling = report.sampling;
    testOptions.scan = report.scan;
    // What the expect block asks about is answered too: its pairs (above), and contact when it has an entry.
    if (options.contact || (options.includeExpectedPairs && scene.expect.expectsContact())) {
        report.contact = contactSettings(scene, options);
    }
    for (const auto& sprite : scene.sprites) {
        if (auto note = engineThresholdNote(sprite)) report.engineThresholds.push_back(std::move(*note));
    }
    for (const auto& sprite : scene.sprites) {
        if (!sprite.pixels) {
            out.error = "sprite " + jsonQuoted(sprite.name) + " has no image";
            return out;
        }
    }
    testOptions.budget = options.budget;
    const std::size_t total = pairs.size() * chosen.size();
    std::size_t done = 0;
    bool inContact = false;
    try {
        for (auto [ia, ib] : pairs) {
            const SceneSprite& spriteA = scene.sprites[ia];
            const SceneSprite& spriteB = scene.sprites[ib];
            auto maskA = masks.get(spriteA.pixels, spriteA.alphaThreshold);
            auto maskB = masks.get(spriteB.pixels, spriteB.alphaThreshold);
            Body a{maskA.get(), spriteA.transform, spriteA.colliderOptions()};
            Body b{maskB.get(), spriteB.transform, spriteB.colliderOptions()};
            PairReport pairReport{spriteA.name, spriteB.name, {}, std::nullopt};
            for (const Algorithm* algorithm : chosen) {
                pairReport.results.push_back({algorithm, runAlgorithmTimed(*algorithm, a, b, testOptions)});
                ++done;
                if (options.progress && !options.progress(done, total)) {
                    out.stopped = true;
                    out.error = "stopped after " + std::to_string(done) + " of " + std::to_string(total) + " tests";
                    return out;
                }
            }
            if (report.contact) {
                inContact = true;
                pairReport.contact = runContact(*report.contact, report, a, b, options.budget);
                inContact = false;
            }
            report.pairs.push_back(std::move(pairReport));
        }
    } catch (const WorkBudgetExceeded&) {
        // The test that spent the last unit has run (its answer is not kept); contact questions are not tests.
        out.stopped = true;
        out.error = "stopped after " + std::to_string(done + (inContact ? 0 : 1)) + " of " + std::to_string(total) + " tests" +
                    (inContact ? " (in the contact questions)" : "");
        return out;
    }
    out.report = std::move(report);
    return out;
}

Ordered resultJson(const Algorithm& algorithm, const CollisionResult& result) {
    Ordered j;
    j["applicable"] = result.applicable;
    if (!result.applicable) {
        j["reason"] = result.reason;
        return j;
    }
    j["hit"] = result.hit;
    if (algorithm.reportsArea) {
        j["overlap_area"] = result.overlap;
    } else if (algorithm.kind == AlgorithmKind::Pixel) {
        j["overlap"] = static_cast<std::int64_t>(std::llround(result.overlap));
    }
    if (result.firstHit) {
        j["first_hit"] = Ordered{{"a", pointJson(result.firstHit->a)},
                                 {"b", pointJson(result.firstHit->b)},
                                 {"world", pointJson(result.firstHit->world)}};
    }
    j["samples"] = result.samples;
    j["time_ns"] = result.timeNs;
    return j;
}

std::optional<EngineThresholdNote> engineThresholdNote(const SceneSprite& sprite) {
    const SpriteEngineThreshold* setting = shownEngineThreshold(sprite);
    if (!setting) return std::nullopt;
    return EngineThresholdNote{sprite.name, *setting, sprite.alphaThreshold};
}

Ordered engineThresholdJson(const EngineThresholdNote& note) {
    Ordered entry{{"sprite", note.sprite}, {"engine", note.setting.engine}};
    if (note.setting.value) entry["value"] = *note.setting.value;
    entry["alpha_threshold"] = note.alphaThreshold;
    entry["rule"] = describeEngineThreshold(note.setting.engine, note.setting.value);
    return entry;
}

std::string engineThresholdText(const EngineThresholdNote& note) {
    return "threshold of " + note.sprite + ": " + describeEngineThreshold(note.setting.engine, note.setting.value);
}

Ordered reportJson(const CheckReport& report) {
    Ordered pairs = Ordered::array();
    for (const auto& pair : report.pairs) {
        Ordered results = Ordered::object();
        for (const auto& outcome : pair.results) results[std::string(outcome.algorithm->name)] = resultJson(*outcome.algorithm, outcome.result);
        Ordered entry{{"a", pair.a}, {"b", pair.b}, {"results", std::move(results)}};
        if (pair.contact && report.contact) entry["contact"] = contactJson(*report.contact, *pair.contact);
        pairs.push_back(std::move(entry));
    }
    Ordered json{{"scene", report.scene}, {"sampling", samplingName(report.sampling)}, {"scan", scanDirectionName(report.scan)}};
    if (!report.engineThresholds.empty()) {
        Ordered notes = Ordered::array();
        for (const EngineThresholdNote& note : report.engineThresholds) notes.push_back(engineThresholdJson(note));
        json["engine_thresholds"] = std::move(notes);
    }
    json["pairs"] = std::move(pairs);
    return json;
}

Ordered expectJson(const CheckReport& report) {
    Ordered expect = Ordered::object();
    for (const auto& pair : report.pairs) {
        Ordered entries = Ordered::object();
        for (const auto& outcome : pair.results) {
            Ordered full = resultJson(*outcome.algorithm, outcome.result);
            Ordered e = Ordered::object();
            if (!outcome.result.applicable) {
                e["applicable"] = false;
            } else {
                e["hit"] = full["hit"];
                for (const char* key : {"overlap", "overlap_area"}) {
                    if (full.contains(key)) e[key] = full[key];
                }
            }
            entries[std::string(outcome.algorithm->name)] = std::move(e);
        }
        if (pair.contact) entries[std::string(kContactExpectKey)] = contactExpectJson(*pair.contact);
        expect[pair.a + "/" + pair.b] = std::move(entries);
    }
    return expect;
}

std::string reportTable(const CheckReport& report) {
    std::string text = "scene: " + report.scene + "  (sampling: " + std::string(samplingName(report.sampling)) +
                       (report.scan == ScanDirection::AToB ? std::string() : ", scan: " + std::string(scanDirectionName(report.scan))) + ")\n";
    for (const EngineThresholdNote& note : report.engineThresholds) text += engineThresholdText(note) + "\n";
    for (const auto& pair : report.pairs) {
        const std::string scanned = report.scan == ScanDirection::AToB   ? pair.a + " scanned into " + pair.b
                                    : report.scan == ScanDirection::BToA ? pair.b + " scanned into " + pair.a
                                                                         : pair.a + " and " + pair.b + " scanned into each other";
        text += "\n" + pair.a + "/" + pair.b + "  (" + scanned + ")\n";
        text += "  " + padded("algorithm", 13) + padded("hit", 5) + padded("overlap", 12) + padded("samples", 11) +
                padded("time", 10) + "first hit: A pixel -> B pixel @ world\n";
        for (const auto& outcome : pair.results) {
            const CollisionResult& r = outcome.result;
            std::string line = "  " + padded(std::string(outcome.algorithm->name), 13);
            if (!r.applicable) {
                text += line + "n/a  (" + r.reason + ")\n";
                continue;
            }
            std::string overlap = "-";
            if (outcome.algorithm->reportsArea) overlap = numberText(r.overlap);
            else if (outcome.algorithm->kind == AlgorithmKind::Pixel) overlap = std::to_string(std::llround(r.overlap));
            std::string first = "-";
            if (r.firstHit) {
                const PixelHit& h = *r.firstHit;
                first = pixelText(h.a) + " -> " + pixelText(h.b) + " @ (" + numberText(h.world.x) + ", " + numberText(h.world.y) + ")";
            }
            line += padded(r.hit ? "yes" : "no", 5) + padded(overlap, 12) + padded(std::to_string(r.samples), 11) +
                    padded(timeText(r.timeNs), 10) + first;
            text += line + "\n";
        }
        if (pair.contact && report.contact) text += contactTable(*report.contact, *pair.contact);
    }
    return text;
}

VerifyResult verifyReport(const CheckReport& report, const Expectations& expect, const AlgorithmSet& available) {
    VerifyResult out;
    for (const PairExpectations& expected : expect.pairs()) {
        const std::string pairName = expected.key();
        auto pair = std::find_if(report.pairs.begin(), report.pairs.end(),
                                 [&](const PairReport& p) { return p.a == expected.a && p.b == expected.b; });
        auto onContact = [&](const Json& fields) {
            if (pair == report.pairs.end() || !pair->contact) {
                ++out.skipped;
            } else {
                ++out.checked;
                verifyContact(pairName, *pair->contact, fields, out.differences);
            }
        };
        auto onAlgorithm = [&](const AlgorithmExpectation& entry) {
            const AlgorithmOutcome* outcome = nullptr;
            if (pair != report.pairs.end()) {
                for (const auto& o : pair->results) {
                    if (o.algorithm->name == entry.algorithm) outcome = &o;
                }
            }
            if (!outcome) {
                if (!available.find(entry.algorithm)) out.skipUnavailable(pairName + " " + entry.algorithm, "not in this binary");
                else ++out.skipped;
                return;
            }
            // A test that needs a display is not applicable only where there is none: the machine lacks it, the
            // pair's answer is not in question.
            if (outcome->algorithm->needsDisplay && !outcome->result.applicable) {
                out.skipUnavailable(pairName + " " + entry.algorithm, outcome->result.reason);
                return;
            }
            ++out.checked;
            const Ordered actualOrdered = resultJson(*outcome->algorithm, outcome->result);
            const Json actual = Json::parse(actualOrdered.dump(-1, ' ', false, Json::error_handler_t::replace));
            const std::string prefix = pairName + " " + entry.algorithm + " ";
            if (!entry.fields.is_object()) return;
            for (const auto& field : entry.fields.items()) {
                const std::string& key = field.key();
                const Json& wanted = field.value();
                // The timeline's entries are verified by verifyMotion() (core/check/motion_check.h).
                if (key == "frames" || key == "time_of_impact") continue;
                auto found = actual.find(key);
                if (found == actual.end()) {
                    // An expected "first_hit": null means "no overlapping sample", which is what absence says.
                    if (key == "first_hit" && wanted.is_null()) continue;
                    std::string why = !outcome->result.applicable
                                          ? "the test is not applicable (" + outcome->result.reason + ")"
                                          : std::string(outcome->algorithm->name) + " does not report " + key;
                    if (key == "first_hit") why = "there is no overlapping sample";
                    out.differences.push_back(prefix + key + ": expected " + shortJson(wanted) + ", but " + why);
                    continue;
                }
                const bool tolerant = key == "overlap_area" || key == "first_hit";
                bool same = true;
                if (key == "first_hit" && wanted.is_object() && found->is_object()) {
                    for (const auto& part : wanted.items()) {
                        auto actualPart = found->find(part.key());
                        if (actualPart == found->end() || !valuesMatch(part.value(), *actualPart, part.key() == "world")) same = false;
                    }
                } else {
                    same = valuesMatch(wanted, *found, tolerant);
                }
                if (!same) out.differences.push_back(prefix + key + ": expected " + shortJson(wanted) + ", got " + shortJson(*found));
            }
        };
        expected.visit(onAlgorithm, onContact);
    }
    return out;
}

VerifyResult verifyReport(const CheckReport& report, const nlohmann::json& expect, const AlgorithmSet& available) {
    return verifyReport(report, expectationsFromJson(expect), available);
}

Ordered verifyJson(const VerifyResult& verified) {
    return Ordered{{"passed", verified.passed()},
                   {"checked", verified.checked},
                   {"skipped", verified.skipped},
                   {"unavailable", verified.unavailable},
                   {"differences", verified.differences}};
}

}  // namespace cl
