#pragma once
// The settings of a collider (issue 23): what a sprite carries to the `polygon` test and what core/collider/
// builds from. Kept in base/ so that a Body, a mask's collider cache and a scene sprite can hold them.

#include <string>

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
    bool operator==(const ColliderOptions&) const = default;
};

/// Smallest and largest allowed ColliderOptions::maxVertices.
inline constexpr int kMinColliderVertices = 3;
inline constexpr int kMaxColliderVertices = 64;

}  // namespace cl
