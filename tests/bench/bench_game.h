#pragma once
// The falling-blocks game's benchmarks (issue 14): collision work per frame at 100 to 10,000 blocks.

namespace cl::bench {

/// Registers the game/... rows: per-frame collision work, its percentiles and its stages.
void registerGameBenchmarks();

}  // namespace cl::bench
