#include "app/tools/collider_tool.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/cli/collider_output.h"
#include "app/editor/document.h"
#include "app/shell/window_layout.h"
#include "app/tools/pose_map_view.h"
#include "core/base/mask_cache.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::imageFromArt;

// A scene of two sprites: "L" (an L of three pixels in a 2 x 2 image) and "dot" (one solid pixel).
Scene twoSprites() {
    Scene scene;
    for (const auto& [name, art] : {std::pair<std::string, std::vector<std::string>>{"L", {"#.", "##"}}, {"dot", {"#"}}}) {
        SceneSprite sprite;
        sprite.name = name;
        setPlainImage(sprite, std::make_shared<const RgbaImage>(imageFromArt(art)));
        scene.sprites.push_back(sprite);
    }
    return scene;
}

std::string readAll(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(ColliderTool, TheJobIsTheSpritesPixelsThresholdAndSettings) {
    Scene scene = twoSprites();
    scene.sprites[1].alphaThreshold = 7;
    scene.sprites[1].collider = ColliderOptions{ColliderMode::Inner, 0.5, 6};
    const std::optional<ColliderToolJob> job = colliderJobFor(scene, 1);
    ASSERT_TRUE(job);
    EXPECT_EQ(job->sprite, 1);
    EXPECT_EQ(job->pixels, scene.sprites[1].pixels);
    EXPECT_EQ(job->threshold, 7);
    EXPECT_EQ(job->options, (ColliderOptions{ColliderMode::Inner, 0.5, 6}));
    // Without a collider block: the defaults (outer, 1 px, 8 vertices).
    EXPECT_EQ(colliderJobFor(scene, 0)->options, ColliderOptions{});
    EXPECT_FALSE(colliderJobFor(scene, 2));
    EXPECT_FALSE(colliderJobFor(scene, -1));
}

TEST(ColliderTool, ASinglePixelIsItsOwnSquareWithNoErrorPixels) {
    const Scene scene = twoSprites();
    MaskCache masks;
    const ColliderToolAnswer a = buildColliderAnswer(*colliderJobFor(scene, 1), masks);
    ASSERT_EQ(a.collider.pieces.size(), 1u);
    EXPECT_EQ(a.collider.pieces[0].size(), 4u);  // the square [0,1] x [0,1]
    EXPECT_TRUE(a.errors.missed.empty());
    EXPECT_TRUE(a.errors.extra.empty());
    EXPECT_EQ(a.collider.certificate.missedArea, 0.0);
    EXPECT_EQ(a.collider.certificate.extraArea, 0.0);
}

TEST(ColliderTool, TheHeatMapsPixelsAreTheCertificatesCounts) {
    const Scene scene = twoSprites();
    MaskCache masks;
    for (const ColliderMode mode : {ColliderMode::Outer, ColliderMode::Inner, ColliderMode::Balanced}) {
        ColliderToolJob job = *colliderJobFor(scene, 0);
        job.options = {mode, 2.0, 8};
        const ColliderToolAnswer a = buildColliderAnswer(job, masks);
        EXPECT_EQ(std::int64_t(a.errors.missed.size()), a.collider.certificate.missedPixels) << colliderModeName(mode);
        EXPECT_EQ(std::int64_t(a.errors.extra.size()), a.collider.certificate.extraPixels) << colliderModeName(mode);
        // Outer covers every solid pixel; inner covers no clear one.
        if (mode == ColliderMode::Outer) {
            EXPECT_TRUE(a.errors.missed.empty());
        }
        if (mode == ColliderMode::Inner) {
            EXPECT_TRUE(a.errors.extra.empty());
        }
    }
}

TEST(ColliderTool, SettingsAreOneUndoStepPerDragAndClamped) {
    Document doc(twoSprites());
    EXPECT_TRUE(setSpriteCollider(doc, 0, {ColliderMode::Outer, 1.5, 8}, "collider.0.epsilon"));
    EXPECT_TRUE(setSpriteCollider(doc, 0, {ColliderMode::Outer, 2.5, 8}, "collider.0.epsilon"));
    EXPECT_EQ(doc.scene().sprites[0].collider->epsilon, 2.5);
    EXPECT_EQ(doc.undoLabel(), "Collider of L");
    ASSERT_TRUE(doc.undo());  // the whole drag at once: back to no collider block
    EXPECT_FALSE(doc.scene().sprites[0].collider);
    EXPECT_FALSE(doc.canUndo());

    setSpriteCollider(doc, 1, {ColliderMode::Balanced, 0.0, 99});
    EXPECT_EQ(doc.scene().sprites[1].collider, (ColliderOptions{ColliderMode::Balanced, kMinToolEpsilon, kMaxColliderVertices}));
    setSpriteCollider(doc, 1, {ColliderMode::Balanced, std::numeric_limits<double>::quiet_NaN(), 2});
    EXPECT_EQ(doc.scene().sprites[1].collider, (ColliderOptions{ColliderMode::Balanced, 1.0, kMinColliderVertices}));
    EXPECT_FALSE(setSpriteCollider(doc, 2, {}));
}

TEST(ColliderTool, ExportWritesWhatTheCollidersJsonFormatWrites) {
    const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / "collider_tool_export";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    Scene scene = twoSprites();
    scene.sprites[0].transform.origin = {1.0, 1.0};
    MaskCache masks;
    const ColliderToolAnswer a = buildColliderAnswer(*colliderJobFor(scene, 0), masks);
    const std::filesystem::path file = dir / "L.collider.json";
    ASSERT_EQ(exportSpriteCollider(scene.sprites[0], a, "json", file, dir / "scene.json"), "");
    const std::string text = readAll(file);
    const ColliderOutput expected =
        colliderOutput({{"L", 2, 2, 0, ColliderOptions{}, {1.0, 1.0}, a.collider}}, "json", (dir / "scene.json").generic_string());
    EXPECT_EQ(text, expected.text);
    const nlohmann::json json = nlohmann::json::parse(text);
    ASSERT_EQ(json["frames"].size(), 1u);
    EXPECT_EQ(json["frames"][0]["name"], "L");
    EXPECT_EQ(json["frames"][0]["width"], 2);
    ASSERT_EQ(json["frames"][0]["pieces"].size(), a.collider.pieces.size());
    EXPECT_EQ(json["frames"][0]["pieces"][0][0][0].get<double>(), a.collider.pieces[0][0].x);
    EXPECT_EQ(json["frames"][0]["certificate"]["missed_pixels"], a.collider.certificate.missedPixels);

    // Box2D: C++ named after the sprite.
    ASSERT_EQ(exportSpriteCollider(scene.sprites[0], a, "box2d", dir / "L.h", {}), "");
    EXPECT_NE(readAll(dir / "L.h").find("add_L("), std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST(ColliderTool, ExportRefusesTheScenesOwnFilesAndLeavesThemAlone) {
    const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / "collider_tool_refuse";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::filesystem::path sceneFile = dir / "scene.json";
    { std::ofstream(sceneFile) << "the scene"; }
    const Scene scene = twoSprites();
    MaskCache masks;
    const ColliderToolAnswer a = buildColliderAnswer(*colliderJobFor(scene, 0), masks);
    EXPECT_NE(exportSpriteCollider(scene.sprites[0], a, "json", sceneFile, sceneFile), "");
    EXPECT_EQ(readAll(sceneFile), "the scene");
    EXPECT_NE(exportSpriteCollider(scene.sprites[0], a, "json", dir, sceneFile), "");  // a folder
    EXPECT_EQ(exportSpriteCollider(scene.sprites[0], a, "json", {}, sceneFile), "Export: no file name given");
    std::filesystem::remove_all(dir);
}

TEST(ColliderTool, TheDefaultExportFileSitsBesideTheSceneWithTheFormatsExtension) {
    EXPECT_EQ(defaultColliderExportFile("/a/b/scene.json", "hero", "json"), std::filesystem::path("/a/b/hero.collider.json"));
    EXPECT_EQ(defaultColliderExportFile("/a/b/scene.json", "hero", "box2d"), std::filesystem::path("/a/b/hero.collider.h"));
    EXPECT_EQ(defaultColliderExportFile({}, "hero", "json"), std::filesystem::path("hero.collider.json"));
}

TEST(PoseMapWindow, FirstOpensOverTheLocalViewAndItsStripFourPixelsIn) {
    const Rect world{{426.0, 60.0}, {906.0, 594.0}}, local{{912.0, 105.0}, {1600.0, 594.0}};
    const Rect first = poseMapFirstWindow(world, local, {1600.0, 900.0}, {156.0, 130.0});
    EXPECT_EQ(first, (Rect{{916.0, 64.0}, {1596.0, 590.0}}));
}

TEST(PoseMapWindow, AtTheThreeWindowSizesItCoversOnlyTheLocalViewAndItsStrip) {
    // The layouts the sandbox makes at UI scale 1 (strips measured as the default scene measures them); the least
    // window is 12 x 10 of a 13 px font.
    for (const glm::dvec2 window : {glm::dvec2(1024.0, 600.0), glm::dvec2(1600.0, 900.0), glm::dvec2(2560.0, 1440.0)}) {
        LayoutInput in;
        in.window = window;
        in.menuHeight = 19.0;
        in.legendHeight = window.x < 1200.0 ? 69.0 : 46.0;
        in.localBarHeight = window.x < 1200.0 ? 71.0 : 46.0;
        in.bottomNeeded = 240.0;
        const SandboxLayout l = layoutWindow(in);
        const Rect first = poseMapFirstWindow(l.world, l.local, window, {156.0, 130.0});
        SCOPED_TRACE(::testing::Message() << window.x << "x" << window.y);
        for (const Rect& kept : {l.inspector, l.legend, l.world, l.bottom}) EXPECT_FALSE(overlapsPositively(first, kept));
        EXPECT_GE(first.min.x, l.localBar.min.x);
        EXPECT_GE(first.min.y, l.localBar.min.y);
        EXPECT_LE(first.max.x, l.local.max.x);
        EXPECT_LE(first.max.y, l.local.max.y);
        EXPECT_GE(first.size().x, 156.0);
        EXPECT_GE(first.size().y, 130.0);
    }
}

TEST(PoseMapWindow, WithoutRoomOverTheLocalViewItOpensAtTheRightTallEnoughForCells) {
    // A low local view at a large UI scale (least window 312 x 260): 92 px of room. From the world view's top (the
    // local view is under 160 px), the local view's width less 8, 0.6 of the display less 8 tall.
    const Rect world{{646.0, 300.0}, {906.0, 400.0}}, local{{912.0, 300.0}, {1600.0, 400.0}};
    EXPECT_EQ(poseMapFirstWindow(world, local, {1600.0, 900.0}, {312.0, 260.0}), (Rect{{916.0, 304.0}, {1596.0, 836.0}}));
    // The local view hidden: its camera's last rectangle lies inside the world view, which now spans the views.
    const Rect wide{{426.0, 60.0}, {1600.0, 594.0}};
    EXPECT_EQ(poseMapFirstWindow(wide, local, {1600.0, 900.0}, {156.0, 130.0}), (Rect{{1116.0, 64.0}, {1596.0, 596.0}}));
}

}  // namespace
}  // namespace cl
