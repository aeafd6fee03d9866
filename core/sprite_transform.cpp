#include "core/sprite_transform.h"

#include <cmath>
#include <numbers>
#include <sstream>

namespace cl {
namespace {

std::string describe(double value) {
    std::ostringstream out;
    out << value;
    return out.str();
}

std::optional<std::string> checkCoordinate(const char* field, double value) {
    if (!std::isfinite(value) || std::abs(value) > kMaxCoordinate) {
        return std::string(field) + ": must be a finite number with |value| <= 1e7, got " + describe(value);
    }
    return std::nullopt;
}

std::optional<std::string> checkScale(const char* field, double value) {
    if (!std::isfinite(value) || std::abs(value) < kMinScale || std::abs(value) > kMaxScale) {
        return std::string(field) + ": must be a number with |value| in [0.001, 1000], got " + describe(value);
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string> validate(const SpriteTransform& t) {
    for (auto check : {checkCoordinate("position.x", t.position.x), checkCoordinate("position.y", t.position.y),
                       checkCoordinate("origin.x", t.origin.x), checkCoordinate("origin.y", t.origin.y)}) {
        if (check) return check;
    }
    if (!std::isfinite(t.rotationDeg)) return "rotation_deg: must be a finite number, got " + describe(t.rotationDeg);
    if (auto check = checkScale("scale.x", t.scale.x)) return check;
    if (auto check = checkScale("scale.y", t.scale.y)) return check;
    return std::nullopt;
}

glm::dvec2 cosSinDegrees(double degrees) {
    // fmod is exact, so huge angles reduce without losing the quadrant; below 360 it would return its
    // argument, and skipping the library call there matters to per-pair setup.
    double r = std::abs(degrees) < 360.0 ? degrees : std::fmod(degrees, 360.0);
    if (r < 0.0) r += 360.0;
    if (r == 0.0 || r == 360.0) return {1.0, 0.0};
    if (r == 90.0) return {0.0, 1.0};
    if (r == 180.0) return {-1.0, 0.0};
    if (r == 270.0) return {0.0, -1.0};
    const double radians = r * (std::numbers::pi / 180.0);
    return {std::cos(radians), std::sin(radians)};
}

glm::dmat3 worldMatrix(const SpriteTransform& t) {
    const glm::dvec2 cs = cosSinDegrees(t.rotationDeg);
    // Linear part R * S; columns are the images of the texture's x and y axes.
    const glm::dvec2 axisX{cs.x * t.scale.x, cs.y * t.scale.x};
    const glm::dvec2 axisY{-cs.y * t.scale.y, cs.x * t.scale.y};
    const glm::dvec2 translation = t.position - (axisX * t.origin.x + axisY * t.origin.y);
    return glm::dmat3(glm::dvec3(axisX, 0.0), glm::dvec3(axisY, 0.0), glm::dvec3(translation, 1.0));
}

glm::dmat3 affineInverse(const glm::dmat3& m) {
    const double a = m[0][0], b = m[1][0], c = m[0][1], d = m[1][1];
    const double det = a * d - b * c;
    const glm::dvec2 col0{d / det, -c / det};
    const glm::dvec2 col1{-b / det, a / det};
    const glm::dvec2 t{m[2][0], m[2][1]};
    const glm::dvec2 translation = -(col0 * t.x + col1 * t.y);
    return glm::dmat3(glm::dvec3(col0, 0.0), glm::dvec3(col1, 0.0), glm::dvec3(translation, 1.0));
}

}  // namespace cl
