// The one-header recorder (core/record/collision_lab_record.h): its PNG writer, every field through the scene
// loader, refusals, and a recorded scene checked exactly like one written by saveScene.
#include "core/record/collision_lab_record.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>
#include <memory>
#include <random>
#include <sstream>
#include <string_view>

#include <gtest/gtest.h>

#include "app/cli/check_command.h"
#include "core/base/sprite_transform.h"
#include "core/collision/algorithms.h"
#include "core/io/bounded_json.h"
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
    scene.view = SceneView{};

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

TEST(CollisionLabRecord, ItsMirroredLimitsEqualTheLoadersOwn) {
    namespace limits = record::limits;
    EXPECT_EQ(limits::kMaxSprites, kMaxSceneSprites);
    EXPECT_EQ(limits::kMaxImageSide, kMaxImageSide);
    EXPECT_EQ(limits::kMaxImageBytes, kMaxImageFileBytes);
    EXPECT_EQ(limits::kMaxScenePixels, kMaxScenePixels);
    EXPECT_EQ(limits::kMaxCoordinate, kMaxCoordinate);
    EXPECT_EQ(limits::kMinScale, kMinScale);
    EXPECT_EQ(limits::kMaxScale, kMaxScale);
    EXPECT_EQ(limits::kMaxExpectValues, kMaxKeptPartValues);
    EXPECT_EQ(limits::kMaxExpectTextBytes, kMaxKeptPartTextBytes);
    EXPECT_EQ(std::string(limits::kSamplingNames[0]), samplingName(Sampling::Center));
    EXPECT_EQ(std::string(limits::kSamplingNames[1]), samplingName(Sampling::Xna));
    // Every test a binary may have: core's table, then the sandbox's row (app/gpu/gpu_collision.cpp).
    std::vector<std::string> names;
    for (const Algorithm& a : coreAlgorithms().all()) names.emplace_back(a.name);
    names.emplace_back("gpu");
    EXPECT_EQ(std::vector<std::string>(limits::kAlgorithmNames.begin(), limits::kAlgorithmNames.end()), names);

    // The scene file's size limit is private to the loader: its message names it. A sparse file one byte
    // over costs no disk.
    testing::TempFolder folder;
    const auto big = folder / "big.json";
    { std::ofstream create(big); }
    std::filesystem::resize_file(big, limits::kMaxSceneFileBytes + 1);
    const std::string message = loadScene(big).message();
    EXPECT_NE(message.find("too big"), std::string::npos) << message;
    EXPECT_NE(message.find("the limit is " + std::to_string(limits::kMaxSceneFileBytes)), std::string::npos) << message;
}

TEST(CollisionLabRecord, PngSizeIsKnownBeforeEncodingAndTheLargestFramesAreRefusedUnread) {
    for (auto [w, h] : std::vector<std::pair<int, int>>{{1, 1}, {3, 2}, {64, 64}, {129, 255}, {8192, 3}}) {
        const RgbaImage image = patternImage(w, h);
        EXPECT_EQ(record::detail::pngBytes(w, h), record::detail::encodePng(image.pixels.data(), w, h, std::size_t(w) * 4).size())
            << w << "x" << h;
    }
    // 8192 x 8191 is the largest full-width frame whose stored PNG fits the loader's 256 MiB per image.
    EXPECT_LE((record::detail::pngBytes(8192, 8191) + 2) / 3 * 3, kMaxImageFileBytes);
    EXPECT_GT((record::detail::pngBytes(8192, 8192) + 2) / 3 * 3, kMaxImageFileBytes);
    // The refusal comes before any pixel is read: the buffer is never touched (nor its pages made resident).
    const std::unique_ptr<std::uint8_t[]> huge(new std::uint8_t[std::size_t(8192) * 8192 * 4]);
    record::Sprite s;
    s.name = "huge";
    s.pixels = huge.get();
    s.width = s.height = 8192;
    SceneRecorder recorder;
    const std::string error = recorder.add(s);
    EXPECT_NE(error.find("PNG would be more than"), std::string::npos) << error;
}

TEST(CollisionLabRecord, RefusesEveryFileTheLoaderWouldRefuseAtTheCall) {
    const RgbaImage image = patternImage(2, 2);
    SceneRecorder recorder;
    ASSERT_EQ(recorder.add(spriteOf("A", image)), "");
    ASSERT_EQ(recorder.add(spriteOf("B", image)), "");
    auto refusedWith = [](const std::string& error, std::string_view words) {
        EXPECT_NE(error.find(words), std::string::npos) << "got: " << error;
    };
    refusedWith(recorder.setSampling("CENTER"), "must be");
    refusedWith(recorder.add(spriteOf("\xff", image)), "UTF-8");
    refusedWith(recorder.add(spriteOf("\xed\xa0\x80", image)), "UTF-8");  // a surrogate
    // A very wide image: width * 4 overflows an int; refused without undefined behaviour.
    record::Sprite wide = spriteOf("wide", image);
    wide.width = INT_MAX / 2;
    wide.strideBytes = 8;
    refusedWith(recorder.add(wide), "strideBytes");
    refusedWith(recorder.expect({.a = "A", .b = "B", .algorithm = "pixel_fast"}), "unknown algorithm");
    refusedWith(recorder.expect({.a = "A", .b = "B", .algorithm = "contact"}), "unknown algorithm");
    refusedWith(recorder.expect({.a = "A", .b = "B", .overlap = -1}), "overlap");
    refusedWith(recorder.expect({.a = "A", .b = "B", .samples = -3}), "samples");
    refusedWith(recorder.expect({.a = "A", .b = "B", .overlapArea = -0.5}), "overlapArea");
    ASSERT_EQ(recorder.expect({.a = "A", .b = "B", .hit = true}), "");
    refusedWith(recorder.expect({.a = "A", .b = "B", .hit = false}), "already expected");
    EXPECT_EQ(recorder.expect({.a = "B", .b = "A", .hit = false}), "");  // the other direction is another key

    for (int i = 2; i < kMaxSceneSprites; ++i) ASSERT_EQ(recorder.add(spriteOf("s" + std::to_string(i), image)), "");
    refusedWith(recorder.add(spriteOf("one too many", image)), "at most 256 sprites");

    testing::TempFolder folder;
    ASSERT_EQ(recorder.write(folder / "full.json"), "");
    const SceneLoadResult loaded = loadScene(folder / "full.json");
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    EXPECT_EQ(loaded.scene->sprites.size(), std::size_t(kMaxSceneSprites));

    SceneRecorder badTitle("\xc0\xaf", "fine");  // an overlong '/'
    ASSERT_EQ(badTitle.add(spriteOf("A", image)), "");
    ASSERT_EQ(badTitle.add(spriteOf("B", image)), "");
    refusedWith(badTitle.write(folder / "title.json"), "title is not UTF-8");
    EXPECT_FALSE(std::filesystem::exists(folder / "title.json"));
}

// ---- Random hostile values: each call's answer against the loader's on the same values written raw ----

// A JSON string of the bytes as they are (escapes only what JSON requires): the loader judges the bytes.
std::string rawString(const std::string& text) {
    std::string out = "\"";
    for (unsigned char c : text) {
        if (c == '"' || c == '\\') out += '\\', out += char(c);
        else if (c < 0x20) {
            char buffer[8];
            std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
            out += buffer;
        } else out += char(c);
    }
    return out + "\"";
}

// A number as %.17g; a non-finite one as "NaN", which is not JSON, so the loader refuses it as a file would.
std::string rawNumber(double v) {
    if (!std::isfinite(v)) return "NaN";
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.17g", v);
    return buffer;
}

std::string rawPair(const std::array<double, 2>& v) { return "[" + rawNumber(v[0]) + ", " + rawNumber(v[1]) + "]"; }

struct RawScene {
    std::string title, notes, sampling = "center";
    std::vector<std::string> sprites;
    std::vector<std::pair<std::string, std::vector<std::string>>> pairs;  // "A/B" -> "\"alg\": {...}" entries

    // With `texts` false the title and notes are left out: a call is judged on its own values, the title
    // and notes (refused only by write()) on theirs.
    std::string text(bool texts = true) const {
        std::string out = "{\"format\": \"collision-lab/scene\", \"version\": 1, \"title\": " + rawString(texts ? title : "") +
                          ", \"notes\": " + rawString(texts ? notes : "") + ", \"sampling\": " + rawString(sampling) + ", \"sprites\": [";
        for (std::size_t i = 0; i < sprites.size(); ++i) out += (i ? ", " : "") + sprites[i];
        out += "], \"expect\": {";
        for (std::size_t p = 0; p < pairs.size(); ++p) {
            out += (p ? ", " : "") + rawString(pairs[p].first) + ": {";
            for (std::size_t e = 0; e < pairs[p].second.size(); ++e) out += (e ? ", " : "") + pairs[p].second[e];
            out += "}";
        }
        return out + "}}";
    }
    bool loads(bool texts = true) const { return parseScene(text(texts), "raw.json").ok(); }
};

std::string rawSprite(const record::Sprite& s, const RgbaImage& frame) {
    std::string out = "{\"name\": " + rawString(s.name) + ", \"position\": " + rawPair(s.position);
    if (s.origin) out += ", \"origin\": " + rawPair(*s.origin);
    out += ", \"rotation_deg\": " + rawNumber(s.rotationDeg) + ", \"scale\": " + rawPair(s.scale) +
           ", \"alpha_threshold\": " + std::to_string(s.alphaThreshold) + ", \"image\": \"" + pngDataUri(frame) + "\"}";
    return out;
}

std::string rawExpectation(const record::Expectation& e) {
    std::vector<std::string> fields;
    if (e.hit) fields.push_back(std::string("\"hit\": ") + (*e.hit ? "true" : "false"));
    if (e.overlap) fields.push_back("\"overlap\": " + std::to_string(*e.overlap));
    if (e.overlapArea) fields.push_back("\"overlap_area\": " + rawNumber(*e.overlapArea));
    if (e.samples) fields.push_back("\"samples\": " + std::to_string(*e.samples));
    if (e.firstHit) {
        const auto& f = *e.firstHit;
        fields.push_back("\"first_hit\": {\"a\": [" + std::to_string(f.a[0]) + ", " + std::to_string(f.a[1]) + "], \"b\": [" +
                         std::to_string(f.b[0]) + ", " + std::to_string(f.b[1]) + "], \"world\": " + rawPair(f.world) + "}");
    } else if (e.noFirstHit) {
        fields.push_back("\"first_hit\": null");
    }
    std::string out = rawString(e.algorithm) + ": {";
    for (std::size_t i = 0; i < fields.size(); ++i) out += (i ? ", " : "") + fields[i];
    return out + "}";
}

TEST(CollisionLabRecord, RandomHostileCallsAreRefusedExactlyWhenTheLoaderWouldRefuseAndEveryWrittenFileLoads) {
    std::mt19937 random(20261126);
    auto pick = [&random](const auto& pool) { return pool[std::uniform_int_distribution<std::size_t>(0, pool.size() - 1)(random)]; };
    auto chance = [&random](double p) { return std::bernoulli_distribution(p)(random); };
    const double inf = std::numeric_limits<double>::infinity(), nan = std::nan("");
    const std::vector<std::string> texts = {"A", "ship", "rock é", "", "x/y", "\xff", "\xc0\xaf", "\xed\xa0\x80",
                                            "\xf4\x90\x80\x80", "\xe2\x82", std::string("nul\0in", 6), "tab\t\"q\"\\",
                                            "\xf0\x9f\x92\xa5", "contact", "ref_0"};
    const std::vector<double> coordinates = {0.0, 1.5, -1.0e7, 1.0e7, 1.0000001e7, -0.0, 5e-324, 1e300, nan, inf, -inf};
    const std::vector<double> scales = {1.0, -1.0, 0.001, 0.000999, 1000.0, 1000.0001, 0.0, -2.5, 5e-324, nan, inf};
    const std::vector<double> rotations = {0.0, 30.0, -1e308, 1e308, 5e-324, nan, inf};
    const std::vector<int> thresholds = {0, 128, 255, -1, 256, INT_MIN, INT_MAX};
    const std::vector<std::string> samplings = {"center", "xna", "CENTER", "", std::string("xna\0", 4)};
    std::vector<std::string> algorithms(record::limits::kAlgorithmNames.begin(), record::limits::kAlgorithmNames.end());
    for (const char* odd : {"contact", "", "pixel_fast", "frames"}) algorithms.emplace_back(odd);
    const std::vector<long long> counts = {0, 5, LLONG_MAX, -1, LLONG_MIN};
    const std::vector<double> areas = {0.0, -0.0, 2.5, 1e300, 5e-324, -1.0, nan, inf};
    const std::vector<RgbaImage> images = {patternImage(1, 1), patternImage(3, 2), patternImage(4, 4)};

    testing::TempFolder folder;
    int written = 0, refusedSprites = 0, refusedExpectations = 0;
    for (int round = 0; round < 60; ++round) {
        RawScene raw;
        raw.title = pick(texts);
        raw.notes = chance(0.8) ? std::string("notes") : pick(texts);
        SceneRecorder recorder(raw.title, raw.notes);
        // Two plain sprites first, so that every candidate is judged in a scene that could load.
        for (const char* name : {"ref_0", "ref_1"}) {
            ASSERT_EQ(recorder.add(spriteOf(name, images[0])), "");
            raw.sprites.push_back(rawSprite(spriteOf(name, images[0]), images[0]));
        }
        std::vector<std::string> names = {"ref_0", "ref_1"};
        if (chance(0.5)) {
            const std::string sampling = pick(samplings);
            RawScene candidate = raw;
            candidate.sampling = sampling;
            const bool loads = candidate.loads(false);
            const std::string error = recorder.setSampling(sampling);
            EXPECT_EQ(error.empty(), loads) << "sampling " << sampling << ": " << error;
            if (loads) raw.sampling = sampling;
        }
        const int calls = std::uniform_int_distribution<int>(1, 12)(random);
        for (int call = 0; call < calls; ++call) {
            if (chance(0.5)) {
                const RgbaImage& image = pick(images);
                record::Sprite s = spriteOf(chance(0.3) ? pick(texts) : "s" + std::to_string(call), image);
                s.position = {chance(0.6) ? 3.0 : pick(coordinates), chance(0.6) ? -2.0 : pick(coordinates)};
                if (chance(0.5)) s.origin = std::array<double, 2>{pick(coordinates), chance(0.5) ? 1.0 : pick(coordinates)};
                s.rotationDeg = chance(0.5) ? 15.0 : pick(rotations);
                s.scale = {chance(0.6) ? 1.0 : pick(scales), chance(0.6) ? 2.0 : pick(scales)};
                s.alphaThreshold = chance(0.6) ? 0 : pick(thresholds);
                RgbaImage frame = image;
                if (image.width > 1 && chance(0.3)) {
                    s.frame = {1, 0, image.width - 1, image.height};
                    frame = crop(image, 1, 0, image.width - 1, image.height);
                }
                RawScene candidate = raw;
                candidate.sprites.push_back(rawSprite(s, frame));
                const bool loads = candidate.loads(false);
                const std::string error = recorder.add(s);
                EXPECT_EQ(error.empty(), loads) << "sprite " << rawString(s.name) << ": " << error << "\n" << candidate.text().substr(0, 400);
                if (loads) {
                    raw = candidate;
                    names.push_back(s.name);
                } else {
                    ++refusedSprites;
                }
            } else {
                record::Expectation e;
                e.a = chance(0.9) ? pick(names) : pick(texts);
                e.b = chance(0.9) ? pick(names) : pick(texts);
                e.algorithm = chance(0.7) ? "pixel-fast" : pick(algorithms);
                if (chance(0.5)) e.hit = chance(0.5);
                if (chance(0.3)) e.overlap = pick(counts);
                if (chance(0.3)) e.samples = pick(counts);
                if (chance(0.3)) e.overlapArea = pick(areas);
                if (chance(0.3)) e.firstHit = record::FirstHit{{1, -2}, {INT_MAX, INT_MIN}, {pick(coordinates), 0.5}};
                else e.noFirstHit = chance(0.3);
                RawScene candidate = raw;
                const std::string key = e.a + "/" + e.b;
                auto pair = std::find_if(candidate.pairs.begin(), candidate.pairs.end(), [&](const auto& p) { return p.first == key; });
                if (pair == candidate.pairs.end()) candidate.pairs.push_back({key, {rawExpectation(e)}});
                else pair->second.push_back(rawExpectation(e));
                const bool loads = candidate.loads(false);
                const bool known = std::find(record::limits::kAlgorithmNames.begin(), record::limits::kAlgorithmNames.end(),
                                             e.algorithm) != record::limits::kAlgorithmNames.end();
                const std::string error = recorder.expect(e);
                // The recorder also refuses a test name no binary has; the loader leaves that to --verify.
                EXPECT_EQ(error.empty(), loads && known) << "expect " << key << " " << e.algorithm << ": " << error;
                if (error.empty()) raw = candidate;
                else ++refusedExpectations;
            }
        }
        const auto file = folder / ("round-" + std::to_string(round) + ".json");
        const bool loads = raw.loads();
        const std::string error = recorder.write(file);
        EXPECT_EQ(error.empty(), loads) << "write: " << error;
        if (!error.empty()) continue;
        ++written;
        const SceneLoadResult loaded = loadScene(file);
        ASSERT_TRUE(loaded.ok()) << loaded.message();
        const SceneLoadResult expected = parseScene(raw.text(), file);
        ASSERT_TRUE(expected.ok());
        ASSERT_EQ(loaded.scene->sprites.size(), expected.scene->sprites.size());
        for (std::size_t i = 0; i < names.size(); ++i) {
            const SceneSprite& got = loaded.scene->sprites[i];
            const SceneSprite& want = expected.scene->sprites[i];
            EXPECT_EQ(got.name, want.name);
            EXPECT_EQ(got.pixels->pixels, want.pixels->pixels);
            EXPECT_EQ(got.transform.position, want.transform.position);
            EXPECT_EQ(got.transform.origin, want.transform.origin);
            EXPECT_EQ(got.transform.rotationDeg, want.transform.rotationDeg);
            EXPECT_EQ(got.transform.scale, want.transform.scale);
            EXPECT_EQ(got.alphaThreshold, want.alphaThreshold);
        }
        EXPECT_EQ(loaded.scene->title, expected.scene->title);
        EXPECT_EQ(loaded.scene->notes, expected.scene->notes);
        EXPECT_EQ(loaded.scene->sampling, expected.scene->sampling);
        EXPECT_EQ(loaded.scene->expect, expected.scene->expect);
    }
    // The pools make each outcome common: the test would notice a recorder that refused or allowed everything.
    EXPECT_GT(written, 20);
    EXPECT_GT(refusedSprites, 20);
    EXPECT_GT(refusedExpectations, 20);
}

}  // namespace
}  // namespace cl
