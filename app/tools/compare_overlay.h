#pragma once
// The Compare panel's state and its world-view overlay: two pixel tests (or one test under two
// samplings or scan directions) run on the current pair, and the (A pixel, B pixel) pairs counted by
// only the first, only the second, and both (core/check/comparison.h) drawn as three markers (colour and shape).

#include <cstdint>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/analysis/collision_report.h"
#include "app/editor/camera.h"
#include "core/check/comparison.h"
#include "core/scene/scene.h"

namespace cl {

/// One side of the comparison as the panel edits it (the algorithm by name, so it survives reloads).
struct CompareChoice {
    std::string algorithm = "pixel-naive";
    Sampling sampling = Sampling::Center;
    ScanDirection scan = ScanDirection::AToB;
    bool operator==(const CompareChoice&) const = default;
};

/// What the Compare panel chose and the newest comparison it computed.
struct CompareState {
    bool enabled = false;  ///< Compute and draw the comparison.
    CompareChoice first;
    CompareChoice second{"pixel-world"};
    Comparison comparison;       ///< The newest answer (empty before the first).
    bool computed = false;       ///< `comparison` holds an answer for the current choices.
    double ms = 0.0;             ///< Time the newest comparison took.
    std::uint64_t generation = 0;  ///< CollisionReport generation the answer was computed for.
    CompareChoice firstUsed, secondUsed;
};

/// Colours of the three sets (0xRRGGBBAA), shared by the overlay and the panel's legend.
namespace comparePalette {
inline constexpr std::uint32_t kOnlyFirst = 0xFFE23AFF;
inline constexpr std::uint32_t kOnlySecond = 0x38B6FFFF;
inline constexpr std::uint32_t kBoth = 0x7CE07CFF;
}  // namespace comparePalette

/// The three sets of pairs.
enum class CompareSet { OnlyFirst, OnlySecond, Both };

/// A set's colour (comparePalette).
std::uint32_t compareSetColour(CompareSet set);

/// Draws one pair's marker centred on `centre`, `half` pixels from centre to side: a shape per set (only first a
/// square, only second a diamond, both a disc) in the set's colour inside a near-black ring, so every set stands out
/// on any sprite colour (the yellow square on a yellow sprite, the blue diamond on a blue one) and the sets differ
/// by shape too. The overlay, the panel's counts and the badge's key all draw it.
void drawCompareMarker(ImDrawList* list, glm::dvec2 centre, float half, CompareSet set);

/// A marker of `set` as a key at the cursor, `size` pixels square (ImGui item: SameLine may follow).
void compareMarkerKey(CompareSet set, float size);

/// The tests the Compare panel offers: every row of `algorithms` that lists its hits (the pixel tests but `gpu`,
/// and `polygon`, whose pairs are those inside both colliders).
std::vector<const Algorithm*> comparableTests(const AlgorithmSet& algorithms);

/// Recomputes the comparison on the report's snapshot (its masks and transforms) when the report has a
/// new answer or the choices changed (never per frame: at most once per finished answer of the worker).
/// Runs on the calling (main) thread.
void updateComparison(CompareState& compare, const CollisionReport& report);

/// Draws the three sets over the world view: a marker (drawCompareMarker) per pair at its sample's world position.
void drawCompareOverlay(ImDrawList* list, const CompareState& compare, const Camera& camera);

}  // namespace cl
