#pragma once
// The benchmark scenes of issue 5: two placed masks per case, built once and shared by every benchmark.

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/base/alpha_mask.h"
#include "core/base/collision_result.h"
#include "core/base/image.h"

namespace cl::bench {

/// Two masks and their placements; the bodies point into the masks, so a case is never copied.
struct BenchCase {
    std::string name;
    AlphaMask maskA;
    AlphaMask maskB;
    Body a;
    Body b;
    /// B's mask re-drawn where it lies over A's texture (same size as A), or empty when B is not a
    /// whole-pixel translation: what the plain word-by-word AND reads.
    AlphaMask maskBInA;
    /// When not empty, the placements (A's transform, B's transform) the row cycles through, one per call;
    /// `a` and `b` hold the first. The row's time and count are then an average over them.
    std::vector<std::pair<SpriteTransform, SpriteTransform>> placements;
};

/// Rings: A 0.30 S <= r <= 0.45 S, B 0.15 S <= r < 0.30 S - 2, both centred, B turned 30 degrees — never a hit.
std::unique_ptr<BenchCase> makeRings(int size);
/// Combs: 1-pixel vertical bars every 4 pixels; B is the same comb 2 pixels to the right — never a hit.
std::unique_ptr<BenchCase> makeCombs(int size);
/// F/R: the bundled glyphs, B (R) at 30 degrees and scale 1.7, placed so about a quarter of F overlaps R.
std::unique_ptr<BenchCase> makeGlyphs();
/// Discs: two solid discs of radius 0.45 S in S x S images, B turned 30 degrees about its centre and 0.25 S to
/// the right — a hit whose overlap is most of both: what a full count walks.
std::unique_ptr<BenchCase> makeDiscs(int size);

/// Crosses: two of the game's 64 x 64 crosses (`cross.png`), turned about their centres at 16 placements
/// whose solid discs meet (pixel-fast's disc reject never answers them), some hitting and some not.
std::unique_ptr<BenchCase> makeCrosses();
/// crosses/64's sixteen directions and turns, each at the distance where the crosses stop touching (half at the
/// last hit, half at the first miss, in quarter pixels): the pairs the masks' covers leave to the scan.
std::unique_ptr<BenchCase> makeCrossesTouching();
/// Crosses turning: crosses/64's places with a new pair of turns at every call of a 1,024-call cycle (a pixel
/// test's per-pair set-up cache never hits it).
std::unique_ptr<BenchCase> makeCrossesTurning();
/// Corner: two solid 1024 x 1024 squares overlapping 16 x 16 at a corner, B turned 10 degrees about it.
std::unique_ptr<BenchCase> makeCorner();

/// An RGBA image whose alpha is 255 where `solid(x, y)` and 0 elsewhere; colour channels are grey.
template <typename Solid>
RgbaImage drawImage(int width, int height, Solid solid) {
    RgbaImage image;
    image.width = width;
    image.height = height;
    image.pixels.assign(static_cast<std::size_t>(width) * height * 4, 128);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) image.pixels[(static_cast<std::size_t>(y) * width + x) * 4 + 3] = solid(x, y) ? 255 : 0;
    }
    return image;
}

/// The PNG at `path` as RGBA; exits the program with a message naming the file when it cannot be read.
RgbaImage loadPng(const std::string& path);

}  // namespace cl::bench
