#include "core/motion/animation_clock.h"

#include <algorithm>
#include <cmath>

namespace cl {

AnimationClock::AnimationClock(const std::vector<int>& durationsMs) {
    m_beginsMs.reserve(durationsMs.size());
    for (int d : durationsMs) {
        m_beginsMs.push_back(m_totalMs);
        m_totalMs += d > 0 ? d : kDefaultFrameDurationMs;
    }
}

int AnimationClock::frameAt(int startIndex, double tau, double fps) const {
    if (m_beginsMs.empty()) return 0;
    const int start = std::clamp(startIndex, 0, size() - 1);
    if (!(tau > 0.0) || !std::isfinite(tau) || !(fps > 0.0) || !std::isfinite(fps)) return start;
    // Times in ms x fps: a timeline frame is then exactly 1000 units, whatever the fps.
    const double at = std::fmod(m_beginsMs[static_cast<std::size_t>(start)] * fps + tau * 1000.0, m_totalMs * fps);
    if (!std::isfinite(at)) return start;
    // The last frame that has started by `at` (a frame starts at its own start time).
    const auto after = std::upper_bound(m_beginsMs.begin(), m_beginsMs.end(), at,
                                        [fps](double time, double beginMs) { return time < beginMs * fps; });
    return static_cast<int>(after - m_beginsMs.begin()) - 1;
}

int animationFrameAt(const std::vector<int>& durationsMs, int startIndex, double tau, double fps) {
    return AnimationClock(durationsMs).frameAt(startIndex, tau, fps);
}

}  // namespace cl
