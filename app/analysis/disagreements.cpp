#include "app/analysis/disagreements.h"

#include <cmath>

#include "core/check/scene_check.h"

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
        if (other.result.hit != row.result.hit) {
            out.push_back(std::string(other.algorithm->name) + " (hit)");
        } else if (!row.algorithm->reportsArea && !other.algorithm->reportsArea &&
                   std::llround(other.result.overlap) != std::llround(row.result.overlap)) {
            out.push_back(std::string(other.algorithm->name));
        }
    }
    return out;
}

}  // namespace cl
