// The falling-blocks game at scale: each benchmark iteration plays a whole run (a fresh game, started full,
// then N frames with the person sweeping left and right) and reports per-frame figures as counters:
//   work_p50/p95/max_ms  the frame's collision work (broad phase + pre-check + pixel tests), wall clock
//   cpu_p50/p95/max_ms   the whole step (movement included) in this thread's CPU time: the figure to
//                        trust on a shared machine, where wall time also counts time spent preempted
//   broad_ms, precheck_ms, pixel_ms  mean wall time of each stage per frame
//   alive, pairs, after_precheck, hits  mean counts per frame
#include "tests/bench/bench_game.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <time.h>
#include <vector>

#include "core/game/falling_blocks.h"

namespace cl::bench {
namespace {

const GameSprites& sprites() {
    static const GameSpritesResult loaded = loadGameSprites(COLLISION_LAB_SPRITES_DIR);
    if (!loaded.ok()) {
        std::fprintf(stderr, "%s\n", loaded.error.c_str());
        std::exit(2);
    }
    return *loaded.sprites;
}

double threadCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

double percentile(std::vector<double> values, double p) {
    std::sort(values.begin(), values.end());
    const auto rank = static_cast<std::size_t>(std::ceil(p * static_cast<double>(values.size())));
    return values[std::clamp<std::size_t>(rank, 1, values.size()) - 1];
}

// A square field with room for `blocks` at one block per 128 x 128 pixels (a quarter of it covered).
double densityFieldSide(int blocks) { return std::round(128.0 * std::sqrt(static_cast<double>(blocks))); }

void playRun(benchmark::State& state, GameSettings settings, int frames) {
    settings.spawnProbability = steadySpawnProbability(settings, sprites(), settings.maxBlocks);
    std::vector<double> work, cpu;
    double broad = 0, precheck = 0, pixel = 0, alive = 0, pairs = 0, after = 0, hits = 0;
    for (auto _ : state) {
        state.PauseTiming();
        FallingBlocksGame game(sprites(), settings, 2024);
        work.clear();
        cpu.clear();
        broad = precheck = pixel = alive = pairs = after = hits = 0;
        std::uint8_t keys = kInputRight;
        state.ResumeTiming();
        for (int f = 0; f < frames; ++f) {
            if (game.personPosition().x <= 0.0) keys = kInputRight;
            if (game.personPosition().x >= settings.fieldWidth - game.personMask().width()) keys = kInputLeft;
            const double start = threadCpuMs();
            game.step(keys);
            cpu.push_back(threadCpuMs() - start);
            const FrameReport& r = game.lastFrame();
            work.push_back(r.times.totalNs() / 1e6);
            broad += r.times.broadPhaseNs / 1e6;
            precheck += r.times.precheckNs / 1e6;
            pixel += r.times.pixelNs / 1e6;
            alive += static_cast<double>(r.counts.alive);
            pairs += static_cast<double>(r.counts.broadPhasePairs);
            after += static_cast<double>(r.counts.afterPrecheck);
            hits += static_cast<double>(r.counts.hits);
        }
    }
    const double n = frames;
    state.counters["work_p50_ms"] = percentile(work, 0.50);
    state.counters["work_p95_ms"] = percentile(work, 0.95);
    state.counters["work_max_ms"] = percentile(work, 1.0);
    state.counters["cpu_p50_ms"] = percentile(cpu, 0.50);
    state.counters["cpu_p95_ms"] = percentile(cpu, 0.95);
    state.counters["cpu_max_ms"] = percentile(cpu, 1.0);
    state.counters["broad_ms"] = broad / n;
    state.counters["precheck_ms"] = precheck / n;
    state.counters["pixel_ms"] = pixel / n;
    state.counters["alive"] = alive / n;
    state.counters["pairs"] = pairs / n;
    state.counters["after_precheck"] = after / n;
    state.counters["hits"] = hits / n;
}

void registerRun(const std::string& name, GameSettings settings, int frames) {
    benchmark::RegisterBenchmark(name.c_str(), [settings, frames](benchmark::State& state) { playRun(state, settings, frames); })
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
}

GameSettings full(int blocks, double width, double height, PairMode pairs, BroadPhaseKind broadPhase, const char* precheck) {
    GameSettings s;
    s.fieldWidth = width;
    s.fieldHeight = height;
    s.maxBlocks = blocks;
    s.initialBlocks = blocks;
    s.pairs = pairs;
    s.broadPhase = broadPhase;
    s.precheck = precheck;
    return s;
}

}  // namespace

void registerGameBenchmarks() {
    const BroadPhaseKind kinds[] = {BroadPhaseKind::Tree, BroadPhaseKind::Sweep, BroadPhaseKind::None, BroadPhaseKind::Grid};
    // The first target: 1,000 spinning 64 x 64 blocks against the person, 600 frames, in the
    // tutorial's own 800 x 600 window (about 100 blocks reach the person's box each frame) and in a field
    // at the density of the scaling rows.
    for (BroadPhaseKind kind : kinds) {
        registerRun("game/person/1000/window-800x600/" + std::string(broadPhaseName(kind)),
                    full(1000, 800, 600, PairMode::Person, kind, "aabb"), 600);
    }
    // How each stage grows with the number of blocks, at one block per 128 x 128 pixels.
    for (int blocks : {100, 1000, 10000, 100000}) {
        const double side = densityFieldSide(blocks);
        for (BroadPhaseKind kind : kinds) {
            if (kind == BroadPhaseKind::None && blocks > 1000) continue;
            if (kind == BroadPhaseKind::Tree && blocks > 10000) continue;
            registerRun("game/person/" + std::to_string(blocks) + "/density/" + std::string(broadPhaseName(kind)),
                        full(blocks, side, side, PairMode::Person, kind, "aabb"), 600);
        }
        for (BroadPhaseKind kind : kinds) {
            // No broad phase over every pair is n(n-1)/2 pre-checks a frame: 494,000 at 1,000 blocks.
            if (kind == BroadPhaseKind::None && blocks > 100) continue;
            if (kind == BroadPhaseKind::Tree && blocks > 10000) continue;
            registerRun("game/all/" + std::to_string(blocks) + "/density/" + std::string(broadPhaseName(kind)),
                        full(blocks, side, side, PairMode::All, kind, "aabb"), blocks >= 100000 ? 30 : blocks >= 10000 ? 60 : 600);
        }
    }
}

}  // namespace cl::bench
