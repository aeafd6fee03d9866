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
#include "core/game/falling_block.h"

namespace cl {

/// A box and how far each of its coordinates may be from the exact box's.
struct BoxEstimate {
    Rect box;
    double error = 0.0;  ///< Every coordinate of the exact box lies within this of box's.
};

/// boxesMeet()'s answer for two estimates: sure either way, or too near touching to tell.
enum class BoxVerdict { Apart, Meet, Unsure };

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

/// blockBoxEstimate() of every block of `blocks`, into out[0 .. size): two blocks at a time, with no branch (GCC's
/// and Clang's vector types: two doubles, SSE2 on x86-64). The same numbers bit for bit, but for a turn exactly half
/// way between two quarter turns (it is rounded to the even one here, away from zero there: either reduction holds
/// the error stated) and for a block whose error is NaN (its box is then any, as it is never read).
inline void blockBoxEstimates(std::span<const FallingBlock> blocks, const BlockBoxShape& shape, BoxEstimate* out) {
    using Doubles = double __attribute__((vector_size(16)));
    using Bits = std::int64_t __attribute__((vector_size(16)));
    const auto select = [](Bits mask, Doubles yes, Doubles no) {
        return reinterpret_cast<Doubles>((reinterpret_cast<Bits>(yes) & mask) | (reinterpret_cast<Bits>(no) & ~mask));
    };
    const auto abs = [](Doubles v) {
        return reinterpret_cast<Doubles>(reinterpret_cast<Bits>(v) & Bits{0x7fffffffffffffff, 0x7fffffffffffffff});
    };
    // Adding and taking away 1.5 * 2^52 rounds a double below 2^51 in size to a whole number (the even one at a tie).
    constexpr double kRound = 0x1.8p52;
    const std::size_t n = blocks.size();
    const double halfW = shape.halfW, halfH = shape.halfH, size = shape.size;
    for (std::size_t i = 0; i < n; i += 2) {
        const FallingBlock& b0 = blocks[i];
        const FallingBlock& b1 = blocks[i + 1 < n ? i + 1 : i];
        const Doubles t{b0.rotation, b1.rotation};
        const Doubles x{b0.position.x, b1.position.x}, y{b0.position.y, b1.position.y};
        // As blockBoxEstimate(): k whole quarter turns (here a double, its parity from whether k / 2 is whole), u the
        // rest, the same polynomials, |cos| and |sin| swapped for odd k, the same error, NaN for what it leaves to the
        // exact boxes.
        const Doubles turns = t * (2.0 / std::numbers::pi);
        const Bits reducible = reinterpret_cast<Bits>(abs(turns) < 0x1p40);
        const Doubles k = (turns + kRound) - kRound;
        const Doubles halfK = k * 0.5;
        const Bits odd = reinterpret_cast<Bits>((halfK + kRound) - kRound != halfK);
        const Doubles u = t - k * (std::numbers::pi / 2.0);
        const Doubles u2 = u * u;
        const Doubles cu = 1.0 + u2 * (-1.0 / 2.0 + u2 * (1.0 / 24.0 + u2 * (-1.0 / 720.0 + u2 * (1.0 / 40320.0))));
        const Doubles su = abs(u * (1.0 + u2 * (-1.0 / 6.0 + u2 * (1.0 / 120.0 + u2 * (-1.0 / 5040.0 + u2 * (1.0 / 362880.0))))));
        const Doubles c = select(odd, su, cu), s = select(odd, cu, su);
        const Doubles hx = c * halfW + s * halfH, hy = s * halfW + c * halfH;
        const Doubles minX = x - hx, minY = y - hy, maxX = x + hx, maxY = y + hy;
        const Bits finite = reinterpret_cast<Bits>(abs(hx + hy + x + y) < HUGE_VAL);
        const Doubles error = select(reducible & finite, 1e-6 * size + 1e-13 * (abs(t) * size + abs(x) + abs(y) + size),
                                     Doubles{} + std::numeric_limits<double>::quiet_NaN());
        out[i] = BoxEstimate{Rect{{minX[0], minY[0]}, {maxX[0], maxY[0]}}, error[0]};
        if (i + 1 < n) out[i + 1] = BoxEstimate{Rect{{minX[1], minY[1]}, {maxX[1], maxY[1]}}, error[1]};
    }
}

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

}  // namespace cl
