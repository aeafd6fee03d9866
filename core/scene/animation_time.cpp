#include "core/scene/animation_time.h"

#include <algorithm>
#include <cmath>

#include "core/scene/frame_memory.h"

namespace cl {

std::vector<int> animationDurations(const SceneSprite& sprite) {
    std::vector<int> durations;
    for (const std::string& name : sprite.animation.frames) {
        const int at = sprite.atlasData ? sprite.atlasData->indexOf(name) : -1;
        durations.push_back(at >= 0 ? sprite.atlasData->frames[static_cast<std::size_t>(at)].durationMs : 0);
    }
    return durations;
}

bool playsAnimation(const SceneSprite& sprite) {
    return sprite.animation.active() && !sprite.animation.frames.empty() && sprite.atlasData && sprite.sheet;
}

std::string showAnimationIndex(SceneSprite& sprite, int index, FrameImageCache& cache) {
    if (!playsAnimation(sprite)) return "the sprite " + sprite.name + " plays no animation";
    const int shown = std::clamp(index, 0, static_cast<int>(sprite.animation.frames.size()) - 1);
    FrameRef ref;
    ref.kind = FrameRef::Kind::Atlas;
    ref.name = sprite.animation.frames[static_cast<std::size_t>(shown)];
    if (shown == sprite.frameIndex && sprite.frame == ref) return {};
    std::string error = setSpriteFrame(sprite, ref, sprite.flip, cache);
    // A name listed twice (a ping-pong written out) is found at its first place: keep the index asked for.
    if (error.empty()) sprite.frameIndex = shown;
    return error;
}

std::string movingBodyOf(const SceneSprite& sprite, double fps, FrameImageCache& frames, MaskCache& masks,
                         std::vector<std::shared_ptr<const AlphaMask>>& keep, MovingBody& body) {
    if (!sprite.pixels) return "sprite " + sprite.name + " has no image";
    keep.push_back(masks.get(sprite.pixels, sprite.alphaThreshold));
    body = MovingBody{keep.back().get(), sprite.transform, sprite.motion};
    body.collider = sprite.colliderOptions();
    if (!playsAnimation(sprite)) return {};
    if (std::string problem = cutPixelsProblem("the animation frames of " + (sprite.name.empty() ? std::string("the sprite") : sprite.name), cutFramePixels(sprite, animationFrameRefs(sprite)));
        !problem.empty()) {
        return problem;
    }
    // The loader's image of the shown frame is the one cached for it, so its mask is not built twice.
    FrameRef shownRef;
    shownRef.kind = FrameRef::Kind::Atlas;
    shownRef.name = sprite.animation.frames[static_cast<std::size_t>(std::clamp(sprite.frameIndex, 0, int(sprite.animation.frames.size()) - 1))];
    if (sprite.frame == shownRef) frames.adopt(sprite.sheet, sprite.atlasData.get(), shownRef, sprite.flip, sprite.pixels);
    BodyAnimation animation;
    animation.clock = AnimationClock(animationDurations(sprite));
    animation.start = sprite.frameIndex;
    animation.fps = fps;
    for (std::size_t i = 0; i < sprite.animation.frames.size(); ++i) {
        SceneSprite frame = sprite;
        if (std::string error = showAnimationIndex(frame, static_cast<int>(i), frames); !error.empty()) {
            return sprite.name + ": animation frame " + std::to_string(i) + ": " + error;
        }
        keep.push_back(masks.get(frame.pixels, sprite.alphaThreshold));
        animation.masks.push_back(keep.back().get());
    }
    body.animation = std::move(animation);
    return {};
}

}  // namespace cl
