#pragma once
// The threshold map of a pair: the verdict of one pixel test at every (threshold of A, threshold of B).
//
// For a pair in its pose and the chosen pixel test, the threshold map is the 256 x 256 table of verdicts
// for every (threshold of A, threshold of B). Since raising either threshold only removes solid pixels,
// the hits form a staircase; its frontier is the list of (tA, tB) corners where the verdict flips. For
// the current thresholds, the margins are how far each threshold can move before the verdict flips (and
// which way).
//
// How one scan gives all of it: the test runs once with both sprites at threshold 0 (every pixel of
// alpha > 0 solid) and lists its overlapping samples. Each sample is a pair of pixels with alphas
// (aA, aB), and at (tA, tB) the test counts exactly the samples with aA > tA and aB > tB (a threshold only
// changes which pixels are solid, never where a sample lands). So a 256 x 256 histogram of (aA, aB),
// summed from the top corner down (2-D suffix sums), gives every cell's overlap and so its verdict.
// pixel-exact's overlap is an area: its histogram sums each pair's area instead of counting it.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/base/collision_result.h"
#include "core/base/image.h"
#include "core/collision/algorithms.h"

namespace cl {

/// Thresholds run 0..255: a pixel is solid when alpha > t.
inline constexpr int kThresholdLevels = 256;

/// One cell of the map: a threshold for A and one for B.
struct ThresholdCell {
    int a = 0;
    int b = 0;
    bool operator==(const ThresholdCell&) const = default;
};

/// Every cell's verdict and overlap for one pixel test on one posed pair.
struct ThresholdMap {
    bool applicable = true;   ///< False when the test cannot give the map (see reason).
    std::string reason;       ///< Why not; empty otherwise.
    bool reportsArea = false; ///< Overlaps are world areas (pixel-exact), not counts of samples.
    /// kThresholdLevels^2 overlaps, cell (tA, tB) at tA * kThresholdLevels + tB.
    std::vector<double> overlaps;
    /// kThresholdLevels^2 verdicts (1 hit, 0 miss), same layout: what the test answers at that cell.
    std::vector<std::uint8_t> hits;
    /// The staircase's outer corners: the hit cells whose right (tA + 1) and upper (tB + 1) neighbours are
    /// misses (or off the map), by rising tA (so falling tB). The pair touches at (tA, tB) exactly when
    /// some corner c has tA <= c.a and tB <= c.b. Empty when no cell is a hit.
    std::vector<ThresholdCell> frontier;

    /// The verdict at (tA, tB); both in 0..255.
    bool hit(int tA, int tB) const { return hits[static_cast<std::size_t>(tA) * kThresholdLevels + tB] != 0; }
    /// The overlap at (tA, tB): samples counted, or world area for pixel-exact.
    double overlap(int tA, int tB) const { return overlaps[static_cast<std::size_t>(tA) * kThresholdLevels + tB]; }
};

/// The threshold map of `algorithm` on the pair as posed, with the sampling and scan direction of
/// `options` (its stopAtFirstHit and listHits are ignored). The bodies' masks give the alpha of each pixel
/// whatever threshold they were built at. Not applicable, with the reason, for a test that is not a pixel
/// test or lists no hits, and when the test itself is not applicable to the pair.
ThresholdMap thresholdMap(const Algorithm& algorithm, const Body& a, const Body& b, const TestOptions& options);

/// How far one sprite's threshold can move, the other held, before the verdict flips.
struct ThresholdMargin {
    /// +1 when the verdict flips as the threshold rises (the pair touches now), -1 as it falls (it does not).
    int direction = +1;
    /// The nearest threshold in that direction with the other verdict; empty when none in 0..255 has it.
    std::optional<int> flipsAt;
    /// The farthest threshold in that direction that keeps the current verdict (the current one when the
    /// very next step flips it; 255 or 0 when nothing flips it).
    int keepsTo = 0;
};

/// The margins of both thresholds at one cell.
struct ThresholdMargins {
    ThresholdCell at;  ///< The current thresholds.
    bool hit = false;  ///< The verdict there.
    ThresholdMargin a; ///< A's threshold moving, B's held.
    ThresholdMargin b; ///< B's threshold moving, A's held.
};

/// The margins at (tA, tB) (each clamped to 0..255) of an applicable map.
ThresholdMargins thresholdMargins(const ThresholdMap& map, int tA, int tB);

/// One margin in words, e.g. "A's threshold can rise to 141 before the pair stops touching" or
/// "A's threshold must fall to 99 before the pair touches"; `sprite` names the sprite ("A", "R", ...).
std::string describeMargin(const ThresholdMargin& margin, bool hit, const std::string& sprite);

/// The map as a 256 x 256 picture, A's threshold along x (left 0) and B's along y (top 0): hit cells dark,
/// misses light, the frontier's corners in red and the current cell's row and column as a blue crosshair.
RgbaImage thresholdMapImage(const ThresholdMap& map, ThresholdCell current);

}  // namespace cl
