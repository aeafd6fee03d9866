#include "core/motion/motion.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/base/alpha_mask.h"

namespace cl {

SpriteTransform transformAt(const SpriteTransform& transform, const SpriteMotion& motion, double tau) {
    SpriteTransform t = transform;
    t.position += tau * motion.velocity;
    t.rotationDeg += tau * motion.angularVelocityDeg;
    return t;
}

double pivotReach(const AlphaMask& mask, const SpriteTransform& transform) {
    // Distance from the pivot is convex, so over a pixel square it peaks at a corner; over all solid
    // pixels it peaks at a corner of the pixel farthest out in each row, i.e. a row extent's ends.
    const auto extents = mask.rowExtents();
    const glm::dvec2 scale{std::fabs(transform.scale.x), std::fabs(transform.scale.y)};
    double best = 0.0;
    for (int y = 0; y < mask.height(); ++y) {
        const SolidSpan e = extents[static_cast<std::size_t>(y)];
        if (e.x1 <= e.x0) continue;
        for (int cx : {e.x0, e.x1}) {
            for (int cy : {y, y + 1}) {
                const double dx = (cx - transform.origin.x) * scale.x;
                const double dy = (cy - transform.origin.y) * scale.y;
                best = std::max(best, std::hypot(dx, dy));
            }
        }
    }
    return best;
}

const AlphaMask* MovingBody::maskAt(double tau) const {
    if (animation.masks.empty()) return mask;
    const int frame = animation.clock.frameAt(animation.start, tau, animation.fps);
    return frame < static_cast<int>(animation.masks.size()) ? animation.masks[static_cast<std::size_t>(frame)] : mask;
}

std::vector<const AlphaMask*> MovingBody::masks() const {
    if (animation.masks.empty()) return mask ? std::vector<const AlphaMask*>{mask} : std::vector<const AlphaMask*>{};
    return animation.masks;
}

double MovingBody::reach() const {
    double best = 0.0;
    for (const AlphaMask* m : masks()) {
        if (m) best = std::max(best, pivotReach(*m, transform));
    }
    return best;
}

double travelPerFrame(const MovingBody& body) {
    if (!body.mask) return 0.0;
    const double speed = std::hypot(body.motion.velocity.x, body.motion.velocity.y);
    const double turn = std::fabs(body.motion.angularVelocityDeg) * (std::numbers::pi / 180.0);
    if (turn == 0.0) return speed;
    return speed + turn * body.reach();
}

std::vector<glm::dvec2> pivotPath(const MovingBody& body, double first, double last, int stepsPerFrame) {
    std::vector<glm::dvec2> points;
    if (!(last >= first) || stepsPerFrame < 1) return points;
    const double span = (last - first) * stepsPerFrame;
    const auto count = static_cast<std::int64_t>(std::min(std::ceil(span), 1.0e6));
    points.reserve(static_cast<std::size_t>(count) + 1);
    for (std::int64_t m = 0; m <= count; ++m) {
        const double tau = m == count ? last : first + static_cast<double>(m) / stepsPerFrame;
        points.push_back(body.transform.position + tau * body.motion.velocity);
    }
    return points;
}

}  // namespace cl
