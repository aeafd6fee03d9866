#pragma once
// SceneMinimizer: shrinks a scene (a bug report) while a property of it holds — the logic behind
// `collision-lab check --minimize` and the sandbox's File → Shrink this bug report.
//
// The steps, in order, each candidate kept only while the property still holds: sprites other than the
// ones that matter; frames and timeline (each sprite keeps only its shown frame as a plain image, the scene
// becomes still); each image cropped (the origin moved with the crop, so nothing moves in the world); solid
// pixels cleared (delta debugging over rows, then 4×4 blocks, then single pixels; then cropped again);
// alpha flattened to 0/255 (and the threshold to 0); transform numbers rounded to whole numbers / right
// angles / scale 1, else to fewer decimal digits. Deterministic: the same scene, property and budget in
// candidates give the same result.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>

#include "core/base/work_budget.h"
#include "core/collision/algorithms.h"
#include "core/scene/scene.h"

namespace cl {

/// The property a shrunk scene must keep: true while the candidate is still interesting.
using ScenePredicate = std::function<bool(const Scene&)>;

/// How big a scene is, as the summary counts it.
struct SceneSize {
    int sprites = 0;
    std::int64_t pixels = 0;       ///< Pixels of the shown images (each sprite's frame), all sprites.
    std::int64_t solidPixels = 0;  ///< Of those, the ones with alpha above the sprite's threshold.
    int digits = 0;                ///< Decimal digits of every transform and motion number, written shortest.
    bool operator==(const SceneSize&) const = default;
};

/// The size of a scene.
SceneSize sceneSize(const Scene& scene);

/// Where a run is, for a progress bar.
struct MinimizeProgress {
    std::string step;           ///< "sprites", "frames", "crop", "rows", "blocks", "pixels", "alpha", "numbers".
    int stepIndex = 0;          ///< 0-based index of the step among kMinimizeSteps.
    std::int64_t tried = 0;     ///< Candidates the property was asked about so far.
    std::int64_t kept = 0;      ///< Of those, the ones kept (the property held).
    SceneSize best;             ///< The size of the best scene so far.
};

/// The number of steps MinimizeProgress::stepIndex counts through.
inline constexpr int kMinimizeSteps = 8;

/// What bounds a run.
struct MinimizeOptions {
    /// The one work budget (core/base/work_budget.h), or none: each candidate spends one unit and polls the
    /// clock, so its unit limit is a count of candidates (a bound that does not depend on the machine) and its
    /// time limit a deadline. When it runs out the best scene so far is the result.
    WorkBudget* budget = nullptr;
    /// Called before each candidate; returning false stops the run (cancel), keeping the best so far.
    std::function<bool(const MinimizeProgress&)> progress;
    /// The pair the property is about (A, B), when known: the sprites step tries keeping only these first.
    std::optional<std::pair<std::string, std::string>> focus;
};

/// The outcome of a run.
struct MinimizeResult {
    Scene scene;               ///< The smallest scene found that keeps the property (the input if none).
    SceneSize before;
    SceneSize after;
    std::int64_t tried = 0;    ///< Candidates tried.
    std::int64_t kept = 0;     ///< Candidates kept.
    bool outOfBudget = false;  ///< The time or candidate budget ran out before the last step ended.
    bool cancelled = false;    ///< MinimizeOptions::progress asked to stop.
};

/// Shrinks `scene` while `still(candidate)` holds; the caller has checked that it holds on `scene`. Each
/// shrunk sprite's image is a plain image held in memory (no path, no frame): save it with embedded images.
MinimizeResult minimizeScene(const Scene& scene, const ScenePredicate& still, const MinimizeOptions& options = {});

/// Two tests' answers disagree: both applicable, and a different hit or (both counting samples, no areas)
/// a different overlap count. The one rule the sandbox's Collision table and `--disagree` share.
bool answersDisagree(const Algorithm& first, const CollisionResult& firstResult, const Algorithm& second,
                     const CollisionResult& secondResult);

/// "verify fails as on `original`": every expect entry (pair and test, or pair and contact) that `original`
/// fails still fails, and every `hit` expectation `original` meets is still met — so `check --verify` still
/// exits 1, and a shrunk scene cannot get there by simply losing its overlap. Tests run as `check --verify`
/// runs them with `available` (kept by reference). Never holds when `original` passes verify.
ScenePredicate verifyFailsProperty(const Scene& original, const AlgorithmSet& available = coreAlgorithms());

/// "`first` and `second` disagree" on the pair named (A scanned), with the scene's sampling and scan.
ScenePredicate disagreeProperty(const Algorithm& first, const Algorithm& second, std::string a, std::string b);

/// The first pair (file order, earlier sprite scanned) on which the two tests disagree, or empty.
std::optional<std::pair<std::string, std::string>> firstDisagreeingPair(const Scene& scene, const Algorithm& first,
                                                                        const Algorithm& second);

/// The first pair of the expect block (key order) whose own expectations `check --verify` finds unmet; empty
/// when none is (verify passes, or only timeline expectations fail).
std::optional<std::pair<std::string, std::string>> firstFailingExpectedPair(const Scene& scene,
                                                                            const AlgorithmSet& available = coreAlgorithms());

}  // namespace cl
