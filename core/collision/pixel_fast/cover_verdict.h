#pragma once
// The second question pixel-fast asks of a hit-only pair, after disc_reject: do the two masks' covers
// (AlphaMask::solidCover(): a few boxes holding every solid pixel, some wholly solid) answer it by separating axes,
// apart or surely hitting, before any lattice is built? Only a pair within a pixel or two of touching is left to the
// scan. The game asks the same function of its blocks, with their turns from its batch.

#include <algorithm>
#include <cmath>

#include <glm/vec2.hpp>

#include "core/base/alpha_mask.h"
#include "core/base/sprite_transform.h"

namespace cl::pixel_fast {

/// A pair's answer before a pixel test: sure either way, or too near touching to tell.
enum class PairVerdict { Apart, Meet, Unsure };

/// Where a body's texture lies in the world: position + R(cos, sin) S(scale) (p - origin), as worldMatrix().
struct CoverPose {
    glm::dvec2 position{0.0, 0.0};
    glm::dvec2 origin{0.0, 0.0};
    glm::dvec2 scale{1.0, 1.0};
    double cos = 1.0;
    double sin = 0.0;
};

/// A body's pose with its turn's cosine and sine `cs` as already looked up (cosSinDegreesCached(t.rotationDeg)).
inline CoverPose coverPose(const SpriteTransform& t, glm::dvec2 cs) { return {t.position, t.origin, t.scale, cs.x, cs.y}; }

/// A body's pose with its turn's cosine and sine as the pixel tests take them (cosSinDegreesCached).
inline CoverPose coverPose(const SpriteTransform& t) { return coverPose(t, cosSinDegreesCached(t.rotationDeg)); }

/// A pair scanned A into B by a pixel test that samples A's solid pixels into B as pixel-naive does (either sampling),
/// each body its mask's cover and its pose: Apart when no sample can pick a solid pixel of B, Meet when one surely
/// does, Unsure otherwise (always for anything not finite, a zero scale, or coordinates past 1e12 in either texture).
/// `slack` bounds, in pixels of either texture, how far the map the poses give may lie from the exact one over the
/// covers' boxes beyond double rounding (0 for poses from coverPose(); the game's turns from its batch are within their
/// estimates' errors).
// Always inlined: the game's blocks (scale 1, one mask) then fold its divisions and half its products away.
[[gnu::always_inline]] inline PairVerdict coverVerdict(const SolidCover& coverA, const CoverPose& a, const SolidCover& coverB,
                                                     const CoverPose& b, double slack) {
    // Why it is exact. A's texture maps into B's by q = L p + t, L = S_B^-1 R(turnA - turnB) S_A, t from the
    // positions and pivots (makeSampleLattice's matrix, written out the same way); its inverse is p = Li (q - t),
    // Li = S_A^-1 R(turnB - turnA) S_B. pixel-naive's map is that one rounded: c and s below are within a few 1e-16
    // of the exact cosine and sine (pixel-naive's of the turns' difference too), so every entry and every position here
    // is within 1e-14 of its magnitude (magB, magA) of the exact one, plus `slack`, plus the 32.32 lattice's rounding
    // (2^-33 per start and step, so 2^-33 (1 + x + y) at A's sample (x, y): 2^-32 coverA.extent). mB and mA bound
    // all of it with 0.01 to spare, in B's and in A's pixels.
    // Apart. A hit is a sample s of a solid pixel of A (in that pixel's closed square, for either sampling: (x + 0.5,
    // y + 0.5) or (x, y)), so in a box of A's, whose position q in B picks a solid pixel of B: floor(q) (center) or
    // round(q) (xna) is a pixel of a box of B's, so q lies in that box grown by kGrow = 1/2 (up and left for xna), and
    // the computed map puts s within mB of it. A box of A's and a box of B's grown by kGrow + mB have no such s when
    // an axis separates them: B's x or y axis in B's pixels (A's box is a parallelogram there, of half extents
    // |L| (ha)), or A's in A's pixels (B's box mapped by Li, half extents |Li| (hb + kGrow + mB), and mA more).
    // Meet. A box of A's shrunk by kShrinkA = 1/2 and a box of B's shrunk by 1/2 + |L| (1/2, 1/2) + mB, per axis,
    // that no axis separates with mB (mA in A's pixels) to spare for this arithmetic (two convex polygons that no edge
    // normal separates meet) share a point p, in [a0 + 1/2, a1 - 1/2] along each of A's axes (a0, a1 whole). The
    // sample s = floor(p) + 1/2 (center) or ceil(p - 1/2) (xna) per axis lies within 1/2 of p along each (either
    // sampling's samples are a unit lattice in A), and its pixel, floor(p) or ceil(p - 1/2), lies in [a0, a1 - 1]: a
    // pixel of A's wholly solid box. In B, s lies within |L| (1/2, 1/2) of p, so its computed position 1/2 + mB inside
    // B's wholly solid box and its exact one more than 1/2 inside: floor and round both pick a pixel of that box,
    // solid. A hit.
    constexpr double kGrow = 0.5;
    constexpr double kShrinkA = 0.5;
    constexpr double kLimit = 1e12;
    const double c = a.cos * b.cos + a.sin * b.sin, s = a.sin * b.cos - a.cos * b.sin;
    const double l00 = c * a.scale.x / b.scale.x, l01 = -s * a.scale.y / b.scale.x;
    const double l10 = s * a.scale.x / b.scale.y, l11 = c * a.scale.y / b.scale.y;
    const double i00 = c * b.scale.x / a.scale.x, i01 = s * b.scale.y / a.scale.x;
    const double i10 = -s * b.scale.x / a.scale.y, i11 = c * b.scale.y / a.scale.y;
    const glm::dvec2 d = a.position - b.position;
    const glm::dvec2 t = b.origin +
                         glm::dvec2{(b.cos * d.x + b.sin * d.y) / b.scale.x, (-b.sin * d.x + b.cos * d.y) / b.scale.y} -
                         glm::dvec2{l00 * a.origin.x + l01 * a.origin.y, l10 * a.origin.x + l11 * a.origin.y};
    const glm::dvec2 tInA{i00 * t.x + i01 * t.y, i10 * t.x + i11 * t.y};
    const double rowL0 = std::abs(l00) + std::abs(l01), rowL1 = std::abs(l10) + std::abs(l11);
    const double rowI0 = std::abs(i00) + std::abs(i01), rowI1 = std::abs(i10) + std::abs(i11);
    const double magB = std::abs(t.x) + std::abs(t.y) + (rowL0 + rowL1) * coverA.extent + coverB.extent;
    const double magA = std::abs(tInA.x) + std::abs(tInA.y) + (rowI0 + rowI1) * coverB.extent + coverA.extent;
    // False for NaN too: a scale of 0 or a turn not finite ends here.
    if (!(magB < kLimit && magA < kLimit && slack < kLimit)) return PairVerdict::Unsure;
    const double mB = 0.01 + slack + 1e-9 * magB + 0x1p-32 * coverA.extent;
    const double mAx = 0.01 + slack + 1e-9 * magA + rowI0 * mB, mAy = 0.01 + slack + 1e-9 * magA + rowI1 * mB;
    // Box pairs in turn, each axis worked out only when the ones before it leave the pair open (a pair's first box
    // pair usually answers it).
    bool apart = true;
    for (int i = 0; i < coverA.count; ++i) {
        const SolidCover::Box& boxA = coverA.boxes[i];
        const glm::dvec2 aInB = glm::dvec2{l00 * boxA.centre.x + l01 * boxA.centre.y, l10 * boxA.centre.x + l11 * boxA.centre.y} + t;
        const glm::dvec2 aHalf{std::abs(l00) * boxA.half.x + std::abs(l01) * boxA.half.y,
                               std::abs(l10) * boxA.half.x + std::abs(l11) * boxA.half.y};
        for (int j = 0; j < coverB.count; ++j) {
            const SolidCover::Box& boxB = coverB.boxes[j];
            // Once a box pair meets, the answer is Unsure unless two wholly solid boxes prove Meet.
            if (!apart && !(boxA.solid && boxB.solid)) continue;
            // The centres' distance along each axis against the two boxes' half extents along it: B's axes first.
            const glm::dvec2 w = glm::abs(aInB - boxB.centre);
            if (w.x > boxB.half.x + aHalf.x + kGrow + mB || w.y > boxB.half.y + aHalf.y + kGrow + mB) continue;
            const glm::dvec2 wA = glm::abs(glm::dvec2{i00 * boxB.centre.x + i01 * boxB.centre.y, i10 * boxB.centre.x + i11 * boxB.centre.y} -
                                           tInA - boxA.centre);
            const glm::dvec2 grown = boxB.half + kGrow + mB;
            if (wA.x > boxA.half.x + std::abs(i00) * grown.x + std::abs(i01) * grown.y + mAx ||
                wA.y > boxA.half.y + std::abs(i10) * grown.x + std::abs(i11) * grown.y + mAy) {
                continue;
            }
            if (!boxA.solid || !boxB.solid) {
                // Apart is out, and Meet needs two wholly solid boxes: with none in either cover (a ring, a glyph
                // whose boxes all hold a gap) nothing is left to weigh. Asked once, at the first pair that meets.
                if (apart && !(coverA.anySolid && coverB.anySolid)) return PairVerdict::Unsure;
                apart = false;
                continue;
            }
            apart = false;
            const glm::dvec2 shrunkA = boxA.half - kShrinkA;
            const glm::dvec2 shrunkB = boxB.half - glm::dvec2{0.5 + 0.5 * rowL0 + mB, 0.5 + 0.5 * rowL1 + mB};
            // shrunkA is positive: a wholly solid box is at least 4 pixels each way.
            if (shrunkB.x > 0.0 && shrunkB.y > 0.0 &&
                w.x < shrunkB.x + std::abs(l00) * shrunkA.x + std::abs(l01) * shrunkA.y - mB &&
                w.y < shrunkB.y + std::abs(l10) * shrunkA.x + std::abs(l11) * shrunkA.y - mB &&
                wA.x < shrunkA.x + std::abs(i00) * shrunkB.x + std::abs(i01) * shrunkB.y - mAx &&
                wA.y < shrunkA.y + std::abs(i10) * shrunkB.x + std::abs(i11) * shrunkB.y - mAy) {
                return PairVerdict::Meet;
            }
        }
    }
    return apart ? PairVerdict::Apart : PairVerdict::Unsure;
}

}  // namespace cl::pixel_fast
