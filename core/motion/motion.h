#pragma once
// Motion: how a sprite's transform changes from frame to frame, and a scene's timeline settings.
//
// A sprite may have a velocity [vx, vy] (world pixels per frame) and an angular velocity (degrees per
// frame). Its transform at time tau (in frames, real) is position + tau * velocity and rotation +
// tau * angular velocity; origin and scale do not change.

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include <glm/vec2.hpp>

#include "core/motion/animation_clock.h"
#include "core/base/collision_result.h"
#include "core/base/sprite_transform.h"

namespace cl {

/// Largest |velocity component| accepted, in world pixels per frame (the coordinate limit).
inline constexpr double kMaxVelocity = kMaxCoordinate;
/// Largest |angular velocity| accepted, in degrees per frame.
inline constexpr double kMaxAngularVelocityDeg = 1.0e6;
/// Most frames a scene's timeline may hold.
inline constexpr int kMaxSceneFrames = 100000;
/// Smallest sweep resolution (world pixels a solid point may move between sub-steps).
inline constexpr double kMinSweepResolution = 0.001;
/// Largest sweep resolution.
inline constexpr double kMaxSweepResolution = 1.0e7;
/// The default sweep resolution h.
inline constexpr double kDefaultSweepResolution = 0.25;
/// Timeline frames per second when a scene sets no `fps` (the tutorial's fixed step): a frame lasts 1000/60 ms.
inline constexpr double kDefaultSceneFps = 60.0;
/// Fewest and most timeline frames per second a scene may set.
inline constexpr double kMinSceneFps = 1.0;
inline constexpr double kMaxSceneFps = 1000.0;

/// How a sprite moves: per frame, both default 0 (a still sprite).
struct SpriteMotion {
    glm::dvec2 velocity{0.0, 0.0};    ///< World pixels per frame.
    double angularVelocityDeg = 0.0;  ///< Degrees per frame; positive turns clockwise on screen.
    /// True when the sprite does not move.
    bool still() const { return velocity == glm::dvec2{0.0, 0.0} && angularVelocityDeg == 0.0; }
    bool operator==(const SpriteMotion&) const = default;
};

/// A scene's timeline: how many frames it shows, the current one, and the swept test's resolution.
struct SceneTimeline {
    int frames = 1;                                   ///< Frames 0..frames-1; 1 is a still scene.
    int frame = 0;                                    ///< The current frame, in [0, frames).
    double sweepResolution = kDefaultSweepResolution; ///< h: most world pixels a solid point moves per sub-step.
    std::optional<double> fps;                        ///< Frames per second, when the file sets it (animations' clock).
    /// Frames per second: `fps`, or kDefaultSceneFps.
    double framesPerSecond() const { return fps.value_or(kDefaultSceneFps); }
    bool operator==(const SceneTimeline&) const = default;
};

/// The transform at time tau: position + tau * velocity, rotation + tau * angular velocity.
SpriteTransform transformAt(const SpriteTransform& transform, const SpriteMotion& motion, double tau);

/// Largest world distance from the pivot (the transform's position) to a corner of a solid pixel: every
/// point of every solid pixel is within it, at any rotation. 0 when the mask has no solid pixel.
double pivotReach(const AlphaMask& mask, const SpriteTransform& transform);

/// The animation a moving body plays (core/scene/animation_time.h): frame i's mask and duration, the frame shown at
/// tau = 0, and the timeline's frames per second.
struct BodyAnimation {
    std::vector<const AlphaMask*> masks;  ///< Not owned; empty when the body shows one mask at every tau.
    AnimationClock clock;                 ///< The masks' frames' start times.
    int start = 0;                        ///< The frame shown at tau = 0.
    double fps = kDefaultSceneFps;
};

/// A solid mask with a placement at tau = 0 and a motion: what the swept test looks at.
struct MovingBody {
    MovingBody() = default;
    /// A body showing `mask` (and, when `animation` has masks, the animation's frame at each tau).
    MovingBody(const AlphaMask* mask, const SpriteTransform& transform, const SpriteMotion& motion, BodyAnimation animation = {})
        : mask(mask), transform(transform), motion(motion), animation(std::move(animation)) {}
    const AlphaMask* mask = nullptr;  ///< Not owned; must outlive every call. The mask at tau = 0.
    SpriteTransform transform;        ///< At tau = 0.
    SpriteMotion motion;
    BodyAnimation animation;          ///< When it has masks, the mask shown changes with tau.
    ColliderOptions collider;         ///< The collider settings of every mask shown (the `polygon` test).
    /// The mask shown at time tau.
    const AlphaMask* maskAt(double tau) const;
    /// Every mask the body shows at some time (the one mask, or each animation frame's).
    std::vector<const AlphaMask*> masks() const;
    /// Largest pivotReach() over every mask the body shows (0 without a mask).
    double reach() const;
    /// The body placed at time tau, showing the mask of that time.
    Body at(double tau) const { return Body{maskAt(tau), transformAt(transform, motion, tau), collider}; }
};

/// Upper bound on how far any point of the body's solid pixels moves in one frame:
/// |velocity| + |angular velocity in radians| * reach() (over every frame an animated body shows).
double travelPerFrame(const MovingBody& body);

/// The pivot's world positions at tau = first, first + 1/stepsPerFrame, ..., last (the swept path's
/// centre line; a straight line, so two points would do, but the sandbox draws ticks at sub-steps).
std::vector<glm::dvec2> pivotPath(const MovingBody& body, double first, double last, int stepsPerFrame);

}  // namespace cl
