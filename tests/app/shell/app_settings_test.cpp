// Settings as JSON: round trip, tolerance of bad files, recent files, the config folder.
#include "app/shell/app_settings.h"
#include "app/shell/imgui_ini.h"

#include <cstdlib>
#include <fstream>

#include <gtest/gtest.h>

namespace cl {
namespace {

std::filesystem::path tempDir(const char* name) {
    const auto dir = std::filesystem::temp_directory_path() / ("collision-lab-settings-test-" + std::string(name));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

TEST(AppSettings, JsonRoundTripKeepsEveryField) {
    AppSettings s;
    s.overlays[static_cast<std::size_t>(Overlay::Circles)] = true;
    s.overlays[static_cast<std::size_t>(Overlay::WorldAabb)] = false;
    s.showLocalView = false;
    s.localReferenceIsB = false;
    s.classicControls = true;
    s.algorithm = "pixel-exact";
    s.inspectorWidth = 333.0f;
    s.uiScale = 1.75f;
    s.recentFiles = {"/a.json", "/b.json"};
    std::vector<std::string> warnings;
    EXPECT_EQ(settingsFromJson(settingsToJson(s), warnings), s);
    EXPECT_TRUE(warnings.empty());
}

TEST(AppSettings, WrongTypesKeepDefaultsAndWarn) {
    std::vector<std::string> warnings;
    const AppSettings s = settingsFromJson({{"show_legend", "yes"}, {"bottom_height", 250.0}}, warnings);
    EXPECT_TRUE(s.showLegend);
    EXPECT_EQ(s.bottomHeight, 250.0f);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("show_legend"), std::string::npos);
}

TEST(AppSettings, OutOfRangeLayoutIsClamped) {
    std::vector<std::string> warnings;
    const AppSettings s = settingsFromJson({{"inspector_width", 5.0}, {"window_width", 100000}}, warnings);
    EXPECT_EQ(s.inspectorWidth, 200.0f);
    EXPECT_EQ(s.windowWidth, 8192);
}

TEST(AppSettings, TheUiScaleIsSavedAndReadBackAndClampedTo75To300Percent) {
    const auto file = tempDir("ui-scale") / "settings.json";
    AppSettings s;
    s.uiScale = 2.5f;
    ASSERT_EQ(saveSettings(s, file), "");
    std::vector<std::string> warnings;
    EXPECT_EQ(loadSettings(file, warnings).uiScale, 2.5f);
    EXPECT_TRUE(warnings.empty());

    EXPECT_EQ(AppSettings{}.uiScale, 1.0f);
    EXPECT_EQ(settingsFromJson({{"ui_scale", 0.1}}, warnings).uiScale, 0.75f);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("ui_scale"), std::string::npos) << warnings[0];
    warnings.clear();
    EXPECT_EQ(settingsFromJson({{"ui_scale", 1e300}}, warnings).uiScale, 3.0f);
    EXPECT_EQ(warnings.size(), 1u);
    warnings.clear();
    EXPECT_EQ(settingsFromJson({{"ui_scale", "2"}}, warnings).uiScale, 1.0f);
    EXPECT_EQ(warnings.size(), 1u);
    warnings.clear();
    EXPECT_EQ(settingsFromJson({{"ui_scale", 0.75}}, warnings).uiScale, 0.75f);
    EXPECT_EQ(settingsFromJson({{"ui_scale", 3}}, warnings).uiScale, 3.0f);
    EXPECT_TRUE(warnings.empty());
}

TEST(AppSettings, MissingFileGivesDefaultsSilently) {
    std::vector<std::string> warnings;
    EXPECT_EQ(loadSettings(tempDir("missing") / "settings.json", warnings), AppSettings{});
    EXPECT_TRUE(warnings.empty());
}

TEST(AppSettings, InvalidJsonGivesDefaultsAndNamesTheFile) {
    const auto file = tempDir("invalid") / "settings.json";
    std::ofstream(file) << "{ not json";
    std::vector<std::string> warnings;
    EXPECT_EQ(loadSettings(file, warnings), AppSettings{});
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find(file.string()), std::string::npos);
}

TEST(AppSettings, SaveThenLoadGivesTheSameSettings) {
    const auto file = tempDir("save") / "nested" / "settings.json";
    AppSettings s;
    s.algorithm = "obb";
    s.recentFiles = {"/x.json"};
    ASSERT_EQ(saveSettings(s, file), "");
    std::vector<std::string> warnings;
    EXPECT_EQ(loadSettings(file, warnings), s);
}

TEST(AppSettings, TheToolsKeysAreSavedBesideTheAppsAndReadBack) {
    const auto file = tempDir("tool-keys") / "settings.json";
    AppSettings s;
    s.showLegend = false;
    ASSERT_EQ(saveSettings(s, file, {{"step_speed", 250.0}, {"show_step_cursor", true}}), "");
    std::vector<std::string> warnings;
    nlohmann::json fileJson;
    EXPECT_EQ(loadSettings(file, warnings, &fileJson), s);
    EXPECT_TRUE(warnings.empty());
    EXPECT_EQ(fileJson.at("step_speed"), 250.0);
    EXPECT_EQ(fileJson.at("show_step_cursor"), true);
    EXPECT_EQ(fileJson.at("show_legend"), false);

    nlohmann::json none = {{"stale", 1}};
    EXPECT_EQ(loadSettings(tempDir("tool-keys-missing") / "settings.json", warnings, &none), AppSettings{});
    EXPECT_EQ(none, nlohmann::json::object());
}

TEST(AppSettings, RecentFilesPutTheNewestFirstWithoutDuplicates) {
    AppSettings s;
    addRecentFile(s, "/a.json");
    addRecentFile(s, "/b.json");
    addRecentFile(s, "/a.json");
    EXPECT_EQ(s.recentFiles, (std::vector<std::string>{"/a.json", "/b.json"}));
    for (int i = 0; i < 20; ++i) addRecentFile(s, "/f" + std::to_string(i) + ".json");
    EXPECT_EQ(s.recentFiles.size(), kMaxRecentFiles);
    EXPECT_EQ(s.recentFiles.front(), "/f19.json");
}

TEST(AppSettings, ConfigFolderFollowsXdgConfigHome) {
    const char* old = std::getenv("XDG_CONFIG_HOME");
    const std::string saved = old ? old : "";
    setenv("XDG_CONFIG_HOME", "/tmp/xdg-test", 1);
    EXPECT_EQ(settingsDir(), std::filesystem::path("/tmp/xdg-test/collision-lab"));
    if (old) {
        setenv("XDG_CONFIG_HOME", saved.c_str(), 1);
    } else {
        unsetenv("XDG_CONFIG_HOME");
    }
}

TEST(AppSettings, HugeNumbersWrongTypesNullsAndArraysGiveClampedValuesOrDefaultsWithAWarning) {
    std::vector<std::string> warnings;
    // 1e308 as a window width used to be a float-to-int cast of a value no int holds (undefined).
    AppSettings s = settingsFromJson(nlohmann::json::parse(R"({"window_width": 1e308, "window_height": -1e308,
        "inspector_width": [1], "bottom_height": "tall", "local_view_fraction": 1e-308,
        "show_legend": 1, "algorithm": {"x": 1}, "overlays": [true], "recent_files": [7, null, "", "ok.json"]})"),
                                     warnings);
    EXPECT_EQ(s.windowWidth, 8192);
    EXPECT_EQ(s.windowHeight, 480);
    const AppSettings defaults;
    EXPECT_EQ(s.inspectorWidth, defaults.inspectorWidth);
    EXPECT_EQ(s.bottomHeight, defaults.bottomHeight);
    EXPECT_FLOAT_EQ(s.localViewFraction, 0.2f);
    EXPECT_EQ(s.showLegend, defaults.showLegend);
    EXPECT_EQ(s.algorithm, defaults.algorithm);
    EXPECT_EQ(s.overlays, defaults.overlays);
    EXPECT_EQ(s.recentFiles, std::vector<std::string>{"ok.json"});
    // One warning per field that was not taken as written (recent_files: three entries dropped).
    EXPECT_EQ(warnings.size(), 11u);
    for (const auto& w : warnings) EXPECT_EQ(w.rfind("settings: ", 0), 0u) << w;
}

TEST(AppSettings, DeeplyNestedOrHugeSettingsFilesGiveTheDefaults) {
    const auto dir = tempDir("hostile");
    std::ofstream(dir / "deep.json") << "{\"recent_files\": " << std::string(200000, '[');
    std::vector<std::string> warnings;
    EXPECT_EQ(loadSettings(dir / "deep.json", warnings), AppSettings{});
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("nested too deeply"), std::string::npos) << warnings[0];

    std::ofstream(dir / "dup.json") << R"({"window_width": 800, "window_width": 900})";
    warnings.clear();
    EXPECT_EQ(loadSettings(dir / "dup.json", warnings), AppSettings{});
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("duplicate key"), std::string::npos) << warnings[0];

    std::filesystem::create_directories(dir / "folder.json");
    warnings.clear();
    EXPECT_EQ(loadSettings(dir / "folder.json", warnings), AppSettings{});
    EXPECT_EQ(warnings.size(), 1u);
    std::filesystem::remove_all(dir);
}

TEST(ImguiIni, LinesWithImpossibleNumbersAreDroppedAndTheRestKept) {
    std::vector<std::string> warnings;
    const std::string text = "[Window][Inspector]\nPos=0,19\nSize=1e308,881\nCollapsed=0\n"
                             "[Window][View]\nPos=-99999999999,5\nSize=400,300\n[Table][0x1A2B3C4D,4]\nColumn 0  Width=80\n";
    const std::string clean = sanitizedImguiIni(text, "imgui.ini", warnings);
    EXPECT_EQ(clean, "[Window][Inspector]\nPos=0,19\nCollapsed=0\n[Window][View]\nSize=400,300\n"
                     "[Table][0x1A2B3C4D,4]\nColumn 0  Width=80\n");
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("2 line(s)"), std::string::npos) << warnings[0];

    warnings.clear();
    EXPECT_EQ(sanitizedImguiIni(std::string("Pos=1,2\0\n", 9), "imgui.ini", warnings), "");
    EXPECT_EQ(warnings.size(), 1u);
}

}  // namespace
}  // namespace cl
