// The pose map: every cell against `polygon` and `pixel-exact` run on their own at that offset of B, the window
// against the cells around it, and the guarantees of outer and inner colliders on the bundled hero (lesson 26).
#include <gtest/gtest.h>

#include <filesystem>
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

AlphaMask randomMask(std::mt19937& rng) {
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
        const AlphaMask ma = randomMask(rng), mb = randomMask(rng);
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
