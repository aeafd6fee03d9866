#pragma once
// Reading one field of the settings file (settings.json) with the rules every reader follows: a missing key
// keeps the current value; an ill-typed one keeps it and adds a warning; a number outside its range is
// clamped, with a warning. The shell's AppSettings and each tool's own settings (Tool::loadSettings) use these.

#include <algorithm>
#include <cmath>
#include <string>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

namespace cl {

/// Adds "settings: KEY: must be EXPECTED, using the default" to `warnings`.
inline void settingsWrongType(const char* key, const char* expected, std::vector<std::string>& warnings) {
    warnings.push_back(std::string("settings: ") + key + ": must be " + expected + ", using the default");
}

/// Reads `key` as true or false into `out`.
inline void readSettingsBool(const nlohmann::json& json, const char* key, bool& out, std::vector<std::string>& warnings) {
    const auto it = json.find(key);
    if (it == json.end()) return;
    if (it->is_boolean()) out = it->get<bool>();
    else settingsWrongType(key, "true or false", warnings);
}

/// Reads `key` as a number in [lo, hi] into `out` (integers rounded).
// Numbers are read as doubles and clamped there, so no value (1e308, -1e308) reaches a narrowing cast.
template <typename T>
void readSettingsNumber(const nlohmann::json& json, const char* key, T& out, double lo, double hi,
                        std::vector<std::string>& warnings) {
    const auto it = json.find(key);
    if (it == json.end()) return;
    const double value = it->is_number() ? it->get<double>() : std::nan("");
    if (!std::isfinite(value)) {
        settingsWrongType(key, "a number", warnings);
        return;
    }
    // A float saved at its bound reads back as a double a hair past it (0.8f is 0.800000011920929): that is
    // the bound, not a value to warn about.
    const double slack = std::is_integral_v<T> ? 0.0 : 1e-6 * std::max(1.0, std::fabs(hi));
    if (value < lo - slack || value > hi + slack) {
        warnings.push_back(std::string("settings: ") + key + ": " + std::to_string(value) + " is outside [" + std::to_string(lo) + ", " +
                           std::to_string(hi) + "], using the nearest allowed value");
    }
    const double clamped = std::clamp(value, lo, hi);
    out = static_cast<T>(std::is_integral_v<T> ? std::round(clamped) : clamped);
}

}  // namespace cl
