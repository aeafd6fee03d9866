#pragma once
// Which sprites the world view annotates (name label, shape outlines, pivot) when a scene holds many: a game
// frame of ~1,000 blocks gives 201 sprites whose labels and boxes would cover each other. Few sprites: all;
// many: the pair, the selected sprite and the few nearest the pointer — or all, on demand (View > All labels).

#include <cstddef>
#include <optional>
#include <vector>

#include <glm/vec2.hpp>

#include "core/base/geometry.h"

namespace cl {

/// Scenes with at most this many sprites annotate every sprite.
inline constexpr std::size_t kAnnotateAllUpTo = 12;
/// A sprite whose screen box comes within this many screen pixels of the pointer is "near" it...
inline constexpr double kNearPointerPx = 40.0;
/// ... and at most this many of the nearest are annotated.
inline constexpr std::size_t kNearPointerMax = 6;

/// What the choice reads: each sprite's box on the screen, the pair, the selection and the pointer.
struct DeclutterInput {
    std::vector<Rect> screenBoxes;      ///< One per sprite, in scene order (screen pixels).
    int pairA = -1, pairB = -1;         ///< The pair's sprites (-1: none).
    int selected = -1;                  ///< The selected sprite (-1: none).
    std::optional<glm::dvec2> pointer;  ///< The pointer, when it is over the view.
    bool all = false;                   ///< View > All labels: annotate every sprite.
};

/// One flag per sprite: true for those the view annotates (see the file comment).
std::vector<bool> annotatedSprites(const DeclutterInput& in);

/// True when annotatedSprites() leaves some sprite out (the view says how to show them all).
bool decluttered(const DeclutterInput& in);

}  // namespace cl
