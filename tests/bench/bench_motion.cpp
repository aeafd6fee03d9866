// Benchmarks of the swept test and the timeline strip (issue 15): registered at start-up beside the
// pixel tests of bench_main.cpp. Names read motion/<scene>/<what>.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/base/mask_cache.h"
#include "core/scene/scene.h"
#include "core/motion/swept.h"
#include "tests/bench/bench_cases.h"
#include "tests/bench/bench_scenes.h"

namespace cl::bench {
namespace {

// Lesson 20: the bullet and the wall, the interval [3, 4] in which the bullet tunnels (n = 120).
struct Tunnelling {
    Scene scene;
    MaskCache masks;
    std::shared_ptr<const AlphaMask> maskA, maskB;
    MovingBody a, b;
    Tunnelling() {
        scene = loadBundledScene("lesson-20-tunnelling.json");
        maskA = masks.get(scene.sprites[0].pixels, scene.sprites[0].alphaThreshold);
        maskB = masks.get(scene.sprites[1].pixels, scene.sprites[1].alphaThreshold);
        a = MovingBody{maskA.get(), scene.sprites[0].transform, scene.sprites[0].motion};
        b = MovingBody{maskB.get(), scene.sprites[1].transform, scene.sprites[1].motion};
    }
};

const Tunnelling& tunnelling() {
    static const Tunnelling t;
    return t;
}

// F/R of the pixel benchmarks (R turned 30 degrees, scale 1.7, a quarter of F overlapping at rest), R
// moving 20 px a frame and turning 10 degrees a frame. `startFrames` places R that many frames back
// along its path, so frame `startFrames` is the bench case's own overlapping pose.
struct Glyphs {
    std::unique_ptr<BenchCase> c = makeGlyphs();
    MovingBody a, b;
    Glyphs(glm::dvec2 velocity, double startFrames) {
        a = MovingBody{&c->maskA, c->a.transform, {}};
        b = MovingBody{&c->maskB, c->b.transform, {velocity, 10.0}};
        b.transform.position -= startFrames * velocity;
        b.transform.rotationDeg -= startFrames * 10.0;
    }
};





constexpr double kNearMissY = 150;

void sweepInterval(benchmark::State& state, const MovingBody& a, const MovingBody& b, int frame) {
    SweepOptions options;
    SweptResult last;
    for (auto _ : state) {
        last = sweptTest(a, b, frame, options);
        benchmark::DoNotOptimize(last);
    }
    state.counters["sub_steps"] = static_cast<double>(last.subSteps);
    state.counters["tests"] = static_cast<double>(last.testsRun);
    state.counters["toi"] = last.impact ? last.impact->tau : -1.0;
}

void BM_TunnellingInterval(benchmark::State& state) {
    const Tunnelling& t = tunnelling();
    sweepInterval(state, t.a, t.b, 3);
}
BENCHMARK(BM_TunnellingInterval)->Name("motion/tunnelling/swept-interval");

// R flies right to left into F (the path of the strip below): the interval in which they first touch,
// found once from the strip (the first frame whose swept test hits while the frame itself does not).
void BM_GlyphsContactInterval(benchmark::State& state) {
    static const Glyphs g({-20.0, 0.0}, 300.0);
    static const int frame = [] {
        TimelineStrip strip = makeTimelineStrip(600);
        fillTimelineStrip(strip, g.a, g.b, SweepOptions{}, 600);
        for (int k = 0; k < 600; ++k) {
            if (strip.cells[static_cast<std::size_t>(k)].sweptHit && !strip.cells[static_cast<std::size_t>(k)].hit) return k;
        }
        return 0;
    }();
    sweepInterval(state, g.a, g.b, frame);
    state.counters["frame"] = frame;
}
BENCHMARK(BM_GlyphsContactInterval)->Name("motion/F-R/swept-interval-contact");

// The worst case: R moves 20 px and turns 10 degrees in an interval where their reach circles overlap
// all along but no pixel touches, so every sub-step is tested (R passes kNearMissY px below F).
void BM_GlyphsNearMissInterval(benchmark::State& state) {
    static const Glyphs g = [] {
        Glyphs near({-20.0, 0.0}, 0.5);
        near.b.transform.position.y += kNearMissY;
        return near;
    }();
    sweepInterval(state, g.a, g.b, 0);
}
BENCHMARK(BM_GlyphsNearMissInterval)->Name("motion/F-R/swept-interval-near-miss");

// The timeline strip for 600 frames: R flies across F (from 300 frames before the bench pose to 300
// after), filled 30 frames at a time as the sandbox's worker does.
void stripOf(benchmark::State& state, const Glyphs& g) {
    SweepOptions options;
    int hits = 0, swept = 0;
    for (auto _ : state) {
        TimelineStrip strip = makeTimelineStrip(600);
        while (!strip.complete()) fillTimelineStrip(strip, g.a, g.b, options, 30);
        hits = swept = 0;
        for (const StripCell& cell : strip.cells) {
            hits += cell.hit;
            swept += cell.sweptHit;
        }
        benchmark::DoNotOptimize(strip);
    }
    state.counters["hit_frames"] = hits;
    state.counters["swept_hit_frames"] = swept;
}

void BM_GlyphsStrip(benchmark::State& state) {
    static const Glyphs g({-20.0, 0.0}, 300.0);
    stripOf(state, g);
}
BENCHMARK(BM_GlyphsStrip)->Name("motion/F-R/strip-600")->Unit(benchmark::kMillisecond);

// The strip's hard case: R lingers near F (moving 0.2 px a frame, turning 10 degrees) kNearMissY px below
// it; their reach circles overlap in all 600 intervals, so every sub-step up to a hit is tested (R's arms
// touch F in a few intervals as it turns).
void BM_GlyphsNearMissStrip(benchmark::State& state) {
    static const Glyphs g = [] {
        Glyphs near({-0.2, 0.0}, 300.0);
        near.b.transform.position.y += kNearMissY;
        return near;
    }();
    stripOf(state, g);
}
BENCHMARK(BM_GlyphsNearMissStrip)->Name("motion/F-R/strip-600-lingering")->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace cl::bench
