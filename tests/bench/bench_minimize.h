#pragma once
// The `check --minimize` benchmarks of issue 24: shrinking a bug report made from the bundled default (F/R)
// and speed-512 scenes.

namespace cl::bench {

/// Registers the minimize/... rows; the scenes are loaded once and kept for the run.
void registerMinimizeBenchmarks();

}  // namespace cl::bench
