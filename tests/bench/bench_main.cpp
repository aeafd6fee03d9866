// The issue-5 benchmark suite: every pixel test on rings, combs, F/R, corner and discs, in hit-only and full
// mode, beside a plain word-by-word AND of two bit-packed masks and mask building from RGBA.
//
//   bench_collision --benchmark_min_time=0.1 --benchmark_format=json > figures.json

#include <benchmark/benchmark.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/collision/algorithms.h"
#include "core/collision/pixel_scans.h"
#include "tests/bench/bench_cases.h"
#include "tests/bench/bench_game.h"
#include "tests/bench/bench_contact.h"
#include "tests/bench/bench_thresholds.h"
#include "tests/bench/bench_minimize.h"

namespace cl::bench {
namespace {

// Every bit both masks share, row by row and word by word with no shift; stops at the first shared
// bit when asked. Reading both masks once is what any untransformed "never a hit" answer must do.
std::int64_t plainWordAnd(const AlphaMask& a, const AlphaMask& b, bool stopAtFirstHit) {
    const int rows = std::min(a.height(), b.height());
    const int words = std::min(a.wordsPerRow(), b.wordsPerRow());
    std::int64_t count = 0;
    for (int y = 0; y < rows; ++y) {
        const std::uint64_t* rowA = a.bitRow(y).data();
        const std::uint64_t* rowB = b.bitRow(y).data();
        for (int w = 0; w < words; ++w) {
            const std::uint64_t both = rowA[w] & rowB[w];
            if (both == 0) continue;
            if (stopAtFirstHit) return 1;
            count += std::popcount(both);
        }
    }
    return count;
}

struct Mode {
    const char* name;
    TestOptions options;
};

const Mode kModes[] = {{"hit-only", TestOptions{.stopAtFirstHit = true}},
                       {"full", TestOptions{.stopAtFirstHit = false}}};

const char* const kPixelAlgorithms[] = {"pixel-naive", "pixel-step", "pixel-fast", "pixel-world", "pixel-rect"};

// The bodies of placement i of a case that cycles through placements, else the case's own (i = 0).
std::pair<Body, Body> placed(const BenchCase& c, std::size_t i) {
    if (c.placements.empty()) return {c.a, c.b};
    return {Body{c.a.mask, c.placements[i].first}, Body{c.b.mask, c.placements[i].second}};
}

void registerCase(const BenchCase& c) {
    std::vector<CollisionResult> references;
    for (std::size_t i = 0; i < std::max<std::size_t>(1, c.placements.size()); ++i) {
        references.push_back(pixelNaive(placed(c, i).first, placed(c, i).second, {}));
    }
    for (const Mode& mode : kModes) {
        for (const char* name : kPixelAlgorithms) {
            const Algorithm* algorithm = findAlgorithm(name);
            if (!algorithm) {
                std::fprintf(stderr, "%s: no such algorithm in this build, skipped\n", name);
                continue;
            }
            if (!algorithm->run(c.a, c.b, TestOptions{}).applicable) continue;
            // pixel-world samples the world grid, so only the tests of A's samples must agree with pixel-naive.
            for (std::size_t i = 0; i < references.size() && std::string(name) != "pixel-world"; ++i) {
                const CollisionResult probe = algorithm->run(placed(c, i).first, placed(c, i).second, TestOptions{});
                if (probe.hit != references[i].hit || probe.overlap != references[i].overlap) {
                    std::fprintf(stderr, "%s on %s (placement %zu): overlap %g, pixel-naive says %g\n", name,
                                 c.name.c_str(), i, probe.overlap, references[i].overlap);
                }
            }
            benchmark::RegisterBenchmark((c.name + "/" + name + "/" + mode.name).c_str(),
                                         [&c, algorithm, options = mode.options](benchmark::State& state) {
                                             double overlap = 0.0;
                                             if (c.placements.empty()) {
                                                 for (auto _ : state) {
                                                     const CollisionResult r = algorithm->run(c.a, c.b, options);
                                                     // The const overload: the read-write one garbles
                                                     // doubles with this library version and GCC.
                                                     benchmark::DoNotOptimize(r);
                                                     overlap = r.overlap;
                                                 }
                                                 state.counters["overlap"] = overlap;
                                                 return;
                                             }
                                             // One placement per call, in turn; the counter sums the set's answers.
                                             std::vector<std::pair<Body, Body>> bodies;
                                             for (std::size_t i = 0; i < c.placements.size(); ++i) bodies.push_back(placed(c, i));
                                             std::size_t i = 0;
                                             for (auto _ : state) {
                                                 const CollisionResult r = algorithm->run(bodies[i].first, bodies[i].second, options);
                                                 benchmark::DoNotOptimize(r);
                                                 i = i + 1 == bodies.size() ? 0 : i + 1;
                                             }
                                             for (const auto& [a, b] : bodies) overlap += algorithm->run(a, b, options).overlap;
                                             state.counters["overlap"] = overlap;
                                         });
        }
        // A row with a hit-only entry (Algorithm::hitOnly: the hit alone, what the game asks) is also timed through
        // it, placement by placement as above: pixel-fast's answers many pairs from the masks' covers.
        for (const char* name : kPixelAlgorithms) {
            const Algorithm* algorithm = findAlgorithm(name);
            if (!mode.options.stopAtFirstHit || !algorithm || !algorithm->hitOnly) continue;
            benchmark::RegisterBenchmark((c.name + "/" + name + "/hit-only-entry").c_str(), [&c, algorithm](benchmark::State& state) {
                std::vector<std::pair<Body, Body>> bodies;
                for (std::size_t i = 0; i < std::max<std::size_t>(1, c.placements.size()); ++i) bodies.push_back(placed(c, i));
                std::size_t i = 0;
                for (auto _ : state) {
                    const bool hit = algorithm->hitOnly(bodies[i].first, bodies[i].second, Sampling::Center);
                    benchmark::DoNotOptimize(hit);
                    i = i + 1 == bodies.size() ? 0 : i + 1;
                }
                double hits = 0.0;
                for (const auto& [a, b] : bodies) hits += algorithm->hitOnly(a, b, Sampling::Center) ? 1.0 : 0.0;
                state.counters["hits"] = hits;
            });
        }
        if (c.maskBInA.width() > 0) {
            benchmark::RegisterBenchmark((c.name + "/word-and/" + mode.name).c_str(),
                                         [&c, stop = mode.options.stopAtFirstHit](benchmark::State& state) {
                                             std::int64_t count = 0;
                                             for (auto _ : state) {
                                                 count = plainWordAnd(c.maskA, c.maskBInA, stop);
                                                 benchmark::DoNotOptimize(count);
                                             }
                                             state.counters["overlap"] = static_cast<double>(count);
                                         });
        }
    }
}

void registerMaskBuilding(int size) {
    // A ring with soft, varied alpha, so the threshold compare and the spans both have work.
    auto image = std::make_shared<RgbaImage>(drawImage(size, size, [size](int x, int y) {
        const double r = std::hypot(x + 0.5 - size / 2.0, y + 0.5 - size / 2.0);
        return r >= 0.2 * size && r <= 0.45 * size && (x * 7 + y * 3) % 11 != 0;
    }));
    benchmark::RegisterBenchmark(("mask-building/" + std::to_string(size)).c_str(), [image](benchmark::State& state) {
        for (auto _ : state) {
            AlphaMask mask(*image, 0);
            benchmark::DoNotOptimize(mask.solidCount());
        }
        state.SetItemsProcessed(state.iterations() * image->width * image->height);
        state.counters["px_per_ns"] = benchmark::Counter(static_cast<double>(image->width) * image->height,
                                                         benchmark::Counter::kIsIterationInvariantRate);
        state.counters["px_per_ns"].value /= 1e9;
    });
}

}  // namespace
}  // namespace cl::bench

int main(int argc, char** argv) {
    using namespace cl::bench;
    std::vector<std::unique_ptr<BenchCase>> cases;
    for (int size : {64, 128, 256, 512, 1024}) cases.push_back(makeRings(size));
    for (int size : {64, 128, 256, 512, 1024}) cases.push_back(makeCombs(size));
    cases.push_back(makeGlyphs());
    cases.push_back(makeCorner());
    cases.push_back(makeDiscs(512));
    cases.push_back(makeCrosses());
    cases.push_back(makeCrossesTouching());
    cases.push_back(makeCrossesTurning());
    for (const auto& c : cases) registerCase(*c);
    for (int size : {64, 128, 256, 512, 1024}) registerMaskBuilding(size);
    registerGameBenchmarks();
    registerContactBenchmarks();
    registerThresholdBenchmarks();
    registerMinimizeBenchmarks();

    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
