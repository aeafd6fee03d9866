#pragma once
// The contact benchmarks of issue 13: separation, push-out, approach and the C-space map on the bundled
// default (F/R) and speed-512 scenes.

namespace cl::bench {

/// Registers the contact/... rows; the scenes are loaded once and kept for the run.
void registerContactBenchmarks();

}  // namespace cl::bench
