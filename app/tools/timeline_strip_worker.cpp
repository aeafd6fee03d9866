#include "app/tools/timeline_strip_worker.h"

#include <algorithm>
#include <chrono>

#include "core/mask_cache.h"

namespace cl {

namespace {

// A chunk grows while it takes less than this, so a new request is taken within a few milliseconds.
constexpr double kChunkMs = 4.0;

}  // namespace

TimelineStripWorker::TimelineStripWorker() : m_progress(std::make_shared<StripProgress>()) {
    m_thread = std::thread([this] { run(); });
}

TimelineStripWorker::~TimelineStripWorker() {
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    m_thread.join();
}

std::uint64_t TimelineStripWorker::request(const StripJob& job) {
    {
        std::lock_guard lock(m_mutex);
        if (m_job && *m_job == job) return m_request;
        m_job = job;
        ++m_request;
    }
    m_wake.notify_all();
    return m_request;
}

std::shared_ptr<const StripProgress> TimelineStripWorker::progress() const {
    std::lock_guard lock(m_mutex);
    return m_progress;
}

void TimelineStripWorker::publish(std::shared_ptr<const StripProgress> progress, std::uint64_t request) {
    std::lock_guard lock(m_mutex);
    if (request == m_request) m_progress = std::move(progress);
}

void TimelineStripWorker::run() {
    using Clock = std::chrono::steady_clock;
    MaskCache masks;
    std::uint64_t done = 0;
    for (;;) {
        StripJob job;
        std::uint64_t request = 0;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [&] { return m_stop || (m_job && m_request != done); });
            if (m_stop) return;
            job = *m_job;
            request = m_request;
        }
        done = request;
        const auto stale = [&] {
            std::lock_guard lock(m_mutex);
            return m_stop || m_request != request;
        };
        auto progress = std::make_shared<StripProgress>();
        progress->request = request;
        progress->strip = makeTimelineStrip(job.frames);
        if (!job.imageA || !job.imageB || !job.algorithm) {
            progress->strip.reason = "no pair to test";
            progress->impactSearched = true;
            publish(progress, request);
            continue;
        }
        const auto maskA = masks.get(job.imageA, job.thresholdA);
        const auto maskB = masks.get(job.imageB, job.thresholdB);
        const MovingBody a{maskA.get(), job.a, job.motionA};
        const MovingBody b{maskB.get(), job.b, job.motionB};
        SweepOptions options;
        options.algorithm = job.algorithm;
        options.test.sampling = job.sampling;
        options.test.scan = job.scan;
        options.resolution = job.resolution;
        publish(progress, request);

        int chunk = 1;
        while (!progress->strip.complete() || !progress->impactSearched) {
            if (stale()) break;
            auto next = std::make_shared<StripProgress>(*progress);
            const Clock::time_point start = Clock::now();
            if (!next->strip.complete()) fillTimelineStrip(next->strip, a, b, options, chunk);
            if (!next->impactSearched) {
                // The first cell that hits names the interval to run in full; searched as soon as it is filled.
                const auto& cells = next->strip.cells;
                const auto hit = std::find_if(cells.begin(), cells.begin() + next->strip.filled,
                                              [](const StripCell& c) { return c.hit || c.sweptHit; });
                if (hit != cells.begin() + next->strip.filled) {
                    const int k = int(hit - cells.begin());
                    StripImpact found;
                    found.frame = k;
                    if (k + 1 < int(cells.size())) {
                        const SweptResult swept = sweptTest(a, b, k, options);
                        found.subSteps = swept.subSteps;
                        if (swept.impact) found.impact = *swept.impact;
                    } else {
                        found.impact.tau = k;
                        found.impact.result = discreteTest(a, b, k, options);
                    }
                    next->impact = found;
                    next->impactSearched = true;
                } else if (next->strip.complete()) {
                    next->impactSearched = true;
                }
            }
            const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
            if (ms < kChunkMs / 2) chunk = std::min(chunk * 2, 1 << 16);
            progress = next;
            publish(progress, request);
        }
    }
}

}  // namespace cl
