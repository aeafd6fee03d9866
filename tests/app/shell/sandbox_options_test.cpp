// The sandbox's command line.
#include "app/shell/sandbox_options.h"

#include <gtest/gtest.h>

namespace cl {
namespace {

SandboxOptionsResult parse(std::initializer_list<std::string_view> args) {
    const std::vector<std::string_view> v(args);
    return parseSandboxOptions(v);
}

TEST(SandboxOptions, NoArgumentsOpenTheDefaultSceneUntilClosed) {
    const auto r = parse({});
    EXPECT_TRUE(r.error.empty());
    EXPECT_FALSE(r.options.scene.has_value());
    EXPECT_EQ(r.options.frames, -1);
    EXPECT_FALSE(r.options.screenshot.has_value());
    EXPECT_FALSE(r.options.stats);
}

TEST(SandboxOptions, SceneFramesScreenshotAndStatsAreRead) {
    const auto r = parse({"scenes/a.json", "--frames", "5", "--screenshot", "out.png", "--stats"});
    ASSERT_TRUE(r.error.empty()) << r.error;
    EXPECT_EQ(r.options.scene, std::filesystem::path("scenes/a.json"));
    EXPECT_EQ(r.options.frames, 5);
    EXPECT_EQ(r.options.screenshot, std::filesystem::path("out.png"));
    EXPECT_TRUE(r.options.stats);
}

TEST(SandboxOptions, SizeIsWidthByHeight) {
    const auto r = parse({"--size", "800x600"});
    ASSERT_TRUE(r.error.empty()) << r.error;
    EXPECT_EQ(r.options.width, 800);
    EXPECT_EQ(r.options.height, 600);
}

TEST(SandboxOptions, AGivenSizeWinsOverTheSavedSizeEvenInAnInteractiveRun) {
    const auto sized = parse({"--size", "1024x600"});
    ASSERT_TRUE(sized.error.empty()) << sized.error;
    EXPECT_TRUE(sized.options.sizeGiven);
    EXPECT_EQ(startWindowSize(sized.options, 1920, 1080), (std::pair{1024, 600}));
    // Without --size: the saved size when interactive, the default 1600x900 when scripted.
    const auto interactive = parse({"a.json"});
    EXPECT_FALSE(interactive.options.sizeGiven);
    EXPECT_EQ(startWindowSize(interactive.options, 1920, 1080), (std::pair{1920, 1080}));
    EXPECT_EQ(startWindowSize(parse({"--frames", "3"}).options, 1920, 1080), (std::pair{1600, 900}));
    EXPECT_EQ(startWindowSize(parse({"--frames", "3", "--size", "800x600"}).options, 1920, 1080), (std::pair{800, 600}));
}

TEST(SandboxOptions, AnAbsurdSizeIsRefusedWithTheRangeItMustBeIn) {
    const std::string expected = "--size: expected WIDTHxHEIGHT in whole pixels, the width in [640, 8192] and the height in [480, 8192], got '";
    for (const char* bad : {"100000x900", "900x100000", "0x0", "639x900", "800x479", "-800x600"}) {
        EXPECT_EQ(parse({"--size", bad}).error, expected + bad + "'") << bad;
    }
    EXPECT_TRUE(parse({"--size", "640x480"}).error.empty());
    EXPECT_TRUE(parse({"--size", "8192x8192"}).error.empty());
}

TEST(SandboxOptions, BadValuesAreNamedInTheMessage) {
    EXPECT_NE(parse({"--frames", "0"}).error.find("--frames"), std::string::npos);
    EXPECT_NE(parse({"--frames", "abc"}).error.find("'abc'"), std::string::npos);
    EXPECT_NE(parse({"--frames"}).error.find("needs a value"), std::string::npos);
    EXPECT_NE(parse({"--size", "800"}).error.find("--size"), std::string::npos);
    EXPECT_NE(parse({"--bogus"}).error.find("'--bogus'"), std::string::npos);
    EXPECT_NE(parse({"a.json", "b.json"}).error.find("only one scene"), std::string::npos);
}

TEST(SandboxOptions, UiScaleIsANumberFrom75To300PercentNamedWhenRefused) {
    EXPECT_FALSE(parse({}).options.uiScale.has_value());
    const auto r = parse({"--ui-scale", "2"});
    ASSERT_TRUE(r.error.empty()) << r.error;
    EXPECT_EQ(r.options.uiScale, 2.0);
    EXPECT_EQ(parse({"--ui-scale=0.75"}).options.uiScale, 0.75);
    EXPECT_EQ(parse({"--ui-scale", "3"}).options.uiScale, 3.0);
    for (const char* bad : {"0.7", "3.01", "0", "-1", "nan", "inf", "2x", "200%"}) {
        const std::string error = parse({"--ui-scale", bad}).error;
        EXPECT_EQ(error.rfind("--ui-scale: ", 0), 0u) << bad << ": " << error;
        EXPECT_NE(error.find(std::string("'") + bad + "'"), std::string::npos) << error;
    }
    EXPECT_EQ(parse({"--ui-scale", "9"}).error, "--ui-scale: expected a number in [0.75, 3], got '9'");
}

TEST(SandboxOptions, HelpIsRecognised) {
    EXPECT_TRUE(parse({"--help"}).options.help);
    EXPECT_TRUE(parse({"-h"}).options.help);
}

TEST(SandboxOptions, BugReportAndDescribeUi) {
    const auto r = parse({"a.json", "--frames", "3", "--save-bug-report", "out/report.json", "--describe-ui", "ui.json"});
    ASSERT_TRUE(r.error.empty()) << r.error;
    EXPECT_EQ(r.options.bugReport, std::filesystem::path("out/report.json"));
    EXPECT_EQ(r.options.describeUi, std::filesystem::path("ui.json"));
    EXPECT_NE(parse({"--save-bug-report", "r.json"}).error.find("needs --frames"), std::string::npos);
    EXPECT_NE(parse({"--describe-ui"}).error.find("needs a value"), std::string::npos);
}

}  // namespace
TEST(SandboxOptions, ToolNamesTheTabToOpen) {
    const auto r = parse({"--tool", "contact", "--frames", "2"});
    ASSERT_TRUE(r.error.empty()) << r.error;
    EXPECT_EQ(r.options.tool, "contact");
    EXPECT_NE(parse({"--tool"}).error.find("needs a value"), std::string::npos);
}

TEST(SandboxOptions, GameBlocksStartsTheGameToolWithThatManyBlocks) {
    const auto r = parse({"--game-blocks", "1000", "--frames", "300", "--stats"});
    ASSERT_TRUE(r.error.empty()) << r.error;
    EXPECT_EQ(r.options.gameBlocks, 1000);
    EXPECT_EQ(r.options.tool, "game");  // its tab opens
    EXPECT_EQ(parse({"--tool", "Game", "--game-blocks", "0"}).options.tool, "Game");
    EXPECT_FALSE(parse({"--frames", "3"}).options.gameBlocks.has_value());
    EXPECT_EQ(parse({"--game-blocks", "-1"}).error, "--game-blocks: expected a whole number in [0, 100000], got '-1'");
    EXPECT_EQ(parse({"--game-blocks", "100001"}).error, "--game-blocks: expected a whole number in [0, 100000], got '100001'");
    EXPECT_NE(parse({"--game-blocks", "1e3"}).error.find("got '1e3'"), std::string::npos);
}

}  // namespace cl
