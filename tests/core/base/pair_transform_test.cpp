#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "core/base/pair_transform.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::makeTransform;

// The smallest fixed-point step (2^-32 pixel), and a whole number of quarter pixels in fixed point.
constexpr Fixed kUnit = 1;
Fixed fixedFromQuarters(int quarters) { return Fixed(quarters) * (kFixedOne / 4); }

void expectFixedVec(const FixedVec& actual, Fixed x, Fixed y, const char* what) {
    EXPECT_TRUE(actual.x == x) << what << ".x is " << toDouble(actual.x) << ", expected " << toDouble(x);
    EXPECT_TRUE(actual.y == y) << what << ".y is " << toDouble(actual.y) << ", expected " << toDouble(y);
}

TEST(Fixed, OneIsTwoToTheThirtyTwo) {
    EXPECT_TRUE(kFixedOne == (Fixed(1) << 32));
    EXPECT_EQ(kFixedFractionBits, 32);
}

TEST(Fixed, ToFixedIsExactOnMultiplesOfTheUnit) {
    EXPECT_TRUE(toFixed(0.0) == 0);
    EXPECT_TRUE(toFixed(1.0) == kFixedOne);
    EXPECT_TRUE(toFixed(-2.5) == -fixedFromQuarters(10));
    EXPECT_TRUE(toFixed(0.25) == fixedFromQuarters(1));
    EXPECT_TRUE(toFixed(std::ldexp(1.0, -32)) == kUnit);
    EXPECT_TRUE(toFixed(std::ldexp(-5.0, -32)) == -5 * kUnit);
    EXPECT_TRUE(toFixed(-1.0e7) == -Fixed(10000000) * kFixedOne);
}

TEST(Fixed, ToFixedHandlesTheWholeDocumentedRange) {
    // The header promises |value| < 2^90; whole parts past 2^63 need more than 64 bits.
    EXPECT_TRUE(toFixed(std::ldexp(1.0, 80)) == (Fixed(1) << 112));
    EXPECT_TRUE(toFixed(-std::ldexp(3.0, 70)) == -(Fixed(3) << 102));
    EXPECT_TRUE(toFixed(std::ldexp(1.0, 62)) == (Fixed(1) << 94));
}

// The nearest multiple of 2^-32 to `value`, halves up, in integer arithmetic: value = m * 2^e exactly.
Fixed referenceToFixed(double value) {
    int exponent = 0;
    const double mantissa = std::frexp(value, &exponent);  // value = mantissa * 2^exponent, |mantissa| in [0.5, 1)
    const auto m = static_cast<std::int64_t>(std::ldexp(mantissa, 53));  // exact: 53 bits
    const int shift = exponent - 53 + kFixedFractionBits;  // value * 2^32 = m * 2^shift
    if (shift >= 0) return Fixed(m) << shift;
    if (shift < -64) return 0;  // |value * 2^32| < 2^-11: rounds to 0
    // floor(m * 2^shift + 1/2) = floor((2m + 2^-shift) / 2^(1 - shift)), with an arithmetic (flooring) shift.
    return (Fixed(2) * m + (Fixed(1) << -shift)) >> (1 - shift);
}

TEST(Fixed, ToFixedRoundsLikeExactIntegerArithmetic) {
    std::mt19937_64 random(20261122);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    std::uniform_int_distribution<int> exponent(-80, 40);
    int checked = 0;
    for (int i = 0; i < 400000; ++i) {
        double value = std::ldexp(unit(random), exponent(random));
        // Every tenth value sits on or a hair beside a half unit, where rounding is decided.
        if (i % 10 == 0) {
            const double halves = std::round(std::ldexp(value, 33));
            value = std::ldexp(halves + (i % 20 == 0 ? 0.0 : 1.0), -33);
            value = std::nextafter(value, (i % 3 == 0) ? 1e300 : (i % 3 == 1 ? -1e300 : value));
        }
        ASSERT_TRUE(toFixed(value) == referenceToFixed(value)) << "value " << value;
        ++checked;
    }
    EXPECT_EQ(checked, 400000);
}

// The vector conversion (the lattice's, two coordinates side by side below 2^19) against the exact integer
// arithmetic, coordinate by coordinate: magnitudes from 2^-80 to 2^40, so pairs on both sides of its 2^19
// limit and of toFixed's own at 2^20, a tenth of the coordinates on or a hair beside a half unit.
TEST(Fixed, VectorToFixedRoundsEachCoordinateLikeExactIntegerArithmetic) {
    std::mt19937_64 random(20261127);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    std::uniform_int_distribution<int> exponent(-80, 40), nearLimit(17, 21);
    const auto draw = [&](int i) {
        // Half the pairs have both coordinates near the limits, where one may lie below and one above.
        double value = std::ldexp(unit(random), i % 2 == 0 ? nearLimit(random) : exponent(random));
        if (i % 10 < 2) {
            const double halves = std::round(std::ldexp(value, 33));
            value = std::ldexp(halves + (i % 20 < 10 ? 0.0 : 1.0), -33);
            value = std::nextafter(value, (i % 3 == 0) ? 1e300 : (i % 3 == 1 ? -1e300 : value));
        }
        return value;
    };
    int ties = 0;
    for (int i = 0; i < 400000; ++i) {
        const glm::dvec2 value{draw(i), draw(i + 1)};
        const FixedVec fixed = toFixed(value);
        ASSERT_TRUE(fixed.x == referenceToFixed(value.x)) << "x " << value.x << " beside y " << value.y;
        ASSERT_TRUE(fixed.y == referenceToFixed(value.y)) << "y " << value.y << " beside x " << value.x;
        ties += std::ldexp(value.x, 33) == std::round(std::ldexp(value.x, 33)) &&
                std::ldexp(value.x, 32) != std::round(std::ldexp(value.x, 32));
    }
    EXPECT_GT(ties, 1000);  // exact halves (rounded up, whatever the parity) were among them
    EXPECT_TRUE(toFixed(glm::dvec2(-0.0, 0x1p19)) == (FixedVec{0, Fixed(1) << 51}));
    EXPECT_TRUE(toFixed(glm::dvec2(-0x1p19, 0x1p-33)) == (FixedVec{-(Fixed(1) << 51), 1}));
}

TEST(Fixed, ToFixedRoundsToTheNearestUnit) {
    EXPECT_TRUE(toFixed(std::ldexp(3.0, -34)) == kUnit);    // 0.75 unit
    EXPECT_TRUE(toFixed(std::ldexp(1.0, -34)) == 0);        // 0.25 unit
    EXPECT_TRUE(toFixed(std::ldexp(-3.0, -34)) == -kUnit);  // -0.75 unit
    EXPECT_TRUE(toFixed(std::ldexp(-1.0, -34)) == 0);       // -0.25 unit
    EXPECT_TRUE(toFixed(1.0 + std::ldexp(7.0, -35)) == kFixedOne + kUnit);  // 1 + 0.875 unit
}

TEST(Fixed, ToDoubleReadsUnitsAsPixels) {
    EXPECT_EQ(toDouble(Fixed(0)), 0.0);
    EXPECT_EQ(toDouble(kFixedOne * 3 + kFixedOne / 4), 3.25);
    EXPECT_EQ(toDouble(-kFixedOne / 2), -0.5);
    EXPECT_EQ(toDouble(kUnit), std::ldexp(1.0, -32));
    EXPECT_EQ(toDouble(FixedVec{kFixedOne, -kFixedOne * 2}), glm::dvec2(1.0, -2.0));
}

TEST(Fixed, ToDoubleUndoesToFixed) {
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> value(-1e6, 1e6);
    for (int i = 0; i < 1000; ++i) {
        const double v = value(rng);
        EXPECT_NEAR(toDouble(toFixed(v)), v, std::ldexp(1.0, -32));
    }
}

TEST(PickPixel, CenterSamplingFloors) {
    EXPECT_EQ(pickPixel(fixedFromQuarters(8), Sampling::Center), 2);   // 2.0
    EXPECT_EQ(pickPixel(fixedFromQuarters(11), Sampling::Center), 2);  // 2.75
    EXPECT_EQ(pickPixel(fixedFromQuarters(12) - kUnit, Sampling::Center), 2);
    EXPECT_EQ(pickPixel(kUnit, Sampling::Center), 0);
    EXPECT_EQ(pickPixel(Fixed(0), Sampling::Center), 0);
    EXPECT_EQ(pickPixel(-kUnit, Sampling::Center), -1);
    EXPECT_EQ(pickPixel(fixedFromQuarters(-1), Sampling::Center), -1);  // -0.25
    EXPECT_EQ(pickPixel(fixedFromQuarters(-4), Sampling::Center), -1);  // -1.0
    EXPECT_EQ(pickPixel(fixedFromQuarters(-5), Sampling::Center), -2);  // -1.25
}

TEST(PickPixel, XnaSamplingRoundsHalvesToEven) {
    EXPECT_EQ(pickPixel(fixedFromQuarters(2), Sampling::Xna), 0);    // 0.5
    EXPECT_EQ(pickPixel(fixedFromQuarters(6), Sampling::Xna), 2);    // 1.5
    EXPECT_EQ(pickPixel(fixedFromQuarters(10), Sampling::Xna), 2);   // 2.5
    EXPECT_EQ(pickPixel(fixedFromQuarters(14), Sampling::Xna), 4);   // 3.5
    EXPECT_EQ(pickPixel(fixedFromQuarters(-2), Sampling::Xna), 0);   // -0.5
    EXPECT_EQ(pickPixel(fixedFromQuarters(-6), Sampling::Xna), -2);  // -1.5
    EXPECT_EQ(pickPixel(fixedFromQuarters(-10), Sampling::Xna), -2); // -2.5
}

TEST(PickPixel, XnaSamplingRoundsEverythingElseToNearest) {
    EXPECT_EQ(pickPixel(fixedFromQuarters(10) + kUnit, Sampling::Xna), 3);  // just above 2.5
    EXPECT_EQ(pickPixel(fixedFromQuarters(10) - kUnit, Sampling::Xna), 2);  // just below 2.5
    EXPECT_EQ(pickPixel(fixedFromQuarters(11), Sampling::Xna), 3);          // 2.75
    EXPECT_EQ(pickPixel(fixedFromQuarters(9), Sampling::Xna), 2);           // 2.25
    EXPECT_EQ(pickPixel(fixedFromQuarters(-11), Sampling::Xna), -3);        // -2.75
    EXPECT_EQ(pickPixel(fixedFromQuarters(-9), Sampling::Xna), -2);         // -2.25
    EXPECT_EQ(pickPixel(fixedFromQuarters(4), Sampling::Xna), 1);           // 1.0
    EXPECT_EQ(pickPixel(fixedFromQuarters(-2) - kUnit, Sampling::Xna), -1); // just below -0.5
}

TEST(PickPixel, HandlesCoordinatesFarFromZero) {
    const Fixed big = Fixed(1) << 70;  // 2^38 pixels
    EXPECT_EQ(pickPixel(big + fixedFromQuarters(1), Sampling::Center), std::int64_t{1} << 38);
    EXPECT_EQ(pickPixel(-big - fixedFromQuarters(1), Sampling::Center), -(std::int64_t{1} << 38) - 1);
    EXPECT_EQ(pickPixel(big + fixedFromQuarters(2), Sampling::Xna), std::int64_t{1} << 38);
}

TEST(SampleOffset, CenterIsHalfAPixelAndXnaIsTheCorner) {
    EXPECT_EQ(sampleOffset(Sampling::Center), 0.5);
    EXPECT_EQ(sampleOffset(Sampling::Xna), 0.0);
}

TEST(PairTransform, IdentityPairMapsEachSampleOntoItself) {
    PairTransform t = makePairTransform(SpriteTransform{}, SpriteTransform{}, Sampling::Center);
    EXPECT_EQ(t.sampling, Sampling::Center);
    EXPECT_EQ(t.stepX, glm::dvec2(1, 0));
    EXPECT_EQ(t.stepY, glm::dvec2(0, 1));
    EXPECT_EQ(t.start, glm::dvec2(0.5, 0.5));
    expectFixedVec(t.stepXFx, kFixedOne, 0, "stepX");
    expectFixedVec(t.stepYFx, 0, kFixedOne, "stepY");
    expectFixedVec(t.startFx, kFixedOne / 2, kFixedOne / 2, "start");
    expectFixedVec(samplePositionInB(t, 3, 7), fixedFromQuarters(14), fixedFromQuarters(30), "sample (3,7)");
}

TEST(PairTransform, XnaSamplesStartAtThePixelCorner) {
    PairTransform t = makePairTransform(SpriteTransform{}, SpriteTransform{}, Sampling::Xna);
    EXPECT_EQ(t.sampling, Sampling::Xna);
    EXPECT_EQ(t.start, glm::dvec2(0, 0));
    expectFixedVec(t.startFx, 0, 0, "start");
    expectFixedVec(samplePositionInB(t, 3, 7), 3 * kFixedOne, 7 * kFixedOne, "sample (3,7)");
}

TEST(PairTransform, TranslationsShiftTheStart) {
    // A at (3,4), B at (1,1): A's pixel (x,y) is B's pixel (x+2, y+3).
    PairTransform t = makePairTransform(makeTransform({3, 4}), makeTransform({1, 1}), Sampling::Center);
    EXPECT_EQ(t.start, glm::dvec2(2.5, 3.5));
    EXPECT_EQ(t.stepX, glm::dvec2(1, 0));
    EXPECT_EQ(t.stepY, glm::dvec2(0, 1));
    expectFixedVec(t.startFx, fixedFromQuarters(10), fixedFromQuarters(14), "start");
    expectFixedVec(samplePositionInB(t, 1, 2), fixedFromQuarters(14), fixedFromQuarters(22), "sample (1,2)");
}

TEST(PairTransform, HalfPixelTranslationGivesHalfPixelStarts) {
    PairTransform center = makePairTransform(makeTransform({0.5, 0}), SpriteTransform{}, Sampling::Center);
    EXPECT_EQ(center.start, glm::dvec2(1.0, 0.5));
    PairTransform xna = makePairTransform(makeTransform({0.5, 0}), SpriteTransform{}, Sampling::Xna);
    EXPECT_EQ(xna.start, glm::dvec2(0.5, 0.0));
    expectFixedVec(xna.startFx, kFixedOne / 2, 0, "start");
}

TEST(PairTransform, RotatedBTurnsTheStepsTheOtherWay) {
    // World -> B local undoes a 90 degree turn: (x, y) -> (y, -x).
    PairTransform t = makePairTransform(SpriteTransform{}, makeTransform({0, 0}, {0, 0}, 90), Sampling::Center);
    EXPECT_EQ(t.stepX, glm::dvec2(0, -1));
    EXPECT_EQ(t.stepY, glm::dvec2(1, 0));
    EXPECT_EQ(t.start, glm::dvec2(0.5, -0.5));
    expectFixedVec(t.stepXFx, 0, -kFixedOne, "stepX");
    expectFixedVec(t.stepYFx, kFixedOne, 0, "stepY");
}

TEST(PairTransform, RotatedAAboutItsCentreLandsOnTheTurnedPixel) {
    // A 3x3 turned 90 degrees about its centre over an unturned B at the same place:
    // A's pixel (x,y) covers world pixel (2-y, x).
    const SpriteTransform a = makeTransform({1.5, 1.5}, {1.5, 1.5}, 90);
    const SpriteTransform b = makeTransform({1.5, 1.5}, {1.5, 1.5}, 0);
    PairTransform t = makePairTransform(a, b, Sampling::Center);
    for (int y = 0; y < 3; ++y)
        for (int x = 0; x < 3; ++x) {
            FixedVec p = samplePositionInB(t, x, y);
            EXPECT_EQ(toDouble(p), glm::dvec2(2 - y + 0.5, x + 0.5)) << "A pixel " << x << "," << y;
            EXPECT_EQ(pickPixel(p.x, Sampling::Center), 2 - y);
            EXPECT_EQ(pickPixel(p.y, Sampling::Center), x);
        }
}

TEST(PairTransform, ScaledBShortensTheSteps) {
    PairTransform t = makePairTransform(SpriteTransform{}, makeTransform({0, 0}, {0, 0}, 0, {2, 4}), Sampling::Center);
    EXPECT_EQ(t.stepX, glm::dvec2(0.5, 0));
    EXPECT_EQ(t.stepY, glm::dvec2(0, 0.25));
    EXPECT_EQ(t.start, glm::dvec2(0.25, 0.125));
}

TEST(PairTransform, FlippedAWalksBackwardsThroughB) {
    PairTransform t = makePairTransform(makeTransform({4, 0}, {0, 0}, 0, {-1, 1}), SpriteTransform{}, Sampling::Center);
    EXPECT_EQ(t.stepX, glm::dvec2(-1, 0));
    EXPECT_EQ(t.stepY, glm::dvec2(0, 1));
    EXPECT_EQ(t.start, glm::dvec2(3.5, 0.5));
}

TEST(PairTransform, ScalesAtBothLimits) {
    PairTransform big = makePairTransform(makeTransform({0, 0}, {0, 0}, 0, {1000, 1000}), SpriteTransform{}, Sampling::Center);
    EXPECT_EQ(big.stepX, glm::dvec2(1000, 0));
    expectFixedVec(big.stepXFx, 1000 * kFixedOne, 0, "stepX");
    EXPECT_EQ(big.start, glm::dvec2(500, 500));

    PairTransform small = makePairTransform(SpriteTransform{}, makeTransform({0, 0}, {0, 0}, 0, {1000, 1000}), Sampling::Center);
    EXPECT_NEAR(small.stepX.x, 0.001, 1e-18);
    EXPECT_EQ(small.stepX.y, 0.0);
    const Fixed difference = small.stepXFx.x - toFixed(0.001);
    EXPECT_TRUE(difference >= -1 && difference <= 1) << "stepX in fixed point is not the rounded 0.001";
}

TEST(PairTransform, MatricesAreTheSpritesWorldMatrices) {
    const SpriteTransform a = makeTransform({10, 20}, {1, 2}, 30, {2, -1});
    const SpriteTransform b = makeTransform({-5, 7}, {3, 3}, -45, {0.5, 1.5});
    PairTransform t = makePairTransform(a, b, Sampling::Center);
    const glm::dmat3 wa = worldMatrix(a), wb = worldMatrix(b);
    for (int c = 0; c < 3; ++c)
        for (int r = 0; r < 3; ++r) {
            EXPECT_EQ(t.worldA[c][r], wa[c][r]);
            EXPECT_EQ(t.worldB[c][r], wb[c][r]);
            EXPECT_NEAR((t.inverseB * wb)[c][r], c == r ? 1.0 : 0.0, 1e-12);
            EXPECT_NEAR(t.aToB[c][r], (t.inverseB * wa)[c][r], 1e-12);
        }
}

// Whatever the transforms, every sample's exact position is the double matrix product to within the
// rounding of the matrix to 32.32 fixed point, and the fixed-point steps are the rounded double steps.
TEST(PairTransform, SamplePositionsFollowTheMatrixOnArbitraryTransforms) {
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> coord(-50, 50), angle(-400, 400), scale(0.05, 20);
    for (int i = 0; i < 300; ++i) {
        const Sampling sampling = i % 2 ? Sampling::Xna : Sampling::Center;
        const SpriteTransform a = makeTransform({coord(rng), coord(rng)}, {coord(rng), coord(rng)}, angle(rng),
                                                {scale(rng), i % 3 ? scale(rng) : -scale(rng)});
        const SpriteTransform b = makeTransform({coord(rng), coord(rng)}, {coord(rng), coord(rng)}, angle(rng),
                                                {i % 5 ? scale(rng) : -scale(rng), scale(rng)});
        PairTransform t = makePairTransform(a, b, sampling);
        const double off = sampleOffset(sampling);
        const glm::dmat3 aToB = affineInverse(worldMatrix(b)) * worldMatrix(a);
        const glm::dvec2 sx = transformVector(aToB, {1, 0}), sy = transformVector(aToB, {0, 1});
        const double tolerance = 1e-6 * (1.0 + std::abs(sx.x) + std::abs(sx.y) + std::abs(sy.x) + std::abs(sy.y));
        EXPECT_NEAR(t.stepX.x, sx.x, tolerance);
        EXPECT_NEAR(t.stepX.y, sx.y, tolerance);
        EXPECT_NEAR(t.stepY.x, sy.x, tolerance);
        EXPECT_NEAR(t.stepY.y, sy.y, tolerance);
        for (auto [fx, d] : {std::pair{t.stepXFx.x, t.stepX.x}, std::pair{t.stepXFx.y, t.stepX.y},
                             std::pair{t.stepYFx.x, t.stepY.x}, std::pair{t.stepYFx.y, t.stepY.y}}) {
            const Fixed difference = fx - toFixed(d);
            EXPECT_TRUE(difference >= -1 && difference <= 1) << "fixed step is not the rounded double step";
        }
        for (int y : {0, 1, 7})
            for (int x : {0, 3, 15}) {
                const glm::dvec2 expected = transformPoint(aToB, {x + off, y + off});
                const glm::dvec2 actual = toDouble(samplePositionInB(t, x, y));
                EXPECT_NEAR(actual.x, expected.x, tolerance) << "sample " << x << "," << y;
                EXPECT_NEAR(actual.y, expected.y, tolerance) << "sample " << x << "," << y;
            }
    }
}

// The lattice's three fixed-point vectors are toFixed (the scalar one) of its doubles, bit for bit, whichever
// side of the two-at-a-time conversion's 2^19 limit each coordinate lies: positions out to 10^7 and scales
// from 0.001 to 1,000 put starts and steps from far below to far above it, often one vector each side.
TEST(PairTransform, TheLatticesFixedVectorsAreItsDoublesRounded) {
    std::mt19937 rng(2026112701u);
    std::uniform_real_distribution<double> unit(-1.0, 1.0), angle(-800.0, 800.0);
    std::uniform_int_distribution<int> exponent(-10, 23);
    const auto coordinate = [&] { return std::ldexp(unit(rng), exponent(rng)); };
    const auto scale = [&] { return std::clamp(std::ldexp(std::abs(unit(rng)), exponent(rng) - 8), 0.001, 1000.0); };
    int aboveLimit = 0;
    for (int i = 0; i < 20000; ++i) {
        const Sampling sampling = i % 2 ? Sampling::Xna : Sampling::Center;
        const SpriteTransform a = makeTransform({coordinate(), coordinate()}, {coordinate(), coordinate()}, angle(rng),
                                                {scale(), i % 3 ? scale() : -scale()});
        const SpriteTransform b = makeTransform({coordinate(), coordinate()}, {coordinate(), coordinate()},
                                                i % 4 ? angle(rng) : 0.0, {scale(), scale()});
        const SampleLattice t = makeSampleLattice(a, b, sampling);
        for (auto [fx, d] : {std::pair{t.startFx, t.start}, std::pair{t.stepXFx, t.stepX}, std::pair{t.stepYFx, t.stepY}}) {
            ASSERT_TRUE(fx.x == toFixed(d.x) && fx.y == toFixed(d.y)) << "case " << i << ": " << d.x << ", " << d.y;
            aboveLimit += std::abs(d.x) >= 0x1p19 || std::abs(d.y) >= 0x1p19;
        }
    }
    EXPECT_GT(aboveLimit, 2000);
}

TEST(PairTransform, AnUnturnedAUsesTheTurnBetweenThemBitForBit) {
    // The lattice takes A's turn relative to B from cosSinDegrees(turnA - turnB); with A unturned it reuses
    // B's own cos and sin instead. The steps must be what the difference itself gives, for every B.
    std::mt19937 rng(77u);
    std::vector<double> turns{0.0, -0.0, 90.0, 180.0, 270.0, -90.0, -180.0, 30.0, -30.0, 45.0, 359.5, 1e12, -1e12 - 0.25};
    for (int i = 0; i < 20000; ++i) turns.push_back(std::uniform_real_distribution<double>(-1000.0, 1000.0)(rng));
    for (double turnA : {0.0, -0.0, 360.0, -720.0}) {
        for (double turnB : turns) {
            SpriteTransform a = makeTransform({1.25, -3.5}, {2.0, 1.0}, turnA, {1.5, -0.75});
            SpriteTransform b = makeTransform({-0.5, 2.0}, {4.0, 3.0}, turnB, {0.8, 1.7});
            const SampleLattice lattice = makeSampleLattice(a, b, Sampling::Center);
            const double reducedB = std::abs(turnB) < 360.0 ? turnB : std::fmod(turnB, 360.0);
            const glm::dvec2 cs = cosSinDegrees(0.0 - reducedB);
            const glm::dvec2 stepX{cs.x * a.scale.x / b.scale.x, cs.y * a.scale.x / b.scale.y};
            const glm::dvec2 stepY{-cs.y * a.scale.y / b.scale.x, cs.x * a.scale.y / b.scale.y};
            ASSERT_TRUE(lattice.stepX == stepX && lattice.stepY == stepY) << turnA << " / " << turnB;
            ASSERT_FALSE(std::signbit(lattice.stepX.y) != std::signbit(stepX.y)) << turnA << " / " << turnB;
        }
    }
}

TEST(PairTransform, AnUnturnedBUsesTheTurnBetweenThemBitForBit) {
    // With B unturned the lattice takes A's own cos and sin from the per-thread table; the steps must be
    // what cosSinDegrees(turnA - turnB) gives, every bit and sign, for every A, whether or not the table
    // held A's turn already (each pair is built twice).
    std::mt19937 rng(78u);
    std::vector<double> turns{0.0, -0.0, 90.0, 180.0, 270.0, -90.0, -180.0, 30.0, -30.0, 45.0, 359.5, 1e12, -1e12 - 0.25};
    for (int i = 0; i < 20000; ++i) turns.push_back(std::uniform_real_distribution<double>(-1000.0, 1000.0)(rng));
    const auto reduce = [](double turn) { return std::abs(turn) < 360.0 ? turn : std::fmod(turn, 360.0); };
    const auto same = [](double p, double q) { return p == q && std::signbit(p) == std::signbit(q); };
    for (double turnB : {0.0, -0.0, 360.0, -720.0}) {
        for (double turnA : turns) {
            SpriteTransform a = makeTransform({1.25, -3.5}, {2.0, 1.0}, turnA, {1.5, -0.75});
            SpriteTransform b = makeTransform({-0.5, 2.0}, {4.0, 3.0}, turnB, {0.8, 1.7});
            const glm::dvec2 cs = cosSinDegrees(reduce(turnA) - reduce(turnB));
            const glm::dvec2 stepX{cs.x * a.scale.x / b.scale.x, cs.y * a.scale.x / b.scale.y};
            const glm::dvec2 stepY{-cs.y * a.scale.y / b.scale.x, cs.x * a.scale.y / b.scale.y};
            for (int ask = 0; ask < 2; ++ask) {
                const SampleLattice lattice = makeSampleLattice(a, b, Sampling::Center);
                ASSERT_TRUE(same(lattice.stepX.x, stepX.x) && same(lattice.stepX.y, stepX.y) && same(lattice.stepY.x, stepY.x) &&
                            same(lattice.stepY.y, stepY.y))
                    << turnA << " / " << turnB << " ask " << ask;
            }
        }
    }
}

// The batch gives every placement the start makeSampleLattice gives it, bit for bit: random turns, scales,
// flips and sub-pixel positions far from the origin, with both samplings.
TEST(SampleLatticeFamily, StartsAtInABatchEqualMakeSampleLatticeForEveryPlacement) {
    std::mt19937_64 rng(0x5EED25);
    std::uniform_real_distribution<double> any(-3000.0, 3000.0), turn(-360.0, 360.0), scale(0.3, 3.0), unit(0.0, 1.0);
    for (int n = 0; n < 50; ++n) {
        const Sampling sampling = n % 2 ? Sampling::Xna : Sampling::Center;
        const SpriteTransform a = makeTransform({any(rng), any(rng)}, {unit(rng) * 40, unit(rng) * 40}, n % 3 ? turn(rng) : 0.0,
                                                {scale(rng), n % 5 ? scale(rng) : -scale(rng)});
        const SpriteTransform b = makeTransform({any(rng), any(rng)}, {unit(rng) * 40, unit(rng) * 40}, n % 4 ? turn(rng) : 0.0,
                                                {n % 7 ? scale(rng) : -scale(rng), scale(rng)});
        const SampleLatticeFamily family(a, b, sampling);
        std::vector<glm::dvec2> aPositions, differences;
        for (int k = 0; k < 40; ++k) {
            aPositions.push_back(a.position + glm::dvec2(k * 0.37 - 7.0, k * -0.61 + 3.0));
            differences.push_back(aPositions.back() - b.position);
        }
        std::vector<FixedVec> starts(differences.size());
        family.startsAt(differences, starts);
        for (std::size_t k = 0; k < differences.size(); ++k) {
            SpriteTransform moved = a;
            moved.position = aPositions[k];
            const FixedVec expected = makeSampleLattice(moved, b, sampling).startFx;
            ASSERT_TRUE(starts[k] == expected) << "placement " << n << " / " << k;
            ASSERT_TRUE(family.startAt(aPositions[k], b.position) == expected) << "placement " << n << " / " << k;
        }
    }
}

}  // namespace
}  // namespace cl

namespace cl {
namespace {

// The start's rounding bound against the exact start, worked in 113-bit floats from the same inputs (B's turn,
// the lattice's columns, the origin and sample terms, each the double the family holds): A and B placed up to
// 1e8 pixels apart, where the doubles' errors are tens of 2^-32 units, so the bound is tested and not just the
// half unit of the rounding to fixed point.
TEST(SampleLatticeFamily, StartsLieWithinTheirRoundingBoundOfTheExactStart) {
    using Wide = __float128;
    std::mt19937_64 rng(0xB0A2D25);
    std::uniform_real_distribution<double> turn(-359.0, 359.0), scale(0.3, 3.0), unit(0.0, 1.0);
    double largestShare = 0.0;  // the largest error seen, as a share of its bound
    for (int n = 0; n < 200; ++n) {
        const Sampling sampling = n % 2 ? Sampling::Xna : Sampling::Center;
        const double far = n % 3 == 0 ? 3000.0 : 1e8;
        const SpriteTransform a = makeTransform({far * unit(rng), -far * unit(rng)}, {unit(rng) * 40, unit(rng) * 40},
                                                n % 3 ? turn(rng) : 0.0, {scale(rng), n % 5 ? scale(rng) : -scale(rng)});
        const SpriteTransform b = makeTransform({-far * unit(rng), far * unit(rng)}, {unit(rng) * 40, unit(rng) * 40},
                                                n % 4 ? turn(rng) : 0.0, {n % 7 ? scale(rng) : -scale(rng), scale(rng)});
        const SampleLatticeFamily family(a, b, sampling);
        const glm::dvec2 cs = cosSinDegrees(b.rotationDeg);
        const glm::dvec2 col0 = family.reference().stepX, col1 = family.reference().stepY;
        const glm::dvec2 originTerm = col0 * a.origin.x + col1 * a.origin.y;
        const glm::dvec2 sampleTerm = (col0 + col1) * sampleOffset(sampling);
        for (int k = 0; k < 50; ++k) {
            const glm::dvec2 aPosition = a.position + glm::dvec2(unit(rng) * 200.0 - 100.0, unit(rng) * 200.0 - 100.0);
            const glm::dvec2 aMax = glm::abs(aPosition) * 1.0000001, bMax = glm::abs(b.position);
            const glm::dvec2 bound = family.startErrorBound(aMax, {0.0, 0.0}, bMax, {0.0, 0.0});
            const Wide dx = Wide(aPosition.x) - Wide(b.position.x), dy = Wide(aPosition.y) - Wide(b.position.y);
            const Wide exact[2] = {
                Wide(b.origin.x) + (Wide(cs.x) * dx + Wide(cs.y) * dy) / Wide(b.scale.x) - Wide(originTerm.x) + Wide(sampleTerm.x),
                Wide(b.origin.y) + (-Wide(cs.y) * dx + Wide(cs.x) * dy) / Wide(b.scale.y) - Wide(originTerm.y) + Wide(sampleTerm.y)};
            const FixedVec start = family.startAt(aPosition, b.position);
            const Fixed got[2] = {start.x, start.y};
            for (int axis = 0; axis < 2; ++axis) {
                // |fixed - 2^32 exact| <= half a unit (the rounding to fixed point) + 2^32 bound.
                const Wide error = Wide(got[axis]) - exact[axis] * Wide(0x1p32);
                const double size = static_cast<double>(error < 0 ? -error : error);
                const double allowed = 0.5 + bound[axis] * 0x1p32;
                ASSERT_LE(size, allowed * (1.0 + 1e-12)) << "pair " << n << " placement " << k << " axis " << axis;
                if (far > 1e7) largestShare = std::max(largestShare, (size - 0.5) / (bound[axis] * 0x1p32));
            }
        }
    }
    // The doubles' errors reach a good share of the bound: it is tight enough to be tested, not vacuous.
    EXPECT_GT(largestShare, 0.05);
}

}  // namespace
}  // namespace cl
