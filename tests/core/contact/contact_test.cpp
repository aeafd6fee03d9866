// Contact answers (core/contact/contact.h, core/contact/contact_map.h, core/contact/lattice_rings.h): hand-worked cases, and
// random pairs against a plain search that runs the contact test at every lattice offset.

#include <algorithm>
#include <atomic>
#include <cmath>
#include <numbers>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "core/contact/contact.h"
#include "core/contact/contact_map.h"
#include "core/contact/hit_witnesses.h"
#include "core/contact/lattice_rings.h"
#include "core/collision/pixel_scans.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::bodyAboutCentre;
using testing::bodyAt;
using testing::maskFromArt;
using testing::solidMask;

ContactOptions optionsFor(std::string_view test, Sampling sampling = Sampling::Center, int resolution = 1,
                          ScanDirection scan = ScanDirection::AToB) {
    ContactOptions o;
    o.test = findAlgorithm(test);
    o.sampling = sampling;
    o.scan = scan;
    o.resolution = resolution;
    return o;
}

// ---------------------------------------------------------------------------------------------------------
// The order of the search.

TEST(LatticeRings, WalksCellsByLengthThenAngleFromZeroDegrees) {
    LatticeRings rings;
    // Length 0, then the four of length 1 at 0, 90, 180, 270 degrees (y down: (0, 1) is 90), then the
    // diagonals at 45, 135, 225, 315, then length 2.
    const std::vector<glm::ivec2> expected{{0, 0},  {1, 0},   {0, 1}, {-1, 0}, {0, -1}, {1, 1},
                                           {-1, 1}, {-1, -1}, {1, -1}, {2, 0}, {0, 2}, {-2, 0}};
    for (const glm::ivec2 e : expected) EXPECT_EQ(rings.next(), e);
}

TEST(LatticeRings, MatchesASortByLengthAndAtan2ForEveryCellWithinRadius12) {
    std::vector<glm::ivec2> cells;
    for (int j = -12; j <= 12; ++j) {
        for (int i = -12; i <= 12; ++i) {
            if (i * i + j * j <= 144) cells.emplace_back(i, j);
        }
    }
    auto angle = [](glm::ivec2 c) {
        const double a = std::atan2(static_cast<double>(c.y), static_cast<double>(c.x));
        return a < 0.0 ? a + 2.0 * std::numbers::pi : a;
    };
    std::sort(cells.begin(), cells.end(), [&](glm::ivec2 a, glm::ivec2 b) {
        const int la = a.x * a.x + a.y * a.y, lb = b.x * b.x + b.y * b.y;
        return la != lb ? la < lb : angle(a) < angle(b);
    });
    LatticeRings rings;
    for (std::size_t k = 0; k < cells.size(); ++k) ASSERT_EQ(rings.next(), cells[k]) << "cell " << k;
}

TEST(AnnulusWalk, HoldsEachCellOfItsAnnulusOnceWalkingAroundItInShortSteps) {
    AnnulusWalk walk;
    for (int k = 0; k <= 90; ++k) {
        const std::span<glm::ivec2> cells = walk.cells(k);
        std::vector<glm::ivec2> expected;
        for (int j = -k - 1; j <= k + 1; ++j) {
            for (int i = -k - 1; i <= k + 1; ++i) {
                if (i * i + j * j >= k * k && i * i + j * j < (k + 1) * (k + 1)) expected.emplace_back(i, j);
            }
        }
        std::vector<glm::ivec2> got(cells.begin(), cells.end());
        // Each step goes at most to the next column's far end: within sqrt(2k + 1) + 1 cells either way.
        const int reach = static_cast<int>(std::ceil(std::sqrt(2.0 * k + 1.0))) + 1;
        for (std::size_t n = 1; n < got.size(); ++n) {
            ASSERT_LE(std::abs(got[n].x - got[n - 1].x), 1) << "k " << k << " step " << n;
            ASSERT_LE(std::abs(got[n].y - got[n - 1].y), reach) << "k " << k << " step " << n;
        }
        auto byRow = [](glm::ivec2 a, glm::ivec2 b) { return a.y != b.y ? a.y < b.y : a.x < b.x; };
        std::sort(got.begin(), got.end(), byRow);
        ASSERT_EQ(got, expected) << "k " << k;  // expected is already in row order, and has no repeats
    }
}

// ---------------------------------------------------------------------------------------------------------
// Hand-worked cases. Unturned sprites whose top-left corners sit at whole pixels: with centre sampling A's
// sample of column x is at x + 0.5 + t, with xna sampling at x + t rounded half to even.

TEST(ContactHandWorked, TwoSquaresOverlappingByThreeColumnsSeparateThreeToTheLeft) {
    const AlphaMask square = solidMask(10, 10);
    // A covers x in [0, 10), B x in [7, 17): A's last column (sample 9.5) sits in B's column 2.
    for (Sampling sampling : {Sampling::Center, Sampling::Xna}) {
        for (std::string_view test : {"pixel-fast", "pixel-naive", "pixel-world", "pixel-exact"}) {
            const ContactPair pair(bodyAt(square, {0, 0}), bodyAt(square, {7, 0}), optionsFor(test, sampling));
            const Separation s = separation(pair);
            // Moving left by 3 leaves A's last sample at 6.5 (or 6), outside B; every shorter offset and the
            // other offsets of length 3 ((0, 3), (0, -3): the rows still overlap) still hit.
            EXPECT_EQ(s.cell, glm::ivec2(-3, 0)) << test;
            EXPECT_EQ(s.vector, glm::dvec2(-3.0, 0.0)) << test;
            EXPECT_DOUBLE_EQ(s.depth, 3.0) << test;
            ASSERT_TRUE(s.normal) << test;
            EXPECT_EQ(*s.normal, glm::dvec2(-1.0, 0.0)) << test;
        }
    }
}

TEST(ContactHandWorked, ASquareRestingTwoPixelsDeepOnAFloorIsPushedUpTwo) {
    const AlphaMask square = solidMask(10, 10), floor = solidMask(30, 5);
    // A's rows cover y in [0, 10); the floor's top is at y = 8.
    for (Sampling sampling : {Sampling::Center, Sampling::Xna}) {
        for (std::string_view test : {"pixel-fast", "pixel-exact"}) {
            const ContactPair pair(bodyAt(square, {5, 0}), bodyAt(floor, {0, 8}), optionsFor(test, sampling));
            const DirectionalDistance push = pushOut(pair, {0.0, -1.0});
            ASSERT_TRUE(push.steps);
            EXPECT_EQ(*push.steps, 2) << test;
            EXPECT_EQ(push.distance, 2.0) << test;
            EXPECT_EQ(push.vector, glm::dvec2(0.0, -2.0)) << test;
        }
    }
}

TEST(ContactHandWorked, AtAQuarterPixelTheSampledTestsLetGoHalfAPixelBeforeTheAreaDoes) {
    const AlphaMask square = solidMask(10, 10), floor = solidMask(30, 5);
    // Centre sampling: A's bottom sample is at 9.5 + t.y, free once it is above 8, i.e. t.y < -1.5: the
    // first quarter step past that is k = 7 (1.75). Xna: the sample at 9 + t.y picks round(1 + t.y), free
    // once that is below 0, i.e. 1 + t.y < -0.5 (-0.5 itself rounds to 0): again k = 7. pixel-exact
    // counts area, which is positive until t.y = -2: k = 8.
    struct Case {
        std::string_view test;
        Sampling sampling;
        std::int64_t steps;
    };
    for (const Case c : {Case{"pixel-fast", Sampling::Center, 7}, Case{"pixel-fast", Sampling::Xna, 7},
                         Case{"pixel-exact", Sampling::Center, 8}}) {
        const ContactPair pair(bodyAt(square, {5, 0}), bodyAt(floor, {0, 8}), optionsFor(c.test, c.sampling, 4));
        const DirectionalDistance push = pushOut(pair, {0.0, -1.0});
        ASSERT_TRUE(push.steps);
        EXPECT_EQ(*push.steps, c.steps) << c.test;
        EXPECT_EQ(push.distance, c.steps * 0.25) << c.test;
    }
}

TEST(ContactHandWorked, APairFivePixelsApartApproachesToTheFirstOverlappingStep) {
    const AlphaMask square = solidMask(10, 10);
    // A covers [0, 10), B [15, 25). Centre: A's last sample 9.5 + t reaches B at t >= 5.5. Xna: round(t - 6)
    // >= 0 from t = 5.5 (-0.5 rounds to even, 0). pixel-exact: area from t > 5. pixel-world: a world centre
    // 15.5 inside A needs 15.5 < 10 + t, t > 5.5.
    struct Case {
        std::string_view test;
        Sampling sampling;
        int resolution;
        double distance;
    };
    for (const Case c : {Case{"pixel-fast", Sampling::Center, 1, 6.0}, Case{"pixel-fast", Sampling::Center, 4, 5.5},
                         Case{"pixel-fast", Sampling::Xna, 1, 6.0}, Case{"pixel-fast", Sampling::Xna, 4, 5.5},
                         Case{"pixel-exact", Sampling::Center, 1, 6.0}, Case{"pixel-exact", Sampling::Center, 4, 5.25},
                         Case{"pixel-world", Sampling::Center, 4, 5.75}}) {
        const ContactPair pair(bodyAt(square, {0, 0}), bodyAt(square, {15, 0}), optionsFor(c.test, c.sampling, c.resolution));
        const DirectionalDistance a = approach(pair, {1.0, 0.0});
        ASSERT_TRUE(a.steps) << c.test;
        EXPECT_EQ(a.distance, c.distance) << c.test << " r " << c.resolution;
        // The limit: A's left edge passes B's right edge (25) after 25 pixels.
        EXPECT_EQ(a.limitSteps, 25 * c.resolution);
    }
    // Away from B nothing is ever hit.
    const ContactPair pair(bodyAt(square, {0, 0}), bodyAt(square, {15, 0}), optionsFor("pixel-fast"));
    EXPECT_FALSE(approach(pair, {-1.0, 0.0}).steps);
    EXPECT_FALSE(approach(pair, {0.0, 1.0}).steps);
}

TEST(ContactHandWorked, APairThatDoesNotHitHasNoSeparationAndAZeroPushOut) {
    const AlphaMask square = solidMask(4, 4);
    const ContactPair pair(bodyAt(square, {0, 0}), bodyAt(square, {10, 0}), optionsFor("pixel-fast"));
    const Separation s = separation(pair);
    EXPECT_EQ(s.vector, glm::dvec2(0.0, 0.0));
    EXPECT_EQ(s.depth, 0.0);
    EXPECT_FALSE(s.normal);
    EXPECT_EQ(pushOut(pair, {0.0, -1.0}).steps, 0);
    EXPECT_FALSE(contactCentroid(pair));
}

TEST(ContactHandWorked, TheCentroidOfTwoOverlappingSquaresIsTheMiddleOfTheOverlap) {
    const AlphaMask square = solidMask(10, 10);
    // The overlap is x in [7, 10), y in [2, 10). Samples at centres: x 7.5..9.5, y 2.5..9.5, mean (8.5, 6);
    // the area's centroid is (8.5, 6) too.
    for (std::string_view test : {"pixel-fast", "pixel-exact", "pixel-world"}) {
        const ContactPair pair(bodyAt(square, {0, 0}), bodyAt(square, {7, 2}), optionsFor(test));
        const auto c = contactCentroid(pair);
        ASSERT_TRUE(c) << test;
        EXPECT_NEAR(c->x, 8.5, 1e-9) << test;
        EXPECT_NEAR(c->y, 6.0, 1e-9) << test;
    }
}

TEST(ContactHandWorked, TheGradientNormalOfASquareOnAFloorPointsUp) {
    const AlphaMask square = solidMask(10, 10), floor = solidMask(30, 5);
    const ContactPair pair(bodyAt(square, {5, 0}), bodyAt(floor, {0, 8}), optionsFor("pixel-fast"));
    // n(0, +1) = 30 samples (3 rows), n(0, -1) = 10; moving sideways keeps 20: g = (0, 20), normal (0, -1).
    const GradientNormal g = gradientNormal(pair);
    EXPECT_EQ(g.gradient, glm::dvec2(0.0, 20.0));
    ASSERT_TRUE(g.normal);
    EXPECT_EQ(*g.normal, glm::dvec2(0.0, -1.0));
}

// ---------------------------------------------------------------------------------------------------------
// Bad input.

TEST(ContactInput, PushDirectionsByNameAndByVector) {
    std::string error;
    EXPECT_EQ(parsePushDirection("up", error), glm::dvec2(0.0, -1.0));
    EXPECT_EQ(parsePushDirection("down", error), glm::dvec2(0.0, 1.0));
    EXPECT_EQ(parsePushDirection("left", error), glm::dvec2(-1.0, 0.0));
    EXPECT_EQ(parsePushDirection("right", error), glm::dvec2(1.0, 0.0));
    EXPECT_EQ(parsePushDirection("0,-3", error), glm::dvec2(0.0, -1.0));
    const auto diagonal = parsePushDirection("3, 4", error);
    ASSERT_TRUE(diagonal);
    EXPECT_DOUBLE_EQ(diagonal->x, 0.6);
    EXPECT_DOUBLE_EQ(diagonal->y, 0.8);
}

TEST(ContactInput, AnUnknownDirectionOrAZeroVectorIsRefusedWithWhatWasWrong) {
    std::string error;
    EXPECT_FALSE(parsePushDirection("sideways", error));
    EXPECT_EQ(error, "expected up, down, left, right or X,Y (e.g. 0,-1), got \"sideways\"");
    EXPECT_FALSE(parsePushDirection("0,0", error));
    EXPECT_EQ(error, "the direction must be a non-zero finite vector, got \"0,0\"");
    EXPECT_FALSE(parsePushDirection("1,x", error));
    EXPECT_FALSE(parsePushDirection("nan,1", error));
}

TEST(ContactInput, SubnormalAndHugeVectorsAreMadeUnitLikeTheSameDirectionInRange) {
    const double half = std::sqrt(0.5);
    // Subnormal (5e-324 is the least double) and huge: the length of the vector as given is useless
    // (rounds to one ulp, or overflows), the direction is not.
    for (glm::dvec2 v : {glm::dvec2{5e-324, 5e-324}, glm::dvec2{1e308, 1e308}, glm::dvec2{-1.7e308, -1.7e308}}) {
        const auto unit = unitPushDirection(v);
        ASSERT_TRUE(unit) << v.x;
        EXPECT_DOUBLE_EQ(std::abs(unit->x), half) << v.x;
        EXPECT_DOUBLE_EQ(std::abs(unit->y), half) << v.x;
        EXPECT_EQ(unit->x < 0, v.x < 0);
    }
    // 3:4 in both ranges (multiples of a power of two, so the inputs are exact) gives 0.6, 0.8.
    for (int exponent : {-1070, 1020}) {
        const auto unit = unitPushDirection({std::ldexp(3.0, exponent), std::ldexp(-4.0, exponent)});
        ASSERT_TRUE(unit) << exponent;
        EXPECT_DOUBLE_EQ(unit->x, 0.6) << exponent;
        EXPECT_DOUBLE_EQ(unit->y, -0.8) << exponent;
    }
    EXPECT_EQ(unitPushDirection({0.0, 5e-324}), glm::dvec2(0.0, 1.0));
    std::string error;
    const auto parsed = parsePushDirection("5e-324,5e-324", error);
    ASSERT_TRUE(parsed) << error;
    EXPECT_DOUBLE_EQ(parsed->x, half);
}

TEST(ContactInput, ASubnormalPushDirectionPushesOutAlongTheDiagonal) {
    // A (10 x 10) overlaps B (10 x 10, 7 to the right) in every row. Pushed along (1, 1)/sqrt 2 by k, A's
    // top row's samples sit at y = 0.5 + k/sqrt 2 and leave B's rows [0, 10) once k >= 9.5 sqrt 2 = 13.4:
    // k = 14. (A direction left at (1, 1) would move A one pixel a step and leave at k = 10.)
    const AlphaMask square = solidMask(10, 10);
    const ContactPair pair(bodyAt(square, {0, 0}), bodyAt(square, {7, 0}), optionsFor("pixel-fast"));
    std::string error;
    for (std::string_view text : {"1,1", "5e-324,5e-324", "1e308,1e308"}) {
        const auto direction = parsePushDirection(text, error);
        ASSERT_TRUE(direction) << text;
        const DirectionalDistance push = pushOut(pair, *direction);
        ASSERT_TRUE(push.steps) << text;
        EXPECT_EQ(*push.steps, 14) << text;
    }
}

TEST(ContactMap, APairWithAnEmptySpriteMapsTheCellsWhereTheTextureBoxesMeetAllFree) {
    const AlphaMask empty = testing::emptyMask(4, 4), square = solidMask(10, 10);
    for (int resolution : {1, 2}) {
        const ContactPair pair(bodyAt(empty, {0, 0}), bodyAt(square, {20, 0}), optionsFor("pixel-fast", Sampling::Center, resolution));
        EXPECT_TRUE(pair.defaultWindow().empty());
        // A's box [0, 4]^2 moved by t meets B's [20, 30] x [0, 10] for t in [16, 30] x [-4, 10]: cells t / h.
        const LatticeWindow window = pair.mapWindow();
        EXPECT_EQ(window, (LatticeWindow{{16 * resolution, -4 * resolution}, {30 * resolution, 10 * resolution}}));
        const ContactMap map = contactMap(pair, window);
        EXPECT_TRUE(map.complete());
        EXPECT_EQ(map.hitCount(), 0);
        EXPECT_EQ(map.bits, contactMapByTests(pair, window).bits);  // every cell tested: all free
    }
    // With solid pixels on both sides the map's window is the default one.
    const ContactPair solid(bodyAt(square, {0, 0}), bodyAt(square, {20, 0}), optionsFor("pixel-fast"));
    EXPECT_EQ(solid.mapWindow(), solid.defaultWindow());
}

TEST(ContactInput, OnlyPixelTestsThatAnswerEverywhereAreContactTests) {
    EXPECT_FALSE(contactTestProblem("pixel-fast"));
    EXPECT_FALSE(contactTestProblem("pixel-exact"));
    EXPECT_FALSE(contactTestProblem("pixel-world"));
    EXPECT_EQ(contactTestProblem("aabb"), "\"aabb\" is not a pixel test");
    EXPECT_EQ(contactTestProblem("pixel-slow"), "unknown test \"pixel-slow\"");
    ASSERT_TRUE(contactTestProblem("pixel-rect"));
    EXPECT_NE(contactTestProblem("pixel-rect")->find("does not answer at every offset"), std::string::npos);
    EXPECT_TRUE(isContactResolution(8));
    EXPECT_FALSE(isContactResolution(3));
}

// ---------------------------------------------------------------------------------------------------------
// Random pairs against the plain search.

struct RandomContactPair {
    AlphaMask maskA, maskB;
    Body a, b;
    ContactOptions options;
    std::string description;
};

class RandomContactPairs {
public:
    explicit RandomContactPairs(std::uint64_t seed) : m_rng(seed) {}

    RandomContactPair next(std::string_view test) {
        RandomContactPair p;
        const int threshold = pick(0, 3) == 0 ? 128 : 0;
        p.maskA = randomMask(threshold);
        p.maskB = randomMask(threshold);
        p.a = Body{&p.maskA, randomTransform(p.maskA)};
        p.b = Body{&p.maskB, randomTransform(p.maskB)};
        // Put B near A so that most pairs hit.
        auto centre = [](const Body& body) {
            return transformPoint(worldMatrix(body.transform), glm::dvec2(body.mask->width(), body.mask->height()) / 2.0);
        };
        p.b.transform.position += centre(p.a) - centre(p.b) + glm::dvec2(uniform(-3.0, 3.0), uniform(-3.0, 3.0));
        if (pick(0, 2) == 0) p.b.transform.position = glm::round(p.b.transform.position * 2.0) / 2.0;
        p.options.test = findAlgorithm(test);
        p.options.sampling = pick(0, 1) ? Sampling::Xna : Sampling::Center;
        p.options.scan = static_cast<ScanDirection>(pick(0, 2));
        p.options.resolution = kContactResolutions[pick(0, 2)];
        p.description = std::string(test) + " " + (p.options.sampling == Sampling::Xna ? "xna" : "center") + " scan " +
                        std::to_string(static_cast<int>(p.options.scan)) + " r " + std::to_string(p.options.resolution) +
                        " A " + describe(p.a.transform) + " B " + describe(p.b.transform);
        return p;
    }

private:
    int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(m_rng); }
    double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(m_rng); }

    AlphaMask randomMask(int threshold) {
        const int w = pick(1, 8), h = pick(1, 8);
        const int density = pick(1, 4);
        RgbaImage image;
        image.width = w;
        image.height = h;
        image.pixels.assign(static_cast<std::size_t>(w) * h * 4, 0);
        for (int k = 0; k < w * h; ++k) {
            if (pick(0, 4) < density) image.pixels[static_cast<std::size_t>(k) * 4 + 3] = static_cast<std::uint8_t>(pick(1, 255));
        }
        return AlphaMask(image, threshold);
    }

    SpriteTransform randomTransform(const AlphaMask& mask) {
        SpriteTransform t;
        t.position = {uniform(20.0, 30.0), uniform(20.0, 30.0)};
        switch (pick(0, 3)) {
            case 0: t.position = glm::round(t.position); break;  // whole pixels
            case 1: t.position = glm::round(t.position * 4.0) / 4.0; break;
            default: break;
        }
        t.origin = pick(0, 1) ? glm::dvec2(0.0) : glm::dvec2(mask.width(), mask.height()) / 2.0;
        switch (pick(0, 3)) {
            case 0: t.rotationDeg = 0.0; break;
            case 1: t.rotationDeg = 90.0 * pick(1, 3); break;
            default: t.rotationDeg = uniform(-180.0, 180.0); break;
        }
        switch (pick(0, 3)) {
            case 0: t.scale = {1.0, 1.0}; break;
            case 1: t.scale = {pick(0, 1) ? -1.0 : 1.0, pick(0, 1) ? -1.0 : 1.0}; break;
            default: t.scale = {uniform(0.6, 1.8) * (pick(0, 1) ? -1.0 : 1.0), uniform(0.6, 1.8)}; break;
        }
        return t;
    }

    static std::string describe(const SpriteTransform& t) {
        return "pos (" + std::to_string(t.position.x) + "," + std::to_string(t.position.y) + ") rot " +
               std::to_string(t.rotationDeg) + " scale (" + std::to_string(t.scale.x) + "," + std::to_string(t.scale.y) + ")";
    }

    std::mt19937_64 m_rng;
};

// The contact test itself at lattice cell c, written out without ContactPair.
bool referenceHit(const RandomContactPair& p, glm::ivec2 c) {
    const double h = 1.0 / p.options.resolution;
    Body moved = p.a;
    moved.transform.position += glm::dvec2(c) * h;
    TestOptions o;
    o.sampling = p.options.sampling;
    o.scan = p.options.scan;
    o.stopAtFirstHit = true;
    return runAlgorithm(*p.options.test, moved, p.b, o).hit;
}

// The plain search: every cell within a radius far beyond both sprites, sorted by length then atan2.
glm::ivec2 referenceSeparation(const RandomContactPair& p) {
    if (!referenceHit(p, {0, 0})) return {0, 0};
    const int radius = 40 * p.options.resolution;  // the sprites are at most ~20 pixels across
    std::vector<glm::ivec2> cells;
    for (int j = -radius; j <= radius; ++j) {
        for (int i = -radius; i <= radius; ++i) cells.emplace_back(i, j);
    }
    auto angle = [](glm::ivec2 c) {
        const double a = std::atan2(static_cast<double>(c.y), static_cast<double>(c.x));
        return a < 0.0 ? a + 2.0 * std::numbers::pi : a;
    };
    auto lengthSquared = [](glm::ivec2 c) { return c.x * c.x + c.y * c.y; };
    std::sort(cells.begin(), cells.end(), [&](glm::ivec2 a, glm::ivec2 b) {
        return lengthSquared(a) != lengthSquared(b) ? lengthSquared(a) < lengthSquared(b) : angle(a) < angle(b);
    });
    for (const glm::ivec2 c : cells) {
        if (!referenceHit(p, c)) return c;
    }
    ADD_FAILURE() << "no free cell within the radius";
    return {0, 0};
}

// The least k with (k h d) free (push) or hitting (approach), searching k = 0, 1, ... up to `limit`.
std::optional<std::int64_t> referenceAlongAxis(const RandomContactPair& p, glm::ivec2 d, bool wantHit, std::int64_t limit) {
    for (std::int64_t k = 0; k <= limit; ++k) {
        if (referenceHit(p, d * static_cast<int>(k)) == wantHit) return k;
    }
    return std::nullopt;
}

TEST(ContactRandomPairs, SeparationPushOutApproachAndMapEqualThePlainSearch) {
    RandomContactPairs pairs(0xC0FFEE13);
    const std::vector<std::string_view> tests{"pixel-fast", "pixel-fast", "pixel-fast", "pixel-naive",
                                              "pixel-world", "pixel-exact"};
    const std::vector<glm::ivec2> axes{{0, -1}, {0, 1}, {-1, 0}, {1, 0}};
    int hits = 0;
    for (int n = 0; n < 300; ++n) {
        const RandomContactPair p = pairs.next(tests[static_cast<std::size_t>(n) % tests.size()]);
        SCOPED_TRACE(p.description);
        const ContactPair pair(p.a, p.b, p.options);
        if (pair.hitAt({0.0, 0.0})) ++hits;

        const Separation s = separation(pair);
        ASSERT_EQ(s.cell, referenceSeparation(p)) << "pair " << n;

        for (const glm::ivec2 d : axes) {
            const DirectionalDistance push = pushOut(pair, glm::dvec2(d));
            ASSERT_TRUE(push.steps);
            ASSERT_EQ(*push.steps, referenceAlongAxis(p, d, false, 1000)) << "pair " << n;
            const DirectionalDistance near = approach(pair, glm::dvec2(d));
            ASSERT_EQ(near.steps, referenceAlongAxis(p, d, true, near.limitSteps)) << "pair " << n;
        }

        // Every cell of the window, and a border two cells wide around it (which must be free), equals the test.
        const LatticeWindow window = pair.defaultWindow();
        if (window.empty()) continue;
        ContactMapBuilder builder(pair);
        while (!builder.advance(97)) {
            ASSERT_LE(builder.map().rowsDone, window.height());
        }
        const ContactMap& map = builder.map();
        for (int j = window.first.y - 2; j <= window.last.y + 2; ++j) {
            for (int i = window.first.x - 2; i <= window.last.x + 2; ++i) {
                ASSERT_EQ(map.hit({i, j}), referenceHit(p, {i, j})) << "pair " << n << " cell " << i << "," << j;
            }
        }
    }
    EXPECT_GT(hits, 150);  // most pairs overlap, so the separation search is exercised
}

// ---------------------------------------------------------------------------------------------------------
// The separation search's scratch and its witnesses, on overlaps deep enough to walk many annuli.

// The plain search on a ContactPair: rings in order, a cell outside the window free, any other cell the test.
glm::ivec2 plainSeparation(const ContactPair& pair) {
    if (!pair.hitAt({0.0, 0.0})) return {0, 0};
    const LatticeWindow window = pair.defaultWindow();
    LatticeRings rings;
    for (;;) {
        const glm::ivec2 c = rings.next();
        if (!window.contains(c) || !pair.hitAt(pair.offset(c))) return c;
    }
}

// A disc with a notch and a scatter of holes, so that witnesses fail often enough to run tests too.
AlphaMask notchedDisc(int size, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<std::string> rows(static_cast<std::size_t>(size), std::string(static_cast<std::size_t>(size), '.'));
    const double r = size / 2.0;
    for (int y = 0; y < size; ++y) {
        for (int x = 0; x < size; ++x) {
            const double dx = x + 0.5 - r, dy = y + 0.5 - r;
            const bool notch = dx > 0.0 && std::abs(dy) < r / 4.0;
            if (dx * dx + dy * dy <= r * r && !notch && rng() % 17 != 0) rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] = '#';
        }
    }
    return maskFromArt(rows);
}

TEST(SeparationScratch, DeepOverlapsOfTurnedShapesEqualThePlainSearchWithOneScratchForEveryPair) {
    SeparationScratch scratch;
    std::mt19937_64 rng(0x5E9A25);
    auto uniform = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
    int withTests = 0;
    for (int n = 0; n < 24; ++n) {
        const int sizeA = 20 + static_cast<int>(rng() % 21), sizeB = 20 + static_cast<int>(rng() % 21);
        const AlphaMask a = notchedDisc(sizeA, rng()), b = notchedDisc(sizeB, rng());
        const Sampling sampling = n % 2 ? Sampling::Xna : Sampling::Center;
        const auto scan = static_cast<ScanDirection>(n % 3);
        const int resolution = n % 4 == 3 ? 2 : 1;
        const Body bodyA = bodyAboutCentre(a, {40.0 + uniform(-4.0, 4.0), 40.0 + uniform(-4.0, 4.0)}, uniform(-180.0, 180.0),
                                           {uniform(0.8, 1.3), uniform(0.8, 1.3)});
        const Body bodyB = bodyAboutCentre(b, {40.0 + uniform(-4.0, 4.0), 40.0 + uniform(-4.0, 4.0)}, uniform(-180.0, 180.0));
        for (std::string_view test : {"pixel-fast", "pixel-naive"}) {
            const ContactPair pair(bodyA, bodyB, optionsFor(test, sampling, resolution, scan));
            SCOPED_TRACE("pair " + std::to_string(n) + " " + std::string(test));
            const glm::ivec2 expected = plainSeparation(pair);
            const Separation got = separation(pair, scratch);
            ASSERT_EQ(got.cell, expected);
            // The thread's own scratch gives the same, and so does a fresh one.
            ASSERT_EQ(separation(pair).cell, expected);
            SeparationScratch fresh;
            ASSERT_EQ(separation(pair, fresh).cell, expected);
            ASSERT_GT(got.depth, 5.0);  // deep: many annuli, most cells proven by witnesses
            if (got.testsRun > 2) ++withTests;
        }
    }
    EXPECT_GT(withTests, 10);  // and the witnesses failed often enough that tests ran too
}

TEST(HitWitnesses, ABoxOrACellIsProvenOnlyWhereTheTestHitsAtEveryCell) {
    std::mt19937_64 rng(0xB0C5);
    auto uniform = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
    int boxesProven = 0, boxesNot = 0, cellsProven = 0;
    for (int n = 0; n < 12; ++n) {
        const AlphaMask a = notchedDisc(24 + static_cast<int>(rng() % 17), rng()), b = notchedDisc(24 + static_cast<int>(rng() % 17), rng());
        const Body bodyA = bodyAboutCentre(a, {30.0 + uniform(-3.0, 3.0), 30.0}, uniform(-180.0, 180.0), {uniform(0.7, 1.4), 1.0});
        const Body bodyB = bodyAboutCentre(b, {30.0, 30.0 + uniform(-3.0, 3.0)}, uniform(-180.0, 180.0));
        const ContactPair pair(bodyA, bodyB, optionsFor("pixel-fast", n % 2 ? Sampling::Xna : Sampling::Center, 1 + n % 2,
                                                       static_cast<ScanDirection>(n % 3)));
        SCOPED_TRACE("pair " + std::to_string(n));
        HitWitnesses witnesses(pair);
        ASSERT_TRUE(witnesses.usable());
        witnesses.seedAtZero();
        for (int k = 0; k < 60; ++k) {
            const int size = 1 + static_cast<int>(rng() % 10);
            const glm::ivec2 first{static_cast<int>(rng() % 50) - 25, static_cast<int>(rng() % 50) - 25};
            const glm::ivec2 last = first + glm::ivec2(size - 1, static_cast<int>(rng() % 10));
            if (!witnesses.provesBox(first, last)) {
                ++boxesNot;
                continue;
            }
            ++boxesProven;
            for (int j = first.y; j <= last.y; ++j) {
                for (int i = first.x; i <= last.x; ++i) ASSERT_TRUE(pair.hitAt(pair.offset({i, j}))) << "box cell " << i << "," << j;
            }
        }
        for (int j = -20; j <= 20; ++j) {
            for (int i = -20; i <= 20; ++i) {
                if (!witnesses.provesHit({i, j})) continue;
                ++cellsProven;
                ASSERT_TRUE(pair.hitAt(pair.offset({i, j}))) << "cell " << i << "," << j;
            }
        }
    }
    EXPECT_GT(boxesProven, 100);  // the check is exercised both ways
    EXPECT_GT(boxesNot, 100);
    EXPECT_GT(cellsProven, 2000);
}

TEST(SeparationScratch, KeepsItsMemoryForTheNextCallAndEachThreadHasItsOwn) {
    const AlphaMask a = solidMask(40, 40), b = solidMask(40, 40);
    const ContactPair deep(bodyAt(a, {0, 0}), bodyAt(b, {2, 3}), optionsFor("pixel-fast"));
    const ContactPair shallow(bodyAt(a, {0, 0}), bodyAt(b, {37, 0}), optionsFor("pixel-fast"));
    SeparationScratch scratch;
    EXPECT_EQ(scratch.capacity(), 0u);
    // A is 40 wide and overlaps B by 38 across, 37 down: out by (0, -37), the shortest way.
    EXPECT_EQ(separation(deep, scratch).cell, glm::ivec2(0, -37));
    const std::size_t kept = scratch.capacity();
    EXPECT_GT(kept, 0u);
    EXPECT_LE(kept, SeparationScratch::kKeptCells);
    // A shallower pair after a deeper one sees none of its cells, and a deeper one again the same answer.
    EXPECT_EQ(separation(shallow, scratch).cell, glm::ivec2(-3, 0));
    EXPECT_EQ(separation(deep, scratch).cell, glm::ivec2(0, -37));
    EXPECT_EQ(scratch.capacity(), kept);  // nothing new was allocated

    SeparationScratch* mine = &SeparationScratch::forThisThread();
    EXPECT_EQ(&SeparationScratch::forThisThread(), mine);
    std::vector<SeparationScratch*> theirs(4, nullptr);
    std::vector<glm::ivec2> answers(4);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < theirs.size(); ++t) {
        threads.emplace_back([&, t] {
            theirs[t] = &SeparationScratch::forThisThread();
            for (int repeat = 0; repeat < 20; ++repeat) answers[t] = separation(t % 2 ? shallow : deep).cell;
        });
    }
    for (std::thread& thread : threads) thread.join();
    for (std::size_t t = 0; t < theirs.size(); ++t) {
        EXPECT_NE(theirs[t], mine);
        for (std::size_t u = 0; u < t; ++u) EXPECT_NE(theirs[t], theirs[u]);
        EXPECT_EQ(answers[t], t % 2 ? glm::ivec2(-3, 0) : glm::ivec2(0, -37));
    }
}

TEST(ContactMap, UnturnedPairsAreDecidedByCorrelationWithoutTests) {
    const AlphaMask a = maskFromArt({"##..#", "#...#", "#####"}), b = maskFromArt({".#.", "###", ".#."});
    for (int r : {1, 2, 4}) {
        for (Sampling sampling : {Sampling::Center, Sampling::Xna}) {
            const ContactPair pair(bodyAt(a, {10.25, 7.0}), bodyAt(b, {12.0, 8.5}), optionsFor("pixel-fast", sampling, r));
            ContactMapBuilder builder(pair);
            while (!builder.advance(1000)) {
            }
            const ContactMap reference = contactMapByTests(pair, pair.defaultWindow());
            EXPECT_EQ(builder.map().bits, reference.bits);
            EXPECT_GT(reference.hitCount(), 0);
            EXPECT_EQ(builder.stats().testsRun, 0) << "r " << r;
        }
    }
}

// A at (3, 4.5) and B about its centre at (14, 9), B turned 0, 90 and 27 degrees, both samplings, every scan
// direction (`finerScan` at r = 2, the others at r = 1): the map equals the test at every cell.
void expectEveryCellIsTheTest(const AlphaMask& a, const AlphaMask& b, ScanDirection finerScan, const std::string& what) {
    for (double turn : {0.0, 90.0, 27.0}) {
        for (Sampling sampling : {Sampling::Center, Sampling::Xna}) {
            for (ScanDirection scan : {ScanDirection::AToB, ScanDirection::BToA, ScanDirection::Both}) {
                ContactOptions options = optionsFor("pixel-fast", sampling, scan == finerScan ? 2 : 1);
                options.scan = scan;
                const ContactPair pair(bodyAt(a, {3.0, 4.5}), testing::bodyAboutCentre(b, {14.0, 9.0}, turn), options);
                const ContactMap map = contactMap(pair);
                const ContactMap reference = contactMapByTests(pair, pair.defaultWindow());
                EXPECT_EQ(map.bits, reference.bits) << what << " turn " << turn << " scan " << static_cast<int>(scan);
                EXPECT_GT(reference.hitCount(), 100);
            }
        }
    }
}

// Masks with several runs in most rows (the correlation's run-by-run path beside its one-run path), at
// sizes where many row pairs meet, unturned and turned, every cell against the test at that offset.
TEST(ContactMap, SpeckledMasksMapCellForCellAsTheTestAtThatOffset) {
    std::mt19937_64 rng(0xC5ACE25);
    auto speckled = [&](int w, int h) {
        std::vector<std::string> art(static_cast<std::size_t>(h), std::string(static_cast<std::size_t>(w), '.'));
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                // A disc with holes and stray pixels: rows of one run and rows of many.
                const double dx = x - w / 2.0, dy = y - h / 2.0;
                const bool inDisc = dx * dx + dy * dy < w * h / 5.0;
                if ((inDisc && rng() % 7 != 0) || rng() % 23 == 0) art[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] = '#';
            }
        }
        return maskFromArt(art);
    };
    expectEveryCellIsTheTest(speckled(23, 19), speckled(17, 26), ScanDirection::AToB, "speckled");
}

// Masks built of bands of equal rows (lengths 1 to 40, so that the unions of K's rows over any window
// length are used, powers of two and not), each band's row several runs or none; the correlation takes a
// band of X's rows at once against the union of the K rows beside it. Both masks banded, so either scan
// direction has bands in X; every cell against the test at that offset.
TEST(ContactMap, BandedMasksMapCellForCellAsTheTestAtThatOffset) {
    std::mt19937_64 rng(0xBA2D25);
    auto banded = [&](int w, int h) {
        std::vector<std::string> art;
        while (static_cast<int>(art.size()) < h) {
            std::string row(static_cast<std::size_t>(w), '.');
            if (rng() % 6 != 0) {
                for (int x = 0; x < w; ++x) {
                    if (rng() % 3 != 0) row[static_cast<std::size_t>(x)] = '#';
                }
            }
            const int length = std::min<int>(1 + static_cast<int>(rng() % 40), h - static_cast<int>(art.size()));
            art.insert(art.end(), static_cast<std::size_t>(length), row);
        }
        return maskFromArt(art);
    };
    for (int n = 0; n < 3; ++n) {
        const AlphaMask a = banded(21, 70), b = banded(26, 90);
        expectEveryCellIsTheTest(a, b, ScanDirection::BToA, "banded " + std::to_string(n));
    }
}

// The drift of a phase is bounded from its corners' starts and the doubles' rounding bound; far from the
// origin (1e7 pixels) that rounding is hundreds of 2^-32 units, most of the bound. Turned, scaled and unturned,
// both samplings, every scan direction, r = 1 and 3 (h = 1/3 is not a whole binary fraction): every cell
// against the test at that offset.
TEST(ContactMap, PairsFarFromTheOriginMapCellForCellAsTheTestAtThatOffset) {
    std::mt19937_64 rng(0xFA225);
    auto speckled = [&](int w, int h) {
        std::vector<std::string> art(static_cast<std::size_t>(h), std::string(static_cast<std::size_t>(w), '.'));
        for (std::string& row : art) {
            for (char& c : row) c = rng() % 3 != 0 ? '#' : '.';
        }
        return maskFromArt(art);
    };
    const AlphaMask a = speckled(19, 15), b = speckled(14, 21);
    const glm::dvec2 far{1.0e7 + 0.3, -2.0e7 + 0.71};
    for (double turn : {0.0, 90.0, 27.0}) {
        for (Sampling sampling : {Sampling::Center, Sampling::Xna}) {
            for (ScanDirection scan : {ScanDirection::AToB, ScanDirection::BToA, ScanDirection::Both}) {
                ContactOptions options = optionsFor("pixel-fast", sampling, scan == ScanDirection::AToB ? 1 : 3);
                options.scan = scan;
                const Body bodyB = testing::bodyAboutCentre(b, far + glm::dvec2{11.0, 7.5}, turn, {turn == 27.0 ? 1.3 : 1.0, 1.0});
                const ContactPair pair(bodyAt(a, far), bodyB, options);
                ContactMapBuilder builder(pair);
                while (!builder.advance(1 << 20)) {
                }
                const ContactMap reference = contactMapByTests(pair, pair.defaultWindow());
                EXPECT_EQ(builder.map().bits, reference.bits) << "turn " << turn << " scan " << static_cast<int>(scan);
                EXPECT_GT(reference.hitCount(), 100);
                // A to B the correlation decides (B to A a turned B's steps in A are not A's cells, so those run the test).
                if (scan == ScanDirection::AToB) {
                    EXPECT_GT(builder.stats().cellsByCorrelation, 10 * builder.stats().testsRun);
                }
            }
        }
    }
}

TEST(ContactMap, ATurnedBIsStillDecidedAlmostWhollyByCorrelation) {
    const AlphaMask a = solidMask(12, 9), b = maskFromArt({"#####", "#...#", "#.#.#", "#...#", "#####"});
    const ContactPair pair(bodyAt(a, {0, 0}), testing::bodyAboutCentre(b, {8.0, 6.0}, 33.0), optionsFor("pixel-fast"));
    ContactMapBuilder builder(pair);
    while (!builder.advance(1 << 20)) {
    }
    EXPECT_EQ(builder.map().bits, contactMapByTests(pair, pair.defaultWindow()).bits);
    EXPECT_LT(builder.stats().testsRun, builder.stats().cellsByCorrelation / 20);
}

}  // namespace
}  // namespace cl

namespace cl {
namespace {

// The area-weighted centroid of pixel-exact's overlap against a fine grid of world points: the mean of
// the points (1/64 pixel apart) that lie in a solid square of both sprites.
TEST(ContactCentroid, PixelExactsCentroidIsTheCentroidOfTheOverlapArea) {
    const AlphaMask a = maskFromArt({"####.", "###..", "##...", "#...."}), b = solidMask(5, 3);
    const Body bodyA = testing::bodyAboutCentre(a, {10.0, 10.0}, 30.0, {1.25, 1.0});
    const Body bodyB = testing::bodyAboutCentre(b, {11.0, 10.5}, -15.0);
    const ContactPair pair(bodyA, bodyB, optionsFor("pixel-exact"));
    const auto centroid = contactCentroid(pair);
    ASSERT_TRUE(centroid);
    const glm::dmat3 toA = affineInverse(worldMatrix(bodyA.transform)), toB = affineInverse(worldMatrix(bodyB.transform));
    glm::dvec2 sum{0.0, 0.0};
    int count = 0;
    for (double y = 0.0; y < 20.0; y += 1.0 / 64) {
        for (double x = 0.0; x < 20.0; x += 1.0 / 64) {
            const glm::dvec2 p{x + 1.0 / 128, y + 1.0 / 128};
            const glm::dvec2 pa = transformPoint(toA, p), pb = transformPoint(toB, p);
            if (a.solid(static_cast<int>(std::floor(pa.x)), static_cast<int>(std::floor(pa.y))) &&
                b.solid(static_cast<int>(std::floor(pb.x)), static_cast<int>(std::floor(pb.y)))) {
                sum += p;
                ++count;
            }
        }
    }
    ASSERT_GT(count, 1000);
    EXPECT_NEAR(centroid->x, sum.x / count, 0.01);
    EXPECT_NEAR(centroid->y, sum.y / count, 0.01);
}

TEST(ContactCentroid, SampledTestsAverageEveryOverlappingSampleOfBothScans) {
    const AlphaMask square = solidMask(4, 4);
    // B covers [2, 6) x [1, 5); A [0, 4)^2. A's samples in B: x 2.5, 3.5 and y 1.5..3.5 (6 samples,
    // mean (3, 2.5)); B's samples in A: x 2.5, 3.5, y 1.5..3.5 too (6 more, same mean).
    ContactOptions both = optionsFor("pixel-fast");
    both.scan = ScanDirection::Both;
    const ContactPair pair(bodyAt(square, {0, 0}), bodyAt(square, {2, 1}), both);
    const auto c = contactCentroid(pair);
    ASSERT_TRUE(c);
    EXPECT_DOUBLE_EQ(c->x, 3.0);
    EXPECT_DOUBLE_EQ(c->y, 2.5);
}

// ---------------------------------------------------------------------------------------------------------
// The work budget reaches inside the contact search and the map (core/base/work_budget.h).

TEST(ContactBudget, SeparationWithABudgetGivesTheSameAnswerAndCountsItsTests) {
    const AlphaMask a = solidMask(12, 12), b = solidMask(12, 12);
    const ContactPair plain(bodyAt(a, {0, 0}), bodyAt(b, {5, 3}), optionsFor("pixel-naive"));
    WorkBudget budget;
    ContactOptions counted = optionsFor("pixel-naive");
    counted.budget = &budget;
    const ContactPair pair(bodyAt(a, {0, 0}), bodyAt(b, {5, 3}), counted);
    const Separation expected = separation(plain), got = separation(pair);
    EXPECT_EQ(got.cell, expected.cell);
    // A is 12 wide and overlaps B by 7 across, 9 down: out by (-7, 0), the shortest way.
    EXPECT_EQ(got.cell, glm::ivec2(-7, 0));
    // Every contact test it ran spent a unit (the map it may build spends one more per row).
    EXPECT_GE(budget.spent(), got.testsRun);
}

TEST(ContactBudget, AStopRequestEndsSeparationAndTheMapWithinOneTest) {
    const AlphaMask a = solidMask(64, 64), b = solidMask(64, 64);
    std::atomic<bool> quit{true};
    WorkBudget budget;
    budget.stopWhen([&] { return quit.load(); });
    ContactOptions options = optionsFor("pixel-fast", Sampling::Center, 8);
    options.budget = &budget;
    const ContactPair pair(bodyAt(a, {0, 0}), bodyAt(b, {1, 1}), options);
    EXPECT_THROW(separation(pair), WorkBudgetExceeded);
    EXPECT_EQ(budget.spent(), 1);  // the test at t = 0
    WorkBudget mapBudget;
    mapBudget.limitUnits(5);
    options.budget = &mapBudget;
    const ContactPair mapped(bodyAt(a, {0, 0}), bodyAt(b, {1, 1}), options);
    EXPECT_THROW(contactMap(mapped), WorkBudgetExceeded);
    EXPECT_EQ(mapBudget.spent(), 6);
}

}  // namespace
}  // namespace cl
