#pragma once
// Which frame of an animation is shown at a time: the rule (animationFrameAt), and the same rule on start
// times worked out once (AnimationClock), which answers without allocating for the swept test, which asks
// at every sub-step.

#include <cstddef>
#include <vector>

namespace cl {

/// Duration used for a frame whose atlas gives none (Aseprite's default), in milliseconds.
inline constexpr int kDefaultFrameDurationMs = 100;

/// One pass of an animation: each frame's start time, for asking which frame is shown at many times.
class AnimationClock {
public:
    AnimationClock() = default;
    /// From each frame's duration in ms (0 or less: kDefaultFrameDurationMs).
    explicit AnimationClock(const std::vector<int>& durationsMs);
    /// How many frames the animation has.
    int size() const { return static_cast<int>(m_beginsMs.size()); }
    /// Where frame `index` (in [0, size())) starts, in ms from the start of frame 0.
    double beginMs(int index) const { return m_beginsMs[static_cast<std::size_t>(index)]; }
    /// One pass of the animation, in ms.
    double totalMs() const { return m_totalMs; }
    /// The frame shown at time `tau` (timeline frames) when frame `startIndex` starts at tau = 0 and a
    /// timeline frame lasts 1000 / `fps` ms: animationFrameAt() below.
    int frameAt(int startIndex, double tau, double fps) const;

private:
    std::vector<double> m_beginsMs;  // frame i starts m_beginsMs[i] ms into a pass
    double m_totalMs = 0.0;          // one pass
};

/// The animation frame shown at time `tau` (timeline frames) when frame `startIndex` starts at tau = 0, the
/// frames last `durationsMs` (0: kDefaultFrameDurationMs) and a timeline frame lasts 1000 / `fps` ms.
/// startIndex is clamped to the list; tau <= 0, a non-finite tau or fps <= 0 give startIndex; 0 for an empty list.
int animationFrameAt(const std::vector<int>& durationsMs, int startIndex, double tau, double fps);

}  // namespace cl
