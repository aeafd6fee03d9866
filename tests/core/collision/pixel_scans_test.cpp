#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "core/collision/pixel_scans.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::bodyAboutCentre;
using testing::bodyAt;
using testing::makeTransform;
using testing::maskFromArt;

using PixelTest = CollisionResult (*)(const Body&, const Body&, const TestOptions&);

PixelHit hitAt(int ax, int ay, int bx, int by, double wx, double wy) { return PixelHit{{ax, ay}, {bx, by}, {wx, wy}}; }

// True when pixel-rect is meant to answer for this body: an unturned, unscaled, whole-pixel placement.
bool wholePixelTranslation(const Body& body) {
    const SpriteTransform& t = body.transform;
    const glm::dvec2 d = t.position - t.origin;
    return std::fmod(t.rotationDeg, 360.0) == 0.0 && t.scale == glm::dvec2(1, 1) && d.x == std::floor(d.x) &&
           d.y == std::floor(d.y);
}

// Number of A samples a scan that stops at `first` has examined: solid pixels of A up to and including it.
std::int64_t samplesUpTo(const AlphaMask& mask, glm::ivec2 first) {
    std::int64_t n = 0;
    for (int y = 0; y < mask.height(); ++y)
        for (int x = 0; x < mask.width(); ++x) {
            if (!mask.solid(x, y)) continue;
            ++n;
            if (x == first.x && y == first.y) return n;
        }
    return n;
}

// Checks pixel-naive and pixel-step (and pixel-rect where it applies, for Center sampling) against the
// hand-worked list of overlapping samples, in full mode with and without the list and in hit-only mode.
void expectScan(const Body& a, const Body& b, Sampling sampling, const std::vector<PixelHit>& expected) {
    struct Named {
        const char* name;
        PixelTest test;
        bool countsSolidSamples;
    };
    std::vector<Named> tests{{"pixel-naive", &pixelNaive, true}, {"pixel-step", &pixelStep, true}};
    if (sampling == Sampling::Center && wholePixelTranslation(a) && wholePixelTranslation(b))
        tests.push_back({"pixel-rect", &pixelRect, false});
    const std::optional<PixelHit> first = expected.empty() ? std::nullopt : std::optional<PixelHit>(expected.front());

    for (const Named& t : tests) {
        SCOPED_TRACE(std::string(t.name) + (sampling == Sampling::Center ? " center" : " xna"));
        CollisionResult full = t.test(a, b, testing::fullScan(sampling));
        EXPECT_TRUE(full.applicable) << full.reason;
        EXPECT_EQ(full.hit, !expected.empty());
        EXPECT_EQ(full.overlap, static_cast<double>(expected.size()));
        EXPECT_EQ(full.firstHit, first);
        EXPECT_EQ(full.hits, expected);
        if (t.countsSolidSamples) {
            EXPECT_EQ(full.samples, a.mask->solidCount());
        }

        CollisionResult unlisted = t.test(a, b, testing::fullScan(sampling, false));
        EXPECT_EQ(unlisted.hit, !expected.empty());
        EXPECT_EQ(unlisted.overlap, static_cast<double>(expected.size()));
        EXPECT_EQ(unlisted.firstHit, first);
        EXPECT_TRUE(unlisted.hits.empty());

        CollisionResult hitOnly = t.test(a, b, testing::hitOnlyScan(sampling));
        EXPECT_EQ(hitOnly.hit, !expected.empty());
        EXPECT_EQ(hitOnly.overlap, expected.empty() ? 0.0 : 1.0);
        EXPECT_EQ(hitOnly.firstHit, first);
        EXPECT_LE(hitOnly.samples, full.samples);
        if (t.countsSolidSamples) {
            EXPECT_EQ(hitOnly.samples, first ? samplesUpTo(*a.mask, first->a) : a.mask->solidCount());
        }
    }
}

// --- Offsets of small hand-drawn masks -------------------------------------------------------------------

const std::vector<std::string> kArtA{
    "##.",
    "###",
    ".#.",
};
const std::vector<std::string> kArtB{
    "#.#",
    "###",
    "...",
};

TEST(PixelScan, DiagonalOffsetOverlapsWhereBothAreSolid) {
    // B one pixel right and down: A's (x,y) falls on B's (x-1,y-1).
    AlphaMask a = maskFromArt(kArtA), b = maskFromArt(kArtB);
    expectScan(bodyAt(a, {0, 0}), bodyAt(b, {1, 1}), Sampling::Center,
               {hitAt(1, 1, 0, 0, 1.5, 1.5), hitAt(1, 2, 0, 1, 1.5, 2.5)});
    expectScan(bodyAt(a, {10, 20}), bodyAt(b, {11, 21}), Sampling::Center,
               {hitAt(1, 1, 0, 0, 11.5, 21.5), hitAt(1, 2, 0, 1, 11.5, 22.5)});
}

TEST(PixelScan, XnaSamplingOfAWholePixelOffsetFindsTheSamePixels) {
    AlphaMask a = maskFromArt(kArtA), b = maskFromArt(kArtB);
    expectScan(bodyAt(a, {0, 0}), bodyAt(b, {1, 1}), Sampling::Xna, {hitAt(1, 1, 0, 0, 1, 1), hitAt(1, 2, 0, 1, 1, 2)});
}

TEST(PixelScan, NegativeOffsetOverlapsWhereBothAreSolid) {
    // B one pixel left: A's (x,y) falls on B's (x+1,y).
    AlphaMask a = maskFromArt(kArtA), b = maskFromArt(kArtB);
    expectScan(bodyAt(a, {0, 0}), bodyAt(b, {-1, 0}), Sampling::Center,
               {hitAt(1, 0, 2, 0, 1.5, 0.5), hitAt(0, 1, 1, 1, 0.5, 1.5), hitAt(1, 1, 2, 1, 1.5, 1.5)});
}

TEST(PixelScan, SpritesFarApartDoNotHit) {
    AlphaMask a = maskFromArt(kArtA), b = maskFromArt(kArtB);
    expectScan(bodyAt(a, {0, 0}), bodyAt(b, {3, 0}), Sampling::Center, {});
    expectScan(bodyAt(a, {0, 0}), bodyAt(b, {100, -50}), Sampling::Xna, {});
}

TEST(PixelScan, SamePlaceOverlapsOnTheSharedSolidPixels) {
    AlphaMask a = maskFromArt(kArtA), b = maskFromArt(kArtB);
    expectScan(bodyAt(a, {2, 2}), bodyAt(b, {2, 2}), Sampling::Center,
               {hitAt(0, 0, 0, 0, 2.5, 2.5), hitAt(0, 1, 0, 1, 2.5, 3.5), hitAt(1, 1, 1, 1, 3.5, 3.5),
                hitAt(2, 1, 2, 1, 4.5, 3.5)});
}

TEST(PixelScan, NegativePositionsFloorRatherThanTruncate) {
    AlphaMask dot = testing::solidMask(1, 1);
    // Center sample at x = -0.25 is pixel -1 (outside); truncation would wrongly pick 0.
    expectScan(bodyAt(dot, {-0.75, 0}), bodyAt(dot, {0, 0}), Sampling::Center, {});
    expectScan(bodyAt(dot, {-0.25, 0}), bodyAt(dot, {0, 0}), Sampling::Center, {hitAt(0, 0, 0, 0, 0.25, 0.5)});
    // Xna sample at x = -0.75 rounds to -1; at -0.25 it rounds to 0.
    expectScan(bodyAt(dot, {-0.75, 0}), bodyAt(dot, {0, 0}), Sampling::Xna, {});
    expectScan(bodyAt(dot, {-0.25, 0}), bodyAt(dot, {0, 0}), Sampling::Xna, {hitAt(0, 0, 0, 0, -0.25, 0)});
}

// --- Rotations about the centre and flips -----------------------------------------------------------------

const std::vector<std::string> kCorner{
    "##.",
    "#..",
    "...",
};

TEST(PixelScan, QuarterTurnAboutTheCentreMatchesTheTurnedDrawing) {
    // Turned 90 degrees clockwise about its centre, A's pixel (x,y) covers world pixel (2-y, x).
    AlphaMask a = maskFromArt(kCorner);
    AlphaMask turned = maskFromArt({
        ".##",
        "..#",
        "...",
    });
    expectScan(bodyAboutCentre(a, {1.5, 1.5}, 90), bodyAt(turned, {0, 0}), Sampling::Center,
               {hitAt(0, 0, 2, 0, 2.5, 0.5), hitAt(1, 0, 2, 1, 2.5, 1.5), hitAt(0, 1, 1, 0, 1.5, 0.5)});
    // Against the unturned drawing only world pixel (1,0) is shared; it comes from A's (0,1).
    expectScan(bodyAboutCentre(a, {1.5, 1.5}, 90), bodyAt(a, {0, 0}), Sampling::Center, {hitAt(0, 1, 1, 0, 1.5, 0.5)});
}

TEST(PixelScan, QuarterTurnOfBIsSeenFromA) {
    // B turned 90 degrees about its centre: B's pixel (x,y) covers world (2-y, x), so world (i,j) is B's (j, 2-i).
    AlphaMask b = maskFromArt(kCorner);
    AlphaMask a = maskFromArt({
        ".##",
        "..#",
        "...",
    });
    expectScan(bodyAt(a, {0, 0}), bodyAboutCentre(b, {1.5, 1.5}, 90), Sampling::Center,
               {hitAt(1, 0, 0, 1, 1.5, 0.5), hitAt(2, 0, 0, 0, 2.5, 0.5), hitAt(2, 1, 1, 0, 2.5, 1.5)});
}

TEST(PixelScan, XnaSamplingOfAQuarterTurnAboutTheCentreShiftsByOnePixel) {
    // XNA samples the pixel corner: A's (x,y) lands at world (3-y, x), one pixel right of the centre sample.
    AlphaMask a = maskFromArt(kCorner);
    AlphaMask turned = maskFromArt({
        ".##",
        "..#",
        "...",
    });
    expectScan(bodyAboutCentre(a, {1.5, 1.5}, 90), bodyAt(turned, {0, 0}), Sampling::Xna, {hitAt(0, 1, 2, 0, 2, 0)});
}

TEST(PixelScan, HalfTurnAboutTheCentreMatchesTheTurnedDrawing) {
    // A's (x,y) covers world pixel (2-x, 2-y).
    AlphaMask a = maskFromArt(kCorner);
    AlphaMask turned = maskFromArt({
        "...",
        "..#",
        ".##",
    });
    expectScan(bodyAboutCentre(a, {1.5, 1.5}, 180), bodyAt(turned, {0, 0}), Sampling::Center,
               {hitAt(0, 0, 2, 2, 2.5, 2.5), hitAt(1, 0, 1, 2, 1.5, 2.5), hitAt(0, 1, 2, 1, 2.5, 1.5)});
    expectScan(bodyAboutCentre(a, {1.5, 1.5}, 180), bodyAt(a, {0, 0}), Sampling::Center, {});
    expectScan(bodyAboutCentre(a, {1.5, 1.5}, -180), bodyAt(turned, {0, 0}), Sampling::Center,
               {hitAt(0, 0, 2, 2, 2.5, 2.5), hitAt(1, 0, 1, 2, 1.5, 2.5), hitAt(0, 1, 2, 1, 2.5, 1.5)});
}

TEST(PixelScan, ThreeQuarterTurnAboutTheCentreMatchesTheTurnedDrawing) {
    // Turned 270 (or -90) degrees, A's (x,y) covers world pixel (y, 2-x).
    AlphaMask a = maskFromArt(kCorner);
    AlphaMask turned = maskFromArt({
        "...",
        "#..",
        "##.",
    });
    const std::vector<PixelHit> expected{hitAt(0, 0, 0, 2, 0.5, 2.5), hitAt(1, 0, 0, 1, 0.5, 1.5),
                                         hitAt(0, 1, 1, 2, 1.5, 2.5)};
    expectScan(bodyAboutCentre(a, {1.5, 1.5}, 270), bodyAt(turned, {0, 0}), Sampling::Center, expected);
    expectScan(bodyAboutCentre(a, {1.5, 1.5}, -90), bodyAt(turned, {0, 0}), Sampling::Center, expected);
}

TEST(PixelScan, FullTurnsAreWholePixelTranslations) {
    AlphaMask a = maskFromArt(kArtA), b = maskFromArt(kArtB);
    for (double turn : {360.0, -360.0, 720.0}) {
        SCOPED_TRACE(turn);
        expectScan(Body{&a, makeTransform({0, 0}, {0, 0}, turn)}, bodyAt(b, {1, 1}), Sampling::Center,
                   {hitAt(1, 1, 0, 0, 1.5, 1.5), hitAt(1, 2, 0, 1, 1.5, 2.5)});
    }
}

TEST(PixelScan, HorizontalFlipMirrorsTheColumns) {
    // Flipped about its centre, A's (x,0) covers world pixel (2-x, 0).
    AlphaMask a = maskFromArt({"##."});
    AlphaMask right = maskFromArt({"..#"});
    expectScan(bodyAboutCentre(a, {1.5, 0.5}, 0, {-1, 1}), bodyAt(right, {0, 0}), Sampling::Center,
               {hitAt(0, 0, 2, 0, 2.5, 0.5)});
    AlphaMask same = maskFromArt({"##."});
    expectScan(bodyAboutCentre(a, {1.5, 0.5}, 0, {-1, 1}), bodyAt(same, {0, 0}), Sampling::Center,
               {hitAt(1, 0, 1, 0, 1.5, 0.5)});
}

TEST(PixelScan, VerticalFlipMirrorsTheRows) {
    // Flipped about its centre, A's (0,y) covers world pixel (0, 2-y).
    AlphaMask a = maskFromArt({"#", "#", "."});
    AlphaMask b = maskFromArt({".", ".", "#"});
    expectScan(bodyAboutCentre(a, {0.5, 1.5}, 0, {1, -1}), bodyAt(b, {0, 0}), Sampling::Center,
               {hitAt(0, 0, 0, 2, 0.5, 2.5)});
}

TEST(PixelScan, FlippingBothAxesIsAHalfTurn) {
    AlphaMask a = maskFromArt(kCorner);
    AlphaMask turned = maskFromArt({
        "...",
        "..#",
        ".##",
    });
    expectScan(bodyAboutCentre(a, {1.5, 1.5}, 0, {-1, -1}), bodyAt(turned, {0, 0}), Sampling::Center,
               {hitAt(0, 0, 2, 2, 2.5, 2.5), hitAt(1, 0, 1, 2, 1.5, 2.5), hitAt(0, 1, 2, 1, 2.5, 1.5)});
}

TEST(PixelScan, DoubledSpriteCoversTwoByTwoPixelsOfB) {
    // A single pixel scaled by 2 samples once, at its centre (1,1) -> B's pixel (1,1).
    AlphaMask dot = testing::solidMask(1, 1);
    AlphaMask b = maskFromArt({"..", ".#"});
    expectScan(Body{&dot, makeTransform({0, 0}, {0, 0}, 0, {2, 2})}, bodyAt(b, {0, 0}), Sampling::Center,
               {hitAt(0, 0, 1, 1, 1, 1)});
    // B scaled by 2: A's 4 pixels at (0..1, 0..1) all land in B's pixel (0,0).
    AlphaMask square = testing::solidMask(2, 2);
    expectScan(bodyAt(square, {0, 0}), Body{&dot, makeTransform({0, 0}, {0, 0}, 0, {2, 2})}, Sampling::Center,
               {hitAt(0, 0, 0, 0, 0.5, 0.5), hitAt(1, 0, 0, 0, 1.5, 0.5), hitAt(0, 1, 0, 0, 0.5, 1.5),
                hitAt(1, 1, 0, 0, 1.5, 1.5)});
}

// --- Threshold -------------------------------------------------------------------------------------------

TEST(PixelScan, AlphaEqualToTheThresholdIsNotSolidInA) {
    // '4' is alpha 100: at threshold 100 it is not solid, at 99 it is.
    AlphaMask full = testing::solidMask(2, 1);
    AlphaMask at = maskFromArt({"4#"}, 100);
    expectScan(bodyAt(at, {0, 0}), bodyAt(full, {0, 0}), Sampling::Center, {hitAt(1, 0, 1, 0, 1.5, 0.5)});
    AlphaMask below = maskFromArt({"4#"}, 99);
    expectScan(bodyAt(below, {0, 0}), bodyAt(full, {0, 0}), Sampling::Center,
               {hitAt(0, 0, 0, 0, 0.5, 0.5), hitAt(1, 0, 1, 0, 1.5, 0.5)});
}

TEST(PixelScan, AlphaEqualToTheThresholdIsNotSolidInB) {
    AlphaMask dot = testing::solidMask(1, 1);
    AlphaMask at = maskFromArt({"#4"}, 100);
    expectScan(bodyAt(dot, {1, 0}), bodyAt(at, {0, 0}), Sampling::Center, {});
    AlphaMask below = maskFromArt({"#4"}, 99);
    expectScan(bodyAt(dot, {1, 0}), bodyAt(below, {0, 0}), Sampling::Center, {hitAt(0, 0, 1, 0, 1.5, 0.5)});
}

// --- Half-pixel translation: where the two sampling rules part ---------------------------------------------

TEST(PixelScan, HalfPixelShiftCenterFloorsWhileXnaRoundsHalvesToEven) {
    // A "####" half a pixel right of B. Center samples land at x+1 exactly (pixels 1,2,3,4);
    // XNA samples land at x+0.5 and round to even (pixels 0,2,2,4).
    AlphaMask a = maskFromArt({"####"});
    AlphaMask odd = maskFromArt({".#.#."});
    expectScan(bodyAt(a, {0.5, 0}), bodyAt(odd, {0, 0}), Sampling::Center,
               {hitAt(0, 0, 1, 0, 1, 0.5), hitAt(2, 0, 3, 0, 3, 0.5)});
    expectScan(bodyAt(a, {0.5, 0}), bodyAt(odd, {0, 0}), Sampling::Xna, {});

    AlphaMask first = maskFromArt({"#...."});
    expectScan(bodyAt(a, {0.5, 0}), bodyAt(first, {0, 0}), Sampling::Center, {});
    expectScan(bodyAt(a, {0.5, 0}), bodyAt(first, {0, 0}), Sampling::Xna, {hitAt(0, 0, 0, 0, 0.5, 0)});

    AlphaMask middle = maskFromArt({"..#.."});
    expectScan(bodyAt(a, {0.5, 0}), bodyAt(middle, {0, 0}), Sampling::Center, {hitAt(1, 0, 2, 0, 2, 0.5)});
    expectScan(bodyAt(a, {0.5, 0}), bodyAt(middle, {0, 0}), Sampling::Xna,
               {hitAt(1, 0, 2, 0, 1.5, 0), hitAt(2, 0, 2, 0, 2.5, 0)});
}

TEST(PixelScan, HalfPixelShiftLeftRoundsNegativeHalfToZero) {
    // XNA samples at x-0.5 round to 0,0,2,2; Center samples at x+0 pick 0,1,2,3.
    AlphaMask a = maskFromArt({"####"});
    AlphaMask b = maskFromArt({"#.#.."});
    expectScan(bodyAt(a, {-0.5, 0}), bodyAt(b, {0, 0}), Sampling::Xna,
               {hitAt(0, 0, 0, 0, -0.5, 0), hitAt(1, 0, 0, 0, 0.5, 0), hitAt(2, 0, 2, 0, 1.5, 0),
                hitAt(3, 0, 2, 0, 2.5, 0)});
    expectScan(bodyAt(a, {-0.5, 0}), bodyAt(b, {0, 0}), Sampling::Center,
               {hitAt(0, 0, 0, 0, 0, 0.5), hitAt(2, 0, 2, 0, 2, 0.5)});
}

TEST(PixelScan, HalfPixelShiftDownRoundsRowsToEven) {
    // A column half a pixel down: XNA rows 0.5, 1.5, 2.5 round to 0, 2, 2.
    AlphaMask a = maskFromArt({"#", "#", "#"});
    AlphaMask b = maskFromArt({".", ".", "#"});
    expectScan(bodyAt(a, {0, 0.5}), bodyAt(b, {0, 0}), Sampling::Xna, {hitAt(0, 1, 0, 2, 0, 1.5), hitAt(0, 2, 0, 2, 0, 2.5)});
    expectScan(bodyAt(a, {0, 0.5}), bodyAt(b, {0, 0}), Sampling::Center, {hitAt(0, 1, 0, 2, 0.5, 2)});
}

// --- Empty masks ------------------------------------------------------------------------------------------

TEST(PixelScan, EmptyMaskCollidesWithNothing) {
    AlphaMask empty = testing::emptyMask(3, 3);
    AlphaMask full = testing::solidMask(3, 3);
    AlphaMask none;  // 0x0
    for (Sampling s : {Sampling::Center, Sampling::Xna}) {
        expectScan(bodyAt(empty, {0, 0}), bodyAt(full, {0, 0}), s, {});
        expectScan(bodyAt(full, {0, 0}), bodyAt(empty, {0, 0}), s, {});
        expectScan(bodyAt(empty, {0, 0}), bodyAt(empty, {0, 0}), s, {});
        expectScan(bodyAt(none, {0, 0}), bodyAt(full, {0, 0}), s, {});
        expectScan(bodyAt(full, {0, 0}), bodyAt(none, {0, 0}), s, {});
    }
}

// --- Scales at both limits ----------------------------------------------------------------------------------

TEST(PixelScan, ThousandfoldSpriteSamplesOnlyItsPixelCentre) {
    // One pixel scaled by 1000: the Center sample is world (500,500); the XNA sample is world (0,0).
    AlphaMask dot = testing::solidMask(1, 1);
    Body huge{&dot, makeTransform({0, 0}, {0, 0}, 0, {1000, 1000})};
    expectScan(huge, bodyAt(dot, {499.75, 499.75}), Sampling::Center, {hitAt(0, 0, 0, 0, 500, 500)});
    expectScan(huge, bodyAt(dot, {500.25, 500.25}), Sampling::Center, {});
    expectScan(huge, bodyAt(dot, {499.75, 499.75}), Sampling::Xna, {});
    expectScan(huge, bodyAt(dot, {-0.25, -0.25}), Sampling::Xna, {hitAt(0, 0, 0, 0, 0, 0)});
}

TEST(PixelScan, ThousandthSizedSpriteLandsAllItsSamplesInOnePixel) {
    // 4x4 at scale 0.001 from (0.2,0.2): every sample lies in [0.2, 0.2035], which floors and rounds to 0.
    AlphaMask tiny = testing::solidMask(4, 4);
    AlphaMask dot = testing::solidMask(1, 1);
    Body small{&tiny, makeTransform({0.2, 0.2}, {0, 0}, 0, {0.001, 0.001})};
    for (Sampling s : {Sampling::Center, Sampling::Xna}) {
        for (PixelTest test : {&pixelNaive, &pixelStep}) {
            CollisionResult r = test(small, bodyAt(dot, {0, 0}), testing::fullScan(s));
            EXPECT_TRUE(r.hit);
            EXPECT_EQ(r.overlap, 16.0);
            ASSERT_EQ(r.hits.size(), 16u);
            for (int i = 0; i < 16; ++i) {
                EXPECT_EQ(r.hits[static_cast<std::size_t>(i)].a, glm::ivec2(i % 4, i / 4));
                EXPECT_EQ(r.hits[static_cast<std::size_t>(i)].b, glm::ivec2(0, 0));
            }
            const double off = sampleOffset(s);
            EXPECT_NEAR(r.hits[5].world.x, 0.2 + 0.001 * (1 + off), 1e-12);
            EXPECT_NEAR(r.hits[5].world.y, 0.2 + 0.001 * (1 + off), 1e-12);
        }
    }
}

TEST(PixelScan, SampleLandsInAThousandthSizedSprite) {
    // B 2x2 at scale 0.001 from (0.4995,0.4995): A's centre sample (0.5,0.5) is B's local (0.5,0.5).
    AlphaMask dot = testing::solidMask(1, 1);
    AlphaMask small = testing::solidMask(2, 2);
    Body tiny{&small, makeTransform({0.4995, 0.4995}, {0, 0}, 0, {0.001, 0.001})};
    expectScan(bodyAt(dot, {0, 0}), tiny, Sampling::Center, {hitAt(0, 0, 0, 0, 0.5, 0.5)});
    expectScan(bodyAt(dot, {0.01, 0}), tiny, Sampling::Center, {});
}

// --- Hit-only versus full mode ------------------------------------------------------------------------------

TEST(PixelScan, HitOnlyModeStopsAtTheFirstHit) {
    // Two full 4x3 sprites, B one pixel right and down: the first hit is A's (1,1), the 6th sample;
    // the full scan examines all 12 and finds 3 x 2 = 6 overlapping samples.
    AlphaMask m = testing::solidMask(4, 3);
    for (PixelTest test : {&pixelNaive, &pixelStep}) {
        CollisionResult full = test(bodyAt(m, {0, 0}), bodyAt(m, {1, 1}), testing::fullScan(Sampling::Center, false));
        EXPECT_EQ(full.overlap, 6.0);
        EXPECT_EQ(full.samples, 12);
        CollisionResult fast = test(bodyAt(m, {0, 0}), bodyAt(m, {1, 1}), testing::hitOnlyScan(Sampling::Center));
        EXPECT_TRUE(fast.hit);
        EXPECT_EQ(fast.overlap, 1.0);
        EXPECT_EQ(fast.samples, 6);
        EXPECT_EQ(fast.firstHit, hitAt(1, 1, 0, 0, 1.5, 1.5));
    }
}

TEST(PixelScan, ListHitsListsEveryOverlappingSampleInScanOrder) {
    AlphaMask a = maskFromArt({
        "###",
        "#.#",
        "###",
    });
    AlphaMask b = maskFromArt({
        "##",
        "#.",
    });
    // B at (1,1): A's (x,y) -> B's (x-1,y-1). A's solid (1,2) and (2,1), (2,2) fall on B's (0,1), (1,0), (1,1).
    expectScan(bodyAt(a, {0, 0}), bodyAt(b, {1, 1}), Sampling::Center,
               {hitAt(2, 1, 1, 0, 2.5, 1.5), hitAt(1, 2, 0, 1, 1.5, 2.5)});
}

// --- pixel-rect ---------------------------------------------------------------------------------------------

TEST(PixelRect, AppliesToWholePixelTranslations) {
    AlphaMask m = testing::solidMask(2, 2);
    const TestOptions options{};
    EXPECT_TRUE(pixelRect(bodyAt(m, {3, -4}), bodyAt(m, {4, -4}), options).applicable);
    EXPECT_TRUE(pixelRect(Body{&m, makeTransform({0.5, 0}, {0.5, 0})}, bodyAt(m, {1, 0}), options).applicable);
    EXPECT_TRUE(pixelRect(Body{&m, makeTransform({3.25, 1}, {0.25, 0})}, bodyAt(m, {1, 0}), options).applicable);
    EXPECT_TRUE(pixelRect(Body{&m, makeTransform({0, 0}, {0, 0}, 360)}, bodyAt(m, {1, 0}), options).applicable);
    EXPECT_TRUE(pixelRect(Body{&m, makeTransform({0, 0}, {0, 0}, -720)}, bodyAt(m, {1, 0}), options).applicable);
}

TEST(PixelRect, IsNotApplicableWithAReasonOtherwise) {
    AlphaMask m = testing::solidMask(2, 2);
    const TestOptions options{};
    const Body plain = bodyAt(m, {0, 0});
    const std::vector<std::pair<const char*, Body>> cases{
        {"turned", Body{&m, makeTransform({0, 0}, {0, 0}, 90)}},
        {"slightly turned", Body{&m, makeTransform({0, 0}, {0, 0}, 0.001)}},
        {"scaled", Body{&m, makeTransform({0, 0}, {0, 0}, 0, {2, 1})}},
        {"flipped", Body{&m, makeTransform({0, 0}, {0, 0}, 0, {-1, 1})}},
        {"fractional position", bodyAt(m, {0.5, 0})},
        {"fractional origin", Body{&m, makeTransform({0, 0}, {0, 0.25})}},
    };
    for (const auto& [what, body] : cases) {
        SCOPED_TRACE(what);
        for (bool bodyIsA : {true, false}) {
            CollisionResult r = bodyIsA ? pixelRect(body, plain, options) : pixelRect(plain, body, options);
            EXPECT_FALSE(r.applicable);
            EXPECT_FALSE(r.reason.empty());
            EXPECT_FALSE(r.hit);
        }
    }
}

TEST(PixelRect, FindsTheSameHitsWithOriginsAndPositionsThatCancel) {
    AlphaMask a = maskFromArt(kArtA), b = maskFromArt(kArtB);
    expectScan(Body{&a, makeTransform({5.5, 3.25}, {0.5, 0.25})}, Body{&b, makeTransform({7, 5}, {1, 1})},
               Sampling::Center, {hitAt(1, 1, 0, 0, 6.5, 4.5), hitAt(1, 2, 0, 1, 6.5, 5.5)});
}

// --- pixel-world --------------------------------------------------------------------------------------------

void expectWorld(const Body& a, const Body& b, const std::vector<PixelHit>& expected) {
    const std::optional<PixelHit> first = expected.empty() ? std::nullopt : std::optional<PixelHit>(expected.front());
    CollisionResult full = pixelWorld(a, b, testing::fullScan(Sampling::Center));
    EXPECT_TRUE(full.applicable);
    EXPECT_EQ(full.hit, !expected.empty());
    EXPECT_EQ(full.overlap, static_cast<double>(expected.size()));
    EXPECT_EQ(full.firstHit, first);
    EXPECT_EQ(full.hits, expected);
    EXPECT_GE(full.samples, static_cast<std::int64_t>(expected.size()));
    CollisionResult fast = pixelWorld(a, b, testing::hitOnlyScan(Sampling::Center));
    EXPECT_EQ(fast.hit, !expected.empty());
    EXPECT_EQ(fast.overlap, expected.empty() ? 0.0 : 1.0);
    EXPECT_EQ(fast.firstHit, first);
    EXPECT_LE(fast.samples, full.samples);
}

TEST(PixelWorld, CountsWorldPixelCentresInsideBothBoxes) {
    // The boxes share [1,2]^2, which holds the single world pixel centre (1.5,1.5).
    AlphaMask m = testing::solidMask(2, 2);
    expectWorld(bodyAt(m, {0, 0}), bodyAt(m, {1, 1}), {hitAt(1, 1, 0, 0, 1.5, 1.5)});
}

TEST(PixelWorld, CentresOnTheBoxEdgeAreLeftOut) {
    // The boxes share [0.5,2] x [0,2]: centre x = 0.5 lies on the edge, only x = 1.5 is strictly inside.
    AlphaMask m = testing::solidMask(2, 2);
    expectWorld(bodyAt(m, {0.5, 0}), bodyAt(m, {0, 0}), {hitAt(1, 0, 1, 0, 1.5, 0.5), hitAt(1, 1, 1, 1, 1.5, 1.5)});
}

TEST(PixelWorld, CentreOnTheLeftEdgeOfASolidPixelCounts) {
    // A ".#" half a pixel right of a full B: the boxes share [0.5,2.5] x [0,1]; the centre (1.5,0.5) lies
    // strictly inside both, on the left edge of A's solid pixel 1, and floors onto it.
    AlphaMask a = maskFromArt({".#"});
    AlphaMask b = testing::solidMask(4, 1);
    expectWorld(bodyAt(a, {0.5, 0}), bodyAt(b, {0, 0}), {hitAt(1, 0, 1, 0, 1.5, 0.5)});
}

TEST(PixelWorld, TouchingBoxesShareNoPixel) {
    AlphaMask m = testing::solidMask(2, 2);
    expectWorld(bodyAt(m, {0, 0}), bodyAt(m, {2, 0}), {});
}

TEST(PixelWorld, ScansWorldRowsTopToBottom) {
    // A turned 90 degrees about its centre covers world (2-y, x); world pixel (i,j) is A's (j, 2-i).
    AlphaMask a = maskFromArt(kCorner);
    AlphaMask turned = maskFromArt({
        ".##",
        "..#",
        "...",
    });
    expectWorld(bodyAboutCentre(a, {1.5, 1.5}, 90), bodyAt(turned, {0, 0}),
                {hitAt(0, 1, 1, 0, 1.5, 0.5), hitAt(0, 0, 2, 0, 2.5, 0.5), hitAt(1, 0, 2, 1, 2.5, 1.5)});
}

TEST(PixelWorld, RespectsTheThreshold) {
    AlphaMask at = maskFromArt({"4#"}, 100);
    AlphaMask full = testing::solidMask(2, 1);
    expectWorld(bodyAt(at, {0, 0}), bodyAt(full, {0, 0}), {hitAt(1, 0, 1, 0, 1.5, 0.5)});
}

TEST(PixelWorld, EmptyMaskCollidesWithNothing) {
    AlphaMask empty = testing::emptyMask(3, 3);
    AlphaMask full = testing::solidMask(3, 3);
    expectWorld(bodyAt(empty, {0, 0}), bodyAt(full, {0, 0}), {});
    expectWorld(bodyAt(full, {0, 0}), bodyAt(empty, {0, 0}), {});
}

// --- pixel-exact --------------------------------------------------------------------------------------------

CollisionResult exact(const Body& a, const Body& b) { return pixelExact(a, b, TestOptions{}); }

TEST(PixelExact, OverlapIsTheSharedArea) {
    AlphaMask m = testing::solidMask(2, 2);
    CollisionResult r = exact(bodyAt(m, {0, 0}), bodyAt(m, {1, 1}));
    EXPECT_TRUE(r.applicable);
    EXPECT_TRUE(r.hit);
    EXPECT_NEAR(r.overlap, 1.0, 1e-12);
    EXPECT_EQ(r.firstHit, hitAt(1, 1, 0, 0, 1.5, 1.5));
    EXPECT_NEAR(exact(bodyAt(m, {0, 0}), bodyAt(m, {0.5, 0.5})).overlap, 2.25, 1e-12);
}

TEST(PixelExact, OnlySolidSquaresCount) {
    // A's squares [0,1]^2 and [1,2]^2 against B's [0.5,2.5] x [0,2]: 0.5 + 1.
    AlphaMask checker = maskFromArt({"#.", ".#"});
    AlphaMask full = testing::solidMask(2, 2);
    CollisionResult r = exact(bodyAt(checker, {0, 0}), bodyAt(full, {0.5, 0}));
    EXPECT_TRUE(r.hit);
    EXPECT_NEAR(r.overlap, 1.5, 1e-12);
}

TEST(PixelExact, TouchingSquaresAreNoHit) {
    AlphaMask dot = testing::solidMask(1, 1);
    for (glm::dvec2 p : {glm::dvec2(1, 0), glm::dvec2(0, 1), glm::dvec2(1, 1), glm::dvec2(-1, -1)}) {
        CollisionResult r = exact(bodyAt(dot, {0, 0}), bodyAt(dot, p));
        EXPECT_FALSE(r.hit);
        EXPECT_NEAR(r.overlap, 0.0, 1e-12);
        EXPECT_FALSE(r.firstHit.has_value());
    }
}

TEST(PixelExact, AreaMustExceedTheEpsilon) {
    AlphaMask dot = testing::solidMask(1, 1);
    CollisionResult sliver = exact(bodyAt(dot, {0, 0}), bodyAt(dot, {1 - 5e-7, 0}));
    EXPECT_FALSE(sliver.hit);
    EXPECT_NEAR(sliver.overlap, 5e-7, 1e-12);
    CollisionResult strip = exact(bodyAt(dot, {0, 0}), bodyAt(dot, {1 - 2e-6, 0}));
    EXPECT_TRUE(strip.hit);
    EXPECT_NEAR(strip.overlap, 2e-6, 1e-12);
}

TEST(PixelExact, EighthTurnedSquareOverItselfIsAnOctagon) {
    // A unit square and the same square turned 45 degrees about their shared centre share 2 (sqrt(2) - 1).
    AlphaMask dot = testing::solidMask(1, 1);
    CollisionResult r = exact(bodyAboutCentre(dot, {0.5, 0.5}, 45), bodyAt(dot, {0, 0}));
    EXPECT_TRUE(r.hit);
    EXPECT_NEAR(r.overlap, 2 * (std::sqrt(2.0) - 1), 1e-12);
}

TEST(PixelExact, QuarterTurnAboutTheCentreCountsWholePixels) {
    AlphaMask a = maskFromArt(kCorner);
    AlphaMask turned = maskFromArt({
        ".##",
        "..#",
        "...",
    });
    EXPECT_NEAR(exact(bodyAboutCentre(a, {1.5, 1.5}, 90), bodyAt(turned, {0, 0})).overlap, 3.0, 1e-12);
    EXPECT_NEAR(exact(bodyAboutCentre(a, {1.5, 1.5}, 90), bodyAt(a, {0, 0})).overlap, 1.0, 1e-12);
    EXPECT_NEAR(exact(bodyAboutCentre(a, {1.5, 1.5}, 0, {-1, -1}), bodyAt(a, {0, 0})).overlap, 0.0, 1e-12);
}

TEST(PixelExact, ScalesAtBothLimits) {
    AlphaMask dot = testing::solidMask(1, 1);
    AlphaMask small = testing::solidMask(2, 2);
    Body huge{&dot, makeTransform({0, 0}, {0, 0}, 0, {1000, 1000})};
    // A unit square inside the thousandfold square: area 1 although no sample of A falls in it.
    CollisionResult inside = exact(huge, bodyAt(dot, {500.25, 500.25}));
    EXPECT_TRUE(inside.hit);
    EXPECT_NEAR(inside.overlap, 1.0, 1e-9);
    // A 2x2 at scale 0.001 inside a unit square: 4e-6.
    Body tiny{&small, makeTransform({0.4995, 0.4995}, {0, 0}, 0, {0.001, 0.001})};
    CollisionResult inTiny = exact(bodyAt(dot, {0, 0}), tiny);
    EXPECT_TRUE(inTiny.hit);
    EXPECT_NEAR(inTiny.overlap, 4e-6, 1e-13);
}

TEST(PixelExact, EmptyMaskCollidesWithNothing) {
    AlphaMask empty = testing::emptyMask(3, 3);
    AlphaMask full = testing::solidMask(3, 3);
    EXPECT_FALSE(exact(bodyAt(empty, {0, 0}), bodyAt(full, {0, 0})).hit);
    EXPECT_FALSE(exact(bodyAt(full, {0, 0}), bodyAt(empty, {0, 0})).hit);
    EXPECT_EQ(exact(bodyAt(full, {0, 0}), bodyAt(empty, {0, 0})).overlap, 0.0);
}

TEST(PixelExact, HitOnlyModeAgreesOnTheHit) {
    AlphaMask m = testing::solidMask(3, 3);
    CollisionResult fast = pixelExact(bodyAt(m, {0, 0}), bodyAt(m, {1.5, 1.5}), testing::hitOnlyScan(Sampling::Center));
    EXPECT_TRUE(fast.hit);
    CollisionResult miss = pixelExact(bodyAt(m, {0, 0}), bodyAt(m, {3, 0}), testing::hitOnlyScan(Sampling::Center));
    EXPECT_FALSE(miss.hit);
}

}  // namespace
}  // namespace cl
