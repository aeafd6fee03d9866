#pragma once
// HitKeys: the order a frame's hits are reported in, as numbers — (a + 1) << 32 | b for a pair of block indexes
// a < b (a = -1 for the person) — sorted by a counting sort on the earlier block when the hits are many.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace cl {

/// The key of the pair (a, b), a < b < 2^32 - 1, a = -1 for the person: ascending keys are the pairs by a, then b.
inline std::uint64_t hitKey(int a, int b) {
    return static_cast<std::uint64_t>(a + 1) << 32 | static_cast<std::uint32_t>(b);
}

/// Sorts `keys` ascending (hitKey()s of distinct pairs of `blocks` blocks: every a + 1 < blocks), the same order as
/// std::sort. When they are many against the blocks it counts them out by a + 1 (a pass over `blocks` counters,
/// reused in `counts`) and puts each run of one a in order by b with an insertion sort: linear, where std::sort
/// costs ~log2(hits) compares a key; when few, std::sort. `scratch` is reused too.
inline void sortHitKeys(std::vector<std::uint64_t>& keys, std::size_t blocks, std::vector<std::uint32_t>& counts,
                        std::vector<std::uint64_t>& scratch) {
    const std::size_t n = keys.size();
    // The counting pass costs ~4 instructions a block; std::sort ~15 a key per halving. Below this it is cheaper.
    if (n < 64 || n * 8 < blocks) {
        std::sort(keys.begin(), keys.end());
        return;
    }
    counts.assign(blocks + 1, 0);
    for (std::uint64_t key : keys) ++counts[(key >> 32) + 1];
    for (std::size_t i = 1; i <= blocks; ++i) counts[i] += counts[i - 1];
    scratch.resize(n);
    for (std::uint64_t key : keys) scratch[counts[key >> 32]++] = key;
    // By a now; a run of one a holds its few later blocks in the broad phase's order.
    for (std::size_t i = 1; i < n; ++i) {
        const std::uint64_t key = scratch[i];
        std::size_t j = i;
        for (; j > 0 && scratch[j - 1] > key; --j) scratch[j] = scratch[j - 1];
        scratch[j] = key;
    }
    keys.swap(scratch);
}

}  // namespace cl
