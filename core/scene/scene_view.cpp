#include "core/scene/scene_view.h"

#include <algorithm>

#include "core/collision/algorithms.h"
#include "core/io/json_text.h"
#include "core/scene/sprite_pair.h"

namespace cl {
namespace {

bool known(const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

SceneView readSceneView(const nlohmann::json& view, const std::vector<std::string>& spriteNames, const ViewProblem& problem) {
    SceneView out;
    if (!view.is_object()) return out;
    for (const auto& [key, value] : view.items()) {
        const std::string path = "view." + key;
        if (key == "tool") {
            if (value.is_string() && !value.get_ref<const std::string&>().empty()) out.tool = value.get<std::string>();
            else problem(path, "must be a tool's name (e.g. \"contact\"), got " + describeJson(value));
        } else if (key == "pair") {
            out.pair = readSpritePair(value, path, spriteNames, problem);
        } else if (key == "algorithm") {
            if (value.is_string() && findAlgorithm(value.get_ref<const std::string&>())) out.algorithm = value.get<std::string>();
            else problem(path, "must be a test's name (" + coreAlgorithms().namesText() + "), got " + describeJson(value));
        } else if (key == "overlays") {
            if (!value.is_object()) {
                problem(path, "must be an object {\"circles\": true, ...}, got " + describeJson(value));
                continue;
            }
            for (const auto& [name, on] : value.items()) {
                if (on.is_boolean()) out.overlays.emplace_back(name, on.get<bool>());
                else problem(path + "." + name, "must be true or false, got " + describeJson(on));
            }
        } else {
            out.rest[key] = value;
        }
    }
    return out;
}

nlohmann::json sceneViewJson(const SceneView& view) {
    nlohmann::json out = nlohmann::json::object();
    if (view.tool) out["tool"] = *view.tool;
    if (view.pair) out["pair"] = view.pair->first + "/" + view.pair->second;
    if (view.algorithm) out["algorithm"] = *view.algorithm;
    if (!view.overlays.empty()) {
        nlohmann::json overlays = nlohmann::json::object();
        for (const auto& [name, on] : view.overlays) overlays[name] = on;
        out["overlays"] = std::move(overlays);
    }
    for (const auto& [key, value] : view.rest.items()) out[key] = value;
    return out;
}

std::vector<std::pair<std::string, std::string>> viewNameProblems(const SceneView& view, const std::vector<std::string>& tools,
                                                                  const std::vector<std::string>& overlays) {
    std::vector<std::pair<std::string, std::string>> problems;
    if (view.tool && !known(tools, *view.tool)) {
        problems.emplace_back("view.tool", "no tool is named " + jsonQuoted(*view.tool) + " (tools: " + namesText(tools) + ")");
    }
    for (const auto& [name, on] : view.overlays) {
        if (!known(overlays, name)) {
            problems.emplace_back("view.overlays." + name, "no overlay is named " + jsonQuoted(name) + " (overlays: " + namesText(overlays) + ")");
        }
    }
    return problems;
}

}  // namespace cl
