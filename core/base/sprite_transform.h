#pragma once
// SpriteTransform: where a sprite is in the world, and the matrices the tests derive from it.

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>

#include <glm/mat3x3.hpp>
#include <glm/vec2.hpp>

namespace cl {

/// Limits every transform is checked against (see validate()).
inline constexpr double kMinScale = 0.001;
inline constexpr double kMaxScale = 1000.0;
/// Largest |coordinate| accepted for position and origin.
inline constexpr double kMaxCoordinate = 1.0e7;

/// A sprite's placement, as in XNA's SpriteBatch.Draw: translate(-origin), scale, rotate, translate(position).
struct SpriteTransform {
    glm::dvec2 position{0.0, 0.0};  ///< World position of the pivot.
    glm::dvec2 origin{0.0, 0.0};    ///< Pivot in texture pixels (0,0 is the top-left corner of the image).
    double rotationDeg = 0.0;       ///< Degrees; positive turns clockwise on screen (y points down).
    glm::dvec2 scale{1.0, 1.0};     ///< Per-axis scale; negative flips; each |s| in [kMinScale, kMaxScale].

    bool operator==(const SpriteTransform&) const = default;
};

/// Empty when every field is finite and within limits; otherwise a message naming the first bad field,
/// e.g. "scale.x: must be a number with |value| in [0.001, 1000], got 0".
std::optional<std::string> validate(const SpriteTransform& t);

/// std::fmod(degrees, 360.0), bit for bit, without the library call below 2^40 degrees (the per-pair
/// set-up of a spinning sprite's test reduces its turn every time).
inline double reduceDegrees(double degrees) {
    const double a = std::abs(degrees);
    if (a < 360.0) return degrees;
    if (a < 720.0) {
        // One whole turn off, exactly (Sterbenz: a is within a factor of two of 360): a turn a sprite
        // reaches after spinning a while, without the division below.
        const double r = a - 360.0;
        return degrees < 0.0 ? -r : r;
    }
    if (!(a < 0x1p40)) return std::fmod(degrees, 360.0);
    // fmod is exact, and so is this: q is floor(a / 360) or one off it (the division rounds), q * 360 is an
    // integer below 2^41, a - q * 360 is exact (Sterbenz: the two are within a factor of two, or q is 0),
    // and the correction lands on fmod's exact result, which is representable.
    const double q = static_cast<double>(static_cast<std::int64_t>(a / 360.0));
    double r = a - q * 360.0;
    if (r < 0.0) {
        r += 360.0;
    } else if (r >= 360.0) {
        r -= 360.0;
    }
    return degrees < 0.0 ? -r : r;  // fmod's sign is the dividend's, -0 included
}

/// cos and sin of an angle in degrees, exact (0, ±1) for whole multiples of 90 degrees.
glm::dvec2 cosSinDegrees(double degrees);

/// cosSinDegrees(degrees), bit for bit, remembered in a small table per thread keyed by the angle's exact
/// bits: a sprite's turn asked again (the sprite in its next pair of a frame, its hit placed in the world)
/// costs a look-up instead of the series. For turns of one sprite; a pair's difference turn is new nearly
/// every time and is better computed.
glm::dvec2 cosSinDegreesCached(double degrees);

/// Local (texture pixel) -> world matrix T(position) * R(rotation) * S(scale) * T(-origin), column vectors
/// (its cos and sin by cosSinDegreesCached).
glm::dmat3 worldMatrix(const SpriteTransform& t);

/// Inverse of an affine 2D matrix (the last row is 0 0 1); exact for axis-aligned scale/translate matrices
/// whose entries are powers of two.
glm::dmat3 affineInverse(const glm::dmat3& m);

/// Applies an affine matrix to a point.
inline glm::dvec2 transformPoint(const glm::dmat3& m, glm::dvec2 p) {
    return {m[0][0] * p.x + m[1][0] * p.y + m[2][0], m[0][1] * p.x + m[1][1] * p.y + m[2][1]};
}
/// Applies the linear part of an affine matrix to a direction.
inline glm::dvec2 transformVector(const glm::dmat3& m, glm::dvec2 v) {
    return {m[0][0] * v.x + m[1][0] * v.y, m[0][1] * v.x + m[1][1] * v.y};
}

}  // namespace cl
