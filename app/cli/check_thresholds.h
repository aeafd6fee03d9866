#pragma once
// `collision-lab check SCENE --thresholds`: the threshold map of each pair (core/check/threshold_map.h) as a
// frontier and margins, in a table or JSON, and the first map as a PNG.

#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "core/collision/algorithms.h"
#include "core/scene/scene.h"

namespace cl {

/// What `--thresholds` reports on, as the check command parsed it.
struct ThresholdsRequest {
    std::string sceneFile;                                    ///< For messages and the JSON's "scene".
    std::optional<std::pair<std::string, std::string>> pair;  ///< --pair; every pair in file order when empty.
    std::vector<std::string> algorithms;                      ///< --algorithm; pixel-fast when empty.
    std::optional<Sampling> sampling;                         ///< --sampling; the scene's when empty.
    std::optional<ScanDirection> scan;                        ///< --scan; the scene's when empty.
    bool json = false;                                        ///< --json.
    std::string png;                                          ///< --thresholds-png: where to write the first map.
    WorkBudget* budget = nullptr;                             ///< --budget: every test counts against it.
};

/// Prints each chosen pair's frontier and margins at the sprites' own thresholds for each chosen test, and
/// writes the first map as a PNG when asked. Returns 0, or 2 (with the reason on `err`) for an unknown
/// sprite, a test that has no map for the pair, or a PNG that cannot be written.
int runThresholdsReport(const Scene& scene, const ThresholdsRequest& request, const AlgorithmSet& available,
                        std::ostream& out, std::ostream& err);

}  // namespace cl
