#pragma once
// The small arithmetic every part of pixel-fast shares: picking B's pixel from a 32.32 position held in
// 64 bits, reading and counting mask bits a 64-bit word at a time, floor and ceil without libm.

#include <cstdint>

#include "core/base/pair_transform.h"

namespace cl::pixel_fast {

/// One half in 32.32 fixed point.
inline constexpr std::int64_t kHalf64 = std::int64_t(1) << (kFixedFractionBits - 1);

/// The B pixel of a 32.32 coordinate held in an int64; the same answer as pickPixel.
template <bool kXna>
inline std::int64_t pick64(std::int64_t p) {
    if constexpr (!kXna) {
        return p >> kFixedFractionBits;
    } else {
        // Round half to even: the carry out of the fraction happens above one half, and at exactly one
        // half only when the whole part is odd.
        return (p + (kHalf64 - 1) + ((p >> kFixedFractionBits) & 1)) >> kFixedFractionBits;
    }
}

/// Bits set in a word; std::popcount is a library call on the baseline x86-64 instruction set.
inline int countBits(std::uint64_t v) {
    v = v - ((v >> 1) & 0x5555555555555555u);
    v = (v & 0x3333333333333333u) + ((v >> 2) & 0x3333333333333333u);
    v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return static_cast<int>((v * 0x0101010101010101u) >> 56);
}

/// A mask row's solid pixels x..x+n-1 (n <= 64) as bits 0..n-1; x >= 0, `words` the row's length.
inline std::uint64_t rowBits(const std::uint64_t* row, int words, int x, int n) {
    const int w = x >> 6, s = x & 63;
    std::uint64_t v = row[w] >> s;
    if (s != 0 && w + 1 < words) v |= row[w + 1] << (64 - s);
    return n >= 64 ? v : v & ((std::uint64_t(1) << n) - 1);
}

/// floor of a value already clamped to the int range, without a call into libm.
inline int floorToInt(double v) {
    const int i = static_cast<int>(v);
    return i > v ? i - 1 : i;
}
/// ceil of a value already clamped to the int range, without a call into libm.
inline int ceilToInt(double v) {
    const int i = static_cast<int>(v);
    return i < v ? i + 1 : i;
}

}  // namespace cl::pixel_fast
