// Colliders from alpha (issue 23): one 256 x 256 frame made into a collider and certified (budget 5 ms), in
// every mode, beside tracing its outlines alone.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "core/collider/make_collider.h"
#include "core/collider/outline_trace.h"

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

void BM_ColliderTrace(benchmark::State& state) {
    static const AlphaMask frame = colliderFrame();
    for (auto _ : state) benchmark::DoNotOptimize(traceOutlines(frame).size());
}
BENCHMARK(BM_ColliderTrace)->Name("collider/frame-256/trace")->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace cl::bench
