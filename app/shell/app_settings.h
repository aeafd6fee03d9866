#pragma once
// AppSettings: what the user chose (overlays, views, layout, recent files), saved as JSON in
// $XDG_CONFIG_HOME/collision-lab/settings.json (~/.config/collision-lab when XDG_CONFIG_HOME is unset).
// A tool's own settings live in the tool (Tool::saveSettings/loadSettings) and share the same file.

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/views/overlays.h"
#include "core/collision/algorithms.h"

namespace cl {

/// Every setting the sandbox remembers between runs.
struct AppSettings {
    OverlayFlags overlays = defaultOverlayFlags();
    bool showLegend = true;
    bool allLabels = false;           ///< View > All labels: every sprite labelled, also in scenes of many sprites.
    bool showLocalView = true;        ///< The local-space view beside the world view.
    bool localReferenceIsB = true;    ///< Local view reference: B (A drawn as inverse(B)*A) or A.
    bool localShowSamples = true;     ///< Local view: A's sample points in the reference's grid.
    bool classicControls = false;     ///< The XNA test program's mouse controls.
    std::string algorithm{kDefaultPixelAlgorithm}; ///< The algorithm the views draw.
    bool embedImagesOnSave = false;   ///< Save As default for "embed images".
    std::string lastFolder;           ///< The folder a file was last chosen in; the file browser starts there.
    float inspectorWidth = 420.0f;    ///< Layout: width of the left panel column (at UI scale 1).
    float bottomHeight = 300.0f;      ///< Layout: height of the Collision panel under the views (at UI scale 1).
    float localViewFraction = 0.45f;  ///< Layout: share of the view area the local view takes.
    float uiScale = 1.0f;             ///< Fonts, panel sizes and handles: 1 is 100 %, in [kMinUiScale, kMaxUiScale].
    int windowWidth = 1600;
    int windowHeight = 900;
    std::vector<std::string> recentFiles; ///< Most recent first, at most kMaxRecentFiles.

    bool operator==(const AppSettings&) const = default;
};

/// The UI scale's range (View > UI scale, --ui-scale) and the steps the View menu offers.
inline constexpr double kMinUiScale = 0.75;
inline constexpr double kMaxUiScale = 3.0;
inline constexpr float kUiScaleSteps[] = {0.75f, 1.0f, 1.25f, 1.5f, 1.75f, 2.0f, 2.5f, 3.0f};

/// Recent files kept.
inline constexpr std::size_t kMaxRecentFiles = 10;

/// The settings as JSON.
nlohmann::json settingsToJson(const AppSettings& settings);

/// Settings read from JSON: unknown or ill-typed fields keep their defaults and add a warning.
AppSettings settingsFromJson(const nlohmann::json& json, std::vector<std::string>& warnings);

/// $XDG_CONFIG_HOME/collision-lab, or $HOME/.config/collision-lab; empty when neither variable is set.
std::filesystem::path settingsDir();

/// Reads `file`; a missing file gives the defaults silently, an unreadable or invalid one gives the
/// defaults and a warning naming the file. When `fileJson` is given it receives the file's object (an
/// empty object when there is none), for the tools' own keys.
AppSettings loadSettings(const std::filesystem::path& file, std::vector<std::string>& warnings,
                         nlohmann::json* fileJson = nullptr);

/// Writes `file` atomically (creating its folder) with the keys of `toolSettings` (an object; the tools'
/// own settings) beside the app's; empty string on success, otherwise a message.
std::string saveSettings(const AppSettings& settings, const std::filesystem::path& file,
                         const nlohmann::json& toolSettings = nlohmann::json::object());

/// Puts `file` first in the recent list (removing an older entry for it) and trims the list.
void addRecentFile(AppSettings& settings, const std::string& file);

}  // namespace cl
