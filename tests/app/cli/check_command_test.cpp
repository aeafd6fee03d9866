#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/cli/check_command.h"
#include "tests/app/cli/check_run.h"
#include "core/collision/algorithms.h"
#include "core/io/image_io.h"
#include "tests/core/scene_test_files.h"

namespace cl {
namespace {

using nlohmann::json;
using testing::TempFolder;

using testing::CheckRun;
using testing::contains;
using testing::runCheck;

// Two opaque 2x2 squares, B one pixel right of A: pixel-naive counts 2 overlapping samples.
class CheckCommand : public ::testing::Test {
protected:
    void SetUp() override {
        testing::writePng(folder / "sprites/square.png", testing::solidImage(2, 2));
        scene = json::parse(R"({
          "format": "collision-lab/scene", "version": 1,
          "sprites": [
            {"name": "A", "image": "../sprites/square.png", "origin": [0, 0]},
            {"name": "B", "image": "../sprites/square.png", "origin": [0, 0], "position": [1, 0]}
          ],
          "expect": {"A/B": {"pixel-naive": {"hit": true, "overlap": 2}, "aabb": {"hit": true}}}
        })");
        save();
    }
    void save() { testing::writeText(sceneFile(), scene.dump(2)); }
    std::string sceneFile() const { return (folder / "scenes/squares.json").string(); }

    TempFolder folder;
    json scene;
};

TEST(CheckCommandUsage, HelpDocumentsEveryOptionAndExitsZero) {
    CheckRun r = runCheck({"--help"});
    EXPECT_EQ(r.status, 0);
    for (auto option : {"--algorithm", "--pair", "--json", "--verify", "--sampling", "--scan", "Default: all", "Exit status"}) {
        EXPECT_TRUE(contains(r.out, option)) << option;
    }
    for (const auto& algorithm : coreAlgorithms().all()) EXPECT_TRUE(contains(r.out, std::string(algorithm.name)));
}

TEST(CheckCommandUsage, MissingSceneArgumentIsBadInput) {
    CheckRun r = runCheck({});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "no scene file given")) << r.err;
}

TEST(CheckCommandUsage, UnknownOptionIsBadInput) {
    CheckRun r = runCheck({"scene.json", "--fast"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "unknown option '--fast'")) << r.err;
}

TEST(CheckCommandUsage, MissingSceneFileIsBadInputNamingTheFile) {
    TempFolder folder;
    CheckRun r = runCheck({(folder / "nope.json").string()});
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.err, (folder / "nope.json").string() + ": file not found\n");
    EXPECT_EQ(r.out, "");
}

TEST_F(CheckCommand, InvalidSceneIsBadInputWithEveryProblem) {
    scene["sprites"][1]["scale"] = json::array({0, 1});
    scene["sprites"][0]["image"] = "../sprites/gone.png";
    save();
    CheckRun r = runCheck({sceneFile()});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, sceneFile() + ": sprites[1].scale[0]: must be a number with |value| in [0.001, 1000], got 0")) << r.err;
    EXPECT_TRUE(contains(r.err, sceneFile() + ": sprites[0].image: ")) << r.err;
    EXPECT_TRUE(contains(r.err, "gone.png: file not found")) << r.err;
}

TEST_F(CheckCommand, UnknownAlgorithmOrSpriteIsBadInput) {
    CheckRun algorithm = runCheck({sceneFile(), "--algorithm", "pixel-naive,warp"});
    EXPECT_EQ(algorithm.status, 2);
    EXPECT_TRUE(contains(algorithm.err, "--algorithm: expected a comma-separated list of all, ")) << algorithm.err;
    EXPECT_TRUE(contains(algorithm.err, "got 'warp' in 'pixel-naive,warp'")) << algorithm.err;
    CheckRun pair = runCheck({sceneFile(), "--pair", "A,Z"});
    EXPECT_EQ(pair.status, 2);
    EXPECT_TRUE(contains(pair.err, "no sprite is called \"Z\"")) << pair.err;
    CheckRun badPair = runCheck({sceneFile(), "--pair", "A"});
    EXPECT_EQ(badPair.status, 2);
    CheckRun sampling = runCheck({sceneFile(), "--sampling", "nearest"});
    EXPECT_EQ(sampling.status, 2);
    EXPECT_TRUE(contains(sampling.err, "--sampling: expected center or xna, got 'nearest'")) << sampling.err;
}

TEST_F(CheckCommand, PrintsATableByDefault) {
    CheckRun r = runCheck({sceneFile()});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "A/B  (A scanned into B)")) << r.out;
    EXPECT_TRUE(contains(r.out, "pixel-naive")) << r.out;
}

TEST_F(CheckCommand, JsonOutputHasTheDocumentedShape) {
    CheckRun r = runCheck({sceneFile(), "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    json j = json::parse(r.out);
    EXPECT_EQ(j["scene"], sceneFile());
    ASSERT_EQ(j["pairs"].size(), 1u);
    EXPECT_EQ(j["pairs"][0]["a"], "A");
    EXPECT_EQ(j["pairs"][0]["b"], "B");
    EXPECT_EQ(j["pairs"][0]["results"].size(), coreAlgorithms().all().size());
    const json& naive = j["pairs"][0]["results"]["pixel-naive"];
    EXPECT_EQ(naive["applicable"], true);
    EXPECT_EQ(naive["hit"], true);
    EXPECT_EQ(naive["overlap"], 2);
    EXPECT_EQ(naive["first_hit"]["a"], json::array({1, 0}));
    EXPECT_TRUE(naive["time_ns"].is_number_integer());
    EXPECT_NEAR(j["pairs"][0]["results"]["pixel-exact"]["overlap_area"].get<double>(), 2.0, 1e-12);
    EXPECT_FALSE(j.contains("verify"));
}

TEST_F(CheckCommand, AlgorithmListAndPairNarrowTheRun) {
    CheckRun r = runCheck({sceneFile(), "--json", "--algorithm=pixel-naive,aabb", "--pair", "B,A"});
    ASSERT_EQ(r.status, 0) << r.err;
    json j = json::parse(r.out);
    ASSERT_EQ(j["pairs"].size(), 1u);
    EXPECT_EQ(j["pairs"][0]["a"], "B");
    std::vector<std::string> names;
    for (const auto& item : j["pairs"][0]["results"].items()) names.push_back(item.key());
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (std::vector<std::string>{"aabb", "pixel-naive"}));
}

TEST_F(CheckCommand, AllMeansEveryAlgorithm) {
    CheckRun r = runCheck({sceneFile(), "--json", "--algorithm", "all"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(json::parse(r.out)["pairs"][0]["results"].size(), coreAlgorithms().all().size());
}

TEST_F(CheckCommand, SamplingOptionOverridesTheScene) {
    CheckRun r = runCheck({sceneFile(), "--json", "--sampling", "xna", "--algorithm", "aabb"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(json::parse(r.out)["sampling"], "xna");
}

// A's 2x2 square under B's 2x2 square scaled 2x (both with origin at their top-left corner at (0, 0)):
// A's four pixel centres all lie in B's 4x4 world square, while of B's four pixels (centres (1,1),
// (3,1), (1,3), (3,3) in the world) only (1,1) lies in A's 2x2 square.
void makeBScaledTwice(json& scene) {
    scene["sprites"][1]["position"] = json::array({0, 0});
    scene["sprites"][1]["scale"] = 2;
}

TEST_F(CheckCommand, ScanFieldOfTheSceneChoosesTheDirection) {
    makeBScaledTwice(scene);
    for (auto [name, overlap] : {std::pair{"a-to-b", 4}, std::pair{"b-to-a", 1}, std::pair{"both", 5}}) {
        scene["scan"] = name;
        save();
        CheckRun r = runCheck({sceneFile(), "--json", "--algorithm", "pixel-naive,pixel-step,pixel-fast"});
        ASSERT_EQ(r.status, 0) << r.err;
        json j = json::parse(r.out);
        EXPECT_EQ(j["scan"], name);
        for (auto algorithm : {"pixel-naive", "pixel-step", "pixel-fast"}) {
            EXPECT_EQ(j["pairs"][0]["results"][algorithm]["overlap"], overlap) << name << " " << algorithm;
        }
    }
}

TEST_F(CheckCommand, ScanOptionOverridesTheScene) {
    makeBScaledTwice(scene);
    scene["scan"] = "both";
    save();
    CheckRun r = runCheck({sceneFile(), "--json", "--scan", "b-to-a", "--algorithm", "pixel-naive"});
    ASSERT_EQ(r.status, 0) << r.err;
    json j = json::parse(r.out);
    EXPECT_EQ(j["scan"], "b-to-a");
    EXPECT_EQ(j["pairs"][0]["results"]["pixel-naive"]["overlap"], 1);
    CheckRun table = runCheck({sceneFile(), "--scan", "b-to-a", "--algorithm", "pixel-naive"});
    EXPECT_TRUE(contains(table.out, "scan: b-to-a")) << table.out;
}

TEST_F(CheckCommand, UnknownScanDirectionIsBadInput) {
    CheckRun r = runCheck({sceneFile(), "--scan", "sideways"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "--scan: expected a-to-b, b-to-a or both, got 'sideways'")) << r.err;
}

TEST_F(CheckCommand, VerifyPassesWithZero) {
    CheckRun r = runCheck({sceneFile(), "--verify"});
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_TRUE(contains(r.out, "verify: passed (2 expectation(s) compared, 0 skipped, 0 difference(s))")) << r.out;
}

TEST_F(CheckCommand, VerifyFailsWithOneAndListsEachDifference) {
    scene["expect"]["A/B"]["pixel-naive"]["overlap"] = 5;
    scene["expect"]["A/B"]["aabb"]["hit"] = false;
    save();
    CheckRun r = runCheck({sceneFile(), "--verify"});
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(contains(r.out, "verify: FAILED")) << r.out;
    EXPECT_TRUE(contains(r.out, "  A/B pixel-naive overlap: expected 5, got 2\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "  A/B aabb hit: expected false, got true\n")) << r.out;

    CheckRun j = runCheck({sceneFile(), "--verify", "--json"});
    EXPECT_EQ(j.status, 1);
    json out = json::parse(j.out);
    EXPECT_EQ(out["verify"]["passed"], false);
    EXPECT_EQ(out["verify"]["differences"].size(), 2u);
    EXPECT_TRUE(contains(j.err, "A/B pixel-naive overlap: expected 5, got 2")) << j.err;
}

TEST_F(CheckCommand, VerifySaysATestThisBinaryLacksIsNotAvailableAndStillPasses) {
    // A bug report saved by a sandbox with gpu, checked by a binary without it (core's tests only).
    scene["expect"]["A/B"]["gpu"] = json::parse(R"({"hit": true, "overlap": 2})");
    save();
    CheckRun r = runCheck({sceneFile(), "--verify"});
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_TRUE(contains(r.out, "A/B gpu: not available here (skipped)")) << r.out;
    EXPECT_TRUE(contains(r.out, "verify: passed (2 expectation(s) compared, 1 skipped")) << r.out;
}

TEST_F(CheckCommand, VerifyRunsTheReversedPairsTheSceneExpects) {
    scene["expect"]["B/A"] = json::parse(R"({"pixel-naive": {"hit": true, "overlap": 2}})");
    save();
    CheckRun r = runCheck({sceneFile(), "--verify", "--json"});
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    json out = json::parse(r.out);
    EXPECT_EQ(out["pairs"].size(), 2u);
    EXPECT_EQ(out["verify"]["checked"], 3);
}

TEST_F(CheckCommand, PrintedExpectBlockMakesAPassingRegressionTest) {
    scene["sprites"][1]["rotation_deg"] = 30;
    scene.erase("expect");
    save();
    CheckRun printed = runCheck({sceneFile(), "--print-expect"});
    ASSERT_EQ(printed.status, 0) << printed.err;
    scene["expect"] = json::parse(printed.out);
    save();
    CheckRun verified = runCheck({sceneFile(), "--verify"});
    EXPECT_EQ(verified.status, 0) << verified.out << verified.err;
}

TEST_F(CheckCommand, WorksFromAnyWorkingDirectory) {
    TempFolder elsewhere;
    const auto previous = std::filesystem::current_path();
    std::filesystem::current_path(elsewhere.path());
    CheckRun r = runCheck({sceneFile(), "--verify"});
    std::filesystem::current_path(previous);
    EXPECT_EQ(r.status, 0) << r.err;
}


// ---- contact (issue 13). A covers [0, 2) x [0, 2), B [1, 3) x [0, 2): one column overlaps. By hand: moving A
// right by 1 or down by 1 still overlaps, left by 1 frees it, so the separation is (-1, 0); up by 1 leaves
// row 0 overlapping, up by 2 frees it; the overlapping samples are (1.5, 0.5) and (1.5, 1.5).

TEST_F(CheckCommand, ContactAddsWhichWayOutToTheJson) {
    CheckRun r = runCheck({sceneFile(), "--contact", "--algorithm", "pixel-naive", "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    const json contact = json::parse(r.out)["pairs"][0]["contact"];
    EXPECT_EQ(contact["test"], "pixel-fast");
    EXPECT_EQ(contact["separation"], json::parse("[-1.0, 0.0]"));
    EXPECT_EQ(contact["depth"], 1.0);
    EXPECT_EQ(contact["normal"], json::parse("[-1.0, 0.0]"));
    EXPECT_EQ(contact["push"]["direction"], json::parse("[0.0, -1.0]"));
    EXPECT_EQ(contact["push"]["distance"], 2.0);
    EXPECT_EQ(contact["approach"]["distance"], 0.0);  // already touching
    EXPECT_EQ(contact["centroid"], json::parse("[1.5, 1.0]"));
    // n(+1, 0) = 4, n(-1, 0) = 0, n(0, +1) = n(0, -1) = 1: g = (4, 0), normal (-1, 0).
    EXPECT_EQ(contact["gradient"], json::parse("[4.0, 0.0]"));
    EXPECT_EQ(contact["gradient_normal"], json::parse("[-1.0, 0.0]"));
}

TEST_F(CheckCommand, PushAndResolutionChooseTheDirectionAndTheLattice) {
    CheckRun r = runCheck({sceneFile(), "--push", "right", "--resolution", "2", "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    const json contact = json::parse(r.out)["pairs"][0]["contact"];
    EXPECT_EQ(contact["resolution"], 2);
    // Right: A must clear B's right edge, 3: A's first sample 0.5 + t >= 3 at t = 2.5.
    EXPECT_EQ(contact["push"]["distance"], 2.5);
    CheckRun table = runCheck({sceneFile(), "--contact"});
    EXPECT_TRUE(contains(table.out, "separation (-1, 0)  depth 1")) << table.out;
}

TEST_F(CheckCommand, BadContactOptionsAreBadInput) {
    CheckRun r = runCheck({sceneFile(), "--push", "sideways"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "--push: expected up, down, left, right or X,Y (e.g. 0,-1), got \"sideways\"")) << r.err;
    r = runCheck({sceneFile(), "--push", "0,0"});
    EXPECT_TRUE(contains(r.err, "--push: the direction must be a non-zero finite vector, got \"0,0\"")) << r.err;
    r = runCheck({sceneFile(), "--resolution", "3"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "--resolution: expected 1, 2, 4 or 8, got '3'")) << r.err;
}

TEST_F(CheckCommand, VerifyChecksTheContactEntry) {
    scene["expect"]["A/B"]["contact"] = json::parse(R"({"separation": [-1, 0], "depth": 1, "push": 2, "approach": 0, "centroid": [1.5, 1]})");
    save();
    CheckRun r = runCheck({sceneFile(), "--verify"});
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_TRUE(contains(r.out, "verify: passed (3 expectation(s) compared")) << r.out;

    scene["expect"]["A/B"]["contact"]["push"] = 1.0;
    scene["expect"]["A/B"]["contact"]["separation"] = json::parse("[-1, 1e-8]");
    save();
    r = runCheck({sceneFile(), "--verify"});
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(contains(r.out, "  A/B contact push: expected 1.0, got 2.0\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "  A/B contact separation: expected [-1,1e-08], got [-1.0,0.0]\n")) << r.out;
}

TEST_F(CheckCommand, CspaceWritesTheMapWithHitsDarkAndTheOriginMarked) {
    const std::string png = (folder / "map.png").string();
    CheckRun r = runCheck({sceneFile(), "--contact", "--cspace", png});
    ASSERT_EQ(r.status, 0) << r.err;
    const ImageLoadResult map = loadImageFile(png);
    ASSERT_TRUE(map.image) << map.error;
    // Offsets where the boxes [0, 2]² + t and [1, 3] x [0, 2] meet: t.x in [-1, 3], t.y in [-2, 2].
    ASSERT_EQ(map.image->width, 5);
    ASSERT_EQ(map.image->height, 5);
    auto red = [&](int x, int y) { return map.image->pixels[(static_cast<std::size_t>(y) * 5 + x) * 4]; };
    EXPECT_EQ(red(1, 2), 0xe0);  // t = 0: the cross
    EXPECT_EQ(red(0, 0), 0xec);  // t = (-1, -2): free, light
    EXPECT_EQ(red(3, 1), 0x30);  // t = (2, -1): A over [2, 4) x [-1, 1) meets B: dark
    EXPECT_EQ(red(4, 0), 0xec);  // t = (3, -2): free
}

TEST_F(CheckCommand, ABudgetOfNoTimeStopsAfterTheFirstTestWithExitTwo) {
    CheckRun r = runCheck({sceneFile(), "--budget", "1e-9"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, sceneFile() + ": work budget exceeded: stopped after 1 of ")) << r.err;
    EXPECT_EQ(r.out, "");
    // The default budget (and no limit) runs everything.
    EXPECT_EQ(runCheck({sceneFile(), "--budget", "0"}).status, 0);
    for (const char* bad : {"-1", "soon", "", "inf", "5s"}) {
        CheckRun b = runCheck({sceneFile(), "--budget", bad});
        EXPECT_EQ(b.status, 2) << bad;
        EXPECT_TRUE(contains(b.err, "--budget: expected a number of seconds, 0 or more (0 = no limit), got '" + std::string(bad) + "'")) << b.err;
    }
}

TEST_F(CheckCommand, PairNamesMayHoldCommasAndAnAmbiguousSplitIsRefused) {
    scene["sprites"][0]["name"] = "a,b";
    scene["sprites"][1]["name"] = "c";
    scene.erase("expect");
    save();
    CheckRun r = runCheck({sceneFile(), "--pair", "c,a,b", "--algorithm", "pixel-naive"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "c/a,b  (c scanned into a,b)")) << r.out;
    EXPECT_TRUE(contains(r.out, "pixel-naive  yes  2 ")) << r.out;

    // "a" and "b,c" would name two sprites as well as "a,b" and "c".
    scene["sprites"].push_back(scene["sprites"][1]);
    scene["sprites"][2]["name"] = "a";
    scene["sprites"].push_back(scene["sprites"][1]);
    scene["sprites"][3]["name"] = "b,c";
    save();
    CheckRun ambiguous = runCheck({sceneFile(), "--pair", "a,b,c"});
    EXPECT_EQ(ambiguous.status, 2);
    EXPECT_TRUE(contains(ambiguous.err, "is ambiguous")) << ambiguous.err;
}

TEST_F(CheckCommand, VerifyWithPrintExpectAndARepeatedPairAreRefused) {
    CheckRun both = runCheck({sceneFile(), "--print-expect", "--verify"});
    EXPECT_EQ(both.status, 2);
    EXPECT_TRUE(contains(both.err, "--verify and --print-expect cannot be used together")) << both.err;
    EXPECT_EQ(both.out, "");
    CheckRun twice = runCheck({sceneFile(), "--pair", "A,B", "--pair=B,A"});
    EXPECT_EQ(twice.status, 2);
    EXPECT_TRUE(contains(twice.err, "--pair given twice")) << twice.err;
}

TEST_F(CheckCommand, TheTableHeaderSaysWhichSpriteIsScanned) {
    EXPECT_TRUE(contains(runCheck({sceneFile(), "--scan", "b-to-a"}).out, "A/B  (B scanned into A)"));
    EXPECT_TRUE(contains(runCheck({sceneFile(), "--scan", "both"}).out, "A/B  (A and B scanned into each other)"));
}

}  // namespace
}  // namespace cl
