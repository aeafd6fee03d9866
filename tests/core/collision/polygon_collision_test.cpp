// The `polygon` row: each sprite's collider under its world matrix, piece against piece. Checked by hand for
// boxes, against an independent reference (each pair of world pieces clipped one by the other, Sutherland-Hodgman,
// and the area of what is left), and against `pixel-exact` on random poses: outer colliders never miss its hits,
// inner colliders never hit where it finds no overlap.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "core/collider/make_collider.h"
#include "core/collision/algorithms.h"
#include "core/collision/polygon_collision.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::maskFromArt;
using testing::makeTransform;
using testing::solidMask;

const Algorithm& polygonRow() {
    const Algorithm* row = findAlgorithm("polygon");
    EXPECT_NE(row, nullptr);
    return *row;
}

CollisionResult polygon(const Body& a, const Body& b) { return runAlgorithm(polygonRow(), a, b, {}); }

Body body(const AlphaMask& mask, const SpriteTransform& t, ColliderOptions options = {}) { return Body{&mask, t, options}; }

// ---- Reference: the area shared by two convex polygons, by clipping one with the other's edges.
using Polygon = std::vector<glm::dvec2>;

double cross(glm::dvec2 a, glm::dvec2 b) { return a.x * b.y - a.y * b.x; }

double area(const Polygon& p) {
    double twice = 0.0;
    for (std::size_t i = 0; i < p.size(); ++i) twice += cross(p[i], p[(i + 1) % p.size()]);
    return std::fabs(twice) / 2.0;
}

// Keeps the part of `subject` on the inner side of every edge of the convex polygon `clip` (either orientation).
Polygon clipConvex(Polygon subject, const Polygon& clip) {
    double orientation = 0.0;
    for (std::size_t i = 0; i < clip.size(); ++i) orientation += cross(clip[i], clip[(i + 1) % clip.size()]);
    for (std::size_t i = 0; i < clip.size() && !subject.empty(); ++i) {
        const glm::dvec2 p = clip[i], q = clip[(i + 1) % clip.size()];
        auto side = [&](glm::dvec2 v) { return cross(q - p, v - p) * (orientation > 0 ? 1.0 : -1.0); };
        Polygon kept;
        for (std::size_t j = 0; j < subject.size(); ++j) {
            const glm::dvec2 u = subject[j], v = subject[(j + 1) % subject.size()];
            const double su = side(u), sv = side(v);
            if (su >= 0) kept.push_back(u);
            if ((su >= 0) != (sv >= 0)) kept.push_back(u + (v - u) * (su / (su - sv)));
        }
        subject = std::move(kept);
    }
    return subject;
}

std::vector<Polygon> worldPieces(const AlphaMask& mask, const SpriteTransform& t, const ColliderOptions& options) {
    std::vector<Polygon> out;
    const glm::dmat3 m = worldMatrix(t);
    for (const auto& piece : buildColliderPieces(mask, options)) {
        Polygon world;
        for (glm::dvec2 v : piece) world.push_back(transformPoint(m, v));
        out.push_back(world);
    }
    return out;
}

// Largest area shared by a piece of A and a piece of B.
double largestSharedArea(const std::vector<Polygon>& a, const std::vector<Polygon>& b) {
    double best = 0.0;
    for (const Polygon& pa : a)
        for (const Polygon& pb : b) {
            const Polygon shared = clipConvex(pa, pb);
            if (shared.size() >= 3) best = std::max(best, area(shared));
        }
    return best;
}

// ---- Boxes worked out by hand: a solid 4x4 sprite's collider is its texture square in every mode.

TEST(PolygonRow, IsABoundRowOfCoresTable) {
    const Algorithm& row = polygonRow();
    EXPECT_EQ(row.kind, AlgorithmKind::Bound);
    EXPECT_FALSE(row.reportsArea);
    EXPECT_FALSE(row.directional);
}

TEST(PolygonRow, SquaresSideBySideTouchButDoNotHit) {
    const AlphaMask a = solidMask(4, 4), b = solidMask(4, 4);
    EXPECT_FALSE(polygon(body(a, makeTransform({0, 0})), body(b, makeTransform({4, 0}))).hit);
    EXPECT_TRUE(polygon(body(a, makeTransform({0, 0})), body(b, makeTransform({3.75, 0}))).hit);
    EXPECT_FALSE(polygon(body(a, makeTransform({0, 0})), body(b, makeTransform({0, 4}))).hit);
    EXPECT_TRUE(polygon(body(a, makeTransform({0, 0})), body(b, makeTransform({3.5, 3.5}))).hit);
}

TEST(PolygonRow, DiamondAgainstSquareBySeparatingAxesWorkedByHand) {
    // B is A's square turned 45 degrees about its centre: a diamond of half-diagonal 2 sqrt 2. With its centre at
    // (4 + 2 sqrt 2 + d, 2) its left corner is at x = 4 + d against A's right side x = 4: a hit exactly when d < 0.
    const AlphaMask a = solidMask(4, 4), b = solidMask(4, 4);
    const double half = 2.0 * std::numbers::sqrt2;
    for (double d : {-0.25, -0.01}) {
        EXPECT_TRUE(polygon(body(a, makeTransform({0, 0})), body(b, makeTransform({4 + half + d, 2}, {2, 2}, 45.0)))
                        .hit)
            << d;
    }
    for (double d : {0.01, 0.25, 3.0}) {
        EXPECT_FALSE(polygon(body(a, makeTransform({0, 0})), body(b, makeTransform({4 + half + d, 2}, {2, 2}, 45.0)))
                         .hit)
            << d;
    }
}

TEST(PolygonRow, AnL_OuterColliderIsTheHullAndMissesTheNotch) {
    // "#." "#." "##": the outer collider (core/README.md worked examples) is one piece (0,0) (0,3) (2.5,3) (1,0); a
    // unit square placed in the notch at (1.6, 0.1)..(2.6, 1.1) lies right of the piece's side from (1,0) to
    // (2.5,3) (x = 1 + y/2, at most 1.55 on those rows): no hit. At (1.2, 1.8) it crosses that side: a hit.
    const AlphaMask l = maskFromArt({"#.", "#.", "##"}), dot = solidMask(1, 1);
    EXPECT_FALSE(polygon(body(l, makeTransform({0, 0})), body(dot, makeTransform({1.6, 0.1}))).hit);
    EXPECT_TRUE(polygon(body(l, makeTransform({0, 0})), body(dot, makeTransform({1.2, 1.8}))).hit);
    // At (1.2, 0) the square meets no solid pixel, but the outer piece's slanted side passes over it.
    EXPECT_TRUE(polygon(body(l, makeTransform({0, 0})), body(dot, makeTransform({1.2, 0.0}))).hit);
    // Inner, epsilon 0.5: the column and the foot, exactly; the notch is free again.
    const ColliderOptions inner{ColliderMode::Inner, 0.5, 8};
    EXPECT_FALSE(polygon(body(l, makeTransform({0, 0}), inner), body(dot, makeTransform({1.2, 0.0}), inner)).hit);
}

TEST(PolygonRow, AnEmptySpriteHitsNothing) {
    const AlphaMask empty = maskFromArt({"...", "..."}), full = solidMask(4, 4);
    const CollisionResult r = polygon(body(empty, makeTransform({0, 0})), body(full, makeTransform({0, 0})));
    EXPECT_TRUE(r.applicable);
    EXPECT_FALSE(r.hit);
}

TEST(PolygonRow, SettingsOutOfRangeAreNotApplicableWithTheOptionsName) {
    const AlphaMask a = solidMask(2, 2);
    const CollisionResult r =
        polygon(body(a, makeTransform({0, 0})), body(a, makeTransform({1, 0}), {ColliderMode::Outer, 1.0, 2}));
    EXPECT_FALSE(r.applicable);
    EXPECT_NE(r.reason.find("B's collider"), std::string::npos) << r.reason;
    EXPECT_NE(r.reason.find("max_vertices"), std::string::npos) << r.reason;
    const CollisionResult e =
        polygon(body(a, makeTransform({0, 0}), {ColliderMode::Outer, std::nan(""), 8}), body(a, makeTransform({1, 0})));
    EXPECT_FALSE(e.applicable);
    EXPECT_NE(e.reason.find("epsilon"), std::string::npos) << e.reason;
}

TEST(PolygonRow, CollidersAreKeptWithTheMaskPerSettings) {
    const AlphaMask mask = maskFromArt({"##.", "###", ".#."});
    const ColliderOptions outer{}, inner{ColliderMode::Inner, 1.0, 8};
    const auto first = cachedColliderPieces(mask, outer);
    EXPECT_EQ(cachedColliderPieces(mask, outer), first);  // the same kept object, not a rebuild
    EXPECT_EQ(*first, buildColliderPieces(mask, outer));
    const auto other = cachedColliderPieces(mask, inner);
    EXPECT_NE(other, first);
    EXPECT_EQ(*other, buildColliderPieces(mask, inner));
    // A mask at another threshold is another mask: its collider is its own.
    const AlphaMask higher = maskFromArt({"#9.", "###", ".#."}, 230);
    EXPECT_EQ(*cachedColliderPieces(higher, outer), buildColliderPieces(higher, outer));
    EXPECT_NE(*cachedColliderPieces(higher, outer), *first);
}

// ---- Random poses against the references.

AlphaMask randomMask(std::mt19937& rng) {
    std::uniform_int_distribution<int> side(1, 7);
    const int w = side(rng), h = side(rng);
    std::bernoulli_distribution solid(std::uniform_real_distribution<double>(0.3, 0.9)(rng));
    std::vector<std::string> rows(static_cast<std::size_t>(h), std::string(static_cast<std::size_t>(w), '.'));
    for (auto& row : rows)
        for (char& c : row) c = solid(rng) ? '#' : '.';
    return maskFromArt(rows);
}

SpriteTransform randomPose(std::mt19937& rng, const AlphaMask& mask) {
    std::uniform_real_distribution<double> at(-4.0, 4.0), turn(-180.0, 180.0), size(0.5, 2.0);
    const double flip = rng() % 4 == 0 ? -1.0 : 1.0;
    return makeTransform({at(rng), at(rng)}, {mask.width() / 2.0, mask.height() / 2.0}, rng() % 5 == 0 ? 90.0 : turn(rng),
                         {flip * size(rng), size(rng)});
}

TEST(PolygonRow, AgreesWithClippingThePiecesOnRandomPoses) {
    std::mt19937 rng(23);
    const ColliderOptions settings[] = {{ColliderMode::Outer, 1.0, 8}, {ColliderMode::Inner, 1.0, 4},
                                        {ColliderMode::Balanced, 1.5, 3}};
    int hits = 0, misses = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        const AlphaMask a = randomMask(rng), b = randomMask(rng);
        const ColliderOptions oa = settings[trial % 3], ob = settings[(trial / 3) % 3];
        const SpriteTransform ta = randomPose(rng, a), tb = randomPose(rng, b);
        const double shared = largestSharedArea(worldPieces(a, ta, oa), worldPieces(b, tb, ob));
        if (shared > 0.0 && shared < 1e-6) continue;  // touching within rounding: either answer is right
        const bool hit = polygon(body(a, ta, oa), body(b, tb, ob)).hit;
        ASSERT_EQ(hit, shared > 0.0) << "trial " << trial << ": shared area " << shared;
        (hit ? hits : misses)++;
    }
    // Both answers occur often enough for the comparison to mean something.
    EXPECT_GT(hits, 500);
    EXPECT_GT(misses, 500);
}

TEST(PolygonRow, OuterNeverMissesAPixelExactHitAndInnerNeverHitsWherePixelExactMisses) {
    std::mt19937 rng(2311);
    const Algorithm* exact = findAlgorithm("pixel-exact");
    ASSERT_NE(exact, nullptr);
    const ColliderOptions outer{ColliderMode::Outer, 1.0, 8}, inner{ColliderMode::Inner, 1.0, 8};
    int exactHits = 0, innerHits = 0, outerOnly = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        const AlphaMask a = randomMask(rng), b = randomMask(rng);
        const SpriteTransform ta = randomPose(rng, a), tb = randomPose(rng, b);
        const CollisionResult pixels = runAlgorithm(*exact, Body{&a, ta}, Body{&b, tb}, {});
        const bool outerHit = polygon(body(a, ta, outer), body(b, tb, outer)).hit;
        const bool innerHit = polygon(body(a, ta, inner), body(b, tb, inner)).hit;
        if (pixels.hit) {
            ASSERT_TRUE(outerHit) << "trial " << trial << ": pixel-exact area " << pixels.overlap;
        }
        if (innerHit) {
            ASSERT_GT(pixels.overlap, 0.0) << "trial " << trial;
        }
        exactHits += pixels.hit;
        innerHits += innerHit;
        outerOnly += outerHit && !pixels.hit;
    }
    EXPECT_GT(exactHits, 300);
    EXPECT_GT(innerHits, 300);
    EXPECT_GT(outerOnly, 10);  // the outer collider's extra area shows
}

}  // namespace
}  // namespace cl
