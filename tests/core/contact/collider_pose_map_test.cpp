// The pose map: every cell against `polygon` and `pixel-exact` run on their own at that offset of B, the window
// against the cells around it, and the guarantees of outer and inner colliders on the bundled hero (lesson 26).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "core/collision/algorithms.h"
#include "core/contact/collider_pose_map.h"
#include "core/contact/contact_map_image.h"
#include "core/scene/scene.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::makeTransform;
using testing::maskFromArt;
using testing::solidMask;

bool hitsAt(const char* test, const Body& a, Body b, glm::dvec2 t) {
    b.transform.position += t;
    return runAlgorithm(*findAlgorithm(test), a, b, testing::hitOnlyScan(Sampling::Center)).hit;
}

PoseCell expectedCell(const Body& a, const Body& b, glm::dvec2 t) {
    const bool byCollider = hitsAt("polygon", a, b, t), byPixels = hitsAt("pixel-exact", a, b, t);
    return byCollider ? (byPixels ? PoseCell::BothHit : PoseCell::ColliderOnly)
                      : (byPixels ? PoseCell::PixelsOnly : PoseCell::BothMiss);
}

// Every cell of the map and a two-cell border around its window against the two tests run at that offset.
void expectEveryCellIsTheTestsAnswer(const ColliderPoseMap& map, const Body& a, const Body& b, const std::string& what) {
    ASSERT_TRUE(map.applicable) << what << ": " << map.reason;
    ASSERT_TRUE(map.complete()) << what;
    const LatticeWindow& w = map.window();
    PoseCellCounts counts;
    for (int y = w.first.y - 2; y <= w.last.y + 2; ++y) {
        for (int x = w.first.x - 2; x <= w.last.x + 2; ++x) {
            const glm::ivec2 c{x, y};
            const PoseCell expected = expectedCell(a, b, glm::dvec2(c) * map.step());
            if (!w.contains(c)) {
                ASSERT_EQ(expected, PoseCell::BothMiss) << what << ": a hit outside the window at " << x << ", " << y;
                continue;
            }
            ASSERT_EQ(map.cell(c), expected) << what << ": cell " << x << ", " << y;
            (expected == PoseCell::BothHit        ? counts.bothHit
             : expected == PoseCell::ColliderOnly ? counts.colliderOnly
             : expected == PoseCell::PixelsOnly   ? counts.pixelsOnly
                                                  : counts.bothMiss)++;
        }
    }
    EXPECT_EQ(map.counts, counts) << what;
}

AlphaMask poseMapRandomMask(std::mt19937& rng) {
    std::uniform_int_distribution<int> side(1, 6);
    const int w = side(rng), h = side(rng);
    std::vector<std::string> rows(static_cast<std::size_t>(h), std::string(static_cast<std::size_t>(w), '.'));
    for (auto& row : rows)
        for (char& c : row) c = rng() % 3 ? '#' : '.';
    rows[0][0] = '#';  // at least one solid pixel
    return maskFromArt(rows);
}

TEST(ColliderPoseMap, EveryCellIsPolygonAndPixelExactAtThatOffsetOnRandomPairs) {
    std::mt19937 rng(26);
    const ColliderOptions settings[] = {{ColliderMode::Outer, 1.0, 8}, {ColliderMode::Inner, 1.0, 8}, {ColliderMode::Balanced, 2.0, 4}};
    int disagreeing = 0;
    for (int trial = 0; trial < 24; ++trial) {
        const AlphaMask ma = poseMapRandomMask(rng), mb = poseMapRandomMask(rng);
        std::uniform_real_distribution<double> turn(-180.0, 180.0), size(0.6, 1.8), at(-3.0, 3.0);
        const Body a{&ma, makeTransform({at(rng), at(rng)}, {1, 1}, trial % 4 == 0 ? 0.0 : turn(rng), {size(rng), size(rng)}),
                     settings[trial % 3]};
        const Body b{&mb, makeTransform({at(rng), at(rng)}, {0.5, 0.5}, trial % 5 == 0 ? 0.0 : turn(rng)), settings[(trial / 3) % 3]};
        const int resolution = trial % 2 ? 1 : 2;
        const ColliderPoseMap map = colliderPoseMap(a, b, resolution);
        expectEveryCellIsTheTestsAnswer(map, a, b, "trial " + std::to_string(trial));
        EXPECT_EQ(map.step(), 1.0 / resolution);
        disagreeing += int(map.counts.colliderOnly + map.counts.pixelsOnly);
    }
    EXPECT_GT(disagreeing, 50);  // the maps have disagreeing cells to check
}

TEST(ColliderPoseMap, TheWindowHoldsTheOuterCollidersReachBeyondThePixels) {
    // A's pixel (0,0) alone with outer epsilon 1 is its square; the L's outer piece reaches x = 2.5 at y = 3, beyond
    // its 2 x 3 texture. A 1x1 B is hit by the collider only at offsets whose square crosses the slanted side.
    const AlphaMask l = maskFromArt({"#.", "#.", "##"}), dot = solidMask(1, 1);
    const Body a{&l, makeTransform({0, 0})}, b{&dot, makeTransform({0, 0})};
    const ColliderPoseMap map = colliderPoseMap(a, b, 2);
    expectEveryCellIsTheTestsAnswer(map, a, b, "L and dot");
    // B at (2.0, 2.0) (cell (4, 4)): the square [2, 3] x [2, 3] meets no solid pixel, but the piece's side from
    // (1, 0) to (2.5, 3) passes x = 2 at y = 2: the collider only.
    EXPECT_EQ(map.cell({4, 4}), PoseCell::ColliderOnly);
    EXPECT_EQ(map.cell({0, 0}), PoseCell::BothHit);
    EXPECT_EQ(map.counts.pixelsOnly, 0);
}

TEST(ColliderPoseMap, FillsRowByRowToTheSameMap) {
    const AlphaMask ma = maskFromArt({"##.#", "#..#", "####"}), mb = maskFromArt({"#.", "##"});
    const Body a{&ma, makeTransform({0, 0}, {0, 0}, 30.0)}, b{&mb, makeTransform({1, 1})};
    ColliderPoseMapBuilder builder(a, b);
    int rows = -1;
    while (!builder.advance(1)) {
        EXPECT_GT(builder.map().rowsDone(), rows);
        rows = builder.map().rowsDone();
    }
    const ColliderPoseMap whole = colliderPoseMap(a, b);
    EXPECT_EQ(builder.map().collider.bits, whole.collider.bits);
    EXPECT_EQ(builder.map().pixels.bits, whole.pixels.bits);
    EXPECT_EQ(builder.map().counts, whole.counts);
}

TEST(ColliderPoseMap, RefusesBadSettingsAndTooManyCellsWithTheReason) {
    const AlphaMask m = solidMask(3, 3);
    const ColliderPoseMap bad = colliderPoseMap(Body{&m, makeTransform({0, 0})}, Body{&m, makeTransform({0, 0}), {ColliderMode::Outer, 1.0, 2}});
    EXPECT_FALSE(bad.applicable);
    EXPECT_NE(bad.reason.find("B's collider"), std::string::npos) << bad.reason;
    EXPECT_NE(bad.reason.find("max_vertices"), std::string::npos) << bad.reason;
    EXPECT_TRUE(bad.complete());
    EXPECT_TRUE(bad.window().empty());
    // Two 600 x 600 sprites: 1201 x 1201 offsets, more than 2^20.
    const AlphaMask big = solidMask(600, 600);
    const ColliderPoseMap large = colliderPoseMap(Body{&big, makeTransform({0, 0})}, Body{&big, makeTransform({0, 0})});
    EXPECT_FALSE(large.applicable);
    EXPECT_NE(large.reason.find("1201 x 1201"), std::string::npos) << large.reason;
    // A sprite with no solid pixel: nothing can hit, an empty complete map.
    const AlphaMask clear = maskFromArt({"..", ".."});
    const ColliderPoseMap none = colliderPoseMap(Body{&clear, makeTransform({0, 0})}, Body{&m, makeTransform({0, 0})});
    EXPECT_TRUE(none.applicable);
    EXPECT_TRUE(none.window().empty());
    EXPECT_TRUE(none.complete());
}

TEST(ColliderPoseMap, TheImageColoursEachKindAndMarksBWhereItStands) {
    const AlphaMask l = maskFromArt({"#.", "#.", "##"}), dot = solidMask(1, 1);
    const ColliderPoseMap map = colliderPoseMap(Body{&l, makeTransform({0, 0})}, Body{&dot, makeTransform({0, 0})}, 2);
    const RgbaImage image = colliderPoseMapImage(map, 0);
    ASSERT_EQ(image.width, map.window().width());
    ASSERT_EQ(image.height, map.window().height());
    const auto colourAt = [&](glm::ivec2 c) {
        const glm::ivec2 p = c - map.window().first;
        const std::uint8_t* px = image.pixels.data() + (std::size_t(p.y) * image.width + p.x) * 4;
        return std::uint32_t(px[0]) << 24 | std::uint32_t(px[1]) << 16 | std::uint32_t(px[2]) << 8 | px[3];
    };
    EXPECT_EQ(colourAt({4, 4}), kPoseColliderOnlyColour);
    EXPECT_EQ(colourAt({0, 0}), kMapOriginColour);  // the cross's centre: B where it stands
    EXPECT_EQ(colourAt(map.window().first), kPoseBothMissColour);
}

// ---- Larger pairs: most cells are decided by the bounds, every one still the tests' answer.

// A notched ring of side n with a one-pixel spur, its alpha falling off outwards (digits 1..9, so thresholds cut it
// at different radii), and a few clear holes: curves, stairs, a thin feature and runs of every length.
AlphaMask notchedRing(int n, int threshold) {
    std::vector<std::string> rows(static_cast<std::size_t>(n), std::string(static_cast<std::size_t>(n), '.'));
    const double c = n / 2.0;
    for (int y = 0; y < n; ++y) {
        for (int x = 0; x < n; ++x) {
            const double dx = x + 0.5 - c, dy = y + 0.5 - c, r = std::hypot(dx, dy) / c, angle = std::atan2(dy, dx);
            const bool notch = std::fmod(angle + 8.0 * M_PI, M_PI / 5.0) < 0.12;
            if (r > 0.95 || r < 0.3 || (notch && r > 0.8) || (x * 7 + y * 3) % 23 == 0) continue;
            rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] = static_cast<char>('0' + std::clamp(int(10.0 * (1.0 - r)) + 1, 1, 9));
        }
    }
    for (int k = 0; k < n / 3; ++k) rows[static_cast<std::size_t>(k)][static_cast<std::size_t>(n - 1 - k / 2)] = '#';
    return maskFromArt(rows, threshold);
}

// Both tests ran at fewer than `share` of the cells: the bounds decided the rest.
void expectTheBoundsDecidedMostCells(const Body& a, const Body& b, int resolution, double share, const std::string& what) {
    ColliderPoseMapBuilder builder(a, b, resolution);
    while (!builder.advance(std::numeric_limits<std::int64_t>::max())) {
    }
    const double cells = static_cast<double>(cellCount(builder.map().window()));
    EXPECT_LT(static_cast<double>(builder.stats().pixelTests), share * cells) << what;
    EXPECT_LT(static_cast<double>(builder.stats().polygonTests), share * cells) << what;
}

TEST(ColliderPoseMap, EveryCellIsTheTestsAnswerOnLargeTurnedScaledAndFlippedPairs) {
    struct Case {
        int sizeA, sizeB, thresholdA, thresholdB;
        double turnA, turnB;
        glm::dvec2 scaleA, scaleB;
        int resolution;
        ColliderMode mode;
    };
    const Case cases[] = {
        {40, 32, 0, 0, 0.0, 30.0, {1.0, 1.0}, {1.0, 1.0}, 1, ColliderMode::Outer},
        {36, 28, 100, 0, 17.0, -61.0, {1.3, 0.8}, {1.0, 1.0}, 2, ColliderMode::Inner},
        {32, 32, 0, 150, 90.0, 45.0, {-1.0, 1.0}, {1.0, -1.2}, 1, ColliderMode::Balanced},  // flips
        {24, 20, 50, 50, 200.0, 10.0, {1.0, 1.0}, {-0.7, -0.7}, 4, ColliderMode::Outer},
    };
    int trial = 0;
    for (const Case& c : cases) {
        const AlphaMask ma = notchedRing(c.sizeA, c.thresholdA), mb = notchedRing(c.sizeB, c.thresholdB);
        const Body a{&ma, makeTransform({3.25, -1.5}, {c.sizeA / 2.0, c.sizeA / 2.0}, c.turnA, c.scaleA), {c.mode, 1.0, 8}};
        const Body b{&mb, makeTransform({0.3, 0.7}, {1.0, 2.0}, c.turnB, c.scaleB), {c.mode, 1.0, 8}};
        const std::string what = "case " + std::to_string(trial++);
        const ColliderPoseMap map = colliderPoseMap(a, b, c.resolution);
        expectEveryCellIsTheTestsAnswer(map, a, b, what);
        EXPECT_GT(map.counts.bothHit, 100) << what;
        EXPECT_GT(map.counts.colliderOnly + map.counts.pixelsOnly, 0) << what;
        expectTheBoundsDecidedMostCells(a, b, c.resolution, 0.5, what);
    }
}

TEST(ColliderPoseMap, EveryCellIsTheTestsAnswerOnPixelAlignedPairsWhereSquaresTouchExactly) {
    // Unturned, whole-pixel positions: at every cell of resolution 1 the squares meet edge to edge or not at all,
    // and at resolution 8 many cells lie exactly on a side. Both maps against the tests, and against the map made by
    // running the tests on every cell.
    const AlphaMask ma = notchedRing(30, 0), mb = maskFromArt({"##..#", "#####", "..#.."});
    const Body a{&ma, makeTransform({5, -2}), {ColliderMode::Outer, 1.0, 8}}, b{&mb, makeTransform({0, 0}), {ColliderMode::Inner, 1.0, 8}};
    for (int resolution : {1, 8}) {
        const ColliderPoseMap map = colliderPoseMap(a, b, resolution);
        expectEveryCellIsTheTestsAnswer(map, a, b, "resolution " + std::to_string(resolution));
        const ColliderPoseMap byTests = colliderPoseMap(a, b, resolution, PoseMapMethod::Tests);
        EXPECT_EQ(map.pixels.bits, byTests.pixels.bits);
        EXPECT_EQ(map.collider.bits, byTests.collider.bits);
        EXPECT_EQ(map.counts, byTests.counts);
    }
    expectTheBoundsDecidedMostCells(a, b, 8, 0.3, "resolution 8");
}

TEST(ColliderPoseMap, EveryCellIsTheTestsAnswerAtTinyScalesFarFromTheOriginAndOnACheckerboard) {
    // Tiny scales: no cell fits inside a pixel, so the tests decide every cell that may hit.
    const AlphaMask ring = notchedRing(24, 0);
    const Body tinyA{&ring, makeTransform({0.0, 0.0}, {12.0, 12.0}, 33.0, {0.05, 0.07}), {ColliderMode::Outer, 1.0, 8}};
    const Body tinyB{&ring, makeTransform({0.1, 0.0}, {12.0, 12.0}, -20.0, {0.04, -0.04}), {ColliderMode::Balanced, 2.0, 6}};
    expectEveryCellIsTheTestsAnswer(colliderPoseMap(tinyA, tinyB, 8), tinyA, tinyB, "tiny scales");
    // A million pixels from the origin: the margins grow with the coordinates.
    const Body farA{&ring, makeTransform({1e6 + 0.3, -1e6}, {12.0, 12.0}, 12.0), {ColliderMode::Outer, 1.0, 8}};
    const Body farB{&ring, makeTransform({1e6, -1e6 + 0.6}, {12.0, 12.0}, 71.0, {0.9, 0.9}), {ColliderMode::Inner, 1.0, 8}};
    expectEveryCellIsTheTestsAnswer(colliderPoseMap(farA, farB, 2), farA, farB, "far from the origin");
    // A checkerboard has more runs a row than the bounds keep: they merge (reach) or drop (inside) runs.
    std::vector<std::string> art(20, std::string(20, '.'));
    for (int y = 0; y < 20; ++y)
        for (int x = 0; x < 20; ++x)
            if ((x + y) % 2 == 0) art[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] = '#';
    const AlphaMask board = maskFromArt(art);
    const Body boardA{&board, makeTransform({0.0, 0.0}), {ColliderMode::Inner, 1.0, 8}};
    const Body boardB{&board, makeTransform({0.5, 0.25}, {10.0, 10.0}, 5.0, {0.6, 0.6}), {ColliderMode::Outer, 1.0, 8}};
    for (int resolution : {1, 4}) {
        expectEveryCellIsTheTestsAnswer(colliderPoseMap(boardA, boardB, resolution), boardA, boardB,
                                        "checkerboard at resolution " + std::to_string(resolution));
    }
}

// ---- The bundled hero of lesson 26 against its bullet.

struct Lesson26 {
    Scene scene;
    std::vector<AlphaMask> masks;
    Body body(std::size_t i, ColliderMode mode, double rotation = 0.0) const {
        SpriteTransform t = scene.sprites[i].transform;
        t.rotationDeg = rotation;
        ColliderOptions options = scene.sprites[i].colliderOptions();
        options.mode = mode;
        return Body{&masks[i], t, options};
    }
};

Lesson26 lesson26() {
    SceneLoadResult loaded = loadScene(std::filesystem::path(COLLISION_LAB_SOURCE_DIR) / "assets/scenes/lesson-26-polygons-from-pixels.json");
    EXPECT_TRUE(loaded.ok()) << loaded.message();
    Lesson26 l{*loaded.scene, {}};
    for (const SceneSprite& s : l.scene.sprites) l.masks.emplace_back(*s.pixels, s.alphaThreshold);
    return l;
}

TEST(ColliderPoseMap, OnTheHeroOuterHasNoPixelsOnlyCellAndInnerNoColliderOnlyCell) {
    const Lesson26 l = lesson26();
    ASSERT_EQ(l.scene.sprites[0].name, "hero");
    for (double turn : {0.0, 90.0, 33.0}) {
        const std::string at = " at " + std::to_string(turn) + " degrees";
        const ColliderPoseMap outer = colliderPoseMap(l.body(0, ColliderMode::Outer, turn), l.body(1, ColliderMode::Outer));
        ASSERT_TRUE(outer.applicable) << outer.reason;
        EXPECT_EQ(outer.counts.pixelsOnly, 0) << "outer" << at;
        EXPECT_GT(outer.counts.colliderOnly, 0) << "outer" << at;
        const ColliderPoseMap inner = colliderPoseMap(l.body(0, ColliderMode::Inner, turn), l.body(1, ColliderMode::Inner));
        EXPECT_EQ(inner.counts.colliderOnly, 0) << "inner" << at;
        EXPECT_GT(inner.counts.pixelsOnly, 0) << "inner" << at;
        EXPECT_GT(outer.counts.bothHit, 100) << at;
    }
    // The lesson's first pose, B (the bullet) at (173, 188) from where it stands at (120, 200): outer hits there and
    // the pixels do not.
    const ColliderPoseMap outer = colliderPoseMap(l.body(0, ColliderMode::Outer), l.body(1, ColliderMode::Outer));
    EXPECT_EQ(outer.cell({53, -12}), PoseCell::ColliderOnly);
    expectEveryCellIsTheTestsAnswer(outer, l.body(0, ColliderMode::Outer), l.body(1, ColliderMode::Outer), "hero, outer");
}

}  // namespace
}  // namespace cl
