// Scene files with sprite-sheet frames: atlas, rect and grid frames, flips, animations, their messages, and
// that a trimmed, an untrimmed and a separate-PNG export of the same art give identical answers.
#include <gtest/gtest.h>

#include <sstream>

#include "app/cli/check_command.h"
#include "core/check/frame_matrix.h"
#include "core/scene/scene.h"
#include "core/check/scene_check.h"
#include "tests/core/scene_test_files.h"

namespace cl {
namespace {

using cl::testing::TempFolder;
using cl::testing::readText;
using cl::testing::writePng;
using cl::testing::writeText;

RgbaImage blankImage(int w, int h) { return RgbaImage{w, h, std::vector<std::uint8_t>(static_cast<std::size_t>(w) * h * 4, 0)}; }

void put(RgbaImage& image, int x, int y, std::uint8_t red) {
    auto* p = &image.pixels[(static_cast<std::size_t>(y) * image.width + x) * 4];
    p[0] = red, p[1] = 10, p[2] = 20, p[3] = 255;
}

// The art: an 8 x 6 frame with an L of opaque pixels in x 2..5, y 1..4 (the rest transparent).
RgbaImage art() {
    RgbaImage image = blankImage(8, 6);
    for (int y = 1; y <= 4; ++y) put(image, 2, y, static_cast<std::uint8_t>(10 * y));
    for (int x = 3; x <= 5; ++x) put(image, x, 4, static_cast<std::uint8_t>(100 + x));
    return image;
}

/// Writes separate.png (the art), untrimmed.png/.json (art stored whole) and trimmed.png/.json (only x 2..5, y 1..4,
/// stored turned 90 degrees clockwise) and target.png (a solid 5 x 5 square) into `dir`.
void writeExports(const std::filesystem::path& dir) {
    const RgbaImage source = art();
    writePng(dir / "separate.png", source);
    writePng(dir / "target.png", cl::testing::solidImage(5, 5));

    RgbaImage untrimmed = blankImage(12, 10);
    for (int y = 0; y < 6; ++y) {
        for (int x = 0; x < 8; ++x) std::copy_n(&source.pixels[(y * 8 + x) * 4], 4, &untrimmed.pixels[((y + 3) * 12 + x + 2) * 4]);
    }
    writePng(dir / "untrimmed.png", untrimmed);
    writeText(dir / "untrimmed.json", R"({"frames": {"art": {"frame": {"x": 2, "y": 3, "w": 8, "h": 6}, "rotated": false, "trimmed": false,
        "spriteSourceSize": {"x": 0, "y": 0, "w": 8, "h": 6}, "sourceSize": {"w": 8, "h": 6}}},
        "meta": {"image": "untrimmed.png", "size": {"w": 12, "h": 10}}})");

    // The trimmed 4 x 4 block turned clockwise: block pixel (x, y) goes to (3 - y, x), stored at (1, 1).
    RgbaImage trimmed = blankImage(6, 6);
    for (int y = 0; y < 4; ++y) {
        for (int x = 0; x < 4; ++x) {
            std::copy_n(&source.pixels[((y + 1) * 8 + x + 2) * 4], 4, &trimmed.pixels[((1 + x) * 6 + 1 + 3 - y) * 4]);
        }
    }
    writePng(dir / "trimmed.png", trimmed);
    writeText(dir / "trimmed.json", R"({"frames": [{"filename": "art", "frame": {"x": 1, "y": 1, "w": 4, "h": 4}, "rotated": true,
        "trimmed": true, "spriteSourceSize": {"x": 2, "y": 1, "w": 4, "h": 4}, "sourceSize": {"w": 8, "h": 6}, "duration": 100}],
        "meta": {"image": "trimmed.png", "size": {"w": 6, "h": 6}, "frameTags": [{"name": "idle", "from": 0, "to": 0}]}})");
}

std::string sceneWith(const std::string& spriteA, const std::string& spriteB) {
    return R"({"format": "collision-lab/scene", "version": 1, "sprites": [)" + spriteA + ", " + spriteB + "]}";
}

const std::string kTarget = R"({"name": "T", "image": "target.png", "position": [12.3, 10.6], "rotation_deg": 17})";

SceneLoadResult load(const TempFolder& dir, const std::string& text, const std::string& name = "scene.json") {
    writeText(dir / name, text);
    return loadScene(dir / name);
}

TEST(SceneFrames, TrimmedUntrimmedAndSeparateExportsGiveIdenticalAnswers) {
    TempFolder dir;
    writeExports(dir.path());
    const std::string placement = R"("position": [10, 10], "rotation_deg": 30, "scale": [1.5, 1], "origin": [3, 5], "flip": [true, false])";
    const std::vector<std::string> sprites = {
        R"({"name": "A", "image": "separate.png", )" + placement + "}",
        R"({"name": "A", "atlas": "untrimmed.json", "frame": "art", )" + placement + "}",
        R"({"name": "A", "atlas": "trimmed.json", "frame": "art", )" + placement + "}",
        R"({"name": "A", "atlas": "trimmed.json", "animation": {"tag": "idle"}, )" + placement + "}",
    };
    std::vector<CheckReport> reports;
    for (const auto& sprite : sprites) {
        SceneLoadResult loaded = load(dir, sceneWith(sprite, kTarget));
        ASSERT_TRUE(loaded.ok()) << loaded.message();
        EXPECT_EQ(loaded.scene->sprites[0].pixels->pixels, flipImage(art(), {true, false}).pixels);
        MaskCache masks;
        CheckRunResult run = runCheck(*loaded.scene, "scene.json", CheckOptions{}, masks);
        ASSERT_TRUE(run.ok()) << run.error;
        reports.push_back(*run.report);
    }
    // The target overlaps the art's L: some test must hit, or the comparison proves little.
    bool anyHit = false;
    for (const auto& outcome : reports[0].pairs[0].results) anyHit = anyHit || outcome.result.hit;
    EXPECT_TRUE(anyHit);
    for (std::size_t r = 1; r < reports.size(); ++r) {
        ASSERT_EQ(reports[r].pairs[0].results.size(), reports[0].pairs[0].results.size());
        for (std::size_t i = 0; i < reports[0].pairs[0].results.size(); ++i) {
            const auto& x = reports[0].pairs[0].results[i].result;
            const auto& y = reports[r].pairs[0].results[i].result;
            EXPECT_EQ(x.hit, y.hit) << reports[0].pairs[0].results[i].algorithm->name << " export " << r;
            EXPECT_EQ(x.overlap, y.overlap) << reports[0].pairs[0].results[i].algorithm->name << " export " << r;
        }
    }
}

TEST(SceneFrames, RectAndGridFramesCutTheImage) {
    TempFolder dir;
    writeExports(dir.path());
    SceneLoadResult rect = load(dir, sceneWith(R"({"name": "A", "image": "separate.png", "frame": {"rect": [2, 1, 4, 4]}})", kTarget));
    ASSERT_TRUE(rect.ok()) << rect.message();
    EXPECT_EQ(rect.scene->sprites[0].pixels->pixels, extractRect(art(), {2, 1, 4, 4}).pixels);
    EXPECT_EQ(rect.scene->sprites[0].transform.origin, glm::dvec2(2, 2));  // the frame's centre
    // 8 x 6 in 2 x 3 cells with no gaps: 4 columns, 2 rows; cell 5 is column 1 of row 1: [2, 3, 2, 3].
    SceneLoadResult grid = load(dir, sceneWith(R"({"name": "A", "image": "separate.png", "frame": {"grid": [2, 3], "index": 5}})", kTarget));
    ASSERT_TRUE(grid.ok()) << grid.message();
    EXPECT_EQ(grid.scene->sprites[0].pixels->pixels, extractRect(art(), {2, 3, 2, 3}).pixels);
}

TEST(SceneFrames, OldFilesSaveWithoutTheNewFields) {
    TempFolder dir;
    writeExports(dir.path());
    SceneLoadResult loaded = load(dir, sceneWith(R"({"name": "A", "image": "separate.png"})", kTarget));
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    SceneJsonResult json = sceneToJson(*loaded.scene, dir / "saved.json");
    ASSERT_TRUE(json.ok()) << json.error;
    std::vector<std::string> keys;
    for (const auto& item : (*json.json)["sprites"][0].items()) keys.push_back(item.key());
    EXPECT_EQ(keys, (std::vector<std::string>{"name", "image", "position", "origin", "rotation_deg", "scale", "alpha_threshold"}));
}

TEST(SceneFrames, NewFieldsRoundTripAndTheAtlasImageIsNotWrittenWhenLeftOut) {
    TempFolder dir;
    writeExports(dir.path());
    SceneLoadResult loaded = load(dir, sceneWith(R"({"name": "A", "atlas": "trimmed.json", "animation": {"tag": "idle"}, "frame_index": 0, "flip": [false, true]})",
                                                 R"({"name": "B", "image": "separate.png", "frame": {"grid": [2, 3], "index": 1, "spacing": 0, "margin": 1}})"));
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    SceneSaveResult saved = saveScene(*loaded.scene, dir / "saved.json");
    ASSERT_TRUE(saved.ok()) << saved.error;
    const std::string text = readText(dir / "saved.json");
    EXPECT_EQ(text.find("trimmed.png"), std::string::npos);
    EXPECT_NE(text.find(R"("atlas": "trimmed.json")"), std::string::npos);
    EXPECT_NE(text.find(R"("frame_index": 0)"), std::string::npos);
    SceneLoadResult again = loadScene(dir / "saved.json");
    ASSERT_TRUE(again.ok()) << again.message();
    for (int i = 0; i < 2; ++i) {
        const auto& x = loaded.scene->sprites[static_cast<std::size_t>(i)];
        const auto& y = again.scene->sprites[static_cast<std::size_t>(i)];
        EXPECT_EQ(x.frame, y.frame);
        EXPECT_EQ(x.flip, y.flip);
        EXPECT_EQ(x.animation, y.animation);
        EXPECT_EQ(x.frameIndex, y.frameIndex);
        EXPECT_EQ(x.pixels->pixels, y.pixels->pixels);
    }
    // Embedded: the whole sheet goes into the data URI, and the frame fields cut the frame out again.
    SceneSaveResult embedded = saveScene(*loaded.scene, dir / "embedded.json", {.embedImages = true});
    ASSERT_TRUE(embedded.ok()) << embedded.error;
    SceneLoadResult fromEmbedded = loadScene(dir / "embedded.json");
    ASSERT_TRUE(fromEmbedded.ok()) << fromEmbedded.message();
    EXPECT_EQ(fromEmbedded.scene->sprites[0].pixels->pixels, loaded.scene->sprites[0].pixels->pixels);
    EXPECT_EQ(fromEmbedded.scene->sprites[1].pixels->pixels, loaded.scene->sprites[1].pixels->pixels);
}

std::string problemsOf(const TempFolder& dir, const std::string& spriteA) {
    SceneLoadResult loaded = load(dir, sceneWith(spriteA, kTarget));
    EXPECT_FALSE(loaded.ok());
    return loaded.message();
}

TEST(SceneFrames, EveryBadFrameIsReportedWithFileAndPath) {
    TempFolder dir;
    writeExports(dir.path());
    const std::string file = (dir / "scene.json").string() + ": ";
    EXPECT_EQ(problemsOf(dir, R"({"name": "A", "atlas": "trimmed.json", "frame": "ark"})"),
              file + "sprites[0].frame: no frame is called \"ark\" in trimmed.json (closest: \"art\")\n");
    EXPECT_EQ(problemsOf(dir, R"({"name": "A", "image": "separate.png", "frame": {"rect": [4, 0, 8, 6]}})"),
              file + "sprites[0].frame: the rectangle [4, 0, 8, 6] reaches outside the 8x6 image\n");
    EXPECT_EQ(problemsOf(dir, R"({"name": "A", "image": "separate.png", "frame": {"grid": [2, 3], "index": 8}})"),
              file + "sprites[0].frame: cell 8 is outside the grid: 4 x 2 cells of 2x3 fit the 8x6 image (indices 0..7)\n");
    EXPECT_EQ(problemsOf(dir, R"({"name": "A", "image": "separate.png", "atlas": "trimmed.json", "frame": "art"})"),
              file + "sprites[0].atlas: trimmed.json: meta.size: says 6x6 but the image is 8x6; is this the description of that image?\n");
    EXPECT_EQ(problemsOf(dir, R"({"name": "A", "atlas": "trimmed.json", "animation": {"tag": "run"}})"),
              file + "sprites[0].animation.tag: no tag is called \"run\" in trimmed.json (tags: \"idle\")\n");
    EXPECT_EQ(problemsOf(dir, R"({"name": "A", "atlas": "trimmed.json", "animation": {"frames": ["art"]}, "frame_index": 1})"),
              file + "sprites[0].frame_index: is 1 but the animation has 1 frames (0..0)\n");
    EXPECT_EQ(problemsOf(dir, R"({"name": "A", "atlas": "missing.json", "frame": "art"})"),
              file + "sprites[0].atlas: missing.json: atlas description not found\n");
    EXPECT_EQ(problemsOf(dir, R"({"name": "A", "image": "separate.png", "frame": "art"})"),
              file + "sprites[0].frame: names an atlas frame, so the sprite needs \"atlas\": \"sheet.json\"\n");
    EXPECT_EQ(problemsOf(dir, R"({"name": "A", "image": "separate.png", "flip": [1, 0]})"),
              file + "sprites[0].flip: must be an array of two booleans [fx, fy], got an array\n");
    EXPECT_EQ(problemsOf(dir, R"({"name": "A", "image": "separate.png", "frame": {"rect": [0, 0, 99999, 6]}})"),
              file + "sprites[0].frame.rect[2]: must be an integer in [1, 8192], got 99999\n");
    EXPECT_EQ(problemsOf(dir, R"({"name": "A", "atlas": "trimmed.json"})"),
              file + "sprites[0]: a sprite with an atlas needs \"frame\": \"<frame name>\" or \"animation\"\n");
    // A problem inside the atlas names the atlas file and its JSON path.
    writeText(dir / "bad.json", R"({"frames": {"art": {"frame": {"x": 0, "y": 0, "w": 4, "h": 4}}}, "meta": {"image": "separate.png",
        "frameTags": [{"name": "run", "from": 2, "to": 1}]}})");
    EXPECT_EQ(problemsOf(dir, R"({"name": "A", "atlas": "bad.json", "frame": "art"})"),
              file + "sprites[0].atlas: bad.json: meta.frameTags[0]: tag \"run\" has no frames: from 2 to 1, but the atlas's frames are 0..0\n");
}

TEST(SceneFrames, AnAtlasPathWithANulIsRefusedRatherThanCutShort) {
    TempFolder dir;
    writeExports(dir.path());
    // "trimmed.json\u0000x" would open trimmed.json, a different file from the one named.
    EXPECT_EQ(problemsOf(dir, R"({"name": "A", "atlas": "trimmed.json\u0000x", "frame": "art"})"),
              (dir / "scene.json").string() + ": sprites[0].atlas: must not contain a NUL character (\\u0000), got the string \"trimmed.json\\u0000x\"\n");
}

TEST(SceneFrames, TheInputFilesAreTheSceneItsImagesAndItsAtlases) {
    TempFolder dir;
    writeExports(dir.path());
    const SceneLoadResult loaded = load(dir, sceneWith(R"({"name": "A", "atlas": "trimmed.json", "frame": "art"})", kTarget));
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    const std::vector<std::filesystem::path> inputs = sceneInputFiles(*loaded.scene, dir / "scene.json");
    std::vector<std::string> names;
    for (const auto& file : inputs) names.push_back(file.filename().string());
    EXPECT_EQ(names, (std::vector<std::string>{"scene.json", "trimmed.png", "trimmed.json", "target.png"}));
    for (const auto& file : inputs) {
        EXPECT_NE(saveScene(*loaded.scene, file, {}, inputs).error.find("it is an input of this run"), std::string::npos) << file;
    }
}

TEST(SceneFrames, SwitchingFramesReusesTheCachedImage) {
    TempFolder dir;
    writeExports(dir.path());
    SceneLoadResult loaded = load(dir, sceneWith(R"({"name": "A", "image": "separate.png", "frame": {"grid": [2, 3], "index": 0}})", kTarget));
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    SceneSprite& sprite = loaded.scene->sprites[0];
    FrameImageCache cache;
    FrameRef cell = sprite.frame;
    cell.index = 5;
    ASSERT_EQ(setSpriteFrame(sprite, cell, {}, cache), "");
    auto first = sprite.pixels;
    EXPECT_EQ(first->pixels, extractRect(art(), {2, 3, 2, 3}).pixels);
    cell.index = 0;
    ASSERT_EQ(setSpriteFrame(sprite, cell, {}, cache), "");
    cell.index = 5;
    ASSERT_EQ(setSpriteFrame(sprite, cell, {}, cache), "");
    EXPECT_EQ(sprite.pixels, first);  // the same image object, so MaskCache finds its mask
    cell.index = 99;
    EXPECT_NE(setSpriteFrame(sprite, cell, {}, cache), "");
    EXPECT_EQ(sprite.frame.index, 5);  // unchanged on failure
}

TEST(SceneFrames, ASpriteGivenANewWholeImageCutsFramesFromThatImage) {
    TempFolder dir;
    writeExports(dir.path());
    SceneLoadResult loaded = load(dir, sceneWith(R"({"name": "A", "image": "target.png"})", kTarget));
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    SceneSprite& sprite = loaded.scene->sprites[0];
    sprite.pixels = std::make_shared<const RgbaImage>(art());  // as the sandbox's Load image does
    FrameImageCache cache;
    FrameRef rect;
    rect.kind = FrameRef::Kind::Rect;
    rect.rect = {2, 1, 4, 4};
    ASSERT_EQ(setSpriteFrame(sprite, rect, {}, cache), "");
    EXPECT_EQ(sprite.pixels->pixels, extractRect(art(), {2, 1, 4, 4}).pixels);
}

TEST(SceneFrames, TheFrameMatrixTestsEveryPairOfFrames) {
    TempFolder dir;
    writeExports(dir.path());
    // A: 4 grid cells of 2 x 3 in the art's top row; B: the solid target over cell 1's L pixels (x 2, y 1..2) only.
    SceneLoadResult loaded = load(dir, sceneWith(R"({"name": "A", "image": "separate.png", "frame": {"grid": [2, 3], "index": 0}, "position": [0, 0], "origin": [0, 0]})",
                                                 R"({"name": "B", "image": "target.png", "position": [0, 0], "origin": [0, 0], "scale": [0.2, 0.4]})"));
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    // 4 x 2 cells; cell k covers art x 2(k%4)..+1, y 3(k/4)..+2, drawn at world [0, 2] x [0, 3]; the target covers
    // world [0, 1] x [0, 2], i.e. texels (0, 0) and (0, 1) of a cell. Cell 1 (x 2..3, y 0..2) has (2, 1) at texel (0, 1):
    // hit. Cell 5 (x 2..3, y 3..5) has (2, 3), (2, 4) at texels (0, 0), (0, 1): hit. Cell 6 (x 4..5, y 3..5) has (4, 4)
    // at texel (0, 1): hit. Cells 0, 4 (x 0..1), 3, 7 (x 6..7) are empty and cell 2 (x 4..5, y 0..2) too.
    FrameImageCache frames;
    MaskCache masks;
    std::string error;
    auto matrix = frameMatrix(*loaded.scene, 0, 1, *findAlgorithm("pixel-exact"), TestOptions{}, frames, masks, error);
    ASSERT_TRUE(matrix) << error;
    ASSERT_EQ(matrix->framesA.size(), 8u);
    ASSERT_EQ(matrix->framesB.size(), 1u);
    std::vector<bool> hits;
    for (const auto& row : matrix->results) hits.push_back(row[0].hit);
    EXPECT_EQ(hits, (std::vector<bool>{false, true, false, false, false, true, true, false}));
}

TEST(SceneFrames, TheFrameMatrixRefusesFramesBeyondThePixelLimitBeforeCuttingThem) {
    // Two sprites of three 1 x 1 frames whose untrimmed size is 8192 x 8192: 6 x 64 Mi pixels > 128 Mi.
    auto atlas = std::make_shared<Atlas>();
    for (int k = 0; k < 3; ++k) {
        AtlasFrame f;
        f.name = "f" + std::to_string(k);
        f.frame = {k, 0, 1, 1};
        f.spriteSourceSize = {0, 0, 1, 1};
        f.sourceWidth = f.sourceHeight = kMaxImageSide;
        atlas->frames.push_back(f);
    }
    Scene scene;
    for (const char* name : {"A", "B"}) {
        SceneSprite sprite;
        sprite.name = name;
        sprite.sheet = sprite.pixels = std::make_shared<const RgbaImage>(blankImage(3, 1));
        sprite.atlas = "huge.json";
        sprite.atlasData = atlas;
        sprite.frame.kind = FrameRef::Kind::Atlas;
        sprite.frame.name = "f0";
        scene.sprites.push_back(sprite);
    }
    FrameImageCache frames;
    MaskCache masks;
    std::string error;
    EXPECT_FALSE(frameMatrix(scene, 0, 1, *findAlgorithm("aabb"), TestOptions{}, frames, masks, error));
    EXPECT_EQ(error, "the frames of A and B hold 402653184 pixels together; the limit is 134217728");
    EXPECT_EQ(frames.size(), 0u);
}

TEST(SceneFrames, CheckAllFramesPrintsTheMatrixAsATableAndAsJson) {
    TempFolder dir;
    writeExports(dir.path());
    writeText(dir / "scene.json", sceneWith(R"({"name": "A", "image": "separate.png", "frame": {"grid": [2, 3], "index": 0}, "origin": [0, 0]})",
                                            R"({"name": "B", "image": "target.png", "origin": [0, 0], "scale": [0.2, 0.4]})"));
    const std::string scene = (dir / "scene.json").string();
    std::vector<std::string_view> args{scene, "--all-frames", "--algorithm", "pixel-exact"};
    std::ostringstream out, err;
    ASSERT_EQ(runCheckCommand(args, out, err), 0) << err.str();
    // The hits worked out in TheFrameMatrixTestsEveryPairOfFrames: cells 1, 5 and 6.
    EXPECT_EQ(out.str(),
              "A/B with pixel-exact (rows: frames of A, columns: frames of B; X hit, . miss, - not applicable)\n"
              "              0\n"
              "   0  cell 0  .\n"
              "   1  cell 1  X\n"
              "   2  cell 2  .\n"
              "   3  cell 3  .\n"
              "   4  cell 4  .\n"
              "   5  cell 5  X\n"
              "   6  cell 6  X\n"
              "   7  cell 7  .\n"
              "columns: 0 (shown)\n");
    args.push_back("--json");
    std::ostringstream json, jsonErr;
    ASSERT_EQ(runCheckCommand(args, json, jsonErr), 0) << jsonErr.str();
    auto parsed = nlohmann::json::parse(json.str());
    const auto& matrix = parsed["frame_matrices"][0];
    EXPECT_EQ(matrix["frames_a"][5], "cell 5");
    EXPECT_EQ(matrix["hit"][1][0], true);
    EXPECT_EQ(matrix["hit"][2][0], false);
    EXPECT_NEAR(matrix["overlap_area"][5][0].get<double>(), 2.0, 1e-9);  // texels (0, 0) and (0, 1), whole
}

}  // namespace
}  // namespace cl
