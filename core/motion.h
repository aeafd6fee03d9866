#pragma once
// Motion: how a sprite's transform changes from frame to frame, and a scene's timeline settings.
//
// A sprite may have a velocity [vx, vy] (world pixels per frame) and an angular velocity (degrees per
// frame). Its transform at time tau (in frames, real) is position + tau * velocity and rotation +
// tau * angular velocity; origin and scale do not change.

#include <cstdint>
#include <vector>

#include <glm/vec2.hpp>

#include "core/collision_result.h"
#include "core/sprite_transform.h"

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
    bool operator==(const SceneTimeline&) const = default;
};

/// The transform at time tau: position + tau * velocity, rotation + tau * angular velocity.
SpriteTransform transformAt(const SpriteTransform& transform, const SpriteMotion& motion, double tau);

/// Largest world distance from the pivot (the transform's position) to a corner of a solid pixel: every
/// point of every solid pixel is within it, at any rotation. 0 when the mask has no solid pixel.
double pivotReach(const AlphaMask& mask, const SpriteTransform& transform);

/// A solid mask with a placement at tau = 0 and a motion: what the swept test looks at.
struct MovingBody {
    const AlphaMask* mask = nullptr;  ///< Not owned; must outlive every call.
    SpriteTransform transform;        ///< At tau = 0.
    SpriteMotion motion;
    /// The body placed at time tau.
    Body at(double tau) const { return Body{mask, transformAt(transform, motion, tau)}; }
};

/// Upper bound on how far any point of the body's solid pixels moves in one frame:
/// |velocity| + |angular velocity in radians| * pivotReach.
double travelPerFrame(const MovingBody& body);

/// The pivot's world positions at tau = first, first + 1/stepsPerFrame, ..., last (the swept path's
/// centre line; a straight line, so two points would do, but the sandbox draws ticks at sub-steps).
std::vector<glm::dvec2> pivotPath(const MovingBody& body, double first, double last, int stepsPerFrame);

}  // namespace cl
