#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/io/image_io.h"
#include "tests/core/scene_test_files.h"

namespace cl {
namespace {

using testing::TempFolder;

std::vector<std::uint8_t> bytesOf(std::string_view text) { return {text.begin(), text.end()}; }

TEST(Base64, EncodesTheRfc4648TestVectors) {
    EXPECT_EQ(base64Encode(bytesOf("")), "");
    EXPECT_EQ(base64Encode(bytesOf("f")), "Zg==");
    EXPECT_EQ(base64Encode(bytesOf("fo")), "Zm8=");
    EXPECT_EQ(base64Encode(bytesOf("foo")), "Zm9v");
    EXPECT_EQ(base64Encode(bytesOf("foob")), "Zm9vYg==");
    EXPECT_EQ(base64Encode(bytesOf("fooba")), "Zm9vYmE=");
    EXPECT_EQ(base64Encode(bytesOf("foobar")), "Zm9vYmFy");
}

TEST(Base64, DecodesTheRfc4648TestVectors) {
    EXPECT_EQ(base64Decode(""), bytesOf(""));
    EXPECT_EQ(base64Decode("Zg=="), bytesOf("f"));
    EXPECT_EQ(base64Decode("Zm8="), bytesOf("fo"));
    EXPECT_EQ(base64Decode("Zm9v"), bytesOf("foo"));
    EXPECT_EQ(base64Decode("Zm9vYg=="), bytesOf("foob"));
    EXPECT_EQ(base64Decode("Zm9vYmE="), bytesOf("fooba"));
    EXPECT_EQ(base64Decode("Zm9vYmFy"), bytesOf("foobar"));
}

TEST(Base64, DecodingIgnoresLineBreaksAndAcceptsMissingPadding) {
    EXPECT_EQ(base64Decode("Zm9v\nYmE=\r\n"), bytesOf("fooba"));
    EXPECT_EQ(base64Decode("Zm9vYg"), bytesOf("foob"));
}

TEST(Base64, DecodingRefusesForeignCharactersAndBadPadding) {
    EXPECT_FALSE(base64Decode("Zm9v!"));
    EXPECT_FALSE(base64Decode("Z"));         // one sextet cannot hold a byte
    EXPECT_FALSE(base64Decode("Zg=a"));      // data after padding
    EXPECT_FALSE(base64Decode("Zg="));       // padding that does not complete the group
    EXPECT_FALSE(base64Decode("Zm9v===="));  // padding with no group to complete
}

TEST(Base64, AllByteValuesSurviveARoundTrip) {
    std::vector<std::uint8_t> bytes;
    for (int i = 0; i < 256; ++i) bytes.push_back(static_cast<std::uint8_t>(255 - i));
    EXPECT_EQ(base64Decode(base64Encode(bytes)), bytes);
}

TEST(Png, EncodedImageStartsWithThePngSignatureAndDecodesToTheSamePixels) {
    RgbaImage image = testing::imageWithAlphas(3, 2, {0, 1, 128, 254, 255, 7});
    PngEncodeResult png = encodePng(image);
    ASSERT_TRUE(png.ok()) << png.error;
    ASSERT_GE(png.bytes.size(), 8u);
    EXPECT_EQ(png.bytes[1], 'P');
    EXPECT_EQ(png.bytes[2], 'N');
    EXPECT_EQ(png.bytes[3], 'G');
    ImageLoadResult decoded = decodeImage(png.bytes, "test");
    ASSERT_TRUE(decoded.ok()) << decoded.error;
    EXPECT_TRUE(testing::samePixels(*decoded.image, image));
}

TEST(Png, EncodingAnEmptyOrInconsistentImageFailsWithAMessage) {
    EXPECT_FALSE(encodePng(RgbaImage{}).ok());
    RgbaImage wrongSize{2, 2, std::vector<std::uint8_t>(3, 0)};
    PngEncodeResult r = encodePng(wrongSize);
    EXPECT_FALSE(r.ok());
    EXPECT_NE(r.error.find("pixel buffer"), std::string::npos);
}

TEST(ImageFile, SavedPngLoadsBackUnchanged) {
    TempFolder folder;
    RgbaImage image = testing::imageWithAlphas(2, 2, {255, 0, 10, 200});
    ASSERT_EQ(savePngFile(image, folder / "a.png"), "");
    ImageLoadResult loaded = loadImageFile(folder / "a.png");
    ASSERT_TRUE(loaded.ok()) << loaded.error;
    EXPECT_TRUE(testing::samePixels(*loaded.image, image));
}

TEST(ImageFile, MissingFileIsReportedWithItsName) {
    TempFolder folder;
    ImageLoadResult r = loadImageFile(folder / "nothere.png");
    EXPECT_FALSE(r.ok());
    EXPECT_NE(r.error.find("nothere.png"), std::string::npos) << r.error;
    EXPECT_NE(r.error.find("file not found"), std::string::npos) << r.error;
}

TEST(ImageFile, FolderIsNotAnImage) {
    TempFolder folder;
    ImageLoadResult r = loadImageFile(folder.path());
    EXPECT_FALSE(r.ok());
    EXPECT_NE(r.error.find("folder"), std::string::npos) << r.error;
}

TEST(ImageFile, EmptyFileIsReported) {
    TempFolder folder;
    testing::writeText(folder / "empty.png", "");
    ImageLoadResult r = loadImageFile(folder / "empty.png");
    EXPECT_FALSE(r.ok());
    EXPECT_NE(r.error.find("empty.png: empty file"), std::string::npos) << r.error;
}

TEST(ImageFile, TruncatedPngIsReportedAsCorruptOrTruncated) {
    TempFolder folder;
    PngEncodeResult png = encodePng(testing::solidImage(16, 16));
    ASSERT_TRUE(png.ok());
    std::string half(png.bytes.begin(), png.bytes.begin() + static_cast<std::ptrdiff_t>(png.bytes.size() / 2));
    testing::writeText(folder / "cut.png", half);
    ImageLoadResult r = loadImageFile(folder / "cut.png");
    EXPECT_FALSE(r.ok());
    EXPECT_NE(r.error.find("cut.png: corrupt or truncated PNG"), std::string::npos) << r.error;
}

TEST(ImageFile, TextFileIsReportedAsUnsupported) {
    TempFolder folder;
    testing::writeText(folder / "notes.png", "hello, this is not an image at all\n");
    ImageLoadResult r = loadImageFile(folder / "notes.png");
    EXPECT_FALSE(r.ok());
    EXPECT_NE(r.error.find("notes.png: unsupported or corrupt image"), std::string::npos) << r.error;
}

TEST(ImageFile, ImageWiderThanTheLimitIsRefusedBeforeDecoding) {
    PngEncodeResult png = encodePng(testing::solidImage(1, 1));
    ASSERT_TRUE(png.ok());
    // The IHDR width is the big-endian word at bytes 16..19; stb_image does not check chunk CRCs.
    const std::uint32_t width = kMaxImageSide + 1;
    png.bytes[16] = static_cast<std::uint8_t>(width >> 24);
    png.bytes[17] = static_cast<std::uint8_t>(width >> 16);
    png.bytes[18] = static_cast<std::uint8_t>(width >> 8);
    png.bytes[19] = static_cast<std::uint8_t>(width);
    ImageLoadResult r = decodeImage(png.bytes, "wide.png");
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(r.error, "wide.png: too big: 8193x1 pixels; the limit is 8192x8192");
}

TEST(ImageFile, SavingIntoAPathWhoseParentIsAFileFailsAndChangesNothing) {
    TempFolder folder;
    testing::writeText(folder / "plain", "keep me");
    std::string error = savePngFile(testing::solidImage(1, 1), folder / "plain" / "a.png");
    EXPECT_NE(error, "");
    EXPECT_NE(error.find("a.png"), std::string::npos) << error;
    EXPECT_EQ(testing::readText(folder / "plain"), "keep me");
}

TEST(DataUri, PngDataUriDecodesToTheSamePixels) {
    RgbaImage image = testing::imageWithAlphas(2, 1, {255, 3});
    std::string uri = pngDataUri(image);
    EXPECT_EQ(uri.rfind("data:image/png;base64,", 0), 0u);
    EXPECT_TRUE(isDataUri(uri));
    ImageLoadResult r = decodeDataUri(uri, "embedded image");
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_TRUE(testing::samePixels(*r.image, image));
}

TEST(DataUri, MalformedUrisAreReportedByKind) {
    EXPECT_FALSE(isDataUri("../sprites/F.png"));
    auto noComma = decodeDataUri("data:image/png;base64", "embedded image");
    EXPECT_NE(noComma.error.find("no ','"), std::string::npos) << noComma.error;
    auto notBase64 = decodeDataUri("data:image/png,rawbytes", "embedded image");
    EXPECT_NE(notBase64.error.find("only base64"), std::string::npos) << notBase64.error;
    auto notImage = decodeDataUri("data:text/plain;base64,Zm9v", "embedded image");
    EXPECT_NE(notImage.error.find("not an image"), std::string::npos) << notImage.error;
    auto badData = decodeDataUri("data:image/png;base64,***", "embedded image");
    EXPECT_EQ(badData.error, "embedded image: corrupt data: URI: the data is not valid base64");
    auto notPng = decodeDataUri("data:image/png;base64," + base64Encode(bytesOf("plain text, no image")), "embedded image");
    EXPECT_FALSE(notPng.ok());
    EXPECT_EQ(notPng.error.rfind("embedded image: ", 0), 0u) << notPng.error;
}

}  // namespace
}  // namespace cl
