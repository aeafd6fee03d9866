// Limits and absurd input: oversized images, too many sprites, numbers JSON cannot hold, huge angles,
// 1x1 and empty images, and sprites scaled to the limits in every algorithm. Each case must end with a
// clear message or a sound answer; the sanitizer build (./lab test, stage 2) shows none of them reads
// out of bounds or overflows. Expected values are worked out by hand in the comments.

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

#include "core/collision/algorithms.h"
#include "core/io/image_io.h"
#include "core/collision/pixel_scans.h"
#include "core/scene/scene.h"
#include "core/base/sprite_transform.h"
#include "tests/core/scene_test_files.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::TempFolder;
using testing::makeTransform;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// --- Images -------------------------------------------------------------------------------------

std::uint32_t crc32(const std::uint8_t* data, std::size_t size) {
    std::uint32_t crc = 0xffffffffu;
    for (std::size_t i = 0; i < size; ++i) {
        crc ^= data[i];
        for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

void appendBigEndian(std::vector<std::uint8_t>& out, std::uint32_t value) {
    for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::uint8_t>(value >> shift));
}

void appendChunk(std::vector<std::uint8_t>& out, const char* type, const std::vector<std::uint8_t>& data) {
    appendBigEndian(out, static_cast<std::uint32_t>(data.size()));
    const std::size_t typeAt = out.size();
    out.insert(out.end(), type, type + 4);
    out.insert(out.end(), data.begin(), data.end());
    appendBigEndian(out, crc32(out.data() + typeAt, out.size() - typeAt));
}

/// A PNG that is only a signature, a header claiming width x height 8-bit RGBA pixels, and the end
/// chunk: a few dozen bytes that would decode to gigabytes if the size were believed.
std::vector<std::uint8_t> pngHeaderOnly(std::uint32_t width, std::uint32_t height) {
    std::vector<std::uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    std::vector<std::uint8_t> header;
    appendBigEndian(header, width);
    appendBigEndian(header, height);
    header.insert(header.end(), {8, 6, 0, 0, 0});  // bit depth 8, colour type RGBA, deflate, no filter, no interlace
    appendChunk(png, "IHDR", header);
    appendChunk(png, "IEND", {});
    return png;
}

TEST(ImageLimits, AHeaderClaimingSixteenThousandPixelsASideIsRefusedAsTooBig) {
    ImageLoadResult r = decodeImage(pngHeaderOnly(16384, 16384), "huge.png");
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(contains(r.error, "huge.png")) << r.error;
    EXPECT_TRUE(contains(r.error, "too big")) << r.error;
    EXPECT_TRUE(contains(r.error, "16384x16384")) << r.error;
    EXPECT_TRUE(contains(r.error, "8192x8192")) << r.error;
}

TEST(ImageLimits, OnePixelOverTheLimitOnEitherSideIsTooBig) {
    for (auto [w, h] : {std::pair{8193u, 1u}, std::pair{1u, 8193u}}) {
        ImageLoadResult r = decodeImage(pngHeaderOnly(w, h), "strip.png");
        ASSERT_FALSE(r.ok());
        EXPECT_TRUE(contains(r.error, "too big")) << r.error;
    }
}

TEST(ImageLimits, AHeaderAtTheLimitWithNoPixelDataIsTruncatedNotTooBig) {
    ImageLoadResult r = decodeImage(pngHeaderOnly(8192, 8192), "empty-body.png");
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(contains(r.error, "empty-body.png")) << r.error;
    EXPECT_FALSE(contains(r.error, "too big")) << r.error;
}

TEST(ImageLimits, AnAbsurdHeaderOfTwoBillionPixelsASideIsRefusedWithAMessage) {
    ImageLoadResult r = decodeImage(pngHeaderOnly(0x7fffffffu, 0x7fffffffu), "absurd.png");
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(contains(r.error, "absurd.png")) << r.error;
}

TEST(ImageLimits, AZeroByZeroHeaderIsRefusedWithAMessage) {
    ImageLoadResult r = decodeImage(pngHeaderOnly(0, 0), "nothing.png");
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(contains(r.error, "nothing.png")) << r.error;
}

TEST(ImageLimits, AnOversizedHeaderInAFileIsRefusedNamingTheFile) {
    TempFolder folder;
    const auto file = folder / "huge.png";
    const auto png = pngHeaderOnly(16384, 16384);
    testing::writeText(file, std::string(png.begin(), png.end()));
    ImageLoadResult r = loadImageFile(file);
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(contains(r.error, file.string())) << r.error;
    EXPECT_TRUE(contains(r.error, "too big")) << r.error;
}

TEST(ImageLimits, AFileLargerThanTheByteLimitIsRefusedBeforeItIsRead) {
    TempFolder folder;
    const auto file = folder / "enormous.png";
    testing::writeText(file, "");
    // A sparse file: one byte over the limit without using the disk space or memory.
    std::filesystem::resize_file(file, kMaxImageFileBytes + 1);
    ImageLoadResult r = loadImageFile(file);
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(contains(r.error, file.string())) << r.error;
    EXPECT_TRUE(contains(r.error, "too big")) << r.error;
    EXPECT_TRUE(contains(r.error, std::to_string(kMaxImageFileBytes + 1))) << r.error;
}

TEST(ImageLimits, APngCutInHalfSaysCorruptOrTruncatedWithoutAnEmptyReason) {
    PngEncodeResult png = encodePng(testing::solidImage(1, 1));
    ASSERT_TRUE(png.ok()) << png.error;
    png.bytes.resize(png.bytes.size() / 2);  // the header survives, the pixel data does not
    ImageLoadResult r = decodeImage(png.bytes, "cut.png");
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(contains(r.error, "cut.png: corrupt or truncated PNG")) << r.error;
    EXPECT_FALSE(contains(r.error, "()")) << r.error;
}

TEST(ImageLimits, AOneByOneImageSurvivesEncodingAndDecoding) {
    RgbaImage image = testing::imageWithAlphas(1, 1, {200});
    PngEncodeResult png = encodePng(image);
    ASSERT_TRUE(png.ok()) << png.error;
    ImageLoadResult r = decodeImage(png.bytes, "one.png");
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_TRUE(testing::samePixels(*r.image, image));
    AlphaMask mask(*r.image, 199);
    EXPECT_EQ(mask.solidCount(), 1);
    EXPECT_EQ(AlphaMask(*r.image, 200).solidCount(), 0);
}

// --- Scene files ----------------------------------------------------------------------------------

std::string spriteJson(int i, const std::string& image, const std::string& extra = "") {
    return "{\"name\": \"s" + std::to_string(i) + "\", \"image\": \"" + image + "\"" + extra + "}";
}

std::string sceneJson(int spriteCount, const std::string& image) {
    std::string sprites;
    for (int i = 0; i < spriteCount; ++i) sprites += (i ? ", " : "") + spriteJson(i, image);
    return "{\"format\": \"collision-lab/scene\", \"version\": 1, \"sprites\": [" + sprites + "]}";
}

/// A two-sprite scene whose first sprite has `field` set to `value` as written (JSON text).
std::string sceneWithField(const std::string& field, const std::string& value) {
    return "{\"format\": \"collision-lab/scene\", \"version\": 1, \"sprites\": [" +
           spriteJson(0, "one.png", ", \"" + field + "\": " + value) + ", " + spriteJson(1, "one.png") + "]}";
}

class SceneLimits : public ::testing::Test {
protected:
    void SetUp() override { testing::writePng(m_folder / "one.png", testing::solidImage(1, 1)); }
    SceneLoadResult parse(const std::string& text) { return parseScene(text, m_folder / "limits.json"); }

    /// The single problem of a scene that must fail, checked to name the file and `path`.
    std::string onlyProblem(const std::string& text, const std::string& path) {
        SceneLoadResult r = parse(text);
        EXPECT_FALSE(r.ok());
        if (r.problems.size() != 1) {
            ADD_FAILURE() << "expected one problem at " << path << ", got:\n" << r.message();
            return {};
        }
        EXPECT_EQ(r.problems[0].path, path) << r.message();
        EXPECT_TRUE(contains(r.message(), (m_folder / "limits.json").string())) << r.message();
        return r.problems[0].message;
    }

    TempFolder m_folder;
};

TEST_F(SceneLimits, TheMostSpritesAllowedLoad) {
    SceneLoadResult r = parse(sceneJson(kMaxSceneSprites, "one.png"));
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(r.scene->sprites.size(), 256u);
}

TEST_F(SceneLimits, OneSpriteOverTheLimitIsRefusedSayingTheCountAndTheLimit) {
    std::string message = onlyProblem(sceneJson(kMaxSceneSprites + 1, "one.png"), "sprites");
    EXPECT_TRUE(contains(message, "257")) << message;
    EXPECT_TRUE(contains(message, "256")) << message;
}

TEST_F(SceneLimits, ANumberTooBigForADoubleIsNotValidJsonAndTheMessageQuotesIt) {
    // JSON has no NaN or infinity literal; 1e400 is the nearest a hand-edited file gets to one.
    for (const char* field : {"rotation_deg", "scale", "alpha_threshold"}) {
        for (const char* value : {"1e400", "-1e400"}) {
            SceneLoadResult r = parse(sceneWithField(field, value));
            ASSERT_FALSE(r.ok()) << field << " = " << value;
            EXPECT_TRUE(contains(r.message(), "not valid JSON")) << r.message();
            EXPECT_TRUE(contains(r.message(), value)) << r.message();
        }
    }
    SceneLoadResult r = parse(sceneWithField("position", "[0, 1e400]"));
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(contains(r.message(), "1e400")) << r.message();
}

TEST_F(SceneLimits, HugeFiniteCoordinatesAreRefusedAtTheirPath) {
    EXPECT_TRUE(contains(onlyProblem(sceneWithField("position", "[1e308, 0]"), "sprites[0].position[0]"), "1e+308"));
    EXPECT_TRUE(contains(onlyProblem(sceneWithField("origin", "[0, -1e308]"), "sprites[0].origin[1]"), "-1e+308"));
    // Too big for any integer type: the parser reads it as a double, and the range check still applies.
    onlyProblem(sceneWithField("position", "[99999999999999999999999999, 0]"), "sprites[0].position[0]");
    onlyProblem(sceneWithField("position", "[10000000.5, 0]"), "sprites[0].position[0]");
}

TEST_F(SceneLimits, CoordinatesAtTheLimitLoad) {
    SceneLoadResult r = parse(sceneWithField("position", "[10000000, -10000000]"));
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(r.scene->sprites[0].transform.position, glm::dvec2(1.0e7, -1.0e7));
}

TEST_F(SceneLimits, ScalesOutsideTheLimitsAreRefusedIncludingOnesThatUnderflowToZero) {
    for (const char* value : {"0", "1e-400", "0.0009", "1000.5", "1e308", "[1, 1e-320]", "-2000"}) {
        SceneLoadResult r = parse(sceneWithField("scale", value));
        ASSERT_FALSE(r.ok()) << value;
        ASSERT_EQ(r.problems.size(), 1u) << r.message();
        EXPECT_TRUE(contains(r.problems[0].path, "sprites[0].scale")) << r.message();
        EXPECT_TRUE(contains(r.problems[0].message, "0.001")) << r.message();
    }
}

TEST_F(SceneLimits, AnAlphaThresholdBeyondAnyIntegerIsRefused) {
    onlyProblem(sceneWithField("alpha_threshold", "1e300"), "sprites[0].alpha_threshold");
    onlyProblem(sceneWithField("alpha_threshold", "-1"), "sprites[0].alpha_threshold");
    onlyProblem(sceneWithField("alpha_threshold", "18446744073709551616"), "sprites[0].alpha_threshold");
}

TEST_F(SceneLimits, AHugeVersionIsRefusedWithAMessage) {
    SceneLoadResult r = parse("{\"format\": \"collision-lab/scene\", \"version\": 1e300, \"sprites\": []}");
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(contains(r.message(), "version")) << r.message();
}

TEST_F(SceneLimits, ARotationOfATrillionDegreesLoadsAndSavesUnchanged) {
    SceneLoadResult r = parse(sceneWithField("rotation_deg", "1e12"));
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(r.scene->sprites[0].transform.rotationDeg, 1.0e12);
    ASSERT_TRUE(saveScene(*r.scene, m_folder / "saved.json").ok());
    SceneLoadResult back = loadScene(m_folder / "saved.json");
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(back.scene->sprites[0].transform.rotationDeg, 1.0e12);
}

TEST_F(SceneLimits, AScenePointingAtAnOversizedImageNamesTheSpriteAndTheImage) {
    const auto png = pngHeaderOnly(16384, 16384);
    testing::writeText(m_folder / "huge.png", std::string(png.begin(), png.end()));
    const std::string text = "{\"format\": \"collision-lab/scene\", \"version\": 1, \"sprites\": [" + spriteJson(0, "huge.png") +
                             ", " + spriteJson(1, "one.png") + "]}";
    std::string message = onlyProblem(text, "sprites[0].image");
    EXPECT_TRUE(contains(message, "huge.png")) << message;
    EXPECT_TRUE(contains(message, "too big")) << message;
}

// --- Rotations ----------------------------------------------------------------------------------

constexpr double kDegree = std::numbers::pi / 180.0;

TEST(HugeRotations, ReduceToTheExactAngleModulo360) {
    // 1e12 = 360 * 2777777777 + 280, so 1e12 degrees is 280 degrees: (cos 80, -sin 80).
    const glm::dvec2 r280 = cosSinDegrees(1.0e12);
    EXPECT_NEAR(r280.x, std::cos(80.0 * kDegree), 1e-12);
    EXPECT_NEAR(r280.y, -std::sin(80.0 * kDegree), 1e-12);
    // -1e12 is -280, i.e. 80 degrees.
    const glm::dvec2 r80 = cosSinDegrees(-1.0e12);
    EXPECT_NEAR(r80.x, std::cos(80.0 * kDegree), 1e-12);
    EXPECT_NEAR(r80.y, std::sin(80.0 * kDegree), 1e-12);
    // 2^60: 2^60 = 0 (mod 8) and 2^12 = 4096 = 1 (mod 45) so 2^60 = 1 (mod 45); 136 is both, so 136 degrees.
    const glm::dvec2 r136 = cosSinDegrees(std::ldexp(1.0, 60));
    EXPECT_NEAR(r136.x, -std::cos(44.0 * kDegree), 1e-12);
    EXPECT_NEAR(r136.y, std::sin(44.0 * kDegree), 1e-12);
}

TEST(HugeRotations, WholeQuadrantsFarFromZeroAreExact) {
    // 3.6e12 = 360 * 1e10; 1e12 + 80 = 360 * 2777777778; 1e12 - 190 = 360 * 2777777777 + 90;
    // 1e15 = 1000 * 1e12 = 1000 * 280 = 280 (mod 360), so 1e15 + 80 = 0 (mod 360) and 1e15 - 10 = 270.
    EXPECT_EQ(cosSinDegrees(3.6e12), glm::dvec2(1.0, 0.0));
    EXPECT_EQ(cosSinDegrees(1.0e12 + 80.0), glm::dvec2(1.0, 0.0));
    EXPECT_EQ(cosSinDegrees(1.0e12 - 190.0), glm::dvec2(0.0, 1.0));
    EXPECT_EQ(cosSinDegrees(-(1.0e12 - 190.0)), glm::dvec2(0.0, -1.0));
    EXPECT_EQ(cosSinDegrees(1.0e15 + 80.0), glm::dvec2(1.0, 0.0));
    EXPECT_EQ(cosSinDegrees(1.0e15 - 10.0), glm::dvec2(0.0, -1.0));
    EXPECT_EQ(cosSinDegrees(1.0e15 + 260.0), glm::dvec2(-1.0, 0.0));
}

TEST(HugeRotations, TheLargestFiniteAngleGivesAUnitVector) {
    for (double degrees : {1.0e300, -1.0e300, 1.7976931348623157e308}) {
        const glm::dvec2 cs = cosSinDegrees(degrees);
        EXPECT_NEAR(cs.x * cs.x + cs.y * cs.y, 1.0, 1e-12) << degrees;
    }
}

TEST(HugeRotations, EveryAlgorithmAnswersAQuarterTurnPlusATrillionAsAQuarterTurn) {
    const AlphaMask l = testing::maskFromArt({"#...", "#...", "#...", "####"});
    const AlphaMask bar = testing::maskFromArt({"######"});
    // 1e12 - 190 degrees is exactly 90 degrees, so every answer, bit for bit, is the 90-degree one.
    const Body quarter{&l, makeTransform({3.0, 2.0}, {2.0, 2.0}, 90.0)};
    const Body huge{&l, makeTransform({3.0, 2.0}, {2.0, 2.0}, 1.0e12 - 190.0)};
    const Body other{&bar, makeTransform({0.0, 1.0})};
    for (const Algorithm& algorithm : coreAlgorithms().all()) {
        for (const TestOptions& options : {testing::fullScan(Sampling::Center), testing::fullScan(Sampling::Xna)}) {
            CollisionResult expected = runAlgorithm(algorithm, quarter, other, options);
            CollisionResult actual = runAlgorithm(algorithm, huge, other, options);
            EXPECT_EQ(actual.applicable, expected.applicable) << algorithm.name;
            EXPECT_EQ(actual.hit, expected.hit) << algorithm.name;
            EXPECT_EQ(actual.overlap, expected.overlap) << algorithm.name;
            EXPECT_EQ(actual.hits, expected.hits) << algorithm.name;
        }
    }
}

// --- Tiny and empty masks -------------------------------------------------------------------------

TEST(TinyMasks, TwoOneByOneSolidPixelsOnTopOfEachOtherHitInEveryAlgorithm) {
    const AlphaMask dot = testing::solidMask(1, 1);
    const Body a = testing::bodyAt(dot, {5.0, 7.0});
    const Body b = testing::bodyAt(dot, {5.0, 7.0});
    for (const Algorithm& algorithm : coreAlgorithms().all()) {
        CollisionResult r = runAlgorithm(algorithm, a, b, testing::fullScan(Sampling::Center));
        ASSERT_TRUE(r.applicable) << algorithm.name << ": " << r.reason;
        EXPECT_TRUE(r.hit) << algorithm.name;
        // One sample (the pixel's centre) for the sampled tests; one unit square of area for pixel-exact.
        if (algorithm.kind == AlgorithmKind::Pixel) {
            EXPECT_DOUBLE_EQ(r.overlap, 1.0) << algorithm.name;
        }
    }
}

TEST(TinyMasks, AnImageWithNoSolidPixelHitsNothingInAnyPixelTest) {
    const AlphaMask clear = testing::emptyMask(4, 4);
    const AlphaMask full = testing::solidMask(4, 4);
    for (const Algorithm& algorithm : coreAlgorithms().all()) {
        for (auto [a, b] : {std::pair{&clear, &full}, std::pair{&full, &clear}, std::pair{&clear, &clear}}) {
            CollisionResult r = runAlgorithm(algorithm, testing::bodyAt(*a, {0.0, 0.0}), testing::bodyAt(*b, {1.0, 1.0}),
                                             testing::fullScan(Sampling::Center));
            if (!r.applicable) continue;
            if (algorithm.kind == AlgorithmKind::Pixel || algorithm.name == "tight-aabb") {
                EXPECT_FALSE(r.hit) << algorithm.name;
                EXPECT_EQ(r.overlap, 0.0) << algorithm.name;
            }
        }
    }
}

TEST(TinyMasks, AZeroByZeroMaskHitsNothingAndDoesNotCrash) {
    const AlphaMask none;
    const AlphaMask full = testing::solidMask(3, 3);
    for (const Algorithm& algorithm : coreAlgorithms().all()) {
        TestOptions both = testing::fullScan(Sampling::Xna);
        both.scan = ScanDirection::Both;
        CollisionResult r = runAlgorithm(algorithm, testing::bodyAt(none, {0.0, 0.0}), testing::bodyAt(full, {0.0, 0.0}), both);
        if (r.applicable && algorithm.kind == AlgorithmKind::Pixel) {
            EXPECT_FALSE(r.hit) << algorithm.name;
        }
    }
}

// --- Scales at the limits on 1024 x 1024 masks ----------------------------------------------------

constexpr int kSide = 1024;

const AlphaMask& bigSolid() {
    static const AlphaMask mask = testing::solidMask(kSide, kSide);
    return mask;
}

/// A fully solid 1024 x 1024 mask centred on `centre`, turned and scaled uniformly about its centre.
Body bigBody(glm::dvec2 centre, double scale, double rotationDeg = 0.0) {
    return testing::bodyAboutCentre(bigSolid(), centre, rotationDeg, {scale, scale});
}

/// Runs every algorithm on the pair in full mode and hit-only both-ways mode; checks what holds for any
/// answer (finite, non-negative, pixel-step and pixel-fast equal to pixel-naive) and returns the full
/// results by name.
std::map<std::string, CollisionResult> runEveryAlgorithm(const Body& a, const Body& b) {
    std::map<std::string, CollisionResult> full;
    TestOptions hitOnly = testing::hitOnlyScan(Sampling::Center);
    hitOnly.scan = ScanDirection::Both;
    for (const TestOptions& options : {testing::fullScan(Sampling::Center, false), hitOnly}) {
        std::map<std::string, CollisionResult> byName;
        for (const Algorithm& algorithm : coreAlgorithms().all()) {
            CollisionResult r = runAlgorithm(algorithm, a, b, options);
            if (r.applicable) {
                EXPECT_TRUE(std::isfinite(r.overlap) && r.overlap >= 0.0) << algorithm.name << " overlap " << r.overlap;
                EXPECT_GE(r.samples, 0) << algorithm.name;
            } else {
                EXPECT_FALSE(r.reason.empty()) << algorithm.name;
            }
            byName[std::string(algorithm.name)] = r;
        }
        for (const char* name : {"pixel-step", "pixel-fast"}) {
            EXPECT_EQ(byName[name].hit, byName["pixel-naive"].hit) << name;
            EXPECT_EQ(byName[name].overlap, byName["pixel-naive"].overlap) << name;
            EXPECT_EQ(byName[name].firstHit, byName["pixel-naive"].firstHit) << name;
        }
        if (!options.stopAtFirstHit) full = byName;
    }
    return full;
}

TEST(ScaleLimits, ATinySpriteInsideAHugeOneIsFoundByEverySampleAndEveryAlgorithm) {
    // A at 0.001 spans [-0.512, 0.512]^2; B at 1000 spans [-512000, 512000]^2, all solid. Each of A's
    // 1024 * 1024 samples lands in B's middle pixels, and the shared area is all of A: 1.024^2.
    auto results = runEveryAlgorithm(bigBody({0.0, 0.0}, kMinScale), bigBody({0.0, 0.0}, kMaxScale));
    for (const auto& [name, r] : results) {
        if (name == "pixel-rect") {
            EXPECT_FALSE(r.applicable) << "pixel-rect needs scale 1";
            continue;
        }
        ASSERT_TRUE(r.applicable) << name << ": " << r.reason;
        EXPECT_TRUE(r.hit) << name;
    }
    for (const char* name : {"pixel-naive", "pixel-step", "pixel-fast"}) EXPECT_EQ(results[name].overlap, 1048576.0) << name;
    EXPECT_NEAR(results["pixel-exact"].overlap, 1.048576, 1e-9);
}

TEST(ScaleLimits, AHugeSpriteOverATinyOneMissesWithSamplesAThousandApart) {
    // A at 1000 has its pixel centres at world (k + 0.5) * 1000 for whole k, none within 0.512 of the
    // origin where B lies: pixel-naive counts nothing. pixel-world's centres (+-0.5, +-0.5) lie inside
    // both, and the shared area is all of B: 1.024^2.
    auto results = runEveryAlgorithm(bigBody({0.0, 0.0}, kMaxScale), bigBody({0.0, 0.0}, kMinScale));
    EXPECT_FALSE(results["pixel-naive"].hit);
    EXPECT_EQ(results["pixel-naive"].overlap, 0.0);
    ASSERT_TRUE(results["pixel-world"].applicable) << results["pixel-world"].reason;
    EXPECT_EQ(results["pixel-world"].overlap, 4.0);
    EXPECT_NEAR(results["pixel-exact"].overlap, 1.048576, 1e-9);
    for (const char* name : {"circle", "aabb", "tight-aabb", "obb"}) EXPECT_TRUE(results[name].hit) << name;
}

TEST(ScaleLimits, TwoHugeSpritesOnTopOfEachOtherOverlapEverywhereWithoutOverflow) {
    // Identical transforms: every sample of A lands on its own pixel of B (1024^2 of them); the shared
    // area is the whole square, 1024000^2. pixel-world would visit 1024000^2 > 2^26 centres: not applicable.
    auto results = runEveryAlgorithm(bigBody({0.0, 0.0}, kMaxScale), bigBody({0.0, 0.0}, kMaxScale));
    EXPECT_EQ(results["pixel-naive"].overlap, 1048576.0);
    EXPECT_FALSE(results["pixel-world"].applicable);
    EXPECT_NEAR(results["pixel-exact"].overlap, 1.048576e12, 1.0);
}

TEST(ScaleLimits, TwoTinySpritesOnTopOfEachOtherOverlapEverywhere) {
    // As above at 0.001: 1024^2 samples, area 1.024^2; the world centres (+-0.5, +-0.5) are inside both.
    auto results = runEveryAlgorithm(bigBody({0.0, 0.0}, kMinScale), bigBody({0.0, 0.0}, kMinScale));
    EXPECT_EQ(results["pixel-naive"].overlap, 1048576.0);
    EXPECT_EQ(results["pixel-world"].overlap, 4.0);
    EXPECT_NEAR(results["pixel-exact"].overlap, 1.048576, 1e-9);
}

TEST(ScaleLimits, TurnedSpritesAtTheScaleLimitsFinishInEveryAlgorithm) {
    // Only what holds for any answer is checked here (see runEveryAlgorithm), plus: A turned 30 degrees
    // at 0.001 still sits wholly inside B's middle pixels, so every sample hits.
    auto tinyInHuge = runEveryAlgorithm(bigBody({0.0, 0.0}, kMinScale, 30.0), bigBody({0.0, 0.0}, kMaxScale, -45.0));
    EXPECT_EQ(tinyInHuge["pixel-naive"].overlap, 1048576.0);
    runEveryAlgorithm(bigBody({0.0, 0.0}, kMaxScale, 30.0), bigBody({3.0, -2.0}, kMinScale, 1.0e12));
    runEveryAlgorithm(bigBody({0.0, 0.0}, kMaxScale, 30.0), bigBody({0.0, 0.0}, 1.0, 45.0));
}

TEST(ScaleLimits, HugeSpritesAtOppositeCoordinateLimitsMissInEveryAlgorithm) {
    // Centres 2e7 * sqrt(2) apart; each sprite reaches at most 512000 * sqrt(2) from its centre.
    auto results = runEveryAlgorithm(bigBody({kMaxCoordinate, -kMaxCoordinate}, kMaxScale, 45.0),
                                     bigBody({-kMaxCoordinate, kMaxCoordinate}, kMaxScale, 1.0e12));
    for (const auto& [name, r] : results) EXPECT_FALSE(r.hit) << name;
}

TEST(ScaleLimits, FlippedSpritesAtTheScaleLimitsAgreeWithUnflippedOnesWhereTheMaskIsSymmetric) {
    // A fully solid square is its own mirror image, so flipping both axes (scale -s) changes nothing
    // in the counts.
    auto flipped = runEveryAlgorithm(testing::bodyAboutCentre(bigSolid(), {0.0, 0.0}, 0.0, {-kMinScale, -kMinScale}),
                                     bigBody({0.0, 0.0}, kMaxScale));
    EXPECT_EQ(flipped["pixel-naive"].overlap, 1048576.0);
    EXPECT_NEAR(flipped["pixel-exact"].overlap, 1.048576, 1e-9);
}

}  // namespace
}  // namespace cl
