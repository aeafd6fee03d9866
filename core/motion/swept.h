#pragma once
// The swept test: a pixel test at sub-steps between two whole frames, so that what happens between
// frames (a fast bullet passing through a thin wall, the tip of a spinning blade skipping a sprite) is
// seen; the time of impact; and the timeline strip, computed a chunk of frames at a time.
//
// Between frames k and k+1 the chosen test runs at tau = k + m/n, m = 0..n, where n is the least count
// such that no point of either sprite's solid pixels moves more than h world pixels between consecutive
// sub-steps. A point p of a sprite sits at q(tau) = position + tau v + Rot(theta0 + tau w) S (p - origin).
// Between two sub-steps dt = 1/n apart it moves by dt v + (Rot(a + dt w) - Rot(a)) r, with r = S (p - origin);
// |(Rot(a + d) - Rot(a)) r| = 2 |r| |sin(d / 2)| <= |r| |d|, so the move is at most (|v| + |w| |r|) / n
// (w in radians). |r| is largest at a corner of a solid pixel (pivotReach = R), hence
// n = max over the two sprites of ceil((|v| + |w| R) / h), at least 1.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/collision/algorithms.h"
#include "core/base/collision_result.h"
#include "core/motion/motion.h"

namespace cl {

/// Most sub-steps one frame interval may take; more is refused with a message (raise the resolution).
inline constexpr std::int64_t kMaxSubSteps = 1000000;

/// The sub-step count of an interval, or why it is over the limit.
struct SubStepCount {
    std::int64_t count = 1;  ///< n >= 1; meaningful only when ok().
    std::string error;       ///< Set when n would exceed the limit.
    /// True when n is within the limit.
    bool ok() const { return error.empty(); }
};

/// The least n >= 1 with travelPerFrame(body) / n <= resolution for both bodies (see the file comment).
SubStepCount subStepCount(const MovingBody& a, const MovingBody& b, double resolution,
                          std::int64_t limit = kMaxSubSteps);

/// tau of sub-step m of n in the interval after `frame`: frame + m / n (exactly frame and frame + 1 at the ends).
double subStepTau(int frame, std::int64_t m, std::int64_t n);

/// What the swept test runs.
struct SweepOptions {
    /// The test run at each sub-step (through runAlgorithm, hit-only until the time of impact).
    const Algorithm* algorithm = findAlgorithm(kDefaultPixelAlgorithm);
    TestOptions test;                                  ///< Sampling and scan; the mode flags are set per call.
    double resolution = kDefaultSweepResolution;       ///< h, world pixels.
    std::int64_t maxSubSteps = kMaxSubSteps;
    /// Run the test in full mode at the time of impact, for its first pixel pair and world point.
    bool detailImpact = true;
};

/// The first sub-step that hits.
struct TimeOfImpact {
    double tau = 0.0;        ///< frame + step / subSteps.
    std::int64_t step = 0;   ///< m in 0..subSteps.
    /// The test's answer at tau: full mode (firstHit = the pixel pair and world point) when detailImpact,
    /// hit-only otherwise.
    CollisionResult result;
};

/// The swept answer for the interval [frame, frame + 1].
struct SweptResult {
    bool applicable = true;       ///< False when n is over the limit or the test does not apply.
    std::string reason;           ///< Why not applicable.
    int frame = 0;
    std::int64_t subSteps = 0;    ///< n.
    bool hit = false;             ///< Some sub-step hits (m = 0..n).
    bool hitAtStart = false;      ///< Frame k hits (sub-step 0).
    bool hitAtEnd = false;        ///< Frame k + 1 hits (sub-step n).
    std::optional<TimeOfImpact> impact;  ///< The first sub-step that hits.
    std::int64_t testsRun = 0;    ///< Pixel tests actually run (sub-steps that cannot hit are skipped).
    /// A hit between the frames while neither frame hits.
    bool tunnelling() const { return hit && !hitAtStart && !hitAtEnd; }
};

/// The swept test over [frame, frame + 1]. Sub-steps at which the two sprites' pivot circles (radius
/// pivotReach plus half a scaled pixel diagonal) are apart cannot hit in any pixel test and are not run;
/// every other sub-step up to the first hit is, in order, and the last one too (for hitAtEnd).
SweptResult sweptTest(const MovingBody& a, const MovingBody& b, int frame, const SweepOptions& options);

/// The chosen test in full mode at whole frame `frame` (the discrete answer).
CollisionResult discreteTest(const MovingBody& a, const MovingBody& b, int frame, const SweepOptions& options);

/// The transforms at the sub-steps of the interval after `frame` (n + 1 poses, m = 0..n): the swept
/// region is their union.
std::vector<SpriteTransform> subStepPoses(const MovingBody& body, int frame, std::int64_t subSteps);

/// One frame of the timeline strip: the discrete answer at the frame and the swept one after it.
struct StripCell {
    bool applicable = true;      ///< False when the interval could not be swept (see TimelineStrip::reason).
    bool hit = false;            ///< The discrete test hits at this frame.
    bool sweptHit = false;       ///< The swept test hits in [frame, frame + 1] (false on the last frame).
    bool nextHit = false;        ///< The discrete test hits at the next frame (false on the last frame).
    bool tunnelling = false;     ///< sweptHit while neither this frame nor the next hits.
    double impactTau = -1.0;     ///< Time of impact in the interval after this frame; -1 when none.
    std::int64_t subSteps = 0;   ///< n of the interval after this frame (0 on the last frame).
};

/// The strip under the timeline slider, filled a chunk at a time (by a worker) until complete.
struct TimelineStrip {
    std::vector<StripCell> cells;  ///< One per frame; the first `filled` are computed.
    int filled = 0;
    std::string reason;            ///< The first interval's reason for not being applicable, if any.
    /// True when every frame is computed.
    bool complete() const { return filled >= static_cast<int>(cells.size()); }
};

/// An empty strip for `frames` frames (at least 1).
TimelineStrip makeTimelineStrip(int frames);

/// Computes up to `maxFrames` more cells of the strip (hit-only tests; the impact is not detailed) and
/// returns how many are filled now. Cheap to call repeatedly: each call resumes where the last stopped.
int fillTimelineStrip(TimelineStrip& strip, const MovingBody& a, const MovingBody& b, const SweepOptions& options,
                      int maxFrames);

}  // namespace cl
