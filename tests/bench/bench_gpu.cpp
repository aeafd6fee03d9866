// The gpu red/blue test on the issue-5 benchmark scenes, beside pixel-world (the CPU test with the same
// answer). Rows per scene: pixel-world; then for gpu (double-precision mapping, what gpuTest uses) and
// gpu-rasterised (the textured-quad fallback) the whole call, with its phases as counters, and the
// read-back alone (glReadPixels of the overlap rectangle, timed inside the call after glFinish).
// Needs an X display:
//
//   xvfb-run -a bench_gpu --benchmark_min_time=0.1

#include <benchmark/benchmark.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "app/gpu/gpu_collision.h"
#include "core/collision/pixel_scans.h"
#include "tests/bench/bench_cases.h"

namespace cl::bench {
namespace {

const TestOptions kFullMode{};

void registerGpuRows(const BenchCase& c, const std::string& label, GpuCollider& collider) {
    const std::string unavailable = collider.unavailableReason();
    benchmark::RegisterBenchmark(
        (c.name + "/" + label + "/full").c_str(), [&c, &collider, unavailable](benchmark::State& state) {
            if (!unavailable.empty()) {
                state.SkipWithError(unavailable.c_str());
                return;
            }
            double overlap = 0.0, uploadNs = 0.0, renderNs = 0.0, readBackNs = 0.0, countNs = 0.0;
            std::int64_t pixelsRead = 0;
            for (auto _ : state) {
                const CollisionResult r = collider.test(c.a, c.b, kFullMode);
                benchmark::DoNotOptimize(r);
                overlap = r.overlap;
                const GpuTimings& t = collider.lastTimings();
                uploadNs += static_cast<double>(t.uploadNs);
                renderNs += static_cast<double>(t.renderNs);
                readBackNs += static_cast<double>(t.readBackNs);
                countNs += static_cast<double>(t.countNs);
                pixelsRead = t.pixelsRead;
            }
            // Per-call averages of the phases, in microseconds, so the row shows where the time goes.
            const double calls = static_cast<double>(state.iterations());
            state.counters["overlap"] = overlap;
            state.counters["pixels_read"] = static_cast<double>(pixelsRead);
            state.counters["upload_us"] = uploadNs / calls / 1e3;
            state.counters["render_us"] = renderNs / calls / 1e3;
            state.counters["readback_us"] = readBackNs / calls / 1e3;
            state.counters["count_us"] = countNs / calls / 1e3;
        });

    benchmark::RegisterBenchmark((c.name + "/" + label + "/read-back").c_str(), [&c, &collider,
                                                                                 unavailable](benchmark::State& state) {
        if (!unavailable.empty()) {
            state.SkipWithError(unavailable.c_str());
            return;
        }
        std::int64_t pixelsRead = 0;
        double seconds = 0.0;
        for (auto _ : state) {
            const CollisionResult r = collider.test(c.a, c.b, kFullMode);
            benchmark::DoNotOptimize(r);
            const GpuTimings& t = collider.lastTimings();
            pixelsRead = t.pixelsRead;
            state.SetIterationTime(static_cast<double>(t.readBackNs) * 1e-9);
            seconds += static_cast<double>(t.readBackNs) * 1e-9;
        }
        // Computed here: Google Benchmark's rate counters divide by CPU
        // time, not by the manual time.
        state.counters["pixels_read"] = static_cast<double>(pixelsRead);
        if (seconds > 0.0) {
            state.counters["MB_per_s"] =
                static_cast<double>(pixelsRead) * 4.0 * static_cast<double>(state.iterations()) / seconds / 1e6;
        }
    })->UseManualTime();
}

void registerCase(const BenchCase& c, GpuCollider& rasterised) {
    benchmark::RegisterBenchmark((c.name + "/pixel-world/full").c_str(), [&c](benchmark::State& state) {
        double overlap = 0.0;
        for (auto _ : state) {
            const CollisionResult r = pixelWorld(c.a, c.b, kFullMode);
            benchmark::DoNotOptimize(r);
            overlap = r.overlap;
        }
        state.counters["overlap"] = overlap;
    });

    registerGpuRows(c, "gpu", sharedGpuCollider());
    registerGpuRows(c, "gpu-rasterised", rasterised);
}

}  // namespace
}  // namespace cl::bench

int main(int argc, char** argv) {
    using namespace cl::bench;
    const std::string unavailable = cl::sharedGpuCollider().unavailableReason();
    if (!unavailable.empty()) std::fprintf(stderr, "gpu: not applicable here: %s\n", unavailable.c_str());
    cl::GpuCollider rasterised(cl::GpuCollider::kDefaultMaxTileSize, cl::GpuMapping::Rasterised);

    std::vector<std::unique_ptr<BenchCase>> cases;
    for (int size : {64, 256, 1024}) cases.push_back(makeRings(size));
    for (int size : {64, 256, 1024}) cases.push_back(makeCombs(size));
    cases.push_back(makeGlyphs());
    cases.push_back(makeCorner());
    for (const auto& c : cases) registerCase(*c, rasterised);

    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    cl::releaseSharedGpuCollider();
    return 0;
}
