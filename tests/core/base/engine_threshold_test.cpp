#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "core/base/engine_threshold.h"

namespace cl {
namespace {

// The converted t, or -1 when the conversion fails (so a table row reads as one number).
int converted(const char* engine, std::optional<double> value) {
    const EngineThreshold r = engineThreshold(engine, value);
    EXPECT_EQ(r.threshold.has_value(), r.error.empty()) << engine;
    return r.threshold.value_or(-1);
}

struct Row {
    const char* engine;
    std::optional<double> value;
    int expected;  // -1: a clear error
};

// Worked by hand from each engine's comparison (see engine_threshold.h): t is the largest alpha the
// engine calls not solid, given that every larger alpha is solid.
const Row kTable[] = {
    // pygame: alpha > threshold, an int. 127 leaves 127 clear and sets 128.
    {"pygame", 127.0, 127}, {"pygame", 128.0, 128}, {"pygame", 126.0, 126}, {"pygame", 0.0, 0},
    {"pygame", 254.0, 254}, {"pygame", 255.0, 255}, {"pygame", 1000.0, 255},  // nothing solid, like t = 255
    {"pygame", std::nullopt, 127},                                           // the default, 127
    {"pygame", -1.0, -1},                                                    // alpha 0 solid
    {"pygame", 127.5, -1},                                                   // not an int
    // godot: alpha / 255.0 > (float)threshold. float(0.1) = 0.100000001490..., 25/255 = 0.0980 is not
    // above it, 26/255 = 0.1020 is.
    {"godot", 0.1, 25}, {"godot", std::nullopt, 25}, {"godot", 0.0, 0}, {"godot", 1.0, 255}, {"godot", 0.5, 127},
    // 26/255 itself: float(26/255) = 0.10196078568... rounds up, so 26 is not above it: t = 26.
    {"godot", 26.0 / 255.0, 26},
    // 0.101960784 is below 26/255 in double, but as a float it is 0.10196078568... (above 26/255): the
    // float makes t 26 where a double rule would give 25.
    {"godot", 0.101960784, 26},
    // 0.0980392156 is below 25/255 = 0.09803921568627... in double (t would be 24), but its float
    // 0.0980392172... is above 25/255: t = 25.
    {"godot", 0.0980392156, 25},
    // 0.09803921 stays below 25/255 as a float too (0.0980392098...): alpha 25 is solid, t = 24.
    {"godot", 0.09803921, 24},
    {"godot", -0.1, -1},  // alpha 0 / 255 = 0 > -0.1: alpha 0 solid
    {"godot", 1e300, 255},  // beyond float: +infinity, nothing solid
    // phaser: alpha && alpha >= alphaTolerance; alpha 0 is falsy, so tolerance 0 and 1 both mean alpha >= 1.
    {"phaser", 1.0, 0}, {"phaser", 0.0, 0}, {"phaser", std::nullopt, 0}, {"phaser", -5.0, 0},
    {"phaser", 2.0, 1}, {"phaser", 128.0, 127}, {"phaser", 255.0, 254}, {"phaser", 256.0, 255},
    {"phaser", 100.5, 100},  // alpha >= 100.5 means alpha >= 101
    // sfml-wiki: alpha > AlphaLimit, an sf::Uint8.
    {"sfml-wiki", 0.0, 0}, {"sfml-wiki", std::nullopt, 0}, {"sfml-wiki", 127.0, 127}, {"sfml-wiki", 255.0, 255},
    {"sfml-wiki", 256.0, -1}, {"sfml-wiki", -1.0, -1}, {"sfml-wiki", 1.5, -1},
    // xna: alpha != 0, no setting.
    {"xna", std::nullopt, 0}, {"xna", 0.0, -1},
    // Unknown engines and NaN are errors.
    {"unity", 0.5, -1}, {"godot", std::numeric_limits<double>::quiet_NaN(), -1},
    {"phaser", std::numeric_limits<double>::quiet_NaN(), -1},
};

TEST(EngineThreshold, EveryRowOfTheHandWorkedTable) {
    for (const Row& row : kTable) {
        EXPECT_EQ(converted(row.engine, row.value), row.expected)
            << row.engine << " " << (row.value ? std::to_string(*row.value) : std::string("(default)"));
    }
}

// The conversion must agree with the engine's comparison at every alpha: solid under the engine's rule
// exactly when alpha > t. Each rule is written out here again, plainly, as the engine's source has it.
TEST(EngineThreshold, EveryAlphaIsSolidExactlyWhenAboveTheConvertedThreshold) {
    auto pygame = [](int alpha, double v) { return alpha > static_cast<int>(v); };
    auto godot = [](int alpha, double v) { return alpha / 255.0 > static_cast<float>(v); };
    auto phaser = [](int alpha, double v) { return alpha != 0 && alpha >= v; };
    for (int v = 0; v <= 300; ++v) {
        const int t = converted("pygame", v);
        for (int alpha = 0; alpha <= 255; ++alpha) EXPECT_EQ(pygame(alpha, v), alpha > t) << "pygame " << v << " alpha " << alpha;
    }
    for (int step = 0; step <= 1000; ++step) {
        const double v = step / 1000.0;
        const int t = converted("godot", v);
        for (int alpha = 0; alpha <= 255; ++alpha) EXPECT_EQ(godot(alpha, v), alpha > t) << "godot " << v << " alpha " << alpha;
    }
    for (int half = -4; half <= 520; ++half) {
        const double v = half / 2.0;
        const int t = converted("phaser", v);
        for (int alpha = 0; alpha <= 255; ++alpha) EXPECT_EQ(phaser(alpha, v), alpha > t) << "phaser " << v << " alpha " << alpha;
    }
}

TEST(EngineThreshold, ErrorsSayWhatIsWrong) {
    EXPECT_NE(engineThreshold("unity", 1.0).error.find("unknown engine \"unity\""), std::string::npos);
    EXPECT_NE(engineThreshold("unity", 1.0).error.find("godot"), std::string::npos);  // lists the known ones
    EXPECT_NE(engineThreshold("pygame", -1.0).error.find("alpha 0 solid"), std::string::npos);
    EXPECT_NE(engineThreshold("pygame", 1.5).error.find("C int"), std::string::npos);
    EXPECT_NE(engineThreshold("sfml-wiki", 300.0).error.find("sf::Uint8"), std::string::npos);
    EXPECT_NE(engineThreshold("xna", 1.0).error.find("no threshold setting"), std::string::npos);
}

TEST(EngineThreshold, DescriptionShowsTheEnginesRuleAndTheConvertedThreshold) {
    EXPECT_EQ(describeEngineThreshold("godot", 0.1),
              "godot BitMap.create_from_image_alpha threshold 0.1: alpha / 255.0 > threshold (threshold a 32-bit float) -> alpha > 25");
    EXPECT_EQ(describeEngineThreshold("pygame", std::nullopt),
              "pygame mask.from_surface threshold 127 (default): alpha > threshold -> alpha > 127");
    EXPECT_EQ(describeEngineThreshold("xna", std::nullopt), "xna IntersectPixels (no setting): alpha != 0 -> alpha > 0");
    EXPECT_EQ(describeEngineThreshold("pygame", -3.0), engineThreshold("pygame", -3.0).error);
}

TEST(EngineThreshold, EveryRuleNamesItsSourceAndIsFoundByName) {
    ASSERT_EQ(engineRules().size(), 5u);
    for (const EngineRule& rule : engineRules()) {
        EXPECT_FALSE(rule.source.empty()) << rule.name;
        EXPECT_EQ(findEngineRule(rule.name), &rule);
        EXPECT_EQ(rule.takesValue, rule.defaultValue.has_value()) << rule.name;
    }
    EXPECT_EQ(findEngineRule("unity"), nullptr);
}

}  // namespace
}  // namespace cl
