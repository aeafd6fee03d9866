// libFuzzer target: every image format the loader accepts (PNG, JPEG, GIF, BMP, PSD, PIC, PNM, HDR, TGA),
// decoded from raw bytes and from an upper-case DATA: URI. A decoded image must have the size it says,
// and every pixel is read in a branch, so that valgrind's memcheck (ctest fuzz_memcheck:fuzz_image_decode)
// reports any pixel the decoder left uninitialised; it must then survive a PNG round trip unchanged.
// Also built without libFuzzer as a replay test (tests/fuzz/replay_main.cpp).

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>

#include "core/io/image_io.h"

namespace {

[[noreturn]] void fail(const std::string& what) {
    std::fprintf(stderr, "fuzz_image_decode: %s\n", what.c_str());
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::uint8_t> bytes(data, size);
    const cl::ImageLoadResult decoded = cl::decodeImage(bytes, "fuzz");
    const cl::ImageLoadResult viaUri = cl::decodeDataUri("DATA:Image/X;BASE64," + cl::base64Encode(bytes), "fuzz");
    if (decoded.ok() != viaUri.ok()) fail("a data URI decodes differently from its bytes");
    if (!decoded.ok()) {
        if (decoded.error.empty()) fail("a failure without a message");
        return 0;
    }
    const cl::RgbaImage& image = *decoded.image;
    if (image.width <= 0 || image.height <= 0 || image.width > cl::kMaxImageSide || image.height > cl::kMaxImageSide) {
        fail("a decoded image has an impossible size");
    }
    if (image.pixels.size() != std::size_t(image.width) * std::size_t(image.height) * 4) fail("the pixel buffer has the wrong size");
    std::size_t solid = 0;
    for (std::size_t i = 3; i < image.pixels.size(); i += 4) {
        if (image.pixels[i] > 0) ++solid;  // a branch on every alpha value: memcheck sees uninitialised ones
    }
    if (solid > image.pixels.size() / 4) fail("more solid pixels than pixels");
    if (viaUri.image->pixels != image.pixels) fail("a data URI gives other pixels than its bytes");
    const cl::PngEncodeResult png = cl::encodePng(image);
    if (!png.ok()) fail("a decoded image cannot be encoded: " + png.error);
    const cl::ImageLoadResult back = cl::decodeImage(png.bytes, "round trip");
    if (!back.ok() || back.image->pixels != image.pixels) fail("the PNG round trip changed the pixels");
    return 0;
}
