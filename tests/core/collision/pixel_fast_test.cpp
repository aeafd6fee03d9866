#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "core/collision/pixel_fast.h"
#include "core/base/pair_transform.h"
#include "core/collision/pixel_fast/disc_reject.h"
#include "core/collision/pixel_scans.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::bodyAboutCentre;
using testing::bodyAt;
using testing::fullScan;
using testing::hitOnlyScan;
using testing::makeTransform;
using testing::maskFromArt;
using testing::solidMask;

std::string describe(const Body& a, const Body& b, Sampling sampling) {
    auto one = [](const Body& body) {
        const SpriteTransform& t = body.transform;
        return std::to_string(body.mask->width()) + "x" + std::to_string(body.mask->height()) + " pos(" +
               std::to_string(t.position.x) + "," + std::to_string(t.position.y) + ") origin(" +
               std::to_string(t.origin.x) + "," + std::to_string(t.origin.y) + ") rot " + std::to_string(t.rotationDeg) +
               " scale(" + std::to_string(t.scale.x) + "," + std::to_string(t.scale.y) + ")";
    };
    return "A " + one(a) + " / B " + one(b) + (sampling == Sampling::Center ? " center" : " xna");
}

// pixel-fast must give pixel-naive's answer field for field (all but `samples`, which counts work done).
// Returns false at the first difference, after reporting it. `code` picks pixel-fast's inner loops.
bool sameAsNaive(const Body& a, const Body& b, const TestOptions& options, PixelFastCode code = PixelFastCode::Fastest) {
    const CollisionResult expected = pixelNaive(a, b, options);
    const CollisionResult actual = pixelFast(a, b, options, code);
    const bool same = actual.applicable && actual.hit == expected.hit && actual.overlap == expected.overlap &&
                      actual.firstHit == expected.firstHit && actual.hits == expected.hits;
    EXPECT_TRUE(same) << describe(a, b, options.sampling) << (options.stopAtFirstHit ? " hit-only" : " full")
                      << (options.listHits ? " listing" : "") << ": overlap " << actual.overlap << " vs naive "
                      << expected.overlap << ", hits " << actual.hits.size() << " vs " << expected.hits.size()
                      << (code == PixelFastCode::Portable   ? " (portable code)"
                          : code == PixelFastCode::Popcount ? " (portable code with POPCNT)"
                                                            : "");
    return same;
}

bool sameAsNaiveInEveryMode(const Body& a, const Body& b, Sampling sampling, PixelFastCode code = PixelFastCode::Fastest) {
    return sameAsNaive(a, b, fullScan(sampling, true), code) && sameAsNaive(a, b, fullScan(sampling, false), code) &&
           sameAsNaive(a, b, hitOnlyScan(sampling), code);
}

// ---------------------------------------------------------------------------------------------------
// Random pairs.

enum class Shape { Noise, Disc, Ring, Comb, Solid, Frame, Single, Empty, Sparse, Count };

// An image of one of the shapes with random alphas, so that the threshold changes which pixels are solid.
RgbaImage randomImage(std::mt19937& rng, Shape shape, int w, int h) {
    RgbaImage image{w, h, std::vector<std::uint8_t>(static_cast<std::size_t>(w) * h * 4, 0)};
    std::uniform_int_distribution<int> alpha(1, 255), coin(0, 99);
    const double cx = w / 2.0, cy = h / 2.0, rMax = std::min(w, h) / 2.0;
    const int period = 2 + static_cast<int>(rng() % 4);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const double r = std::hypot(x + 0.5 - cx, y + 0.5 - cy);
            bool on = false;
            switch (shape) {
                case Shape::Noise: on = coin(rng) < 50; break;
                case Shape::Disc: on = r <= rMax; break;
                case Shape::Ring: on = r <= rMax && r >= 0.5 * rMax; break;
                case Shape::Comb: on = x % period == 0; break;
                case Shape::Solid: on = true; break;
                case Shape::Frame: on = x == 0 || y == 0 || x == w - 1 || y == h - 1; break;
                case Shape::Single: on = x == w / 2 && y == h / 2; break;
                case Shape::Empty: on = false; break;
                case Shape::Sparse: on = coin(rng) < 4; break;
                case Shape::Count: break;
            }
            if (on) image.pixels[(static_cast<std::size_t>(y) * w + x) * 4 + 3] = static_cast<std::uint8_t>(alpha(rng));
        }
    }
    return image;
}

double randomRotation(std::mt19937& rng) {
    switch (rng() % 6) {
        case 0: return 90.0 * static_cast<int>(rng() % 9) - 360.0;  // exact quarter turns, both signs
        case 1: return 0.0;
        case 2: return std::uniform_real_distribution<double>(-1.0, 1.0)(rng) * 1e-3;  // almost unturned
        default: return std::uniform_real_distribution<double>(-720.0, 720.0)(rng);
    }
}

double randomScale(std::mt19937& rng) {
    double s = 1.0;
    switch (rng() % 8) {
        case 0: s = 1.0; break;
        case 1: s = std::pow(2.0, static_cast<int>(rng() % 5) - 2); break;  // 1/4 .. 4, exact
        case 2: s = (rng() % 2) ? kMinScale * std::uniform_real_distribution<double>(1.0, 3.0)(rng)
                                : kMaxScale / std::uniform_real_distribution<double>(1.0, 3.0)(rng);
                break;
        default: s = std::exp(std::uniform_real_distribution<double>(std::log(0.2), std::log(5.0))(rng)); break;
    }
    return (rng() % 5 == 0) ? -s : s;  // a flip now and then
}

// A coordinate in [lo, hi]: a whole pixel, a half pixel or anything in between.
double randomCoordinate(std::mt19937& rng, double lo, double hi) {
    const double v = std::uniform_real_distribution<double>(lo, hi)(rng);
    switch (rng() % 4) {
        case 0: return std::round(v);
        case 1: return std::round(v) + 0.5;
        default: return v;
    }
}

// Checks pixel-fast, running `code`, against pixel-naive on `pairs` random pairs drawn from `seed`.
void expectRandomPairsAgree(unsigned seed, int pairs, PixelFastCode code) {
    std::mt19937 rng(seed);
    const int kPairs = pairs;
    int checked = 0, hits = 0;
    for (int pair = 0; pair < kPairs; ++pair) {
        const auto shapeA = static_cast<Shape>(rng() % static_cast<unsigned>(Shape::Count));
        const auto shapeB = static_cast<Shape>(rng() % static_cast<unsigned>(Shape::Count));
        std::uniform_int_distribution<int> size(1, (pair % 10 == 0) ? 140 : 24);
        const int wa = size(rng), ha = size(rng), wb = size(rng), hb = size(rng);
        std::uniform_int_distribution<int> threshold(0, 255);
        const AlphaMask ma(randomImage(rng, shapeA, wa, ha), (rng() % 2) ? 0 : threshold(rng));
        const AlphaMask mb(randomImage(rng, shapeB, wb, hb), (rng() % 2) ? 0 : threshold(rng));

        Body a{&ma, {}}, b{&mb, {}};
        const bool wholePixels = rng() % 4 == 0;
        const bool sameTurn = rng() % 4 == 0;
        for (Body* body : {&a, &b}) {
            SpriteTransform& t = body->transform;
            // A pivot inside the texture and positions close together, so that the two often overlap.
            t.origin = {randomCoordinate(rng, 0.0, body->mask->width()), randomCoordinate(rng, 0.0, body->mask->height())};
            t.position = {randomCoordinate(rng, -4.0, 4.0), randomCoordinate(rng, -4.0, 4.0)};
            t.rotationDeg = randomRotation(rng);
            t.scale = {randomScale(rng), (rng() % 3 == 0) ? randomScale(rng) : 0.0};
            if (t.scale.y == 0.0) t.scale.y = t.scale.x;
            if (wholePixels) {
                t.origin = glm::round(t.origin);
                t.position = glm::round(t.position);
                t.scale = {1.0, 1.0};
                t.rotationDeg = 0.0;
            }
        }
        if (sameTurn) {
            // Same turn and scale on both: A maps into B by a translation, so the word-wide path runs.
            b.transform.rotationDeg = a.transform.rotationDeg;
            b.transform.scale = a.transform.scale;
        }
        const Sampling sampling = (rng() % 2) ? Sampling::Xna : Sampling::Center;
        ASSERT_TRUE(sameAsNaiveInEveryMode(a, b, sampling, code)) << "seed " << seed << ", pair " << pair;
        ++checked;
        hits += pixelNaive(a, b, hitOnlyScan(sampling)).hit ? 1 : 0;
    }
    EXPECT_EQ(checked, kPairs);
    // The placements are meant to overlap often; a run where almost nothing hits would prove little.
    EXPECT_GT(hits, kPairs / 5);
}

TEST(PixelFast, EqualsPixelNaiveOnOneHundredThousandRandomPairs) {
    expectRandomPairsAgree(20261122u, 100000, PixelFastCode::Fastest);
}

TEST(PixelFast, PortableScalarWalkEqualsPixelNaiveToo) {
    // On a CPU with AVX2 the test above runs the vector walk; this one runs the portable code.
    expectRandomPairsAgree(1234567u, 30000, PixelFastCode::Portable);
}

// Pairs placed where the two sprites' solid discs (AlphaMask::solidDisc) just meet or just miss, in every
// direction, turn, scale and sampling: the disc reject must never drop a pair that pixel-naive sees hit,
// and it must fire (no sample looked at) on a good share of the pairs that miss.
TEST(PixelFast, DiscRejectEqualsPixelNaiveWhereTheDiscsJustMeet) {
    std::mt19937 rng(2500u);
    int hits = 0, rejected = 0;
    constexpr int kPairs = 20000;
    for (int pair = 0; pair < kPairs; ++pair) {
        const auto shapeA = static_cast<Shape>(rng() % static_cast<unsigned>(Shape::Count));
        const auto shapeB = static_cast<Shape>(rng() % static_cast<unsigned>(Shape::Count));
        std::uniform_int_distribution<int> size(1, (pair % 10 == 0) ? 80 : 24);
        const AlphaMask ma(randomImage(rng, shapeA, size(rng), size(rng)), 0);
        const AlphaMask mb(randomImage(rng, shapeB, size(rng), size(rng)), 0);
        Body a{&ma, {}}, b{&mb, {}};
        double reach = 0.0;
        for (Body* body : {&a, &b}) {
            SpriteTransform& t = body->transform;
            t.origin = {randomCoordinate(rng, 0.0, body->mask->width()), randomCoordinate(rng, 0.0, body->mask->height())};
            t.rotationDeg = randomRotation(rng);
            t.scale = rng() % 2 ? glm::dvec2(1.0, 1.0) : glm::dvec2(randomScale(rng), randomScale(rng));
            const SolidDisc& disc = body->mask->solidDisc();
            if (disc.radius >= 0.0) {
                reach += std::max(std::abs(t.scale.x), std::abs(t.scale.y)) *
                         (std::hypot(disc.centre.x - t.origin.x, disc.centre.y - t.origin.y) + disc.radius);
            }
        }
        // B's pivot, in any direction from A's, at 0.2 to 1 times the sum of the reaches (every other pair,
        // so that some hit) or at 0.95 to 1.2 times it (just inside and just past the reject's edge).
        const double angle = std::uniform_real_distribution<double>(0.0, 2.0 * std::numbers::pi)(rng);
        const double distance = reach * (pair % 2 ? std::uniform_real_distribution<double>(0.2, 1.0)(rng)
                                                  : std::uniform_real_distribution<double>(0.95, 1.2)(rng));
        a.transform.position = {randomCoordinate(rng, -50.0, 50.0), randomCoordinate(rng, -50.0, 50.0)};
        b.transform.position = a.transform.position + distance * glm::dvec2(std::cos(angle), std::sin(angle));
        const Sampling sampling = (rng() % 2) ? Sampling::Xna : Sampling::Center;
        ASSERT_TRUE(sameAsNaive(a, b, hitOnlyScan(sampling))) << "pair " << pair;
        ASSERT_TRUE(sameAsNaive(a, b, fullScan(sampling, true))) << "pair " << pair;
        const bool hit = pixelNaive(a, b, hitOnlyScan(sampling)).hit;
        const bool apart = pixel_fast::discsApart(ma, a.transform, mb, b.transform);
        ASSERT_FALSE(apart && hit) << describe(a, b, sampling) << ": rejected, but pixel-naive hits";
        hits += hit ? 1 : 0;
        rejected += apart ? 1 : 0;
    }
    // Both sides of the boundary are exercised: some pairs hit, and the reject fires on many.
    std::printf("disc reject: %d of %d pairs hit, %d rejected\n", hits, kPairs, rejected);
    EXPECT_GT(hits, kPairs / 50);
    EXPECT_GT(rejected, kPairs / 5);
}

// The game's case: two crosses or blocks about 64 x 64, spun past whole turns, pivots close enough that
// the discs meet, asked hit-only. A of 64 rows or fewer starts its scan on B's polygon, a taller one on
// B's box for its first rows when its first row reaches the box: sizes on both sides of that
// line, every answer pixel-naive's, with the AVX2 and the portable code.
TEST(PixelFast, SpinningCrossesAndBlocksWhoseDiscsMeetEqualPixelNaive) {
    std::mt19937 rng(6464u);
    const auto drawCross = [](int w, int h) {
        RgbaImage image{w, h, std::vector<std::uint8_t>(static_cast<std::size_t>(w) * h * 4, 0)};
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                const bool arm = (3 * x >= w && 3 * x < 2 * w) || (3 * y >= h && 3 * y < 2 * h);
                image.pixels[(static_cast<std::size_t>(y) * w + x) * 4 + 3] = arm ? 255 : 0;
            }
        }
        return image;
    };
    int hits = 0;
    constexpr int kPairs = 3000;
    for (int pair = 0; pair < kPairs; ++pair) {
        std::uniform_int_distribution<int> side(56, 72);
        const int wa = side(rng), ha = pair % 3 == 0 ? side(rng) + 60 : side(rng), wb = side(rng), hb = side(rng);
        const AlphaMask ma = rng() % 2 ? AlphaMask(drawCross(wa, ha), 0) : solidMask(wa, ha);
        const AlphaMask mb = rng() % 2 ? AlphaMask(drawCross(wb, hb), 0) : solidMask(wb, hb);
        Body a{&ma, {}}, b{&mb, {}};
        for (Body* body : {&a, &b}) {
            body->transform.origin = {body->mask->width() / 2.0, body->mask->height() / 2.0};
            body->transform.rotationDeg = std::uniform_real_distribution<double>(-3000.0, 3000.0)(rng);
        }
        const double angle = std::uniform_real_distribution<double>(0.0, 2.0 * std::numbers::pi)(rng);
        const double distance = std::uniform_real_distribution<double>(0.0, 0.7)(rng) * (std::hypot(wa, ha) + std::hypot(wb, hb));
        a.transform.position = {randomCoordinate(rng, -500.0, 500.0), randomCoordinate(rng, -500.0, 500.0)};
        b.transform.position = a.transform.position + distance * glm::dvec2(std::cos(angle), std::sin(angle));
        const Sampling sampling = pair % 4 == 0 ? Sampling::Xna : Sampling::Center;
        ASSERT_TRUE(sameAsNaive(a, b, hitOnlyScan(sampling))) << "pair " << pair;
        ASSERT_TRUE(sameAsNaive(a, b, hitOnlyScan(sampling), PixelFastCode::Portable)) << "pair " << pair;
        if (pair % 10 == 0) {
            ASSERT_TRUE(sameAsNaive(a, b, fullScan(sampling, false))) << "pair " << pair;
        }
        hits += pixelNaive(a, b, hitOnlyScan(sampling)).hit ? 1 : 0;
    }
    // Both answers are exercised.
    EXPECT_GT(hits, kPairs / 4);
    EXPECT_LT(hits, kPairs - kPairs / 20);
}

// Two one-pixel sprites, pivots at their top-left corners: each disc is centred at (0.5, 0.5) with radius
// sqrt(1/2), so A reaches sqrt 2 from its pivot and B sqrt 2 + 1 (the pixel allowed for picking and
// rounding): pivots more than 2 sqrt 2 + 1 = 3.83 apart are rejected before any sample is looked at.
// (The reject's own verdict is asked here: a pair it lets through may still be clipped to no sample.)
TEST(PixelFast, DiscRejectSkipsPairsWhoseDiscsLieApartWorkedByHand) {
    const AlphaMask one = maskFromArt({"#"});
    const SpriteTransform at0 = makeTransform({0.0, 0.0});
    EXPECT_TRUE(pixel_fast::discsApart(one, at0, one, makeTransform({3.9, 0.0})));
    EXPECT_TRUE(pixel_fast::discsApart(one, at0, one, makeTransform({-2.8, -2.8})));  // 3.96 away
    EXPECT_FALSE(pixel_fast::discsApart(one, at0, one, makeTransform({3.7, 0.0})));
    EXPECT_FALSE(pixel_fast::discsApart(one, at0, one, makeTransform({-2.7, 2.7})));  // 3.82 away
    // B at scale 2 reaches twice as far: 2 (sqrt 2 + 1) + sqrt 2 = 6.24.
    EXPECT_FALSE(pixel_fast::discsApart(one, at0, one, makeTransform({6.2, 0.0}, {0.0, 0.0}, 0.0, {2.0, 2.0})));
    EXPECT_TRUE(pixel_fast::discsApart(one, at0, one, makeTransform({6.3, 0.0}, {0.0, 0.0}, 0.0, {2.0, 2.0})));
    // A pivot away from the disc adds its distance: origin (10.5, 0.5) puts the disc 10 from it, so A reaches 10.71 and both 13.12.
    EXPECT_FALSE(pixel_fast::discsApart(one, makeTransform({0.0, 0.0}, {10.5, 0.5}), one, makeTransform({13.0, 0.0})));
    EXPECT_TRUE(pixel_fast::discsApart(one, makeTransform({0.0, 0.0}, {10.5, 0.5}), one, makeTransform({13.3, 0.0})));
    for (const Sampling sampling : {Sampling::Center, Sampling::Xna}) {
        EXPECT_FALSE(pixelFast(bodyAt(one, {0.0, 0.0}), bodyAt(one, {3.9, 0.0}), hitOnlyScan(sampling)).hit);
    }
    // Center: A's sample at (0.5, 0.5) lies in B's square [0.4, 1.4] x [0, 1]; not in [0.6, 1.6] x [0, 1].
    EXPECT_TRUE(pixelFast(bodyAt(one, {0.0, 0.0}), bodyAt(one, {0.4, 0.0}), hitOnlyScan(Sampling::Center)).hit);
    EXPECT_FALSE(pixelFast(bodyAt(one, {0.0, 0.0}), bodyAt(one, {0.6, 0.0}), hitOnlyScan(Sampling::Center)).hit);
}

// ---------------------------------------------------------------------------------------------------
// Targeted cases, with expected values worked out by hand.

TEST(PixelFast, XnaTiesRoundHalfToEven) {
    // Samples (x, 0) of A land at x + 0.5 in B; half to even picks 0, 2, 2, 4: A's 1 and 2 hit B's 2.
    const AlphaMask a = maskFromArt({"####"});
    const AlphaMask b = maskFromArt({"..#."});
    const CollisionResult r = pixelFast(bodyAt(a, {0.5, 0.0}), bodyAt(b, {0.0, 0.0}), fullScan(Sampling::Xna));
    EXPECT_TRUE(r.hit);
    EXPECT_EQ(r.overlap, 2.0);
    ASSERT_EQ(r.hits.size(), 2u);
    EXPECT_EQ(r.hits[0].a, glm::ivec2(1, 0));
    EXPECT_EQ(r.hits[0].b, glm::ivec2(2, 0));
    EXPECT_EQ(r.hits[1].a, glm::ivec2(2, 0));
    EXPECT_EQ(r.hits[1].b, glm::ivec2(2, 0));
    EXPECT_EQ(r.hits[1].world, glm::dvec2(2.5, 0.0));
}

TEST(PixelFast, XnaTieOnAWholePixelTranslationAlternatesWithTheColumn) {
    // The same half-pixel tie down a column: rows land at y + 0.5 and pick 0, 2, 2, 4.
    const AlphaMask a = maskFromArt({"#", "#", "#", "#"});
    const AlphaMask b = maskFromArt({".", ".", "#", "."});
    const CollisionResult r = pixelFast(bodyAt(a, {0.0, 0.5}), bodyAt(b, {0.0, 0.0}), fullScan(Sampling::Xna));
    EXPECT_EQ(r.overlap, 2.0);
    ASSERT_EQ(r.hits.size(), 2u);
    EXPECT_EQ(r.hits[0].a, glm::ivec2(0, 1));
    EXPECT_EQ(r.hits[1].a, glm::ivec2(0, 2));
}

TEST(PixelFast, EmptyMasksNeverHit) {
    const AlphaMask solid = solidMask(5, 5);
    const AlphaMask empty = testing::emptyMask(5, 5);
    const AlphaMask none;  // 0 x 0
    for (const AlphaMask* other : {&empty, &none}) {
        for (auto [a, b] : {std::pair{&solid, other}, std::pair{other, &solid}}) {
            const CollisionResult r = pixelFast(bodyAt(*a, {0, 0}), bodyAt(*b, {0, 0}), fullScan(Sampling::Center));
            EXPECT_TRUE(r.applicable);
            EXPECT_FALSE(r.hit);
            EXPECT_EQ(r.overlap, 0.0);
            EXPECT_FALSE(r.firstHit.has_value());
        }
    }
}

TEST(PixelFast, OnePixelSpritesHitOnlyWhenTheSampleLandsOnIt) {
    const AlphaMask one = solidMask(1, 1);
    // A's sample sits at (0.5, 0.5) + position; B's pixel covers [p, p + 1).
    EXPECT_TRUE(pixelFast(bodyAt(one, {0.0, 0.0}), bodyAt(one, {-0.49, 0.3}), fullScan(Sampling::Center)).hit);
    EXPECT_FALSE(pixelFast(bodyAt(one, {0.0, 0.0}), bodyAt(one, {0.51, 0.0}), fullScan(Sampling::Center)).hit);
    EXPECT_FALSE(pixelFast(bodyAt(one, {0.0, 0.0}), bodyAt(one, {0.0, -0.5}), fullScan(Sampling::Center)).hit);
    // Turned about their centres by any angle, two 1x1 sprites at the same place sample each other's centre.
    const CollisionResult turned =
        pixelFast(bodyAboutCentre(one, {3, 3}, 37.0, {2.0, 0.5}), bodyAboutCentre(one, {3, 3}, -80.0), fullScan(Sampling::Center));
    EXPECT_EQ(turned.overlap, 1.0);
}

TEST(PixelFast, RowsAreClippedAtTheEdgesOfBsSolidBoxNotInsideThem) {
    // B's solid pixels lie on the edges of its solid box; A is a long row sliding over B's corners.
    const AlphaMask b = maskFromArt({".......",
                                     ".#...#.",
                                     ".......",
                                     ".#...#.",
                                     "......."});
    const AlphaMask a = solidMask(40, 1);
    // A's samples at (x + 0.5 - 16, 1.5) land on B's row 1 at columns x - 16: B's 1 and 5 are x = 17, 21.
    const CollisionResult r = pixelFast(bodyAt(a, {-16.0, 1.0}), bodyAt(b, {0.0, 0.0}), fullScan(Sampling::Center));
    ASSERT_EQ(r.hits.size(), 2u);
    EXPECT_EQ(r.hits[0].a, glm::ivec2(17, 0));
    EXPECT_EQ(r.hits[0].b, glm::ivec2(1, 1));
    EXPECT_EQ(r.hits[1].a, glm::ivec2(21, 0));
    EXPECT_EQ(r.hits[1].b, glm::ivec2(5, 1));
    // Turned and scaled, the same edge pixels are found as pixel-naive finds them, at every sub-pixel offset.
    for (int i = 0; i < 64; ++i) {
        const double offset = i / 16.0;
        for (double angle : {0.0, 90.0, 30.0, -45.0, 180.0}) {
            Body ba = bodyAboutCentre(a, {3.5 + offset * 0.3, 2.5 + offset}, angle, {0.25, 1.0});
            Body bb = bodyAt(b, {0.0, 0.0});
            ASSERT_TRUE(sameAsNaiveInEveryMode(ba, bb, Sampling::Center));
            ASSERT_TRUE(sameAsNaiveInEveryMode(ba, bb, Sampling::Xna));
        }
    }
}

TEST(PixelFast, ScalesAtTheLimitsAgreeWithPixelNaive) {
    const AlphaMask disc = maskFromArt({".###.", "#####", "##.##", "#####", ".###."});
    const AlphaMask big = solidMask(30, 20);
    for (double sa : {kMinScale, 0.0011, 1.0, 999.0, kMaxScale, -kMinScale, -kMaxScale}) {
        for (double sb : {kMinScale, 0.0013, 1.0, 997.0, kMaxScale}) {
            for (double angle : {0.0, 90.0, 12.5}) {
                for (const AlphaMask* ma : {&disc, &big}) {
                    Body a = bodyAboutCentre(*ma, {0.25, 0.75}, angle, {sa, sa});
                    Body b = bodyAboutCentre(disc, {0.0, 0.0}, -angle, {sb, sb});
                    ASSERT_TRUE(sameAsNaiveInEveryMode(a, b, Sampling::Center));
                    ASSERT_TRUE(sameAsNaiveInEveryMode(a, b, Sampling::Xna));
                    ASSERT_TRUE(sameAsNaiveInEveryMode(b, a, Sampling::Center));
                }
            }
        }
    }
}

TEST(PixelFast, FarApartPlacementsAtTheCoordinateLimitNeverHit) {
    const AlphaMask m = solidMask(8, 8);
    const Body a{&m, makeTransform({kMaxCoordinate, -kMaxCoordinate}, {0, 0}, 33.0, {kMaxScale, kMinScale})};
    const Body b{&m, makeTransform({-kMaxCoordinate, kMaxCoordinate}, {kMaxCoordinate, 0}, 0.0, {kMinScale, kMinScale})};
    EXPECT_TRUE(sameAsNaiveInEveryMode(a, b, Sampling::Center));
    EXPECT_TRUE(sameAsNaiveInEveryMode(b, a, Sampling::Xna));
}

// Bars one pixel wide every 4 pixels, `width` wide and `height` tall.
AlphaMask comb(int width, int height) {
    std::vector<std::string> rows(static_cast<std::size_t>(height), std::string(static_cast<std::size_t>(width), '.'));
    for (std::string& row : rows)
        for (int x = 0; x < width; x += 4) row[static_cast<std::size_t>(x)] = '#';
    return maskFromArt(rows);
}

TEST(PixelFast, WholePixelTranslationsCompareWordsAcrossWordBoundaries) {
    // 130 wide: bars at 0, 4, ..., 128 (33 bars), three words per row with a partial last word.
    const AlphaMask a = comb(130, 3);
    const AlphaMask b = comb(130, 3);
    // Two pixels apart the bars interleave: never a hit.
    EXPECT_FALSE(pixelFast(bodyAt(a, {0, 0}), bodyAt(b, {2, 0}), fullScan(Sampling::Center)).hit);
    // Four pixels apart B's bars cover A's bars 4..128: 32 per row, 3 rows.
    const CollisionResult right = pixelFast(bodyAt(a, {0, 0}), bodyAt(b, {4, 0}), fullScan(Sampling::Center));
    EXPECT_EQ(right.overlap, 96.0);
    ASSERT_TRUE(right.firstHit);
    EXPECT_EQ(right.firstHit->a, glm::ivec2(4, 0));
    EXPECT_EQ(right.firstHit->b, glm::ivec2(0, 0));
    // 64 pixels to the left (a whole word) and one row down: A's bars 0..64 meet B's 64..128 on two rows.
    const CollisionResult left = pixelFast(bodyAt(a, {0, 0}), bodyAt(b, {-64, 1}), fullScan(Sampling::Center));
    EXPECT_EQ(left.overlap, 34.0);
    ASSERT_EQ(left.hits.size(), 34u);
    EXPECT_EQ(left.hits.front().a, glm::ivec2(0, 1));
    EXPECT_EQ(left.hits.front().b, glm::ivec2(64, 0));
    EXPECT_EQ(left.hits.back().a, glm::ivec2(64, 2));
    EXPECT_EQ(left.hits.back().b, glm::ivec2(128, 1));
    // Xna sampling maps a whole-pixel translation the same way.
    EXPECT_EQ(pixelFast(bodyAt(a, {0, 0}), bodyAt(b, {4, 0}), fullScan(Sampling::Xna)).overlap, 96.0);
    // Every shift within two words, both samplings, against pixel-naive.
    for (int dx = -140; dx <= 140; ++dx) {
        for (int dy = -3; dy <= 3; ++dy) {
            ASSERT_TRUE(sameAsNaiveInEveryMode(bodyAt(a, {0, 0}), bodyAt(b, {dx, dy}), Sampling::Center));
            ASSERT_TRUE(sameAsNaiveInEveryMode(bodyAt(a, {0.25, 0}), bodyAt(b, {dx, dy + 0.25}), Sampling::Xna));
        }
    }
}

TEST(PixelFast, WholePixelTranslationsOfRowsFourWordsAndWiderAgreeWithPixelNaive) {
    // 4 to 10 words per row: the AVX2 row test's groups, its overlapping last group and B's words past
    // either end of its row, for every kind of shift, with the vector walk on and off.
    std::mt19937 rng(4242u);
    std::uniform_int_distribution<int> width(193, 640), height(1, 6), coin(0, 99);
    for (int pair = 0; pair < 150; ++pair) {
        const auto noise = [&](int w, int h) {
            std::vector<std::string> rows(static_cast<std::size_t>(h), std::string(static_cast<std::size_t>(w), '.'));
            const int density = 1 + coin(rng) % 20;  // sparse, so that some shifts share no pixel at all
            for (std::string& row : rows)
                for (char& c : row) c = coin(rng) < density ? '#' : '.';
            return maskFromArt(rows);
        };
        const AlphaMask a = noise(width(rng), height(rng));
        const AlphaMask b = noise(width(rng), height(rng));
        std::uniform_int_distribution<int> dx(-b.width() - 2, a.width() + 2), dy(-3, 3);
        const glm::dvec2 offset{dx(rng), dy(rng)};
        for (const PixelFastCode code : {PixelFastCode::Fastest, PixelFastCode::Portable}) {
            ASSERT_TRUE(sameAsNaiveInEveryMode(bodyAt(a, {0, 0}), bodyAt(b, offset), Sampling::Center, code)) << "pair " << pair;
        }
    }
}

TEST(PixelFast, CountingAgreesWithPixelNaiveInGroupsOfFourRowsAndRowByRow) {
    // Full-mode counting walks four rows at a time, one per lane, unless a row of the group is longer
    // than 64 samples or reaches past B's edge; then it goes row by row. Each kind of group, with holes
    // in A's rows and in B, turned and scaled so that rows start, end and hit at every sub-pixel offset.
    std::mt19937 rng(5150u);
    std::uniform_int_distribution<int> percent(0, 99);
    // w x h pixels, `density` percent of them solid, inside a transparent frame `margin` pixels wide.
    const auto noise = [&](int w, int h, int density, int margin) {
        std::vector<std::string> rows(static_cast<std::size_t>(h), std::string(static_cast<std::size_t>(w), '.'));
        for (int y = margin; y < h - margin; ++y)
            for (int x = margin; x < w - margin; ++x) rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] = percent(rng) < density ? '#' : '.';
        return maskFromArt(rows);
    };
    struct Kind {
        const char* name;
        int widthA, heightA, widthB, heightB, margin;
        bool quarterTurns;  // whole quarter turns and half-pixel offsets: samples land exactly on B's edges
    };
    for (const Kind kind : {Kind{"short rows inside B", 24, 40, 48, 48, 3, false},
                            Kind{"rows past B's edge", 24, 40, 30, 30, 0, true},
                            Kind{"rows of more than 64 samples", 180, 12, 220, 60, 2, false}}) {
        for (int pair = 0; pair < 60; ++pair) {
            const AlphaMask a = noise(kind.widthA, kind.heightA, 70 + percent(rng) % 31, 0);
            const AlphaMask b = noise(kind.widthB, kind.heightB, 70 + percent(rng) % 31, kind.margin);
            const Body bodyA = bodyAboutCentre(a, {0.0, 0.0}, 0.0);
            double turn = std::uniform_real_distribution<double>(-40.0, 40.0)(rng);
            double scale = std::uniform_real_distribution<double>(0.6, 1.6)(rng);
            glm::dvec2 offset{std::uniform_real_distribution<double>(-0.4, 0.4)(rng) * kind.widthB,
                              std::uniform_real_distribution<double>(-0.4, 0.4)(rng) * kind.heightB};
            if (kind.quarterTurns) {
                turn = 90.0 * (1 + percent(rng) % 3);
                scale = (percent(rng) % 2) ? 1.0 : 2.0;
                offset = glm::round(offset * 2.0) / 2.0;
            }
            const Body bodyB = bodyAboutCentre(b, offset, turn, {scale, scale});
            for (const PixelFastCode code : {PixelFastCode::Fastest, PixelFastCode::Portable}) {
                ASSERT_TRUE(sameAsNaive(bodyA, bodyB, fullScan(Sampling::Center, false), code)) << kind.name << ", pair " << pair;
            }
        }
    }
}

TEST(PixelFast, EveryKernelPathCountsAndListsTheSameOnRandomPoses) {
    // The full count runs the AVX2 kernel (groups of four short rows, long rows eight samples a gather,
    // rows past B's edge chunk by chunk), the portable code with POPCNT or the portable code alone: each
    // forced here on large sprites turned and scaled at random, so that rows of every length start and end
    // at every sub-pixel offset, inside B and across its edges, with holes in A and B.
    std::mt19937 rng(25250u);
    std::uniform_int_distribution<int> size(40, 200);
    const Shape shapes[] = {Shape::Disc, Shape::Ring, Shape::Noise, Shape::Solid, Shape::Comb, Shape::Sparse};
    int counted = 0;
    for (int pose = 0; pose < 400; ++pose) {
        const AlphaMask ma(randomImage(rng, shapes[rng() % 6], size(rng), size(rng)), 0);
        const AlphaMask mb(randomImage(rng, shapes[rng() % 6], size(rng), size(rng)), 0);
        std::uniform_real_distribution<double> unit(-1.0, 1.0);
        const glm::dvec2 offset{unit(rng) * 0.5 * mb.width(), unit(rng) * 0.5 * mb.height()};
        const double scale = std::exp(unit(rng) * std::log(1.8));
        const Body a = bodyAboutCentre(ma, {0.0, 0.0}, (rng() % 4 == 0) ? 0.0 : unit(rng) * 180.0);
        const Body b = bodyAboutCentre(mb, offset, unit(rng) * 180.0, {scale, (rng() % 3 == 0) ? -scale : scale});
        const Sampling sampling = (pose % 3 == 2) ? Sampling::Xna : Sampling::Center;
        const CollisionResult naive = pixelNaive(a, b, fullScan(sampling, false));
        counted += naive.overlap > 0.0 ? 1 : 0;
        for (const PixelFastCode code : {PixelFastCode::Fastest, PixelFastCode::Popcount, PixelFastCode::Portable}) {
            ASSERT_TRUE(sameAsNaiveInEveryMode(a, b, sampling, code)) << "pose " << pose;
        }
        // The two portable builds walk the same samples; only the popcount differs.
        EXPECT_EQ(pixelFast(a, b, fullScan(sampling, false), PixelFastCode::Popcount).samples,
                  pixelFast(a, b, fullScan(sampling, false), PixelFastCode::Portable).samples)
            << "pose " << pose;
    }
    // Most poses overlap, so that the counting paths ran.
    EXPECT_GT(counted, 250);
}

TEST(PixelFast, HitOnlyStopsAtTheFirstHitInAsScanOrder) {
    const AlphaMask a = solidMask(6, 6);
    const AlphaMask b = maskFromArt({"....", "...#", "#...", "...."});
    // A unturned at (0, 0), B at (1, 1): B's (3, 1) is A's (4, 2); B's (0, 2) is A's (1, 3), later in scan order.
    const CollisionResult r = pixelFast(bodyAt(a, {0, 0}), bodyAt(b, {1, 1}), hitOnlyScan(Sampling::Center));
    EXPECT_EQ(r.overlap, 1.0);
    ASSERT_TRUE(r.firstHit);
    EXPECT_EQ(r.firstHit->a, glm::ivec2(4, 2));
    EXPECT_EQ(r.firstHit->b, glm::ivec2(3, 1));
    EXPECT_TRUE(r.hits.empty());
    // A ten-thousandth of a degree moves no sample across a pixel edge but takes the transformed path.
    Body turned = bodyAt(b, {1, 1});
    turned.transform.rotationDeg = 1e-4;
    const CollisionResult t = pixelFast(bodyAt(a, {0, 0}), turned, hitOnlyScan(Sampling::Center));
    ASSERT_TRUE(t.firstHit);
    EXPECT_EQ(t.firstHit->a, glm::ivec2(4, 2));
}

TEST(PixelFast, SampleLatticeIsMakePairTransformsLattice) {
    std::mt19937 rng(7u);
    for (int i = 0; i < 20000; ++i) {
        SpriteTransform a, b;
        for (SpriteTransform* t : {&a, &b}) {
            const double reach = (i % 10 == 0) ? kMaxCoordinate : 300.0;
            t->position = {randomCoordinate(rng, -reach, reach), randomCoordinate(rng, -reach, reach)};
            t->origin = {randomCoordinate(rng, -reach, reach), randomCoordinate(rng, -reach, reach)};
            t->rotationDeg = (i % 7 == 0) ? randomRotation(rng) * 1e6 : randomRotation(rng);
            t->scale = {randomScale(rng), randomScale(rng)};
        }
        for (Sampling sampling : {Sampling::Center, Sampling::Xna}) {
            const PairTransform full = makePairTransform(a, b, sampling);
            const SampleLattice lattice = makeSampleLattice(a, b, sampling);
            ASSERT_TRUE(lattice.startFx == full.startFx && lattice.stepXFx == full.stepXFx &&
                        lattice.stepYFx == full.stepYFx && lattice.aToB == full.aToB && lattice.start == full.start &&
                        lattice.stepX == full.stepX && lattice.stepY == full.stepY && lattice.sampling == sampling)
                << "transform pair " << i;
        }
    }
}

// toFixed as first written, entirely through libm: floor, ldexp and llround at every magnitude.
Fixed toFixedThroughLibm(double value) {
    const double whole = std::floor(value);
    const long long scaledFraction = std::llround(std::ldexp(value - whole, kFixedFractionBits));
    return static_cast<Fixed>(whole) * kFixedOne + scaledFraction;
}

TEST(PixelFast, LibmFreeToFixedIsBitForBitTheLibmForm) {
    for (double v : {0.0, -0.0, 0.5, -0.5, 1.0 / 3.0, -1e-300, 123456.789, -1e13, 0x1p52, -0x1p52, 0x1p52 - 0.5,
                     -0x1p60, 0x1p-33, -0x1p-33, 0x1p-32 * 1.5, -0x1p-32 * 1.5, 0x1p-32 * 2.5, 1.0 - 0x1p-34,
                     -1.0 + 0x1p-34, 0x1p51 + 0.25, -(0x1p51 + 0.75)}) {
        EXPECT_TRUE(toFixed(v) == toFixedThroughLibm(v)) << v;
    }
    std::mt19937 rng(11u);
    for (int i = 0; i < 200000; ++i) {
        // Every magnitude up to 2^60, and exact halves of the last fixed-point unit (k + 0.5) * 2^-32.
        const int exponent = static_cast<int>(rng() % 100) - 40;
        double v = std::ldexp(std::uniform_real_distribution<double>(1.0, 2.0)(rng), exponent);
        if (i % 3 == 0) v = std::ldexp(static_cast<double>(rng() % (1u << 20)) * 2.0 + 1.0, -33) + static_cast<int>(rng() % 2001) - 1000;
        if (rng() % 2) v = -v;
        ASSERT_TRUE(toFixed(v) == toFixedThroughLibm(v)) << v;
    }
}

TEST(PixelFast, SupportPolygonHoldsEverySolidPixelSquare) {
    // One solid pixel at (2, 1): its square is [2, 3] x [1, 2].
    const AlphaMask one = maskFromArt({"....", "..#.", "...."});
    const auto& support = one.solidSupport();
    const auto& directions = supportDirections();
    EXPECT_DOUBLE_EQ(support[0], 3.0);   // +x: right edge
    EXPECT_DOUBLE_EQ(support[4], 2.0);   // +y: bottom edge
    EXPECT_DOUBLE_EQ(support[8], -2.0);  // -x: left edge
    EXPECT_DOUBLE_EQ(support[12], -1.0); // -y: top edge
    // Along the diagonal (1, 1) / sqrt(2) the farthest corner is (3, 2).
    EXPECT_NEAR(support[2], 5.0 / std::sqrt(2.0), 1e-12);
    EXPECT_NEAR(directions[2].x, std::sqrt(0.5), 1e-15);
    // No solid pixel: no point satisfies any side.
    const AlphaMask empty = testing::emptyMask(3, 3);
    for (double s : empty.solidSupport()) EXPECT_EQ(s, -std::numeric_limits<double>::infinity());
}

}  // namespace
}  // namespace cl
