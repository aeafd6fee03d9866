// pixel-world and pixel-exact visit only the points that can count: checked against copies of their
// unclipped scans (referenceWorld, referenceExact: test-only) on thousands of seeded random pairs, which
// must give bit-identical answers with no more samples, and on hand-worked cases whose visits are counted.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <glm/glm.hpp>

#include "core/base/bounds.h"
#include "core/collision/pixel_scans.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::bodyAboutCentre;
using testing::bodyAt;
using testing::makeTransform;

using PixelTest = CollisionResult (*)(const Body&, const Body&, const TestOptions&);

// ---------------------------------------------------------------------------------------------------------
// The unclipped scans: pixelWorld and pixelExact as they were before clipping, with their helpers. Test-only.

bool referenceRecordHit(CollisionResult& r, const TestOptions& options, double amount, PixelHit hit) {
    r.hit = true;
    r.overlap += amount;
    if (!r.firstHit) r.firstHit = hit;
    if (options.listHits && !options.stopAtFirstHit) r.hits.push_back(hit);
    return options.stopAtFirstHit;
}

bool referenceSolidAt(const AlphaMask& mask, std::int64_t x, std::int64_t y) {
    if (x < 0 || y < 0 || x >= mask.width() || y >= mask.height()) return false;
    return mask.solid(static_cast<int>(x), static_cast<int>(y));
}

double referenceClippedArea(const std::array<glm::dvec2, 4>& quad, double u, double v) {
    std::array<glm::dvec2, 12> bufferA{}, bufferB{};
    std::copy(quad.begin(), quad.end(), bufferA.begin());
    int count = 4;
    glm::dvec2* in = bufferA.data();
    glm::dvec2* out = bufferB.data();
    const std::array<std::pair<int, double>, 4> sides{{{0, u}, {0, u + 1.0}, {1, v}, {1, v + 1.0}}};
    for (int s = 0; s < 4; ++s) {
        const int axis = sides[s].first;
        const double bound = sides[s].second;
        const double sign = (s % 2 == 0) ? 1.0 : -1.0;
        int outCount = 0;
        for (int i = 0; i < count; ++i) {
            const glm::dvec2 p = in[i], q = in[(i + 1) % count];
            const double dp = sign * (p[axis] - bound), dq = sign * (q[axis] - bound);
            if (dp >= 0.0) out[outCount++] = p;
            if ((dp >= 0.0) != (dq >= 0.0)) out[outCount++] = p + (q - p) * (dp / (dp - dq));
        }
        count = outCount;
        std::swap(in, out);
        if (count < 3) return 0.0;
    }
    double twiceArea = 0.0;
    for (int i = 1; i + 1 < count; ++i) {
        const glm::dvec2 p = in[i] - in[0], q = in[i + 1] - in[0];
        twiceArea += p.x * q.y - q.x * p.y;
    }
    return std::abs(twiceArea) * 0.5;
}

CollisionResult referenceWorld(const Body& a, const Body& b, const TestOptions& options) {
    CollisionResult r;
    const WorldPixelRange range = pixelWorldRange(a, b);
    if (range.empty()) return r;
    if (range.count() > kMaxWorldPixels) return notApplicable("the overlap covers more than 2^26 world pixels");
    const glm::dmat3 toA = affineInverse(worldMatrix(a.transform));
    const glm::dmat3 toB = affineInverse(worldMatrix(b.transform));
    for (auto j = static_cast<std::int64_t>(range.first.y); j <= static_cast<std::int64_t>(range.last.y); ++j) {
        for (auto i = static_cast<std::int64_t>(range.first.x); i <= static_cast<std::int64_t>(range.last.x); ++i) {
            ++r.samples;
            const glm::dvec2 world{i + 0.5, j + 0.5};
            const glm::dvec2 pa = glm::floor(transformPoint(toA, world));
            const glm::dvec2 pb = glm::floor(transformPoint(toB, world));
            if (referenceSolidAt(*a.mask, static_cast<std::int64_t>(pa.x), static_cast<std::int64_t>(pa.y)) &&
                referenceSolidAt(*b.mask, static_cast<std::int64_t>(pb.x), static_cast<std::int64_t>(pb.y))) {
                const PixelHit hit{glm::ivec2(pa), glm::ivec2(pb), world};
                if (referenceRecordHit(r, options, 1.0, hit)) return r;
            }
        }
    }
    return r;
}

CollisionResult referenceExact(const Body& a, const Body& b, const TestOptions& options) {
    CollisionResult r;
    const auto ta = tightWorldAabb(a), tb = tightWorldAabb(b);
    if (!ta || !tb || !overlapsPositively(*ta, *tb)) return r;
    const glm::dmat3 worldA = worldMatrix(a.transform), worldB = worldMatrix(b.transform);
    const double areaA = std::abs(glm::determinant(glm::dmat2(worldA)));
    const double areaB = std::abs(glm::determinant(glm::dmat2(worldB)));
    const bool walkA = areaA <= areaB;
    const Body& inner = walkA ? a : b;
    const Body& outer = walkA ? b : a;
    const glm::dmat3 worldOuter = walkA ? worldB : worldA;
    const glm::dmat3 innerToOuter = affineInverse(worldOuter) * (walkA ? worldA : worldB);
    const double outerCellArea = walkA ? areaB : areaA;
    const double innerArea = std::abs(glm::determinant(glm::dmat2(innerToOuter)));
    const IntRect outerTight = outer.mask->tightBounds();
    auto add = [&](double area, glm::ivec2 innerPixel, glm::ivec2 cell) {
        const glm::ivec2 pixelA = walkA ? innerPixel : cell;
        const PixelHit hit{pixelA, walkA ? cell : innerPixel, transformPoint(worldA, glm::dvec2(pixelA) + 0.5)};
        r.overlap += area;
        if (!r.firstHit) r.firstHit = hit;
        if (options.listHits && !options.stopAtFirstHit) r.hits.push_back(hit);
        if (options.stopAtFirstHit && r.overlap > kExactAreaEpsilon) {
            r.hit = true;
            return true;
        }
        return false;
    };
    for (int y = 0; y < inner.mask->height(); ++y) {
        for (const SolidSpan& span : inner.mask->rowSpans(y)) {
            for (int x = span.x0; x < span.x1; ++x) {
                ++r.samples;
                const std::array<glm::dvec2, 4> square{
                    transformPoint(innerToOuter, {x, y}), transformPoint(innerToOuter, {x + 1.0, y}),
                    transformPoint(innerToOuter, {x + 1.0, y + 1.0}), transformPoint(innerToOuter, {x, y + 1.0})};
                glm::dvec2 lo = square[0], hi = square[0];
                for (const glm::dvec2& p : square) {
                    lo = glm::min(lo, p);
                    hi = glm::max(hi, p);
                }
                const glm::dvec2 cellLo = glm::floor(lo), cellHi = glm::ceil(hi);
                const int u0 = static_cast<int>(std::max<double>(cellLo.x, outerTight.x0));
                const int u1 = static_cast<int>(std::min<double>(cellHi.x, outerTight.x1));
                const int v0 = static_cast<int>(std::max<double>(cellLo.y, outerTight.y0));
                const int v1 = static_cast<int>(std::min<double>(cellHi.y, outerTight.y1));
                if (u1 <= u0 || v1 <= v0) continue;
                const bool boxInside = u0 == cellLo.x && u1 == cellHi.x && v0 == cellLo.y && v1 == cellHi.y;
                bool allSolid = boxInside && !options.listHits;
                for (int v = v0; allSolid && v < v1; ++v) {
                    for (int u = u0; allSolid && u < u1; ++u) allSolid = outer.mask->solid(u, v);
                }
                if (allSolid) {
                    const glm::ivec2 centreCell(glm::floor(transformPoint(innerToOuter, {x + 0.5, y + 0.5})));
                    if (add(innerArea * outerCellArea, {x, y}, centreCell)) return r;
                    continue;
                }
                for (int v = v0; v < v1; ++v) {
                    for (int u = u0; u < u1; ++u) {
                        if (!outer.mask->solid(u, v)) continue;
                        const double area = referenceClippedArea(square, u, v) * outerCellArea;
                        if (area > 0.0 && add(area, {x, y}, {u, v})) return r;
                    }
                }
            }
        }
    }
    r.hit = r.overlap > kExactAreaEpsilon;
    if (!r.hit) {
        r.firstHit.reset();
        r.hits.clear();
    }
    return r;
}

// ---------------------------------------------------------------------------------------------------------
// Hand-worked visits.

TEST(PixelWorldClip, VisitsOnlyCentresInsideBothSolidHulls) {
    // B: one pixel scaled 8 and turned 45 degrees about its centre at (8, 8): the diamond
    // |x - 8| + |y - 8| <= 4 sqrt 2 (5.657). A: a 16x16 solid square under it. The range is the diamond's box,
    // centres 2.5 .. 13.5 on each axis (144). In the diamond: on the rows 0.5, 1.5, .., 5.5 from its centre
    // 10, 8, 6, 4, 2, 0 centres, twice: 60, all of them hits, and no other centre is visited.
    const AlphaMask a = testing::solidMask(16, 16), dot = testing::solidMask(1, 1);
    const Body bodyA = bodyAt(a, {0, 0});
    const Body bodyB = bodyAboutCentre(dot, {8, 8}, 45, {8, 8});
    const CollisionResult r = pixelWorld(bodyA, bodyB, testing::fullScan(Sampling::Center));
    EXPECT_EQ(r.overlap, 60.0);
    EXPECT_EQ(r.samples, 60);
    EXPECT_EQ(r.hits.size(), 60u);
    ASSERT_TRUE(r.firstHit);
    EXPECT_EQ(*r.firstHit, (PixelHit{{7, 3}, {0, 0}, {7.5, 3.5}}));
    EXPECT_EQ(referenceWorld(bodyA, bodyB, testing::fullScan(Sampling::Center)).samples, 144);
    // Hit-only: the row 3.5 is the first to reach into the diamond, and its first centre (7.5) is a hit.
    const CollisionResult first = pixelWorld(bodyA, bodyB, testing::hitOnlyScan(Sampling::Center));
    EXPECT_TRUE(first.hit);
    EXPECT_EQ(first.samples, 1);
}

TEST(PixelWorldClip, VisitsNothingWhenTheSolidHullsDoNotMeet) {
    // A: 64x64 solid turned 45 degrees about (100, 100), the diamond |x - 100| + |y - 100| <= 32 sqrt 2
    // (45.25), box [54.75, 145.25]^2. B: 16x16 solid over [50, 66]^2. The boxes share the centres 55.5 ..
    // 65.5 on each axis (121 centres), but B's nearest point to the diamond's centre, (66, 66), is 68 from
    // it: no centre is visited.
    const AlphaMask a = testing::solidMask(64, 64), b = testing::solidMask(16, 16);
    const Body bodyA = bodyAboutCentre(a, {100, 100}, 45), bodyB = bodyAt(b, {50, 50});
    const CollisionResult r = pixelWorld(bodyA, bodyB, testing::fullScan(Sampling::Center));
    EXPECT_TRUE(r.applicable);
    EXPECT_FALSE(r.hit);
    EXPECT_EQ(r.samples, 0);
    EXPECT_EQ(referenceWorld(bodyA, bodyB, testing::fullScan(Sampling::Center)).samples, 121);
}

TEST(PixelWorldClip, VisitsANarrowRangeWhole) {
    // As above at a quarter of the size: A's diamond |x - 8| + |y - 8| <= 2.83 and B over [5, 7]^2 share
    // the centres 5.5 and 6.5 on each axis; none lies in the diamond, but the range is narrower than
    // kMinClippedRow, so all 4 are visited.
    ASSERT_GT(kMinClippedRow, 2.0);
    const AlphaMask a = testing::solidMask(4, 4), b = testing::solidMask(2, 2);
    const CollisionResult r =
        pixelWorld(bodyAboutCentre(a, {8, 8}, 45), bodyAt(b, {5, 5}), testing::fullScan(Sampling::Center));
    EXPECT_FALSE(r.hit);
    EXPECT_EQ(r.samples, 4);
}

TEST(PixelExactClip, ExaminesOnlyPixelsWhoseSquareReachesTheOtherSpritesSolidBox) {
    // A 16x16 solid square at (0, 0) is walked (its pixels are smaller); B is one pixel scaled 4 over
    // [6.5, 10.5]^2. A's column x reaches it when x + 1 > 6.5 and x < 10.5: x = 6..10, and likewise rows:
    // 25 pixels of 256. The shared area is all of B, 16.
    const AlphaMask a = testing::solidMask(16, 16), dot = testing::solidMask(1, 1);
    const Body bodyA = bodyAt(a, {0, 0});
    const Body bodyB{&dot, makeTransform({6.5, 6.5}, {0, 0}, 0, {4, 4})};
    for (const bool listHits : {false, true}) {
        const CollisionResult r = pixelExact(bodyA, bodyB, testing::fullScan(Sampling::Center, listHits));
        EXPECT_TRUE(r.hit);
        EXPECT_NEAR(r.overlap, 16.0, 1e-12);
        EXPECT_EQ(r.samples, 25);
        ASSERT_TRUE(r.firstHit);
        EXPECT_EQ(r.firstHit->a, glm::ivec2(6, 6));
    }
    EXPECT_EQ(referenceExact(bodyA, bodyB, TestOptions{}).samples, 256);
}

TEST(PixelExactClip, ExaminesNothingWhenNoSquareReachesTheOtherSpritesCells) {
    // A 4x4 solid square at (0, 0) and a 4x4 turned 45 degrees about (6, 6): the tight boxes overlap on
    // [3.17, 4]^2, so the unclipped walk examines all 16 of A's pixels. In B's grid, A's pixel centre
    // (x + 0.5, y + 0.5) lands at u = 0.707 (x + y - 11) + 2: at most -1.54, for pixel (3, 3), and each
    // square reaches 0.707 further, to -0.83, short of B's first cell column (u >= 0): none is examined.
    const AlphaMask a = testing::solidMask(4, 4);
    const Body bodyA = bodyAt(a, {0, 0}), bodyB = bodyAboutCentre(a, {6, 6}, 45);
    const CollisionResult r = pixelExact(bodyA, bodyB, TestOptions{});
    EXPECT_FALSE(r.hit);
    EXPECT_EQ(r.overlap, 0.0);
    EXPECT_EQ(referenceExact(bodyA, bodyB, TestOptions{}).samples, 16);
}

// ---------------------------------------------------------------------------------------------------------
// Random pairs: masks of 1..64 pixels a side, every kind of placement, compared with the unclipped scans.

struct ClipPair {
    AlphaMask maskA, maskB;
    SpriteTransform a, b;
    std::string kind;
    Body bodyA() const { return Body{&maskA, a}; }
    Body bodyB() const { return Body{&maskB, b}; }
    std::string describe() const {
        std::ostringstream os;
        os.precision(17);
        auto transform = [&](const char* name, const AlphaMask& mask, const SpriteTransform& t) {
            os << name << " " << mask.width() << "x" << mask.height() << " threshold " << mask.threshold()
               << " position ("
               << t.position.x << ", " << t.position.y << ") origin (" << t.origin.x << ", " << t.origin.y
               << ") rotation " << t.rotationDeg << " scale (" << t.scale.x << ", " << t.scale.y << ")\n";
        };
        os << "kind " << kind << "\n";
        transform("A", maskA, a);
        transform("B", maskB, b);
        return os.str();
    }
};

class ClipPairGenerator {
public:
    explicit ClipPairGenerator(std::uint64_t seed) : m_rng(seed) {}

    ClipPair next() {
        ClipPair p;
        p.maskA = mask();
        p.maskB = mask();
        const int kind = uniformInt(0, 99);
        // Most pairs near the origin; some near the edge of the coordinate limit, where a pixel is 2^-29 of
        // the coordinates and rounding is at its worst.
        const glm::dvec2 home = uniformInt(0, 4) == 0 ? farPoint() : glm::dvec2(uniform(-20, 20), uniform(-20, 20));
        if (kind < 20) {
            p.kind = "touching";
            p.a = exactTransform(p.maskA, home);
            p.b = exactTransform(p.maskB, home);
            touch(p);
        } else if (kind < 45) {
            p.kind = "quarter turns";
            p.a = exactTransform(p.maskA, home);
            p.b = exactTransform(p.maskB, home);
            placeNear(p);
        } else if (kind < 85) {
            p.kind = "arbitrary";
            p.a = arbitrary(p.maskA, home);
            p.b = arbitrary(p.maskB, home);
            placeNear(p);
        } else {
            // At most one huge sprite: two would cover millions of world pixels.
            p.kind = "extreme scale";
            p.a = arbitrary(p.maskA, home);
            p.b = arbitrary(p.maskB, home);
            SpriteTransform& t = uniformInt(0, 1) ? p.a : p.b;
            const double magnitude = uniformInt(0, 1) ? std::exp(uniform(std::log(kMinScale), std::log(0.05)))
                                                      : std::exp(uniform(std::log(20.0), std::log(kMaxScale)));
            t.scale = {sign() * magnitude, uniformInt(0, 1) ? sign() * magnitude : t.scale.y};
            if (magnitude < 1.0 && uniformInt(0, 1)) {
                SpriteTransform& other = &t == &p.a ? p.b : p.a;
                other.scale = {sign() * magnitude * uniform(0.5, 2), sign() * magnitude * uniform(0.5, 2)};
            }
            placeNear(p);
        }
        return p;
    }

private:
    int uniformInt(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(m_rng); }
    double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(m_rng); }
    double sign() { return uniformInt(0, 1) ? 1.0 : -1.0; }

    glm::dvec2 farPoint() {
        const double edge = kMaxCoordinate - 1e5;
        return {sign() * uniform(0.5 * edge, edge), sign() * uniform(0.5 * edge, edge)};
    }

    // Empty, full, noise, a filled ellipse or a thin diagonal, at a random threshold with alphas on both sides.
    AlphaMask mask() {
        const bool tiny = uniformInt(0, 9) == 0;
        const int w = tiny ? 1 : uniformInt(1, 64), h = tiny ? uniformInt(1, 3) : uniformInt(1, 64);
        const int pattern = uniformInt(0, 9);
        const int threshold = uniformInt(0, 1) ? 0 : uniformInt(0, 254);
        RgbaImage image{w, h, std::vector<std::uint8_t>(static_cast<std::size_t>(w) * h * 4, 0)};
        const double density = uniform(0.2, 0.95);
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                bool solid = false;
                if (pattern == 0) {
                    solid = false;
                } else if (pattern <= 2) {
                    solid = true;
                } else if (pattern <= 5) {
                    solid = uniform(0, 1) < density;
                } else if (pattern <= 8) {
                    const double dx = (x + 0.5 - w / 2.0) / (w / 2.0), dy = (y + 0.5 - h / 2.0) / (h / 2.0);
                    solid = dx * dx + dy * dy <= 1.0;
                } else {
                    solid = std::abs(x * h - y * w) <= std::max(w, h);
                }
                const int below = uniformInt(0, 2) == 0 ? threshold : uniformInt(0, threshold);
                const int alpha = solid ? uniformInt(threshold + 1, 255) : below;
                image.pixels[(static_cast<std::size_t>(y) * w + x) * 4 + 3] = static_cast<std::uint8_t>(alpha);
            }
        }
        return AlphaMask(image, threshold);
    }

    // Quarter turns (and whole turns), power-of-two scales with flips, dyadic origins and positions.
    SpriteTransform exactTransform(const AlphaMask& mask, glm::dvec2 home) {
        SpriteTransform t;
        t.rotationDeg = 90.0 * uniformInt(-5, 5);
        const std::array<double, 4> scales{0.5, 1, 1, 2};
        t.scale = {sign() * scales[static_cast<std::size_t>(uniformInt(0, 3))],
                   sign() * scales[static_cast<std::size_t>(uniformInt(0, 3))]};
        t.origin = {uniformInt(0, 2 * mask.width()) / 2.0, uniformInt(0, 2 * mask.height()) / 2.0};
        t.position = glm::round(home) + glm::dvec2(uniformInt(-32, 32), uniformInt(-32, 32)) / 4.0;
        return t;
    }

    SpriteTransform arbitrary(const AlphaMask& mask, glm::dvec2 home) {
        SpriteTransform t;
        const int turn = uniformInt(0, 9);
        t.rotationDeg = turn == 0 ? 90.0 * uniformInt(-4, 4) + uniform(-1e-9, 1e-9)
                        : turn == 1 ? 45.0 * uniformInt(-8, 8)
                                    : uniform(-400, 400);
        t.scale = {sign() * std::exp(uniform(std::log(0.25), std::log(4.0))),
                   sign() * std::exp(uniform(std::log(0.25), std::log(4.0)))};
        t.origin = {uniform(0, mask.width()), uniform(0, mask.height())};
        t.position = home + glm::dvec2(uniform(-10, 10), uniform(-10, 10));
        return t;
    }

    // Moves B so that its texture centre lands somewhere around A's, close enough to overlap often.
    void placeNear(ClipPair& p) {
        const Body a = p.bodyA(), b = p.bodyB();
        const Rect boxA = worldAabb(a), boxB = worldAabb(b);
        const glm::dvec2 cap{200.0, 200.0};
        const glm::dvec2 reach = 0.5 * (glm::min(boxA.size(), cap) + glm::min(boxB.size(), cap));
        const glm::dvec2 target = 0.5 * (boxA.min + boxA.max) + glm::dvec2(uniform(-1, 1), uniform(-1, 1)) * reach;
        p.b.position += target - 0.5 * (boxB.min + boxB.max);
    }

    // Moves B by a dyadic amount so that one side of its tight box lies exactly on the opposite side of A's,
    // sliding along that side by a random amount.
    void touch(ClipPair& p) {
        const auto ta = tightWorldAabb(p.bodyA()), tb = tightWorldAabb(p.bodyB());
        if (!ta || !tb) {
            placeNear(p);
            return;
        }
        const int axis = uniformInt(0, 1), other = 1 - axis;
        glm::dvec2 shift{0.0, 0.0};
        shift[axis] = uniformInt(0, 1) ? ta->max[axis] - tb->min[axis] : ta->min[axis] - tb->max[axis];
        const double slide = (tb->max[other] - tb->min[other]) + (ta->max[other] - ta->min[other]);
        shift[other] = ta->min[other] - tb->min[other] + std::round(uniform(-0.25, 1.0) * slide * 4.0) / 4.0;
        p.b.position += shift;
    }

    std::mt19937_64 m_rng;
};

// Compares one clipped scan with its reference under one set of options; returns an empty string when they
// agree bit for bit and the clipped scan visited no more.
std::string difference(const CollisionResult& clipped, const CollisionResult& reference) {
    std::ostringstream os;
    os.precision(17);
    if (clipped.applicable != reference.applicable || clipped.reason != reference.reason) os << "applicable differs; ";
    if (clipped.hit != reference.hit) os << "hit " << clipped.hit << " vs " << reference.hit << "; ";
    if (clipped.overlap != reference.overlap)
        os << "overlap " << clipped.overlap << " vs " << reference.overlap << "; ";
    if (clipped.firstHit != reference.firstHit) os << "firstHit differs; ";
    if (clipped.hits != reference.hits)
        os << "hits differ (" << clipped.hits.size() << " vs " << reference.hits.size() << "); ";
    if (clipped.samples > reference.samples) os << "samples " << clipped.samples << " > " << reference.samples << "; ";
    return os.str();
}

struct ClipTally {
    int pairs = 0;
    int withHits = 0;
    std::int64_t samples = 0;
    std::int64_t referenceSamples = 0;
};

// Runs both scans of one test on `count` pairs in full mode (with and without the list) and hit-only mode.
ClipTally expectSameAsReference(PixelTest test, PixelTest reference, std::uint64_t seed, int count) {
    ClipTally tally;
    ClipPairGenerator generator(seed);
    TestOptions hitOnlyListing = testing::hitOnlyScan(Sampling::Center);
    hitOnlyListing.listHits = true;
    const std::array<TestOptions, 4> modes{testing::fullScan(Sampling::Center, true),
                                           testing::fullScan(Sampling::Center, false),
                                           testing::hitOnlyScan(Sampling::Center), hitOnlyListing};
    int failures = 0;
    for (int i = 0; i < count; ++i) {
        const ClipPair p = generator.next();
        for (std::size_t m = 0; m < modes.size(); ++m) {
            const CollisionResult clipped = test(p.bodyA(), p.bodyB(), modes[m]);
            const CollisionResult expected = reference(p.bodyA(), p.bodyB(), modes[m]);
            const std::string problem = difference(clipped, expected);
            if (!problem.empty() && failures++ < 5)
                ADD_FAILURE() << "pair " << i << " mode " << m << ": " << problem << "\n" << p.describe();
            if (m == 0) {
                ++tally.pairs;
                tally.withHits += expected.hit ? 1 : 0;
                tally.samples += clipped.samples;
                tally.referenceSamples += expected.samples;
            }
        }
    }
    EXPECT_EQ(failures, 0);
    return tally;
}

TEST(PixelWorldClip, AnswersExactlyAsTheUnclippedScanOnRandomPairs) {
    const ClipTally t = expectSameAsReference(&pixelWorld, &referenceWorld, 0xc11b2026, 4000);
    // The generator must give real overlaps, and clipping must save visits, or the comparison says little.
    EXPECT_GE(t.withHits, t.pairs / 3);
    EXPECT_LT(t.samples, t.referenceSamples);
    std::printf("[pixel-world] %d pairs, %d with hits, %lld centres visited of %lld\n", t.pairs, t.withHits,
                static_cast<long long>(t.samples), static_cast<long long>(t.referenceSamples));
}

TEST(PixelExactClip, AnswersExactlyAsTheUnclippedWalkOnRandomPairs) {
    const ClipTally t = expectSameAsReference(&pixelExact, &referenceExact, 0xc11b2027, 4000);
    EXPECT_GE(t.withHits, t.pairs / 3);
    EXPECT_LT(t.samples, t.referenceSamples);
    std::printf("[pixel-exact] %d pairs, %d with hits, %lld pixels examined of %lld\n", t.pairs, t.withHits,
                static_cast<long long>(t.samples), static_cast<long long>(t.referenceSamples));
}

}  // namespace
}  // namespace cl
