// `check --thresholds`: frontier and margins of each pair's threshold map.
#include "app/cli/check_thresholds.h"

#include <optional>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/cli/cli_command.h"
#include "core/base/mask_cache.h"
#include "core/check/scene_check.h"
#include "core/check/threshold_map.h"
#include "core/io/image_io.h"

namespace cl {
namespace {

nlohmann::ordered_json marginJson(const ThresholdMargin& margin, bool hit, const std::string& sprite) {
    return {{"direction", margin.direction > 0 ? "rise" : "fall"},
            {"keeps_to", margin.keepsTo},
            {"flips_at", margin.flipsAt ? nlohmann::ordered_json(*margin.flipsAt) : nlohmann::ordered_json(nullptr)},
            {"text", describeMargin(margin, hit, sprite)}};
}

std::string overlapText(const ThresholdMap& map, double overlap) {
    if (!map.reportsArea) return std::to_string(static_cast<long long>(overlap));
    nlohmann::json number = overlap;
    return number.dump() + " px^2";
}

}  // namespace

int runThresholdsReport(const Scene& scene, const ThresholdsRequest& request, const AlgorithmSet& available,
                        std::ostream& out, std::ostream& err) {
    std::vector<const Algorithm*> tests;
    for (const auto& name : request.algorithms) tests.push_back(available.find(name));
    if (tests.empty()) tests.push_back(available.find(kDefaultPixelAlgorithm));

    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    auto indexOf = [&](const std::string& name) -> std::optional<std::size_t> {
        for (std::size_t i = 0; i < scene.sprites.size(); ++i) {
            if (scene.sprites[i].name == name) return i;
        }
        return std::nullopt;
    };
    if (request.pair) {
        auto a = indexOf(request.pair->first), b = indexOf(request.pair->second);
        if (!a || !b || *a == *b) {
            err << request.sceneFile << ": --pair " << request.pair->first << "," << request.pair->second
                << ": needs two different sprites of the scene\n";
            return kExitBadInput;
        }
        pairs.emplace_back(*a, *b);
    } else {
        for (std::size_t a = 0; a < scene.sprites.size(); ++a) {
            for (std::size_t b = a + 1; b < scene.sprites.size(); ++b) pairs.emplace_back(a, b);
        }
    }
    if (pairs.empty()) {
        err << request.sceneFile << ": --thresholds needs a pair of sprites; the scene has " << scene.sprites.size() << "\n";
        return kExitBadInput;
    }

    TestOptions options;
    options.sampling = request.sampling.value_or(scene.sampling);
    options.scan = request.scan.value_or(scene.scan);
    options.budget = request.budget;
    MaskCache masks;
    // Printed and written once every map is made, so a run stopped early (the budget) prints and writes nothing.
    std::optional<RgbaImage> firstImage;
    std::ostringstream table;
    nlohmann::ordered_json maps = nlohmann::ordered_json::array();
    bool wrotePng = request.png.empty();
    for (auto [ia, ib] : pairs) {
        const SceneSprite& sa = scene.sprites[ia];
        const SceneSprite& sb = scene.sprites[ib];
        const auto maskA = masks.get(sa.pixels, sa.alphaThreshold);
        const auto maskB = masks.get(sb.pixels, sb.alphaThreshold);
        const Body a{maskA.get(), sa.transform, sa.colliderOptions()}, b{maskB.get(), sb.transform, sb.colliderOptions()};
        for (const Algorithm* test : tests) {
            const ThresholdMap map = thresholdMap(*test, a, b, options);
            if (!map.applicable) {
                err << request.sceneFile << ": " << sa.name << "/" << sb.name << ": " << map.reason << "\n";
                return kExitBadInput;
            }
            const ThresholdMargins margins = thresholdMargins(map, sa.alphaThreshold, sb.alphaThreshold);
            const double overlap = map.overlap(margins.at.a, margins.at.b);
            if (!wrotePng) {
                firstImage = thresholdMapImage(map, margins.at);
                wrotePng = true;
            }
            if (request.json) {
                nlohmann::ordered_json frontier = nlohmann::ordered_json::array();
                for (const ThresholdCell& c : map.frontier) frontier.push_back({c.a, c.b});
                nlohmann::ordered_json entry{{"pair", sa.name + "/" + sb.name},
                                             {"test", std::string(test->name)},
                                             {"sampling", std::string(samplingName(options.sampling))},
                                             {"scan", std::string(scanDirectionName(options.scan))},
                                             {"thresholds", {margins.at.a, margins.at.b}},
                                             {"hit", margins.hit}};
                if (map.reportsArea) entry["overlap_area"] = overlap;
                else entry["overlap"] = static_cast<long long>(overlap);  // a count, printed as one
                entry["frontier"] = frontier;
                entry["margins"] = {{"a", marginJson(margins.a, margins.hit, sa.name)},
                                    {"b", marginJson(margins.b, margins.hit, sb.name)}};
                nlohmann::ordered_json engines = nlohmann::ordered_json::array();
                for (const SceneSprite* sprite : {&sa, &sb}) {
                    if (auto note = engineThresholdNote(*sprite)) engines.push_back(engineThresholdJson(*note));
                }
                if (!engines.empty()) entry["engine_thresholds"] = std::move(engines);
                maps.push_back(entry);
                continue;
            }
            table << sa.name << "/" << sb.name << "  " << test->name;
            if (test->directional) table << " (" << samplingName(options.sampling) << ", " << scanDirectionName(options.scan) << ")";
            table << "  at thresholds " << sa.name << " " << margins.at.a << ", " << sb.name << " " << margins.at.b << ": "
                << (margins.hit ? "hit" : "miss") << ", overlap " << overlapText(map, overlap) << "\n";
            for (const SceneSprite* sprite : {&sa, &sb}) {
                if (auto note = engineThresholdNote(*sprite)) table << "  " << engineThresholdText(*note) << "\n";
            }
            table << "  frontier (" << sa.name << ", " << sb.name << "), the last cells that touch:";
            if (map.frontier.empty()) table << " none (no thresholds make the pair touch)";
            for (const ThresholdCell& c : map.frontier) table << " (" << c.a << ", " << c.b << ")";
            table << "\n  " << describeMargin(margins.a, margins.hit, sa.name) << "\n  "
                << describeMargin(margins.b, margins.hit, sb.name) << "\n";
        }
    }
    if (firstImage) {
        if (const std::string error = savePngFile(*firstImage, request.png, sceneInputFiles(scene, request.sceneFile)); !error.empty()) {
            err << request.sceneFile << ": --thresholds-png: " << error << "\n";
            return kExitBadInput;
        }
    }
    out << table.str();
    if (request.json) out << nlohmann::ordered_json{{"scene", request.sceneFile}, {"threshold_maps", maps}}.dump(2) << "\n";
    return kExitDone;
}

}  // namespace cl
