#pragma once
// GameRandom: the falling-blocks game's seeded random numbers, the same on every compiler and library.

#include <cstdint>

namespace cl {

/// xoshiro256** seeded through SplitMix64. Floats and integers are derived from the raw 64-bit output
/// here (not by <random>'s distributions, which differ between standard libraries), so a seed gives the
/// same sequence everywhere.
class GameRandom {
public:
    /// The generator for `seed` (any value, 0 included).
    explicit GameRandom(std::uint64_t seed);

    /// The next raw 64 bits.
    std::uint64_t next();
    /// A double in [0, 1): the top 53 bits of next() times 2^-53.
    double unit();
    /// A whole number in [0, n) without modulo bias; 0 when n is 0.
    std::uint64_t below(std::uint64_t n);

private:
    std::uint64_t m_state[4];
};

}  // namespace cl
