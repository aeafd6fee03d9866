#include "app/tools/frame_edits.h"

#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/check/scene_check.h"

namespace cl {
namespace {

const std::filesystem::path kAssets = std::filesystem::path(COLLISION_LAB_SOURCE_DIR) / "assets";

// A w x h sheet (at most 36 pixels) whose pixel (x, y) has alpha 7 * (y * w + x) + 3 and colour (x, y, 0): every
// pixel differs.
std::shared_ptr<const RgbaImage> numberedSheet(int w, int h) {
    auto image = std::make_shared<RgbaImage>();
    image->width = w;
    image->height = h;
    image->pixels.resize(std::size_t(w) * h * 4);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            std::uint8_t* p = &image->pixels[(std::size_t(y) * w + x) * 4];
            p[0] = std::uint8_t(x);
            p[1] = std::uint8_t(y);
            p[2] = 0;
            p[3] = std::uint8_t(7 * (y * w + x) + 3);
        }
    }
    return image;
}

std::uint8_t alphaAt(const RgbaImage& image, int x, int y) { return image.pixels[(std::size_t(y) * image.width + x) * 4 + 3]; }

// Two sprites: "S" shows cell 0 of a 2x2 grid over an 8x4 numbered sheet (4 x 2 cells), "T" a plain 3x3 image.
Scene gridScene() {
    Scene scene;
    SceneSprite s;
    s.name = "S";
    s.sheet = numberedSheet(8, 4);
    s.frame.kind = FrameRef::Kind::Grid;
    s.frame.grid = GridSpec{2, 2, 0, 0};
    s.frame.index = 0;
    FrameImageCache loader;
    s.pixels = loader.get(s.sheet, nullptr, s.frame, {});
    s.transform.origin = {0.5, 1.5};
    scene.sprites.push_back(s);
    SceneSprite t;
    t.name = "T";
    t.pixels = t.sheet = numberedSheet(3, 3);
    t.transform.origin = {1.5, 1.5};
    scene.sprites.push_back(t);
    return scene;
}

Scene lesson25() {
    SceneLoadResult loaded = loadScene(kAssets / "scenes/lesson-25-which-frames-hit.json");
    EXPECT_TRUE(loaded.ok()) << loaded.message();
    return *loaded.scene;
}

FrameRef atlasRef(const std::string& name) {
    FrameRef ref;
    ref.kind = FrameRef::Kind::Atlas;
    ref.name = name;
    return ref;
}

TEST(FrameEdits, ThePickerListsAGridsCellsAndAnAtlassFramesButNothingForAPlainImage) {
    const Scene scene = gridScene();
    const auto cells = pickableFrames(scene.sprites[0]);
    ASSERT_EQ(cells.size(), 8u);  // 8 / 2 columns by 4 / 2 rows
    EXPECT_EQ(cells[5].name, "cell 5");
    EXPECT_EQ(cells[5].sourceRect, (PixelRect{2, 2, 2, 2}));  // row 1, column 1
    EXPECT_TRUE(pickableFrames(scene.sprites[1]).empty());

    const Scene lesson = lesson25();
    const auto frames = pickableFrames(lesson.sprites[0]);
    ASSERT_EQ(frames.size(), 12u);  // hero_0..hero_7 and saw_0..saw_3 (assets/sprites/atlas-aseprite.json)
    EXPECT_EQ(frames.front().name, "hero_0");
    EXPECT_EQ(frames.back().name, "saw_3");
}

TEST(FrameEdits, ChoosingAGridCellShowsThatCellAndIsOneUndoStep) {
    Document doc(gridScene());
    FrameImageCache cache;
    FrameRef cell5 = doc.scene().sprites[0].frame;
    cell5.index = 5;
    ASSERT_EQ(chooseFrame(doc, 0, cell5, cache), "");
    const SceneSprite& s = doc.scene().sprites[0];
    EXPECT_EQ(s.frame.index, 5);
    EXPECT_EQ(doc.undoLabel(), "Frame of S: cell 5");
    // Cell 5 is columns 2..3, rows 2..3 of the 8-wide sheet: alpha 7 * (y * 8 + x) + 3.
    ASSERT_EQ(s.pixels->width, 2);
    EXPECT_EQ(alphaAt(*s.pixels, 0, 0), 7 * (2 * 8 + 2) + 3);
    EXPECT_EQ(alphaAt(*s.pixels, 1, 1), 7 * (3 * 8 + 3) + 3);
    EXPECT_EQ(s.transform.origin, glm::dvec2(0.5, 1.5));  // same size: the origin is kept
    ASSERT_TRUE(doc.undo());
    EXPECT_EQ(doc.scene().sprites[0].frame.index, 0);
    EXPECT_EQ(alphaAt(*doc.scene().sprites[0].pixels, 1, 1), 7 * (1 * 8 + 1) + 3);
}

TEST(FrameEdits, APlainImageCutIntoAGridShowsACellAndTheWholeImageComesBack) {
    Document doc(gridScene());
    FrameImageCache cache;
    const auto plain = doc.scene().sprites[1].pixels;  // T: 3 x 3
    FrameRef grid;
    grid.kind = FrameRef::Kind::Grid;
    grid.grid = GridSpec{2, 1, 0, 0};  // one 2 x 1 cell fits per row (columns 0..1), three rows: cell 1 is row 1
    grid.index = 1;
    ASSERT_EQ(chooseFrame(doc, 1, grid, cache), "");
    const SceneSprite& t = doc.scene().sprites[1];
    ASSERT_EQ(t.pixels->width, 2);
    ASSERT_EQ(t.pixels->height, 1);
    EXPECT_EQ(alphaAt(*t.pixels, 0, 0), 7 * (1 * 3 + 0) + 3);  // sheet pixel (0, 1)
    EXPECT_EQ(alphaAt(*t.pixels, 1, 0), 7 * (1 * 3 + 1) + 3);  // sheet pixel (1, 1)
    EXPECT_EQ(t.transform.origin, glm::dvec2(1.0, 0.5));     // a new size: the cell's centre
    EXPECT_EQ(t.sheet, plain);
    ASSERT_EQ(chooseFrame(doc, 1, FrameRef{}, cache), "");
    EXPECT_EQ(doc.scene().sprites[1].pixels, plain);
    EXPECT_EQ(doc.scene().sprites[1].frame.kind, FrameRef::Kind::Whole);
    grid.grid = GridSpec{4, 4, 0, 0};  // no 4 x 4 cell fits a 3 x 3 image
    EXPECT_NE(chooseFrame(doc, 1, grid, cache), "");
    EXPECT_EQ(doc.scene().sprites[1].pixels, plain);
}

TEST(FrameEdits, ComingBackToAFrameGivesTheSameImageObjectSoNoMaskIsBuiltTwice) {
    Document doc(gridScene());
    FrameImageCache cache;
    const auto shownAtLoad = doc.scene().sprites[0].pixels;
    FrameRef cell = doc.scene().sprites[0].frame;
    cell.index = 3;
    ASSERT_EQ(chooseFrame(doc, 0, cell, cache), "");
    const auto cell3 = doc.scene().sprites[0].pixels;
    cell.index = 0;
    ASSERT_EQ(chooseFrame(doc, 0, cell, cache), "");
    EXPECT_EQ(doc.scene().sprites[0].pixels, shownAtLoad);  // the loader's image, adopted by the cache
    cell.index = 3;
    ASSERT_EQ(chooseFrame(doc, 0, cell, cache), "");
    EXPECT_EQ(doc.scene().sprites[0].pixels, cell3);

    MaskCache masks;
    for (int round = 0; round < 3; ++round) {
        for (int index : {0, 3, 6}) {
            cell.index = index;
            ASSERT_EQ(chooseFrame(doc, 0, cell, cache), "");
            masks.get(doc.scene().sprites[0].pixels, doc.scene().sprites[0].alphaThreshold);
        }
    }
    EXPECT_EQ(masks.size(), 3u);  // one mask per cell shown, however often it was shown
}

TEST(FrameEdits, FlipMirrorsTheFrameWithinItsRectangleAndKeepsTheOrigin) {
    Document doc(gridScene());
    FrameImageCache cache;
    ASSERT_EQ(setFlip(doc, 1, FrameFlip{true, false}, cache), "");  // T: a plain 3x3 image
    const SceneSprite& t = doc.scene().sprites[1];
    EXPECT_TRUE(t.flip.x);
    EXPECT_FALSE(t.flip.y);
    EXPECT_EQ(doc.undoLabel(), "Flip T");
    EXPECT_EQ(t.transform.origin, glm::dvec2(1.5, 1.5));
    // Texel x shows what x' = 2 - x held: alpha 7 * (y * 3 + (2 - x)) + 3.
    for (int y = 0; y < 3; ++y) {
        for (int x = 0; x < 3; ++x) EXPECT_EQ(alphaAt(*t.pixels, x, y), 7 * (y * 3 + (2 - x)) + 3) << x << "," << y;
    }
    ASSERT_EQ(setFlip(doc, 0, FrameFlip{false, true}, cache), "");  // S: cell 0 (columns 0..1, rows 0..1) upside down
    EXPECT_EQ(alphaAt(*doc.scene().sprites[0].pixels, 0, 0), 7 * (1 * 8 + 0) + 3);
    EXPECT_EQ(alphaAt(*doc.scene().sprites[0].pixels, 1, 1), 7 * (0 * 8 + 1) + 3);
    ASSERT_TRUE(doc.undo());
    ASSERT_TRUE(doc.undo());
    EXPECT_FALSE(doc.scene().sprites[1].flip.x);
    EXPECT_EQ(alphaAt(*doc.scene().sprites[1].pixels, 0, 0), 3);
}

TEST(FrameEdits, AnAnimationStepsToTheAskedFrameClampedAndASliderDragIsOneStep) {
    Document doc(lesson25());
    FrameImageCache cache;
    ASSERT_EQ(doc.scene().sprites[0].frameIndex, 6);
    ASSERT_EQ(showAnimationFrame(doc, 0, 4, cache, "slider"), "");
    ASSERT_EQ(showAnimationFrame(doc, 0, 5, cache, "slider"), "");
    ASSERT_EQ(showAnimationFrame(doc, 0, 99, cache, "slider"), "");
    EXPECT_EQ(doc.scene().sprites[0].frameIndex, 7);  // the swing has 8 frames
    EXPECT_EQ(doc.scene().sprites[0].frame.name, "hero_7");
    EXPECT_TRUE(doc.scene().sprites[0].animation.active());
    ASSERT_TRUE(doc.undo());
    EXPECT_EQ(doc.scene().sprites[0].frameIndex, 6);
    EXPECT_FALSE(doc.canUndo());
    EXPECT_NE(showAnimationFrame(doc, 5, 0, cache), "");
}

TEST(FrameEdits, TheShownFramesAnswersFollowTheFrameAndEachFramesMaskIsBuiltOnce) {
    // Lesson 25's notes, from check --all-frames: swing frame 6 misses saw frame 0, frame 4 hits it.
    Document doc(lesson25());
    FrameImageCache cache;
    MaskCache masks;
    CheckOptions options;
    options.algorithms = {"pixel-exact"};
    auto hits = [&] {
        CheckRunResult run = runCheck(doc.scene(), "lesson 25", options, masks);
        EXPECT_TRUE(run.ok()) << run.error;
        return run.report->pairs.at(0).results.at(0).result.hit;
    };
    EXPECT_FALSE(hits());
    for (int round = 0; round < 2; ++round) {
        ASSERT_EQ(showAnimationFrame(doc, 0, 4, cache), "");
        EXPECT_TRUE(hits());
        ASSERT_EQ(showAnimationFrame(doc, 0, 6, cache), "");
        EXPECT_FALSE(hits());
    }
    EXPECT_EQ(masks.size(), 3u);  // hero_6, hero_4 and saw_0
}

TEST(FrameEdits, PickingAFrameOutsideTheAnimationStopsItAndANewSizeTakesTheFramesOrigin) {
    Document doc(lesson25());
    FrameImageCache cache;
    ASSERT_EQ(chooseFrame(doc, 0, atlasRef("hero_2"), cache), "");
    EXPECT_EQ(doc.scene().sprites[0].frameIndex, 2);  // inside the swing: the animation goes on from there
    EXPECT_TRUE(doc.scene().sprites[0].animation.active());
    EXPECT_EQ(doc.scene().sprites[0].transform.origin, glm::dvec2(24, 64));  // 48x64 like hero_6: kept
    ASSERT_EQ(chooseFrame(doc, 0, atlasRef("saw_1"), cache), "");
    const SceneSprite& hero = doc.scene().sprites[0];
    EXPECT_FALSE(hero.animation.active());
    EXPECT_EQ(hero.frame.name, "saw_1");
    EXPECT_EQ(hero.pixels->width, 40);
    EXPECT_EQ(hero.transform.origin, glm::dvec2(20, 20));  // the Aseprite atlas has no pivots: the 40x40 centre
    EXPECT_NE(chooseFrame(doc, 0, atlasRef("nope"), cache), "");
    EXPECT_EQ(doc.scene().sprites[0].frame.name, "saw_1");
}

TEST(FrameEdits, PlayingATagShowsItsFirstFrameAndStoppingKeepsTheShownFrame) {
    Document doc(lesson25());
    FrameImageCache cache;
    ASSERT_EQ(setAnimationTag(doc, 0, "spin", cache), "");
    const SceneSprite& hero = doc.scene().sprites[0];
    EXPECT_EQ(hero.animation.tag, "spin");
    EXPECT_EQ(hero.animation.frames, (std::vector<std::string>{"saw_0", "saw_1", "saw_2", "saw_3"}));  // frames 8..11
    EXPECT_EQ(hero.frame.name, "saw_0");
    EXPECT_EQ(hero.frameIndex, 0);
    ASSERT_EQ(showAnimationFrame(doc, 0, 2, cache), "");
    ASSERT_EQ(setAnimationTag(doc, 0, "", cache), "");
    EXPECT_FALSE(doc.scene().sprites[0].animation.active());
    EXPECT_EQ(doc.scene().sprites[0].frame.name, "saw_2");
    const SceneJsonResult saved = sceneToJson(doc.scene(), kAssets / "scenes/x.json");
    ASSERT_TRUE(saved.ok()) << saved.error;
    EXPECT_EQ((*saved.json)["sprites"][0]["frame"], "saw_2");
    EXPECT_FALSE((*saved.json)["sprites"][0].contains("frame_index"));
    EXPECT_NE(setAnimationTag(doc, 0, "jump", cache), "");
}

TEST(FrameEdits, PlaybackAdvancesByTheFramesDurationsAndLoops) {
    // Frames of 80, default (100) and 50 ms: frame 0 for [0, 80), 1 for [80, 180), 2 for [180, 230), then again.
    AnimationPlayback play;
    play.play({80, 0, 50}, 0);
    EXPECT_TRUE(play.playing());
    EXPECT_EQ(play.advance(0.079), 0);
    EXPECT_EQ(play.advance(0.002), 1);   // 81 ms
    EXPECT_EQ(play.advance(0.098), 1);   // 179 ms
    EXPECT_EQ(play.advance(0.002), 2);   // 181 ms
    EXPECT_EQ(play.advance(0.050), 0);   // 231 ms: 1 ms into the second loop
    EXPECT_NEAR(play.elapsedMs(), 1.0, 1e-9);
    play.pause();
    EXPECT_EQ(play.advance(1.0), 0);     // paused: no time passes
    play.play({80, 0, 50}, 2);           // from the start of frame 2: 180 ms
    EXPECT_NEAR(play.elapsedMs(), 180.0, 1e-9);
    EXPECT_EQ(play.advance(0.049), 2);
    EXPECT_EQ(play.advance(0.002), 0);
}

TEST(FrameEdits, AnimationDurationsComeFromTheAtlas) {
    const Scene scene = lesson25();
    EXPECT_EQ(animationDurations(scene.sprites[0]), std::vector<int>(8, 80));  // atlas-aseprite.json: hero frames 80 ms
    EXPECT_EQ(animationDurations(scene.sprites[1]), std::vector<int>(4, 50));  // saw frames 50 ms
}

TEST(FrameEdits, LoadingAnAtlasShowsItsFirstFrameAtItsPivotAndSavesAsAnAtlasSprite) {
    Document doc(gridScene());
    FrameImageCache cache;
    doc.setTransform(1, SpriteTransform{{100, 50}, {1.5, 1.5}, 0, {1, 1}});
    ASSERT_EQ(loadAtlasInto(doc, 1, kAssets / "sprites/atlas.json", cache), "");
    const SceneSprite& t = doc.scene().sprites[1];
    EXPECT_EQ(t.frame.name, "hero_0");
    EXPECT_TRUE(t.imageFromAtlas);
    // atlas.json's hero_0: sourceSize 48 x 64, pivot (0.5, 1) -> origin (24, 64); the position stays.
    std::ifstream in(kAssets / "sprites/atlas.json");
    const nlohmann::json atlas = nlohmann::json::parse(in);
    const auto& record = atlas["frames"]["hero_0"];
    EXPECT_EQ(t.pixels->width, record["sourceSize"]["w"].get<int>());
    EXPECT_EQ(t.transform.origin, glm::dvec2(record["pivot"]["x"].get<double>() * record["sourceSize"]["w"].get<double>(),
                                             record["pivot"]["y"].get<double>() * record["sourceSize"]["h"].get<double>()));
    EXPECT_EQ(t.transform.position, glm::dvec2(100, 50));
    EXPECT_EQ(doc.undoLabel(), "Load atlas for T");

    const SceneJsonResult saved = sceneToJson(doc.scene(), kAssets / "scenes/x.json");
    ASSERT_TRUE(saved.ok()) << saved.error;
    const auto& written = (*saved.json)["sprites"][1];
    EXPECT_EQ(written["atlas"], "../sprites/atlas.json");
    EXPECT_EQ(written["frame"], "hero_0");
    EXPECT_FALSE(written.contains("image"));  // meta.image names it
    ASSERT_TRUE(doc.undo());
    EXPECT_TRUE(doc.scene().sprites[1].atlas.empty());
}

TEST(FrameEdits, ABadAtlasIsRefusedWithItsFileAndPathAndTheSpriteIsUnchanged) {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "frame_edits_test";
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "broken.json") << R"({"frames": {"a": {"frame": {"x": 0, "y": 0, "w": 4}}}, "meta": {"image": "a.png"}})";
    std::ofstream(dir / "no-image.json") << R"({"frames": {"a": {"frame": {"x": 0, "y": 0, "w": 4, "h": 4}}}, "meta": {"image": "missing.png"}})";
    Document doc(gridScene());
    FrameImageCache cache;
    const std::string broken = loadAtlasInto(doc, 1, dir / "broken.json", cache);
    EXPECT_NE(broken.find("broken.json"), std::string::npos) << broken;
    EXPECT_NE(broken.find("frame.h"), std::string::npos) << broken;
    const std::string missing = loadAtlasInto(doc, 1, dir / "no-image.json", cache);
    EXPECT_NE(missing.find("meta.image"), std::string::npos) << missing;
    EXPECT_NE(missing.find("missing.png"), std::string::npos) << missing;
    EXPECT_FALSE(doc.canUndo());
    EXPECT_TRUE(doc.scene().sprites[1].atlas.empty());
    std::string error;
    EXPECT_EQ(addAtlasSprite(doc, dir / "broken.json", {0, 0}, cache, error), -1);
    EXPECT_NE(error.find("broken.json"), std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST(FrameEdits, AddingAnAtlasSpriteAppendsItNamedAfterTheFile) {
    Document doc(gridScene());
    FrameImageCache cache;
    std::string error;
    const int index = addAtlasSprite(doc, kAssets / "sprites/atlas-aseprite.json", {10, 20}, cache, error);
    ASSERT_EQ(index, 2) << error;
    EXPECT_EQ(doc.scene().sprites[2].name, "atlas-aseprite");
    EXPECT_EQ(doc.scene().sprites[2].frame.name, "hero_0");
    EXPECT_EQ(doc.scene().sprites[2].transform.position, glm::dvec2(10, 20));
    EXPECT_TRUE(isAtlasFile("a/b/sheet.JSON"));
    EXPECT_FALSE(isAtlasFile("a/b/sheet.png"));
}

}  // namespace
}  // namespace cl
