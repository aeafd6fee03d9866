// The PNG path proves its pixel data is whole (core/io/png_data_check.h): PNGs built here by hand, byte by
// byte, with a zlib stream of exactly, one less than and one more than the rows the image needs.

#include "core/io/image_io.h"
#include "core/io/png_data_check.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace cl {
namespace {

using Bytes = std::vector<std::uint8_t>;

void put32(Bytes& out, std::uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8) out.push_back(std::uint8_t(v >> shift));
}

void chunk(Bytes& png, const char* type, const Bytes& data) {
    put32(png, std::uint32_t(data.size()));
    Bytes typed(type, type + 4);
    typed.insert(typed.end(), data.begin(), data.end());
    png.insert(png.end(), typed.begin(), typed.end());
    put32(png, std::uint32_t(crc32(0, typed.data(), uInt(typed.size()))));
}

Bytes deflated(const Bytes& raw) {
    uLongf size = compressBound(uLong(raw.size()));
    Bytes out(size);
    EXPECT_EQ(compress(out.data(), &size, raw.data(), uLong(raw.size())), Z_OK);
    out.resize(size);
    return out;
}

/// A PNG of w×h pixels, 8 bits per sample, with `filtered` as its (uncompressed) image data.
Bytes makePng(std::uint32_t w, std::uint32_t h, std::uint8_t colourType, bool interlaced, const Bytes& idat) {
    Bytes png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    Bytes header;
    put32(header, w);
    put32(header, h);
    header.insert(header.end(), {8, colourType, 0, 0, std::uint8_t(interlaced ? 1 : 0)});
    chunk(png, "IHDR", header);
    chunk(png, "IDAT", idat);
    chunk(png, "IEND", {});
    return png;
}

// 3×2 RGBA, not interlaced: each row is a filter byte (0: none) and 3·4 samples, so 2·13 = 26 bytes.
Bytes rgbaRows(std::size_t bytes) {
    Bytes raw(bytes, 0);
    for (std::size_t i = 0; i < bytes; ++i) raw[i] = (i % 13 == 0) ? 0 : std::uint8_t(10 + i);
    return raw;
}

TEST(PngDataCheck, AWholeHandBuiltImageDecodesToItsSamples) {
    const Bytes png = makePng(3, 2, 6, false, deflated(rgbaRows(26)));
    EXPECT_EQ(pngDataProblem(png), std::nullopt);
    const ImageLoadResult r = decodeImage(png, "hand.png");
    ASSERT_TRUE(r.ok()) << r.error;
    // Pixel (1, 1) is row 1's samples 4..7: raw bytes 13 + 1 + 4 .. = 18..21, valued 10 + index.
    const std::size_t at = (1 * 3 + 1) * 4;
    EXPECT_EQ(r.image->pixels[at], 28);
    EXPECT_EQ(r.image->pixels[at + 3], 31);
}

TEST(PngDataCheck, PixelDataOneByteShortOrLongIsRefusedWithBothSizes) {
    const auto shortProblem = pngDataProblem(makePng(3, 2, 6, false, deflated(rgbaRows(25))));
    ASSERT_TRUE(shortProblem.has_value());
    EXPECT_NE(shortProblem->find("25 bytes"), std::string::npos) << *shortProblem;
    EXPECT_NE(shortProblem->find("26"), std::string::npos) << *shortProblem;
    const auto longProblem = pngDataProblem(makePng(3, 2, 6, false, deflated(rgbaRows(27))));
    ASSERT_TRUE(longProblem.has_value());
    EXPECT_NE(longProblem->find("longer than the image"), std::string::npos) << *longProblem;

    const ImageLoadResult r = decodeImage(makePng(3, 2, 6, false, deflated(rgbaRows(25))), "short.png");
    EXPECT_FALSE(r.ok());
    EXPECT_NE(r.error.find("short.png"), std::string::npos) << r.error;
}

TEST(PngDataCheck, InterlacedSizeIsTheSumOfTheAdam7Passes) {
    // 3×2 grey, Adam7: pass 1 holds (0,0), pass 4 (2,0), pass 6 (1,0), pass 7 row 1's three pixels;
    // passes 2, 3 and 5 are empty. Bytes: 2 + 2 + 2 + 4 = 10 (each pass row: a filter byte + its pixels).
    const Bytes raw = {0, 11, 0, 33, 0, 22, 0, 44, 55, 66};
    const Bytes png = makePng(3, 2, 0, true, deflated(raw));
    EXPECT_EQ(pngDataProblem(png), std::nullopt);
    const ImageLoadResult r = decodeImage(png, "adam7.png");
    ASSERT_TRUE(r.ok()) << r.error;
    const std::uint8_t expected[6] = {11, 22, 33, 44, 55, 66};  // row-major grey values
    for (int i = 0; i < 6; ++i) EXPECT_EQ(r.image->pixels[std::size_t(i) * 4], expected[i]) << "pixel " << i;
    EXPECT_TRUE(pngDataProblem(makePng(3, 2, 0, true, deflated(Bytes(raw.begin(), raw.end() - 1)))).has_value());
}

TEST(PngDataCheck, CorruptOrCutStreamsAreRefused) {
    Bytes stream = deflated(rgbaRows(26));
    Bytes cut(stream.begin(), stream.begin() + std::ptrdiff_t(stream.size() / 2));
    const auto cutProblem = pngDataProblem(makePng(3, 2, 6, false, cut));
    ASSERT_TRUE(cutProblem.has_value());
    EXPECT_NE(cutProblem->find("ends early"), std::string::npos) << *cutProblem;

    Bytes badHeader = stream;
    badHeader[0] = 0x00;  // not a zlib header
    const auto badProblem = pngDataProblem(makePng(3, 2, 6, false, badHeader));
    ASSERT_TRUE(badProblem.has_value());
    EXPECT_NE(badProblem->find("corrupt"), std::string::npos) << *badProblem;

    Bytes png = makePng(3, 2, 6, false, stream);
    png.resize(png.size() - 20);  // into the IDAT chunk
    EXPECT_NE(pngDataProblem(png).value_or("").find("cut short"), std::string::npos);
}

TEST(PngDataCheck, BundledSpritesAndEncodedImagesPass) {
    int checked = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(std::filesystem::path(COLLISION_LAB_SOURCE_DIR) / "assets")) {
        if (entry.path().extension() != ".png") continue;
        std::ifstream in(entry.path(), std::ios::binary);
        const Bytes bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        EXPECT_EQ(pngDataProblem(bytes), std::nullopt) << entry.path();
        ++checked;
    }
    EXPECT_GT(checked, 5);
    RgbaImage image{17, 9, {}};
    for (std::size_t i = 0; i < 17 * 9 * 4; ++i) image.pixels.push_back(std::uint8_t(i * 37));
    const PngEncodeResult png = encodePng(image);
    ASSERT_TRUE(png.ok());
    EXPECT_EQ(pngDataProblem(png.bytes), std::nullopt);
}

TEST(PngDataCheck, TheFuzzersCorruptIdatPngIsRefused) {
    // fuzz_image_decode's finding: stb_image accepted it and left pixels unwritten; zlib says its
    // stream is corrupt.
    const auto file = std::filesystem::path(COLLISION_LAB_SOURCE_DIR) / "tests/fuzz/regressions/fuzz_image_decode/corrupt-idat-128x128-rgba.png";
    const ImageLoadResult r = loadImageFile(file);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error.find("corrupt"), std::string::npos) << r.error;
    EXPECT_NE(r.error.find("corrupt-idat-128x128-rgba.png"), std::string::npos) << r.error;
}

}  // namespace
}  // namespace cl
