// The swept test (core/motion/swept.h) against a brute-force reference and hand-worked cases.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

#include "core/motion/swept.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::makeTransform;
using testing::solidMask;

// The pixel test at every sub-step, in order: the obviously correct swept test.
struct Reference {
    std::int64_t n = 0;
    bool hitAtStart = false;
    bool hitAtEnd = false;
    std::optional<std::int64_t> first;
};

// Largest distance from the pivot of any corner of any solid pixel, by visiting every solid pixel.
double referenceReach(const AlphaMask& mask, const SpriteTransform& t) {
    double best = 0.0;
    for (int y = 0; y < mask.height(); ++y) {
        for (int x = 0; x < mask.width(); ++x) {
            if (!mask.solid(x, y)) continue;
            for (int dy = 0; dy <= 1; ++dy) {
                for (int dx = 0; dx <= 1; ++dx) {
                    best = std::max(best, std::hypot((x + dx - t.origin.x) * t.scale.x, (y + dy - t.origin.y) * t.scale.y));
                }
            }
        }
    }
    return best;
}

// The least n with (|v| + |w| R) / n <= h for both bodies, counted up from 1 for small counts.
std::int64_t referenceCount(const MovingBody& a, const MovingBody& b, double h) {
    auto travel = [](const MovingBody& body) {
        return std::hypot(body.motion.velocity.x, body.motion.velocity.y) +
               std::fabs(body.motion.angularVelocityDeg) * std::numbers::pi / 180.0 * referenceReach(*body.mask, body.transform);
    };
    const double t = std::max(travel(a), travel(b));
    std::int64_t n = 1;
    while (t / static_cast<double>(n) > h) ++n;
    return n;
}

Reference referenceSweep(const MovingBody& a, const MovingBody& b, int frame, const Algorithm& algorithm,
                         const TestOptions& options, double h) {
    Reference r;
    r.n = referenceCount(a, b, h);
    TestOptions hitOnly = options;
    hitOnly.stopAtFirstHit = true;
    for (std::int64_t m = 0; m <= r.n; ++m) {
        const double tau = m == r.n ? frame + 1.0 : frame + static_cast<double>(m) / static_cast<double>(r.n);
        const bool hit = runAlgorithm(algorithm, a.at(tau), b.at(tau), hitOnly).hit;
        if (m == 0) r.hitAtStart = hit;
        if (m == r.n) r.hitAtEnd = hit;
        if (hit && !r.first) r.first = m;
    }
    return r;
}

AlphaMask randomMask(std::mt19937& rng) {
    std::uniform_int_distribution<int> side(1, 12);
    const int w = side(rng), h = side(rng);
    std::bernoulli_distribution solid(std::uniform_real_distribution<double>(0.2, 1.0)(rng));
    std::vector<std::string> rows(static_cast<std::size_t>(h), std::string(static_cast<std::size_t>(w), '.'));
    for (auto& row : rows) {
        for (auto& c : row) c = solid(rng) ? '#' : '.';
    }
    return testing::maskFromArt(rows);
}

double uniform(std::mt19937& rng, double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }

glm::dvec2 randomScale(std::mt19937& rng) {
    auto one = [&] { return (std::bernoulli_distribution(0.3)(rng) ? -1.0 : 1.0) * uniform(rng, 0.5, 2.5); };
    return {one(), one()};
}

// Random moving pairs: A starts some way from B and flies towards it (often through it), both turning;
// one in five turns about a pivot far outside its pixels and does not translate.
TEST(SweptTest, MatchesThePixelTestAtEverySubStepOnRandomMovingPairs) {
    std::mt19937 rng(20261124);
    const char* algorithms[] = {"pixel-fast", "pixel-naive", "pixel-exact", "pixel-world"};
    int hits = 0, tunnels = 0, cases = 0;
    for (int i = 0; i < 400; ++i) {
        const AlphaMask maskA = randomMask(rng);
        const AlphaMask maskB = randomMask(rng);
        MovingBody b{&maskB, makeTransform({uniform(rng, -3, 3), uniform(rng, -3, 3)}, {uniform(rng, 0, 12), uniform(rng, 0, 12)},
                                           uniform(rng, -180, 180), randomScale(rng)), {}};
        b.motion.angularVelocityDeg = std::bernoulli_distribution(0.5)(rng) ? uniform(rng, -20, 20) : 0.0;
        MovingBody a{&maskA, makeTransform({}, {uniform(rng, 0, 12), uniform(rng, 0, 12)}, uniform(rng, -180, 180), randomScale(rng)), {}};
        const bool farPivot = i % 5 == 0;
        if (farPivot) {
            // Pure rotation about a pivot 20-40 px outside the sprite, swinging it across B.
            a.transform.origin = {uniform(rng, -40, -20), uniform(rng, -5, 15)};
            a.transform.position = b.transform.position + glm::dvec2{uniform(rng, -35, 35), uniform(rng, -35, 35)};
            a.motion.angularVelocityDeg = uniform(rng, -40, 40);
        } else {
            const double angle = uniform(rng, 0, 2 * std::numbers::pi);
            const glm::dvec2 dir{std::cos(angle), std::sin(angle)};
            const double speed = uniform(rng, 2, 40);
            a.transform.position = b.transform.position - dir * speed * uniform(rng, 0.2, 1.5) + glm::dvec2{uniform(rng, -4, 4), uniform(rng, -4, 4)};
            a.motion.velocity = dir * speed;
            a.motion.angularVelocityDeg = std::bernoulli_distribution(0.5)(rng) ? uniform(rng, -30, 30) : 0.0;
        }
        const double h = std::bernoulli_distribution(0.5)(rng) ? 0.25 : uniform(rng, 0.1, 3.0);
        SweepOptions options;
        options.algorithm = findAlgorithm(algorithms[i % 4]);
        options.test.sampling = i % 2 ? Sampling::Xna : Sampling::Center;
        options.test.scan = i % 7 == 0 ? ScanDirection::Both : i % 7 == 1 ? ScanDirection::BToA : ScanDirection::AToB;
        options.resolution = h;
        ASSERT_NE(options.algorithm, nullptr);
        for (int frame : {0, 1}) {
            const SweptResult got = sweptTest(a, b, frame, options);
            const Reference want = referenceSweep(a, b, frame, *options.algorithm, options.test, h);
            SCOPED_TRACE("case " + std::to_string(i) + " frame " + std::to_string(frame) + " " + std::string(options.algorithm->name));
            ASSERT_TRUE(got.applicable) << got.reason;
            ++cases;
            EXPECT_EQ(got.subSteps, want.n);
            EXPECT_EQ(got.hitAtStart, want.hitAtStart);
            EXPECT_EQ(got.hitAtEnd, want.hitAtEnd);
            EXPECT_EQ(got.hit, want.first.has_value());
            EXPECT_EQ(got.tunnelling(), want.first.has_value() && !want.hitAtStart && !want.hitAtEnd);
            ASSERT_EQ(got.impact.has_value(), want.first.has_value());
            if (!want.first) continue;
            ++hits;
            tunnels += got.tunnelling();
            EXPECT_EQ(got.impact->step, *want.first);
            EXPECT_EQ(got.impact->tau, frame + (*want.first == want.n ? 1.0 : double(*want.first) / double(want.n)));
            // The impact's pixel pair is the full test's first hit at that very tau.
            TestOptions fullOptions = options.test;
            fullOptions.stopAtFirstHit = false;
            const CollisionResult full = runAlgorithm(*options.algorithm, a.at(got.impact->tau), b.at(got.impact->tau), fullOptions);
            EXPECT_TRUE(got.impact->result.hit);
            EXPECT_EQ(got.impact->result.overlap, full.overlap);
            EXPECT_EQ(got.impact->result.firstHit, full.firstHit);
        }
    }
    // The generator must exercise the interesting cases, not just misses.
    EXPECT_GT(hits, cases / 5);
    EXPECT_GT(tunnels, 10);
}

// Hand-worked (lesson 20): bullet 8 x 1 at x = 30 tau, y = 100, pivot at its top-left corner; wall 6 x 48
// at x 101.3..107.3, y 80..128, still. Centre sampling: the bullet's samples sit at x = 30 tau + i + 0.5,
// i = 0..7, y = 100.5, and land in the wall when 101.3 <= 30 tau + i + 0.5 < 107.3.
//   Frames: tau = 3 puts the samples at 90.5..97.5 (short), tau = 4 at 120.5..127.5 (past): no discrete hit.
//   n: the bullet moves 30 px a frame, the wall not at all; 30 / 0.25 = 120, so n = 120.
//   Sub-steps of [3, 4]: 30 tau = 90 + m / 4. The last sample (i = 7) is at 97.5 + m / 4 >= 101.3 first for
//   m / 4 >= 3.8, m = 16 (m = 15 gives 101.25, just short). tau = 3 + 16/120 = 3.1333...
//   Pair: bullet pixel (7, 0), whose sample 101.5 - 101.3 = 0.2 is in wall column 0, row 100.5 - 80 = 20.5 -> 20.
//   World point: the sample, (101.5, 100.5).
TEST(SweptTest, BulletThroughAThinWallTunnelsAtTheTimeWorkedOutByHand) {
    const AlphaMask bulletMask = solidMask(8, 1);
    const AlphaMask wallMask = solidMask(6, 48);
    MovingBody bullet{&bulletMask, makeTransform({0, 100}), {}};
    bullet.motion.velocity = {30, 0};
    const MovingBody wall{&wallMask, makeTransform({101.3, 80}), {}};
    SweepOptions options;
    EXPECT_EQ(subStepCount(bullet, wall, 0.25).count, 120);
    EXPECT_FALSE(discreteTest(bullet, wall, 3, options).hit);
    EXPECT_FALSE(discreteTest(bullet, wall, 4, options).hit);

    const SweptResult s = sweptTest(bullet, wall, 3, options);
    ASSERT_TRUE(s.applicable) << s.reason;
    EXPECT_EQ(s.subSteps, 120);
    EXPECT_TRUE(s.hit);
    EXPECT_TRUE(s.tunnelling());
    ASSERT_TRUE(s.impact);
    EXPECT_EQ(s.impact->step, 16);
    EXPECT_DOUBLE_EQ(s.impact->tau, 3.0 + 16.0 / 120.0);
    ASSERT_TRUE(s.impact->result.firstHit);
    EXPECT_EQ(s.impact->result.firstHit->a, glm::ivec2(7, 0));
    EXPECT_EQ(s.impact->result.firstHit->b, glm::ivec2(0, 20));
    EXPECT_NEAR(s.impact->result.firstHit->world.x, 101.5, 1e-9);
    EXPECT_NEAR(s.impact->result.firstHit->world.y, 100.5, 1e-9);
    // The bullet's pixels overlap the wall for 30 tau + 7.5 in [101.3, 107.3 + 7): only sample 7 at first.
    EXPECT_EQ(s.impact->result.overlap, 1.0);

    // The other intervals never reach the wall.
    for (int k : {0, 1, 2, 4}) EXPECT_FALSE(sweptTest(bullet, wall, k, options).hit) << "interval " << k;
}

// Sub-step counts worked out by hand.
TEST(SweptTest, SubStepCountIsTheLeastThatKeepsEverySolidPointWithinTheResolution) {
    const AlphaMask rod = solidMask(10, 1);
    const AlphaMask dot = solidMask(1, 1);
    // Pivot at the rod's left end, middle of its height: the farthest corners are (10, 0) and (10, 1), at
    // hypot(10, 0.5) = 10.0125 px. Turning 90 degrees a frame: 10.0125 * pi / 2 = 15.727 px; / 0.5 -> 31.45 -> 32.
    MovingBody turning{&rod, makeTransform({0, 0}, {0, 0.5}), {}};
    turning.motion.angularVelocityDeg = 90;
    const MovingBody still{&dot, makeTransform({50, 50}), {}};
    EXPECT_NEAR(pivotReach(rod, turning.transform), std::hypot(10.0, 0.5), 1e-12);
    EXPECT_EQ(subStepCount(turning, still, 0.5).count, 32);
    // Scale 2 doubles the reach, and a flip does not change it.
    turning.transform.scale = {-2, 2};
    EXPECT_NEAR(pivotReach(rod, turning.transform), 2 * std::hypot(10.0, 0.5), 1e-12);
    EXPECT_EQ(subStepCount(turning, still, 0.5).count, 63);  // 62.9 -> 63
    // Translation only: 3-4-5, 5 px a frame in steps of at most 1 px: exactly 5, not 6.
    MovingBody moving{&dot, makeTransform({0, 0}), {}};
    moving.motion.velocity = {3, 4};
    EXPECT_EQ(subStepCount(moving, still, 1.0).count, 5);
    // Still sprites need one step (the two frames themselves).
    EXPECT_EQ(subStepCount(still, still, 0.25).count, 1);
}

TEST(SweptTest, NoSolidPointMovesMoreThanTheResolutionBetweenSubSteps) {
    std::mt19937 rng(7);
    for (int i = 0; i < 100; ++i) {
        const AlphaMask mask = randomMask(rng);
        MovingBody body{&mask, makeTransform({uniform(rng, -50, 50), 0}, {uniform(rng, -30, 30), uniform(rng, -30, 30)},
                                             uniform(rng, -180, 180), randomScale(rng)), {}};
        body.motion.velocity = {uniform(rng, -20, 20), uniform(rng, -20, 20)};
        body.motion.angularVelocityDeg = uniform(rng, -60, 60);
        const double h = uniform(rng, 0.1, 2.0);
        const std::int64_t n = subStepCount(body, body, h).count;
        const auto poses = subStepPoses(body, 2, n);
        ASSERT_EQ(poses.size(), static_cast<std::size_t>(n + 1));
        double worst = 0.0;
        for (std::size_t m = 0; m + 1 < poses.size(); ++m) {
            const glm::dmat3 from = worldMatrix(poses[m]), to = worldMatrix(poses[m + 1]);
            for (int y = 0; y < mask.height(); ++y) {
                for (int x = 0; x < mask.width(); ++x) {
                    if (!mask.solid(x, y)) continue;
                    for (glm::dvec2 p : {glm::dvec2(x, y), glm::dvec2(x + 1, y), glm::dvec2(x, y + 1), glm::dvec2(x + 1, y + 1)}) {
                        worst = std::max(worst, glm::length(transformPoint(to, p) - transformPoint(from, p)));
                    }
                }
            }
        }
        // Chords are shorter than arcs, so the points move less than the bound, which is at most h.
        EXPECT_LE(worst, h * (1 + 1e-9));
        // And n is the least such count of the bound: n - 1 sub-steps would let the bound exceed h.
        const double reach = referenceReach(mask, body.transform);
        const double travel = glm::length(body.motion.velocity) + std::fabs(body.motion.angularVelocityDeg) * std::numbers::pi / 180 * reach;
        if (n > 1) {
            EXPECT_GT(travel / static_cast<double>(n - 1), h);
        }
    }
}

TEST(SweptTest, HugeSpeedWithATinyResolutionIsRefusedWithAMessage) {
    const AlphaMask dot = solidMask(1, 1);
    MovingBody fast{&dot, makeTransform({0, 0}), {}};
    fast.motion.velocity = {1e7, 0};
    const MovingBody still{&dot, makeTransform({5, 0}), {}};
    const SubStepCount count = subStepCount(fast, still, 0.001);
    EXPECT_FALSE(count.ok());
    EXPECT_NE(count.error.find("needs 1e+10 sub-steps"), std::string::npos) << count.error;
    EXPECT_NE(count.error.find("raise sweep_resolution"), std::string::npos) << count.error;
    SweepOptions options;
    options.resolution = 0.001;
    const SweptResult s = sweptTest(fast, still, 0, options);
    EXPECT_FALSE(s.applicable);
    EXPECT_EQ(s.reason, count.error);
}

TEST(SweptTest, TransformAtMovesPositionAndRotationOnly) {
    const SpriteTransform t = makeTransform({10, 20}, {3, 4}, 30, {2, -1});
    const SpriteMotion motion{{1.5, -2}, 12};
    const SpriteTransform at = transformAt(t, motion, 2.5);
    EXPECT_EQ(at.position, glm::dvec2(13.75, 15));
    EXPECT_EQ(at.rotationDeg, 60);
    EXPECT_EQ(at.origin, t.origin);
    EXPECT_EQ(at.scale, t.scale);
    EXPECT_EQ(transformAt(t, motion, 0.0), t);
}

TEST(TimelineStrip, FilledInChunksItMatchesTheSweptTestFrameByFrame) {
    const AlphaMask bulletMask = solidMask(8, 1);
    const AlphaMask wallMask = solidMask(6, 48);
    MovingBody bullet{&bulletMask, makeTransform({0, 100}), {}};
    bullet.motion.velocity = {15, 0};  // stops inside the wall at frame 7 (x 105..113)
    const MovingBody wall{&wallMask, makeTransform({101.3, 80}), {}};
    SweepOptions options;
    TimelineStrip strip = makeTimelineStrip(12);
    int calls = 0;
    while (!strip.complete()) {
        fillTimelineStrip(strip, bullet, wall, options, 5);
        ++calls;
    }
    EXPECT_EQ(calls, 3);
    for (int k = 0; k < 12; ++k) {
        const StripCell& cell = strip.cells[static_cast<std::size_t>(k)];
        EXPECT_EQ(cell.hit, discreteTest(bullet, wall, k, options).hit) << k;
        if (k == 11) continue;
        const SweptResult s = sweptTest(bullet, wall, k, options);
        EXPECT_EQ(cell.sweptHit, s.hit) << k;
        EXPECT_EQ(cell.tunnelling, s.tunnelling()) << k;
        EXPECT_EQ(cell.impactTau, s.impact ? s.impact->tau : -1.0) << k;
        EXPECT_EQ(cell.subSteps, s.subSteps) << k;
    }
    // 15 tau + 7.5 >= 101.3 first at tau = 6.2533 (interval 6); tau = 7 puts the bullet's x at 105..113.
    EXPECT_FALSE(strip.cells[6].hit);
    EXPECT_TRUE(strip.cells[6].sweptHit);
    EXPECT_TRUE(strip.cells[7].hit);
    EXPECT_FALSE(strip.cells[6].tunnelling);
}

TEST(MotionPath, PivotPathIsTheStraightLineOfThePositions) {
    const AlphaMask dot = solidMask(1, 1);
    MovingBody body{&dot, makeTransform({1, 2}), {}};
    body.motion.velocity = {4, -2};
    const auto path = pivotPath(body, 1.0, 2.0, 4);
    ASSERT_EQ(path.size(), 5u);
    EXPECT_EQ(path.front(), glm::dvec2(5, 0));
    EXPECT_EQ(path[2], glm::dvec2(7, -1));
    EXPECT_EQ(path.back(), glm::dvec2(9, -2));
}

}  // namespace
}  // namespace cl
