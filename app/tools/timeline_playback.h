#pragma once
// The Timeline tool's logic that needs no window: playback (frames advanced by elapsed time, looping or
// stopping at the end), the velocity handle's drag (a moved arrow tip and a turned ring to a velocity),
// and the strip's summary (which frames hit, which intervals tunnel, where the first impact is).

#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "core/motion/swept.h"

namespace cl {

/// Plays a timeline at a number of frames per second.
struct Playback {
    bool playing = false;
    bool loop = true;               ///< At the last frame, start again at 0 (else stop there).
    double framesPerSecond = 8.0;
    double carry = 0.0;             ///< Seconds not yet turned into a frame.

    /// The frame to show after `seconds` more of playback from `frame` on a timeline of `frames`; stops
    /// playing at the last frame unless looping. Not playing, or a still timeline: `frame` unchanged.
    int advance(int frame, int frames, double seconds);
};

/// `frame` + `delta`, wrapped around the timeline when `loop`, else clamped to [0, frames - 1].
int stepFrame(int frame, int delta, int frames, bool loop);

/// The velocity after dragging the arrow tip from `fromWorld` to `toWorld`: the tip sits one frame's
/// motion from the pivot, so the velocity grows by the tip's world displacement. Components rounded to
/// `snap` world pixels per frame (0: none).
glm::dvec2 draggedVelocity(glm::dvec2 startVelocity, glm::dvec2 fromWorld, glm::dvec2 toWorld, double snap);

/// Degrees the ring turned when the cursor moved from `from` to `to` around `centre` (screen pixels,
/// y down, so positive is clockwise on screen like angular_velocity), in (-180, 180]; 0 at the centre.
double ringTurnDegrees(glm::dvec2 centre, glm::dvec2 from, glm::dvec2 to);

/// One run of frames the strip marks.
struct StripRun {
    int first = 0;
    int last = 0;  ///< Inclusive.
};

/// What the strip shows, read from its filled cells.
struct StripSummary {
    std::vector<StripRun> hits;       ///< Runs of frames whose discrete test hits.
    std::vector<int> tunnelling;      ///< Frames k whose interval [k, k + 1] tunnels.
    int firstSweptHit = -1;           ///< The first frame whose interval (or the frame itself) hits; -1: none yet.
    double firstImpactTau = -1.0;     ///< Its time of impact; -1 when none.
    int filled = 0;
    int frames = 0;
};

/// Summarises the first `strip.filled` cells.
StripSummary summarise(const TimelineStrip& strip);

/// "frames 3-5, 9" for runs; "none" when empty.
std::string describeRuns(const std::vector<StripRun>& runs);

}  // namespace cl
