// One separation (core/contact/contact.h) in a fresh process: the figure the suite cannot give, since
// Google Benchmark repeats a call in one process until its buffers and caches are warm.
//
//   separation_once [SCENE [CALLS]]     SCENE in assets/scenes/ (default speed-512.json), CALLS 1 to 100
//
// Loads the scene and builds its first two sprites' masks (not timed), then runs `separation` CALLS
// times (default 1) on the pair with the scene's sampling and scan and the default contact test, and
// prints one line per call: wall and CPU time of the call and the minor / major page faults it took
// (getrusage before and after). The first call is the fresh-process figure; later calls show what a
// warm process pays. tests/bench/separation_fresh.py runs it in many processes and takes medians.

#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>

#include "core/base/mask_cache.h"
#include "core/contact/contact.h"
#include "core/scene/scene.h"
#include "tests/bench/bench_scenes.h"

namespace {

std::int64_t cpuNanoseconds() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return std::int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

struct Faults {
    long minor = 0, major = 0;
};

Faults faultsSoFar() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return {u.ru_minflt, u.ru_majflt};
}

int usage(const char* why) {
    std::fprintf(stderr, "separation_once: %s\nusage: separation_once [SCENE [CALLS]]  (SCENE in assets/scenes/, "
                         "CALLS 1 to 100)\n", why);
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc > 3) return usage("too many arguments");
    const std::string file = argc > 1 ? argv[1] : "speed-512.json";
    if (file.empty() || file.find('/') != std::string::npos) return usage("SCENE is a file name in assets/scenes/");
    int calls = 1;
    if (argc > 2) {
        char* end = nullptr;
        const long n = std::strtol(argv[2], &end, 10);
        if (end == argv[2] || *end != '\0' || n < 1 || n > 100) return usage("CALLS must be a whole number from 1 to 100");
        calls = static_cast<int>(n);
    }
    const cl::Scene scene = cl::bench::loadBundledScene(file);
    if (scene.sprites.size() < 2) return usage("the scene needs two sprites");
    cl::MaskCache masks;
    const auto maskA = masks.get(scene.sprites[0].pixels, scene.sprites[0].alphaThreshold);
    const auto maskB = masks.get(scene.sprites[1].pixels, scene.sprites[1].alphaThreshold);
    const cl::Body a{maskA.get(), scene.sprites[0].transform}, b{maskB.get(), scene.sprites[1].transform};
    cl::ContactOptions options;
    options.test = cl::findAlgorithm(cl::kDefaultPixelAlgorithm);
    options.sampling = scene.sampling;
    options.scan = scene.scan;
    for (int call = 1; call <= calls; ++call) {
        const Faults before = faultsSoFar();
        const std::int64_t cpu0 = cpuNanoseconds();
        const auto wall0 = std::chrono::steady_clock::now();
        const cl::Separation s = cl::separation(cl::ContactPair(a, b, options));
        const auto wall1 = std::chrono::steady_clock::now();
        const std::int64_t cpu1 = cpuNanoseconds();
        const Faults after = faultsSoFar();
        const double wallMs = std::chrono::duration<double, std::milli>(wall1 - wall0).count();
        std::printf("%s call %d: wall %.3f ms, cpu %.3f ms, minor faults %ld, major faults %ld, tests %lld, "
                    "cell (%d, %d), depth %.6f\n",
                    file.c_str(), call, wallMs, static_cast<double>(cpu1 - cpu0) / 1e6, after.minor - before.minor,
                    after.major - before.major, static_cast<long long>(s.testsRun), s.cell.x, s.cell.y, s.depth);
    }
    return 0;
}
