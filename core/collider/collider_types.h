#pragma once
// Colliders from alpha (issue 23): the plain structs that go in and come out of core/collider/.

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

namespace cl {

/// What a collider promises about the shape S (the union of its solid pixels' closed unit squares).
enum class ColliderMode {
    Outer,     ///< C contains S: never misses a hit the pixels report; extra Hausdorff <= epsilon.
    Inner,     ///< C inside S: never reports a hit the pixels would not; missed Hausdorff <= epsilon.
    Balanced,  ///< Symmetric Hausdorff distance between S and C <= epsilon.
};

/// The mode's name as written in scenes and on the command line: "outer", "inner", "balanced".
const char* colliderModeName(ColliderMode mode);
/// Reads a mode name; false (and `mode` unchanged) for anything else.
bool parseColliderMode(const std::string& name, ColliderMode& mode);

/// Settings of one collider.
struct ColliderOptions {
    ColliderMode mode = ColliderMode::Outer;
    double epsilon = 1.0;  ///< px, > 0: the error the mode allows.
    int maxVertices = 8;   ///< 3..64 vertices per piece (Box2D v3 allows 8).
};

/// Smallest and largest allowed ColliderOptions::maxVertices.
inline constexpr int kMinColliderVertices = 3;
inline constexpr int kMaxColliderVertices = 64;

/// One convex piece in texture coordinates (y down), counter-clockwise on screen.
using ColliderPiece = std::vector<glm::dvec2>;

/// A part of the shape that a mode could not fit, with its area in px^2.
struct DroppedPart {
    glm::dvec2 at{};     ///< a point of the part
    double area = 0.0;   ///< px^2
};

/// How far a collider C is from the shape S, computed exactly (areas, counts) or within
/// kHausdorffTolerance (hausdorff).
struct ColliderCertificate {
    double missedArea = 0.0;         ///< area(S \ C), px^2
    double extraArea = 0.0;          ///< area(C \ S), px^2
    std::int64_t missedPixels = 0;   ///< solid pixels whose centre is outside C
    std::int64_t extraPixels = 0;    ///< non-solid pixels (inside the texture or not) whose centre is in C
    double iou = 1.0;                ///< area(S n C) / area(S u C); 1 when both are empty
    double hausdorff = 0.0;          ///< symmetric Hausdorff distance (a lower bound within kHausdorffTolerance); infinity when exactly one is empty
    std::vector<DroppedPart> dropped;
};

/// The reported hausdorff h satisfies h <= true distance <= h + kHausdorffTolerance.
inline constexpr double kHausdorffTolerance = 0.01;

/// A collider and its certificate against the mask it was made from.
struct Collider {
    std::vector<ColliderPiece> pieces;
    ColliderCertificate certificate;
};

}  // namespace cl
