#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <glm/common.hpp>

#include "core/collision/algorithms.h"
#include "core/collision/bounding.h"
#include "core/collision/pixel_scans.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::bodyAt;
using testing::maskFromArt;

using TestFunction = CollisionResult (*)(const Body&, const Body&, const TestOptions&);

struct KnownTest {
    std::string_view name;
    AlgorithmKind kind;
    TestFunction function;
};

// The names the issue fixes, with the function each must run.
const std::vector<KnownTest> kKnownTests{
    {"circle", AlgorithmKind::Bound, &circleTest},       {"aabb", AlgorithmKind::Bound, &aabbTest},
    {"tight-aabb", AlgorithmKind::Bound, &tightAabbTest}, {"obb", AlgorithmKind::Bound, &obbTest},
    {"pixel-rect", AlgorithmKind::Pixel, &pixelRect},    {"pixel-naive", AlgorithmKind::Pixel, &pixelNaive},
    {"pixel-step", AlgorithmKind::Pixel, &pixelStep},    {"pixel-world", AlgorithmKind::Pixel, &pixelWorld},
    {"pixel-exact", AlgorithmKind::Pixel, &pixelExact},
};

TestOptions withScan(TestOptions options, ScanDirection scan) {
    options.scan = scan;
    return options;
}

TEST(Algorithms, TableHoldsEveryTestOfTheIssueUnderItsName) {
    for (const KnownTest& known : kKnownTests) {
        const Algorithm* algorithm = findAlgorithm(known.name);
        ASSERT_NE(algorithm, nullptr) << known.name;
        EXPECT_EQ(algorithm->name, known.name);
        EXPECT_EQ(algorithm->kind, known.kind) << known.name;
        EXPECT_FALSE(algorithm->summary.empty()) << known.name;
        EXPECT_NE(algorithm->run, nullptr) << known.name;
    }
}

TEST(Algorithms, NamesAreUniqueAndCheapTestsComeFirst) {
    std::set<std::string_view> names;
    bool seenPixel = false;
    for (const Algorithm& algorithm : coreAlgorithms().all()) {
        EXPECT_TRUE(names.insert(algorithm.name).second) << "duplicate " << algorithm.name;
        EXPECT_FALSE(algorithm.name.empty());
        if (algorithm.kind == AlgorithmKind::Pixel) seenPixel = true;
        if (algorithm.kind == AlgorithmKind::Bound) {
            EXPECT_FALSE(seenPixel) << algorithm.name << " listed after a pixel test";
        }
        EXPECT_EQ(findAlgorithm(algorithm.name), &algorithm);
    }
    EXPECT_GE(names.size(), kKnownTests.size());
}

TEST(Algorithms, UnknownNamesAreNotFound) {
    EXPECT_EQ(findAlgorithm("pixel"), nullptr);
    EXPECT_EQ(findAlgorithm(""), nullptr);
    EXPECT_EQ(findAlgorithm("pixel-naive "), nullptr);
    EXPECT_EQ(findAlgorithm("bogus"), nullptr);
}

TEST(Algorithms, DefaultPixelTestIsAPixelTestInTheTable) {
    const Algorithm* algorithm = findAlgorithm(kDefaultPixelAlgorithm);
    ASSERT_NE(algorithm, nullptr);
    EXPECT_EQ(algorithm->kind, AlgorithmKind::Pixel);
}

TEST(Algorithms, SampledScansAreDirectionalAndTheOthersAreNot) {
    for (std::string_view name : {"pixel-naive", "pixel-step"}) EXPECT_TRUE(findAlgorithm(name)->directional) << name;
    for (std::string_view name : {"circle", "aabb", "tight-aabb", "obb", "pixel-world", "pixel-exact"})
        EXPECT_FALSE(findAlgorithm(name)->directional) << name;
}

// The rows' traits are what the app and the checker act on, so each is checked against behaviour.
TEST(Algorithms, SamplingChangesTheAnswerOfExactlyTheTestsThatSayTheyHonourIt) {
    // A "####" half a pixel right of B "..#..": center sampling lands one of A's samples on B's pixel
    // (A's 1 at world 2.0), xna two (A's 1 at 1.5 and A's 2 at 2.5, both rounded to even 2).
    AlphaMask a = maskFromArt({"####"});
    AlphaMask b = maskFromArt({"..#.."});
    const Body bodyA = bodyAt(a, {0.5, 0}), bodyB = bodyAt(b, {0, 0});
    for (const Algorithm& algorithm : coreAlgorithms().all()) {
        const CollisionResult center = runAlgorithm(algorithm, bodyA, bodyB, testing::fullScan(Sampling::Center));
        const CollisionResult xna = runAlgorithm(algorithm, bodyA, bodyB, testing::fullScan(Sampling::Xna));
        const bool differs = center.overlap != xna.overlap || center.hits != xna.hits;
        EXPECT_EQ(differs, algorithm.honoursSampling) << algorithm.name;
    }
}

TEST(Algorithms, TestsThatListHitsListOnePairPerOverlapAndOnlyAreaTestsReportAnArea) {
    // B turned 45 degrees over A: pixel squares overlap in fractions, so an area is not a whole number.
    AlphaMask a = testing::solidMask(6, 6);
    AlphaMask b = testing::solidMask(4, 4);
    const Body bodyA = bodyAt(a, {0, 0});
    const Body bodyB = testing::bodyAboutCentre(b, {5.3, 2.7}, 45.0);  // partly outside A: no symmetry makes the area whole
    for (const Algorithm& algorithm : coreAlgorithms().all()) {
        const CollisionResult r = runAlgorithm(algorithm, bodyA, bodyB, testing::fullScan(Sampling::Center));
        if (algorithm.kind != AlgorithmKind::Pixel) {
            // A bound row reports no area and no sample count; one that lists hits (polygon: the pixel pairs inside
            // both colliders) lists them on a hit.
            EXPECT_FALSE(algorithm.reportsArea || algorithm.honoursSampling) << algorithm.name;
            ASSERT_TRUE(r.hit) << algorithm.name;
            EXPECT_EQ(!r.hits.empty(), algorithm.listsHits) << algorithm.name;
            EXPECT_EQ(r.overlap, 0.0) << algorithm.name;
            continue;
        }
        if (!r.applicable) {
            EXPECT_EQ(algorithm.name, "pixel-rect") << r.reason;  // the one test that refuses a turned sprite
            continue;
        }
        ASSERT_TRUE(r.hit) << algorithm.name;
        EXPECT_EQ(!r.hits.empty(), algorithm.listsHits) << algorithm.name;
        EXPECT_EQ(r.overlap != std::floor(r.overlap), algorithm.reportsArea) << algorithm.name << " " << r.overlap;
        if (!algorithm.reportsArea) {
            EXPECT_EQ(double(r.hits.size()), r.overlap) << algorithm.name;
        }
    }
}

TEST(Algorithms, OnlyTheTestsThatSaySoRefuseAHalfPixelTranslation) {
    AlphaMask a = testing::solidMask(3, 3);
    const Body whole = bodyAt(a, {0, 0}), half = bodyAt(a, {1.5, 0});
    for (const Algorithm& algorithm : coreAlgorithms().all()) {
        EXPECT_TRUE(runAlgorithm(algorithm, whole, bodyAt(a, {1, 0}), testing::fullScan(Sampling::Center)).applicable)
            << algorithm.name;
        EXPECT_EQ(!runAlgorithm(algorithm, whole, half, testing::fullScan(Sampling::Center)).applicable,
                  algorithm.wholePixelTranslationsOnly)
            << algorithm.name;
    }
}

TEST(Algorithms, CoreTestsNeedNoDisplayAndRunOnAnyThread) {
    for (const Algorithm& algorithm : coreAlgorithms().all()) {
        EXPECT_FALSE(algorithm.needsDisplay || algorithm.threadBound || algorithm.deferWhileEditing) << algorithm.name;
    }
}

TEST(AlgorithmSet, AddsRowsInOrderAndIgnoresANameAlreadyPresent) {
    AlgorithmSet set(coreAlgorithms().all());
    const std::size_t before = set.all().size();
    EXPECT_TRUE(set.add(Algorithm{.name = "extra", .summary = "a row the app adds", .run = &pixelWorld, .needsDisplay = true}));
    EXPECT_FALSE(set.add(Algorithm{.name = "pixel-naive", .summary = "impostor", .run = &pixelWorld}));
    ASSERT_EQ(set.all().size(), before + 1);
    EXPECT_EQ(set.all().back().name, "extra");
    EXPECT_EQ(set.find("extra"), &set.all().back());
    EXPECT_EQ(set.find("pixel-naive")->run, &pixelNaive);
    EXPECT_EQ(findAlgorithm("extra"), nullptr);  // core's own set is untouched
    EXPECT_EQ(coreAlgorithms().all().size(), before);
    EXPECT_EQ(set.namesText().substr(0, 12), "circle, aabb");
    EXPECT_EQ(set.namesText().substr(set.namesText().size() - 7), ", extra");
}

TEST(Algorithms, EachEntryRunsItsFunction) {
    AlphaMask a = maskFromArt({"##.", "###", ".#."});
    AlphaMask b = maskFromArt({"#.#", "###", "..."});
    const Body bodyA = bodyAt(a, {0, 0}), bodyB = bodyAt(b, {1, 1});
    const TestOptions options = testing::fullScan(Sampling::Center);
    for (const KnownTest& known : kKnownTests) {
        SCOPED_TRACE(std::string(known.name));
        const Algorithm* algorithm = findAlgorithm(known.name);
        ASSERT_NE(algorithm, nullptr);
        CollisionResult viaTable = algorithm->run(bodyA, bodyB, options);
        CollisionResult direct = known.function(bodyA, bodyB, options);
        EXPECT_EQ(viaTable.applicable, direct.applicable);
        EXPECT_EQ(viaTable.hit, direct.hit);
        EXPECT_EQ(viaTable.overlap, direct.overlap);
        EXPECT_EQ(viaTable.firstHit, direct.firstHit);
        EXPECT_EQ(viaTable.hits, direct.hits);
        EXPECT_TRUE(direct.hit);  // every test sees this overlapping pair

        CollisionResult timed = runAlgorithm(*algorithm, bodyA, bodyB, options);
        EXPECT_EQ(timed.hit, direct.hit);
        EXPECT_EQ(timed.overlap, direct.overlap);
        EXPECT_EQ(timed.hits, direct.hits);
        EXPECT_GE(timed.timeNs, 0);
    }
}

// A row's hit-only entry answers what its run answers in hit-only mode, pair for pair, and pixel-naive's hit with
// it: blocks and crosses spinning at every distance from overlapping to apart (the disc reject on both sides of
// its edge), whole-pixel translations, an empty mask, both samplings. Only rows that always answer have one.
TEST(Algorithms, HitOnlyEntriesGiveTheHitOfTheirRunInHitOnlyMode) {
    const Algorithm* fast = findAlgorithm("pixel-fast");
    ASSERT_NE(fast, nullptr);
    ASSERT_NE(fast->hitOnly, nullptr);  // the game's pixel test answers through it
    const AlphaMask cross = maskFromArt({"..##..", "..##..", "######", "######", "..##..", "..##.."});
    const AlphaMask block = testing::solidMask(7, 5), wide = testing::solidMask(64, 64), empty = testing::emptyMask(6, 6);
    const AlphaMask* masks[] = {&cross, &block, &wide, &empty};
    std::mt19937 rng(2525u);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (const Algorithm& row : coreAlgorithms().all()) {
        if (!row.hitOnly) continue;
        SCOPED_TRACE(std::string(row.name));
        EXPECT_FALSE(row.wholePixelTranslationsOnly || row.needsDisplay);  // rows that always answer
        int hits = 0, misses = 0;
        for (int pair = 0; pair < 4000; ++pair) {
            const AlphaMask& ma = *masks[pair % 4 == 3 && pair % 7 == 0 ? 3 : rng() % 3];
            const AlphaMask& mb = *masks[rng() % 3];
            Body a{&ma, {}}, b{&mb, {}};
            const bool translation = pair % 5 == 0;
            for (Body* body : {&a, &b}) {
                body->transform.origin = translation ? glm::dvec2(0.0) : glm::dvec2(body->mask->width(), body->mask->height()) / 2.0;
                body->transform.rotationDeg = translation ? 0.0 : 720.0 * unit(rng) - 360.0;
            }
            const double reach = std::hypot(ma.width(), ma.height()) / 2.0 + std::hypot(mb.width(), mb.height()) / 2.0;
            const double angle = 2.0 * std::numbers::pi * unit(rng), distance = 1.2 * reach * unit(rng);
            a.transform.position = {300.0 * unit(rng) - 150.0, 300.0 * unit(rng) - 150.0};
            b.transform.position = a.transform.position + distance * glm::dvec2(std::cos(angle), std::sin(angle));
            if (translation) b.transform.position = glm::round(b.transform.position);
            if (translation) a.transform.position = glm::round(a.transform.position);
            const Sampling sampling = pair % 3 == 0 ? Sampling::Xna : Sampling::Center;
            const bool expected = row.run(a, b, testing::hitOnlyScan(sampling)).hit;
            ASSERT_EQ(row.hitOnly(a, b, sampling), expected) << "pair " << pair;
            ASSERT_EQ(expected, pixelNaive(a, b, testing::hitOnlyScan(sampling)).hit) << "pair " << pair;
            (expected ? hits : misses) += 1;
        }
        // Both answers are exercised.
        EXPECT_GT(hits, 400);
        EXPECT_GT(misses, 400);
    }
    for (const Algorithm& row : coreAlgorithms().all()) {
        if (row.wholePixelTranslationsOnly || row.needsDisplay) {
            EXPECT_EQ(row.hitOnly, nullptr) << row.name;
        }
    }
}

// Only the timed run reads the clock: loops over runAlgorithm pay no clock reads, while the reporters
// that show a time per test (check, the Collision table, Python) get one from runAlgorithmTimed.
TEST(Algorithms, OnlyTheTimedRunReadsTheClock) {
    const AlphaMask a = testing::solidMask(128, 128), b = testing::solidMask(128, 128);
    const Body bodyA = bodyAt(a, {0, 0}), bodyB = bodyAt(b, {0.5, 0.25});
    const TestOptions options = testing::fullScan(Sampling::Center);
    const Algorithm& naive = *findAlgorithm("pixel-naive");
    const CollisionResult plain = runAlgorithm(naive, bodyA, bodyB, options);
    const CollisionResult timed = runAlgorithmTimed(naive, bodyA, bodyB, options);
    EXPECT_EQ(plain.timeNs, 0);
    EXPECT_GT(timed.timeNs, 0);  // 16,384 samples take far more than a nanosecond
    EXPECT_EQ(timed.hit, plain.hit);
    EXPECT_EQ(timed.overlap, plain.overlap);
    EXPECT_EQ(timed.samples, plain.samples);
    EXPECT_EQ(timed.firstHit, plain.firstHit);
    // A sprite without a mask: not applicable either way, the reason unchanged.
    EXPECT_FALSE(runAlgorithmTimed(naive, Body{nullptr, {}}, bodyB, options).applicable);
}

// A "####" half a pixel right of B "..#..". A into B (Center) hits once, at A's (1,0) on B's (2,0).
// B into A: B's centre sample (2.5,0.5) is A's local 2.0, A's pixel 2: one hit, reported as A (2,0), B (2,0).
struct HalfPixelPair {
    AlphaMask a = maskFromArt({"####"});
    AlphaMask b = maskFromArt({"..#.."});
    Body bodyA = bodyAt(a, {0.5, 0});
    Body bodyB = bodyAt(b, {0, 0});
};

TEST(RunAlgorithm, ScansAIntoBByDefault) {
    HalfPixelPair p;
    for (std::string_view name : {"pixel-naive", "pixel-step"}) {
        CollisionResult r = runAlgorithm(*findAlgorithm(name), p.bodyA, p.bodyB, testing::fullScan(Sampling::Center));
        ASSERT_EQ(r.hits.size(), 1u) << name;
        EXPECT_EQ(r.hits[0].a, glm::ivec2(1, 0));
        EXPECT_EQ(r.hits[0].b, glm::ivec2(2, 0));
        EXPECT_EQ(r.hits[0].world, glm::dvec2(2, 0.5));
    }
}

TEST(RunAlgorithm, ScansBIntoAWhenAskedAndStillReportsAFirst) {
    HalfPixelPair p;
    for (std::string_view name : {"pixel-naive", "pixel-step"}) {
        CollisionResult r = runAlgorithm(*findAlgorithm(name), p.bodyA, p.bodyB,
                                         withScan(testing::fullScan(Sampling::Center), ScanDirection::BToA));
        EXPECT_TRUE(r.hit) << name;
        EXPECT_EQ(r.overlap, 1.0);
        ASSERT_EQ(r.hits.size(), 1u) << name;
        EXPECT_EQ(r.hits[0].a, glm::ivec2(2, 0));
        EXPECT_EQ(r.hits[0].b, glm::ivec2(2, 0));
        EXPECT_EQ(r.firstHit, r.hits[0]);
    }
}

TEST(RunAlgorithm, BothDirectionsListAIntoBThenBIntoA) {
    HalfPixelPair p;
    CollisionResult r = runAlgorithm(*findAlgorithm("pixel-naive"), p.bodyA, p.bodyB,
                                     withScan(testing::fullScan(Sampling::Center), ScanDirection::Both));
    EXPECT_TRUE(r.hit);
    EXPECT_EQ(r.overlap, 2.0);
    ASSERT_EQ(r.hits.size(), 2u);
    EXPECT_EQ(r.hits[0].a, glm::ivec2(1, 0));
    EXPECT_EQ(r.hits[0].b, glm::ivec2(2, 0));
    EXPECT_EQ(r.hits[1].a, glm::ivec2(2, 0));
    EXPECT_EQ(r.hits[1].b, glm::ivec2(2, 0));
}

TEST(RunAlgorithm, BothDirectionsHitWhenOnlyOneDoes) {
    // A single pixel scaled by 4 samples only its centre (2,2), which misses B's pixel at (0,0);
    // B's sample (0.5,0.5) lands inside A.
    AlphaMask dot = testing::solidMask(1, 1);
    const Body big{&dot, testing::makeTransform({0, 0}, {0, 0}, 0, {4, 4})};
    const Body small = bodyAt(dot, {0, 0});
    const Algorithm& naive = *findAlgorithm("pixel-naive");
    EXPECT_FALSE(runAlgorithm(naive, big, small, testing::fullScan(Sampling::Center)).hit);
    EXPECT_TRUE(runAlgorithm(naive, big, small, withScan(testing::fullScan(Sampling::Center), ScanDirection::BToA)).hit);
    CollisionResult both = runAlgorithm(naive, big, small, withScan(testing::fullScan(Sampling::Center), ScanDirection::Both));
    EXPECT_TRUE(both.hit);
    EXPECT_EQ(both.overlap, 1.0);
    ASSERT_TRUE(both.firstHit.has_value());
    EXPECT_EQ(both.firstHit->a, glm::ivec2(0, 0));
    EXPECT_EQ(both.firstHit->b, glm::ivec2(0, 0));

    CollisionResult bothFirst = runAlgorithm(naive, big, small, withScan(testing::hitOnlyScan(Sampling::Center), ScanDirection::Both));
    EXPECT_TRUE(bothFirst.hit);
    EXPECT_EQ(bothFirst.overlap, 1.0);
    EXPECT_EQ(bothFirst.firstHit, both.firstHit);
}

TEST(RunAlgorithm, NonDirectionalTestsIgnoreTheScanDirection) {
    HalfPixelPair p;
    for (std::string_view name : {"circle", "aabb", "tight-aabb", "obb", "pixel-world", "pixel-exact"}) {
        const Algorithm& algorithm = *findAlgorithm(name);
        CollisionResult forward = runAlgorithm(algorithm, p.bodyA, p.bodyB, testing::fullScan(Sampling::Center));
        CollisionResult backward = runAlgorithm(algorithm, p.bodyA, p.bodyB,
                                                withScan(testing::fullScan(Sampling::Center), ScanDirection::BToA));
        EXPECT_EQ(forward.hit, backward.hit) << name;
        EXPECT_EQ(forward.overlap, backward.overlap) << name;
        EXPECT_EQ(forward.hits, backward.hits) << name;
    }
}

}  // namespace
}  // namespace cl
