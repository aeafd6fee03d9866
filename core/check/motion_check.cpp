#include "core/check/motion_check.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "core/scene/animation_time.h"
#include "core/scene/frame_memory.h"
#include "core/io/json_text.h"

namespace cl {
namespace {

using Ordered = nlohmann::ordered_json;
using Json = nlohmann::json;

constexpr double kMotionRelativeTolerance = 1e-6;





Ordered hitJson(const PixelHit& h) {
    return Ordered{{"a", Ordered::array({h.a.x, h.a.y})}, {"b", Ordered::array({h.b.x, h.b.y})},
                   {"world", Ordered::array({h.world.x, h.world.y})}};
}

// Same rule as verifyReport(): numbers equal, or within the tolerance where `tolerant`.
bool motionValuesMatch(const Json& expected, const Json& actual, bool tolerant) {
    if (expected.is_number() && actual.is_number()) {
        const double e = expected.get<double>(), a = actual.get<double>();
        if (!tolerant) return e == a;
        return std::fabs(e - a) <= kMotionRelativeTolerance * std::max(1.0, std::fabs(e));
    }
    if (expected.is_array() && actual.is_array()) {
        if (expected.size() != actual.size()) return false;
        for (std::size_t i = 0; i < expected.size(); ++i) {
            if (!motionValuesMatch(expected[i], actual[i], tolerant)) return false;
        }
        return true;
    }
    if (expected.is_object() && actual.is_object()) {
        for (const auto& part : expected.items()) {
            auto found = actual.find(part.key());
            if (found == actual.end() || !motionValuesMatch(part.value(), *found, tolerant)) return false;
        }
        return true;
    }
    return expected == actual;
}

// Keys whose numbers are measured in the world (and so compared with the tolerance).
bool tolerantKey(const std::string& key) {
    return key == "tau" || key == "world" || key == "overlap_area" || key == "first_hit" || key == "time_of_impact";
}

// Compares the fields of `expected` (an object) with `actual`, adding "prefix key: expected .., got .." lines.
void compareFields(const Json& expected, const Json& actual, const std::string& prefix, VerifyResult& out) {
    for (const auto& field : expected.items()) {
        const std::string& key = field.key();
        auto found = actual.find(key);
        if (found == actual.end()) {
            if (field.value().is_null()) continue;
            out.differences.push_back(prefix + key + ": expected " + shortJson(field.value()) + ", but it is not reported");
            continue;
        }
        if (key == "time_of_impact" && field.value().is_object() && found->is_object()) {
            for (const auto& part : field.value().items()) {
                auto actualPart = found->find(part.key());
                if (actualPart == found->end() || !motionValuesMatch(part.value(), *actualPart, tolerantKey(part.key()))) {
                    out.differences.push_back(prefix + key + "." + part.key() + ": expected " + shortJson(part.value()) + ", got " +
                                              (actualPart == found->end() ? std::string("nothing") : shortJson(*actualPart)));
                }
            }
            continue;
        }
        if (!motionValuesMatch(field.value(), *found, tolerantKey(key))) {
            out.differences.push_back(prefix + key + ": expected " + shortJson(field.value()) + ", got " + shortJson(*found));
        }
    }
}

Json plain(const Ordered& value) { return Json::parse(value.dump(-1, ' ', false, Json::error_handler_t::replace)); }

}  // namespace

const SweptResult* MotionPairReport::firstImpact() const {
    for (const auto& f : frames) {
        if (f.swept && f.swept->applicable && f.swept->impact) return &*f.swept;
    }
    return nullptr;
}

std::vector<int> MotionPairReport::tunnelling() const {
    std::vector<int> out;
    for (const auto& f : frames) {
        if (f.swept && f.swept->applicable && f.swept->tunnelling()) out.push_back(f.frame);
    }
    return out;
}

MotionRunResult runMotionCheck(const Scene& scene, const std::string& sceneLabel, const CheckOptions& options,
                               MaskCache& masks) {
    MotionRunResult out;
    ResolveResult resolved = resolveRequest(scene, options, NoTestsNamed::DefaultPixel);
    if (!resolved.ok()) {
        out.error = resolved.error;
        return out;
    }
    const std::vector<const Algorithm*>& chosen = resolved.request->algorithms;
    const std::vector<std::pair<std::size_t, std::size_t>>& pairs = resolved.request->pairs;

    MotionReport report;
    report.scene = sceneLabel;
    report.sampling = options.sampling.value_or(scene.sampling);
    report.scan = options.scan.value_or(scene.scan);
    report.frames = scene.timeline.frames;
    report.sweepResolution = scene.timeline.sweepResolution;
    for (const auto& sprite : scene.sprites) {
        if (!sprite.pixels) {
            out.error = "sprite " + jsonQuoted(sprite.name) + " has no image";
            return out;
        }
    }
    // An animated sprite's body shows, at each tau, the frame of its animation at tau (core/scene/animation_time.h).
    FrameImageCache frameImages;
    for (auto [ia, ib] : pairs) {
        const SceneSprite& spriteA = scene.sprites[ia];
        const SceneSprite& spriteB = scene.sprites[ib];
        // Every animation frame is cut and masked before the first test: the memory estimate first.
        const std::int64_t pixels = cutFramePixels(spriteA, animationFrameRefs(spriteA)) + cutFramePixels(spriteB, animationFrameRefs(spriteB));
        if (std::string problem = cutPixelsProblem("the animation frames of " + spriteA.name + " and " + spriteB.name, pixels);
            !problem.empty()) {
            out.error = problem + " (cut for the timeline)";
            return out;
        }
        std::vector<std::shared_ptr<const AlphaMask>> held;
        MovingBody a, b;
        const double fps = scene.timeline.framesPerSecond();
        for (auto [sprite, body] : {std::pair{&spriteA, &a}, std::pair{&spriteB, &b}}) {
            if (std::string error = movingBodyOf(*sprite, fps, frameImages, masks, held, *body); !error.empty()) {
                out.error = error;
                return out;
            }
        }
        // n is the same in every interval (the motion is linear, the reach fixed), so the whole cost is known.
        const SubStepCount count = subStepCount(a, b, report.sweepResolution);
        const double total = static_cast<double>(report.frames - 1) * static_cast<double>(count.count);
        if (count.ok() && total > kMaxTimelineSubSteps) {
            char text[64];
            std::snprintf(text, sizeof text, "%.6g", total);
            out.error = spriteA.name + "/" + spriteB.name + ": the timeline needs " + text + " sub-steps (" +
                        std::to_string(report.frames - 1) + " intervals of " + std::to_string(count.count) +
                        "); the limit is 1e+08: raise sweep_resolution or show fewer frames";
            return out;
        }
        for (const Algorithm* algorithm : chosen) {
            SweepOptions sweep;
            sweep.algorithm = algorithm;
            sweep.test.sampling = report.sampling;
            sweep.test.scan = report.scan;
            sweep.test.budget = options.budget;
            sweep.resolution = report.sweepResolution;
            MotionPairReport pairReport{spriteA.name, spriteB.name, algorithm, {}};
            for (int k = 0; k < report.frames; ++k) {
                FrameOutcome outcome;
                outcome.frame = k;
                outcome.discrete = discreteTest(a, b, k, sweep);
                if (k + 1 < report.frames) outcome.swept = sweptTest(a, b, k, sweep);
                pairReport.frames.push_back(std::move(outcome));
            }
            report.pairs.push_back(std::move(pairReport));
        }
    }
    out.report = std::move(report);
    return out;
}

Ordered timeOfImpactJson(const SweptResult* swept) {
    if (!swept || !swept->impact) return nullptr;
    const TimeOfImpact& impact = *swept->impact;
    Ordered j{{"tau", impact.tau}, {"frame", swept->frame}, {"step", impact.step}, {"sub_steps", swept->subSteps}};
    if (impact.result.firstHit) {
        const PixelHit& h = *impact.result.firstHit;
        j["a"] = Ordered::array({h.a.x, h.a.y});
        j["b"] = Ordered::array({h.b.x, h.b.y});
        j["world"] = Ordered::array({h.world.x, h.world.y});
    }
    return j;
}

Ordered frameJson(const Algorithm& algorithm, const FrameOutcome& outcome) {
    Ordered j;
    j["frame"] = outcome.frame;
    const CollisionResult& r = outcome.discrete;
    j["applicable"] = r.applicable;
    if (!r.applicable) {
        j["reason"] = r.reason;
    } else {
        j["hit"] = r.hit;
        if (algorithm.reportsArea) j["overlap_area"] = r.overlap;
        else if (algorithm.kind == AlgorithmKind::Pixel) j["overlap"] = static_cast<std::int64_t>(std::llround(r.overlap));
        j["first_hit"] = r.firstHit ? hitJson(*r.firstHit) : Ordered(nullptr);
    }
    if (outcome.swept) {
        const SweptResult& s = *outcome.swept;
        if (!s.applicable) {
            j["swept_applicable"] = false;
            j["swept_reason"] = s.reason;
        } else {
            j["swept_hit"] = s.hit;
            j["tunnelling"] = s.tunnelling();
            j["sub_steps"] = s.subSteps;
            j["tests"] = s.testsRun;
            j["time_of_impact"] = timeOfImpactJson(&s);
        }
    }
    return j;
}

Ordered motionReportJson(const MotionReport& report) {
    Ordered pairs = Ordered::array();
    for (const auto& pair : report.pairs) {
        Ordered frames = Ordered::array();
        for (const auto& f : pair.frames) frames.push_back(frameJson(*pair.algorithm, f));
        Ordered tunnels = Ordered::array();
        for (int k : pair.tunnelling()) tunnels.push_back(Ordered::array({k, k + 1}));
        pairs.push_back(Ordered{{"a", pair.a}, {"b", pair.b}, {"algorithm", std::string(pair.algorithm->name)},
                                {"frames", std::move(frames)}, {"tunnelling", std::move(tunnels)},
                                {"time_of_impact", timeOfImpactJson(pair.firstImpact())}});
    }
    return Ordered{{"scene", report.scene},
                   {"sampling", samplingName(report.sampling)},
                   {"scan", scanDirectionName(report.scan)},
                   {"frames", report.frames},
                   {"sweep_resolution", report.sweepResolution},
                   {"pairs", std::move(pairs)}};
}

std::string motionReportTable(const MotionReport& report) {
    std::string text = "scene: " + report.scene + "  (sampling: " + std::string(samplingName(report.sampling)) +
                       (report.scan == ScanDirection::AToB ? std::string() : ", scan: " + std::string(scanDirectionName(report.scan))) +
                       ", frames: " + std::to_string(report.frames) + ", sweep resolution: " + numberText(report.sweepResolution) + ")\n";
    for (const auto& pair : report.pairs) {
        text += "\n" + pair.a + "/" + pair.b + "  (" + pair.a + " scanned into " + pair.b + ")  " + std::string(pair.algorithm->name) + "\n";
        text += "  " + padded("frame", 7) + padded("hit", 5) + padded("swept to next", 15) + padded("sub-steps", 11) +
                padded("tests", 7) + "time of impact: A pixel -> B pixel @ world\n";
        for (const auto& f : pair.frames) {
            std::string line = "  " + padded(std::to_string(f.frame), 7);
            line += padded(!f.discrete.applicable ? "n/a" : f.discrete.hit ? "yes" : "no", 5);
            if (!f.swept) {
                text += line + "-\n";
                continue;
            }
            const SweptResult& s = *f.swept;
            if (!s.applicable) {
                text += line + "n/a  (" + s.reason + ")\n";
                continue;
            }
            line += padded(s.hit ? (s.tunnelling() ? "yes (tunnels)" : "yes") : "no", 15) +
                    padded(std::to_string(s.subSteps), 11) + padded(std::to_string(s.testsRun), 7);
            if (s.impact) {
                line += numberText(s.impact->tau) + " (step " + std::to_string(s.impact->step) + ")";
                if (s.impact->result.firstHit) {
                    const PixelHit& h = *s.impact->result.firstHit;
                    line += ": " + pixelText(h.a) + " -> " + pixelText(h.b) + " @ (" + numberText(h.world.x) + ", " +
                            numberText(h.world.y) + ")";
                }
            } else {
                line += "-";
            }
            text += line + "\n";
        }
        const auto tunnels = pair.tunnelling();
        text += "  tunnelling: ";
        if (tunnels.empty()) text += "none";
        for (std::size_t i = 0; i < tunnels.size(); ++i) {
            text += (i ? ", " : "") + std::to_string(tunnels[i]) + "-" + std::to_string(tunnels[i] + 1);
        }
        text += "\n  time of impact: ";
        if (const SweptResult* s = pair.firstImpact()) {
            text += numberText(s->impact->tau) + " (frame " + std::to_string(s->frame) + ", step " + std::to_string(s->impact->step) +
                    " of " + std::to_string(s->subSteps) + ")\n";
        } else {
            text += "none\n";
        }
    }
    return text;
}

Ordered motionExpectJson(const MotionReport& report) {
    Ordered expect = Ordered::object();
    for (const auto& pair : report.pairs) {
        Ordered frames = Ordered::array();
        for (const auto& f : pair.frames) {
            Ordered full = frameJson(*pair.algorithm, f);
            Ordered e = Ordered::object();
            for (const char* key : {"frame", "applicable", "hit", "overlap", "overlap_area", "swept_hit", "tunnelling", "sub_steps"}) {
                if (full.contains(key) && !(std::string(key) == "applicable" && full[key] == true)) e[key] = full[key];
            }
            if (full.contains("time_of_impact") && !full["time_of_impact"].is_null()) e["time_of_impact"] = full["time_of_impact"];
            frames.push_back(std::move(e));
        }
        expect[pair.a + "/" + pair.b][std::string(pair.algorithm->name)] =
            Ordered{{"frames", std::move(frames)}, {"time_of_impact", timeOfImpactJson(pair.firstImpact())}};
    }
    return expect;
}

std::vector<std::string> motionExpectedAlgorithms(const Expectations& expect, const AlgorithmSet& available) {
    std::set<std::string> names;
    for (const auto& pair : expect.pairs()) {
        for (const auto& entry : pair.algorithms) {
            if (entry.expectsMotion() && available.find(entry.algorithm)) names.insert(entry.algorithm);
        }
    }
    return {names.begin(), names.end()};
}

VerifyResult verifyMotion(const MotionReport& report, const Expectations& expect, const AlgorithmSet& available) {
    VerifyResult out;
    for (const auto& expected : expect.pairs()) {
        const std::string pairName = expected.key();
        for (const auto& entry : expected.algorithms) {
            const Json& wanted = entry.fields;
            if (!entry.expectsMotion()) continue;
            const MotionPairReport* pair = nullptr;
            for (const auto& p : report.pairs) {
                if (p.a == expected.a && p.b == expected.b && p.algorithm->name == entry.algorithm) pair = &p;
            }
            if (!pair) {
                if (!available.find(entry.algorithm)) out.skipUnavailable(pairName + " " + entry.algorithm, "not in this binary");
                else ++out.skipped;
                continue;
            }
            ++out.checked;
            const std::string prefix = pairName + " " + entry.algorithm + " ";
            if (auto it = wanted.find("time_of_impact"); it != wanted.end()) {
                compareFields(Json{{"time_of_impact", *it}}, Json{{"time_of_impact", plain(timeOfImpactJson(pair->firstImpact()))}},
                              prefix, out);
            }
            auto frames = wanted.find("frames");
            if (frames == wanted.end() || !frames->is_array()) continue;
            for (const auto& f : *frames) {
                if (!f.is_object() || !f.contains("frame")) continue;
                const auto k = f["frame"].get<double>();
                if (!(k >= 0 && k < report.frames)) {
                    out.differences.push_back(prefix + "frame " + shortJson(f["frame"]) + ": not on the timeline (frames 0.." +
                                              std::to_string(report.frames - 1) + ")");
                    continue;
                }
                const Json actual = plain(frameJson(*pair->algorithm, pair->frames[static_cast<std::size_t>(k)]));
                Json rest = f;
                rest.erase("frame");
                compareFields(rest, actual, prefix + "frame " + std::to_string(static_cast<int>(k)) + " ", out);
            }
        }
    }
    return out;
}

MotionRunResult runMotionForVerify(const Scene& scene, const std::string& sceneLabel, const CheckOptions& options,
                                   MaskCache& masks) {
    const AlgorithmSet& available = *options.available;
    std::vector<std::string> names = motionExpectedAlgorithms(scene.expect, available);
    if (!options.algorithms.empty()) {
        std::erase_if(names, [&](const std::string& name) {
            return std::find(options.algorithms.begin(), options.algorithms.end(), name) == options.algorithms.end();
        });
    }
    if (names.empty()) return MotionRunResult{MotionReport{}, {}};
    CheckOptions forVerify = options;
    forVerify.algorithms = names;
    forVerify.includeExpectedPairs = true;
    return runMotionCheck(scene, sceneLabel, forVerify, masks);
}

void mergeVerify(VerifyResult& into, const VerifyResult& more) {
    into.differences.insert(into.differences.end(), more.differences.begin(), more.differences.end());
    into.unavailable.insert(into.unavailable.end(), more.unavailable.begin(), more.unavailable.end());
    into.unavailableReasons.insert(into.unavailableReasons.end(), more.unavailableReasons.begin(), more.unavailableReasons.end());
    into.checked += more.checked;
    into.skipped += more.skipped;
}

}  // namespace cl
