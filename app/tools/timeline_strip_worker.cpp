#include "app/tools/timeline_strip_worker.h"

#include <algorithm>
#include <chrono>

#include "core/scene/animation_time.h"
#include "core/base/mask_cache.h"

namespace cl {

namespace {

// A chunk grows while it takes less than this, so a new request is taken within a few milliseconds.
constexpr double kChunkMs = 4.0;
// The panel gets a copy of the strip at most this often while it fills.
constexpr auto kShareEvery = std::chrono::milliseconds(30);

// The sprite a job's side stands for, as core/scene/animation_time.h's movingBodyOf() takes it.
SceneSprite stripSprite(const std::shared_ptr<const RgbaImage>& image, int threshold, const SpriteTransform& transform,
                        const SpriteMotion& motion, const StripAnimation& animation) {
    SceneSprite sprite;
    sprite.pixels = image;
    sprite.alphaThreshold = threshold;
    sprite.transform = transform;
    sprite.motion = motion;
    if (!animation.frames.empty()) {
        sprite.sheet = animation.sheet;
        sprite.atlasData = animation.atlas;
        sprite.animation.frames = animation.frames;
        sprite.flip = animation.flip;
        sprite.frameIndex = animation.start;
    }
    return sprite;
}

}  // namespace

TimelineStripWorker::TimelineStripWorker()
    : m_worker([this](std::optional<StripJob> job, Worker::Job& control) {
          if (job) run(*job, control);
          return false;
      }) {}

TimelineStripWorker::~TimelineStripWorker() = default;

std::uint64_t TimelineStripWorker::request(const StripJob& job) {
    if (m_job && *m_job == job) return m_request;
    m_job = job;
    m_request = m_worker.post(job);
    return m_request;
}

std::shared_ptr<const StripProgress> TimelineStripWorker::progress() const {
    static const std::shared_ptr<const StripProgress> kNone = std::make_shared<StripProgress>();
    std::optional<std::shared_ptr<const StripProgress>> newest = m_worker.latest();
    return newest ? *newest : kNone;
}

void TimelineStripWorker::run(const StripJob& job, Worker::Job& control) {
    using Clock = std::chrono::steady_clock;
    const std::uint64_t request = control.id();
    // Only the newest request's progress is published; an abandoned one's last chunk is dropped.
    const auto stale = [&] { return control.stale(); };
    StripProgress work;
    work.request = request;
    work.strip = makeTimelineStrip(job.frames);
    const auto share = [&] { control.deliverIfNewest(std::make_shared<StripProgress>(work)); };
    if (!job.imageA || !job.imageB || !job.algorithm) {
        work.strip.reason = "no pair to test";
        work.impactSearched = true;
        share();
        return;
    }
    std::vector<std::shared_ptr<const AlphaMask>> held;
    MovingBody a, b;
    std::string error = movingBodyOf(stripSprite(job.imageA, job.thresholdA, job.a, job.motionA, job.animationA), job.fps,
                                     m_frames, m_masks, held, a);
    if (error.empty()) {
        error = movingBodyOf(stripSprite(job.imageB, job.thresholdB, job.b, job.motionB, job.animationB), job.fps, m_frames,
                             m_masks, held, b);
    }
    if (!error.empty()) {
        work.strip.reason = error;
        work.impactSearched = true;
        share();
        return;
    }
    SweepOptions options;
    options.algorithm = job.algorithm;
    options.test.sampling = job.sampling;
    options.test.scan = job.scan;
    options.resolution = job.resolution;
    share();

    int chunk = 1;
    int searched = 0;  // cells already looked at for the first hit
    Clock::time_point shared = Clock::now();
    while (!work.strip.complete() || !work.impactSearched) {
        if (stale()) break;
        const Clock::time_point start = Clock::now();
        if (!work.strip.complete()) fillTimelineStrip(work.strip, a, b, options, chunk);
        bool found = false;
        if (!work.impactSearched) {
            // The first cell that hits names the interval to run in full; searched as soon as it is filled.
            const auto& cells = work.strip.cells;
            for (; searched < work.strip.filled && !(cells[searched].hit || cells[searched].sweptHit); ++searched) {}
            if (searched < work.strip.filled) {
                const int k = searched;
                StripImpact impact;
                impact.frame = k;
                if (k + 1 < int(cells.size())) {
                    const SweptResult swept = sweptTest(a, b, k, options);
                    impact.subSteps = swept.subSteps;
                    if (swept.impact) impact.impact = *swept.impact;
                } else {
                    impact.impact.tau = k;
                    impact.impact.result = discreteTest(a, b, k, options);
                }
                work.impact = impact;
                work.impactSearched = found = true;
            } else if (work.strip.complete()) {
                work.impactSearched = found = true;
            }
        }
        const Clock::time_point now = Clock::now();
        const double ms = std::chrono::duration<double, std::milli>(now - start).count();
        if (ms < kChunkMs / 2) chunk = std::min(chunk * 2, 1 << 16);
        // A copy for the panel now and then (a long strip is megabytes), and whenever something new is known.
        if (found || work.strip.complete() || now - shared >= kShareEvery) {
            share();
            shared = now;
        }
    }
}

}  // namespace cl
