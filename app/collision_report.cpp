#include "app/collision_report.h"

#include <chrono>
#include <cmath>

#include "core/bounds.h"

namespace cl {

namespace {

// Drawing more sample points than this would only paint the sprite gray and cost memory.
constexpr std::int64_t kMaxSampleDots = 65536;
const sf::Color kSolidSample(230, 230, 230, 220);
const sf::Color kClearSample(120, 120, 120, 120);
const sf::Color kHitSample(255, 48, 48, 255);
const sf::Color kOverlapPixel(255, 40, 180, 208);

void appendDot(std::vector<sf::Vertex>& quads, glm::dvec2 c, double half, sf::Color colour) {
    quads.emplace_back(sf::Vector2f(float(c.x - half), float(c.y - half)), colour);
    quads.emplace_back(sf::Vector2f(float(c.x + half), float(c.y - half)), colour);
    quads.emplace_back(sf::Vector2f(float(c.x + half), float(c.y + half)), colour);
    quads.emplace_back(sf::Vector2f(float(c.x - half), float(c.y + half)), colour);
}

ScanGeometry buildGeometry(const PairAnalysis& p, const AlphaMask& maskA, Sampling sampling) {
    ScanGeometry g;
    const glm::dmat3& worldA = p.transform.worldA;
    g.overlapQuadsWorld.reserve(p.scan.hits.size() * 4);
    for (const PixelHit& hit : p.scan.hits) {
        const double x = hit.a.x, y = hit.a.y;
        const glm::dvec2 corners[4] = {{x, y}, {x + 1, y}, {x + 1, y + 1}, {x, y + 1}};
        for (const glm::dvec2& c : corners) {
            const glm::dvec2 w = transformPoint(worldA, c);
            g.overlapQuadsWorld.emplace_back(sf::Vector2f(float(w.x), float(w.y)), kOverlapPixel);
        }
    }
    const double offset = sampleOffset(sampling);
    const glm::dmat3& aToB = p.transform.aToB;
    // Dots shrink with A's pixels as seen in B, so neighbours never merge.
    const double pitchInB = std::min(std::hypot(aToB[0][0], aToB[0][1]), std::hypot(aToB[1][0], aToB[1][1]));
    const double halfB = 0.09 * std::min(1.0, pitchInB), halfA = 0.09;
    const std::int64_t total = std::int64_t(maskA.width()) * maskA.height();
    const bool all = total <= kMaxSampleDots;
    g.samplesOmitted = !all && maskA.solidCount() > kMaxSampleDots;
    if (!g.samplesOmitted) {
        for (int y = 0; y < maskA.height(); ++y) {
            for (int x = 0; x < maskA.width(); ++x) {
                const bool solid = maskA.solid(x, y);
                if (!solid && !all) continue;
                const glm::dvec2 s{x + offset, y + offset};
                appendDot(g.samplesInB, transformPoint(aToB, s), halfB, solid ? kSolidSample : kClearSample);
                appendDot(g.samplesInA, s, halfA, solid ? kSolidSample : kClearSample);
            }
        }
    }
    for (const PixelHit& hit : p.scan.hits) {
        const glm::dvec2 s{hit.a.x + offset, hit.a.y + offset};
        appendDot(g.hitsInB, transformPoint(aToB, s), 2.2 * halfB, kHitSample);
        appendDot(g.hitsInA, s, 2.2 * halfA, kHitSample);
    }
    return g;
}

}  // namespace

CollisionReport::CollisionReport() : m_worker([this](std::stop_token stop) { workerLoop(stop); }) {}

CollisionReport::~CollisionReport() {
    m_worker.request_stop();
    m_wake.notify_all();
}

CollisionReport::Snapshot CollisionReport::compute(const Job& job, MaskCache& masks) {
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
        for (const Algorithm& algorithm : algorithms()) {
            p.rows.push_back({&algorithm, runAlgorithm(algorithm, a, b, options), false});
        }
        if (p.pixelTest) {
            TestOptions listing = options;
            listing.listHits = true;
            p.scan = runAlgorithm(*p.pixelTest, a, b, listing);
        }
        bool reference = false;
        for (const AlgorithmRow& row : p.rows) {
            if (row.algorithm == p.pixelTest) reference = row.result.hit;
            if (row.algorithm == p.chosen) p.hit = row.result.hit;
        }
        for (AlgorithmRow& row : p.rows) {
            row.disagrees = row.algorithm->kind == AlgorithmKind::Pixel && row.result.applicable &&
                            row.result.hit != reference;
        }
        p.geometry = buildGeometry(p, *snap.sprites[job.a].mask, job.sampling);
    }
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
        auto snap = std::make_unique<Snapshot>(compute(job, m_masks));
        {
            std::lock_guard lock(m_mutex);
            m_doneId = snap->jobId;
            m_done = std::move(snap);
        }
        m_finished.notify_all();
    }
}

bool CollisionReport::adopt() {
    std::unique_ptr<Snapshot> done;
    {
        std::lock_guard lock(m_mutex);
        done = std::move(m_done);
    }
    if (!done) return false;
    m_computeTimes.push_back(done->ms);
    m_current = std::move(*done);
    ++m_generation;
    return true;
}

bool CollisionReport::update(const Scene& scene, std::uint64_t revision, int pairA, int pairB, const std::string& chosen,
                             bool wait) {
    if (!m_asked || revision != m_revision || pairA != m_pairA || pairB != m_pairB || chosen != m_chosen) {
        m_asked = true;
        m_revision = revision;
        m_pairA = pairA;
        m_pairB = pairB;
        m_chosen = chosen;
        Job job;
        job.id = ++m_postedId;
        job.sampling = scene.sampling;
        job.scan = scene.scan;
        job.a = pairA;
        job.b = pairB;
        job.chosen = chosen;
        for (const SceneSprite& s : scene.sprites) job.sprites.push_back({s.pixels, s.transform, s.alphaThreshold});
        {
            std::lock_guard lock(m_mutex);
            m_job = std::move(job);  // a job not started yet is replaced: only the newest inputs matter
        }
        m_wake.notify_all();
    }
    if (wait && pending()) {
        std::unique_lock lock(m_mutex);
        m_finished.wait(lock, [this] { return m_doneId == m_postedId; });
    }
    return adopt();
}

}  // namespace cl
