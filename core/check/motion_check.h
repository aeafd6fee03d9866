#pragma once
// MotionCheck: `collision-lab check --frames` — per frame of a scene's timeline, the discrete answer and
// the swept answer for the interval after it, the tunnelling intervals and the time of impact; their
// JSON and table forms; and the check of an expect block's "frames" and "time_of_impact" entries.

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/mask_cache.h"
#include "core/scene/scene.h"
#include "core/check/scene_check.h"
#include "core/motion/swept.h"

namespace cl {

/// One frame of one pair: the discrete answer at the frame and the swept answer after it.
struct FrameOutcome {
    int frame = 0;
    CollisionResult discrete;            ///< Full mode at tau = frame.
    std::optional<SweptResult> swept;    ///< [frame, frame + 1]; empty on the last frame.
};

/// The timeline of one pair under one test; `a` is the scanned sprite.
struct MotionPairReport {
    std::string a;
    std::string b;
    const Algorithm* algorithm = nullptr;  ///< Never null in a report.
    std::vector<FrameOutcome> frames;      ///< Frames 0..frames-1.
    /// The first interval's time of impact (the first sub-step of the whole timeline that hits), if any.
    const SweptResult* firstImpact() const;
    /// The frames k of the intervals [k, k+1] that tunnel.
    std::vector<int> tunnelling() const;
};

/// Everything one `check --frames` computed.
struct MotionReport {
    std::string scene;
    Sampling sampling = Sampling::Center;
    ScanDirection scan = ScanDirection::AToB;
    int frames = 1;
    double sweepResolution = kDefaultSweepResolution;
    std::vector<MotionPairReport> pairs;  ///< Pair order as runCheck(), then test order of the table.
};

/// A report, or why nothing could be run.
struct MotionRunResult {
    std::optional<MotionReport> report;
    std::string error;
    /// True on success.
    bool ok() const { return report.has_value(); }
};

/// Most sub-steps one `check --frames` may run over a pair's whole timeline ((frames - 1) x n).
inline constexpr double kMaxTimelineSubSteps = 1.0e8;

/// Runs the timeline of the chosen pairs for each chosen test (default: kDefaultPixelAlgorithm only).
/// Refuses (error set) a pair whose timeline would take more than kMaxTimelineSubSteps sub-steps.
MotionRunResult runMotionCheck(const Scene& scene, const std::string& sceneLabel, const CheckOptions& options,
                               MaskCache& masks);

/// One frame as `--json` prints it and as an expect "frames" entry is compared: frame, applicable, hit,
/// overlap or overlap_area, first_hit, swept_hit, tunnelling, sub_steps, time_of_impact (the last four
/// only for frames with an interval after them).
nlohmann::ordered_json frameJson(const Algorithm& algorithm, const FrameOutcome& outcome);

/// A time of impact as JSON: {"tau", "frame", "step", "sub_steps", "a", "b", "world"}, or null.
nlohmann::ordered_json timeOfImpactJson(const SweptResult* swept);

/// The whole report: {"scene", "sampling", "scan", "frames", "sweep_resolution", "pairs": [{"a", "b",
/// "algorithm", "frames": [...], "tunnelling": [[k, k+1], ...], "time_of_impact": ...}]}.
nlohmann::ordered_json motionReportJson(const MotionReport& report);

/// The report as a readable table, one block per pair and test.
std::string motionReportTable(const MotionReport& report);

/// An expect block with every frame's deterministic fields and the time of impact, to paste into a scene.
nlohmann::ordered_json motionExpectJson(const MotionReport& report);

/// The tests named by expectations with "frames" or "time_of_impact" entries that `available` has.
std::vector<std::string> motionExpectedAlgorithms(const Expectations& expect, const AlgorithmSet& available);

/// Compares every "frames" and "time_of_impact" entry of the expect block with the report (counts exact;
/// tau and world coordinates within 1e-6 relative). Entries for pairs or tests not run are skipped.
VerifyResult verifyMotion(const MotionReport& report, const Expectations& expect,
                          const AlgorithmSet& available = coreAlgorithms());

/// Runs the timelines the expect block's "frames" and "time_of_impact" entries need (the tests they name,
/// within options.algorithms when set, on every pair and the pairs the block names) and compares them:
/// what `check --verify` adds for motion. Nothing to compare gives an empty result; `error` on bad input.
MotionRunResult runMotionForVerify(const Scene& scene, const std::string& sceneLabel, const CheckOptions& options,
                                   MaskCache& masks);

/// Adds `more`'s differences, unavailable tests and counts to `into`.
void mergeVerify(VerifyResult& into, const VerifyResult& more);

}  // namespace cl
