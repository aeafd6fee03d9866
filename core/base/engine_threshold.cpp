// Engine rules converted to `alpha > t` by running each engine's own comparison on every alpha value.
#include "core/base/engine_threshold.h"

#include <array>
#include <charconv>
#include <cmath>
#include <limits>

namespace cl {
namespace {

const std::array<EngineRule, 5> kRules{{
    {.name = "pygame",
     .setting = "mask.from_surface threshold",
     .rule = "alpha > threshold",
     .source = "pygame/pygame src_c/mask.c (mask_from_surface, set_from_threshold)",
     .defaultValue = 127.0},
    {.name = "godot",
     .setting = "BitMap.create_from_image_alpha threshold",
     .rule = "alpha / 255.0 > threshold (threshold a 32-bit float)",
     .source = "godotengine/godot scene/resources/bit_map.cpp (BitMap::create_from_image_alpha)",
     .defaultValue = 0.1},
    {.name = "phaser",
     .setting = "makePixelPerfect alphaTolerance",
     .rule = "alpha && alpha >= alphaTolerance",
     .source = "phaserjs/phaser src/input/CreatePixelPerfectHandler.js",
     .defaultValue = 1.0},
    {.name = "sfml-wiki",
     .setting = "Collision::PixelPerfectTest AlphaLimit",
     .rule = "alpha > AlphaLimit (sf::Uint8)",
     .source = "SFML wiki \"Source: Simple Collision Detection for SFML 2\", Collision.cpp (PixelPerfectTest), "
               "as copied into public repositories",
     .defaultValue = 0.0},
    {.name = "xna",
     .setting = "IntersectPixels (no setting)",
     .rule = "alpha != 0",
     .source = "XNA Creators Club per-pixel collision samples (\"Collision Series 2/3\"), Game.cs IntersectPixels, "
               "as copied into public repositories",
     .takesValue = false,
     .defaultValue = std::nullopt},
}};

std::string numberText(double value) {
    char buffer[32];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
    return std::string(buffer, end);
}

bool whole(double v) { return std::isfinite(v) && std::floor(v) == v; }

// Is alpha `a` solid under the engine's rule at `value`? Each line is the engine's own comparison.
bool solidUnder(std::string_view engine, double value, int a) {
    if (engine == "pygame") return static_cast<long long>(a) > static_cast<long long>(value);
    if (engine == "godot") {
        // The setting reaches the engine as a C++ float; beyond float's range that cast gives +-infinity.
        float threshold;
        if (value > std::numeric_limits<float>::max()) threshold = std::numeric_limits<float>::infinity();
        else if (value < -std::numeric_limits<float>::max()) threshold = -std::numeric_limits<float>::infinity();
        else threshold = static_cast<float>(value);
        return a / 255.0 > threshold;
    }
    if (engine == "phaser") return a != 0 && a >= value;
    if (engine == "sfml-wiki") return a > static_cast<int>(value);
    return a != 0;  // xna
}

EngineThreshold failure(std::string text) { return EngineThreshold{std::nullopt, std::move(text)}; }

}  // namespace

std::span<const EngineRule> engineRules() { return kRules; }

const EngineRule* findEngineRule(std::string_view name) {
    for (const EngineRule& rule : kRules) {
        if (rule.name == name) return &rule;
    }
    return nullptr;
}

EngineThreshold engineThreshold(std::string_view engine, std::optional<double> value) {
    const EngineRule* rule = findEngineRule(engine);
    if (!rule) {
        std::string names;
        for (const EngineRule& r : kRules) {
            if (!names.empty()) names += ", ";
            names += r.name;
        }
        return failure("unknown engine \"" + std::string(engine) + "\" (known: " + names + ")");
    }
    const std::string who = std::string(rule->name) + " " + std::string(rule->setting);
    if (!rule->takesValue) {
        if (value) return failure(std::string(rule->name) + " has no threshold setting (" + std::string(rule->rule) +
                                  "); write the engine without a value");
        value = 0.0;  // unused by the rule
    } else if (!value) {
        value = rule->defaultValue;
    }
    const double v = *value;
    if (std::isnan(v)) return failure(who + " cannot be NaN");
    if (engine == "pygame" && (!whole(v) || std::abs(v) > 2147483647.0))
        return failure(who + " is a C int: " + numberText(v) + " is not one");
    if (engine == "sfml-wiki" && (!whole(v) || v < 0.0 || v > 255.0))
        return failure(who + " is an sf::Uint8 (a whole number 0..255): " + numberText(v) + " is not one");
    if (solidUnder(engine, v, 0))
        return failure(who + " " + numberText(v) + " makes alpha 0 solid, which no threshold alpha > t (t in 0..255) can say");
    // The rules are monotone in alpha, so the first solid alpha a gives t = a - 1; none solid gives 255.
    for (int a = 1; a <= 255; ++a) {
        if (solidUnder(engine, v, a)) return EngineThreshold{a - 1, {}};
    }
    return EngineThreshold{255, {}};
}

std::string describeEngineThreshold(std::string_view engine, std::optional<double> value) {
    const EngineThreshold converted = engineThreshold(engine, value);
    if (!converted.threshold) return converted.error;
    const EngineRule& rule = *findEngineRule(engine);
    std::string text(rule.name);
    text += ' ';
    text += rule.setting;
    if (rule.takesValue) {
        text += ' ';
        text += numberText(value.value_or(*rule.defaultValue));
        if (!value) text += " (default)";
    }
    text += ": ";
    text += rule.rule;
    text += " -> alpha > ";
    text += std::to_string(*converted.threshold);
    return text;
}

}  // namespace cl
