#include "core/pixel_fast_lattice.h"

#include <cmath>
#include <cstdint>
#include <numbers>

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

namespace {

// std::fmod(x, 360.0), skipping the library call when |x| < 360, where fmod returns x itself.
double reduceDegrees(double x) { return std::abs(x) < 360.0 ? x : std::fmod(x, 360.0); }

// cosSinDegrees, line for line, with reduceDegrees for its fmod.
glm::dvec2 cosSinQuick(double degrees) {
    double r = reduceDegrees(degrees);
    if (r < 0.0) r += 360.0;
    if (r == 0.0 || r == 360.0) return {1.0, 0.0};
    if (r == 90.0) return {0.0, 1.0};
    if (r == 180.0) return {-1.0, 0.0};
    if (r == 270.0) return {0.0, -1.0};
    const double radians = r * (std::numbers::pi / 180.0);
    return {std::cos(radians), std::sin(radians)};
}

}  // namespace

glm::dmat3 worldMatrixQuick(const SpriteTransform& t) {
    // worldMatrix, line for line, with cosSinQuick.
    const glm::dvec2 cs = cosSinQuick(t.rotationDeg);
    const glm::dvec2 axisX{cs.x * t.scale.x, cs.y * t.scale.x};
    const glm::dvec2 axisY{-cs.y * t.scale.y, cs.x * t.scale.y};
    const glm::dvec2 translation = t.position - (axisX * t.origin.x + axisY * t.origin.y);
    return glm::dmat3(glm::dvec3(axisX, 0.0), glm::dvec3(axisY, 0.0), glm::dvec3(translation, 1.0));
}

PairTransform sampleLattice(const SpriteTransform& a, const SpriteTransform& b, Sampling sampling) {
    // Mirrors makePairTransform (and cosSinDegrees) line for line; fast_tests compares the two on random
    // transforms, so a change to the rounding rule there shows up as a failure here.
    PairTransform t;
    t.sampling = sampling;
    const glm::dvec2 csDelta = cosSinQuick(reduceDegrees(a.rotationDeg) - reduceDegrees(b.rotationDeg));
    const glm::dvec2 csB = cosSinQuick(b.rotationDeg);
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
