#include "app/editor/transform_limits.h"

#include <algorithm>
#include <cmath>

namespace cl {
namespace {

double clampScale(double wanted, double previous) {
    if (!std::isfinite(wanted)) return previous;
    // A scale that reaches zero keeps the side it came from rather than flipping.
    const double sign = wanted > 0.0 ? 1.0 : wanted < 0.0 ? -1.0 : (previous < 0.0 ? -1.0 : 1.0);
    return sign * std::clamp(std::abs(wanted), kMinScale, kMaxScale);
}

double clampCoordinate(double wanted, double previous) {
    if (!std::isfinite(wanted)) return previous;
    return std::clamp(wanted, -kMaxCoordinate, kMaxCoordinate);
}

}  // namespace

SpriteTransform clampToLimits(const SpriteTransform& wanted, const SpriteTransform& previous) {
    SpriteTransform t;
    t.position = {clampCoordinate(wanted.position.x, previous.position.x),
                  clampCoordinate(wanted.position.y, previous.position.y)};
    t.origin = {clampCoordinate(wanted.origin.x, previous.origin.x),
                clampCoordinate(wanted.origin.y, previous.origin.y)};
    t.rotationDeg = std::isfinite(wanted.rotationDeg) ? wanted.rotationDeg : previous.rotationDeg;
    t.scale = {clampScale(wanted.scale.x, previous.scale.x), clampScale(wanted.scale.y, previous.scale.y)};
    return t;
}

double wrapDegrees(double degrees) {
    if (!std::isfinite(degrees)) return degrees;
    double r = std::fmod(degrees, 360.0);
    if (r <= -180.0) r += 360.0;
    if (r > 180.0) r -= 360.0;
    return r;
}

}  // namespace cl
