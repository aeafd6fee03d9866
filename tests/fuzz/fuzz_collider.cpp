// libFuzzer target: bytes -> a mask up to 32 x 32 and collider options -> cl::makeCollider. Every collider must
// be valid (cl::colliderProblem and the independent reference agree it is) and keep its mode's guarantee,
// checked exactly by tests/core/collider/collider_exact_reference.h (whose areas and centre counts the certificate
// must equal) and by the reference of tests/core/collider/collider_reference.h on lattice samples, and its
// certificate must say so too (outer: no missed area, inner: no extra area, every mode: Hausdorff <= epsilon). Every exporter
// (Box2D up to 8 vertices, Godot 3 and 4, Phaser when there is a piece) must accept it. Also built
// without libFuzzer as a replay test (tests/fuzz/replay_main.cpp).
//
// Input: byte 0 the mode (mod 3), byte 1 epsilon ((b mod 32 + 1) / 4 px), byte 2 max_vertices (3 + b mod 62),
// bytes 3 and 4 the width and height (1 + b mod 32), then the pixels row by row, one bit each (1 = solid);
// missing bytes read as 0.

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/collider/collider_export.h"
#include "core/collider/collider_validity.h"
#include "core/collider/make_collider.h"
#include "tests/core/collider/collider_exact_reference.h"
#include "tests/core/collider/collider_reference.h"

namespace {

[[noreturn]] void fail(const std::string& what) {
    std::fprintf(stderr, "fuzz_collider: %s\n", what.c_str());
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto byte = [&](std::size_t i) -> std::uint8_t { return i < size ? data[i] : 0; };
    cl::ColliderOptions options;
    options.mode = static_cast<cl::ColliderMode>(byte(0) % 3);
    options.epsilon = (byte(1) % 32 + 1) / 4.0;
    options.maxVertices = 3 + byte(2) % 62;
    const int w = 1 + byte(3) % 32, h = 1 + byte(4) % 32;
    cl::RgbaImage image{w, h, std::vector<std::uint8_t>(static_cast<std::size_t>(w) * h * 4, 0)};
    for (int i = 0; i < w * h; ++i)
        if ((byte(5 + static_cast<std::size_t>(i) / 8) >> (i % 8)) & 1) image.pixels[static_cast<std::size_t>(i) * 4 + 3] = 255;
    const cl::AlphaMask mask(image, 0);

    const cl::Collider collider = cl::makeCollider(mask, options);
    if (const std::string problem = cl::colliderProblem(collider.pieces, options.maxVertices); !problem.empty())
        fail("invalid collider: " + problem);
    // The sampled reference (1/4 px lattice, brute-force distances) costs most of an input on a large mask; the exact
    // reference below decides the guarantees on every input, so the samples run on masks up to 16 x 16, where they
    // still bound the Hausdorff distance from below.
    double farthest = 0.0;
    const bool sampled = w * h <= 256;
    if (const std::string problem = sampled ? cl::testing::referenceGuaranteeProblem(mask, options, collider.pieces, farthest) : std::string();
        !problem.empty())
        fail(std::string(cl::colliderModeName(options.mode)) + " guarantee broken: " + problem);
    const cl::ColliderCertificate& c = collider.certificate;
    const cl::testing::ExactComparison exact = cl::testing::compareExactly(mask, collider.pieces);
    if (!exact.problem.empty()) fail("exact reference: " + exact.problem);
    if (options.mode == cl::ColliderMode::Outer && !exact.coversShape) fail("outer collider misses part of the shape (exact reference)");
    if (options.mode == cl::ColliderMode::Inner && !exact.insideShape) fail("inner collider leaves the shape (exact reference)");
    if (std::abs(c.missedArea - exact.missedArea) > 1e-9 || std::abs(c.extraArea - exact.extraArea) > 1e-9)
        fail("certificate areas " + std::to_string(c.missedArea) + ", " + std::to_string(c.extraArea) + " differ from the exact reference's " +
             std::to_string(exact.missedArea) + ", " + std::to_string(exact.extraArea));
    if (c.missedPixels != exact.missedPixels || c.extraPixels != exact.extraPixels) fail("certificate centre counts differ from the exact reference's");
    if (options.mode == cl::ColliderMode::Outer && c.missedArea != 0.0) fail("outer collider misses area " + std::to_string(c.missedArea));
    if (options.mode == cl::ColliderMode::Inner && c.extraArea != 0.0) fail("inner collider adds area " + std::to_string(c.extraArea));
    if (!(c.hausdorff <= options.epsilon)) fail("certified Hausdorff " + std::to_string(c.hausdorff) + " above epsilon");
    if (c.hausdorff < farthest - cl::kHausdorffTolerance - 1e-9)
        fail("certified Hausdorff " + std::to_string(c.hausdorff) + " below a sampled distance " + std::to_string(farthest));
    if (mask.solidCount() == 0 && !collider.pieces.empty()) fail("an empty mask gave pieces");

    const std::vector<cl::ExportFrame> frames{{"f", collider.pieces, {w / 2.0, h / 2.0}, options.maxVertices}};
    for (const cl::GodotVersion version : {cl::GodotVersion::Godot3, cl::GodotVersion::Godot4})
        if (const cl::TextExport e = cl::exportGodot(frames, "body", version); !e.ok()) fail("Godot export refused: " + e.error);
    if (!collider.pieces.empty())
        if (const cl::TextExport e = cl::exportPhaser(frames); !e.ok()) fail("Phaser export refused: " + e.error);
    if (options.maxVertices <= cl::kBox2dMaxVertices)
        if (const cl::Box2dExport e = cl::exportBox2d(collider.pieces, options.maxVertices, "f"); !e.ok())
            fail("Box2D export refused: " + e.error);
    return 0;
}
