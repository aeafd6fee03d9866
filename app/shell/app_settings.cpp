#include "app/shell/app_settings.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "core/atomic_file.h"

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

template <typename T>
void read(const nlohmann::json& json, const char* key, T& out, std::vector<std::string>& warnings) {
    const auto it = json.find(key);
    if (it == json.end()) return;
    try {
        out = it->get<T>();
    } catch (const nlohmann::json::exception&) {
        warnings.push_back(std::string("settings: ") + key + ": wrong type, using the default");
    }
}

}  // namespace

AppSettings settingsFromJson(const nlohmann::json& json, std::vector<std::string>& warnings) {
    AppSettings s;
    if (!json.is_object()) {
        warnings.push_back("settings: not a JSON object, using the defaults");
        return s;
    }
    if (const auto it = json.find("overlays"); it != json.end() && it->is_object()) {
        for (const OverlayInfo& info : overlayTable()) {
            const auto o = it->find(std::string(info.key));
            if (o != it->end() && o->is_boolean()) s.overlays[static_cast<std::size_t>(info.id)] = o->get<bool>();
        }
    }
    read(json, "show_legend", s.showLegend, warnings);
    read(json, "show_local_view", s.showLocalView, warnings);
    std::string reference = s.localReferenceIsB ? "B" : "A";
    read(json, "local_reference", reference, warnings);
    s.localReferenceIsB = reference != "A";
    read(json, "local_show_samples", s.localShowSamples, warnings);
    read(json, "classic_controls", s.classicControls, warnings);
    read(json, "algorithm", s.algorithm, warnings);
    read(json, "embed_images_on_save", s.embedImagesOnSave, warnings);
    read(json, "last_folder", s.lastFolder, warnings);
    read(json, "step_speed", s.stepSpeed, warnings);
    read(json, "show_step_cursor", s.showStepCursor, warnings);
    read(json, "inspector_width", s.inspectorWidth, warnings);
    read(json, "bottom_height", s.bottomHeight, warnings);
    read(json, "local_view_fraction", s.localViewFraction, warnings);
    read(json, "window_width", s.windowWidth, warnings);
    read(json, "window_height", s.windowHeight, warnings);
    read(json, "recent_files", s.recentFiles, warnings);
    // Keep the layout usable whatever the file says.
    s.stepSpeed = std::clamp(s.stepSpeed, 1.0, 1.0e6);
    s.inspectorWidth = std::clamp(s.inspectorWidth, 200.0f, 1200.0f);
    s.bottomHeight = std::clamp(s.bottomHeight, 80.0f, 900.0f);
    s.localViewFraction = std::clamp(s.localViewFraction, 0.2f, 0.8f);
    s.windowWidth = std::clamp(s.windowWidth, 640, 8192);
    s.windowHeight = std::clamp(s.windowHeight, 480, 8192);
    if (s.recentFiles.size() > kMaxRecentFiles) s.recentFiles.resize(kMaxRecentFiles);
    return s;
}

std::filesystem::path settingsDir() {
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg) return std::filesystem::path(xdg) / "collision-lab";
    if (const char* home = std::getenv("HOME"); home && *home) return std::filesystem::path(home) / ".config" / "collision-lab";
    return {};
}

AppSettings loadSettings(const std::filesystem::path& file, std::vector<std::string>& warnings) {
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) return AppSettings{};
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        warnings.push_back(file.string() + ": cannot be read, using the default settings");
        return AppSettings{};
    }
    std::stringstream text;
    text << in.rdbuf();
    const nlohmann::json json = nlohmann::json::parse(text.str(), nullptr, false);
    if (json.is_discarded()) {
        warnings.push_back(file.string() + ": not valid JSON, using the default settings");
        return AppSettings{};
    }
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
