// Colliders from alpha (issue 23): one 256 x 256 frame made into a collider and certified (budget 5 ms), in
// every mode, beside tracing its outlines alone; every frame of the bundled atlas (budget 100 ms); the `polygon` row's pair test of two 8-piece colliders;
// and the Collider tool's pose map on lesson 26's hero and bullet and on two 256 x 256 frames.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <vector>

#include "core/collider/make_collider.h"
#include "core/io/image_io.h"
#include "core/scene/atlas.h"
#include "core/scene/frame_image.h"
#include "core/collider/outline_trace.h"
#include "core/collision/algorithms.h"
#include "core/contact/collider_pose_map.h"
#include "tests/bench/bench_scenes.h"

namespace cl::bench {
namespace {

/// A 256 x 256 frame like a sprite's: a disc of radius 110 with a hole of radius 40, its rim notched every
/// 15 degrees, and a 1-pixel diagonal antenna: curves, a hole, thin features and stairs at every slope.
AlphaMask colliderFrame() {
    constexpr int kSize = 256;
    RgbaImage image{kSize, kSize, std::vector<std::uint8_t>(static_cast<std::size_t>(kSize) * kSize * 4, 0)};
    const auto set = [&](int x, int y) { image.pixels[(static_cast<std::size_t>(y) * kSize + x) * 4 + 3] = 255; };
    for (int y = 0; y < kSize; ++y) {
        for (int x = 0; x < kSize; ++x) {
            const double dx = x + 0.5 - 128.0, dy = y + 0.5 - 128.0;
            const double r = std::hypot(dx, dy), angle = std::atan2(dy, dx);
            const double rim = 110.0 - (std::fmod(angle + 4.0 * M_PI, M_PI / 12.0) < M_PI / 48.0 ? 6.0 : 0.0);
            if (r <= rim && r >= 40.0) set(x, y);
        }
    }
    for (int k = 0; k < 40; ++k) set(200 + k / 2, 20 + k);
    return AlphaMask(image, 0);
}

void BM_ColliderFrame(benchmark::State& state, ColliderMode mode) {
    static const AlphaMask frame = colliderFrame();
    const ColliderOptions options{mode, 1.0, 8};
    std::size_t pieces = 0;
    for (auto _ : state) {
        const Collider collider = makeCollider(frame, options);
        pieces = collider.pieces.size();
        benchmark::DoNotOptimize(collider.certificate.hausdorff);
    }
    state.counters["pieces"] = static_cast<double>(pieces);
}
BENCHMARK_CAPTURE(BM_ColliderFrame, outer, ColliderMode::Outer)->Name("collider/frame-256/outer")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ColliderFrame, inner, ColliderMode::Inner)->Name("collider/frame-256/inner")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ColliderFrame, balanced, ColliderMode::Balanced)->Name("collider/frame-256/balanced")->Unit(benchmark::kMillisecond);

/// Every frame of the bundled atlas (assets/sprites/atlas.json) as a mask at threshold 0.
const std::vector<AlphaMask>& atlasFrames() {
    static const std::vector<AlphaMask> frames = [] {
        std::vector<AlphaMask> out;
        const auto atlas = loadAtlas(std::filesystem::path(COLLISION_LAB_SPRITES_DIR) / "atlas.json");
        const auto sheet = loadImageFile(std::filesystem::path(COLLISION_LAB_SPRITES_DIR) / "atlas.png");
        if (!atlas.ok() || !sheet.ok()) return out;
        for (const AtlasFrame& frame : atlas.atlas->frames) out.emplace_back(extractAtlasFrame(*sheet.image, frame), 0);
        return out;
    }();
    return frames;
}

// The bundled atlas, every frame made into a collider and certified (budget 100 ms for all of them).
void BM_ColliderAtlas(benchmark::State& state, ColliderMode mode) {
    const std::vector<AlphaMask>& frames = atlasFrames();
    if (frames.empty()) {
        state.SkipWithError("the bundled atlas does not load");
        return;
    }
    const ColliderOptions options{mode, 1.0, 8};
    std::size_t pieces = 0;
    for (auto _ : state) {
        pieces = 0;
        for (const AlphaMask& frame : frames) pieces += makeCollider(frame, options).pieces.size();
        benchmark::DoNotOptimize(pieces);
    }
    state.counters["frames"] = static_cast<double>(frames.size());
    state.counters["pieces"] = static_cast<double>(pieces);
}
BENCHMARK_CAPTURE(BM_ColliderAtlas, outer, ColliderMode::Outer)->Name("collider/atlas-every-frame/outer")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ColliderAtlas, inner, ColliderMode::Inner)->Name("collider/atlas-every-frame/inner")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ColliderAtlas, balanced, ColliderMode::Balanced)->Name("collider/atlas-every-frame/balanced")->Unit(benchmark::kMillisecond);

void BM_ColliderTrace(benchmark::State& state) {
    static const AlphaMask frame = colliderFrame();
    for (auto _ : state) benchmark::DoNotOptimize(traceOutlines(frame).size());
}
BENCHMARK(BM_ColliderTrace)->Name("collider/frame-256/trace")->Unit(benchmark::kMillisecond);

// ---- The `polygon` row's pair test: 8 pieces of 8 vertices on each side (budget 2 us).

/// A solid mask whose kept collider (under `options`) is put there by hand: 8 regular octagons of radius 6, centres
/// 0.1 px apart down a column, listed so that the edge whose normal points along (1, 1) comes last. The
/// pieces overlap each other (allowed), so every world box of A meets every world box of B below.
AlphaMask octagonSprite(const ColliderOptions& options) {
    RgbaImage image{16, 16, std::vector<std::uint8_t>(16 * 16 * 4, 255)};
    AlphaMask mask(image, 0);
    ConvexPieces pieces;
    for (int k = 0; k < 8; ++k) {
        std::vector<glm::dvec2> octagon;
        // Counter-clockwise on screen (y down) is decreasing angle; the last edge, from 67.5 to 22.5 degrees,
        // has its outward normal at 45 degrees.
        for (int i = 0; i < 8; ++i) {
            const double angle = (67.5 - 45.0 * (i + 1)) * M_PI / 180.0;
            octagon.push_back({8.0 + 6.0 * std::cos(angle), 8.0 + 0.1 * k + 6.0 * std::sin(angle)});
        }
        pieces.push_back(octagon);
    }
    mask.collider(options, [&] { return pieces; });
    return mask;
}

void BM_PolygonPair(benchmark::State& state, double offset) {
    const ColliderOptions options{ColliderMode::Balanced, 0.75, 8};  // settings nothing else in this binary asks for
    static const AlphaMask a = octagonSprite(options), b = octagonSprite(options);
    const Algorithm* polygon = findAlgorithm("polygon");
    const Body ba{&a, SpriteTransform{{0.0, 0.0}, {0.0, 0.0}, 0.0, {1.0, 1.0}}, options};
    const Body bb{&b, SpriteTransform{{offset, offset}, {0.0, 0.0}, 0.0, {1.0, 1.0}}, options};
    TestOptions hitOnly;
    hitOnly.stopAtFirstHit = true;
    CollisionResult r;
    for (auto _ : state) {
        r = polygon->run(ba, bb, hitOnly);
        benchmark::DoNotOptimize(r.hit);
    }
    state.counters["pairs"] = static_cast<double>(r.samples);
    state.counters["hit"] = r.hit ? 1.0 : 0.0;
}
// 10 px along the diagonal: every pair of boxes overlaps, every pair of octagons is separated (by A's last axis).
BENCHMARK_CAPTURE(BM_PolygonPair, miss, 10.0)->Name("polygon/8x8-pieces/miss-all-boxes-overlap")->Unit(benchmark::kMicrosecond);
// 2 px: the first pair already overlaps.
BENCHMARK_CAPTURE(BM_PolygonPair, hit, 2.0)->Name("polygon/8x8-pieces/hit")->Unit(benchmark::kMicrosecond);

// ---- The Collider tool's pose map: `polygon` and `pixel-exact` at every offset of B (colliderPoseMap).

/// Times colliderPoseMap(a, b) and reports the map's cells and disagreements, and how many cells ran each test (a
/// builder of its own, outside the timing).
void timePoseMap(benchmark::State& state, const Body& a, const Body& b) {
    ColliderPoseMap map;
    for (auto _ : state) {
        map = colliderPoseMap(a, b);
        benchmark::DoNotOptimize(map.counts.bothHit);
    }
    ColliderPoseMapBuilder builder(a, b);
    while (!builder.advance(std::numeric_limits<std::int64_t>::max())) {
    }
    state.counters["cells"] = static_cast<double>(cellCount(map.window()));
    state.counters["colliderOnly"] = static_cast<double>(map.counts.colliderOnly);
    state.counters["pixelsOnly"] = static_cast<double>(map.counts.pixelsOnly);
    state.counters["polygonTests"] = static_cast<double>(builder.stats().polygonTests);
    state.counters["pixelTests"] = static_cast<double>(builder.stats().pixelTests);
}

/// Lesson 26's hero (48 x 64) and bullet (8 x 1) as the scene has them: outer colliders, the map at resolution 1.
void BM_PoseMapHero(benchmark::State& state) {
    static const Scene scene = loadBundledScene("lesson-26-polygons-from-pixels.json");
    static const AlphaMask hero(*scene.sprites[0].pixels, scene.sprites[0].alphaThreshold);
    static const AlphaMask bullet(*scene.sprites[1].pixels, scene.sprites[1].alphaThreshold);
    timePoseMap(state, Body{&hero, scene.sprites[0].transform, scene.sprites[0].colliderOptions()},
                Body{&bullet, scene.sprites[1].transform, scene.sprites[1].colliderOptions()});
}
BENCHMARK(BM_PoseMapHero)->Name("posemap/hero-bullet")->Unit(benchmark::kMillisecond);

/// Two 256 x 256 frames (colliderFrame()), B turned 30 degrees about its centre, outer colliders (epsilon 1, 8
/// vertices): 198,907 offsets at resolution 1.
void BM_PoseMapFrames(benchmark::State& state) {
    static const AlphaMask frame = colliderFrame();
    const ColliderOptions outer{ColliderMode::Outer, 1.0, 8};
    timePoseMap(state, Body{&frame, SpriteTransform{{0.0, 0.0}, {128.0, 128.0}, 0.0, {1.0, 1.0}}, outer},
                Body{&frame, SpriteTransform{{0.0, 0.0}, {128.0, 128.0}, 30.0, {1.0, 1.0}}, outer});
}
BENCHMARK(BM_PoseMapFrames)->Name("posemap/frame-256-turned-30")->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace cl::bench
