#pragma once
// `collision-lab check SCENE --minimize`: shrinks a bug report while its property holds
// (core/check/scene_minimizer.h) and writes the smallest scene found beside it.

#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <utility>

#include "core/collision/algorithms.h"
#include "core/scene/scene.h"

namespace cl {

/// Default budget of `--minimize`, in seconds.
inline constexpr double kDefaultMinimizeBudgetSeconds = 60.0;

/// What `--minimize` was asked, as the check command parsed it.
struct MinimizeRequest {
    std::filesystem::path sceneFile;                          ///< The input; never written.
    std::optional<std::string> disagree;                      ///< --disagree "A,B" as given.
    std::optional<std::string> whileCommand;                  ///< --while "CMD {}" as given.
    std::optional<std::pair<std::string, std::string>> pair;  ///< --pair: the pair --disagree looks at.
    double budgetSeconds = kDefaultMinimizeBudgetSeconds;     ///< --budget (0 = no limit).
    std::filesystem::path output;                             ///< -o; empty: defaultMinimizedFile(sceneFile).
};

/// Where the shrunk scene goes by default: beside the input, "<stem>.min.json".
std::filesystem::path defaultMinimizedFile(const std::filesystem::path& sceneFile);

/// Shrinks the loaded scene while the property holds and writes it with its images embedded; prints the
/// summary on `out` and progress on `err`. Returns 0, or 2 (with the reason on `err`) for an unknown test
/// in --disagree, a property that does not hold on the original, or an output that may not be written.
int runMinimize(const Scene& scene, const MinimizeRequest& request, const AlgorithmSet& available, std::ostream& out,
                std::ostream& err);

}  // namespace cl
