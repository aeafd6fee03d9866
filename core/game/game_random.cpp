#include "core/game/game_random.h"

namespace cl {
namespace {

std::uint64_t splitMix64(std::uint64_t& x) {
    std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

std::uint64_t rotateLeft(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

}  // namespace

GameRandom::GameRandom(std::uint64_t seed) {
    // SplitMix64 never yields four zero words, the one state xoshiro cannot leave.
    for (std::uint64_t& word : m_state) word = splitMix64(seed);
}

std::uint64_t GameRandom::next() {
    const std::uint64_t result = rotateLeft(m_state[1] * 5, 7) * 9;
    const std::uint64_t t = m_state[1] << 17;
    m_state[2] ^= m_state[0];
    m_state[3] ^= m_state[1];
    m_state[1] ^= m_state[2];
    m_state[0] ^= m_state[3];
    m_state[2] ^= t;
    m_state[3] = rotateLeft(m_state[3], 45);
    return result;
}

double GameRandom::unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

std::uint64_t GameRandom::below(std::uint64_t n) {
    if (n == 0) return 0;
    // Reject the top partial copy of [0, n) so every value is equally likely.
    const std::uint64_t limit = ~std::uint64_t(0) - (~std::uint64_t(0) % n + 1) % n;
    while (true) {
        const std::uint64_t x = next();
        if (x <= limit) return x % n;
    }
}

}  // namespace cl
