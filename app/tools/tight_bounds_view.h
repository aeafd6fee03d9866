#pragma once
// The Tight bounds tab's state and overlay: the blog's inward crop (core/collision/inward_crop.h) of one sprite's
// world box replayed probe by probe in the world view, beside the exact tightWorldAabb().

#include <cstdint>
#include <optional>

#include <imgui.h>

#include "app/analysis/collision_report.h"
#include "app/editor/camera.h"
#include "core/base/geometry.h"
#include "core/collision/inward_crop.h"
#include "core/scene/scene.h"

namespace cl {

/// The replay and the answers it shows, rebuilt when the scene or the sprite changes.
struct TightBoundsState {
    bool active = false;           ///< Draw the replay in the world view.
    bool playing = false;
    double probesPerSecond = 200.0;
    double carry = 0.0;            ///< Fraction of a probe owed by playback.
    std::size_t step = 0;          ///< Probes shown.
    int sprite = -1;               ///< The sprite cropped.
    std::uint64_t generation = 0;  ///< CollisionReport generation the trace was built for.
    InwardCropTrace trace;
    std::optional<Rect> tightAabb; ///< tightWorldAabb() of the same sprite.
    double cropUs = 0.0;           ///< Time the inward crop took.
    double tightUs = 0.0;          ///< Time tightWorldAabb() took.
};

/// Colours of the replay (0xRRGGBBAA), its own so that none means something else in the Legend; the exact
/// box is tightWorldAabb(), drawn in the Legend's Tight AABB colour.
namespace tightBoundsPalette {
inline constexpr std::uint32_t kStartBox = 0xB4B4BEFF;  ///< The world box of the texture corners, in whole world pixels.
inline constexpr std::uint32_t kCropBox = 0x5A78FFFF;   ///< The inward crop so far; a solid probe is filled with it.
inline constexpr std::uint32_t kEmptyProbe = 0xB4B4BEFF; ///< A probe that found no solid texel.
}  // namespace tightBoundsPalette

/// Rebuilds the trace from the report's snapshot when it has a new answer or the sprite changed (never per frame).
void updateTightBounds(TightBoundsState& state, const CollisionReport& report, int sprite);

/// Advances playback by `seconds`.
void advanceTightBounds(TightBoundsState& state, double seconds);

/// Draws the start box, the box so far, the latest probe and the exact tight box over the world view.
void drawTightBoundsOverlay(ImDrawList* list, const TightBoundsState& state, const Camera& camera);

}  // namespace cl
