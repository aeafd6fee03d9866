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

#include "core/collision/algorithms.h"
#include "core/base/collision_result.h"
#include "core/contact/contact.h"
#include "core/base/mask_cache.h"
#include "core/scene/scene.h"

namespace cl {

/// What to run.
struct CheckOptions {
    /// The tests this binary has (core's, or the app's set with gpu); names are looked up here.
    const AlgorithmSet* available = &coreAlgorithms();
    std::vector<std::string> algorithms;                       ///< Names from `available`; empty means all.
    std::optional<std::pair<std::string, std::string>> pair;   ///< Only this pair, first = scanned (A).
    std::optional<Sampling> sampling;                          ///< Overrides the scene's sampling.
    std::optional<ScanDirection> scan;                         ///< Overrides the scene's scan direction.
    /// Also answer what the expect block names: its pairs (e.g. "R/F" when the file lists F first) and contact.
    bool includeExpectedPairs = false;
    /// Also answer the contact questions (separation, push-out, approach, centroid, gradient normal).
    bool contact = false;
    std::optional<glm::dvec2> push;  ///< Unit push direction; overrides the scene's contact.push (default up).
    std::optional<int> resolution;   ///< Overrides the scene's contact.resolution (default 1).
    /// Called after each test with (tests run, tests to run); returning false stops the check, which then
    /// fails with CheckRunResult::stopped set. Empty: run to the end.
    std::function<bool(std::size_t done, std::size_t total)> progress;
    /// The work budget every test and contact question counts against (runCheck() reports running out as
    /// CheckRunResult::stopped; the other runs let WorkBudgetExceeded reach their caller). Null: none.
    WorkBudget* budget = nullptr;
};

/// The contact settings a check uses: the options' overrides, else the scene's contact block, else the defaults.
struct CheckContactSettings {
    const Algorithm* test = nullptr;      ///< The contact test (never null).
    int resolution = 1;
    glm::dvec2 push{0.0, -1.0};           ///< Unit push-out direction; approach goes the opposite way.
};
CheckContactSettings contactSettings(const Scene& scene, const CheckOptions& options);

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
    std::optional<ContactReport> contact;   ///< Set when the check answered contact questions.
};

/// A sprite whose threshold the scene writes as another engine's setting, and what it converts to.
struct EngineThresholdNote {
    std::string sprite;
    SpriteEngineThreshold setting;
    int alphaThreshold = 0;  ///< The conversion: a pixel is solid when alpha > alphaThreshold.
};

/// The note for a sprite whose threshold is written as an engine's setting (shownEngineThreshold()); empty otherwise.
std::optional<EngineThresholdNote> engineThresholdNote(const SceneSprite& sprite);
/// The note as `check --json` prints it: {"sprite", "engine", "value" (when written), "alpha_threshold", "rule"}.
nlohmann::ordered_json engineThresholdJson(const EngineThresholdNote& note);
/// The note as `check` prints it: "threshold of B: godot BitMap.create_from_image_alpha threshold 0.1: ... -> alpha > 25".
std::string engineThresholdText(const EngineThresholdNote& note);

/// Everything one check computed.
struct CheckReport {
    std::string scene;  ///< The scene file as the user named it.
    Sampling sampling = Sampling::Center;
    ScanDirection scan = ScanDirection::AToB;  ///< The directional tests' scan direction.
    std::vector<EngineThresholdNote> engineThresholds;  ///< In file order; only sprites with an engine setting.
    std::vector<PairReport> pairs;  ///< File order: every (earlier, later) pair, then extra expected pairs.
    std::optional<CheckContactSettings> contact;  ///< The contact settings, when contact questions were answered.
};

/// A report, or why nothing could be run (unknown algorithm or sprite name).
struct CheckRunResult {
    std::optional<CheckReport> report;
    std::string error;
    bool stopped = false;  ///< CheckOptions::progress asked to stop (error says how far it got).
    /// True on success.
    bool ok() const { return report.has_value(); }
};

/// The pairs (A index, B index) options ask for: --pair's, or every (earlier, later) pair in file order
/// plus, with includeExpectedPairs, the pairs the expect block names. The reason when a name is wrong.
std::optional<std::string> selectPairs(const Scene& scene, const CheckOptions& options,
                                       std::vector<std::pair<std::size_t, std::size_t>>& pairs);

/// The index of the scene's sprite with this name, or empty.
std::optional<std::size_t> findSprite(const Scene& scene, std::string_view name);

/// What a request that names no test runs.
enum class NoTestsNamed {
    Every,        ///< Every test of the set (`check`; "all" names the same).
    DefaultPixel, ///< kDefaultPixelAlgorithm alone (`check --frames`).
};

/// A request's names resolved once: table rows and sprite indices.
struct ResolvedRequest {
    std::vector<const Algorithm*> algorithms;                ///< In table order, never null.
    std::vector<std::pair<std::size_t, std::size_t>> pairs;  ///< As selectPairs() gives them.
};

/// A resolved request, or the message naming the wrong name.
struct ResolveResult {
    std::optional<ResolvedRequest> request;
    std::string error;
    /// True on success.
    bool ok() const { return request.has_value(); }
};

/// The one step that turns a request's names into table entries and sprite indices: options.algorithms
/// are looked up in *options.available (table order whatever order they were given in; none named: as
/// `none` says), the pairs are selectPairs()'s. The message names the first unknown test or sprite.
ResolveResult resolveRequest(const Scene& scene, const CheckOptions& options, NoTestsNamed none);

/// Runs the chosen tests on the chosen pairs, in full mode (every overlapping sample counted).
CheckRunResult runCheck(const Scene& scene, const std::string& sceneLabel, const CheckOptions& options, MaskCache& masks);

/// One result in the JSON shape of `check --json` (and of an expect entry): applicable, reason, hit,
/// overlap or overlap_area, first_hit {a, b, world}, samples, time_ns — only the fields that apply.
nlohmann::ordered_json resultJson(const Algorithm& algorithm, const CollisionResult& result);

/// The whole report as `check --json` prints it: {"scene": ..., "sampling": ..., "scan": ..., "engine_thresholds":
/// [...] (only when a sprite has an engine setting), "pairs": [...]}.
nlohmann::ordered_json reportJson(const CheckReport& report);

/// One pair's contact answers in the JSON shape of `check --contact --json`.
nlohmann::ordered_json contactJson(const CheckContactSettings& settings, const ContactReport& contact);

/// The fields of a contact answer an expect block's "contact" entry holds: separation, depth, push,
/// approach (null when none) and centroid (null when nothing overlaps).
nlohmann::ordered_json contactExpectJson(const ContactReport& contact);

/// The report as a readable fixed-width table, one block per pair.
std::string reportTable(const CheckReport& report);

/// The expect block filled with the deterministic fields of this report (everything but time_ns),
/// ready to paste into a scene file.
nlohmann::ordered_json expectJson(const CheckReport& report);

/// The outcome of comparing a report with an expect block.
struct VerifyResult {
    std::vector<std::string> differences;  ///< One line each: "F/R pixel-naive overlap: expected 312, got 310".
    int checked = 0;  ///< Expectations (pair + algorithm) compared.
    int skipped = 0;  ///< Expectations whose pair or algorithm was not run (unavailable ones included).
    /// Expectations naming a test that cannot run here, "F/R gpu" each: one this binary lacks, or one that
    /// needs a display (Algorithm::needsDisplay) and found none. Reported, never a difference.
    std::vector<std::string> unavailable;
    /// Why each of `unavailable` could not run, in the same order: "not in this binary", or the test's reason.
    std::vector<std::string> unavailableReasons;
    /// True when no expectation differs.
    bool passed() const { return differences.empty(); }
    /// Counts expectation `name` ("F/R gpu") as skipped because it cannot run here, for `reason`.
    void skipUnavailable(std::string name, std::string reason) {
        ++skipped;
        unavailable.push_back(std::move(name));
        unavailableReasons.push_back(std::move(reason));
    }
};

/// Compares every field of every expectation with the report. Counts (overlap, samples, pixels) must be
/// equal; overlap_area and world coordinates may differ by 1e-6 relative (at least 1e-6 absolute); the
/// contact entry's numbers and vectors by 1e-9. An expectation for a test not in `available`, or for a test
/// that needs a display and was not applicable (no display, no OpenGL here), is listed as unavailable, not
/// compared: a report recorded on a machine with a display stays portable.
VerifyResult verifyReport(const CheckReport& report, const Expectations& expect,
                          const AlgorithmSet& available = coreAlgorithms());
/// The same for an expect block given as JSON (see expectationsFromJson()).
VerifyResult verifyReport(const CheckReport& report, const nlohmann::json& expect,
                          const AlgorithmSet& available = coreAlgorithms());

/// The outcome as `check --json` prints it under "verify": passed, checked, skipped, unavailable, differences.
nlohmann::ordered_json verifyJson(const VerifyResult& verified);

}  // namespace cl
