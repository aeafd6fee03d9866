#pragma once
// SceneCheck: runs named collision tests on a scene's sprite pairs, reports the results as a table or
// JSON, and compares them with the scene's `expect` block — the logic behind `collision-lab check`.

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/algorithms.h"
#include "core/collision_result.h"
#include "core/mask_cache.h"
#include "core/scene.h"

namespace cl {

/// What to run.
struct CheckOptions {
    std::vector<std::string> algorithms;                       ///< Names from algorithms(); empty means all.
    std::optional<std::pair<std::string, std::string>> pair;   ///< Only this pair, first = scanned (A).
    std::optional<Sampling> sampling;                          ///< Overrides the scene's sampling.
    std::optional<ScanDirection> scan;                         ///< Overrides the scene's scan direction.
    /// Also run the pairs named in the scene's expect block (e.g. "R/F" when the file lists F first).
    bool includeExpectedPairs = false;
    /// Called after each test with (tests run, tests to run); returning false stops the check, which then
    /// fails with CheckRunResult::stopped set. Empty: run to the end.
    std::function<bool(std::size_t done, std::size_t total)> progress;
};

/// One test's answer for one pair.
struct AlgorithmOutcome {
    const Algorithm* algorithm = nullptr;  ///< Never null in a report.
    CollisionResult result;
};

/// Every answer for one pair; `a` is the scanned sprite.
struct PairReport {
    std::string a;
    std::string b;
    std::vector<AlgorithmOutcome> results;  ///< In the order of the algorithm table.
};

/// Everything one check computed.
struct CheckReport {
    std::string scene;  ///< The scene file as the user named it.
    Sampling sampling = Sampling::Center;
    ScanDirection scan = ScanDirection::AToB;  ///< The directional tests' scan direction.
    std::vector<PairReport> pairs;  ///< File order: every (earlier, later) pair, then extra expected pairs.
};

/// A report, or why nothing could be run (unknown algorithm or sprite name).
struct CheckRunResult {
    std::optional<CheckReport> report;
    std::string error;
    bool stopped = false;  ///< CheckOptions::progress asked to stop (error says how far it got).
    /// True on success.
    bool ok() const { return report.has_value(); }
};

/// Runs the chosen tests on the chosen pairs, in full mode (every overlapping sample counted).
CheckRunResult runCheck(const Scene& scene, const std::string& sceneLabel, const CheckOptions& options, MaskCache& masks);

/// True for the tests whose overlap is a world area (reported as "overlap_area") rather than a count.
bool reportsOverlapArea(const Algorithm& algorithm);

/// One result in the JSON shape of `check --json` (and of an expect entry): applicable, reason, hit,
/// overlap or overlap_area, first_hit {a, b, world}, samples, time_ns — only the fields that apply.
nlohmann::ordered_json resultJson(const Algorithm& algorithm, const CollisionResult& result);

/// The whole report as `check --json` prints it: {"scene": ..., "sampling": ..., "scan": ..., "pairs": [...]}.
nlohmann::ordered_json reportJson(const CheckReport& report);

/// The report as a readable fixed-width table, one block per pair.
std::string reportTable(const CheckReport& report);

/// The expect block filled with the deterministic fields of this report (everything but time_ns),
/// ready to paste into a scene file.
nlohmann::ordered_json expectJson(const CheckReport& report);

/// The outcome of comparing a report with an expect block.
struct VerifyResult {
    std::vector<std::string> differences;  ///< One line each: "F/R pixel-naive overlap: expected 312, got 310".
    int checked = 0;  ///< Expectations (pair + algorithm) compared.
    int skipped = 0;  ///< Expectations whose pair or algorithm was not run.
    /// True when no expectation differs.
    bool passed() const { return differences.empty(); }
};

/// Compares every field of every expectation with the report. Counts (overlap, samples, pixels) must be
/// equal; overlap_area and world coordinates may differ by 1e-6 relative (at least 1e-6 absolute).
VerifyResult verifyReport(const CheckReport& report, const nlohmann::json& expect);

}  // namespace cl
