// The Step through tool's own settings: what it writes into settings.json, what it reads back, and that
// opening a scene keeps them.
#include "app/tools/step_tool.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace cl {
namespace {

TEST(StepToolSettings, DefaultsAreSixtySamplesASecondWithTheCursorHidden) {
    const StepThroughTool tool;
    EXPECT_EQ(tool.settings().speed, 60.0);
    EXPECT_FALSE(tool.settings().showCursor);
}

TEST(StepToolSettings, SavedKeysReadBackIntoAFreshTool) {
    StepThroughTool tool;
    std::vector<std::string> warnings;
    tool.loadSettings({{"step_speed", 250.0}, {"show_step_cursor", true}}, warnings);
    EXPECT_TRUE(warnings.empty());
    nlohmann::json saved = nlohmann::json::object();
    tool.saveSettings(saved);
    EXPECT_EQ(saved, nlohmann::json({{"step_speed", 250.0}, {"show_step_cursor", true}}));

    StepThroughTool fresh;
    fresh.loadSettings(saved, warnings);
    EXPECT_TRUE(warnings.empty());
    EXPECT_EQ(fresh.settings(), (StepSettings{250.0, true}));
}

TEST(StepToolSettings, MissingKeysKeepTheDefaultsSilently) {
    StepThroughTool tool;
    std::vector<std::string> warnings;
    tool.loadSettings({{"show_legend", false}}, warnings);
    EXPECT_TRUE(warnings.empty());
    EXPECT_EQ(tool.settings(), StepSettings{});
}

TEST(StepToolSettings, IllTypedKeysKeepTheDefaultsAndOutOfRangeSpeedsAreClampedWithAWarning) {
    StepThroughTool tool;
    std::vector<std::string> warnings;
    tool.loadSettings({{"step_speed", nullptr}, {"show_step_cursor", 1}}, warnings);
    EXPECT_EQ(tool.settings(), StepSettings{});
    ASSERT_EQ(warnings.size(), 2u);
    for (const std::string& w : warnings) EXPECT_EQ(w.rfind("settings: ", 0), 0u) << w;

    warnings.clear();
    tool.loadSettings({{"step_speed", 1e308}}, warnings);
    EXPECT_EQ(tool.settings().speed, 1.0e6);
    warnings.clear();
    tool.loadSettings({{"step_speed", -5.0}}, warnings);
    EXPECT_EQ(tool.settings().speed, 1.0);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("step_speed"), std::string::npos) << warnings[0];
}

TEST(StepToolSettings, OpeningASceneKeepsThem) {
    StepThroughTool tool;
    std::vector<std::string> warnings;
    tool.loadSettings({{"step_speed", 12.0}, {"show_step_cursor", true}}, warnings);
    tool.sceneOpened();
    EXPECT_EQ(tool.settings(), (StepSettings{12.0, true}));
}

}  // namespace
}  // namespace cl
