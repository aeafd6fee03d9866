#include "app/analysis/collision_report.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <functional>
#include <future>

#include "core/base/bounds.h"

namespace cl {

namespace {

// One test to run for an answer, and where its result goes.
struct TestRun {
    const Algorithm* algorithm;
    TestOptions options;
    CollisionResult* out;
};

/// Work one answer may take before the tests not yet started are skipped: a pair of huge sprites
/// (8192x8192 each) takes tens of seconds for every test, and the sandbox must keep answering edits.
constexpr std::chrono::seconds kAnswerWorkBudget{3};

// Runs every test; with `twoThreads`, a second thread shares the tests that may run anywhere while this
// one also runs the thread-bound ones, so a frame waiting for the answer gets it sooner on two cores.
// Tests that would start after kAnswerWorkBudget are not run; their rows say so. Once the report is being
// destroyed no further test starts (nobody reads the answer).
void runTests(const std::vector<TestRun>& runs, const Body& a, const Body& b, bool twoThreads,
              const std::function<bool()>& stopping) {
    const auto deadline = std::chrono::steady_clock::now() + kAnswerWorkBudget;
    const auto run = [&](const TestRun& r) {
        if (stopping()) {
            *r.out = notApplicable("not run: the report is shutting down");
            return;
        }
        if (std::chrono::steady_clock::now() > deadline) {
            *r.out = notApplicable("not run: this answer passed its " + std::to_string(kAnswerWorkBudget.count()) +
                                   " s work budget (huge sprites); `collision-lab check` runs every test");
            return;
        }
        *r.out = runAlgorithmTimed(*r.algorithm, a, b, r.options);
    };
    if (!twoThreads) {
        for (const TestRun& r : runs) run(r);
        return;
    }
    std::vector<const TestRun*> shared;
    for (const TestRun& r : runs) {
        if (!r.algorithm->threadBound) shared.push_back(&r);
    }
    std::atomic<std::size_t> next{0};
    const auto drain = [&] {
        for (std::size_t i = next++; i < shared.size(); i = next++) run(*shared[i]);
    };
    auto helper = std::async(std::launch::async, drain);
    for (const TestRun& r : runs) {
        if (r.algorithm->threadBound) run(r);
    }
    drain();
    helper.get();
}

}  // namespace

CollisionReport::CollisionReport()
    : m_worker([this](std::optional<Job> job, Worker::Job& control) {
          // Every request is answered in full (the UI shows the newest finished answer while a drag goes on).
          if (job) control.deliver(compute(*job, control.id(), m_masks, control));
          return false;
      }) {}

CollisionReport::~CollisionReport() = default;

CollisionReport::Snapshot CollisionReport::compute(const Job& job, std::uint64_t id, MaskCache& masks,
                                                   const Worker::Job& control) {
    const auto start = std::chrono::steady_clock::now();
    Snapshot snap;
    snap.jobId = id;
    snap.sampling = job.sampling;
    snap.sprites.reserve(job.sprites.size());
    for (const SpriteInput& sprite : job.sprites) {
        SpriteShapes shapes;
        if (sprite.pixels) shapes.mask = masks.get(sprite.pixels, sprite.threshold);
        if (!shapes.mask) shapes.mask = std::make_shared<const AlphaMask>();
        shapes.transform = sprite.transform;
        shapes.collider = sprite.collider;
        const Body body{shapes.mask.get(), sprite.transform};
        shapes.quad = worldQuad(body);
        shapes.aabb = worldAabb(body);
        shapes.tightAabb = tightWorldAabb(body);
        shapes.circle = boundingCircle(body);
        snap.sprites.push_back(std::move(shapes));
    }
    masks.pruneUnused();

    const int count = static_cast<int>(job.sprites.size());
    if (job.a >= 0 && job.b >= 0 && job.a < count && job.b < count && job.a != job.b) {
        PairAnalysis& p = snap.pair;
        p.a = job.a;
        p.b = job.b;
        const Body a{snap.sprites[job.a].mask.get(), job.sprites[job.a].transform, job.sprites[job.a].collider};
        const Body b{snap.sprites[job.b].mask.get(), job.sprites[job.b].transform, job.sprites[job.b].collider};
        p.transform = makePairTransform(a.transform, b.transform, job.sampling);
        if (overlapsPositively(snap.sprites[job.a].aabb, snap.sprites[job.b].aabb)) {
            p.aabbOverlap = intersection(snap.sprites[job.a].aabb, snap.sprites[job.b].aabb);
        }
        const AlgorithmSet& algorithms = *job.algorithms;
        p.chosen = job.chosen ? job.chosen : algorithms.find(kDefaultPixelAlgorithm);
        p.pixelTest = p.chosen && p.chosen->kind == AlgorithmKind::Pixel ? p.chosen : algorithms.find(kDefaultPixelAlgorithm);

        TestOptions options;
        options.sampling = job.sampling;
        options.scan = job.scan;
        std::vector<TestRun> runs;
        for (const Algorithm& algorithm : algorithms.all()) {
            AlgorithmRow& row = p.rows.emplace_back(AlgorithmRow{&algorithm, {}, false});
            if (std::find(job.skip.begin(), job.skip.end(), &algorithm) != job.skip.end()) {
                // adopt() puts the test's last answer here, if it has one.
                row.result = notApplicable("runs once the scene stops changing");
                row.deferred = true;
                row.hasResult = false;
            }
        }
        for (AlgorithmRow& row : p.rows) {
            if (!row.deferred) runs.push_back({row.algorithm, options, &row.result});
        }
        if (p.pixelTest) {
            TestOptions listing = options;
            listing.listHits = true;
            runs.push_back({p.pixelTest, listing, &p.scan});
        }
        runTests(runs, a, b, job.twoThreads, [&control] { return control.stopping(); });
        bool reference = false;
        for (const AlgorithmRow& row : p.rows) {
            if (row.algorithm == p.pixelTest) reference = row.result.hit;
            if (row.algorithm == p.chosen) p.hit = row.result.hit;
        }
        for (AlgorithmRow& row : p.rows) {
            row.disagrees = row.algorithm->kind == AlgorithmKind::Pixel && !row.deferred && row.result.applicable &&
                            row.result.hit != reference;
        }
    }
    snap.deferring = !job.skip.empty();
    snap.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return snap;
}

void CollisionReport::carryDeferredRows(Snapshot& next) const {
    const PairAnalysis& before = m_current.pair;
    if (next.pair.a != before.a || next.pair.b != before.b) return;
    for (AlgorithmRow& row : next.pair.rows) {
        if (!row.deferred) continue;
        for (const AlgorithmRow& old : before.rows) {
            if (old.algorithm != row.algorithm || !old.hasResult) continue;
            row.result = old.result;
            row.hasResult = true;
        }
    }
}

bool CollisionReport::adopt() {
    std::optional<Snapshot> done = m_worker.take();
    if (!done) return false;
    if (done->deferring) {
        m_deferringTimes.push_back(done->ms);
        m_recentDeferringMs = done->ms;
    } else {
        m_completeTimes.push_back(done->ms);
        m_recentCompleteMs = done->ms;
    }
    carryDeferredRows(*done);
    m_current = std::move(*done);
    ++m_generation;
    return true;
}

bool CollisionReport::update(const Scene& scene, const ReportRequest& request, std::chrono::microseconds wait) {
    if (!m_asked || request.revision != m_request.revision || request.pairA != m_request.pairA ||
        request.pairB != m_request.pairB || request.chosen != m_request.chosen || request.editing != m_request.editing) {
        m_asked = true;
        m_request = request;
        Job job;
        job.sampling = scene.sampling;
        job.scan = scene.scan;
        job.a = request.pairA;
        job.b = request.pairB;
        job.chosen = m_algorithms->find(request.chosen);
        if (!job.chosen) job.chosen = m_algorithms->find(kDefaultPixelAlgorithm);
        job.algorithms = m_algorithms;
        // A second thread costs about a thread start: worth it only when the last such answer took long.
        job.twoThreads = recentMs(request.editing) >= m_twoThreadsAfterMs;
        if (request.editing) {
            for (const Algorithm& algorithm : m_algorithms->all()) {
                if (algorithm.deferWhileEditing && &algorithm != job.chosen) job.skip.push_back(&algorithm);
            }
        }
        for (const SceneSprite& s : scene.sprites) job.sprites.push_back({s.pixels, s.transform, s.alphaThreshold, s.colliderOptions()});
        m_postedId = m_worker.post(std::move(job));  // a job not started yet is replaced: only the newest inputs matter
    }
    if (wait > std::chrono::microseconds::zero() && pending()) m_worker.waitFor(m_postedId, wait);
    return adopt();
}

bool CollisionReport::update(const Scene& scene, std::uint64_t revision, int pairA, int pairB, const std::string& chosen,
                             bool wait) {
    return update(scene, ReportRequest{revision, pairA, pairB, chosen, false},
                  wait ? kWaitUntilDone : std::chrono::microseconds::zero());
}

}  // namespace cl
