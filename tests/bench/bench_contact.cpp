#include "tests/bench/bench_contact.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "core/contact/contact.h"
#include "core/contact/contact_map.h"
#include "core/base/mask_cache.h"
#include "core/scene/scene.h"
#include "tests/bench/bench_scenes.h"

namespace cl::bench {
namespace {

// A scene's first two sprites as a contact pair; the scene and its masks live as long as the run.
struct ContactCase {
    Scene scene;
    MaskCache masks;
    std::shared_ptr<const AlphaMask> maskA, maskB;
    Body a, b;
    ContactOptions options;
};

std::unique_ptr<ContactCase> loadCase(const std::string& file) {
    auto c = std::make_unique<ContactCase>();
    c->scene = loadBundledScene(file);
    const SceneSprite& sa = c->scene.sprites[0];
    const SceneSprite& sb = c->scene.sprites[1];
    c->maskA = c->masks.get(sa.pixels, sa.alphaThreshold);
    c->maskB = c->masks.get(sb.pixels, sb.alphaThreshold);
    c->a = Body{c->maskA.get(), sa.transform};
    c->b = Body{c->maskB.get(), sb.transform};
    c->options.test = findAlgorithm(kDefaultPixelAlgorithm);
    c->options.sampling = c->scene.sampling;
    c->options.scan = c->scene.scan;
    return c;
}

template <typename Run>
void add(const std::string& name, Run run) {
    benchmark::RegisterBenchmark(name.c_str(), [run](benchmark::State& state) {
        for (auto _ : state) run(state);
    })->Unit(benchmark::kMicrosecond);
}

void registerMaps(const std::string& name, const ContactCase& c, const Body& b) {
    add("contact/" + name + "/map", [&c, b](benchmark::State& state) {
        const ContactPair pair(c.a, b, c.options);
        const ContactMap map = contactMap(pair);
        benchmark::DoNotOptimize(map.bits.data());
        state.counters["cells"] = static_cast<double>(map.window.width()) * map.window.height();
        state.counters["hits"] = static_cast<double>(map.hitCount());
    });
    add("contact/" + name + "/map-by-tests", [&c, b](benchmark::State& state) {
        const ContactPair pair(c.a, b, c.options);
        const ContactMap map = contactMapByTests(pair, pair.defaultWindow());
        benchmark::DoNotOptimize(map.bits.data());
        state.counters["hits"] = static_cast<double>(map.hitCount());
    });
}

}  // namespace

void registerContactBenchmarks() {
    static const std::unique_ptr<ContactCase> fr = loadCase("default.json");
    static const std::unique_ptr<ContactCase> big = loadCase("speed-512.json");
    for (const ContactCase* c : {fr.get(), big.get()}) {
        const std::string name = c == fr.get() ? "default" : "speed-512";
        add("contact/" + name + "/separation", [c](benchmark::State& state) {
            const Separation s = separation(ContactPair(c->a, c->b, c->options));
            benchmark::DoNotOptimize(s);
            state.counters["depth"] = s.depth;
            state.counters["tests"] = static_cast<double>(s.testsRun);
        });
    }
    const ContactCase* c = fr.get();
    add("contact/default/push-out-up", [c](benchmark::State& state) {
        const DirectionalDistance d = pushOut(ContactPair(c->a, c->b, c->options), {0.0, -1.0});
        benchmark::DoNotOptimize(d);
        state.counters["distance"] = d.distance;
    });
    // R lifted 150 pixels clear of F; F rises to meet it.
    static Body lifted = c->b;
    lifted.transform.position.y -= 150.0;
    add("contact/default-apart/approach-up", [c](benchmark::State& state) {
        const DirectionalDistance d = approach(ContactPair(c->a, lifted, c->options), {0.0, -1.0});
        benchmark::DoNotOptimize(d);
        state.counters["distance"] = d.distance;
    });
    registerMaps("default", *c, c->b);
    // The same pair with R unturned: every cell a whole-pixel translation.
    Body unturned = c->b;
    unturned.transform.rotationDeg = 0.0;
    registerMaps("default-unturned", *c, unturned);
}

}  // namespace cl::bench
