#include "tests/bench/bench_thresholds.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "core/base/mask_cache.h"
#include "core/check/threshold_map.h"
#include "core/scene/scene.h"
#include "tests/bench/bench_scenes.h"

namespace cl::bench {
namespace {

// A scene's first two sprites posed as in the file, with their masks at the file's thresholds.
struct ThresholdCase {
    Scene scene;
    MaskCache masks;
    std::shared_ptr<const AlphaMask> maskA, maskB;
    Body a, b;
    TestOptions options;
};

std::unique_ptr<ThresholdCase> loadThresholdCase(const std::string& file) {
    auto c = std::make_unique<ThresholdCase>();
    c->scene = loadBundledScene(file);
    const SceneSprite& sa = c->scene.sprites[0];
    const SceneSprite& sb = c->scene.sprites[1];
    c->maskA = c->masks.get(sa.pixels, sa.alphaThreshold);
    c->maskB = c->masks.get(sb.pixels, sb.alphaThreshold);
    c->a = Body{c->maskA.get(), sa.transform};
    c->b = Body{c->maskB.get(), sb.transform};
    c->options.sampling = c->scene.sampling;
    c->options.scan = c->scene.scan;
    return c;
}

}  // namespace

void registerThresholdBenchmarks() {
    static const std::unique_ptr<ThresholdCase> fr = loadThresholdCase("default.json");
    static const std::unique_ptr<ThresholdCase> big = loadThresholdCase("speed-512.json");
    for (const ThresholdCase* c : {fr.get(), big.get()}) {
        const std::string scene = c == fr.get() ? "default" : "speed-512";
        for (const char* name : {"pixel-fast", "pixel-exact"}) {
            const Algorithm* test = findAlgorithm(name);
            benchmark::RegisterBenchmark(("thresholds/" + scene + "/" + name).c_str(), [c, test](benchmark::State& state) {
                std::size_t corners = 0;
                double overlap = 0.0;
                for (auto _ : state) {
                    const ThresholdMap map = thresholdMap(*test, c->a, c->b, c->options);
                    benchmark::DoNotOptimize(map.hits.data());
                    corners = map.frontier.size();
                    overlap = map.applicable ? map.overlap(0, 0) : -1.0;
                }
                state.counters["corners"] = static_cast<double>(corners);
                state.counters["overlap"] = overlap;
            })->Unit(benchmark::kMillisecond);
        }
    }
}

}  // namespace cl::bench
