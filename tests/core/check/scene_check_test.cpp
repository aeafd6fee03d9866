#include <gtest/gtest.h>

#include <memory>

#include "core/check/scene_check.h"
#include "tests/core/scene_test_files.h"

namespace cl {
namespace {

using nlohmann::json;

SceneSprite sprite(const std::string& name, RgbaImage image, glm::dvec2 position, double rotationDeg = 0.0) {
    SceneSprite s;
    s.name = name;
    s.pixels = std::make_shared<const RgbaImage>(std::move(image));
    s.transform.position = position;
    s.transform.origin = {0.0, 0.0};
    s.transform.rotationDeg = rotationDeg;
    return s;
}

// Two opaque 2x2 squares, B one pixel to the right of A: they share the world square [1,2] x [0,2].
Scene overlappingSquares() {
    Scene scene;
    scene.sprites.push_back(sprite("A", testing::solidImage(2, 2), {0, 0}));
    scene.sprites.push_back(sprite("B", testing::solidImage(2, 2), {1, 0}));
    return scene;
}

CheckReport check(const Scene& scene, const CheckOptions& options = {}) {
    MaskCache masks;
    CheckRunResult r = runCheck(scene, "scene.json", options, masks);
    EXPECT_TRUE(r.ok()) << r.error;
    return r.ok() ? *r.report : CheckReport{};
}

const CollisionResult& resultOf(const CheckReport& report, std::size_t pair, std::string_view algorithm) {
    for (const auto& outcome : report.pairs.at(pair).results) {
        if (outcome.algorithm->name == algorithm) return outcome.result;
    }
    throw std::runtime_error("no result for " + std::string(algorithm));
}

TEST(SceneCheck, RunsEveryAlgorithmOnEveryPairByDefault) {
    CheckReport report = check(overlappingSquares());
    EXPECT_EQ(report.scene, "scene.json");
    ASSERT_EQ(report.pairs.size(), 1u);
    EXPECT_EQ(report.pairs[0].a, "A");
    EXPECT_EQ(report.pairs[0].b, "B");
    ASSERT_EQ(report.pairs[0].results.size(), coreAlgorithms().all().size());
    for (std::size_t i = 0; i < coreAlgorithms().all().size(); ++i) {
        EXPECT_EQ(report.pairs[0].results[i].algorithm, &coreAlgorithms().all()[i]);
    }
}

TEST(SceneCheck, OverlappingSquaresGiveTheHandCountedAnswers) {
    CheckReport report = check(overlappingSquares());
    // A's sample centres (1.5, 0.5) and (1.5, 1.5) fall in B's column 0; the shared area is 1 x 2.
    for (auto name : {"pixel-rect", "pixel-naive", "pixel-step", "pixel-world"}) {
        SCOPED_TRACE(name);
        const CollisionResult& r = resultOf(report, 0, name);
        EXPECT_TRUE(r.applicable);
        EXPECT_TRUE(r.hit);
        EXPECT_EQ(r.overlap, 2.0);
    }
    EXPECT_NEAR(resultOf(report, 0, "pixel-exact").overlap, 2.0, 1e-12);
    EXPECT_TRUE(resultOf(report, 0, "aabb").hit);
}

TEST(SceneCheck, JsonHasTheDocumentedShape) {
    CheckReport report = check(overlappingSquares());
    json j = json::parse(reportJson(report).dump());
    EXPECT_EQ(j["scene"], "scene.json");
    EXPECT_EQ(j["sampling"], "center");
    ASSERT_EQ(j["pairs"].size(), 1u);
    EXPECT_EQ(j["pairs"][0]["a"], "A");
    EXPECT_EQ(j["pairs"][0]["b"], "B");
    const json& naive = j["pairs"][0]["results"]["pixel-naive"];
    EXPECT_EQ(naive["applicable"], true);
    EXPECT_EQ(naive["hit"], true);
    EXPECT_EQ(naive["overlap"], 2);
    EXPECT_TRUE(naive["overlap"].is_number_integer());
    // First in A's row-major order is A's pixel (1, 0), sampled at world (1.5, 0.5): B's pixel (0, 0).
    EXPECT_EQ(naive["first_hit"]["a"], json::array({1, 0}));
    EXPECT_EQ(naive["first_hit"]["b"], json::array({0, 0}));
    EXPECT_EQ(naive["first_hit"]["world"], json::array({1.5, 0.5}));
    EXPECT_TRUE(naive.contains("samples"));
    EXPECT_TRUE(naive.contains("time_ns"));
    const json& exact = j["pairs"][0]["results"]["pixel-exact"];
    EXPECT_NEAR(exact["overlap_area"].get<double>(), 2.0, 1e-12);
    EXPECT_FALSE(exact.contains("overlap"));
    const json& aabb = j["pairs"][0]["results"]["aabb"];
    EXPECT_EQ(aabb["hit"], true);
    EXPECT_FALSE(aabb.contains("overlap"));
    EXPECT_FALSE(aabb.contains("overlap_area"));
}

TEST(SceneCheck, NotApplicableResultCarriesOnlyTheReason) {
    Scene scene = overlappingSquares();
    scene.sprites[1].transform.rotationDeg = 45;
    json j = json::parse(reportJson(check(scene)).dump());
    const json& rect = j["pairs"][0]["results"]["pixel-rect"];
    EXPECT_EQ(rect["applicable"], false);
    EXPECT_FALSE(rect["reason"].get<std::string>().empty());
    EXPECT_FALSE(rect.contains("hit"));
}

TEST(SceneCheck, TouchingSquaresMissExceptForTheCircles) {
    Scene scene = overlappingSquares();
    scene.sprites[1].transform.position = {2, 0};
    CheckReport report = check(scene);
    // Centres 2 apart, each radius sqrt(2): the circles overlap though the squares only touch.
    EXPECT_TRUE(resultOf(report, 0, "circle").hit);
    for (auto name : {"aabb", "tight-aabb", "obb", "pixel-rect", "pixel-naive", "pixel-step", "pixel-world", "pixel-exact"}) {
        SCOPED_TRACE(name);
        EXPECT_FALSE(resultOf(report, 0, name).hit);
        EXPECT_EQ(resultOf(report, 0, name).overlap, 0.0);
    }
}

TEST(SceneCheck, ChosenAlgorithmsRunInTableOrder) {
    CheckOptions options;
    options.algorithms = {"pixel-naive", "aabb"};
    CheckReport report = check(overlappingSquares(), options);
    ASSERT_EQ(report.pairs[0].results.size(), 2u);
    EXPECT_EQ(report.pairs[0].results[0].algorithm->name, "aabb");
    EXPECT_EQ(report.pairs[0].results[1].algorithm->name, "pixel-naive");
}

TEST(SceneCheck, UnknownNamesAreRefusedWithAMessage) {
    MaskCache masks;
    CheckOptions options;
    options.algorithms = {"pixel-magic"};
    CheckRunResult r = runCheck(overlappingSquares(), "s.json", options, masks);
    EXPECT_FALSE(r.ok());
    EXPECT_NE(r.error.find("unknown algorithm \"pixel-magic\""), std::string::npos) << r.error;

    CheckOptions pair;
    pair.pair = {"A", "Q"};
    r = runCheck(overlappingSquares(), "s.json", pair, masks);
    EXPECT_EQ(r.error, "no sprite is called \"Q\" (sprites: A, B)");

    pair.pair = {"A", "A"};
    r = runCheck(overlappingSquares(), "s.json", pair, masks);
    EXPECT_FALSE(r.ok());
}

TEST(SceneCheck, PairOptionChoosesTheScannedSprite) {
    CheckOptions options;
    options.pair = {"B", "A"};
    CheckReport report = check(overlappingSquares(), options);
    ASSERT_EQ(report.pairs.size(), 1u);
    EXPECT_EQ(report.pairs[0].a, "B");
    EXPECT_EQ(report.pairs[0].b, "A");
    // B's pixel (0, 0), sampled at world (1.5, 0.5), lands in A's pixel (1, 0).
    const auto& first = resultOf(report, 0, "pixel-naive").firstHit;
    ASSERT_TRUE(first);
    EXPECT_EQ(first->a, glm::ivec2(0, 0));
    EXPECT_EQ(first->b, glm::ivec2(1, 0));
}

TEST(SceneCheck, EveryPairInFileOrderThenExpectedReversedPairs) {
    Scene scene = overlappingSquares();
    scene.sprites.push_back(sprite("C", testing::solidImage(1, 1), {10, 10}));
    scene.expect = expectationsFromJson(json::parse(R"({"C/A": {"aabb": {"hit": false}}, "A/B": {"aabb": {"hit": true}}})"));
    CheckReport plain = check(scene);
    ASSERT_EQ(plain.pairs.size(), 3u);
    EXPECT_EQ(plain.pairs[0].a + "/" + plain.pairs[0].b, "A/B");
    EXPECT_EQ(plain.pairs[1].a + "/" + plain.pairs[1].b, "A/C");
    EXPECT_EQ(plain.pairs[2].a + "/" + plain.pairs[2].b, "B/C");
    CheckOptions options;
    options.includeExpectedPairs = true;
    CheckReport withExpected = check(scene, options);
    ASSERT_EQ(withExpected.pairs.size(), 4u);
    EXPECT_EQ(withExpected.pairs[3].a + "/" + withExpected.pairs[3].b, "C/A");
}

TEST(SceneCheck, SamplingOverrideChangesTheHalfPixelCase) {
    // A: one solid pixel at world x in [0.5, 1.5]. B: two pixels, only the right one (x in [1, 2]) solid.
    Scene scene;
    scene.sprites.push_back(sprite("A", testing::solidImage(1, 1), {0.5, 0}));
    scene.sprites.push_back(sprite("B", testing::imageWithAlphas(2, 1, {0, 255}), {0, 0}));
    CheckOptions options;
    options.algorithms = {"pixel-naive"};
    // center: sample (0.5, 0.5) -> world (1.0, 0.5) -> B pixel floor(1.0) = 1, solid.
    CheckReport center = check(scene, options);
    EXPECT_EQ(center.sampling, Sampling::Center);
    EXPECT_TRUE(resultOf(center, 0, "pixel-naive").hit);
    // xna: sample (0, 0) -> world (0.5, 0) -> B pixel round-half-even(0.5) = 0, transparent.
    options.sampling = Sampling::Xna;
    CheckReport xna = check(scene, options);
    EXPECT_EQ(xna.sampling, Sampling::Xna);
    EXPECT_FALSE(resultOf(xna, 0, "pixel-naive").hit);
    // The scene's own setting is the default.
    scene.sampling = Sampling::Xna;
    options.sampling.reset();
    EXPECT_FALSE(resultOf(check(scene, options), 0, "pixel-naive").hit);
}

TEST(SceneCheck, VerifyPassesWhenEveryExpectedFieldMatches) {
    CheckReport report = check(overlappingSquares());
    json expect = json::parse(R"({"A/B": {
        "aabb": {"hit": true},
        "pixel-naive": {"applicable": true, "hit": true, "overlap": 2,
                        "first_hit": {"a": [1, 0], "b": [0, 0], "world": [1.5, 0.5]}},
        "pixel-exact": {"hit": true, "overlap_area": 2.0000001}
    }})");
    VerifyResult v = verifyReport(report, expect);
    EXPECT_TRUE(v.passed()) << ::testing::PrintToString(v.differences);
    EXPECT_EQ(v.checked, 3);
    EXPECT_EQ(v.skipped, 0);
}

TEST(SceneCheck, VerifyListsEachDifference) {
    CheckReport report = check(overlappingSquares());
    json expect = json::parse(R"({"A/B": {
        "aabb": {"hit": false, "overlap": 4},
        "pixel-naive": {"overlap": 3, "first_hit": null},
        "pixel-exact": {"overlap_area": 2.01},
        "pixel-rect": {"applicable": false}
    }})");
    VerifyResult v = verifyReport(report, expect);
    EXPECT_FALSE(v.passed());
    EXPECT_EQ(v.differences, (std::vector<std::string>{
                                 "A/B aabb hit: expected false, got true",
                                 "A/B aabb overlap: expected 4, but aabb does not report overlap",
                                 "A/B pixel-exact overlap_area: expected 2.01, got 2.0",
                                 "A/B pixel-naive first_hit: expected null, got {\"a\":[1,0],\"b\":[0,0],\"world\":[1.5,0.5]}",
                                 "A/B pixel-naive overlap: expected 3, got 2",
                                 "A/B pixel-rect applicable: expected false, got true",
                             }));
}

TEST(SceneCheck, VerifyExplainsAHitExpectedFromATestThatDoesNotApply) {
    Scene scene = overlappingSquares();
    scene.sprites[1].transform.rotationDeg = 45;
    VerifyResult v = verifyReport(check(scene), json::parse(R"({"A/B": {"pixel-rect": {"hit": true}}})"));
    ASSERT_EQ(v.differences.size(), 1u);
    EXPECT_EQ(v.differences[0].rfind("A/B pixel-rect hit: expected true, but the test is not applicable (", 0), 0u)
        << v.differences[0];
}

TEST(SceneCheck, VerifySkipsExpectationsThatWereNotRun) {
    CheckOptions options;
    options.algorithms = {"aabb"};
    CheckReport report = check(overlappingSquares(), options);
    json expect = json::parse(R"({"A/B": {"aabb": {"hit": true}, "pixel-naive": {"hit": false}},
                                   "B/A": {"aabb": {"hit": false}}})");
    VerifyResult v = verifyReport(report, expect);
    EXPECT_TRUE(v.passed());
    EXPECT_EQ(v.checked, 1);
    EXPECT_EQ(v.skipped, 2);
}

TEST(SceneCheck, ExpectationsForATestThisBinaryLacksAreReportedAsUnavailableNotAsDifferences) {
    CheckReport report = check(overlappingSquares());
    json expect = json::parse(R"({"A/B": {"gpu": {"hit": false}, "aabb": {"hit": true}}})");
    VerifyResult v = verifyReport(report, expect);
    EXPECT_TRUE(v.passed());
    EXPECT_EQ(v.checked, 1);
    EXPECT_EQ(v.skipped, 1);
    EXPECT_EQ(v.unavailable, std::vector<std::string>{"A/B gpu"});
}

// A test that needs a display and finds none: not applicable with the reason, as the app's gpu row answers.
CollisionResult noDisplay(const Body&, const Body&, const TestOptions&) {
    CollisionResult r;
    r.applicable = false;
    r.reason = "display-test: no X display";
    return r;
}

TEST(SceneCheck, AnExpectationForATestThatNeedsADisplayIsUnavailableWhereItFindsNone) {
    AlgorithmSet available(coreAlgorithms().all());
    available.add(Algorithm{.name = "display-test", .summary = "needs a display", .run = &noDisplay, .needsDisplay = true});
    CheckOptions options;
    options.available = &available;
    options.algorithms = {"aabb", "display-test"};
    CheckReport report = check(overlappingSquares(), options);
    json expect = json::parse(R"({"A/B": {"display-test": {"hit": true, "overlap": 4}, "aabb": {"hit": true}}})");
    VerifyResult v = verifyReport(report, expect, available);
    EXPECT_TRUE(v.passed()) << v.differences.at(0);
    EXPECT_EQ(v.checked, 1);
    EXPECT_EQ(v.skipped, 1);
    EXPECT_EQ(v.unavailable, std::vector<std::string>{"A/B display-test"});
    EXPECT_EQ(v.unavailableReasons, std::vector<std::string>{"display-test: no X display"});
}

TEST(SceneCheck, ATestThatIsNotApplicableForThePairAndNeedsNoDisplayIsStillADifference) {
    // The same answer from a row without needsDisplay: the pair's answer changed, not the machine.
    AlgorithmSet available(coreAlgorithms().all());
    available.add(Algorithm{.name = "plain-test", .summary = "needs nothing", .run = &noDisplay});
    CheckOptions options;
    options.available = &available;
    options.algorithms = {"plain-test"};
    CheckReport report = check(overlappingSquares(), options);
    VerifyResult v = verifyReport(report, json::parse(R"({"A/B": {"plain-test": {"hit": true}}})"), available);
    ASSERT_EQ(v.differences.size(), 1u);
    EXPECT_EQ(v.differences[0], "A/B plain-test hit: expected true, but the test is not applicable (display-test: no X display)");
    EXPECT_TRUE(v.unavailable.empty());
}

TEST(SceneCheck, ASetWithAnExtraTestRunsItAndVerifiesItsExpectations) {
    // An app's set: core's tests plus one of its own (here pixel-world's function under another name).
    AlgorithmSet available(coreAlgorithms().all());
    available.add(Algorithm{.name = "world-again", .summary = "pixel-world, renamed", .run = coreAlgorithms().find("pixel-world")->run});
    CheckOptions options;
    options.available = &available;
    options.algorithms = {"world-again"};
    CheckReport report = check(overlappingSquares(), options);
    ASSERT_EQ(report.pairs.at(0).results.size(), 1u);
    // The shared column [1,2] x [0,2] holds the world pixel centres (1.5, 0.5) and (1.5, 1.5).
    EXPECT_EQ(resultOf(report, 0, "world-again").overlap, 2.0);
    const json expect = json::parse(R"({"A/B": {"world-again": {"overlap": 3}}})");
    EXPECT_EQ(verifyReport(report, expect, available).differences,
              std::vector<std::string>{"A/B world-again overlap: expected 3, got 2"});
}

TEST(SceneCheck, PrintedExpectBlockVerifies) {
    Scene scene = overlappingSquares();
    scene.sprites[1].transform.rotationDeg = 30;
    CheckReport report = check(scene);
    json expect = json::parse(expectJson(report).dump());
    EXPECT_EQ(expect["A/B"]["pixel-rect"], json::parse(R"({"applicable": false})"));
    EXPECT_TRUE(expect["A/B"]["pixel-naive"].contains("overlap"));
    EXPECT_TRUE(expect["A/B"]["pixel-exact"].contains("overlap_area"));
    EXPECT_EQ(expect["A/B"]["aabb"], json::parse(R"({"hit": true})"));
    EXPECT_TRUE(verifyReport(report, expect).passed());
}

TEST(SceneCheck, TableNamesEveryPairAndAlgorithm) {
    Scene scene = overlappingSquares();
    scene.sprites[1].transform.rotationDeg = 45;
    std::string table = reportTable(check(scene));
    EXPECT_NE(table.find("scene: scene.json  (sampling: center)"), std::string::npos) << table;
    EXPECT_NE(table.find("A/B  (A scanned into B)"), std::string::npos) << table;
    for (const auto& algorithm : coreAlgorithms().all()) EXPECT_NE(table.find(std::string(algorithm.name)), std::string::npos);
    EXPECT_NE(table.find("pixel-rect   n/a  ("), std::string::npos) << table;
}

TEST(SceneCheck, EngineThresholdsAreShownWithTheirConversion) {
    // B is written as Godot 0.1 (alpha > 25); its pixels of alpha 26 are solid, so the squares still touch.
    Scene scene = overlappingSquares();
    scene.sprites[1].pixels = std::make_shared<const RgbaImage>(testing::imageWithAlphas(2, 2, {26, 26, 26, 26}));
    scene.sprites[1].alphaThreshold = 25;
    scene.sprites[1].engineThreshold = SpriteEngineThreshold{"godot", 0.1};
    const CheckReport report = check(scene);
    ASSERT_EQ(report.engineThresholds.size(), 1u);
    EXPECT_EQ(report.engineThresholds[0].sprite, "B");
    EXPECT_EQ(report.engineThresholds[0].alphaThreshold, 25);
    EXPECT_EQ(resultOf(report, 0, "pixel-naive").overlap, 2.0);

    const json j = json::parse(reportJson(report).dump());
    ASSERT_EQ(j["engine_thresholds"].size(), 1u);
    EXPECT_EQ(j["engine_thresholds"][0]["sprite"], "B");
    EXPECT_EQ(j["engine_thresholds"][0]["engine"], "godot");
    EXPECT_EQ(j["engine_thresholds"][0]["value"], 0.1);
    EXPECT_EQ(j["engine_thresholds"][0]["alpha_threshold"], 25);
    const std::string rule = "godot BitMap.create_from_image_alpha threshold 0.1: alpha / 255.0 > threshold "
                             "(threshold a 32-bit float) -> alpha > 25";
    EXPECT_EQ(j["engine_thresholds"][0]["rule"], rule);
    const std::string table = reportTable(report);
    EXPECT_NE(table.find("threshold of B: " + rule + "\n"), std::string::npos) << table;

    // A plain threshold, or an engine setting the number no longer matches, shows nothing extra.
    scene.sprites[1].alphaThreshold = 26;
    const CheckReport plain = check(scene);
    EXPECT_TRUE(plain.engineThresholds.empty());
    EXPECT_FALSE(json::parse(reportJson(plain).dump()).contains("engine_thresholds"));
    EXPECT_EQ(reportTable(plain).find("threshold of"), std::string::npos);
}

TEST(SceneCheck, SpriteWithoutPixelsIsAnErrorNotACrash) {
    Scene scene = overlappingSquares();
    scene.sprites[0].pixels.reset();
    MaskCache masks;
    CheckRunResult r = runCheck(scene, "s.json", {}, masks);
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(r.error, "sprite \"A\" has no image");
}

TEST(ResolveRequest, TurnsNamesIntoTableRowsInTableOrderAndSpriteIndices) {
    Scene scene = overlappingSquares();
    scene.sprites.push_back(sprite("C", testing::solidImage(1, 1), {10, 10}));
    CheckOptions options;
    options.algorithms = {"pixel-naive", "aabb", "pixel-naive"};
    const ResolveResult r = resolveRequest(scene, options, NoTestsNamed::Every);
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.request->algorithms, (std::vector<const Algorithm*>{findAlgorithm("aabb"), findAlgorithm("pixel-naive")}));
    using Pairs = std::vector<std::pair<std::size_t, std::size_t>>;
    EXPECT_EQ(r.request->pairs, (Pairs{{0, 1}, {0, 2}, {1, 2}}));

    options.algorithms.clear();
    options.pair = std::make_pair(std::string("C"), std::string("A"));
    const ResolveResult every = resolveRequest(scene, options, NoTestsNamed::Every);
    ASSERT_TRUE(every.ok());
    EXPECT_EQ(every.request->algorithms.size(), coreAlgorithms().all().size());
    EXPECT_EQ(every.request->pairs, (Pairs{{2, 0}}));
    const ResolveResult one = resolveRequest(scene, options, NoTestsNamed::DefaultPixel);
    ASSERT_TRUE(one.ok());
    EXPECT_EQ(one.request->algorithms, (std::vector<const Algorithm*>{findAlgorithm("pixel-fast")}));
}

TEST(ResolveRequest, NamesTheFirstUnknownTestOrSprite) {
    const Scene scene = overlappingSquares();
    CheckOptions options;
    options.algorithms = {"aabb", "nope", "worse"};
    EXPECT_EQ(resolveRequest(scene, options, NoTestsNamed::Every).error,
              "unknown algorithm \"nope\" (known: " + coreAlgorithms().namesText() + ", or all)");
    EXPECT_EQ(resolveRequest(scene, options, NoTestsNamed::DefaultPixel).error,
              "unknown algorithm \"nope\" (known: " + coreAlgorithms().namesText() + ")");
    options.algorithms = {"aabb"};
    options.pair = std::make_pair(std::string("A"), std::string("Z"));
    const ResolveResult r = resolveRequest(scene, options, NoTestsNamed::Every);
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(r.error, "no sprite is called \"Z\" (sprites: A, B)");
    EXPECT_EQ(findSprite(scene, "B"), std::optional<std::size_t>(1));
    EXPECT_EQ(findSprite(scene, "Z"), std::nullopt);
}

}  // namespace
}  // namespace cl
