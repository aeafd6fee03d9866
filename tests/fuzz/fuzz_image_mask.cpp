// libFuzzer target: image bytes -> cl::decodeImage -> AlphaMask -> every algorithm of cl::coreAlgorithms().all()
// against a fixed small mask. The alpha threshold, A's transform and the test options come from the
// input's last bytes, so the bundled PNGs (whose last bytes are the IEND chunk) are valid seeds as they
// are. Also built without libFuzzer as a replay test (tests/fuzz/replay_main.cpp).

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>

#include "core/collision/algorithms.h"
#include "core/base/alpha_mask.h"
#include "core/io/image_io.h"
#include "core/base/sprite_transform.h"

namespace {

/// Largest decoded image (in pixels) that goes on to the collision tests; larger ones are only decoded
/// and masked, which keeps every run short enough for the fuzzer to try many inputs.
constexpr long kMaxTestedPixels = 256 * 256;

[[noreturn]] void fail(const std::string& what) {
    std::fprintf(stderr, "fuzz_image_mask: %s\n", what.c_str());
    std::abort();
}

/// Reads parameter bytes from the end of the input backwards; 0 once they run out.
class TailReader {
public:
    explicit TailReader(std::span<const std::uint8_t> bytes) : m_bytes(bytes), m_next(bytes.size()) {}
    std::uint8_t byte() { return m_next == 0 ? 0 : m_bytes[--m_next]; }
    std::uint16_t word() { return static_cast<std::uint16_t>(byte() | (byte() << 8)); }

private:
    std::span<const std::uint8_t> m_bytes;
    std::size_t m_next;
};

/// A 12x9 mask with a hole, a diagonal and a lone pixel: the fixed partner B of every test.
const cl::AlphaMask& fixedMask() {
    static const cl::AlphaMask mask = [] {
        constexpr std::array<const char*, 9> kArt = {
            "....####....",
            "..##....##..",
            ".#........#.",
            "#....##....#",
            "#....##....#",
            ".#........#.",
            "..##....##..",
            "....####...#",
            "#..........#",
        };
        cl::RgbaImage image{12, 9, std::vector<std::uint8_t>(12 * 9 * 4, 0)};
        for (int y = 0; y < 9; ++y) {
            for (int x = 0; x < 12; ++x) image.pixels[(static_cast<std::size_t>(y) * 12 + x) * 4 + 3] = kArt[y][x] == '#' ? 255 : 0;
        }
        return cl::AlphaMask(image, 0);
    }();
    return mask;
}

/// A scale in [kMinScale, kMaxScale] spread evenly in log scale, or (rarely) one outside the limits.
double scaleFrom(std::uint8_t code, bool negative) {
    if (code == 255) return negative ? 0.0 : 1.0e4;
    const double magnitude = code == 0 ? cl::kMinScale : code == 254 ? cl::kMaxScale : std::pow(10.0, -3.0 + 6.0 * code / 254.0);
    return negative ? -magnitude : magnitude;
}

double rotationFrom(std::uint16_t code) {
    // Whole quadrants, huge angles (exact reduction matters) and arbitrary angles in tenths of a degree.
    constexpr std::array<double, 12> kSpecial = {0.0, 90.0, 180.0, -90.0, 360.0, 1.0e12, -1.0e12, 3.6e12,
                                                 1.0e300, 45.0, 1.0e15 + 90.0, -7.2e9 + 270.0};
    if (code < kSpecial.size()) return kSpecial[code];
    return (static_cast<int>(code) - 32768) / 10.0;
}

void checkResult(const cl::Algorithm& algorithm, const cl::CollisionResult& r) {
    const std::string name(algorithm.name);
    if (!r.applicable) {
        if (r.reason.empty()) fail(name + ": not applicable without a reason");
        return;
    }
    if (!std::isfinite(r.overlap) || r.overlap < 0.0) fail(name + ": overlap " + std::to_string(r.overlap));
    if (r.samples < 0) fail(name + ": negative sample count");
    // pixel-exact may find an area below kExactAreaEpsilon, which is not a hit; the sampled tests count samples.
    if (algorithm.kind == cl::AlgorithmKind::Pixel && name != "pixel-exact" && r.hit != (r.overlap > 0.0)) {
        fail(name + ": hit disagrees with overlap");
    }
}

bool sameAnswer(const cl::CollisionResult& x, const cl::CollisionResult& y) {
    return x.applicable == y.applicable && x.hit == y.hit && x.overlap == y.overlap && x.firstHit == y.firstHit && x.hits == y.hits;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::uint8_t> bytes(data, size);
    cl::ImageLoadResult decoded = cl::decodeImage(bytes, "fuzz input");
    if (!decoded.ok()) {
        if (decoded.error.rfind("fuzz input: ", 0) != 0) fail("message does not name the input: " + decoded.error);
        return 0;
    }
    const cl::RgbaImage& image = *decoded.image;
    if (image.width <= 0 || image.height <= 0 || image.width > cl::kMaxImageSide || image.height > cl::kMaxImageSide ||
        image.pixels.size() != static_cast<std::size_t>(image.width) * image.height * 4) {
        fail("decoded image breaks its promises: " + std::to_string(image.width) + "x" + std::to_string(image.height));
    }

    TailReader tail(bytes);
    const cl::AlphaMask mask(image, tail.byte());
    if (mask.solidCount() < 0 || mask.solidCount() > static_cast<std::int64_t>(image.width) * image.height) fail("solid count out of range");
    if (static_cast<long>(image.width) * image.height > kMaxTestedPixels) return 0;

    cl::SpriteTransform transformA;
    const std::uint8_t signs = tail.byte();
    transformA.scale = {scaleFrom(tail.byte(), signs & 1), scaleFrom(tail.byte(), signs & 2)};
    transformA.rotationDeg = rotationFrom(tail.word());
    transformA.position = {(static_cast<int>(tail.word()) - 32768) / 256.0, (static_cast<int>(tail.word()) - 32768) / 256.0};
    if (signs & 4) transformA.position.x *= 1.0e5;  // up to about 1.3e7: sometimes over kMaxCoordinate
    transformA.origin = (signs & 8) ? glm::dvec2{tail.byte() - 64.0, tail.byte() - 64.0} : glm::dvec2{image.width / 2.0, image.height / 2.0};
    if (cl::validate(transformA)) return 0;  // the app and the scene loader refuse such a sprite

    cl::Body a{&mask, transformA};
    cl::Body b{&fixedMask(), cl::SpriteTransform{{0.0, 0.0}, {6.0, 4.5}, (signs & 16) ? 30.0 : 0.0, {1.0, 1.0}}};
    const std::uint8_t mode = tail.byte();
    cl::TestOptions options;
    options.sampling = (mode & 1) ? cl::Sampling::Xna : cl::Sampling::Center;
    options.scan = static_cast<cl::ScanDirection>((mode >> 1) % 3);
    options.stopAtFirstHit = mode & 8;
    options.listHits = !options.stopAtFirstHit && (mode & 16);

    const cl::CollisionResult* naive = nullptr;
    std::array<cl::CollisionResult, 16> results;
    const auto all = cl::coreAlgorithms().all();
    if (all.size() > results.size()) fail("more algorithms than the fuzzer has room for");
    for (std::size_t i = 0; i < all.size(); ++i) {
        results[i] = cl::runAlgorithm(all[i], a, b, options);
        checkResult(all[i], results[i]);
        if (all[i].name == "pixel-naive") naive = &results[i];
    }
    if (!naive) fail("no pixel-naive in the table");
    for (std::size_t i = 0; i < all.size(); ++i) {
        // pixel-step and pixel-fast promise pixel-naive's exact answer (same fixed-point sample positions).
        if ((all[i].name == "pixel-step" || all[i].name == "pixel-fast") && !sameAnswer(results[i], *naive)) {
            fail(std::string(all[i].name) + " disagrees with pixel-naive");
        }
    }
    return 0;
}
