#include "app/tools/timeline_playback.h"

#include <algorithm>
#include <cmath>

namespace cl {

int Playback::advance(int frame, int frames, double seconds) {
    if (!playing || frames <= 1 || !(framesPerSecond > 0.0)) {
        carry = 0.0;
        return frame;
    }
    carry += std::max(0.0, seconds);
    const double period = 1.0 / framesPerSecond;
    // A long stall (a modal dialog, a breakpoint) plays at most one loop, not minutes of catching up.
    carry = std::min(carry, period * frames);
    while (carry >= period) {
        carry -= period;
        if (frame + 1 < frames) {
            ++frame;
        } else if (loop) {
            frame = 0;
        } else {
            playing = false;
            carry = 0.0;
            break;
        }
    }
    return frame;
}

int stepFrame(int frame, int delta, int frames, bool loop) {
    if (frames <= 1) return 0;
    const long long next = static_cast<long long>(frame) + delta;
    if (loop) {
        const long long wrapped = ((next % frames) + frames) % frames;
        return static_cast<int>(wrapped);
    }
    return static_cast<int>(std::clamp<long long>(next, 0, frames - 1));
}

glm::dvec2 draggedVelocity(glm::dvec2 startVelocity, glm::dvec2 fromWorld, glm::dvec2 toWorld, double snap) {
    glm::dvec2 v = startVelocity + (toWorld - fromWorld);
    if (snap > 0.0) {
        // Divided by 1/snap (10 for tenths) rather than multiplied by snap: 368 / 10 is the double nearest 36.8,
        // 368 * 0.1 is not, and the file would say 36.800000000000004.
        const double per = 1.0 / snap;
        v.x = std::round(v.x * per) / per;
        v.y = std::round(v.y * per) / per;
    }
    // No -0 in the file for a component dragged back to zero.
    if (v.x == 0.0) v.x = 0.0;
    if (v.y == 0.0) v.y = 0.0;
    return v;
}

double ringTurnDegrees(glm::dvec2 centre, glm::dvec2 from, glm::dvec2 to) {
    const glm::dvec2 a = from - centre, b = to - centre;
    if (a == glm::dvec2(0.0) || b == glm::dvec2(0.0)) return 0.0;
    // The angle from a to b: atan2 of their cross and dot products, in (-180, 180].
    const double cross = a.x * b.y - a.y * b.x;
    const double dot = a.x * b.x + a.y * b.y;
    double degrees = std::atan2(cross, dot) * 180.0 / 3.14159265358979323846;
    if (degrees <= -180.0) degrees += 360.0;
    return degrees;
}

StripSummary summarise(const TimelineStrip& strip) {
    StripSummary s;
    s.frames = static_cast<int>(strip.cells.size());
    s.filled = std::min(strip.filled, s.frames);
    for (int k = 0; k < s.filled; ++k) {
        const StripCell& cell = strip.cells[k];
        if (cell.hit) {
            if (!s.hits.empty() && s.hits.back().last == k - 1) {
                s.hits.back().last = k;
            } else {
                s.hits.push_back({k, k});
            }
        }
        if (cell.tunnelling) s.tunnelling.push_back(k);
        if (s.firstSweptHit < 0 && (cell.hit || cell.sweptHit)) {
            s.firstSweptHit = k;
            s.firstImpactTau = cell.hit ? double(k) : cell.impactTau;
        }
    }
    return s;
}

std::string describeRuns(const std::vector<StripRun>& runs) {
    if (runs.empty()) return "none";
    std::string out;
    for (const StripRun& r : runs) {
        if (!out.empty()) out += ", ";
        out += std::to_string(r.first);
        if (r.last != r.first) {
            out += '-';
            out += std::to_string(r.last);
        }
    }
    return out;
}

}  // namespace cl
