#pragma once
// TimelineStripWorker: fills the Timeline tool's strip (the discrete answer at every frame and the swept
// one after it) and finds the detailed time of impact on a LatestWorker, a chunk of frames at a time,
// publishing what it has after each chunk; a newer request abandons the old one between chunks.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/analysis/latest_worker.h"
#include "core/base/mask_cache.h"
#include "core/scene/atlas.h"
#include "core/scene/frame_image.h"
#include "core/base/image.h"
#include "core/motion/motion.h"
#include "core/motion/swept.h"

namespace cl {

/// The animation a strip's sprite plays (empty `frames`: none): what core/scene/animation_time.h needs to cut its frames.
struct StripAnimation {
    std::shared_ptr<const RgbaImage> sheet;
    std::shared_ptr<const Atlas> atlas;
    std::vector<std::string> frames;
    FrameFlip flip;
    int start = 0;  ///< The frame shown at frame 0.
    bool operator==(const StripAnimation&) const = default;
};

/// What a strip is computed from: the pair at frame 0 with its motion and animation, the timeline and the test.
struct StripJob {
    std::shared_ptr<const RgbaImage> imageA, imageB;
    int thresholdA = 0, thresholdB = 0;
    SpriteTransform a, b;            ///< At frame 0.
    SpriteMotion motionA, motionB;
    StripAnimation animationA, animationB;
    double fps = kDefaultSceneFps;
    int frames = 1;
    double resolution = kDefaultSweepResolution;
    const Algorithm* algorithm = nullptr;
    Sampling sampling = Sampling::Center;
    ScanDirection scan = ScanDirection::AToB;
    bool operator==(const StripJob&) const = default;
};

/// The first sub-step of the whole timeline that hits, in full (its first pixel pair and world point).
struct StripImpact {
    int frame = 0;                 ///< The interval [frame, frame + 1] (or the last frame itself).
    std::int64_t subSteps = 0;     ///< n of that interval (0 for the last frame).
    TimeOfImpact impact;
};

/// What the worker has computed so far for one request.
struct StripProgress {
    std::uint64_t request = 0;          ///< Which request() it answers (0: none yet).
    TimelineStrip strip;
    bool impactSearched = false;        ///< True once `impact` is final (found, or no hit anywhere).
    std::optional<StripImpact> impact;
};

/// Runs strip jobs on a worker thread; the newest request wins. Called from one thread (the tool's).
class TimelineStripWorker {
public:
    TimelineStripWorker();
    /// Stops: a strip being filled is abandoned after its current chunk.
    ~TimelineStripWorker();
    TimelineStripWorker(const TimelineStripWorker&) = delete;
    TimelineStripWorker& operator=(const TimelineStripWorker&) = delete;

    /// Starts computing `job` unless it is the newest request already; returns the request's number.
    std::uint64_t request(const StripJob& job);
    /// The newest published progress (never null; shared, so reading it costs nothing).
    std::shared_ptr<const StripProgress> progress() const;

private:
    using Worker = LatestWorker<StripJob, std::shared_ptr<const StripProgress>>;
    void run(const StripJob& job, Worker::Job& control);

    std::optional<StripJob> m_job;  // the newest request
    std::uint64_t m_request = 0;    // its number
    MaskCache m_masks;              // worker only
    FrameImageCache m_frames;       // worker only
    Worker m_worker;                // last: starts after everything above exists, stops first
};

}  // namespace cl
