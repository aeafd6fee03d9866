#pragma once
// Comparison: where two pixel tests disagree, pixel by pixel.
//
// The common key is the pair (pixel of A, pixel of B) of each overlapping sample. Every pixel test
// that lists its hits reports both pixels whatever grid it samples: pixel-naive/step/fast in either
// sampling put A's pixel and the B pixel its sample lands in; scanning B into A still reports A's
// pixel in `a` and B's in `b`; pixel-world reports the A and B pixels holding a world pixel centre;
// pixel-rect and pixel-exact the pixel pairs they find overlapping. Keys of "A pixel" alone would
// hide B->A's answer when B is scaled up (many B pixels land in one A pixel), and keys of "world
// pixel" would make every A-grid test look different from itself once A is rotated; the pair says
// "these two texels were found touching" in every test's own terms, so a pair counted by one test
// and not by the other is a real difference in what the tests saw. Counts are of distinct pairs: a
// test that finds the same pair twice (scan "both", or several world pixels inside one A and one B
// pixel) counts it once here, so these counts can be lower than the test's own `overlap`.
//
// The `polygon` row lists pairs too (colliderPixelPairs, core/collision/polygon_collision.h): the pairs
// pixel-exact would list with each sprite's solid squares replaced by its collider. Compared with
// pixel-exact, a pair only polygon counts is overlap the colliders add, one only pixel-exact counts is
// overlap they miss.

#include <cstdint>
#include <string>
#include <vector>

#include "core/collision/algorithms.h"
#include "core/base/collision_result.h"

namespace cl {

/// The three sets of a comparison; each hit is the first one (in scan order) found with its key.
struct ComparisonSets {
    std::vector<PixelHit> onlyFirst;   ///< Pairs only the first test counted.
    std::vector<PixelHit> onlySecond;  ///< Pairs only the second test counted.
    std::vector<PixelHit> both;        ///< Pairs both counted (with the first test's world position).
    /// True when the two tests found exactly the same pairs.
    bool agree() const { return onlyFirst.empty() && onlySecond.empty(); }
};

/// The sets of (A pixel, B pixel) keys of two results filled with listHits; sorted by key (A's row,
/// A's column, B's row, B's column), so the order does not depend on either test's scan order.
ComparisonSets compareHits(const CollisionResult& first, const CollisionResult& second);

/// One side of a comparison: a pixel test and the options it runs with.
struct ComparedTest {
    const Algorithm* algorithm = nullptr;
    Sampling sampling = Sampling::Center;
    ScanDirection scan = ScanDirection::AToB;
};

/// Both tests' full answers and their comparison, or why the comparison cannot be made.
struct Comparison {
    bool applicable = true;  ///< False when a side lists no pixel pairs (not a pixel test nor polygon), cannot answer, or lists no hits.
    std::string reason;      ///< Why not applicable; empty otherwise.
    CollisionResult first;   ///< The first test in full mode with listHits.
    CollisionResult second;
    ComparisonSets sets;     ///< Empty when not applicable.
};

/// "pixel-naive (center, a-to-b)": a test as the Compare panel and messages name it.
std::string comparedTestName(const ComparedTest& test);

/// Runs both tests on the pair (full mode, listHits) and compares their hits. A test that reports an
/// overlap but lists no hits (the GPU test reads back only a count) makes the comparison not applicable.
Comparison compareTests(const ComparedTest& first, const ComparedTest& second, const Body& a, const Body& b);

}  // namespace cl
