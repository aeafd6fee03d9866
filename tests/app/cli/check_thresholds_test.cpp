#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/cli/check_command.h"
#include "tests/app/cli/check_run.h"
#include "core/io/image_io.h"
#include "tests/core/scene_test_files.h"

namespace cl {
namespace {

using nlohmann::json;
using testing::TempFolder;

using testing::CheckRun;
using testing::contains;
using testing::runCheck;

// A's one pixel has alpha 200, B's alpha 100, both at the world origin: they touch exactly when A's
// threshold is below 200 and B's below 100, so the frontier is the one corner (199, 99).
class CheckThresholds : public ::testing::Test {
protected:
    void SetUp() override {
        testing::writePng(folder / "sprites/a.png", testing::imageWithAlphas(1, 1, {200}));
        testing::writePng(folder / "sprites/b.png", testing::imageWithAlphas(1, 1, {100}));
        write(0, 0);
    }
    void write(int thresholdA, int thresholdB) {
        json scene = json::parse(R"({
          "format": "collision-lab/scene", "version": 1,
          "sprites": [
            {"name": "A", "image": "../sprites/a.png", "origin": [0, 0]},
            {"name": "B", "image": "../sprites/b.png", "origin": [0, 0]}
          ]
        })");
        scene["sprites"][0]["alpha_threshold"] = thresholdA;
        scene["sprites"][1]["alpha_threshold"] = thresholdB;
        testing::writeText(sceneFile(), scene.dump(2));
    }
    std::string sceneFile() const { return (folder / "scenes/pair.json").string(); }

    TempFolder folder;
};

TEST_F(CheckThresholds, TablePrintsTheFrontierAndBothMargins) {
    CheckRun r = runCheck({sceneFile(), "--thresholds"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "A/B  pixel-fast (center, a-to-b)  at thresholds A 0, B 0: hit, overlap 1")) << r.out;
    EXPECT_TRUE(contains(r.out, "the last cells that touch: (199, 99)\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "A's threshold can rise to 199 before the pair stops touching (at 200)")) << r.out;
    EXPECT_TRUE(contains(r.out, "B's threshold can rise to 99 before the pair stops touching (at 100)")) << r.out;
}

TEST_F(CheckThresholds, JsonGivesTheSameAnswersAtTheSpritesOwnThresholds) {
    write(150, 120);  // B's 100 is not above 120: a miss that only B's threshold can undo
    CheckRun r = runCheck({sceneFile(), "--thresholds", "--json", "--algorithm", "pixel-exact"});
    ASSERT_EQ(r.status, 0) << r.err;
    const json j = json::parse(r.out);
    ASSERT_EQ(j["threshold_maps"].size(), 1u);
    const json& m = j["threshold_maps"][0];
    EXPECT_EQ(m["pair"], "A/B");
    EXPECT_EQ(m["test"], "pixel-exact");
    EXPECT_EQ(m["thresholds"], json::array({150, 120}));
    EXPECT_EQ(m["hit"], false);
    EXPECT_EQ(m["overlap_area"], 0.0);
    EXPECT_EQ(m["frontier"], json::parse("[[199, 99]]"));
    EXPECT_EQ(m["margins"]["a"]["direction"], "fall");
    EXPECT_TRUE(m["margins"]["a"]["flips_at"].is_null());
    EXPECT_EQ(m["margins"]["b"]["flips_at"], 99);
    EXPECT_EQ(m["margins"]["b"]["text"], "B's threshold must fall to 99 before the pair touches");
}

TEST_F(CheckThresholds, PngIsTheMapWithHitsDark) {
    const std::string png = (folder / "map.png").string();
    CheckRun r = runCheck({sceneFile(), "--thresholds-png", png});
    ASSERT_EQ(r.status, 0) << r.err;
    const ImageLoadResult image = loadImageFile(png);
    ASSERT_TRUE(image.image) << image.error;
    ASSERT_EQ(image.image->width, 256);
    auto red = [&](int x, int y) { return image.image->pixels[(static_cast<std::size_t>(y) * 256 + x) * 4]; };
    EXPECT_LT(red(100, 50), 100);   // (tA 100, tB 50): a hit
    EXPECT_GT(red(100, 150), 200);  // (tA 100, tB 150): a miss
}

TEST_F(CheckThresholds, ATestWithoutAMapIsBadInputWithTheReason) {
    CheckRun r = runCheck({sceneFile(), "--thresholds", "--algorithm", "aabb"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "aabb does not list the pixels it counts")) << r.err;
}

}  // namespace
}  // namespace cl
