#pragma once
// The falling-blocks game's benchmarks (issues 14, 25): collision work per frame at 100 to 100,000 blocks.

namespace cl::bench {

/// Registers the game/... rows: per-frame collision work, its percentiles and its stages.
void registerGameBenchmarks();

}  // namespace cl::bench
