#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <vector>

#include "core/game/hit_keys.h"

namespace cl {
namespace {

// Random distinct pairs (a, b), -1 <= a < b < blocks, as keys in a shuffled order.
std::vector<std::uint64_t> randomKeys(std::mt19937& rng, int blocks, std::size_t count) {
    std::set<std::uint64_t> keys;
    std::uniform_int_distribution<int> pick(-1, blocks - 1);
    while (keys.size() < count) {
        const int a = pick(rng), b = pick(rng);
        if (a < b) keys.insert(hitKey(a, b));
    }
    std::vector<std::uint64_t> out(keys.begin(), keys.end());
    std::shuffle(out.begin(), out.end(), rng);
    return out;
}

TEST(HitKeys, AscendingKeysArePairsByTheEarlierThenTheLaterWithThePersonFirst) {
    EXPECT_EQ(hitKey(-1, 0), 0u);
    EXPECT_EQ(hitKey(-1, 7), 7u);
    EXPECT_EQ(hitKey(0, 1), (1ull << 32) | 1u);
    EXPECT_LT(hitKey(-1, 9999), hitKey(0, 1));
    EXPECT_LT(hitKey(2, 99), hitKey(3, 4));
    EXPECT_LT(hitKey(3, 4), hitKey(3, 5));
}

TEST(HitKeys, SortGivesStdSortsOrderWhetherHitsAreManyOrFew) {
    std::mt19937 rng(2525u);
    std::vector<std::uint32_t> counts;
    std::vector<std::uint64_t> scratch;
    // Many hits against the blocks (the counting sort), few (std::sort), the edges between, and runs of one a
    // long enough that the insertion sort has work to do.
    const struct {
        int blocks;
        std::size_t hits;
    } cases[] = {{10, 40}, {100, 2000}, {10000, 2902}, {10000, 1250}, {10000, 1249}, {100000, 5}, {3, 3}, {1, 0}, {50, 63}, {50, 64}};
    for (const auto& c : cases) {
        for (int round = 0; round < 20; ++round) {
            std::vector<std::uint64_t> keys = randomKeys(rng, c.blocks, c.hits), expected = keys;
            std::sort(expected.begin(), expected.end());
            sortHitKeys(keys, static_cast<std::size_t>(c.blocks), counts, scratch);
            ASSERT_EQ(keys, expected) << c.blocks << " blocks, " << c.hits << " hits";
        }
    }
}

}  // namespace
}  // namespace cl
