#pragma once
// Animation over time: which frame of a sprite's animation the scene's timeline shows at time tau, and the
// moving body (core/motion/motion.h) an animated sprite is in the swept test.
//
// A timeline frame lasts 1000 / fps ms (fps: the scene's field, default kDefaultSceneFps). At time tau
// (in timeline frames, real) an animated sprite shows the frame reached by starting at the start of frame
// `frame_index` at tau = 0 and advancing tau * 1000 / fps ms through the frames' durations (0: kDefault-
// FrameDurationMs), looping over the animation's frame list (a reverse tag's list is already backwards; a
// ping-pong tag loops its first pass, as the Sprites tool's Play does). A frame is shown from its own start
// time (inclusive) to the next frame's start (exclusive). The arithmetic is done in ms x fps with fmod over
// one cycle, so whole-number durations, fps and tau give exact boundaries, and a huge tau costs no more
// than a small one.

#include <memory>
#include <string>
#include <vector>

#include "core/scene/frame_image.h"
#include "core/base/mask_cache.h"
#include "core/motion/motion.h"
#include "core/scene/scene.h"

namespace cl {

/// Each animation frame's duration in ms as the sprite's atlas gives it (0 when it gives none or the name is unknown).
std::vector<int> animationDurations(const SceneSprite& sprite);

/// True when the sprite plays an animation of an atlas (its frame changes with time).
bool playsAnimation(const SceneSprite& sprite);

/// Shows animation frame `index` (clamped) of the sprite: frame, frameIndex and pixels (from `cache`); the
/// transform is kept. Returns an empty string, or why the frame cannot be shown (then the sprite is unchanged).
std::string showAnimationIndex(SceneSprite& sprite, int index, FrameImageCache& cache);

/// The body `sprite` is in the swept test at timeline rate `fps`: its mask, transform and motion and, when it
/// plays an animation, every frame's mask (so MovingBody::at(tau) shows the frame at tau). `keep` holds the
/// masks the body points to. Returns an empty string, or why a frame cannot be cut.
std::string movingBodyOf(const SceneSprite& sprite, double fps, FrameImageCache& frames, MaskCache& masks,
                         std::vector<std::shared_ptr<const AlphaMask>>& keep, MovingBody& body);

}  // namespace cl
