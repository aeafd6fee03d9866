#include "app/shell/app_settings.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <type_traits>
#include <fstream>
#include <sstream>

#include "core/io/atomic_file.h"
#include "core/io/bounded_file.h"
#include "core/io/bounded_json.h"

namespace cl {

nlohmann::json settingsToJson(const AppSettings& s) {
    nlohmann::json overlays = nlohmann::json::object();
    for (const OverlayInfo& info : overlayTable()) overlays[std::string(info.key)] = s.overlays[static_cast<std::size_t>(info.id)];
    return {
        {"overlays", overlays},
        {"show_legend", s.showLegend},
        {"show_local_view", s.showLocalView},
        {"local_reference", s.localReferenceIsB ? "B" : "A"},
        {"local_show_samples", s.localShowSamples},
        {"classic_controls", s.classicControls},
        {"algorithm", s.algorithm},
        {"embed_images_on_save", s.embedImagesOnSave},
        {"last_folder", s.lastFolder},
        {"step_speed", s.stepSpeed},
        {"show_step_cursor", s.showStepCursor},
        {"inspector_width", s.inspectorWidth},
        {"bottom_height", s.bottomHeight},
        {"local_view_fraction", s.localViewFraction},
        {"window_width", s.windowWidth},
        {"window_height", s.windowHeight},
        {"recent_files", s.recentFiles},
    };
}

namespace {

/// Largest settings file read; a real one is a few hundred bytes.
constexpr std::uintmax_t kMaxSettingsFileBytes = 1024 * 1024;
/// Longest recent-file path kept (longer ones cannot be opened anyway).
constexpr std::size_t kMaxRecentPathBytes = 4096;

void wrongType(const char* key, const char* expected, std::vector<std::string>& warnings) {
    warnings.push_back(std::string("settings: ") + key + ": must be " + expected + ", using the default");
}

void readBool(const nlohmann::json& json, const char* key, bool& out, std::vector<std::string>& warnings) {
    const auto it = json.find(key);
    if (it == json.end()) return;
    if (it->is_boolean()) out = it->get<bool>();
    else wrongType(key, "true or false", warnings);
}

void readString(const nlohmann::json& json, const char* key, std::string& out, std::vector<std::string>& warnings) {
    const auto it = json.find(key);
    if (it == json.end()) return;
    if (it->is_string() && it->get_ref<const std::string&>().size() <= kMaxRecentPathBytes) out = it->get<std::string>();
    else wrongType(key, "a short string", warnings);
}

// Numbers are read as doubles and clamped there, so no value (1e308, -1e308) reaches a narrowing cast.
template <typename T>
void readNumber(const nlohmann::json& json, const char* key, T& out, double lo, double hi, std::vector<std::string>& warnings) {
    const auto it = json.find(key);
    if (it == json.end()) return;
    const double value = it->is_number() ? it->get<double>() : std::nan("");
    if (!std::isfinite(value)) {
        wrongType(key, "a number", warnings);
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

}  // namespace

AppSettings settingsFromJson(const nlohmann::json& json, std::vector<std::string>& warnings) {
    AppSettings s;
    if (!json.is_object()) {
        warnings.push_back("settings: not a JSON object, using the defaults");
        return s;
    }
    if (const auto it = json.find("overlays"); it != json.end()) {
        if (!it->is_object()) wrongType("overlays", "an object", warnings);
        for (const OverlayInfo& info : overlayTable()) {
            if (!it->is_object()) break;
            const auto o = it->find(std::string(info.key));
            if (o != it->end() && o->is_boolean()) s.overlays[static_cast<std::size_t>(info.id)] = o->get<bool>();
        }
    }
    readBool(json, "show_legend", s.showLegend, warnings);
    readBool(json, "show_local_view", s.showLocalView, warnings);
    std::string reference = s.localReferenceIsB ? "B" : "A";
    readString(json, "local_reference", reference, warnings);
    s.localReferenceIsB = reference != "A";
    readBool(json, "local_show_samples", s.localShowSamples, warnings);
    readBool(json, "classic_controls", s.classicControls, warnings);
    readString(json, "algorithm", s.algorithm, warnings);
    readBool(json, "embed_images_on_save", s.embedImagesOnSave, warnings);
    readString(json, "last_folder", s.lastFolder, warnings);
    readBool(json, "show_step_cursor", s.showStepCursor, warnings);
    // Keep the layout usable whatever the file says.
    readNumber(json, "step_speed", s.stepSpeed, 1.0, 1.0e6, warnings);
    readNumber(json, "inspector_width", s.inspectorWidth, 200.0, 1200.0, warnings);
    readNumber(json, "bottom_height", s.bottomHeight, 80.0, 900.0, warnings);
    readNumber(json, "local_view_fraction", s.localViewFraction, 0.2, 0.8, warnings);
    readNumber(json, "window_width", s.windowWidth, 640.0, 8192.0, warnings);
    readNumber(json, "window_height", s.windowHeight, 480.0, 8192.0, warnings);
    if (const auto it = json.find("recent_files"); it != json.end()) {
        if (!it->is_array()) {
            wrongType("recent_files", "an array of file names", warnings);
        } else {
            for (const auto& entry : *it) {
                const bool usable = entry.is_string() && !entry.get_ref<const std::string&>().empty() &&
                                    entry.get_ref<const std::string&>().size() <= kMaxRecentPathBytes &&
                                    entry.get_ref<const std::string&>().find('\0') == std::string::npos;
                if (!usable) {
                    warnings.push_back("settings: recent_files: an entry that is not a usable file name was dropped");
                    continue;
                }
                if (s.recentFiles.size() < kMaxRecentFiles) s.recentFiles.push_back(entry.get<std::string>());
            }
        }
    }
    return s;
}

std::filesystem::path settingsDir() {
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg) return std::filesystem::path(xdg) / "collision-lab";
    if (const char* home = std::getenv("HOME"); home && *home) return std::filesystem::path(home) / ".config" / "collision-lab";
    return {};
}

AppSettings loadSettings(const std::filesystem::path& file, std::vector<std::string>& warnings) {
    std::error_code ec;
    const auto status = std::filesystem::status(file, ec);
    if (ec == std::errc::no_such_file_or_directory || (!ec && !std::filesystem::exists(status))) return AppSettings{};
    const FileReadResult text = readBoundedFile(file, kMaxSettingsFileBytes, "settings file");
    if (!text.ok()) {
        warnings.push_back(file.string() + ": " + text.problem + ", using the default settings");
        return AppSettings{};
    }
    const JsonParseResult parsed = parseBoundedJson(*text.bytes);
    if (!parsed.ok()) {
        warnings.push_back(file.string() + ": " + parsed.message() + "; using the default settings");
        return AppSettings{};
    }
    const nlohmann::json& json = *parsed.json;
    std::vector<std::string> fieldWarnings;
    AppSettings s = settingsFromJson(json, fieldWarnings);
    for (std::string& w : fieldWarnings) warnings.push_back(file.string() + ": " + w);
    return s;
}

std::string saveSettings(const AppSettings& settings, const std::filesystem::path& file) {
    std::error_code ec;
    std::filesystem::create_directories(file.parent_path(), ec);
    if (ec) return file.parent_path().string() + ": cannot create the folder: " + ec.message();
    return writeFileAtomically(file, settingsToJson(settings).dump(2) + "\n");
}

void addRecentFile(AppSettings& settings, const std::string& file) {
    auto& list = settings.recentFiles;
    list.erase(std::remove(list.begin(), list.end(), file), list.end());
    list.insert(list.begin(), file);
    if (list.size() > kMaxRecentFiles) list.resize(kMaxRecentFiles);
}

}  // namespace cl
