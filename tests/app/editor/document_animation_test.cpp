// The Document on a timeline with animated sprites: the view at frame k shows the animation frame at k, and the
// file keeps frame_index, the frame at time 0 (app/editor/document.h).
#include "app/editor/document.h"

#include <gtest/gtest.h>

#include "core/scene/animation_time.h"

namespace cl {
namespace {

const std::filesystem::path kScene = std::filesystem::path(COLLISION_LAB_SOURCE_DIR) / "tests/scenes/animated-timeline.json";

Scene animatedScene(int frame = 0) {
    SceneLoadResult r = loadScene(kScene);
    EXPECT_TRUE(r.ok()) << r.message();
    Scene scene = *r.scene;
    scene.timeline.frame = frame;
    return scene;
}

// The hero plays swing (8 frames of 80 ms) from frame_index 2, so it starts 160 ms into the cycle of 640 ms; at
// fps 10 a timeline frame is 100 ms. The saw plays spin (4 x 50 ms) from 0.
//   k = 3: hero 160 + 300 = 460 ms -> frame 5 (400..480); saw 300 mod 200 = 100 -> frame 2.
//   k = 6: hero 760 mod 640 = 120 -> frame 1; saw 600 mod 200 = 0 -> frame 0.
TEST(DocumentAnimation, TheViewAtAFrameShowsTheAnimationFrameOfThatTime) {
    Document doc(animatedScene());
    const auto& hero = doc.scene().sprites[0];
    const auto& saw = doc.scene().sprites[1];
    EXPECT_EQ(hero.frameIndex, 2);
    ASSERT_TRUE(doc.setFrame(3));
    EXPECT_EQ(hero.frameIndex, 5);
    EXPECT_EQ(hero.frame.name, "hero_5");
    EXPECT_EQ(saw.frameIndex, 2);
    EXPECT_EQ(hero.transform.position, (glm::dvec2{284.5, 300}));
    // The pixels shown are hero_5's, cut the way the loader cuts a frame.
    SceneSprite cut = animatedScene().sprites[0];
    FrameImageCache cache;
    FrameRef ref;
    ref.kind = FrameRef::Kind::Atlas;
    ref.name = "hero_5";
    ASSERT_EQ(setSpriteFrame(cut, ref, cut.flip, cache), "");
    EXPECT_EQ(hero.pixels->pixels, cut.pixels->pixels);
    EXPECT_NE(hero.pixels->pixels, animatedScene().sprites[0].pixels->pixels);

    ASSERT_TRUE(doc.setFrame(6));
    EXPECT_EQ(hero.frameIndex, 1);
    EXPECT_EQ(saw.frameIndex, 0);
    EXPECT_EQ(doc.frameZeroIndex(0), 2);
    ASSERT_TRUE(doc.undo());
    EXPECT_EQ(doc.scene().sprites[0].frameIndex, 5);
    ASSERT_TRUE(doc.setFrame(0));
    EXPECT_EQ(doc.scene().sprites[0].frameIndex, 2);
    EXPECT_EQ(doc.scene().sprites[0].frame.name, "hero_2");
}

TEST(DocumentAnimation, TheFileKeepsFrameIndexAtTimeZero) {
    Document doc(animatedScene(6));
    EXPECT_EQ(doc.scene().sprites[0].frameIndex, 1);
    const Scene file = doc.fileScene();
    EXPECT_EQ(file.sprites[0].frameIndex, 2);
    EXPECT_EQ(file.sprites[0].frame.name, "hero_2");
    EXPECT_EQ(file.sprites[0].transform.position, (glm::dvec2{280, 300}));
    EXPECT_EQ(file.sprites[0].pixels->pixels, animatedScene().sprites[0].pixels->pixels);
    SceneJsonResult written = sceneToJson(file, kScene);
    ASSERT_TRUE(written.ok()) << written.error;
    EXPECT_EQ((*written.json)["sprites"][0]["frame_index"], 2);
    EXPECT_EQ((*written.json)["fps"], 10);
    EXPECT_EQ((*written.json)["frame"], 6);
}

}  // namespace
}  // namespace cl
