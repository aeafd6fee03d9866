#pragma once
// The per-pixel tests of the source documents, each written as the plain, obviously-correct scan.

#include <span>
#include <vector>

#include "core/base/collision_result.h"

namespace cl {

/// `pixel-rect`: scan of the intersection rectangle for two whole-pixel translations (rotation a
/// multiple of 360, scale (1,1), position - origin integral); not applicable otherwise, with the reason.
/// Same answer as pixel-naive with Center sampling.
CollisionResult pixelRect(const Body& a, const Body& b, const TestOptions& options);

/// `pixel-naive`: every solid pixel of A in row-major order is mapped into B with the full matrix
/// product; it counts when it lands inside B on a solid pixel.
CollisionResult pixelNaive(const Body& a, const Body& b, const TestOptions& options);

/// `pixel-step`: the same scan, walking B's space with the two step vectors (one add per pixel and per row).
CollisionResult pixelStep(const Body& a, const Body& b, const TestOptions& options);

/// `pixel-world`: every world pixel centre (i + 0.5, j + 0.5) strictly inside both world AABBs is mapped
/// into A and into B (floor) and counts when solid in both — what the GPU red/blue method computes.
/// Only the centres of pixelWorldRange() that can map inside both sprites' solid hulls (tight bounds and
/// support polygon) are visited, row by row, when the range is at least kMinClippedRow centres wide (a
/// narrower range is visited whole); `samples` counts those visits, not the whole range.
CollisionResult pixelWorld(const Body& a, const Body& b, const TestOptions& options);

/// Narrowest pixelWorldRange() whose rows pixel-world clips to the solid hulls.
inline constexpr double kMinClippedRow = 8.0;

/// The world pixel centres pixel-world visits: (i + 0.5, j + 0.5) for whole i in [first.x, last.x] and
/// j in [first.y, last.y] — strictly inside both world AABBs and inside the closed overlap of the tight
/// boxes (no centre outside a tight box is solid; one on its edge can be). Shared with the GPU test.
struct WorldPixelRange {
    glm::dvec2 first{0.0, 0.0};
    glm::dvec2 last{-1.0, -1.0};
    /// True when no centre qualifies.
    bool empty() const { return last.x < first.x || last.y < first.y; }
    /// Number of centres (0 when empty), as a double since it may be huge.
    double count() const { return empty() ? 0.0 : (last.x - first.x + 1.0) * (last.y - first.y + 1.0); }
};
WorldPixelRange pixelWorldRange(const Body& a, const Body& b);

/// Largest number of world pixel centres pixel-world (and the GPU test) visit before answering "not applicable".
inline constexpr double kMaxWorldPixels = 67108864.0;  // 2^26

/// `pixel-exact`: each solid pixel is its unit square; overlap is the world area of (A's solid squares
/// intersected with B's solid squares). Hit iff the area > kExactAreaEpsilon. The sprite with the smaller
/// world pixels is walked; `samples` counts its solid pixels examined: only those whose square's box can
/// reach the other's solid hull (tight bounds and support polygon).
CollisionResult pixelExact(const Body& a, const Body& b, const TestOptions& options);

/// Smallest world area pixel-exact counts as a hit.
inline constexpr double kExactAreaEpsilon = 1e-6;

/// The world area pixel-exact adds for each (A pixel, B pixel) pair of `pairs` (their `a` and `b`): A's
/// pixel square intersected with B's, clipped the same way (the sprite with smaller world pixels walked).
/// Pixels are taken as squares whatever the masks say, so this answers for any threshold.
std::vector<double> pixelPairAreas(const Body& a, const Body& b, std::span<const PixelHit> pairs);

}  // namespace cl
