// The one-header recorder (core/record/collision_lab_record.h): its PNG writer, every field through the scene
// loader, refusals, and a recorded scene checked exactly like one written by saveScene.
#include "core/record/collision_lab_record.h"

#include <sstream>
#include <string_view>

#include <gtest/gtest.h>

#include "app/cli/check_command.h"
#include "core/io/image_io.h"
#include "core/scene/scene.h"
#include "tests/core/scene_test_files.h"

namespace cl {
namespace {

using record::SceneRecorder;

// An image whose every pixel differs from its neighbours in all four channels, so a wrong row, column,
// stride or channel order shows.
RgbaImage patternImage(int width, int height) {
    RgbaImage image{width, height, std::vector<std::uint8_t>(std::size_t(width) * height * 4)};
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            std::uint8_t* p = &image.pixels[(std::size_t(y) * width + x) * 4];
            p[0] = std::uint8_t(x * 7 + y);
            p[1] = std::uint8_t(y * 13 + 1);
            p[2] = std::uint8_t(x ^ y);
            p[3] = std::uint8_t((x * 31 + y * 17) % 256);
        }
    }
    return image;
}

// The frame cut out of `image` pixel by pixel.
RgbaImage crop(const RgbaImage& image, int x0, int y0, int width, int height) {
    RgbaImage out{width, height, {}};
    for (int y = y0; y < y0 + height; ++y) {
        const auto* row = &image.pixels[(std::size_t(y) * image.width + x0) * 4];
        out.pixels.insert(out.pixels.end(), row, row + std::size_t(width) * 4);
    }
    return out;
}

record::Sprite spriteOf(const std::string& name, const RgbaImage& image) {
    record::Sprite s;
    s.name = name;
    s.pixels = image.pixels.data();
    s.width = image.width;
    s.height = image.height;
    return s;
}

// `check --json` output with the fields that legitimately differ between runs removed: the scene path
// and each result's wall time.
nlohmann::json checkJson(const std::filesystem::path& scene) {
    const std::string file = scene.string();
    const std::string_view args[] = {file, "--json"};
    std::ostringstream out, err;
    EXPECT_EQ(runCheckCommand(args, out, err), 0) << err.str();
    nlohmann::json json = nlohmann::json::parse(out.str());
    json.erase("scene");
    for (auto& pair : json["pairs"]) {
        for (auto& [name, result] : pair["results"].items()) result.erase("time_ns");
    }
    return json;
}

int verify(const std::filesystem::path& scene, std::string* output = nullptr) {
    const std::string file = scene.string();
    const std::string_view args[] = {file, "--verify"};
    std::ostringstream out, err;
    const int status = runCheckCommand(args, out, err);
    if (output) *output = out.str() + err.str();
    return status;
}

TEST(CollisionLabRecord, Crc32AndAdler32MatchTheirPublishedCheckValues) {
    const std::string digits = "123456789";
    EXPECT_EQ(record::detail::crc32(reinterpret_cast<const std::uint8_t*>(digits.data()), digits.size()), 0xCBF43926u);
    const std::string word = "Wikipedia";
    EXPECT_EQ(record::detail::adler32(reinterpret_cast<const std::uint8_t*>(word.data()), word.size()), 0x11E60398u);
    // Adler-32 of 100,000 bytes of 0xFF, summed by hand in 64 bits and reduced once at the end.
    std::vector<std::uint8_t> ones(100000, 0xFF);
    std::uint64_t s1 = 1, s2 = 0;
    for (std::uint8_t b : ones) {
        s1 += b;
        s2 += s1;
    }
    EXPECT_EQ(record::detail::adler32(ones.data(), ones.size()), std::uint32_t(((s2 % 65521) << 16) | (s1 % 65521)));
}

TEST(CollisionLabRecord, PngWriterOutputDecodesToTheSamePixelsThroughTheLoader) {
    // 200 x 100 RGBA is 80,100 bytes of rows: two stored deflate blocks.
    for (auto [w, h] : {std::pair{1, 1}, std::pair{3, 2}, std::pair{200, 100}}) {
        const RgbaImage image = patternImage(w, h);
        const auto png = record::detail::encodePng(image.pixels.data(), w, h, std::size_t(w) * 4);
        ImageLoadResult decoded = decodeImage(png, "recorded png");
        ASSERT_TRUE(decoded.ok()) << decoded.error;
        EXPECT_EQ(decoded.image->width, w);
        EXPECT_EQ(decoded.image->height, h);
        EXPECT_EQ(decoded.image->pixels, image.pixels) << w << "x" << h;
    }
}

TEST(CollisionLabRecord, EveryFieldRoundTripsThroughTheSceneLoader) {
    testing::TempFolder folder;
    const RgbaImage sheet = patternImage(40, 30);  // a sprite sheet: the second sprite shows a frame of it
    const RgbaImage small = patternImage(5, 3);

    SceneRecorder recorder("title \"quoted\"", "notes\nline two\t\\ and \x01 control");
    recorder.setSampling("xna");
    record::Sprite a = spriteOf("ship", small);
    a.position = {320.25, -17.125};
    a.origin = std::array<double, 2>{1.5, 0.75};
    a.rotationDeg = 33.3;
    a.scale = {-2.0, 0.5};
    a.alphaThreshold = 99;
    record::Sprite b = spriteOf("rock é", sheet);
    b.strideBytes = sheet.width * 4;
    b.frame = {7, 4, 9, 11};
    b.position = {1.0e-9, 123456.789};
    b.rotationDeg = -0.1;
    ASSERT_EQ(recorder.add(a), "");
    ASSERT_EQ(recorder.add(b), "");
    record::Expectation full{.a = "ship", .b = "rock é", .algorithm = "pixel-naive", .hit = true, .overlap = 12,
                             .samples = 40, .firstHit = record::FirstHit{{1, 2}, {3, 4}, {5.5, -6.25}}};
    ASSERT_EQ(recorder.expect(full), "");
    ASSERT_EQ(recorder.expect({.a = "ship", .b = "rock é", .algorithm = "pixel-exact", .overlapArea = 0.1}), "");
    ASSERT_EQ(recorder.expect({.a = "rock é", .b = "ship", .algorithm = "pixel-fast", .hit = false, .noFirstHit = true}), "");

    const auto file = folder / "recorded.json";
    ASSERT_EQ(recorder.write(file), "");
    SceneLoadResult loaded = loadScene(file);
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    const Scene& scene = *loaded.scene;
    EXPECT_EQ(scene.title, "title \"quoted\"");
    EXPECT_EQ(scene.notes, "notes\nline two\t\\ and \x01 control");
    EXPECT_EQ(scene.sampling, Sampling::Xna);
    ASSERT_EQ(scene.sprites.size(), 2u);

    const SceneSprite& ship = scene.sprites[0];
    EXPECT_EQ(ship.name, "ship");
    EXPECT_EQ(ship.pixels->pixels, small.pixels);
    EXPECT_EQ(ship.pixels->width, 5);
    EXPECT_EQ(ship.transform, (SpriteTransform{{320.25, -17.125}, {1.5, 0.75}, 33.3, {-2.0, 0.5}}));
    EXPECT_EQ(ship.alphaThreshold, 99);

    const SceneSprite& rock = scene.sprites[1];
    EXPECT_EQ(rock.name, "rock é");
    const RgbaImage frame = crop(sheet, 7, 4, 9, 11);
    EXPECT_EQ(rock.pixels->width, 9);
    EXPECT_EQ(rock.pixels->height, 11);
    EXPECT_EQ(rock.pixels->pixels, frame.pixels);
    // No origin recorded: the loader's default, the frame's centre.
    EXPECT_EQ(rock.transform, (SpriteTransform{{1.0e-9, 123456.789}, {4.5, 5.5}, -0.1, {1.0, 1.0}}));
    EXPECT_EQ(rock.alphaThreshold, 0);

    const nlohmann::json expect = nlohmann::json::parse(R"({
        "ship/rock é": {"pixel-naive": {"hit": true, "overlap": 12, "samples": 40,
                                        "first_hit": {"a": [1, 2], "b": [3, 4], "world": [5.5, -6.25]}},
                        "pixel-exact": {"overlap_area": 0.1}},
        "rock é/ship": {"pixel-fast": {"hit": false, "first_hit": null}}})");
    EXPECT_EQ(scene.expect.toJson(), expect);
}

TEST(CollisionLabRecord, RefusesWhatTheLoaderWouldRefuseAndAddsNothing) {
    const RgbaImage image = patternImage(4, 4);
    SceneRecorder recorder;
    ASSERT_EQ(recorder.add(spriteOf("A", image)), "");
    auto refused = [&](record::Sprite s, std::string_view words) {
        const std::string error = recorder.add(s);
        EXPECT_NE(error.find(words), std::string::npos) << "got: " << error;
    };
    refused(spriteOf("A", image), "already used");
    refused(spriteOf("", image), "empty");
    refused(spriteOf("x/y", image), "'/'");
    record::Sprite s = spriteOf("B", image);
    s.frame = {2, 2, 3, 1};
    refused(s, "frame");
    s = spriteOf("B", image);
    s.position = {0.0, std::nan("")};
    refused(s, "position");
    s = spriteOf("B", image);
    s.scale = {1.0, 0.0};
    refused(s, "scale");
    s = spriteOf("B", image);
    s.alphaThreshold = 256;
    refused(s, "alphaThreshold");
    s = spriteOf("B", image);
    s.pixels = nullptr;
    refused(s, "no pixels");
    EXPECT_NE(recorder.expect({.a = "A", .b = "B"}), "");  // B was never added

    testing::TempFolder folder;
    const std::string tooFew = recorder.write(folder / "one.json");
    EXPECT_NE(tooFew.find("at least two sprites"), std::string::npos) << tooFew;
    EXPECT_FALSE(std::filesystem::exists(folder / "one.json"));
}

TEST(CollisionLabRecord, WriteReplacesAnExistingFileAndAFailedWriteNamesTheFile) {
    testing::TempFolder folder;
    const RgbaImage image = patternImage(2, 2);
    SceneRecorder recorder;
    ASSERT_EQ(recorder.add(spriteOf("A", image)), "");
    ASSERT_EQ(recorder.add(spriteOf("B", image)), "");
    const auto file = folder / "scene.json";
    testing::writeText(file, "old contents");
    ASSERT_EQ(recorder.write(file), "");
    EXPECT_TRUE(loadScene(file).ok());
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(folder.path()), {}), 1) << "a temporary file was left";

    const auto missing = folder / "no-such-folder" / "scene.json";
    const std::string error = recorder.write(missing);
    EXPECT_NE(error.find(missing.string()), std::string::npos) << error;
}

TEST(CollisionLabRecord, ARecordedSceneChecksExactlyLikeTheSameSceneSavedBySaveScene) {
    SceneLoadResult original = loadScene(COLLISION_LAB_SOURCE_DIR "/assets/scenes/default.json");
    ASSERT_TRUE(original.ok()) << original.message();
    Scene scene = *original.scene;
    scene.view = nlohmann::json::object();

    SceneRecorder recorder(scene.title, scene.notes);
    for (const SceneSprite& sprite : scene.sprites) {
        record::Sprite s = spriteOf(sprite.name, *sprite.pixels);
        s.position = {sprite.transform.position.x, sprite.transform.position.y};
        s.origin = std::array<double, 2>{sprite.transform.origin.x, sprite.transform.origin.y};
        s.rotationDeg = sprite.transform.rotationDeg;
        s.scale = {sprite.transform.scale.x, sprite.transform.scale.y};
        s.alphaThreshold = sprite.alphaThreshold;
        ASSERT_EQ(recorder.add(s), "");
    }
    testing::TempFolder folder;
    ASSERT_EQ(recorder.write(folder / "recorded.json"), "");
    ASSERT_TRUE(saveScene(scene, folder / "saved.json", {.embedImages = true}).ok());

    const nlohmann::json recorded = checkJson(folder / "recorded.json");
    EXPECT_EQ(recorded, checkJson(folder / "saved.json"));
    EXPECT_EQ(recorded, checkJson(COLLISION_LAB_SOURCE_DIR "/assets/scenes/default.json"));
    ASSERT_EQ(recorded["pairs"].size(), 1u);
}

TEST(CollisionLabRecord, ARecordedExpectationFailsVerifyExactlyWhenTheSandboxDisagrees) {
    // Two opaque 4x4 squares, B two pixels to the right of A: A's samples in columns 2 and 3 land in B,
    // 2 columns x 4 rows = 8 overlapping samples.
    const RgbaImage square{4, 4, std::vector<std::uint8_t>(64, 255)};
    testing::TempFolder folder;
    for (long long overlap : {8LL, 7LL}) {
        SceneRecorder recorder;
        record::Sprite a = spriteOf("A", square), b = spriteOf("B", square);
        a.origin = b.origin = std::array<double, 2>{0.0, 0.0};
        b.position = {2.0, 0.0};
        ASSERT_EQ(recorder.add(a), "");
        ASSERT_EQ(recorder.add(b), "");
        ASSERT_EQ(recorder.expect({.a = "A", .b = "B", .algorithm = "pixel-fast", .hit = true, .overlap = overlap}), "");
        const auto file = folder / ("overlap-" + std::to_string(overlap) + ".json");
        ASSERT_EQ(recorder.write(file), "");
        std::string output;
        EXPECT_EQ(verify(file, &output), overlap == 8 ? 0 : 1) << output;
        if (overlap != 8) {
            EXPECT_NE(output.find("expected 7, got 8"), std::string::npos) << output;
        }
    }
}

}  // namespace
}  // namespace cl
