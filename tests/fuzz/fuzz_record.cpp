// libFuzzer target: the one-header recorder (core/record/collision_lab_record.h) driven by random API call
// sequences — sprites with any names, sizes, strides, frames and numbers, expectations with any names, tests
// and counts, any sampling, title and notes. Every call either succeeds or returns a message; a recorder that
// writes a file writes one the scene loader loads, holding exactly the accepted sprites and expectations.
// Also built without libFuzzer as a replay test (tests/fuzz/replay_main.cpp).

#include <unistd.h>

#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "core/record/collision_lab_record.h"
#include "core/scene/scene.h"

namespace {

[[noreturn]] void fail(const std::string& what) {
    std::fprintf(stderr, "fuzz_record: %s\n", what.c_str());
    std::abort();
}

/// Most bytes of pixels the target hands the recorder for one sprite, so that it explores the API, not memory.
constexpr std::size_t kMaxFuzzPixelBytes = 1 << 16;

/// Reads the input as a stream of choices; past its end every choice is 0.
class Input {
public:
    Input(const std::uint8_t* data, std::size_t size) : m_data(data), m_size(size) {}
    bool done() const { return m_at >= m_size; }
    std::uint8_t byte() { return m_at < m_size ? m_data[m_at++] : 0; }
    std::uint32_t u32() {
        std::uint32_t v = 0;
        for (int i = 0; i < 4; ++i) v = (v << 8) | byte();
        return v;
    }
    int smallInt() {  // mostly small, sometimes an edge
        const std::uint8_t kind = byte();
        if (kind < 200) return kind % 12 - 1;
        static constexpr int kEdges[] = {INT_MIN, INT_MAX, INT_MAX / 2, INT_MAX / 4 + 1, 8191, 8192, 8193, 255, 256, -256};
        return kEdges[kind % (sizeof kEdges / sizeof kEdges[0])];
    }
    double number() {  // a plain value, or any bit pattern (NaN, infinities, subnormals, huge)
        const std::uint8_t kind = byte();
        if (kind < 160) return (kind % 40) - 20.0 + (kind % 3) * 0.25;
        std::uint64_t bits = 0;
        for (int i = 0; i < 8; ++i) bits = (bits << 8) | byte();
        double v;
        std::memcpy(&v, &bits, sizeof v);
        return v;
    }
    std::string text() {  // 0..7 arbitrary bytes, often a short ASCII name
        const std::uint8_t length = byte() % 8;
        std::string out;
        for (int i = 0; i < length; ++i) out.push_back(static_cast<char>(byte()));
        return out;
    }

private:
    const std::uint8_t* m_data;
    std::size_t m_size;
    std::size_t m_at = 0;
};

std::string pickName(Input& in, const std::vector<std::string>& names) {
    if (!names.empty() && in.byte() < 220) return names[in.byte() % names.size()];
    return in.text();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    Input in(data, size);
    cl::record::SceneRecorder recorder(in.text(), in.text());
    std::vector<std::string> names;
    std::vector<std::vector<std::uint8_t>> buffers;
    std::size_t acceptedExpectations = 0;
    for (int call = 0; call < 64 && !in.done(); ++call) {
        std::string error;
        switch (in.byte() % 4) {
            case 0: {
                cl::record::Sprite s;
                s.name = in.byte() < 128 ? "s" + std::to_string(call) : in.text();
                s.width = in.smallInt();
                s.height = in.smallInt();
                s.strideBytes = in.byte() < 200 ? 0 : in.smallInt();
                if (in.byte() >= 160) s.frame = {in.smallInt(), in.smallInt(), in.smallInt(), in.smallInt()};
                s.position = {in.number(), in.number()};
                if (in.byte() >= 128) s.origin = std::array<double, 2>{in.number(), in.number()};
                s.rotationDeg = in.number();
                s.scale = {in.byte() < 128 ? 1.0 : in.number(), in.byte() < 128 ? 1.0 : in.number()};
                s.alphaThreshold = in.byte() < 200 ? 0 : in.smallInt();
                // The buffer the sprite claims, when that is small. A sprite whose sizes or stride are wrong
                // in themselves gets one pixel, and the recorder must refuse it before reading (ASan reports
                // any read past it); a large but possible one is skipped.
                const long long stride = s.strideBytes ? s.strideBytes : 4LL * s.width;
                // A stride past the fuzz limit is too large whatever the height (and stride * height could
                // overflow): it counts as one byte over the limit.
                const long long limit = static_cast<long long>(kMaxFuzzPixelBytes);
                const long long claimed = s.width <= 0 || s.height <= 0 || stride <= 0 ? 0
                                          : stride > limit                                ? limit + 1
                                                                                          : stride * s.height;
                const bool fits = claimed > 0 && claimed <= limit;
                const bool wrong = s.width <= 0 || s.height <= 0 || stride < 4LL * s.width;
                if (!fits && !wrong) continue;
                buffers.emplace_back(fits ? static_cast<std::size_t>(claimed) : 4, in.byte());
                s.pixels = in.byte() < 250 ? buffers.back().data() : nullptr;
                error = recorder.add(s);
                if (error.empty()) {
                    if (!fits) fail("a sprite claiming " + std::to_string(claimed) + " bytes of pixels was accepted");
                    names.push_back(s.name);
                }
                break;
            }
            case 1: {
                cl::record::Expectation e;
                e.a = pickName(in, names);
                e.b = pickName(in, names);
                const std::uint8_t which = in.byte();
                e.algorithm = which < 200 ? cl::record::limits::kAlgorithmNames[which % 11] : in.text();
                if (in.byte() & 1) e.hit = in.byte() & 1;
                if (in.byte() & 1) e.overlap = static_cast<std::int32_t>(in.u32());
                if (in.byte() & 1) e.samples = static_cast<std::int32_t>(in.u32());
                if (in.byte() & 1) e.overlapArea = in.number();
                if (in.byte() & 1) e.firstHit = cl::record::FirstHit{{in.smallInt(), in.smallInt()}, {in.smallInt(), in.smallInt()}, {in.number(), in.number()}};
                e.noFirstHit = in.byte() & 1;
                error = recorder.expect(e);
                if (error.empty()) ++acceptedExpectations;
                break;
            }
            case 2: {
                static const char* kSamplings[] = {"center", "xna", "CENTER", "", "xna "};
                const std::uint8_t which = in.byte();
                error = recorder.setSampling(which < 250 ? kSamplings[which % 5] : in.text());
                break;
            }
            default: continue;  // no call: the next bytes start another
        }
        (void)error;  // a refusal always comes with a message: the API returns it as the only sign
    }

    static const std::filesystem::path file =
        std::filesystem::temp_directory_path() / ("fuzz_record-" + std::to_string(::getpid()) + ".json");
    const std::string written = recorder.write(file);
    if (!written.empty()) {
        if (names.size() >= 2 && written.find("UTF-8") == std::string::npos) fail("write refused a valid recording: " + written);
        return 0;
    }
    const cl::SceneLoadResult loaded = cl::loadScene(file);
    std::error_code ignored;
    std::filesystem::remove(file, ignored);
    if (!loaded.ok()) fail("a recorded file does not load: " + loaded.message());
    if (loaded.scene->sprites.size() != names.size()) fail("the file holds another number of sprites than were added");
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (loaded.scene->sprites[i].name != names[i]) fail("sprite " + std::to_string(i) + " came back under another name");
    }
    if (loaded.scene->expect.count() != acceptedExpectations) fail("the file holds another number of expectations than were accepted");
    return 0;
}
