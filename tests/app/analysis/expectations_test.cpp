// Recording a scene's answers as `expect` and judging each entry (app/analysis/expectations.h).
#include "app/analysis/expectations.h"

#include <map>

#include <gtest/gtest.h>

#include "tests/app/editor/test_scene.h"

namespace cl {
namespace {

// A: solid 10x10 covering world [0,10)x[0,10); B: solid 10x10 covering [6,16)x[7,17). By hand: the
// overlap is the 4x3 block [6,10)x[7,10): 12 A pixel centres fall inside B (centre sampling), area 12.
Scene overlappingScene() {
    Scene scene;
    scene.sprites.push_back(test::makeSprite("A", test::solidImage(10, 10), {0.0, 0.0}, {0.0, 0.0}));
    scene.sprites.push_back(test::makeSprite("B", test::solidImage(10, 10), {6.0, 7.0}, {0.0, 0.0}));
    return scene;
}

TEST(RecordExpectations, TickedTestsOnlyWithHandWorkedAnswers) {
    MaskCache masks;
    const ExpectRecording r = recordExpectations(overlappingScene(), {"A", "B"}, {"aabb", "pixel-naive", "pixel-exact"},
                                                 coreAlgorithms(), {}, masks);
    ASSERT_TRUE(r.ok()) << r.error;
    const nlohmann::json expected = {{"A/B", {{"aabb", {{"hit", true}}},
                                              {"pixel-naive", {{"hit", true}, {"overlap", 12}}},
                                              {"pixel-exact", {{"hit", true}, {"overlap_area", 12.0}}}}}};
    EXPECT_EQ(r.expect, expected);
}

TEST(RecordExpectations, EmptyListRecordsEveryTest) {
    MaskCache masks;
    const ExpectRecording r = recordExpectations(overlappingScene(), {"A", "B"}, {}, coreAlgorithms(), {}, masks);
    ASSERT_TRUE(r.ok()) << r.error;
    ASSERT_EQ(r.expect["A/B"].size(), coreAlgorithms().all().size());
    EXPECT_EQ(r.expect["A/B"]["pixel-fast"]["overlap"], 12);
}

TEST(RecordExpectations, ThreadBoundTestTakenFromTheAnswersGiven) {
    AlgorithmSet set(coreAlgorithms().all());
    Algorithm bound{.name = "bound-test", .kind = AlgorithmKind::Pixel, .summary = "stand-in for gpu", .run = nullptr,
                    .threadBound = true, .needsDisplay = true};
    set.add(bound);
    const Algorithm* added = set.find("bound-test");
    ASSERT_NE(added, nullptr);
    MaskCache masks;
    // Not answered yet: a clear error, nothing recorded.
    const ExpectRecording missing = recordExpectations(overlappingScene(), {"A", "B"}, {"bound-test"}, set, {}, masks);
    EXPECT_FALSE(missing.ok());
    EXPECT_NE(missing.error.find("bound-test has no answer yet"), std::string::npos) << missing.error;

    CollisionResult answer;
    answer.hit = true;
    answer.overlap = 7;
    const ExpectRecording r = recordExpectations(overlappingScene(), {"A", "B"}, {"pixel-naive", "bound-test"}, set,
                                                 {AlgorithmOutcome{added, answer}}, masks);
    ASSERT_TRUE(r.ok()) << r.error;
    const nlohmann::json expected = {{"A/B", {{"pixel-naive", {{"hit", true}, {"overlap", 12}}},
                                              {"bound-test", {{"hit", true}, {"overlap", 7}}}}}};
    EXPECT_EQ(r.expect, expected);
}

TEST(RecordExpectations, UnknownTestOrSpriteIsAnError) {
    MaskCache masks;
    EXPECT_FALSE(recordExpectations(overlappingScene(), {"A", "B"}, {"nope"}, coreAlgorithms(), {}, masks).ok());
    EXPECT_FALSE(recordExpectations(overlappingScene(), {"A", "Z"}, {"aabb"}, coreAlgorithms(), {}, masks).ok());
}

TEST(CountExpectations, CountsEntriesOfEveryPair) {
    EXPECT_EQ(countExpectations(nlohmann::json::object()), 0u);
    EXPECT_EQ(countExpectations({{"F/R", {{"aabb", {}}, {"obb", {}}}}, {"R/F", {{"gpu", {}}}}}), 3u);
    EXPECT_EQ(countExpectations(nlohmann::json::array()), 0u);
}

TEST(ExpectationText, ShortPhrases) {
    EXPECT_EQ(expectationText({{"hit", true}, {"overlap", 127}}), "HIT, overlap 127");
    EXPECT_EQ(expectationText({{"hit", false}}), "no hit");
    EXPECT_EQ(expectationText({{"hit", true}, {"overlap_area", 12.5}}), "HIT, area 12.5");
    EXPECT_EQ(expectationText({{"applicable", false}}), "not applicable");
    EXPECT_EQ(expectationText({{"applicable", false}, {"reason", "B is rotated"}}), "not applicable, reason B is rotated");
}

TEST(ExpectedPairs, SplitsKeysAndSkipsMalformedOnes) {
    const nlohmann::json expect = {{"F/R", {}}, {"bad", {}}, {"a/b/c", {}}, {"R/F", {}}};
    const auto pairs = expectedPairs(expect);
    ASSERT_EQ(pairs.size(), 2u);
    EXPECT_EQ(pairs[0], std::make_pair(std::string("F"), std::string("R")));
    EXPECT_EQ(pairs[1], std::make_pair(std::string("R"), std::string("F")));
}

TEST(ExpectationStatus, EachEntryPassesFailsOrIsUnavailable) {
    MaskCache masks;
    CheckOptions options;
    options.pair = std::make_pair(std::string("A"), std::string("B"));
    options.algorithms = {"aabb", "pixel-naive"};
    const CheckRunResult run = runCheck(overlappingScene(), "", options, masks);
    ASSERT_TRUE(run.ok()) << run.error;
    // Hand-worked: aabb hits, pixel-naive counts 12; 13 is wrong; gpu is not in core's set; obb was not run.
    const nlohmann::json expect = {{"A/B", {{"aabb", {{"hit", true}}},
                                            {"pixel-naive", {{"hit", true}, {"overlap", 13}}},
                                            {"gpu", {{"hit", true}}},
                                            {"obb", {{"hit", true}}}}}};
    const auto statuses = expectationStatus(*run.report, expect, coreAlgorithms());
    ASSERT_EQ(statuses.size(), 4u);
    std::map<std::string, ExpectationStatus> byName;
    for (const auto& s : statuses) byName[s.algorithm] = s;
    EXPECT_EQ(byName["aabb"].state, ExpectationState::Passes);
    EXPECT_EQ(byName["pixel-naive"].state, ExpectationState::Fails);
    ASSERT_EQ(byName["pixel-naive"].differences.size(), 1u);
    EXPECT_NE(byName["pixel-naive"].differences[0].find("expected 13, got 12"), std::string::npos) << byName["pixel-naive"].differences[0];
    EXPECT_EQ(byName["gpu"].state, ExpectationState::Unavailable);
    EXPECT_EQ(byName["obb"].state, ExpectationState::NotComputed);
    EXPECT_EQ(byName["obb"].pair, "A/B");
}

TEST(ExpectationStatus, RecordedBlockPassesAndFailsOnceTheSceneMoves) {
    MaskCache masks;
    Scene scene = overlappingScene();
    const ExpectRecording r = recordExpectations(scene, {"A", "B"}, {}, coreAlgorithms(), {}, masks);
    ASSERT_TRUE(r.ok()) << r.error;
    CheckOptions options;
    options.pair = std::make_pair(std::string("A"), std::string("B"));
    auto now = runCheck(scene, "", options, masks);
    ASSERT_TRUE(now.ok());
    for (const auto& s : expectationStatus(*now.report, r.expect, coreAlgorithms())) {
        EXPECT_EQ(s.state, ExpectationState::Passes) << s.algorithm;
    }
    // B one pixel right: the block is [7,10)x[7,10), 9 pixels, so every counting pixel test now fails.
    scene.sprites[1].transform.position.x = 7.0;
    now = runCheck(scene, "", options, masks);
    ASSERT_TRUE(now.ok());
    int failed = 0;
    for (const auto& s : expectationStatus(*now.report, r.expect, coreAlgorithms())) {
        if (s.state == ExpectationState::Fails) ++failed;
        if (s.algorithm == "pixel-naive") {
            EXPECT_EQ(s.state, ExpectationState::Fails);
        }
        if (s.algorithm == "aabb") {
            EXPECT_EQ(s.state, ExpectationState::Passes);
        }
    }
    EXPECT_GE(failed, 1);
}

}  // namespace
}  // namespace cl
