#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/check/threshold_map.h"
#include "core/collision/algorithms.h"
#include "core/scene/scene.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::makeTransform;

// An RGBA image from rows of alpha values.
RgbaImage alphaImage(const std::vector<std::vector<int>>& rows) {
    RgbaImage image;
    image.height = static_cast<int>(rows.size());
    image.width = static_cast<int>(rows.front().size());
    image.pixels.assign(static_cast<std::size_t>(image.width) * image.height * 4, 0);
    for (int y = 0; y < image.height; ++y) {
        for (int x = 0; x < image.width; ++x)
            image.pixels[(static_cast<std::size_t>(y) * image.width + x) * 4 + 3] = static_cast<std::uint8_t>(rows[y][x]);
    }
    return image;
}

const Algorithm& algorithm(std::string_view name) {
    const Algorithm* found = findAlgorithm(name);
    EXPECT_NE(found, nullptr) << name;
    return *found;
}

// ---- Hand-worked 2x2 cases ----------------------------------------------------------------------------

// A and B are 2x2, both at the world origin unturned, so pixel-naive maps A's pixel (x, y) onto B's (x, y).
// The four samples are the alpha pairs (200, 30), (100, 150), (50, 250) and (0, 250); the last never
// counts (A's alpha 0 is never solid). A sample counts at (tA, tB) when aA > tA and aB > tB, so the hits
// are the union of [0, 199] x [0, 29], [0, 99] x [0, 149] and [0, 49] x [0, 249].
struct TwoByTwo : ::testing::Test {
    AlphaMask maskA{alphaImage({{200, 100}, {50, 0}}), 0};
    AlphaMask maskB{alphaImage({{30, 150}, {250, 250}}), 0};
    Body a{&maskA, makeTransform({0, 0})};
    Body b{&maskB, makeTransform({0, 0})};
    ThresholdMap map = thresholdMap(algorithm("pixel-naive"), a, b, TestOptions{});
};

TEST_F(TwoByTwo, FrontierIsTheThreeCornersOfTheStaircase) {
    ASSERT_TRUE(map.applicable) << map.reason;
    EXPECT_EQ(map.frontier, (std::vector<ThresholdCell>{{49, 249}, {99, 149}, {199, 29}}));
}

TEST_F(TwoByTwo, OverlapCountsTheSamplesAboveBothThresholds) {
    EXPECT_EQ(map.overlap(0, 0), 3.0);
    EXPECT_EQ(map.overlap(60, 0), 2.0);     // (50, 250) drops out
    EXPECT_EQ(map.overlap(150, 20), 1.0);   // only (200, 30)
    EXPECT_EQ(map.overlap(0, 200), 1.0);    // only (50, 250)
    EXPECT_EQ(map.overlap(49, 249), 1.0);
    EXPECT_EQ(map.overlap(50, 249), 0.0);
    EXPECT_EQ(map.overlap(200, 0), 0.0);
    EXPECT_TRUE(map.hit(199, 29));
    EXPECT_FALSE(map.hit(199, 30));
    EXPECT_FALSE(map.hit(255, 255));
}

TEST_F(TwoByTwo, MarginsWhileTouchingSayHowFarEachCanRise) {
    const ThresholdMargins m = thresholdMargins(map, 120, 20);
    EXPECT_TRUE(m.hit);
    EXPECT_EQ(m.a.direction, +1);
    EXPECT_EQ(m.a.keepsTo, 199);
    EXPECT_EQ(m.a.flipsAt, 200);
    EXPECT_EQ(m.b.direction, +1);
    EXPECT_EQ(m.b.keepsTo, 29);
    EXPECT_EQ(m.b.flipsAt, 30);
    EXPECT_EQ(describeMargin(m.a, m.hit, "A"), "A's threshold can rise to 199 before the pair stops touching (at 200)");

    const ThresholdMargins origin = thresholdMargins(map, 0, 0);
    EXPECT_EQ(origin.a.keepsTo, 199);
    EXPECT_EQ(origin.b.keepsTo, 249);
    EXPECT_EQ(origin.b.flipsAt, 250);
}

TEST_F(TwoByTwo, MarginsWhileApartSayHowFarEachMustFall) {
    const ThresholdMargins m = thresholdMargins(map, 120, 100);
    EXPECT_FALSE(m.hit);
    EXPECT_EQ(m.a.direction, -1);
    EXPECT_EQ(m.a.flipsAt, 99);   // (99, 100) is inside [0, 99] x [0, 149]
    EXPECT_EQ(m.a.keepsTo, 100);
    EXPECT_EQ(m.b.direction, -1);
    EXPECT_EQ(m.b.flipsAt, 29);   // (120, 29) is inside [0, 199] x [0, 29]
    EXPECT_EQ(m.b.keepsTo, 30);
    EXPECT_EQ(describeMargin(m.a, m.hit, "A"), "A's threshold must fall to 99 before the pair touches");

    // With A at 250 no threshold of B helps; A must fall to 199.
    const ThresholdMargins high = thresholdMargins(map, 250, 10);
    EXPECT_EQ(high.a.flipsAt, 199);
    EXPECT_FALSE(high.b.flipsAt.has_value());
    EXPECT_EQ(high.b.keepsTo, 0);
    EXPECT_EQ(describeMargin(high.b, high.hit, "B"), "no threshold of B down to 0 makes the pair touch");
}

TEST_F(TwoByTwo, ATouchThatNothingEndsSaysSo) {
    // B all 255 and A's one pixel 255: the pair touches for every tA < 255 and every tB < 255.
    AlphaMask full{alphaImage({{255}}), 0};
    Body one{&full, makeTransform({0, 0})};
    const ThresholdMap m = thresholdMap(algorithm("pixel-naive"), one, one, TestOptions{});
    EXPECT_EQ(m.frontier, (std::vector<ThresholdCell>{{254, 254}}));
    const ThresholdMargins at = thresholdMargins(m, 254, 0);
    EXPECT_EQ(at.a.flipsAt, 255);
    const ThresholdMargins none = thresholdMargins(m, 10, 10);
    EXPECT_EQ(describeMargin(none.a, none.hit, "A"), "A's threshold can rise to 254 before the pair stops touching (at 255)");
}

// pixel-exact: A's single pixel (alpha 200) and B's (alpha 100) overlap by half a pixel when B sits half a
// pixel to the right, so the map is area 0.5 on [0, 199] x [0, 99] and 0 elsewhere.
TEST(ThresholdMapExact, HalfAPixelOfOverlapIsAnAreaOfOneHalf) {
    AlphaMask maskA{alphaImage({{200}}), 0};
    AlphaMask maskB{alphaImage({{100}}), 0};
    Body a{&maskA, makeTransform({0, 0})};
    Body b{&maskB, makeTransform({0.5, 0})};
    const ThresholdMap map = thresholdMap(algorithm("pixel-exact"), a, b, TestOptions{});
    ASSERT_TRUE(map.applicable) << map.reason;
    EXPECT_TRUE(map.reportsArea);
    EXPECT_NEAR(map.overlap(0, 0), 0.5, 1e-12);
    EXPECT_NEAR(map.overlap(199, 99), 0.5, 1e-12);
    EXPECT_EQ(map.overlap(200, 0), 0.0);
    EXPECT_EQ(map.overlap(0, 100), 0.0);
    EXPECT_EQ(map.frontier, (std::vector<ThresholdCell>{{199, 99}}));
}

TEST(ThresholdMap, MasksBuiltAtAnyThresholdGiveTheSameMap) {
    const RgbaImage imageA = alphaImage({{200, 100}, {50, 0}});
    const RgbaImage imageB = alphaImage({{30, 150}, {250, 250}});
    AlphaMask lowA{imageA, 0}, lowB{imageB, 0}, highA{imageA, 180}, highB{imageB, 240};
    const ThresholdMap low = thresholdMap(algorithm("pixel-step"), Body{&lowA, {}}, Body{&lowB, {}}, TestOptions{});
    const ThresholdMap high = thresholdMap(algorithm("pixel-step"), Body{&highA, {}}, Body{&highB, {}}, TestOptions{});
    EXPECT_EQ(low.overlaps, high.overlaps);
    EXPECT_EQ(low.frontier, high.frontier);
}

TEST(ThresholdMap, TestsThatListNoPixelsHaveNoMap) {
    AlphaMask mask{alphaImage({{255}}), 0};
    Body a{&mask, {}};
    const ThresholdMap map = thresholdMap(algorithm("aabb"), a, a, TestOptions{});
    EXPECT_FALSE(map.applicable);
    EXPECT_NE(map.reason.find("aabb"), std::string::npos);
    // pixel-rect does not apply to a turned pair, and says why.
    Body turned{&mask, makeTransform({0, 0}, {0, 0}, 30.0)};
    const ThresholdMap rect = thresholdMap(algorithm("pixel-rect"), a, turned, TestOptions{});
    EXPECT_FALSE(rect.applicable);
    EXPECT_NE(rect.reason.find("pixel-rect does not apply"), std::string::npos);
}

TEST(ThresholdMapImage, HitsDarkMissesLightCrosshairAtTheCurrentCell) {
    AlphaMask maskA{alphaImage({{200}}), 0};
    AlphaMask maskB{alphaImage({{100}}), 0};
    Body a{&maskA, {}}, b{&maskB, {}};
    const ThresholdMap map = thresholdMap(algorithm("pixel-naive"), a, b, TestOptions{});
    const RgbaImage image = thresholdMapImage(map, {10, 200});
    ASSERT_EQ(image.width, 256);
    ASSERT_EQ(image.height, 256);
    auto red = [&](int x, int y) { return image.pixels[(static_cast<std::size_t>(y) * 256 + x) * 4]; };
    auto blue = [&](int x, int y) { return image.pixels[(static_cast<std::size_t>(y) * 256 + x) * 4 + 2]; };
    EXPECT_LT(red(50, 50), 100);     // hit (50 < 200, 50 < 100): dark
    EXPECT_GT(red(220, 50), 200);    // miss: light
    EXPECT_GT(red(199, 50), 200);    // the staircase's edge: red
    EXPECT_LT(blue(199, 50), 100);
    EXPECT_GT(blue(10, 0), 200);     // A's column of the crosshair
    EXPECT_LT(red(10, 0), 100);
    EXPECT_GT(blue(250, 200), 200);  // B's row of the crosshair
}

// ---- Every cell against the per-cell reference on random pairs -----------------------------------------

// One random pair: two small images with soft alpha (and some zeros), and a pose.
struct ThresholdPair {
    RgbaImage imageA, imageB;
    SpriteTransform ta, tb;
};

RgbaImage randomImage(std::mt19937_64& rng) {
    std::uniform_int_distribution<int> size(1, 7), alpha(0, 255), kind(0, 3), coin(0, 1);
    const int w = size(rng), h = size(rng);
    // Half the images have no fully opaque pixel, so no (255, 255) sample flattens the staircase to one step.
    const bool softOnly = coin(rng) == 1;
    std::vector<std::vector<int>> rows(static_cast<std::size_t>(h), std::vector<int>(static_cast<std::size_t>(w)));
    for (auto& row : rows) {
        for (int& a : row) {
            switch (kind(rng)) {
                case 0: a = 0; break;
                case 1: a = softOnly ? alpha(rng) : 255; break;
                default: a = alpha(rng); break;
            }
        }
    }
    return alphaImage(rows);
}

ThresholdPair randomPair(std::mt19937_64& rng, bool translationsOnly) {
    ThresholdPair p;
    p.imageA = randomImage(rng);
    p.imageB = randomImage(rng);
    std::uniform_real_distribution<double> offset(-3.0, 3.0), angle(0.0, 360.0), scale(0.6, 1.8);
    std::uniform_int_distribution<int> whole(-3, 3), coin(0, 1), flips(0, 3);
    if (translationsOnly) {
        p.ta = makeTransform({whole(rng), whole(rng)});
        p.tb = makeTransform({whole(rng), whole(rng)});
        return p;
    }
    // Turned and scaled about a point near the image's centre, placed near the world origin, so that most
    // pairs overlap.
    auto pose = [&](const RgbaImage& image) {
        glm::dvec2 s{scale(rng), scale(rng)};
        const int flip = flips(rng);
        if (flip & 1) s.x = -s.x;
        if (flip & 2) s.y = -s.y;
        // Now and then a right angle or no turn, where samples fall on pixel edges.
        const double turn = coin(rng) ? angle(rng) : 90.0 * whole(rng);
        const glm::dvec2 centre{image.width / 2.0 + offset(rng) * 0.2, image.height / 2.0 + offset(rng) * 0.2};
        return makeTransform({offset(rng) * 0.4, offset(rng) * 0.4}, centre, turn, s);
    };
    p.ta = pose(p.imageA);
    p.tb = pose(p.imageB);
    return p;
}

// Thresholds that meet every class of cells: a verdict can only change between t = alpha - 1 and t = alpha
// for an alpha present in the image, so {0, 255} and every alpha and alpha - 1 reach every distinct cell.
std::vector<int> telling(const RgbaImage& image) {
    std::set<int> out{0, 255};
    for (std::size_t i = 3; i < image.pixels.size(); i += 4) {
        const int a = image.pixels[i];
        out.insert(a);
        if (a > 0) out.insert(a - 1);
    }
    return {out.begin(), out.end()};
}

// Runs the test itself at (tA, tB) for the given cells and compares with the map; `touched` counts the
// pairs that touch at (0, 0), so a test can tell that its random pairs are not all misses.
void expectMapMatchesReference(const Algorithm& test, const ThresholdPair& p, const TestOptions& options,
                               const std::vector<int>& cellsA, const std::vector<int>& cellsB, const std::string& what,
                               int* touched = nullptr) {
    AlphaMask zeroA{p.imageA, 0}, zeroB{p.imageB, 0};
    const ThresholdMap map = thresholdMap(test, Body{&zeroA, p.ta}, Body{&zeroB, p.tb}, options);
    const CollisionResult probe = runAlgorithm(test, Body{&zeroA, p.ta}, Body{&zeroB, p.tb}, options);
    ASSERT_EQ(map.applicable, probe.applicable) << what << map.reason;
    if (!map.applicable) return;
    if (touched && map.hit(0, 0)) ++*touched;
    std::vector<std::unique_ptr<AlphaMask>> masksB(256);
    for (int tB : cellsB) masksB[static_cast<std::size_t>(tB)] = std::make_unique<AlphaMask>(p.imageB, tB);
    for (int tA : cellsA) {
        const AlphaMask maskA(p.imageA, tA);
        for (int tB : cellsB) {
            const CollisionResult r = runAlgorithm(test, Body{&maskA, p.ta}, Body{masksB[static_cast<std::size_t>(tB)].get(), p.tb}, options);
            ASSERT_EQ(map.hit(tA, tB), r.hit) << what << " at (" << tA << ", " << tB << ")";
            if (test.reportsArea) {
                ASSERT_NEAR(map.overlap(tA, tB), r.overlap, 1e-9 * std::max(1.0, r.overlap)) << what << " at (" << tA << ", " << tB << ")";
            } else {
                ASSERT_EQ(map.overlap(tA, tB), r.overlap) << what << " at (" << tA << ", " << tB << ")";
            }
        }
    }
}

struct Variant {
    const char* name;
    Sampling sampling;
    ScanDirection scan;
};

const Variant kVariants[] = {
    {"pixel-naive", Sampling::Center, ScanDirection::AToB}, {"pixel-naive", Sampling::Xna, ScanDirection::AToB},
    {"pixel-step", Sampling::Center, ScanDirection::BToA},  {"pixel-step", Sampling::Xna, ScanDirection::Both},
    {"pixel-fast", Sampling::Center, ScanDirection::AToB},  {"pixel-fast", Sampling::Xna, ScanDirection::AToB},
    {"pixel-fast", Sampling::Center, ScanDirection::Both},  {"pixel-fast", Sampling::Xna, ScanDirection::BToA},
    {"pixel-world", Sampling::Center, ScanDirection::AToB}, {"pixel-exact", Sampling::Center, ScanDirection::AToB},
};

TEST(ThresholdMapReference, EveryTellingCellOfRandomPairsMatchesTheTestRunAtThatCell) {
    std::mt19937_64 rng(24);
    int touched = 0, frontierSteps = 0;
    for (int round = 0; round < 40; ++round) {
        const ThresholdPair p = randomPair(rng, false);
        const std::vector<int> cellsA = telling(p.imageA), cellsB = telling(p.imageB);
        for (const Variant& v : kVariants) {
            TestOptions options;
            options.sampling = v.sampling;
            options.scan = v.scan;
            expectMapMatchesReference(algorithm(v.name), p, options, cellsA, cellsB,
                                      std::string(v.name) + " (" + std::string(samplingName(v.sampling)) + ", " +
                                          std::string(scanDirectionName(v.scan)) + ") round " + std::to_string(round),
                                      &touched);
            if (::testing::Test::HasFatalFailure()) return;
        }
        AlphaMask zeroA{p.imageA, 0}, zeroB{p.imageB, 0};
        const ThresholdMap fast = thresholdMap(algorithm("pixel-fast"), Body{&zeroA, p.ta}, Body{&zeroB, p.tb}, TestOptions{});
        if (fast.frontier.size() > 1) ++frontierSteps;
    }
    // The random pairs are not all misses, and their staircases have more than one step.
    EXPECT_GT(touched, 40 * 10 / 4);
    EXPECT_GT(frontierSteps, 40 / 4);
}

TEST(ThresholdMapReference, PixelRectOnWholePixelTranslationsMatchesAtEveryTellingCell) {
    std::mt19937_64 rng(2424);
    for (int round = 0; round < 30; ++round) {
        const ThresholdPair p = randomPair(rng, true);
        expectMapMatchesReference(algorithm("pixel-rect"), p, TestOptions{}, telling(p.imageA), telling(p.imageB),
                                  "pixel-rect round " + std::to_string(round));
        if (::testing::Test::HasFatalFailure()) return;
    }
}

// Every one of the 65536 cells, on a few tiny pairs (so the reference stays quick).
TEST(ThresholdMapReference, EveryCellOfTinyPairsMatchesTheTestRunAtThatCell) {
    std::vector<int> all(256);
    for (int t = 0; t < 256; ++t) all[static_cast<std::size_t>(t)] = t;
    std::mt19937_64 rng(7);
    for (int round = 0; round < 3; ++round) {
        ThresholdPair p = randomPair(rng, false);
        for (const char* name : {"pixel-fast", "pixel-exact", "pixel-world"}) {
            expectMapMatchesReference(algorithm(name), p, TestOptions{}, all, all, std::string(name) + " round " + std::to_string(round));
            if (::testing::Test::HasFatalFailure()) return;
        }
    }
}

}  // namespace
}  // namespace cl
