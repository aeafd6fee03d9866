#include "app/editor/picking.h"

#include <gtest/gtest.h>

#include "tests/app/editor/test_scene.h"

namespace cl {
namespace {

using test::makeImage;
using test::makeSprite;
using test::solidImage;

TEST(EditorPicking, PixelUnderFindsTheTexturePixelOfAnUnrotatedSprite) {
    const SceneSprite s = makeSprite("S", solidImage(10, 10), {0.0, 0.0}, {0.0, 0.0});
    const auto p = pixelUnder(s, {3.5, 4.2});
    ASSERT_TRUE(p.has_value());
    EXPECT_EQ(p->x, 3);
    EXPECT_EQ(p->y, 4);
    EXPECT_FALSE(pixelUnder(s, {-0.1, 4.0}).has_value());
    EXPECT_FALSE(pixelUnder(s, {10.0, 4.0}).has_value());
}

TEST(EditorPicking, PixelUnderFollowsRotation) {
    SceneSprite s = makeSprite("S", solidImage(10, 10), {100.0, 100.0}, {0.0, 0.0});
    s.transform.rotationDeg = 90.0;
    // Rotating 90 degrees clockwise sends texture (x, y) to (-y, x): pixel (2, 5)'s centre (2.5, 5.5)
    // lands at (100 - 5.5, 100 + 2.5).
    const auto p = pixelUnder(s, {94.5, 102.5});
    ASSERT_TRUE(p.has_value());
    EXPECT_EQ(p->x, 2);
    EXPECT_EQ(p->y, 5);
}

TEST(EditorPicking, TheTopmostSolidSpriteWins) {
    Scene scene;
    scene.sprites.push_back(makeSprite("low", solidImage(10, 10), {0.0, 0.0}, {0.0, 0.0}));
    scene.sprites.push_back(makeSprite("high", solidImage(10, 10), {5.0, 0.0}, {0.0, 0.0}));
    EXPECT_EQ(pickSprite(scene, {7.0, 5.0}), 1);
    EXPECT_EQ(pickSprite(scene, {2.0, 5.0}), 0);
    EXPECT_EQ(pickSprite(scene, {20.0, 5.0}), -1);
}

TEST(EditorPicking, TransparentPixelsOfAnUpperSpriteDoNotHideASolidOneBelow) {
    Scene scene;
    scene.sprites.push_back(makeSprite("low", solidImage(10, 10), {0.0, 0.0}, {0.0, 0.0}));
    // Upper sprite: only its right half (x >= 5) is opaque.
    auto halfImage = makeImage(10, 10, [](int x, int) { return std::uint8_t(x >= 5 ? 255 : 0); });
    scene.sprites.push_back(makeSprite("high", halfImage, {0.0, 0.0}, {0.0, 0.0}));
    EXPECT_EQ(pickSprite(scene, {2.5, 2.5}), 0);
    EXPECT_EQ(pickSprite(scene, {7.5, 2.5}), 1);
}

TEST(EditorPicking, WithNoSolidPixelUnderTheCursorTheBoxDecides) {
    Scene scene;
    auto clear = makeImage(10, 10, [](int, int) { return std::uint8_t{0}; });
    scene.sprites.push_back(makeSprite("a", clear, {0.0, 0.0}, {0.0, 0.0}));
    scene.sprites.push_back(makeSprite("b", clear, {5.0, 0.0}, {0.0, 0.0}));
    EXPECT_EQ(pickSprite(scene, {7.0, 5.0}), 1);
    EXPECT_EQ(pickSprite(scene, {2.0, 5.0}), 0);
}

TEST(EditorPicking, APixelIsSolidOnlyAboveTheThreshold) {
    auto image = makeImage(2, 1, [](int x, int) { return std::uint8_t(x == 0 ? 100 : 101); });
    SceneSprite s = makeSprite("S", image, {0.0, 0.0}, {0.0, 0.0});
    s.alphaThreshold = 100;
    EXPECT_FALSE(solidUnder(s, {0.5, 0.5}));
    EXPECT_TRUE(solidUnder(s, {1.5, 0.5}));
}

TEST(EditorPicking, SpritesBoundsCoversEveryOrientedBox) {
    Scene scene = test::twoSpriteScene();
    scene.sprites[1].transform.rotationDeg = 90.0;  // a square turned a quarter keeps its box
    const auto bounds = spritesBounds(scene);
    ASSERT_TRUE(bounds.has_value());
    EXPECT_NEAR(bounds->min.x, -10.0, 1e-9);
    EXPECT_NEAR(bounds->min.y, -5.0, 1e-9);
    EXPECT_NEAR(bounds->max.x, 105.0, 1e-9);
    EXPECT_NEAR(bounds->max.y, 5.0, 1e-9);
    EXPECT_FALSE(spritesBounds(Scene{}).has_value());
}

}  // namespace
}  // namespace cl
