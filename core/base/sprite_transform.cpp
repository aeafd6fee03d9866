#include "core/base/sprite_transform.h"

#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
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

// n! as a double (exact up to 18!).
constexpr double factorial(int n) { return n <= 1 ? 1.0 : n * factorial(n - 1); }

// (-1)^(n/2) / n!: the Taylor coefficient of x^n in cos (n even) or sin (n odd).
constexpr double taylor(int n) { return ((n / 2) % 2 == 0 ? 1.0 : -1.0) / factorial(n); }

// cos and sin of |x| <= pi/4 by their Taylor series: the first terms left out (x^18/18!, x^19/19!) are
// below 2^-60 there, so what remains is the rounding of the evaluation, within a unit or two in the last
// place. Symmetric exactly: cos(-x) == cos(x) and sin(-x) == -sin(x). Evaluated in pairs of terms (Estrin's
// scheme), a short chain of dependent operations: the pair set-up waits on it, and libm's sincos took
// three times as long.
glm::dvec2 cosSinSmall(double x) {
    const double x2 = x * x, x4 = x2 * x2, x8 = x4 * x4;
    // cos = 1 + x2 c and sin = x + x x2 s, c and s polynomials in x2 of degree 7.
    const double c = (taylor(2) + taylor(4) * x2) + (taylor(6) + taylor(8) * x2) * x4 +
                     ((taylor(10) + taylor(12) * x2) + (taylor(14) + taylor(16) * x2) * x4) * x8;
    const double s = (taylor(3) + taylor(5) * x2) + (taylor(7) + taylor(9) * x2) * x4 +
                     ((taylor(11) + taylor(13) * x2) + (taylor(15) + taylor(17) * x2) * x4) * x8;
    return {1.0 + c * x2, x + x * x2 * s};
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
    // fmod is exact, so huge angles reduce without losing the quadrant.
    double r = reduceDegrees(degrees);
    // A turn the other way is the same turn with the sine negated: exactly so, and small negative angles
    // keep every bit (adding 360 would round them to the 2^-44 steps of numbers near 360).
    const double sign = r < 0.0 ? -1.0 : 1.0;
    r = std::abs(r);
    // The nearest whole quarter turn and what is left, in [-45, 45] degrees; the subtraction is exact
    // (Sterbenz: r is within a factor of two of each quarter it is compared with).
    const int quarter = r < 45.0 ? 0 : r < 135.0 ? 1 : r < 225.0 ? 2 : r < 315.0 ? 3 : 4;
    const double rest = r - 90.0 * quarter;
    // Nothing left: r is 0, 90, 180 or 270 (360 is reduced away), answered exactly. One comparison, after
    // the quarter, rather than four before it (the difference turn of every pair test comes through here).
    if (rest == 0.0) {
        switch (quarter) {
            case 1: return {0.0, sign};
            case 2: return {-1.0, 0.0};
            case 3: return {0.0, -sign};
            default: return {1.0, 0.0};
        }
    }
    const glm::dvec2 cs = cosSinSmall(rest * (std::numbers::pi / 180.0));
    switch (quarter) {
        case 1: return {-cs.y, sign * cs.x};
        case 2: return {-cs.x, -sign * cs.y};
        case 3: return {cs.y, -sign * cs.x};
        default: return {cs.x, sign * cs.y};
    }
}

namespace {

// cosSinDegreesCached's table: direct-mapped, 1,024 entries (24 KB) a thread, each the angle's bits and its
// cos and sin. Every entry starts as the turn +0, whose answer it holds, so a look-up never needs to ask
// whether an entry was filled. (256 entries missed one look-up in five on crosses/64's 32 turns, two keys
// sharing an entry; tests/bench/README.md, seventh round.)
struct TurnEntry {
    std::uint64_t bits;
    double cos, sin;
};
constexpr int kTurnTableBits = 10;
struct TurnTable {
    std::array<TurnEntry, std::size_t{1} << kTurnTableBits> entries;
    constexpr TurnTable() : entries() {
        for (TurnEntry& e : entries) e = {0, 1.0, 0.0};
    }
};
thread_local TurnTable turnTable;

// A miss, out of line, so that a look-up that finds its entry saves no registers (with the series inlined
// here the hit path saved and restored four and kept the angle on the stack: 29 instructions a hit).
[[gnu::noinline]] glm::dvec2 fillTurn(std::size_t index, std::uint64_t bits) {
    const glm::dvec2 cs = cosSinDegrees(std::bit_cast<double>(bits));
    turnTable.entries[index] = {bits, cs.x, cs.y};
    return cs;
}

}  // namespace

glm::dvec2 cosSinDegreesCached(double degrees) {
    const auto bits = std::bit_cast<std::uint64_t>(degrees);
    // Fibonacci hashing: the angle's top bits (sign, exponent, leading mantissa) mixed with the rest.
    const auto index = static_cast<std::size_t>((bits * 0x9E3779B97F4A7C15ull) >> (64 - kTurnTableBits));
    const TurnEntry& e = turnTable.entries[index];
    if (e.bits != bits) [[unlikely]] return fillTurn(index, bits);
    return {e.cos, e.sin};
}

glm::dmat3 worldMatrix(const SpriteTransform& t) {
    const glm::dvec2 cs = cosSinDegreesCached(t.rotationDeg);
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
