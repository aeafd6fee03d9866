#pragma once
// Expectations: recording a scene's current answers as its `expect` block, and telling which entries of an
// `expect` block pass or fail against a set of answers. Window-free; built on core's check machinery
// (runCheck, expectJson, verifyReport), so the app and `collision-lab check --verify` judge alike.

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/collision/algorithms.h"
#include "core/base/mask_cache.h"
#include "core/scene/scene.h"
#include "core/check/scene_check.h"

namespace cl {

/// An expect block, or why none could be recorded.
struct ExpectRecording {
    nlohmann::json expect = nlohmann::json::object();
    std::string error;  ///< Empty on success.
    /// True on success.
    bool ok() const { return error.empty(); }
};

/// Records the answers of `tests` (names in `available`; empty: every test) for the pair (a scanned into b)
/// as an expect block {"a/b": {test: {hit, overlap | overlap_area} | {applicable: false}}}. Tests that must
/// run on their own thread (threadBound: gpu) are not run here: their outcome is taken from `answered`
/// (the Collision table's rows), and a ticked one missing there is an error.
ExpectRecording recordExpectations(const Scene& scene, const std::pair<std::string, std::string>& pair,
                                   const std::vector<std::string>& tests, const AlgorithmSet& available,
                                   const std::vector<AlgorithmOutcome>& answered, MaskCache& masks);

/// How many (pair, test) entries an expect block given as JSON holds (Expectations::count() of a scene's).
std::size_t countExpectations(const nlohmann::json& expect);

/// One expect entry as a short phrase: "HIT, overlap 127", "no hit", "HIT, area 37.3824", "not applicable";
/// other fields follow as "key value".
std::string expectationText(const nlohmann::json& fields);

/// The pairs ("a", "b") an expect block given as JSON names, in its order; keys without exactly one '/' are left out.
std::vector<std::pair<std::string, std::string>> expectedPairs(const nlohmann::json& expect);

/// How one expectation fares against a set of answers.
enum class ExpectationState {
    Passes,       ///< Every field matches.
    Fails,        ///< Some field differs (see differences).
    Unavailable,  ///< The test is not in this binary (a core-only check skips it too).
    NotComputed,  ///< The answers hold no result for this pair and test (yet).
};

/// One entry of an expect block and its state.
struct ExpectationStatus {
    std::string pair;       ///< "F/R".
    std::string algorithm;  ///< "pixel-naive".
    ExpectationState state = ExpectationState::NotComputed;
    std::vector<std::string> differences;  ///< verifyReport's lines, when it fails.
};

/// Every entry of `expect`, in its order, judged by verifyReport against `answers`. A contact entry is judged
/// when the answers hold the pair's contact report (its algorithm is "contact").
std::vector<ExpectationStatus> expectationStatus(const CheckReport& answers, const Expectations& expect,
                                                 const AlgorithmSet& available);
/// The same for an expect block given as JSON (see expectationsFromJson()).
std::vector<ExpectationStatus> expectationStatus(const CheckReport& answers, const nlohmann::json& expect,
                                                 const AlgorithmSet& available);

}  // namespace cl
