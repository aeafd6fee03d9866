// Settings as JSON: round trip, tolerance of bad files, recent files, the config folder.
#include "app/shell/app_settings.h"

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
    s.stepSpeed = 250.0;
    s.showStepCursor = true;
    s.inspectorWidth = 333.0f;
    s.recentFiles = {"/a.json", "/b.json"};
    std::vector<std::string> warnings;
    EXPECT_EQ(settingsFromJson(settingsToJson(s), warnings), s);
    EXPECT_TRUE(warnings.empty());
}

TEST(AppSettings, WrongTypesKeepDefaultsAndWarn) {
    std::vector<std::string> warnings;
    const AppSettings s = settingsFromJson({{"show_legend", "yes"}, {"step_speed", 5.0}}, warnings);
    EXPECT_TRUE(s.showLegend);
    EXPECT_EQ(s.stepSpeed, 5.0);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("show_legend"), std::string::npos);
}

TEST(AppSettings, OutOfRangeLayoutIsClamped) {
    std::vector<std::string> warnings;
    const AppSettings s = settingsFromJson({{"inspector_width", 5.0}, {"window_width", 100000}}, warnings);
    EXPECT_EQ(s.inspectorWidth, 200.0f);
    EXPECT_EQ(s.windowWidth, 8192);
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

}  // namespace
}  // namespace cl
