#pragma once
// PairTransform: how sprite A's pixels land in sprite B's texture — inverse(B) * A and its step vectors.
//
// Rounding rule, stated once for every sampled test: the A->B matrix is computed in doubles, then its
// three columns are rounded once to the nearest multiple of 2^-32 (32.32 fixed point). Every sample
// position is then computed *exactly* in integer arithmetic, so the full matrix product (pixel-naive),
// the step-vector walk (pixel-step) and any faster scan give bit-identical positions and answers.

#include <cstdint>
#include <span>

#include <glm/mat3x3.hpp>
#include <glm/vec2.hpp>

#include "core/base/sprite_transform.h"

namespace cl {

/// Where a sample of A sits inside its pixel, and how its position in B picks a pixel of B.
enum class Sampling {
    Center,  ///< Sample (x + 0.5, y + 0.5); B pixel = floor. The default.
    Xna,     ///< Sample (x, y); B pixel = round half to even, as .NET's Math.Round in the XNA sample.
};

/// Fixed-point number with kFixedFractionBits fractional bits.
using Fixed = __int128;
inline constexpr int kFixedFractionBits = 32;
inline constexpr Fixed kFixedOne = Fixed(1) << kFixedFractionBits;

/// A 2D point or vector in fixed point.
struct FixedVec {
    Fixed x = 0;
    Fixed y = 0;
    FixedVec operator+(const FixedVec& o) const { return {x + o.x, y + o.y}; }
    FixedVec& operator+=(const FixedVec& o) { x += o.x; y += o.y; return *this; }
    bool operator==(const FixedVec&) const = default;
};

/// The nearest fixed-point value to a finite double (|value| < 2^90).
Fixed toFixed(double value);
/// toFixed of each coordinate, bit for bit (the lattice's conversions, two at a time where the CPU can).
FixedVec toFixed(glm::dvec2 value);
/// A fixed-point value as the nearest double.
double toDouble(Fixed value);
/// A fixed-point vector as doubles.
inline glm::dvec2 toDouble(const FixedVec& v) { return {toDouble(v.x), toDouble(v.y)}; }

/// The pixel index a fixed-point coordinate falls in: floor for Center, round-half-to-even for Xna.
std::int64_t pickPixel(Fixed coordinate, Sampling sampling);

/// Offset of a pixel's sample point from its top-left corner: 0.5 for Center, 0 for Xna.
inline double sampleOffset(Sampling sampling) { return sampling == Sampling::Center ? 0.5 : 0.0; }

/// How A's sample lattice lands in B's texture: everything a sampled test needs to map A's pixels into B.
struct SampleLattice {
    glm::dmat3 aToB{1.0};     ///< inverse(B) * A: A's local -> B's local, in doubles.
    glm::dvec2 stepX{1.0, 0.0}; ///< aToB applied to the unit x direction: one pixel right in A, in B.
    glm::dvec2 stepY{0.0, 1.0}; ///< aToB applied to the unit y direction: one row down in A, in B.
    glm::dvec2 start{0.0, 0.0}; ///< Position in B of A's first sample (pixel (0, 0)).
    // The exact form: sample (x, y) of A lands at startFx + x * stepXFx + y * stepYFx.
    FixedVec startFx, stepXFx, stepYFx;
    Sampling sampling = Sampling::Center;
};

/// The sample lattice plus the world matrices, for tests and views that also place samples in the world.
struct PairTransform : SampleLattice {
    glm::dmat3 worldA{1.0};   ///< A's local -> world.
    glm::dmat3 worldB{1.0};   ///< B's local -> world.
    glm::dmat3 inverseB{1.0}; ///< World -> B's local.
};

/// The transform that maps A's samples into B for the given sampling convention.
PairTransform makePairTransform(const SpriteTransform& a, const SpriteTransform& b, Sampling sampling);

/// makePairTransform without the world matrices, bit for bit the same lattice: for tests that map A's
/// samples into B and never need world positions (a third of the set-up's time).
SampleLattice makeSampleLattice(const SpriteTransform& a, const SpriteTransform& b, Sampling sampling);

/// What a sample lattice takes from the two turns, the two scales and the sampling alone: the steps in
/// doubles and in fixed point, B's turn, the sample's offset along them. Worked out once, placeLattice()
/// places it at any positions and origins, bit for bit as makeSampleLattice() (which is the two together).
struct LatticeTurn {
    glm::dvec2 csB{1.0, 0.0};                        ///< cos and sin of B's turn
    glm::dvec2 stepX{1.0, 0.0}, stepY{0.0, 1.0};     ///< SampleLattice::stepX, stepY
    glm::dvec2 sampleTerm{0.0, 0.0};                 ///< (stepX + stepY) * sampleOffset(sampling)
    FixedVec stepXFx, stepYFx;                       ///< SampleLattice::stepXFx, stepYFx
    Sampling sampling = Sampling::Center;
};

/// The turn part of makeSampleLattice(a, b, sampling): it reads only the turns, the scales and the sampling.
LatticeTurn latticeTurn(const SpriteTransform& a, const SpriteTransform& b, Sampling sampling);
/// makeSampleLattice(a, b, turn.sampling) bit for bit, given turn = latticeTurn(a', b', turn.sampling) of any
/// a', b' with a's and b's turns and scales (their positions and origins may differ).
SampleLattice placeLattice(const LatticeTurn& turn, const SpriteTransform& a, const SpriteTransform& b);

/// makeSampleLattice for one pair whose positions change while the rest stays: the steps are worked out once
/// and startAt() gives, bit for bit, the start makeSampleLattice gives for those positions (one shared
/// function computes both), at a fraction of the cost. For maps of many offsets of one pair.
class SampleLatticeFamily {
public:
    SampleLatticeFamily(const SpriteTransform& a, const SpriteTransform& b, Sampling sampling);
    /// The lattice for the transforms as given.
    const SampleLattice& reference() const { return m_reference; }
    /// makeSampleLattice(a at aPosition, b at bPosition).startFx.
    FixedVec startAt(glm::dvec2 aPosition, glm::dvec2 bPosition) const;
    /// startAt for many placements at once, given as aPosition - bPosition: out[i] is bit for bit
    /// startAt(a, b) for any a, b with a - b == differences[i]. Sizes must match.
    void startsAt(std::span<const glm::dvec2> differences, std::span<FixedVec> out) const;
    /// A bound, in pixels per axis, on how far startAt's start (before its rounding to 32.32) can lie from the
    /// exact start: the same formula in real numbers, at the exact positions. For positions at most aMax and
    /// bMax in size per axis whose computed values are off the exact ones by at most aError and bError.
    /// Infinite when the sizes are too large to bound.
    glm::dvec2 startErrorBound(glm::dvec2 aMax, glm::dvec2 aError, glm::dvec2 bMax, glm::dvec2 bError) const;
    /// True when B's turn has a zero sine: the start's x then depends on the positions' x alone and its y
    /// on their y alone.
    bool separable() const { return m_csB.y == 0.0; }

private:
    SampleLattice m_reference;
    glm::dvec2 m_csB{1.0, 0.0}, m_bScale{1.0, 1.0}, m_bOrigin{0.0, 0.0}, m_originTerm{0.0, 0.0}, m_sampleTerm{0.0, 0.0};
};

/// Exact position in B of A's sample (x, y) — the full matrix product, in fixed point.
inline FixedVec samplePositionInB(const SampleLattice& t, std::int64_t x, std::int64_t y) {
    return {t.startFx.x + t.stepXFx.x * x + t.stepYFx.x * y, t.startFx.y + t.stepXFx.y * x + t.stepYFx.y * y};
}

}  // namespace cl
