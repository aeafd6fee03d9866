#pragma once
// Colliders from alpha (issue 23): the plain structs that go in and come out of core/collider/.

#include <cstdint>
#include <limits>
#include <vector>

#include <glm/vec2.hpp>

#include "core/base/collider_options.h"

namespace cl {

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
