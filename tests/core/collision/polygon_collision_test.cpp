// The `polygon` row: each sprite's collider under its world matrix, piece against piece. Checked by hand for
// boxes, against an independent reference (each pair of world pieces clipped one by the other, Sutherland-Hodgman,
// and the area of what is left), and against `pixel-exact` on random poses: outer colliders never miss its hits,
// inner colliders never hit where it finds no overlap.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "core/collider/make_collider.h"
#include "core/collision/algorithms.h"
#include "core/collision/pixel_scans.h"
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

AlphaMask polygonRandomMask(std::mt19937& rng) {
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
        const AlphaMask a = polygonRandomMask(rng), b = polygonRandomMask(rng);
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
        const AlphaMask a = polygonRandomMask(rng), b = polygonRandomMask(rng);
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

// ---- The listing: (A pixel, B pixel) pairs whose squares share area inside both colliders.

using Pair = std::tuple<int, int, int, int>;  // A's x, y, B's x, y

Pair pairOf(const PixelHit& h) { return {h.a.x, h.a.y, h.b.x, h.b.y}; }

std::vector<PixelHit> listing(const Body& a, const Body& b) {
    TestOptions options;
    options.listHits = true;
    return runAlgorithm(polygonRow(), a, b, options).hits;
}

// The unit square of texture pixel p under world matrix m, in world coordinates.
Polygon worldSquare(const glm::dmat3& m, glm::ivec2 p) {
    const glm::dvec2 o(p);
    return {transformPoint(m, o), transformPoint(m, o + glm::dvec2(1, 0)), transformPoint(m, o + glm::dvec2(1, 1)),
            transformPoint(m, o + glm::dvec2(0, 1))};
}

// Reference, all in world coordinates: for every pixel p of A and q of B within a box around the colliders, the
// largest area of (p's square) ∩ (q's square) ∩ (a piece of A) ∩ (a piece of B), each clipped by the next.
std::map<Pair, double> referenceAreas(const AlphaMask& a, const SpriteTransform& ta, const ColliderOptions& oa,
                                      const AlphaMask& b, const SpriteTransform& tb, const ColliderOptions& ob) {
    std::map<Pair, double> out;
    const std::vector<Polygon> pa = worldPieces(a, ta, oa), pb = worldPieces(b, tb, ob);
    const glm::dmat3 ma = worldMatrix(ta), mb = worldMatrix(tb);
    // Colliders stray at most epsilon (here <= 2) outside the texture.
    for (int ay = -3; ay < a.height() + 3; ++ay)
        for (int ax = -3; ax < a.width() + 3; ++ax) {
            const Polygon squareA = worldSquare(ma, {ax, ay});
            for (const Polygon& pieceA : pa) {
                const Polygon inA = clipConvex(squareA, pieceA);
                if (inA.size() < 3 || area(inA) == 0.0) continue;
                for (const Polygon& pieceB : pb) {
                    const Polygon inBoth = clipConvex(inA, pieceB);
                    if (inBoth.size() < 3 || area(inBoth) == 0.0) continue;
                    for (int by = -3; by < b.height() + 3; ++by)
                        for (int bx = -3; bx < b.width() + 3; ++bx) {
                            const Polygon shared = clipConvex(inBoth, worldSquare(mb, {bx, by}));
                            if (shared.size() < 3) continue;
                            double& best = out[{ax, ay, bx, by}];
                            best = std::max(best, area(shared));
                        }
                }
            }
        }
    return out;
}

TEST(PolygonListing, TwoSquaresOverlappingByHalfAPixelListTheColumnPairsWorkedByHand) {
    // 2x2 squares (each its own collider), B at (1.5, 0): A's column x = 1 overlaps B's column x = 0 by half a pixel
    // on both rows, and A's pixel (1, y) meets only B's (0, y). So exactly (1,0)-(0,0) and (1,1)-(0,1), and the
    // world point is A's pixel centre.
    const AlphaMask a = solidMask(2, 2), b = solidMask(2, 2);
    const std::vector<PixelHit> hits = listing(body(a, makeTransform({0, 0})), body(b, makeTransform({1.5, 0})));
    ASSERT_EQ(hits.size(), 2u);
    EXPECT_EQ(hits[0], (PixelHit{{1, 0}, {0, 0}, {1.5, 0.5}}));
    EXPECT_EQ(hits[1], (PixelHit{{1, 1}, {0, 1}, {1.5, 1.5}}));
    // Side by side they touch: no hit, nothing listed; hit-only mode lists nothing either.
    EXPECT_TRUE(listing(body(a, makeTransform({0, 0})), body(b, makeTransform({2, 0}))).empty());
    TestOptions hitOnly;
    hitOnly.listHits = true;
    hitOnly.stopAtFirstHit = true;
    EXPECT_TRUE(runAlgorithm(polygonRow(), body(a, makeTransform({0, 0})), body(b, makeTransform({1.5, 0})), hitOnly).hits.empty());
}

TEST(PolygonListing, TheLsOuterColliderListsTheNotchPixelThePixelsDoNot) {
    // "#." "#." "##" with its outer piece (0,0) (0,3) (2.5,3) (1,0) and a 1x1 dot at (1.2, 1.8): the dot's square
    // [1.2, 2.2] x [1.8, 2.8] meets the piece (x <= 1 + y/2 there) in A's pixels (1, 1) (clear, the notch: y in
    // [1.8, 2], x in [1.2, 2]), (1, 2) (solid) and (2, 2), right of the texture (y in [2, 2.8], x in [2, 1 + y/2]).
    // So polygon lists those three against the dot's pixel (0,0); pixel-exact lists only (1,2): (1,1) and (2,2) are
    // the collider's extra overlap.
    const AlphaMask l = maskFromArt({"#.", "#.", "##"}), dot = solidMask(1, 1);
    const Body a = body(l, makeTransform({0, 0})), b = body(dot, makeTransform({1.2, 1.8}));
    const std::vector<PixelHit> hits = listing(a, b);
    ASSERT_EQ(hits.size(), 3u);
    EXPECT_EQ(hits[0].a, glm::ivec2(1, 1));
    EXPECT_EQ(hits[1].a, glm::ivec2(1, 2));
    EXPECT_EQ(hits[2].a, glm::ivec2(2, 2));
    for (const PixelHit& h : hits) EXPECT_EQ(h.b, glm::ivec2(0, 0));
    TestOptions full;
    full.listHits = true;
    const CollisionResult exact = runAlgorithm(*findAlgorithm("pixel-exact"), a, b, full);
    ASSERT_EQ(exact.hits.size(), 1u);
    EXPECT_EQ(exact.hits[0].a, glm::ivec2(1, 2));
}

TEST(PolygonListing, AgreesWithClippingEverySquareAndPieceInTheWorldOnRandomPoses) {
    std::mt19937 rng(2323);
    const ColliderOptions settings[] = {{ColliderMode::Outer, 1.0, 8}, {ColliderMode::Inner, 1.0, 4},
                                        {ColliderMode::Balanced, 2.0, 3}};
    int listed = 0, samplesChecked = 0;
    for (int trial = 0; trial < 300; ++trial) {
        const AlphaMask a = polygonRandomMask(rng), b = polygonRandomMask(rng);
        const ColliderOptions oa = settings[trial % 3], ob = settings[(trial / 3) % 3];
        const SpriteTransform ta = randomPose(rng, a), tb = randomPose(rng, b);
        const CollisionResult r = [&] {
            TestOptions options;
            options.listHits = true;
            return runAlgorithm(polygonRow(), body(a, ta, oa), body(b, tb, ob), options);
        }();
        ASSERT_EQ(!r.hits.empty(), r.hit) << "trial " << trial;  // the separating axes' hit, and its pairs
        const std::map<Pair, double> reference = referenceAreas(a, ta, oa, b, tb, ob);
        std::set<Pair> got;
        for (const PixelHit& h : r.hits) {
            ASSERT_TRUE(got.insert(pairOf(h)).second) << "trial " << trial << ": a pair listed twice";
            EXPECT_EQ(h.world, transformPoint(worldMatrix(ta), glm::dvec2(h.a) + 0.5));
        }
        // Each pair of a clear area (above pixel-exact's 1e-6) is listed, and each listed pair has some area.
        for (const auto& [pair, shared] : reference) {
            if (shared > 1e-6) {
                EXPECT_TRUE(got.count(pair)) << "trial " << trial << ": missing a pair of area " << shared;
            }
        }
        for (const Pair& pair : got) {
            const auto it = reference.find(pair);
            EXPECT_TRUE(it != reference.end() && it->second > 1e-12)
                << "trial " << trial << ": listed a pair whose squares share nothing inside both colliders";
        }
        // Point in convex polygon, by hand, on every sample of A (pixel centres, center sampling): a centre strictly
        // inside a piece of A that lands strictly inside a piece of B has a neighbourhood in all four sets, so its
        // (A pixel, B pixel) pair must be listed.
        const auto strictlyInside = [](const Polygon& piece, glm::dvec2 p) {
            double orientation = 0.0;
            for (std::size_t i = 0; i < piece.size(); ++i) orientation += cross(piece[i], piece[(i + 1) % piece.size()]);
            for (std::size_t i = 0; i < piece.size(); ++i) {
                const double side = cross(piece[(i + 1) % piece.size()] - piece[i], p - piece[i]) * (orientation > 0 ? 1.0 : -1.0);
                if (side <= 1e-9) return false;
            }
            return true;
        };
        const glm::dmat3 aToB = affineInverse(worldMatrix(tb)) * worldMatrix(ta);
        const ConvexPieces piecesA = buildColliderPieces(a, oa), piecesB = buildColliderPieces(b, ob);
        for (int y = -3; y < a.height() + 3; ++y)
            for (int x = -3; x < a.width() + 3; ++x) {
                const glm::dvec2 centre(x + 0.5, y + 0.5);
                const glm::dvec2 inB = transformPoint(aToB, centre);
                const bool inside = std::any_of(piecesA.begin(), piecesA.end(), [&](const auto& p) { return strictlyInside(p, centre); }) &&
                                    std::any_of(piecesB.begin(), piecesB.end(), [&](const auto& p) { return strictlyInside(p, inB); });
                const glm::dvec2 cell = glm::floor(inB);
                if (!inside || std::abs(inB.x - cell.x) < 1e-9 || std::abs(inB.y - cell.y) < 1e-9) continue;
                ++samplesChecked;
                EXPECT_TRUE(got.count({x, y, int(cell.x), int(cell.y)})) << "trial " << trial << ": sample of (" << x << ", " << y << ")";
            }
        listed += int(got.size());
    }
    EXPECT_GT(listed, 1500);
    EXPECT_GT(samplesChecked, 300);
}

TEST(PolygonListing, AgainstPixelExactOuterListsEveryPairAndInnerOnlyItsPairs) {
    // The Compare panel's promise: polygon vs pixel-exact has no "only pixel-exact" pair with outer colliders and no
    // "only polygon" pair with inner ones (pixel pairs of less than pixel-exact's 1e-6 px^2 aside: the listing leaves
    // out what is within 1e-9 of a pixel of B).
    std::mt19937 rng(2324);
    const Algorithm* exact = findAlgorithm("pixel-exact");
    const ColliderOptions outer{ColliderMode::Outer, 1.0, 8}, inner{ColliderMode::Inner, 1.0, 8};
    TestOptions full;
    full.listHits = true;
    int extra = 0, missed = 0;
    for (int trial = 0; trial < 400; ++trial) {
        const AlphaMask a = polygonRandomMask(rng), b = polygonRandomMask(rng);
        const SpriteTransform ta = randomPose(rng, a), tb = randomPose(rng, b);
        const CollisionResult pixels = runAlgorithm(*exact, Body{&a, ta}, Body{&b, tb}, full);
        const std::vector<double> areas = pixelPairAreas(Body{&a, ta}, Body{&b, tb}, pixels.hits);
        std::set<Pair> pixelPairs, clearPixelPairs;
        for (std::size_t i = 0; i < pixels.hits.size(); ++i) {
            pixelPairs.insert(pairOf(pixels.hits[i]));
            if (areas[i] > kExactAreaEpsilon) clearPixelPairs.insert(pairOf(pixels.hits[i]));
        }
        std::set<Pair> outerPairs, innerPairs;
        for (const PixelHit& h : listing(body(a, ta, outer), body(b, tb, outer))) outerPairs.insert(pairOf(h));
        for (const PixelHit& h : listing(body(a, ta, inner), body(b, tb, inner))) innerPairs.insert(pairOf(h));
        for (const Pair& p : clearPixelPairs) ASSERT_TRUE(outerPairs.count(p)) << "trial " << trial << ": outer misses a pixel pair";
        for (const Pair& p : innerPairs) {
            const auto [ax, ay, bx, by] = p;
            ASSERT_TRUE(a.solid(ax, ay) && b.solid(bx, by)) << "trial " << trial << ": inner lists a clear pixel";
        }
        for (const Pair& p : outerPairs) extra += !pixelPairs.count(p);
        for (const Pair& p : pixelPairs) missed += !innerPairs.count(p);
    }
    EXPECT_GT(extra, 100);   // outer's extra overlap shows as pairs only polygon lists
    EXPECT_GT(missed, 100);  // inner's missed overlap as pairs only pixel-exact lists
}

}  // namespace
}  // namespace cl
