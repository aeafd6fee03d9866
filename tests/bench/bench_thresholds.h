#pragma once
// The threshold-map benchmarks of issue 24: the map of the bundled default (F/R) and speed-512 scenes.

namespace cl::bench {

/// Registers the thresholds/... rows; the scenes are loaded once and kept for the run.
void registerThresholdBenchmarks();

}  // namespace cl::bench
