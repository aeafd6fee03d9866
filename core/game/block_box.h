#pragma once
// BlockBox: the `aabb` pre-check's box of a game block (aabbBound: the world box of its turned texture),
// estimated from the block's centre and turn alone — a few products instead of a matrix, a cos/sin and four
// corners — within an error no coordinate exceeds, so that a pair far from touching is answered without the
// exact boxes and only a pair too near touching to tell asks for them.

#include <algorithm>

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

/// aabbBound's box of `block` placed with fallingBlockTransform() on `mask` (which must have a solid pixel),
/// estimated: the centre plus or minus |cos|·w/2 + |sin|·h/2 across and |sin|·w/2 + |cos|·h/2 down, with the
/// cos and sin of the turn from short polynomials. The error stated is a hundred times the worst case of the
/// polynomials, of the two ways of reducing the turn and of both boxes' rounding; NaN (leave it to the exact
/// boxes) for a turn of 2^40 quarter turns or more or anything not finite.
BoxEstimate blockBoxEstimate(const FallingBlock& block, const AlphaMask& mask);

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
