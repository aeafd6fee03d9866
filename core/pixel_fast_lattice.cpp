#include "core/pixel_fast_lattice.h"

#include <cmath>
#include <cstdint>

namespace cl {

Fixed toFixedQuick(double value) {
    if (!(std::abs(value) < 0x1p52)) return toFixed(value);
    // floor(value) through a truncating conversion: exact below 2^52.
    double whole = static_cast<double>(static_cast<std::int64_t>(value));
    if (whole > value) whole -= 1.0;
    const double fraction = value - whole;           // exact, in [0, 1)
    const double scaled = fraction * 0x1p32;         // exact: a power-of-two scale, as ldexp
    double rounded = static_cast<double>(static_cast<std::int64_t>(scaled));
    if (scaled - rounded >= 0.5) rounded += 1.0;     // llround: halves away from zero, scaled >= 0
    return (static_cast<Fixed>(static_cast<std::int64_t>(whole)) << kFixedFractionBits) +
           static_cast<std::int64_t>(rounded);
}

PairTransform sampleLattice(const SpriteTransform& a, const SpriteTransform& b, Sampling sampling) {
    // Mirrors makePairTransform line for line; fast_tests compares the two on random transforms.
    PairTransform t;
    t.sampling = sampling;
    const glm::dvec2 csDelta = cosSinDegrees(std::fmod(a.rotationDeg, 360.0) - std::fmod(b.rotationDeg, 360.0));
    const glm::dvec2 csB = cosSinDegrees(b.rotationDeg);
    const glm::dvec2 col0{csDelta.x * a.scale.x / b.scale.x, csDelta.y * a.scale.x / b.scale.y};
    const glm::dvec2 col1{-csDelta.y * a.scale.y / b.scale.x, csDelta.x * a.scale.y / b.scale.y};
    const glm::dvec2 d = a.position - b.position;
    const glm::dvec2 dInB{(csB.x * d.x + csB.y * d.y) / b.scale.x, (-csB.y * d.x + csB.x * d.y) / b.scale.y};
    const glm::dvec2 translation = b.origin + dInB - (col0 * a.origin.x + col1 * a.origin.y);
    t.stepX = col0;
    t.stepY = col1;
    const double offset = sampleOffset(sampling);
    t.start = translation + (col0 + col1) * offset;
    t.stepXFx = {toFixedQuick(col0.x), toFixedQuick(col0.y)};
    t.stepYFx = {toFixedQuick(col1.x), toFixedQuick(col1.y)};
    t.startFx = {toFixedQuick(t.start.x), toFixedQuick(t.start.y)};
    return t;
}

}  // namespace cl
