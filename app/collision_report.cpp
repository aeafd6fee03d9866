#include "app/collision_report.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <future>

#include "core/bounds.h"

namespace cl {

namespace {

// Drawing more sample points than this would only paint the sprite gray and cost memory.
constexpr std::int64_t kMaxSampleDots = 65536;
const sf::Color kSolidSample(230, 230, 230, 220);
const sf::Color kClearSample(120, 120, 120, 120);
const sf::Color kHitSample(255, 48, 48, 255);
const sf::Color kOverlapPixel(255, 40, 180, 208);
// Half the side of a sample dot, in A's pixels: neighbours never merge, wherever the view maps them.
constexpr double kSampleHalf = 0.09;
// Overlapping samples get larger dots, as long as there are no more than kMaxHitDots of them.
constexpr double kHitHalf = 2.2 * kSampleHalf;
constexpr std::size_t kMaxHitDots = 8192;

// Vertices are filled in by copying a blank one: sf::Vertex's constructors live in the SFML library,
// and calling them for every one of hundreds of thousands of vertices showed up in profiles.
const sf::Vertex kBlankVertex;

inline void appendVertex(std::vector<sf::Vertex>& out, glm::dvec2 p, sf::Color colour) {
    sf::Vertex& v = out.emplace_back(kBlankVertex);
    v.position = {float(p.x), float(p.y)};
    v.color = colour;
}

// The box [x0, x1] x [y0, y1] as one quad, each corner mapped by `map`.
template <typename Map>
void appendBox(std::vector<sf::Vertex>& quads, double x0, double y0, double x1, double y1, sf::Color colour, Map map) {
    for (const glm::dvec2 c : {glm::dvec2{x0, y0}, glm::dvec2{x1, y0}, glm::dvec2{x1, y1}, glm::dvec2{x0, y1}}) {
        appendVertex(quads, map(c), colour);
    }
}

const auto kUnmapped = [](glm::dvec2 p) { return p; };

void appendDot(std::vector<sf::Vertex>& quads, glm::dvec2 c, double half, sf::Color colour) {
    appendBox(quads, c.x - half, c.y - half, c.x + half, c.y + half, colour, kUnmapped);
}

// Calls addRun(first, lastX) for each run of hits on neighbouring pixels along one of A's rows (scans
// list their hits row by row, so runs are consecutive in the list).
template <typename AddRun>
void forEachRun(const std::vector<PixelHit>& hits, AddRun addRun) {
    std::size_t i = 0;
    while (i < hits.size()) {
        const glm::ivec2 first = hits[i].a;
        int last = first.x;
        for (++i; i < hits.size() && hits[i].a.y == first.y && hits[i].a.x == last + 1; ++i) ++last;
        addRun(first, last);
    }
}

// A's overlapping pixels as world quads, one per run: the same picture with far fewer vertices than one
// quad per pixel.
std::vector<sf::Vertex> overlapRuns(const std::vector<PixelHit>& hits, const glm::dmat3& worldA) {
    std::vector<sf::Vertex> quads;
    const auto toWorld = [&](glm::dvec2 p) { return transformPoint(worldA, p); };
    forEachRun(hits, [&](glm::ivec2 first, int last) {
        appendBox(quads, first.x, first.y, last + 1.0, first.y + 1.0, kOverlapPixel, toWorld);
    });
    return quads;
}

// The overlapping samples in A's texture space: a dot each, or past kMaxHitDots one bar per run through
// the dots' centres (the same picture unless zoomed far in, at a fraction of the vertices).
std::vector<sf::Vertex> hitMarks(const std::vector<PixelHit>& hits, Sampling sampling, bool& asRuns) {
    const double offset = sampleOffset(sampling), half = kHitHalf;
    std::vector<sf::Vertex> quads;
    asRuns = hits.size() > kMaxHitDots;
    if (!asRuns) {
        quads.reserve(hits.size() * 4);
        for (const PixelHit& hit : hits) appendDot(quads, {hit.a.x + offset, hit.a.y + offset}, half, kHitSample);
        return quads;
    }
    forEachRun(hits, [&](glm::ivec2 first, int last) {
        appendBox(quads, first.x + offset - half, first.y + offset - half, last + offset + half, first.y + offset + half,
                  kHitSample, kUnmapped);
    });
    return quads;
}

// A's sample points in A's texture space: every one when A is small, else only the solid ones, and
// none when even those are too many to draw.
std::shared_ptr<const std::vector<sf::Vertex>> sampleDots(const AlphaMask& maskA, Sampling sampling) {
    const std::int64_t total = std::int64_t(maskA.width()) * maskA.height();
    const bool all = total <= kMaxSampleDots;
    if (!all && maskA.solidCount() > kMaxSampleDots) return nullptr;
    auto quads = std::make_shared<std::vector<sf::Vertex>>();
    quads->reserve(std::size_t(all ? total : maskA.solidCount()) * 4);
    const double offset = sampleOffset(sampling);
    for (int y = 0; y < maskA.height(); ++y) {
        for (int x = 0; x < maskA.width(); ++x) {
            const bool solid = maskA.solid(x, y);
            if (!solid && !all) continue;
            appendDot(*quads, {x + offset, y + offset}, kSampleHalf, solid ? kSolidSample : kClearSample);
        }
    }
    return quads;
}

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
// Tests that would start after kAnswerWorkBudget are not run; their rows say so.
void runTests(const std::vector<TestRun>& runs, const Body& a, const Body& b, bool twoThreads) {
    const auto deadline = std::chrono::steady_clock::now() + kAnswerWorkBudget;
    const auto run = [&](const TestRun& r) {
        if (std::chrono::steady_clock::now() > deadline) {
            *r.out = notApplicable("not run: this answer passed its " + std::to_string(kAnswerWorkBudget.count()) +
                                   " s work budget (huge sprites); `collision-lab check` runs every test");
            return;
        }
        *r.out = runAlgorithm(*r.algorithm, a, b, r.options);
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

CollisionReport::CollisionReport() : m_worker([this](std::stop_token stop) { workerLoop(stop); }) {}

CollisionReport::~CollisionReport() {
    m_worker.request_stop();
    m_wake.notify_all();
}

CollisionReport::Snapshot CollisionReport::compute(const Job& job, MaskCache& masks, SampleDots& dots) {
    const auto start = std::chrono::steady_clock::now();
    Snapshot snap;
    snap.jobId = job.id;
    snap.sprites.reserve(job.sprites.size());
    for (const SpriteInput& sprite : job.sprites) {
        SpriteShapes shapes;
        if (sprite.pixels) shapes.mask = masks.get(sprite.pixels, sprite.threshold);
        if (!shapes.mask) shapes.mask = std::make_shared<const AlphaMask>();
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
        const Body a{snap.sprites[job.a].mask.get(), job.sprites[job.a].transform};
        const Body b{snap.sprites[job.b].mask.get(), job.sprites[job.b].transform};
        p.transform = makePairTransform(a.transform, b.transform, job.sampling);
        if (overlapsPositively(snap.sprites[job.a].aabb, snap.sprites[job.b].aabb)) {
            p.aabbOverlap = intersection(snap.sprites[job.a].aabb, snap.sprites[job.b].aabb);
        }
        p.chosen = findAlgorithm(job.chosen);
        if (!p.chosen) p.chosen = findAlgorithm(kDefaultPixelAlgorithm);
        p.pixelTest = p.chosen && p.chosen->kind == AlgorithmKind::Pixel ? p.chosen : findAlgorithm(kDefaultPixelAlgorithm);

        TestOptions options;
        options.sampling = job.sampling;
        options.scan = job.scan;
        std::vector<TestRun> runs;
        for (const Algorithm& algorithm : algorithms()) {
            AlgorithmRow& row = p.rows.emplace_back(AlgorithmRow{&algorithm, {}, false});
            if (std::find(job.skip.begin(), job.skip.end(), algorithm.name) != job.skip.end()) {
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
        runTests(runs, a, b, job.twoThreads);
        bool reference = false;
        for (const AlgorithmRow& row : p.rows) {
            if (row.algorithm == p.pixelTest) reference = row.result.hit;
            if (row.algorithm == p.chosen) p.hit = row.result.hit;
        }
        for (AlgorithmRow& row : p.rows) {
            row.disagrees = row.algorithm->kind == AlgorithmKind::Pixel && !row.deferred && row.result.applicable &&
                            row.result.hit != reference;
        }
        ScanGeometry& g = p.geometry;
        g.overlapQuadsWorld = overlapRuns(p.scan.hits, p.transform.worldA);
        const std::shared_ptr<const AlphaMask>& maskA = snap.sprites[job.a].mask;
        if (dots.mask != maskA || dots.sampling != job.sampling) dots = {maskA, job.sampling, sampleDots(*maskA, job.sampling)};
        g.samplesInA = dots.quads;
        g.samplesOmitted = !dots.quads;
        g.hitsInA = hitMarks(p.scan.hits, job.sampling, g.hitsAsRuns);
    }
    snap.deferring = !job.skip.empty();
    snap.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return snap;
}

void CollisionReport::workerLoop(std::stop_token stop) {
    while (true) {
        Job job;
        {
            std::unique_lock lock(m_mutex);
            if (!m_wake.wait(lock, stop, [this] { return m_job.has_value(); })) return;
            job = std::move(*m_job);
            m_job.reset();
        }
        auto snap = std::make_unique<Snapshot>(compute(job, m_masks, m_dots));
        {
            std::lock_guard lock(m_mutex);
            m_doneId = snap->jobId;
            m_done = std::move(snap);
        }
        m_finished.notify_all();
    }
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
    std::unique_ptr<Snapshot> done;
    {
        std::lock_guard lock(m_mutex);
        done = std::move(m_done);
    }
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
        job.id = ++m_postedId;
        job.sampling = scene.sampling;
        job.scan = scene.scan;
        job.a = request.pairA;
        job.b = request.pairB;
        job.chosen = request.chosen;
        // A second thread costs about a thread start: worth it only when the last such answer took long.
        job.twoThreads = recentMs(request.editing) >= m_twoThreadsAfterMs;
        if (request.editing) {
            for (const std::string& name : m_deferred) {
                if (name != request.chosen) job.skip.push_back(name);
            }
        }
        for (const SceneSprite& s : scene.sprites) job.sprites.push_back({s.pixels, s.transform, s.alphaThreshold});
        {
            std::lock_guard lock(m_mutex);
            m_job = std::move(job);  // a job not started yet is replaced: only the newest inputs matter
        }
        m_wake.notify_all();
    }
    if (wait > std::chrono::microseconds::zero() && pending()) {
        std::unique_lock lock(m_mutex);
        const auto answered = [this] { return m_doneId == m_postedId; };
        if (wait == kWaitUntilDone) {
            m_finished.wait(lock, answered);
        } else {
            m_finished.wait_for(lock, wait, answered);
        }
    }
    return adopt();
}

bool CollisionReport::update(const Scene& scene, std::uint64_t revision, int pairA, int pairB, const std::string& chosen,
                             bool wait) {
    return update(scene, ReportRequest{revision, pairA, pairB, chosen, false},
                  wait ? kWaitUntilDone : std::chrono::microseconds::zero());
}

}  // namespace cl
