#pragma once
// The memory estimate of cut frames: before a timeline, a frame matrix or a tool cuts the frames of a sprite,
// it adds up the pixels they will take (each atlas frame at its untrimmed source size, a grid cell at its
// size) and refuses, with a message naming the sprites and the limit, when they would pass kMaxScenePixels —
// the same bound the scene reader keeps for the images it decodes. An untrimmed 8192 x 8192 source holding
// one stored pixel still takes 64 M pixels once cut, which is what is counted.

#include <cstdint>
#include <span>
#include <string>

#include "core/scene/frame_image.h"
#include "core/scene/scene.h"

namespace cl {

/// Pixels the frames `refs` of `sprite` take once cut: each distinct frame once, an atlas frame at its untrimmed
/// source size, a grid cell or rectangle at its size, the whole image at its size.
std::int64_t cutFramePixels(const SceneSprite& sprite, std::span<const FrameRef> refs);

/// The frames of `sprite`'s animation as references (empty when it plays none).
std::vector<FrameRef> animationFrameRefs(const SceneSprite& sprite);

/// Empty when `pixels` fit kMaxScenePixels, else "<what> hold N pixels together; the limit is L".
std::string cutPixelsProblem(const std::string& what, std::int64_t pixels);

}  // namespace cl
