#include "core/pair_transform.h"

#include <cmath>

namespace cl {

Fixed toFixed(double value) {
    // Split so that the scaled fraction fits a long long whatever the magnitude.
    const double whole = std::floor(value);
    const double fraction = value - whole;  // exact, in [0, 1)
    const long long scaledFraction = std::llround(std::ldexp(fraction, kFixedFractionBits));
    return static_cast<Fixed>(whole) * kFixedOne + scaledFraction;
}

double toDouble(Fixed value) {
    return std::ldexp(static_cast<double>(value), -kFixedFractionBits);
}

std::int64_t pickPixel(Fixed coordinate, Sampling sampling) {
    // C++20 defines >> on negative values as an arithmetic shift, i.e. floor.
    const Fixed whole = coordinate >> kFixedFractionBits;
    if (sampling == Sampling::Center) return static_cast<std::int64_t>(whole);
    const Fixed fraction = coordinate - (whole << kFixedFractionBits);
    const Fixed half = kFixedOne / 2;
    if (fraction > half || (fraction == half && (whole & 1) != 0)) return static_cast<std::int64_t>(whole + 1);
    return static_cast<std::int64_t>(whole);
}

PairTransform makePairTransform(const SpriteTransform& a, const SpriteTransform& b, Sampling sampling) {
    PairTransform t;
    t.sampling = sampling;
    t.worldA = worldMatrix(a);
    t.worldB = worldMatrix(b);
    t.inverseB = affineInverse(t.worldB);

    // inverse(B) * A written out as S_B^-1 R(rotA - rotB) S_A plus a translation, rather than multiplied
    // out: two sprites with the same rotation then map into each other with no rotation residue at all.
    const glm::dvec2 csDelta = cosSinDegrees(std::fmod(a.rotationDeg, 360.0) - std::fmod(b.rotationDeg, 360.0));
    const glm::dvec2 csB = cosSinDegrees(b.rotationDeg);
    const glm::dvec2 col0{csDelta.x * a.scale.x / b.scale.x, csDelta.y * a.scale.x / b.scale.y};
    const glm::dvec2 col1{-csDelta.y * a.scale.y / b.scale.x, csDelta.x * a.scale.y / b.scale.y};
    const glm::dvec2 d = a.position - b.position;
    const glm::dvec2 dInB{(csB.x * d.x + csB.y * d.y) / b.scale.x, (-csB.y * d.x + csB.x * d.y) / b.scale.y};
    const glm::dvec2 translation = b.origin + dInB - (col0 * a.origin.x + col1 * a.origin.y);
    t.aToB = glm::dmat3(glm::dvec3(col0, 0.0), glm::dvec3(col1, 0.0), glm::dvec3(translation, 1.0));

    t.stepX = col0;
    t.stepY = col1;
    const double offset = sampleOffset(sampling);
    t.start = translation + (col0 + col1) * offset;

    // The one rounding: the matrix from A's sample lattice into B, to 32.32 fixed point.
    t.stepXFx = {toFixed(col0.x), toFixed(col0.y)};
    t.stepYFx = {toFixed(col1.x), toFixed(col1.y)};
    t.startFx = {toFixed(t.start.x), toFixed(t.start.y)};
    return t;
}

}  // namespace cl
