#include "core/contact/contact_pair.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>


#include "core/base/bounds.h"

namespace cl {
namespace {

// Largest lattice index a window may reach, far beyond any offset a valid transform gives at h = 1/8.
constexpr double kMaxCellIndex = 1.0e9;

// The world box of a sprite's solid pixels' local rectangle grown by `grow` pixels on every side.
std::optional<Rect> grownTightBox(const Body& body, double grow) {
    const IntRect tight = body.mask->tightBounds();
    if (tight.empty()) return std::nullopt;
    const glm::dmat3 m = worldMatrix(body.transform);
    const glm::dvec2 lo{tight.x0 - grow, tight.y0 - grow}, hi{tight.x1 + grow, tight.y1 + grow};
    Rect r{glm::dvec2(INFINITY), glm::dvec2(-INFINITY)};
    for (const glm::dvec2 corner : {lo, glm::dvec2{hi.x, lo.y}, hi, glm::dvec2{lo.x, hi.y}}) {
        const glm::dvec2 p = transformPoint(m, corner);
        r.min = glm::min(r.min, p);
        r.max = glm::max(r.max, p);
    }
    return r;
}

double largestScale(const SpriteTransform& t) { return std::max(std::abs(t.scale.x), std::abs(t.scale.y)); }

// A margin far above every rounding between a sample's true position and where a test computes it: the
// 32.32 lattice (half a unit per step, over every step of the larger texture), and the double arithmetic of
// the matrices (relative 2^-40 of the largest coordinate).
double roundingMargin(const Body& a, const Body& b) {
    const double texels = 2.0 + a.mask->width() + a.mask->height() + b.mask->width() + b.mask->height();
    const double scale = std::max({1.0, largestScale(a.transform), largestScale(b.transform)});
    double coordinates = 1.0;
    for (const Body* body : {&a, &b}) {
        coordinates = std::max({coordinates, std::abs(body->transform.position.x), std::abs(body->transform.position.y),
                                (std::abs(body->transform.origin.x) + std::abs(body->transform.origin.y) + texels) *
                                    largestScale(body->transform)});
    }
    return texels * scale * 0x1p-28 + coordinates * 0x1p-36;
}

std::optional<glm::dvec2> parseVector(std::string_view text) {
    const auto comma = text.find(',');
    if (comma == std::string_view::npos) return std::nullopt;
    double v[2];
    const std::string_view parts[2] = {text.substr(0, comma), text.substr(comma + 1)};
    for (int k = 0; k < 2; ++k) {
        std::string_view s = parts[k];
        while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
        while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
        if (!s.empty() && s.front() == '+') s.remove_prefix(1);
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v[k]);
        if (ec != std::errc() || end != s.data() + s.size() || s.empty()) return std::nullopt;
    }
    return glm::dvec2{v[0], v[1]};
}

}  // namespace

bool isContactResolution(int r) {
    return std::find(std::begin(kContactResolutions), std::end(kContactResolutions), r) != std::end(kContactResolutions);
}

std::optional<std::string> contactTestProblem(std::string_view name) {
    std::string quoted = "\"";
    quoted.append(name).append("\"");
    const Algorithm* algorithm = findAlgorithm(name);
    if (!algorithm) return "unknown test " + quoted;
    if (algorithm->kind != AlgorithmKind::Pixel) return quoted + " is not a pixel test";
    if (algorithm->wholePixelTranslationsOnly || algorithm->threadBound) {
        return quoted + " does not answer at every offset (choose pixel-fast, pixel-naive, pixel-step, pixel-world "
                        "or pixel-exact)";
    }
    return std::nullopt;
}

std::optional<glm::dvec2> namedPushDirection(std::string_view name) {
    if (name == "up") return glm::dvec2{0.0, -1.0};
    if (name == "down") return glm::dvec2{0.0, 1.0};
    if (name == "left") return glm::dvec2{-1.0, 0.0};
    if (name == "right") return glm::dvec2{1.0, 0.0};
    return std::nullopt;
}

std::optional<glm::dvec2> unitPushDirection(glm::dvec2 v) {
    if (!std::isfinite(v.x) || !std::isfinite(v.y)) return std::nullopt;
    // Far from 1 the length loses the direction (a subnormal vector's length rounds to a few ulps, so
    // 5e-324,5e-324 would come out as 1,1) or overflows: scale by a power of two first, which is exact and
    // leaves the direction as it is. Vectors already in range are divided as they are.
    const double largest = std::max(std::abs(v.x), std::abs(v.y));
    if (largest > 0.0 && (largest < 0x1p-500 || largest > 0x1p500)) {
        int exponent = 0;
        std::frexp(largest, &exponent);
        v = {std::ldexp(v.x, -exponent), std::ldexp(v.y, -exponent)};
    }
    const double length = std::hypot(v.x, v.y);
    if (!(length > 0.0) || !std::isfinite(length)) return std::nullopt;
    // Axis directions stay exact: x / |x| is exactly ±1.
    return v / length;
}

std::optional<glm::dvec2> parsePushDirection(std::string_view text, std::string& error) {
    if (auto named = namedPushDirection(text)) return named;
    const auto v = parseVector(text);
    if (!v) {
        error = "expected up, down, left, right or X,Y (e.g. 0,-1), got \"" + std::string(text) + "\"";
        return std::nullopt;
    }
    auto unit = unitPushDirection(*v);
    if (!unit) error = "the direction must be a non-zero finite vector, got \"" + std::string(text) + "\"";
    return unit;
}

ContactPair::ContactPair(const Body& a, const Body& b, const ContactOptions& options)
    : m_a(a),
      m_b(b),
      m_options(options),
      m_test(options.test ? options.test : findAlgorithm(kDefaultPixelAlgorithm)),
      m_step(1.0 / (isContactResolution(options.resolution) ? options.resolution : 1)) {
    m_tightA = tightWorldAabb(a);
    m_tightB = tightWorldAabb(b);
    // A sampled test with xna sampling picks B's pixel by rounding, so a sample up to half a pixel before
    // B's solid pixels still counts; the other tests count only points inside both sprites' solid squares.
    const double grow = m_test->directional && options.sampling == Sampling::Xna ? 0.5 : 0.0;
    m_reachA = grownTightBox(a, grow);
    m_reachB = grownTightBox(b, grow);
    if (m_reachA && m_reachB) {
        const double margin = roundingMargin(a, b);
        for (auto* r : {&*m_reachA, &*m_reachB}) {
            r->min -= margin;
            r->max += margin;
        }
    }
}

Body ContactPair::movedA(glm::dvec2 t) const {
    Body moved = m_a;
    moved.transform.position += t;
    return moved;
}

bool ContactPair::hitAt(glm::dvec2 t) const { return hitAtScanning(t, m_options.scan); }

CollisionResult ContactPair::hitOnlyAt(glm::dvec2 t) const {
    TestOptions o;
    o.sampling = m_options.sampling;
    o.scan = m_options.scan;
    o.stopAtFirstHit = true;
    o.budget = m_options.budget;
    return runAlgorithm(*m_test, movedA(t), m_b, o);
}

bool ContactPair::hitAtScanning(glm::dvec2 t, ScanDirection scan) const {
    TestOptions o;
    o.sampling = m_options.sampling;
    o.scan = scan;
    o.stopAtFirstHit = true;
    o.budget = m_options.budget;
    return runAlgorithm(*m_test, movedA(t), m_b, o).hit;
}

CollisionResult ContactPair::runAt(glm::dvec2 t, bool listHits) const {
    TestOptions o;
    o.sampling = m_options.sampling;
    o.scan = m_options.scan;
    o.listHits = listHits;
    o.budget = m_options.budget;
    return runAlgorithm(*m_test, movedA(t), m_b, o);
}

bool ContactPair::mayHitAt(glm::dvec2 t) const {
    if (!m_reachA || !m_reachB) return false;
    // The same bounds as defaultWindow(), so the window holds exactly the lattice cells where this is true.
    const glm::dvec2 lo = m_reachB->min - m_reachA->max, hi = m_reachB->max - m_reachA->min;
    return t.x >= lo.x && t.x <= hi.x && t.y >= lo.y && t.y <= hi.y;
}

LatticeWindow ContactPair::defaultWindow() const {
    if (!m_reachA || !m_reachB) return {};
    return cellsWhereBoxesMeet(*m_reachA, *m_reachB);
}

LatticeWindow ContactPair::mapWindow() const {
    if (m_reachA && m_reachB) return defaultWindow();
    return cellsWhereBoxesMeet(worldAabb(m_a), worldAabb(m_b));
}

LatticeWindow ContactPair::cellsWhereBoxesMeet(const Rect& boxA, const Rect& boxB) const {
    const glm::dvec2 lo = boxB.min - boxA.max, hi = boxB.max - boxA.min;
    // h = 1/r is a power of two, so t / h and i * h are exact: cell i is inside iff lo <= i h <= hi.
    auto index = [&](double v, bool up) {
        const double cells = std::clamp((up ? std::ceil(v / m_step) : std::floor(v / m_step)), -kMaxCellIndex, kMaxCellIndex);
        return static_cast<int>(cells);
    };
    return LatticeWindow{{index(lo.x, true), index(lo.y, true)}, {index(hi.x, false), index(hi.y, false)}};
}

}  // namespace cl
