#pragma once
// BlockBox: the `aabb` pre-check's box of a game block (aabbBound: the world box of its turned texture),
// estimated from the block's centre and turn alone — a few products instead of a matrix, a cos/sin and four
// corners — within an error no coordinate exceeds, so that a pair far from touching is answered without the
// exact boxes and only a pair too near touching to tell asks for them. Header only: both run in the pass's
// hottest loop after the pixel tests.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <span>

#include "core/base/alpha_mask.h"
#include "core/base/geometry.h"
#include "core/collision/pixel_fast/cover_verdict.h"
#include "core/game/falling_block.h"

namespace cl {

/// A box and how far each of its coordinates may be from the exact box's.
struct BoxEstimate {
    Rect box;
    double error = 0.0;  ///< Every coordinate of the exact box lies within this of box's.
};

/// A block's turn as its cosine and sine (signed), from blockEstimatesAndTurns()' polynomials: each within 3e-8 of the
/// exact one for a block whose estimate's error is finite.
struct BlockTurn {
    double cos = 1.0;
    double sin = 0.0;
};

/// boxesMeet()'s answer for two estimates: sure either way, or too near touching to tell (the pixel tests' verdict
/// before a scan, one type for both).
using BoxVerdict = pixel_fast::PairVerdict;

/// The part of blockBoxEstimate() that depends only on the mask, worked out once for every block of a frame.
struct BlockBoxShape {
    double halfW = 0.0, halfH = 0.0;  ///< Half the texture's width and height.
    double size = 0.0;                ///< Width plus height.
};

/// `mask`'s BlockBoxShape.
inline BlockBoxShape blockBoxShape(const AlphaMask& mask) {
    return {mask.width() / 2.0, mask.height() / 2.0, static_cast<double>(mask.width() + mask.height())};
}

/// aabbBound's box of `block` placed with fallingBlockTransform() on the mask `shape` is of (it must have a solid pixel),
/// estimated: the centre plus or minus |cos|·w/2 + |sin|·h/2 across and |sin|·w/2 + |cos|·h/2 down, with the
/// cos and sin of the turn from short polynomials. The error stated is a hundred times the worst case of the
/// polynomials, of the two ways of reducing the turn and of both boxes' rounding; NaN (leave it to the exact
/// boxes) for a turn of 2^40 quarter turns or more or anything not finite.
inline BoxEstimate blockBoxEstimate(const FallingBlock& block, const BlockBoxShape& shape) {
    // The box of a w x h texture turned by t about its centre is the centre plus or minus |cos t| w/2 + |sin t| h/2
    // across and |sin t| w/2 + |cos t| h/2 down. t less the nearest whole quarter turns k pi/2 is u, |u| <= pi/4
    // (and a hair): |cos t| and |sin t| are |cos u| and |sin u|, swapped when k is odd.
    const double t = block.rotation;
    const double turns = t * (2.0 / std::numbers::pi);
    const bool reducible = std::abs(turns) < 0x1p40;  // else (or NaN) k would not fit: the exact boxes answer
    const std::int64_t k = reducible ? static_cast<std::int64_t>(turns < 0.0 ? turns - 0.5 : turns + 0.5) : 0;
    const double u = t - static_cast<double>(k) * (std::numbers::pi / 2.0);
    // Taylor to u^8 and u^9: the first terms left out are below (pi/4)^10/10! = 2.5e-8 and (pi/4)^11/11! = 1.8e-9.
    const double u2 = u * u;
    const double cu = 1.0 + u2 * (-1.0 / 2.0 + u2 * (1.0 / 24.0 + u2 * (-1.0 / 720.0 + u2 * (1.0 / 40320.0))));
    const double su = std::abs(u * (1.0 + u2 * (-1.0 / 6.0 + u2 * (1.0 / 120.0 + u2 * (-1.0 / 5040.0 + u2 * (1.0 / 362880.0))))));
    const bool odd = (k & 1) != 0;
    const double c = odd ? su : cu, s = odd ? cu : su;
    const double halfW = shape.halfW, halfH = shape.halfH;
    const glm::dvec2 half{c * halfW + s * halfH, s * halfW + c * halfH};
    BoxEstimate e;
    e.box = Rect{block.position - half, block.position + half};
    // The errors, each bounded here a hundred times over: |cos| and |sin| within 3e-8, so the half-extents within
    // 3e-8 (w + h)/2; the turn the exact box uses (t in degrees, rounded once, then reduced exactly) and u differ
    // by a few 1e-16 of |t|, which moves a half-extent by as much times (w + h)/2; the exact box rounds a handful
    // of times at the size of its coordinates (a few 1e-16 of |centre| + w + h), this box twice.
    const double size = shape.size;
    e.error = 1e-6 * size + 1e-13 * (std::abs(t) * size + std::abs(block.position.x) + std::abs(block.position.y) + size);
    // Something not finite (std::min and std::max may drop a NaN) leaves every pair to the exact boxes.
    if (!reducible || !std::isfinite(half.x + half.y + block.position.x + block.position.y)) {
        e.error = std::numeric_limits<double>::quiet_NaN();
    }
    return e;
}

namespace block_box_detail {

// Two and four doubles (GCC's and Clang's vector types: SSE2 on x86-64, and AVX), with as many 64-bit masks.
using Doubles2 = double __attribute__((vector_size(16)));
using Bits2 = std::int64_t __attribute__((vector_size(16)));
using Doubles4 = double __attribute__((vector_size(32)));
using Bits4 = std::int64_t __attribute__((vector_size(32)));

/// blockEstimatesAndTurns()' loop, `Lanes` blocks at a time in a vector of doubles and one of masks; always inlined, so
/// that it is compiled for the caller's instruction set.
template <int Lanes, class Doubles, class Bits>
[[gnu::always_inline]] inline void estimates(std::span<const FallingBlock> blocks, const BlockBoxShape& shape, BoxEstimate* out,
                                             BlockTurn* turnsOut) {
    // |v| and (mask ? yes : no) lane by lane are bit operations, written out (a helper function taking or giving four
    // doubles would have AVX's calling convention outside AVX code, which GCC warns of).
    const Bits magnitude = Bits{} + 0x7fffffffffffffff;
    // Adding and taking away 1.5 * 2^52 rounds a double below 2^51 in size to a whole number (the even one at a tie).
    constexpr double kRound = 0x1.8p52;
    const std::size_t n = blocks.size();
    const double halfW = shape.halfW, halfH = shape.halfH, size = shape.size;
    for (std::size_t i = 0; i < n; i += Lanes) {
        Doubles t, x, y;
        for (int l = 0; l < Lanes; ++l) {
            const FallingBlock& b = blocks[i + l < n ? i + l : i];
            t[l] = b.rotation;
            x[l] = b.position.x;
            y[l] = b.position.y;
        }
        // As blockBoxEstimate(): k whole quarter turns (here a double, its parity from whether k / 2 is whole), u the
        // rest, the same polynomials, |cos| and |sin| swapped for odd k, the same error, NaN for what it leaves to the
        // exact boxes.
        const Doubles turns = t * (2.0 / std::numbers::pi);
        const Bits reducible = reinterpret_cast<Bits>(reinterpret_cast<Doubles>(reinterpret_cast<Bits>(turns) & magnitude) < 0x1p40);
        const Doubles k = (turns + kRound) - kRound;
        const Doubles halfK = k * 0.5;
        const Bits odd = reinterpret_cast<Bits>((halfK + kRound) - kRound != halfK);
        const Doubles u = t - k * (std::numbers::pi / 2.0);
        const Doubles u2 = u * u;
        const Doubles cu = 1.0 + u2 * (-1.0 / 2.0 + u2 * (1.0 / 24.0 + u2 * (-1.0 / 720.0 + u2 * (1.0 / 40320.0))));
        const Bits cuBits = reinterpret_cast<Bits>(cu);
        const Bits suSigned = reinterpret_cast<Bits>(u * (1.0 + u2 * (-1.0 / 6.0 + u2 * (1.0 / 120.0 + u2 * (-1.0 / 5040.0 + u2 * (1.0 / 362880.0))))));
        const Bits suBits = suSigned & magnitude;
        const Doubles c = reinterpret_cast<Doubles>((suBits & odd) | (cuBits & ~odd));
        const Doubles s = reinterpret_cast<Doubles>((cuBits & odd) | (suBits & ~odd));
        const Doubles hx = c * halfW + s * halfH, hy = s * halfW + c * halfH;
        const Doubles minX = x - hx, minY = y - hy, maxX = x + hx, maxY = y + hy;
        const Bits finite = reinterpret_cast<Bits>(reinterpret_cast<Doubles>(reinterpret_cast<Bits>(hx + hy + x + y) & magnitude) < HUGE_VAL);
        const Doubles absT = reinterpret_cast<Doubles>(reinterpret_cast<Bits>(t) & magnitude);
        const Doubles absX = reinterpret_cast<Doubles>(reinterpret_cast<Bits>(x) & magnitude);
        const Doubles absY = reinterpret_cast<Doubles>(reinterpret_cast<Bits>(y) & magnitude);
        const Bits kept = reducible & finite;
        const Bits stated = reinterpret_cast<Bits>(1e-6 * size + 1e-13 * (absT * size + absX + absY + size));
        const Bits nan = reinterpret_cast<Bits>(Doubles{} + std::numeric_limits<double>::quiet_NaN());
        const Doubles error = reinterpret_cast<Doubles>((stated & kept) | (nan & ~kept));
        for (int l = 0; l < Lanes; ++l) {
            if (l == 0 || i + l < n) out[i + l] = BoxEstimate{Rect{{minX[l], minY[l]}, {maxX[l], maxY[l]}}, error[l]};
        }
        // The signed turn: cos t and sin t are (cos u, sin u) for k = 0 mod 4, (-sin u, cos u) for 1, both negated
        // for 2 and 3. k + 1.5 * 2^52 holds k's low bits (two's complement) in its mantissa's.
        const Bits quarter = reinterpret_cast<Bits>(k + kRound) & 3;
        const Bits sign = Bits{} + static_cast<std::int64_t>(0x8000000000000000ull);
        const Bits cosSign = ((quarter ^ (quarter >> 1)) & 1) != 0;  // 1 and 2: -1 in every bit
        const Bits sinSign = (quarter & 2) != 0;                      // 2 and 3
        const Doubles cosT = reinterpret_cast<Doubles>(((suSigned & odd) | (cuBits & ~odd)) ^ (sign & cosSign));
        const Doubles sinT = reinterpret_cast<Doubles>(((cuBits & odd) | (suSigned & ~odd)) ^ (sign & sinSign));
        for (int l = 0; l < Lanes; ++l) {
            if (l == 0 || i + l < n) turnsOut[i + l] = BlockTurn{cosT[l], sinT[l]};
        }
    }
}

}  // namespace block_box_detail

/// blockBoxEstimate() of every block of `blocks`, into out[0 .. size), and each block's BlockTurn into turns[0 .. size)
/// (any for a block whose error is NaN): two blocks at a time, with no branch (GCC's and Clang's vector types: two
/// doubles, SSE2 on x86-64). The same estimates bit for bit, but for a turn exactly half way between two quarter turns
/// (it is rounded to the even one here, away from zero there: either reduction holds the error stated) and for a
/// block whose error is NaN (its box is then any, as it is never read).
inline void blockEstimatesAndTurns(std::span<const FallingBlock> blocks, const BlockBoxShape& shape, BoxEstimate* out,
                                   BlockTurn* turns) {
    block_box_detail::estimates<2, block_box_detail::Doubles2, block_box_detail::Bits2>(blocks, shape, out, turns);
}

/// blockEstimatesAndTurns(), four blocks at a time with AVX (the same operations, so the same numbers bit for bit;
/// no fused multiply-add). Only where the CPU has AVX2 (kCpuLevel, core/collision/pixel_fast/kernels.h); elsewhere
/// it is blockEstimatesAndTurns().
void blockEstimatesAndTurnsAvx2(std::span<const FallingBlock> blocks, const BlockBoxShape& shape, BoxEstimate* out,
                                BlockTurn* turns);

/// The same for a block on `mask` (its shape worked out for this block alone).
inline BoxEstimate blockBoxEstimate(const FallingBlock& block, const AlphaMask& mask) {
    return blockBoxEstimate(block, blockBoxShape(mask));
}

/// Meet when the exact boxes surely overlap positively (overlapsPositively, what boxesMeet() asks), Apart when
/// they surely do not, Unsure otherwise (always when an error is NaN, as
/// blockBoxEstimate() makes it for a block not finite). An exact box is an estimate with error 0.
inline BoxVerdict boxEstimatesMeet(const BoxEstimate& a, const BoxEstimate& b) {
    // overlapsPositively asks min(max) > max(min) per axis; min and max move no further than their arguments,
    // so each exact gap is within 2 (a.error + b.error) of the estimated one (its own rounding is covered by
    // the errors' slack).
    const double margin = 2.0 * (a.error + b.error);
    const double gapX = std::min(a.box.max.x, b.box.max.x) - std::max(a.box.min.x, b.box.min.x);
    const double gapY = std::min(a.box.max.y, b.box.max.y) - std::max(a.box.min.y, b.box.min.y);
    if (gapX > margin && gapY > margin) return BoxVerdict::Meet;
    if (gapX <= -margin || gapY <= -margin) return BoxVerdict::Apart;
    return BoxVerdict::Unsure;
}

/// What a block's pair verdict needs of the mask every block shares: its cover, every block's pivot in the texture,
/// and how far from the pivot a solid pixel's square reaches.
struct BlockCoverShape {
    const SolidCover* cover = nullptr;
    glm::dvec2 origin{0.0, 0.0};
    double solidReach = 0.0;
};

/// `mask`'s BlockCoverShape, for blocks placed with fallingBlockTransform().
inline BlockCoverShape blockCoverShape(const AlphaMask& mask) {
    const glm::dvec2 origin = fallingBlockTransform(FallingBlock{}, mask).origin;
    const SolidDisc& disc = mask.solidDisc();
    return {&mask.solidCover(), origin, std::hypot(disc.centre.x - origin.x, disc.centre.y - origin.y) + disc.radius};
}

/// Two blocks on the mask of `shape` (scale 1, turned about the pivot), block A scanned into block B by a pixel test
/// that samples as pixel-naive does: pixel_fast::coverVerdict() with each block's turn from blockEstimatesAndTurns()
/// and its estimate's error, after a test of the pivots' distance. Unsure whenever an error is NaN.
[[gnu::always_inline]] inline BoxVerdict blockPairVerdict(const BlockCoverShape& shape, glm::dvec2 centreA, BlockTurn turnA,
                                                         double errorA, glm::dvec2 centreB, BlockTurn turnB, double errorB) {
    // Each turn and place from the batch is within its estimate's error of the exact one, a hundred times over
    // (blockBoxEstimate()); four times both errors bound the map's error over the cover, in pixels of either block.
    const double slack = 4.0 * (errorA + errorB);
    const glm::dvec2 d = centreB - centreA;
    // A sample that hits lies within solidReach of A's pivot and within solidReach + 0.71 of B's (the pixel it picks
    // is at most half a pixel off along each axis). NaN: on to the covers, which answer Unsure.
    const double far = 2.0 * shape.solidReach + 1.5 + slack;
    if (d.x * d.x + d.y * d.y > far * far) return BoxVerdict::Apart;
    const glm::dvec2 one{1.0, 1.0};
    return pixel_fast::coverVerdict(*shape.cover, {centreA, shape.origin, one, turnA.cos, turnA.sin}, *shape.cover,
                                    {centreB, shape.origin, one, turnB.cos, turnB.sin}, slack);
}

}  // namespace cl
