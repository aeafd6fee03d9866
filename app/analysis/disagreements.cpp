#include "app/analysis/disagreements.h"

#include "core/check/scene_minimizer.h"

namespace cl {

std::vector<std::string> disagreeingTests(const PairAnalysis& pair, const AlgorithmRow& row) {
    std::vector<std::string> out;
    // A deferred row holds an answer for an earlier state of the scene: comparing it would mislead.
    if (row.algorithm->kind != AlgorithmKind::Pixel || !row.result.applicable || row.deferred) return out;
    for (const AlgorithmRow& other : pair.rows) {
        if (&other == &row || other.algorithm->kind != AlgorithmKind::Pixel || !other.result.applicable ||
            other.deferred) {
            continue;
        }
        if (!answersDisagree(*row.algorithm, row.result, *other.algorithm, other.result)) continue;
        out.push_back(std::string(other.algorithm->name) + (other.result.hit != row.result.hit ? " (hit)" : ""));
    }
    return out;
}

}  // namespace cl
