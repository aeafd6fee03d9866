#include "app/shell/app_settings.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <type_traits>
#include <fstream>
#include <sstream>

#include "app/shell/window_limits.h"
#include "app/tools/settings_fields.h"
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
        {"all_labels", s.allLabels},
        {"show_local_view", s.showLocalView},
        {"local_reference", s.localReferenceIsB ? "B" : "A"},
        {"local_show_samples", s.localShowSamples},
        {"classic_controls", s.classicControls},
        {"algorithm", s.algorithm},
        {"embed_images_on_save", s.embedImagesOnSave},
        {"last_folder", s.lastFolder},
        {"inspector_width", s.inspectorWidth},
        {"bottom_height", s.bottomHeight},
        {"local_view_fraction", s.localViewFraction},
        {"ui_scale", s.uiScale},
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

void readString(const nlohmann::json& json, const char* key, std::string& out, std::vector<std::string>& warnings) {
    const auto it = json.find(key);
    if (it == json.end()) return;
    if (it->is_string() && it->get_ref<const std::string&>().size() <= kMaxRecentPathBytes) out = it->get<std::string>();
    else settingsWrongType(key, "a short string", warnings);
}

}  // namespace

AppSettings settingsFromJson(const nlohmann::json& json, std::vector<std::string>& warnings) {
    AppSettings s;
    if (!json.is_object()) {
        warnings.push_back("settings: not a JSON object, using the defaults");
        return s;
    }
    if (const auto it = json.find("overlays"); it != json.end()) {
        if (!it->is_object()) settingsWrongType("overlays", "an object", warnings);
        for (const OverlayInfo& info : overlayTable()) {
            if (!it->is_object()) break;
            const auto o = it->find(std::string(info.key));
            if (o != it->end() && o->is_boolean()) s.overlays[static_cast<std::size_t>(info.id)] = o->get<bool>();
        }
    }
    readSettingsBool(json, "show_legend", s.showLegend, warnings);
    readSettingsBool(json, "all_labels", s.allLabels, warnings);
    readSettingsBool(json, "show_local_view", s.showLocalView, warnings);
    std::string reference = s.localReferenceIsB ? "B" : "A";
    readString(json, "local_reference", reference, warnings);
    s.localReferenceIsB = reference != "A";
    readSettingsBool(json, "local_show_samples", s.localShowSamples, warnings);
    readSettingsBool(json, "classic_controls", s.classicControls, warnings);
    readString(json, "algorithm", s.algorithm, warnings);
    readSettingsBool(json, "embed_images_on_save", s.embedImagesOnSave, warnings);
    readString(json, "last_folder", s.lastFolder, warnings);
    // Keep the layout usable whatever the file says.
    readSettingsNumber(json, "inspector_width", s.inspectorWidth, 200.0, 1200.0, warnings);
    readSettingsNumber(json, "bottom_height", s.bottomHeight, 80.0, 900.0, warnings);
    readSettingsNumber(json, "local_view_fraction", s.localViewFraction, 0.2, 0.8, warnings);
    readSettingsNumber(json, "ui_scale", s.uiScale, kMinUiScale, kMaxUiScale, warnings);
    readSettingsNumber(json, "window_width", s.windowWidth, double(kMinWindowWidth), double(kMaxWindowSide), warnings);
    readSettingsNumber(json, "window_height", s.windowHeight, double(kMinWindowHeight), double(kMaxWindowSide), warnings);
    if (const auto it = json.find("recent_files"); it != json.end()) {
        if (!it->is_array()) {
            settingsWrongType("recent_files", "an array of file names", warnings);
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

AppSettings loadSettings(const std::filesystem::path& file, std::vector<std::string>& warnings, nlohmann::json* fileJson) {
    if (fileJson) *fileJson = nlohmann::json::object();
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
    if (fileJson && json.is_object()) *fileJson = json;
    std::vector<std::string> fieldWarnings;
    AppSettings s = settingsFromJson(json, fieldWarnings);
    for (std::string& w : fieldWarnings) warnings.push_back(file.string() + ": " + w);
    return s;
}

std::string saveSettings(const AppSettings& settings, const std::filesystem::path& file, const nlohmann::json& toolSettings) {
    std::error_code ec;
    std::filesystem::create_directories(file.parent_path(), ec);
    if (ec) return file.parent_path().string() + ": cannot create the folder: " + ec.message();
    nlohmann::json json = settingsToJson(settings);
    if (toolSettings.is_object()) {
        for (const auto& [key, value] : toolSettings.items()) json[key] = value;
    }
    return writeFileAtomically(file, json.dump(2) + "\n");
}

void addRecentFile(AppSettings& settings, const std::string& file) {
    auto& list = settings.recentFiles;
    list.erase(std::remove(list.begin(), list.end(), file), list.end());
    list.insert(list.begin(), file);
    if (list.size() > kMaxRecentFiles) list.resize(kMaxRecentFiles);
}

}  // namespace cl
