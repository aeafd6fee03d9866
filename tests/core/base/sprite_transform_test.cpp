#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <thread>
#include <utility>
#include <numbers>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "core/base/sprite_transform.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::makeTransform;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// The message for a transform that has exactly one bad field; fails the test if it is accepted.
std::string refusal(const SpriteTransform& t) {
    auto message = validate(t);
    EXPECT_TRUE(message.has_value()) << "an invalid transform was accepted";
    return message.value_or("");
}

bool mentions(const std::string& message, const std::string& field) { return message.find(field) != std::string::npos; }

void expectMatrixEq(const glm::dmat3& actual, const glm::dmat3& expected) {
    for (int c = 0; c < 3; ++c)
        for (int r = 0; r < 3; ++r) EXPECT_EQ(actual[c][r], expected[c][r]) << "column " << c << " row " << r;
}

void expectMatrixNear(const glm::dmat3& actual, const glm::dmat3& expected, double tolerance) {
    for (int c = 0; c < 3; ++c)
        for (int r = 0; r < 3; ++r) EXPECT_NEAR(actual[c][r], expected[c][r], tolerance) << "column " << c << " row " << r;
}

TEST(SpriteTransformValidate, IdentityIsValid) { EXPECT_FALSE(validate(SpriteTransform{}).has_value()); }

TEST(SpriteTransformValidate, ScalesAtBothLimitsAreValid) {
    for (double s : {kMinScale, -kMinScale, kMaxScale, -kMaxScale, 0.001, 1000.0}) {
        EXPECT_FALSE(validate(makeTransform({0, 0}, {0, 0}, 0, {s, 1})).has_value()) << "scale.x " << s;
        EXPECT_FALSE(validate(makeTransform({0, 0}, {0, 0}, 0, {1, s})).has_value()) << "scale.y " << s;
    }
}

TEST(SpriteTransformValidate, ScaleXOutOfRangeIsRefusedNamingScaleX) {
    for (double s : {0.0, -0.0, 0.0009, -0.0009, 1000.5, -1000.5, 1e300, kNaN, kInf, -kInf}) {
        std::string message = refusal(makeTransform({0, 0}, {0, 0}, 0, {s, 1}));
        EXPECT_TRUE(mentions(message, "scale.x")) << "for " << s << ": " << message;
    }
}

TEST(SpriteTransformValidate, ScaleYOutOfRangeIsRefusedNamingScaleY) {
    for (double s : {0.0, 0.0009, 1000.5, kNaN, -kInf}) {
        std::string message = refusal(makeTransform({0, 0}, {0, 0}, 0, {1, s}));
        EXPECT_TRUE(mentions(message, "scale.y")) << "for " << s << ": " << message;
    }
}

TEST(SpriteTransformValidate, BadPositionIsRefusedNamingTheComponent) {
    for (double v : {kNaN, kInf, -kInf, 2.0e7, -2.0e7}) {
        std::string mx = refusal(makeTransform({v, 0}));
        EXPECT_TRUE(mentions(mx, "position.x")) << mx;
        std::string my = refusal(makeTransform({0, v}));
        EXPECT_TRUE(mentions(my, "position.y")) << my;
    }
}

TEST(SpriteTransformValidate, BadOriginIsRefusedNamingTheComponent) {
    for (double v : {kNaN, kInf, -2.0e7}) {
        std::string mx = refusal(makeTransform({0, 0}, {v, 0}));
        EXPECT_TRUE(mentions(mx, "origin.x")) << mx;
        std::string my = refusal(makeTransform({0, 0}, {0, v}));
        EXPECT_TRUE(mentions(my, "origin.y")) << my;
    }
}

TEST(SpriteTransformValidate, CoordinatesAtTheLimitAreValid) {
    EXPECT_FALSE(validate(makeTransform({kMaxCoordinate, -kMaxCoordinate}, {-kMaxCoordinate, kMaxCoordinate})).has_value());
}

TEST(SpriteTransformValidate, NonFiniteRotationIsRefusedNamingRotation) {
    for (double r : {kNaN, kInf, -kInf}) {
        std::string message = refusal(makeTransform({0, 0}, {0, 0}, r));
        EXPECT_TRUE(mentions(message, "rotation")) << message;
    }
}

TEST(SpriteTransformValidate, AnyFiniteRotationIsValid) {
    for (double r : {-720.0, -90.0, 0.5, 359.999, 450.0, 12345.0})
        EXPECT_FALSE(validate(makeTransform({0, 0}, {0, 0}, r)).has_value()) << r;
}

TEST(CosSinDegrees, WholeQuarterTurnsAreExact) {
    struct Case {
        double degrees, cos, sin;
    };
    for (Case c : {Case{0, 1, 0}, Case{90, 0, 1}, Case{180, -1, 0}, Case{270, 0, -1}, Case{360, 1, 0},
                   Case{450, 0, 1}, Case{-90, 0, -1}, Case{-180, -1, 0}, Case{-270, 0, 1}, Case{-360, 1, 0},
                   Case{3690, 0, 1}, Case{-3690, 0, -1}, Case{900, -1, 0}}) {
        glm::dvec2 cs = cosSinDegrees(c.degrees);
        EXPECT_EQ(cs.x, c.cos) << c.degrees << " degrees";
        EXPECT_EQ(cs.y, c.sin) << c.degrees << " degrees";
    }
}

// Every whole quarter turn (after 0, 90, 180 or 270 degrees are left, the one comparison cosSinDegrees makes
// for them), either way and many turns out, is exact, its zeros positive; the turns a hair either side are not.
TEST(CosSinDegrees, EveryWholeQuarterTurnIsExactAndItsNeighboursAreNot) {
    const glm::dvec2 exact[4] = {{1.0, 0.0}, {0.0, 1.0}, {-1.0, 0.0}, {0.0, -1.0}};  // k quarters clockwise
    int checked = 0;
    for (const double turns : {0.0, 1.0e6, 0x1p33}) {
        for (int k = -2000; k <= 2000; ++k) {
            const double degrees = 90.0 * k + std::copysign(360.0 * turns, k);
            const glm::dvec2 expected = exact[((k % 4) + 4) % 4];
            const glm::dvec2 cs = cosSinDegrees(degrees);
            ASSERT_EQ(cs.x, expected.x) << degrees;
            ASSERT_EQ(cs.y, expected.y) << degrees;
            ASSERT_FALSE(std::signbit(expected.x == 0.0 ? cs.x : cs.y)) << degrees << ": the zero's sign";
            // (0's neighbours are subnormal, and so small a sine underflows to zero.)
            if (degrees == 0.0) continue;
            for (const double beside : {std::nextafter(degrees, -1e300), std::nextafter(degrees, 1e300)}) {
                const glm::dvec2 near = cosSinDegrees(beside);
                ASSERT_FALSE(near.x == expected.x && near.y == expected.y) << beside;
            }
            ++checked;
        }
    }
    EXPECT_EQ(checked, 3 * 4001 - 1);
}

TEST(CosSinDegrees, OtherAnglesMatchTheTrigonometricValues) {
    const double h = std::sqrt(3.0) / 2.0, r = std::sqrt(0.5);
    struct Case {
        double degrees, cos, sin;
    };
    for (Case c : {Case{30, h, 0.5}, Case{45, r, r}, Case{60, 0.5, h}, Case{120, -0.5, h}, Case{-30, h, -0.5},
                   Case{225, -r, -r}, Case{390, h, 0.5}}) {
        glm::dvec2 cs = cosSinDegrees(c.degrees);
        EXPECT_NEAR(cs.x, c.cos, 1e-15) << c.degrees;
        EXPECT_NEAR(cs.y, c.sin, 1e-15) << c.degrees;
    }
}

TEST(CosSinDegrees, AnglesJustOffAQuarterTurnStayContinuous) {
    const double degrees = 90.0 + 1e-9;
    const double offset = degrees - 90.0;  // exact: the two are within a factor of two
    glm::dvec2 cs = cosSinDegrees(degrees);
    // Snapping to the quarter turn would be off by 1.7e-11, far outside the tolerance.
    EXPECT_NEAR(cs.x, -offset * std::numbers::pi / 180.0, 1e-15);
    EXPECT_NEAR(cs.y, 1.0, 1e-15);
}

// cos and sin of `degrees` in long double (64-bit mantissa), reduced exactly to [0, 360) first: a
// reference some 2^11 times finer than the doubles it checks.
glm::dvec2 cosSinReference(double degrees) {
    long double r = std::fmod(static_cast<long double>(degrees), 360.0L);
    if (r < 0) r += 360.0L;
    const long double radians = r * (3.141592653589793238462643383279502884L / 180.0L);
    return {static_cast<double>(std::cos(radians)), static_cast<double>(std::sin(radians))};
}

TEST(CosSinDegrees, AgreesWithALongDoubleReferenceToTwoUnitsInTheLastPlace) {
    // Values lie in [-1, 1]; 2^-52 is two units in the last place of the largest of them.
    const double tolerance = 0x1p-52;
    std::mt19937 rng(7u);
    for (int i = 0; i < 200000; ++i) {
        double degrees = std::uniform_real_distribution<double>(-800.0, 800.0)(rng);
        if (i % 4 == 0) degrees = std::uniform_real_distribution<double>(-1.0, 1.0)(rng) * std::ldexp(1.0, static_cast<int>(rng() % 40) - 30);
        if (i % 4 == 1) degrees = 45.0 * static_cast<int>(rng() % 17) + std::ldexp(std::uniform_real_distribution<double>(-1.0, 1.0)(rng), -20);
        const glm::dvec2 cs = cosSinDegrees(degrees), expected = cosSinReference(degrees);
        ASSERT_NEAR(cs.x, expected.x, tolerance) << degrees;
        ASSERT_NEAR(cs.y, expected.y, tolerance) << degrees;
    }
}

TEST(CosSinDegrees, TurningTheOtherWayNegatesTheSineExactly) {
    std::mt19937 rng(8u);
    std::vector<double> angles{45.0, 135.0, 225.0, 315.0, 30.0, 60.0, 12.5, 1e-300, 1e12 + 0.5};
    for (int i = 0; i < 100000; ++i) angles.push_back(std::uniform_real_distribution<double>(0.0, 1000.0)(rng));
    for (double degrees : angles) {
        const glm::dvec2 turn = cosSinDegrees(degrees), back = cosSinDegrees(-degrees);
        ASSERT_EQ(back.x, turn.x) << degrees;
        ASSERT_EQ(back.y, -turn.y) << degrees;
    }
}

// Bit for bit, sign of zero included (fmod's result is exact, so there is exactly one right answer).
void expectSameAsFmod(double degrees) {
    const double expected = std::fmod(degrees, 360.0), actual = reduceDegrees(degrees);
    if (std::isnan(expected)) {
        ASSERT_TRUE(std::isnan(actual)) << degrees;
        return;
    }
    ASSERT_EQ(actual, expected) << std::hexfloat << degrees;
    ASSERT_EQ(std::signbit(actual), std::signbit(expected)) << std::hexfloat << degrees;
}

TEST(ReduceDegrees, IsFmodBitForBitOnWholeTurnsAndTheirNeighbours) {
    // Whole turns and the doubles just either side of them, where a rounded quotient is one off.
    for (double turns = 1.0; turns < 0x1p42; turns = turns < 4096.0 ? turns + 1.0 : turns * 1.37) {
        const double exact = std::round(turns) * 360.0;
        for (double x : {exact, std::nextafter(exact, 0.0), std::nextafter(exact, kInf), exact + 180.0, exact - 0.5}) {
            expectSameAsFmod(x);
            expectSameAsFmod(-x);
        }
    }
    for (double x : {0.0, -0.0, 359.99999999999994, 360.0, 720.0, -720.0, 1e-300, 0x1p40, 0x1p53, 1e300, kInf, -kInf, kNaN}) {
        expectSameAsFmod(x);
    }
}

TEST(ReduceDegrees, IsFmodBitForBitOnRandomAngles) {
    std::mt19937_64 rng(25u);
    for (int i = 0; i < 200000; ++i) {
        // Magnitudes from 2^-10 to 2^45 degrees, uniform in the exponent, and the game's range in turns.
        const double magnitude = std::exp2(std::uniform_real_distribution<double>(-10.0, 45.0)(rng));
        const double x = i % 2 == 0 ? magnitude : std::uniform_real_distribution<double>(-3000.0, 3000.0)(rng);
        expectSameAsFmod(x);
        expectSameAsFmod(-x);
    }
}

// The bits of a double pair, so that -0, NaN payloads and every last place are compared.
std::pair<std::uint64_t, std::uint64_t> bitsOf(glm::dvec2 v) {
    return {std::bit_cast<std::uint64_t>(v.x), std::bit_cast<std::uint64_t>(v.y)};
}

TEST(CosSinDegreesCached, ReturnsTheCallsBitsForEveryAngleAskedAgainAndAgain) {
    // Far more angles than the table has entries, asked in an order that revisits them after others have
    // taken their slots: each answer is the call's, whether the table held it, lost it or never had it.
    std::mt19937_64 rng(25);
    std::uniform_real_distribution<double> turn(-2000.0, 2000.0);
    std::vector<double> angles{0.0, -0.0, 90.0, -90.0, 180.0, 270.0, 360.0, -360.0, 45.0, 1e-300, -1e-300, 1e30,
                               kInf, -kInf, kNaN, std::numeric_limits<double>::denorm_min()};
    for (int i = 0; i < 3000; ++i) angles.push_back(turn(rng));
    // Neighbours one unit in the last place apart: keys differing only in their lowest bit.
    for (int i = 0; i < 200; ++i) angles.push_back(std::nextafter(angles[static_cast<std::size_t>(16 + i)], kInf));
    std::uniform_int_distribution<std::size_t> pick(0, angles.size() - 1);
    for (int round = 0; round < 20000; ++round) {
        const double a = round < static_cast<int>(angles.size()) ? angles[static_cast<std::size_t>(round)] : angles[pick(rng)];
        ASSERT_EQ(bitsOf(cosSinDegreesCached(a)), bitsOf(cosSinDegrees(a))) << "angle " << a << " round " << round;
    }
}

TEST(CosSinDegreesCached, AnAngleThatSharesAnotherOnesSlotGetsItsOwnAnswer) {
    // Two different angles asked alternately many times: whichever holds the slot, each gets its own.
    for (const auto& [p, q] : std::vector<std::pair<double, double>>{{30.0, 60.0}, {0.0, -0.0}, {10.0, std::nextafter(10.0, 11.0)}}) {
        for (int i = 0; i < 10; ++i) {
            EXPECT_EQ(bitsOf(cosSinDegreesCached(p)), bitsOf(cosSinDegrees(p)));
            EXPECT_EQ(bitsOf(cosSinDegreesCached(q)), bitsOf(cosSinDegrees(q)));
        }
    }
    // -0 is a key of its own (its bits differ from +0's): it gets what the call gives -0.
    EXPECT_EQ(bitsOf(cosSinDegreesCached(-0.0)), bitsOf(cosSinDegrees(-0.0)));
}

TEST(CosSinDegreesCached, EveryThreadHasItsOwnTableAndItsOwnRightAnswers) {
    // Threads asking overlapping sets of angles at once each get the call's bits (a shared table written
    // by two threads could hand one thread another's half-written entry).
    std::vector<std::thread> threads;
    std::vector<int> wrong(4, 0);
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([t, &wrong] {
            std::mt19937_64 rng(static_cast<std::uint64_t>(t));
            std::uniform_real_distribution<double> turn(-400.0, 400.0);
            for (int i = 0; i < 20000; ++i) {
                const double a = std::round(turn(rng) * 8.0) / 8.0;  // few distinct angles: many repeats
                if (bitsOf(cosSinDegreesCached(a)) != bitsOf(cosSinDegrees(a))) ++wrong[static_cast<std::size_t>(t)];
            }
        });
    }
    for (std::thread& th : threads) th.join();
    EXPECT_EQ(wrong, std::vector<int>(4, 0));
}

TEST(WorldMatrix, IsTheComposedStepsWithTheCallsCosAndSinWhetherOrNotTheTurnWasAskedBefore) {
    SpriteTransform t = makeTransform({3.5, -7.25}, {12.0, 5.0}, 1234.567, {1.5, -0.75});
    const glm::dvec2 cs = cosSinDegrees(t.rotationDeg);
    const glm::dvec2 axisX{cs.x * t.scale.x, cs.y * t.scale.x}, axisY{-cs.y * t.scale.y, cs.x * t.scale.y};
    const glm::dvec2 translation = t.position - (axisX * t.origin.x + axisY * t.origin.y);
    const glm::dmat3 expected(glm::dvec3(axisX, 0.0), glm::dvec3(axisY, 0.0), glm::dvec3(translation, 1.0));
    for (int i = 0; i < 3; ++i) expectMatrixEq(worldMatrix(t), expected);  // first ask, then from the table
}

TEST(WorldMatrix, DefaultTransformIsTheIdentity) { expectMatrixEq(worldMatrix(SpriteTransform{}), glm::dmat3(1.0)); }

TEST(WorldMatrix, TranslationMovesTheOriginToThePosition) {
    glm::dmat3 m = worldMatrix(makeTransform({3, 4}, {1, 1}));
    expectMatrixEq(m, glm::dmat3(1, 0, 0, 0, 1, 0, 2, 3, 1));
    EXPECT_EQ(transformPoint(m, {1, 1}), glm::dvec2(3, 4));
}

TEST(WorldMatrix, PositiveRotationTurnsLocalXTowardsWorldYDown) {
    glm::dmat3 m = worldMatrix(makeTransform({0, 0}, {0, 0}, 90));
    EXPECT_EQ(transformPoint(m, {1, 0}), glm::dvec2(0, 1));
    EXPECT_EQ(transformPoint(m, {0, 1}), glm::dvec2(-1, 0));
}

TEST(WorldMatrix, QuarterTurnWithScaleAndOriginIsExact) {
    // T(10,20) R(90) S(2,3) T(-1,-2): R*S = [[0,-3],[2,0]], translation (10,20) - R*S*(1,2) = (16,18).
    glm::dmat3 m = worldMatrix(makeTransform({10, 20}, {1, 2}, 90, {2, 3}));
    expectMatrixEq(m, glm::dmat3(0, 2, 0, -3, 0, 0, 16, 18, 1));
}

TEST(WorldMatrix, HalfTurnIsExact) {
    // T(5,5) R(180) T(-2,-1): p -> (5,5) - (p - (2,1)) = (7,6) - p.
    glm::dmat3 m = worldMatrix(makeTransform({5, 5}, {2, 1}, 180));
    expectMatrixEq(m, glm::dmat3(-1, 0, 0, 0, -1, 0, 7, 6, 1));
}

TEST(WorldMatrix, ThreeQuarterTurnIsExact) {
    glm::dmat3 m = worldMatrix(makeTransform({0, 0}, {0, 0}, 270));
    expectMatrixEq(m, glm::dmat3(0, -1, 0, 1, 0, 0, 0, 0, 1));
    glm::dmat3 n = worldMatrix(makeTransform({0, 0}, {0, 0}, -90));
    expectMatrixEq(n, m);
}

TEST(WorldMatrix, NegativeScaleMirrorsAboutTheOrigin) {
    // x -> 4 - (x - 2) = 6 - x with position (4, 0) and origin (2, 0).
    glm::dmat3 m = worldMatrix(makeTransform({4, 0}, {2, 0}, 0, {-1, 1}));
    expectMatrixEq(m, glm::dmat3(-1, 0, 0, 0, 1, 0, 6, 0, 1));
    EXPECT_EQ(transformPoint(m, {0, 3}), glm::dvec2(6, 3));
}

TEST(WorldMatrix, ScalesAtBothLimits) {
    glm::dmat3 big = worldMatrix(makeTransform({0, 0}, {0, 0}, 0, {1000, -1000}));
    EXPECT_EQ(transformPoint(big, {1, 1}), glm::dvec2(1000, -1000));
    glm::dmat3 small = worldMatrix(makeTransform({0, 0}, {0, 0}, 0, {0.001, 0.001}));
    EXPECT_EQ(transformPoint(small, {1, 1}), glm::dvec2(0.001, 0.001));
}

TEST(WorldMatrix, ArbitraryTransformMatchesTheComposedSteps) {
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> coord(-100, 100), angle(-720, 720), scale(0.1, 5), unit(-3, 3);
    for (int i = 0; i < 100; ++i) {
        SpriteTransform t = makeTransform({coord(rng), coord(rng)}, {coord(rng), coord(rng)}, angle(rng),
                                          {scale(rng) * (i % 2 ? -1 : 1), scale(rng)});
        glm::dmat3 m = worldMatrix(t);
        const double rad = t.rotationDeg * std::numbers::pi / 180.0;
        const double c = std::cos(rad), s = std::sin(rad);
        glm::dvec2 q{unit(rng), unit(rng)};
        glm::dvec2 d = (q - t.origin) * t.scale;
        glm::dvec2 expected = t.position + glm::dvec2(c * d.x - s * d.y, s * d.x + c * d.y);
        glm::dvec2 actual = transformPoint(m, q);
        EXPECT_NEAR(actual.x, expected.x, 1e-9);
        EXPECT_NEAR(actual.y, expected.y, 1e-9);
        EXPECT_EQ(m[0][2], 0.0);
        EXPECT_EQ(m[1][2], 0.0);
        EXPECT_EQ(m[2][2], 1.0);
    }
}

TEST(TransformVector, IgnoresTheTranslation) {
    glm::dmat3 m(0, 2, 0, -3, 0, 0, 16, 18, 1);
    EXPECT_EQ(transformVector(m, {1, 0}), glm::dvec2(0, 2));
    EXPECT_EQ(transformVector(m, {0, 1}), glm::dvec2(-3, 0));
    EXPECT_EQ(transformPoint(m, {0, 0}), glm::dvec2(16, 18));
}

TEST(AffineInverse, PowerOfTwoScaleAndTranslationInvertExactly) {
    // x -> 2x + 3, y -> 0.5y - 5; inverse x -> 0.5x - 1.5, y -> 2y + 10.
    glm::dmat3 m(2, 0, 0, 0, 0.5, 0, 3, -5, 1);
    expectMatrixEq(affineInverse(m), glm::dmat3(0.5, 0, 0, 0, 2, 0, -1.5, 10, 1));
}

TEST(AffineInverse, QuarterTurnInvertsToTheOppositeTurn) {
    glm::dmat3 m = worldMatrix(makeTransform({10, 20}, {1, 2}, 90, {2, 4}));
    glm::dmat3 inv = affineInverse(m);
    EXPECT_EQ(transformPoint(inv, {10, 20}), glm::dvec2(1, 2));
    EXPECT_EQ(transformPoint(inv, transformPoint(m, {5, 7})), glm::dvec2(5, 7));
}

TEST(AffineInverse, UndoesArbitraryTransforms) {
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> coord(-100, 100), angle(-360, 360), scale(0.01, 50);
    for (int i = 0; i < 100; ++i) {
        SpriteTransform t = makeTransform({coord(rng), coord(rng)}, {coord(rng), coord(rng)}, angle(rng),
                                          {scale(rng), -scale(rng)});
        glm::dmat3 m = worldMatrix(t);
        glm::dmat3 inv = affineInverse(m);
        expectMatrixNear(inv * m, glm::dmat3(1.0), 1e-9);
        expectMatrixNear(m * inv, glm::dmat3(1.0), 1e-9);
    }
}

}  // namespace
}  // namespace cl
