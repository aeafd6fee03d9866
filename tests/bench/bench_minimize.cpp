#include "tests/bench/bench_minimize.h"
#include "tests/bench/bench_scenes.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "core/check/scene_minimizer.h"
#include "core/scene/scene.h"

namespace cl::bench {
namespace {

// A bug report: the bundled scene whose expect block claims one pixel-fast overlap more than the test counts,
// so `check --verify` fails on it as on a real report.
std::unique_ptr<Scene> loadReport(const std::string& file) {
    auto scene = std::make_unique<Scene>(loadBundledScene(file));
    const PairExpectations& pair = *scene->expect.pairs().begin();
    const AlgorithmExpectation* entry = pair.find("pixel-fast");
    nlohmann::json fields = entry ? entry->fields : nlohmann::json::object();
    fields["overlap"] = fields.value("overlap", 0) + 1;
    scene->expect.set(pair.a, pair.b, "pixel-fast", fields);
    return scene;
}

int mostSolidInOneSprite(const Scene& scene) {
    int most = 0;
    for (const SceneSprite& sprite : scene.sprites) {
        int solid = 0;
        for (int y = 0; y < sprite.pixels->height; ++y) {
            for (int x = 0; x < sprite.pixels->width; ++x) solid += sprite.pixels->alpha(x, y) > sprite.alphaThreshold;
        }
        most = std::max(most, solid);
    }
    return most;
}

}  // namespace

void registerMinimizeBenchmarks() {
    // The reports live for the whole run: the registered benchmarks point at them.
    static std::vector<std::unique_ptr<Scene>> reports;
    for (const std::string scene : {"default", "speed-512"}) {
        const Scene* report = reports.emplace_back(loadReport(scene + ".json")).get();
        benchmark::RegisterBenchmark(("minimize/" + scene + "-report").c_str(), [report](benchmark::State& state) {
            MinimizeResult result;
            for (auto _ : state) {
                WorkBudget budget;
                budget.limitSeconds(60.0);  // the CLI's default budget
                MinimizeOptions options;
                options.budget = &budget;
                result = minimizeScene(*report, verifyFailsProperty(*report), options);
                benchmark::DoNotOptimize(result.tried);
            }
            state.counters["tried"] = static_cast<double>(result.tried);
            state.counters["solid_before"] = static_cast<double>(result.before.solidPixels);
            state.counters["solid_after"] = static_cast<double>(result.after.solidPixels);
            state.counters["most_per_sprite"] = mostSolidInOneSprite(result.scene);
            state.counters["out_of_budget"] = result.outOfBudget;
        })->Unit(benchmark::kMillisecond);
    }
}

}  // namespace cl::bench
