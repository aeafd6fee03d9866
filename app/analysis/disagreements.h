#pragma once
// Which tests disagree with a row of the Collision table on the current pair.

#include <string>
#include <vector>

#include "app/analysis/collision_report.h"

namespace cl {

/// The other applicable pixel tests whose answer differs from `row`'s on the current pair: a different
/// hit, or (for tests that count samples) a different count. Each entry reads "name" or "name (hit)".
std::vector<std::string> disagreeingTests(const PairAnalysis& pair, const AlgorithmRow& row);

}  // namespace cl
