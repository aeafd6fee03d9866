// libFuzzer target: atlas description text -> cl::parseAtlas; an atlas that parses is checked against an image
// of its meta.size, and every frame that fits is cut out (trimmed, rotated, flipped) and must come out at its
// source size. Also built without libFuzzer as a replay test (tests/fuzz/replay_main.cpp).

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/scene/atlas.h"
#include "core/scene/frame_image.h"

namespace {

/// Stops the run with a message: libFuzzer keeps the input that got here as a crash.
[[noreturn]] void fail(const std::string& what) {
    std::fprintf(stderr, "fuzz_atlas_parse: %s\n", what.c_str());
    std::abort();
}

/// Largest image or frame the target allocates, in pixels, so that the fuzzer explores parsing, not memory.
constexpr long long kMaxFuzzPixels = 1 << 20;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    cl::AtlasLoadResult parsed = cl::parseAtlas(text, "fuzz.json");
    if (parsed.ok() != parsed.problems.empty()) fail("a parse result is neither an atlas nor a list of problems");
    if (!parsed.ok()) {
        if (parsed.message().empty()) fail("a failed parse has no message");
        return 0;
    }
    const cl::Atlas& atlas = *parsed.atlas;
    if (atlas.frames.empty()) fail("an atlas without frames parsed");
    for (const auto& tag : atlas.tags) {
        for (int index : cl::tagFrames(atlas, tag)) {
            if (index < 0 || index >= static_cast<int>(atlas.frames.size())) fail("a tag lists a frame outside the atlas");
        }
    }
    if (!atlas.frames.empty()) (void)atlas.closestNames(atlas.frames.front().name + "x");
    const int width = atlas.width > 0 ? atlas.width : 64, height = atlas.height > 0 ? atlas.height : 64;
    if (static_cast<long long>(width) * height > kMaxFuzzPixels) return 0;
    cl::RgbaImage sheet{width, height, std::vector<std::uint8_t>(static_cast<std::size_t>(width) * height * 4, 200)};
    const bool agrees = cl::checkAtlasAgainstImage(atlas, width, height).empty();
    for (const auto& frame : atlas.frames) {
        const cl::PixelRect r = frame.atlasRect();
        const bool inside = !cl::rectOutsideImage(r, width, height);
        if (agrees && !inside) fail("an atlas that agrees with its image has a frame outside it");
        if (!inside || static_cast<long long>(frame.sourceWidth) * frame.sourceHeight > kMaxFuzzPixels) continue;
        cl::RgbaImage image = cl::extractAtlasFrame(sheet, frame, {true, frame.rotated});
        if (image.width != frame.sourceWidth || image.height != frame.sourceHeight) fail("a frame came out at the wrong size");
        if (image.pixels.size() != static_cast<std::size_t>(image.width) * image.height * 4) fail("a frame has the wrong pixel count");
    }
    return 0;
}
