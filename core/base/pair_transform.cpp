#include "core/base/pair_transform.h"

#include <cmath>
#include <cstring>
#include <limits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace cl {
namespace {

// toFixed for |value| < 2^20, where most lattices live, in a few instructions (pixel-fast's set-up
// counts every nanosecond): value * 2^32 is exact below 2^52. With SSE2 the CPU's own conversion rounds it
// to the nearest whole number, ties to even (the default rounding mode, which the whole core assumes);
// that whole number less `scaled` is exact (both lie within 2^52, at most a half apart) and is -1/2 only
// at a tie rounded down, which halves up moves one further. Otherwise the floor and what lies above it
// (exact too, Sterbenz, wherever it is near one half, which is all the comparison needs).
inline Fixed toFixedNear(double value) {
    const double scaled = value * 0x1p32;
#if defined(__SSE2__)
    const std::int64_t nearest = _mm_cvtsd_si64(_mm_set_sd(scaled));
    return nearest + (static_cast<double>(nearest) - scaled <= -0.5 ? 1 : 0);
#else
    auto whole = static_cast<std::int64_t>(scaled);
    if (static_cast<double>(whole) > scaled) --whole;
    return whole + (scaled - static_cast<double>(whole) >= 0.5 ? 1 : 0);
#endif
}

inline Fixed fixedOf(double value) { return std::abs(value) < 0x1p20 ? toFixedNear(value) : toFixed(value); }

// fixedOf of both coordinates. With SSE2 the two are converted side by side (each lattice converts three such
// pairs, and every pair test builds a lattice) when both lie below 2^19 (so value * 2^32 < 2^51): adding
// 1.5 * 2^52 rounds the scaled value to a whole number, to nearest with ties to even as the CPU's own
// conversion in toFixedNear does, because the sum lies in [2^52, 2^53) where doubles are one apart; that
// number is then the sum's bits less the constant's, and the tie rounded down is moved up as there.
#if defined(__SSE2__)
// The constants, each in both halves. GCC builds a known pair anew in every conversion from a scalar load
// and a shuffle (baseline x86-64 has no movddup), which cost the packing most of what it saves; read through
// a pointer it cannot see through, each is one operand read from memory.
struct alignas(16) FixedPairConstants {
    double noSign[2] = {-0.0, -0.0}, limit[2] = {0x1p19, 0x1p19}, units[2] = {0x1p32, 0x1p32},
           magic[2] = {0x1.8p52, 0x1.8p52}, minusHalf[2] = {-0.5, -0.5};
};
constexpr FixedPairConstants kFixedPairConstants;
inline const FixedPairConstants* fixedPairConstants() {
    const FixedPairConstants* k = &kFixedPairConstants;
    asm("" : "+r"(k));
    return k;
}
#endif

// True when every coordinate of the vectors lies below 2^19 (false for NaN), where fixedOf(v, true) may
// convert them two at a time: one check for the lattice's three vectors.
template <class... Vectors>
inline bool belowPairLimit(const Vectors&... v) {
#if defined(__SSE2__)
    const FixedPairConstants* k = fixedPairConstants();
    const __m128d noSign = _mm_load_pd(k->noSign), limit = _mm_load_pd(k->limit);
    __m128d below = _mm_castsi128_pd(_mm_set1_epi32(-1));
    ((below = _mm_and_pd(below, _mm_cmplt_pd(_mm_andnot_pd(noSign, _mm_set_pd(v.y, v.x)), limit))), ...);
    return _mm_movemask_pd(below) == 3;
#else
    return (... && (std::abs(v.x) < 0x1p19 && std::abs(v.y) < 0x1p19));
#endif
}

// fixedOf(v), given `near`: belowPairLimit of v (or of v and others), worked out once for several vectors.
inline FixedVec fixedOf(glm::dvec2 v, bool near) {
#if defined(__SSE2__)
    if (near) [[likely]] {
        const FixedPairConstants* k = fixedPairConstants();
        const __m128d value = _mm_set_pd(v.y, v.x);
        const __m128d magic = _mm_load_pd(k->magic);
        const __m128d scaled = _mm_mul_pd(value, _mm_load_pd(k->units));
        const __m128d shifted = _mm_add_pd(scaled, magic);
        const __m128d nearest = _mm_sub_pd(shifted, magic);  // exact
        // All ones (-1) where a tie was rounded down: nearest - scaled is exact, as in toFixedNear.
        const __m128i tieDown = _mm_castpd_si128(_mm_cmple_pd(_mm_sub_pd(nearest, scaled), _mm_load_pd(k->minusHalf)));
        const __m128i whole = _mm_sub_epi64(_mm_sub_epi64(_mm_castpd_si128(shifted), _mm_castpd_si128(magic)), tieDown);
        // Widened to 128 bits in the vector registers: each half's sign, copied into its upper 64 bits.
        const __m128i sign = _mm_srai_epi32(_mm_shuffle_epi32(whole, _MM_SHUFFLE(3, 3, 1, 1)), 31);
        const __m128i x = _mm_unpacklo_epi64(whole, sign), y = _mm_unpackhi_epi64(whole, sign);
        FixedVec out;
        std::memcpy(&out.x, &x, sizeof out.x);
        std::memcpy(&out.y, &y, sizeof out.y);
        return out;
    }
#else
    (void)near;
#endif
    return {fixedOf(v.x), fixedOf(v.y)};
}

inline FixedVec fixedOf(glm::dvec2 v) { return fixedOf(v, belowPairLimit(v)); }

}  // namespace

Fixed toFixed(double value) {
    if (std::abs(value) < 0x1p20) return toFixedNear(value);
    if (std::abs(value) < 0x1p52) {
        // Below 2^52 the truncating conversions are exact, so floor and llround need no libm.
        double whole = static_cast<double>(static_cast<std::int64_t>(value));
        if (whole > value) whole -= 1.0;
        const double scaled = (value - whole) * 0x1p32;  // both steps exact; in [0, 2^32)
        double rounded = static_cast<double>(static_cast<std::int64_t>(scaled));
        if (scaled - rounded >= 0.5) rounded += 1.0;  // llround rounds halves away from zero; scaled >= 0
        return static_cast<Fixed>(static_cast<std::int64_t>(whole)) * kFixedOne + static_cast<std::int64_t>(rounded);
    }
    // Split so that the scaled fraction fits a long long whatever the magnitude.
    const double whole = std::floor(value);
    const double fraction = value - whole;  // exact, in [0, 1)
    const long long scaledFraction = std::llround(std::ldexp(fraction, kFixedFractionBits));
    return static_cast<Fixed>(whole) * kFixedOne + scaledFraction;
}

FixedVec toFixed(glm::dvec2 value) { return fixedOf(value); }

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

namespace {

// What makeSampleLattice and SampleLatticeFamily both derive from the positions: A's translation into B and
// the position of A's first sample. One function, so the two agree bit for bit.
struct PlacedStart {
    glm::dvec2 translation;
    glm::dvec2 start;
};
inline PlacedStart placedStart(glm::dvec2 csB, glm::dvec2 bScale, glm::dvec2 bOrigin, glm::dvec2 originTerm,
                               glm::dvec2 sampleTerm, glm::dvec2 d) {
    const glm::dvec2 dInB{(csB.x * d.x + csB.y * d.y) / bScale.x, (-csB.y * d.x + csB.x * d.y) / bScale.y};
    const glm::dvec2 translation = bOrigin + dInB - originTerm;
    return {translation, translation + sampleTerm};
}

// The turn between the sprites: cos and sin of B's turn, and of A's turn minus B's.
struct PairTurn {
    glm::dvec2 csB;
    glm::dvec2 csDelta;
};
inline PairTurn pairTurn(const SpriteTransform& a, const SpriteTransform& b) {
    const double turnA = reduceDegrees(a.rotationDeg), turnB = reduceDegrees(b.rotationDeg);
    // B's own turn, remembered per thread (cosSinDegrees reduces the turn itself: the same bits for
    // b.rotationDeg as for turnB, and the same key as worldMatrix(b) uses).
    const glm::dvec2 csB = cosSinDegreesCached(b.rotationDeg);
    // With A unturned the difference is B's turn backwards: cosSinDegrees(-turnB) is csB with the sine
    // negated, bit for bit (0.0 - s keeps +0 where the call would give it).
    if (turnA == 0.0) return {csB, {csB.x, 0.0 - csB.y}};
    // With B unturned it is A's own turn: turnA - (±0) is turnA, or +0 for -0 - -0 (whose answer is -0's,
    // {1, 0}), and cosSinDegrees(a.rotationDeg) reduces to turnA itself; remembered like csB.
    if (turnB == 0.0) return {csB, cosSinDegreesCached(a.rotationDeg)};
    return {csB, cosSinDegrees(turnA - turnB)};
}

// latticeTurn and placeLattice, inline: makeSampleLattice is the two together, and each is also a function of
// its own (the pixel test keeps a pair's turn and places it at each new position).
[[gnu::always_inline]] inline LatticeTurn turnOf(const SpriteTransform& a, const SpriteTransform& b, Sampling sampling) {
    // inverse(B) * A written out as S_B^-1 R(rotA - rotB) S_A plus a translation, rather than multiplied
    // out: two sprites with the same rotation then map into each other with no rotation residue at all.
    const auto [csB, csDelta] = pairTurn(a, b);
    const glm::dvec2 col0{csDelta.x * a.scale.x / b.scale.x, csDelta.y * a.scale.x / b.scale.y};
    const glm::dvec2 col1{-csDelta.y * a.scale.y / b.scale.x, csDelta.x * a.scale.y / b.scale.y};
    // The one rounding: the steps from A's sample lattice into B, to 32.32 fixed point (fixedOf(v, near) is
    // fixedOf(v) for either `near` it may take; the start is rounded the same way in placeLattice).
    const bool near = belowPairLimit(col0, col1);
    return LatticeTurn{csB, col0, col1, (col0 + col1) * sampleOffset(sampling), fixedOf(col0, near), fixedOf(col1, near),
                       sampling};
}

[[gnu::always_inline]] inline SampleLattice placeOf(const LatticeTurn& turn, const SpriteTransform& a,
                                                    const SpriteTransform& b) {
    const glm::dvec2 col0 = turn.stepX, col1 = turn.stepY;
    const auto [translation, start] = placedStart(turn.csB, b.scale, b.origin, col0 * a.origin.x + col1 * a.origin.y,
                                                  turn.sampleTerm, a.position - b.position);
    // Every field is written here, so the lattice is built in place rather than copied from a default.
    return SampleLattice{glm::dmat3(glm::dvec3(col0, 0.0), glm::dvec3(col1, 0.0), glm::dvec3(translation, 1.0)),
                         col0,
                         col1,
                         start,
                         fixedOf(start),
                         turn.stepXFx,
                         turn.stepYFx,
                         turn.sampling};
}

}  // namespace

LatticeTurn latticeTurn(const SpriteTransform& a, const SpriteTransform& b, Sampling sampling) {
    return turnOf(a, b, sampling);
}

SampleLattice placeLattice(const LatticeTurn& turn, const SpriteTransform& a, const SpriteTransform& b) {
    return placeOf(turn, a, b);
}

SampleLattice makeSampleLattice(const SpriteTransform& a, const SpriteTransform& b, Sampling sampling) {
    // turnOf and placeOf written out together, so that the three vectors share one range check (the game's pairs
    // come here, each once); the same numbers bit for bit, as fixedOf(v, near) is fixedOf(v) for either `near` it
    // may take.
    const auto [csB, csDelta] = pairTurn(a, b);
    const glm::dvec2 col0{csDelta.x * a.scale.x / b.scale.x, csDelta.y * a.scale.x / b.scale.y};
    const glm::dvec2 col1{-csDelta.y * a.scale.y / b.scale.x, csDelta.x * a.scale.y / b.scale.y};
    const auto [translation, start] = placedStart(csB, b.scale, b.origin, col0 * a.origin.x + col1 * a.origin.y,
                                                  (col0 + col1) * sampleOffset(sampling), a.position - b.position);
    // The one rounding: the matrix from A's sample lattice into B, to 32.32 fixed point. Every field is
    // written here, so the lattice is built in place rather than copied from a default.
    const bool near = belowPairLimit(start, col0, col1);
    return SampleLattice{glm::dmat3(glm::dvec3(col0, 0.0), glm::dvec3(col1, 0.0), glm::dvec3(translation, 1.0)),
                         col0,
                         col1,
                         start,
                         fixedOf(start, near),
                         fixedOf(col0, near),
                         fixedOf(col1, near),
                         sampling};
}

SampleLatticeFamily::SampleLatticeFamily(const SpriteTransform& a, const SpriteTransform& b, Sampling sampling)
    : m_reference(makeSampleLattice(a, b, sampling)), m_bScale(b.scale), m_bOrigin(b.origin) {
    const PairTurn turn = pairTurn(a, b);
    m_csB = turn.csB;
    const glm::dvec2 col0 = m_reference.stepX, col1 = m_reference.stepY;
    m_originTerm = col0 * a.origin.x + col1 * a.origin.y;
    m_sampleTerm = (col0 + col1) * sampleOffset(sampling);
}

FixedVec SampleLatticeFamily::startAt(glm::dvec2 aPosition, glm::dvec2 bPosition) const {
    const glm::dvec2 start = placedStart(m_csB, m_bScale, m_bOrigin, m_originTerm, m_sampleTerm, aPosition - bPosition).start;
    return fixedOf(start);
}

void SampleLatticeFamily::startsAt(std::span<const glm::dvec2> differences, std::span<FixedVec> out) const {
    // The same inline steps as startAt, without a call per placement (the C-space map's drift proof runs
    // this for every cell of a turned pair).
    for (std::size_t i = 0; i < differences.size(); ++i) {
        const glm::dvec2 start = placedStart(m_csB, m_bScale, m_bOrigin, m_originTerm, m_sampleTerm, differences[i]).start;
        out[i] = fixedOf(start);
    }
}

glm::dvec2 SampleLatticeFamily::startErrorBound(glm::dvec2 aMax, glm::dvec2 aError, glm::dvec2 bMax, glm::dvec2 bError) const {
    // Every operation of placedStart rounds once to nearest (no contraction: the core is built with
    // -ffp-contract=off, and a fused operation would round less), adding at most u times the size of its
    // result; each step's error is that plus what its operands carry. Sizes are bounded from above by the
    // triangle inequality. The (1 + u) factors this ignores, and the rounding of these sums themselves,
    // are far inside the doubling at the end; the last term covers underflow (at most 2^-1075 an operation).
    constexpr double u = 0x1p-53;
    const glm::dvec2 dMax = aMax + bMax;                      // d = a - b
    const glm::dvec2 dError = aError + bError + u * dMax;
    const glm::dvec2 c{std::abs(m_csB.x), std::abs(m_csB.y)};
    glm::dvec2 size{c.x * dMax.x + c.y * dMax.y, c.y * dMax.x + c.x * dMax.y};  // cs-products and their sum
    glm::dvec2 error{c.x * dError.x + c.y * dError.y, c.y * dError.x + c.x * dError.y};
    error += 2.0 * u * size;
    const glm::dvec2 scale{std::abs(m_bScale.x), std::abs(m_bScale.y)};
    size /= scale, error = error / scale + u * size;          // the division by B's scale
    const glm::dvec2 origin{std::abs(m_bOrigin.x), std::abs(m_bOrigin.y)};
    const glm::dvec2 originTerm{std::abs(m_originTerm.x), std::abs(m_originTerm.y)};
    const glm::dvec2 sampleTerm{std::abs(m_sampleTerm.x), std::abs(m_sampleTerm.y)};
    size += origin, error += u * size;                        // + B's origin
    size += originTerm, error += u * size;                    // - A's origin term
    size += sampleTerm, error += u * size;                    // + the sample offset
    const glm::dvec2 bound = 2.0 * error + 0x1p-1000;
    const double inf = std::numeric_limits<double>::infinity();
    return {std::isfinite(bound.x) ? bound.x : inf, std::isfinite(bound.y) ? bound.y : inf};
}

PairTransform makePairTransform(const SpriteTransform& a, const SpriteTransform& b, Sampling sampling) {
    PairTransform t;
    static_cast<SampleLattice&>(t) = makeSampleLattice(a, b, sampling);
    t.worldA = worldMatrix(a);
    t.worldB = worldMatrix(b);
    t.inverseB = affineInverse(t.worldB);
    return t;
}

}  // namespace cl
