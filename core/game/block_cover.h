#pragma once
// BlockCover: a few boxes in a block's texture that hold every solid pixel, some of them wholly solid, so that a pair of
// the game's blocks (one mask, turned about its centre, scale 1) is answered by separating axes — apart, or surely
// touching — and only a pair within a few pixels of touching asks the pixel test.

#include <array>
#include <cmath>

#include <glm/vec2.hpp>

#include "core/base/alpha_mask.h"
#include "core/game/block_box.h"

namespace cl {

/// Boxes about a block's pivot whose union holds every solid pixel's closed square of its mask.
struct BlockCover {
    /// One box: its centre from the pivot and its half width and height, in texture pixels.
    struct Box {
        glm::dvec2 centre{0.0, 0.0};
        glm::dvec2 half{0.0, 0.0};
        bool solid = false;  ///< Every pixel in it is solid, and it is at least 4 pixels each way.
    };
    static constexpr int kMaxBoxes = 4;
    std::array<Box, kMaxBoxes> boxes{};
    int count = 0;       ///< 0 for a mask with no solid pixel: no pair is then answered by the cover.
    double reach = 0.0;  ///< The farthest point of any box from the pivot.
};

/// `mask`'s cover about the pivot `origin`: its rows of one solid extent (AlphaMask::extentRunEnds()) as boxes, two
/// merged where the box holding both adds no empty pixel (a cross's arms and middle are its upright bar), then the
/// two whose merge adds the fewest empty pixels until at most kMaxBoxes are left.
BlockCover blockCover(const AlphaMask& mask, glm::dvec2 origin);

/// A pair of blocks on the mask `cover` is of (scale 1, turned about `cover`'s pivot), block A scanned into block B
/// by a pixel test that samples A's solid pixels into B as pixel-naive does (either sampling): Apart when no sample
/// can pick a solid pixel of B, Meet when one surely does, Unsure otherwise (always when an error is NaN). Each
/// block is its centre, its turn (BlockTurn) and its estimate's error (BoxEstimate::error: every rounding of its
/// turn and place is within it).
inline BoxVerdict coverVerdict(const BlockCover& cover, glm::dvec2 centreA, BlockTurn turnA, double errorA, glm::dvec2 centreB,
                               BlockTurn turnB, double errorB) {
    // Why it is exact. A hit is a sample of a solid pixel of A (in that pixel's closed square, so in a box of A's) whose
    // place in B picks a solid pixel of B: within that pixel's closed square (center: floor) or half a pixel up and
    // left of it (xna: round), so in a box of B's grown by kGrow. A pair of boxes apart by separating axes (SAT) has no
    // such sample. A point p in a box of A's shrunk by kShrinkA and in one of B's shrunk by kShrinkB is within
    // sqrt(2)/2 of a sample of A (either sampling's samples are a unit lattice), which lies 1 pixel inside A's wholly
    // solid box (so its pixel is in it, for either sampling) and half a pixel inside B's (so it picks a pixel in it):
    // a hit. `margin` covers everything rounded: this cosine and sine (3e-8 times the texture's size) and the exact
    // turn's and place's roundings (the errors, a hundred times over), and the pixel test's fixed-point lattice (a few
    // 2^-33 of a pixel from the exact map) with 0.01 pixel.
    constexpr double kGrow = 1.0;
    constexpr double kShrinkA = 1.71;  // 1 + sqrt(2)/2
    constexpr double kShrinkB = 1.21;  // 1/2 + sqrt(2)/2
    const double margin = 0.01 + 4.0 * (errorA + errorB);
    const glm::dvec2 d = centreB - centreA;
    // Every point of a box lies within reach of its pivot, of a grown box within reach + sqrt(2). NaN: on to the boxes.
    const double far = 2.0 * cover.reach + 1.5 + margin;
    if (d.x * d.x + d.y * d.y > far * far) return BoxVerdict::Apart;
    const double ca = turnA.cos, sa = turnA.sin, cb = turnB.cos, sb = turnB.sin;
    // |uA . uB| = |vA . vB| and |uA . vB| = |vA . uB|, with u, v each block's texture x and y axes in the world.
    const double c = std::abs(ca * cb + sa * sb), s = std::abs(sa * cb - ca * sb), cs = c + s;
    bool apart = true;
    for (int i = 0; i < cover.count; ++i) {
        const BlockCover::Box& a = cover.boxes[i];
        const glm::dvec2 boxA{ca * a.centre.x - sa * a.centre.y, sa * a.centre.x + ca * a.centre.y};
        for (int j = 0; j < cover.count; ++j) {
            const BlockCover::Box& b = cover.boxes[j];
            const glm::dvec2 w = d + glm::dvec2{cb * b.centre.x - sb * b.centre.y, sb * b.centre.x + cb * b.centre.y} - boxA;
            // Each axis: the centres' distance along it against the two boxes' half lengths along it.
            const double s1 = std::abs(w.x * ca + w.y * sa), p1 = a.half.x + b.half.x * c + b.half.y * s;
            const double s2 = std::abs(w.y * ca - w.x * sa), p2 = a.half.y + b.half.x * s + b.half.y * c;
            const double s3 = std::abs(w.x * cb + w.y * sb), p3 = b.half.x + a.half.x * c + a.half.y * s;
            const double s4 = std::abs(w.y * cb - w.x * sb), p4 = b.half.y + a.half.x * s + a.half.y * c;
            if (s1 > p1 + kGrow * cs + margin || s2 > p2 + kGrow * cs + margin || s3 > p3 + kGrow + margin ||
                s4 > p4 + kGrow + margin) {
                continue;
            }
            apart = false;
            const double inA = kShrinkA + kShrinkB * cs + margin, inB = kShrinkB + kShrinkA * cs + margin;
            if (a.solid && b.solid && s1 < p1 - inA && s2 < p2 - inA && s3 < p3 - inB && s4 < p4 - inB) return BoxVerdict::Meet;
        }
    }
    return apart ? BoxVerdict::Apart : BoxVerdict::Unsure;
}

}  // namespace cl
