#pragma once
// The first question pixel-fast asks of a pair: can the two sprites' solid discs (AlphaMask::solidDisc())
// meet in the world at all? A pair whose discs lie apart has no overlapping sample, whatever the turns,
// and costs no lattice, no polygon and no row.

#include <algorithm>
#include <cmath>

#include "core/base/alpha_mask.h"
#include "core/base/sprite_transform.h"

namespace cl::pixel_fast {

/// True when no sample of A's solid pixels can pick a solid pixel of B: the world discs about the pivots
/// that hold each sprite's solid disc lie apart, with room for rounding.
//
// Why it is exact: A's sample of pixel p lies in p's closed square, within r_A of A's disc centre c_A, so
// in the world within |S_A| (|c_A - o_A| + r_A) of A's pivot (the world matrix is pivot + R S (q - o) and
// |R S v| <= max|s| |v|). A sample that picks B's solid pixel lies in that pixel's closed square (Center:
// floor) or half a pixel up and left of it (Xna: round), within r_B + 0.71 of c_B in B; the fixed-point
// lattice is within a few 2^-33 of the exact map; 1 pixel covers both. The slack covers the doubles here.
inline bool discsApart(const AlphaMask& ma, const SpriteTransform& ta, const AlphaMask& mb, const SpriteTransform& tb) {
    const SolidDisc& da = ma.solidDisc();
    const SolidDisc& db = mb.solidDisc();
    const glm::dvec2 d = ta.position - tb.position;
    const double distance2 = d.x * d.x + d.y * d.y;
    // Most pairs asked are near: within the least the reaches below can be (no pivot offset, the scale
    // along x), they meet, with no square root or scale compared. Every step rounds up no further than
    // the same step below, so this never says "meet" where the full comparison would not.
    const double near = std::abs(ta.scale.x) * da.radius + std::abs(tb.scale.x) * (db.radius + 1.0);
    if (distance2 <= near * near) return false;
    const double sa = std::max(std::abs(ta.scale.x), std::abs(ta.scale.y));
    const double sb = std::max(std::abs(tb.scale.x), std::abs(tb.scale.y));
    const glm::dvec2 ca = da.centre - ta.origin, cb = db.centre - tb.origin;
    const double reachA = sa * (std::sqrt(ca.x * ca.x + ca.y * ca.y) + da.radius);
    const double reachB = sb * (std::sqrt(cb.x * cb.x + cb.y * cb.y) + db.radius + 1.0);
    const double reach = reachA + reachB;
    // Pairs that meet (the usual case of a pair that hits) stop here; false for NaN anywhere too, so such a
    // pair goes on to the scan as before.
    if (!(distance2 > reach * reach)) return false;
    const double magnitude = std::abs(ta.position.x) + std::abs(ta.position.y) + std::abs(tb.position.x) +
                             std::abs(tb.position.y) + reach;
    const double slack = reach * (1.0 + 1e-9) + 1e-9 * magnitude;
    return distance2 > slack * slack;
}

}  // namespace cl::pixel_fast
