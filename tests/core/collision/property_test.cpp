// Property tests over thousands of random pairs (fixed seed): the pixel tests against each other and
// against slow, obviously-correct references written here in plain double math.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/collision/algorithms.h"
#include "core/base/bounds.h"
#include "core/collision/bounding.h"
#include "core/collision/pixel_scans.h"
#include "core/collision/scan_cursor.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

// One family of random pairs: how many, how large the masks may be, and the seed.
struct PairSet {
    const char* name;
    int count;
    int maxWidth;
    int maxHeight;
    std::uint64_t seed;
};

// Many small masks (every corner case of the geometry), and fewer wide ones (rows of several 64-bit words).
const PairSet kSmallPairs{"Small", 8000, 9, 9, 0x5eed2026};
const PairSet kWidePairs{"Wide", 400, 150, 12, 0x5eed2027};

// ---------------------------------------------------------------------------------------------------------
// Reference geometry: local <-> world one step at a time, exact for quarter turns, power-of-two scales and
// dyadic positions (every intermediate value is then a short binary fraction).

glm::dvec2 referenceCosSin(double degrees) {
    if (std::fmod(degrees, 90.0) == 0.0) {
        const long quarter = ((std::lround(degrees / 90.0) % 4) + 4) % 4;
        static constexpr std::array<glm::dvec2, 4> kQuarters{glm::dvec2(1, 0), glm::dvec2(0, 1), glm::dvec2(-1, 0),
                                                            glm::dvec2(0, -1)};
        return kQuarters[static_cast<std::size_t>(quarter)];
    }
    const double radians = degrees * std::numbers::pi / 180.0;
    return {std::cos(radians), std::sin(radians)};
}

glm::dvec2 toWorld(const SpriteTransform& t, glm::dvec2 local) {
    const glm::dvec2 cs = referenceCosSin(t.rotationDeg);
    const glm::dvec2 d = (local - t.origin) * t.scale;
    return t.position + glm::dvec2(cs.x * d.x - cs.y * d.y, cs.y * d.x + cs.x * d.y);
}

glm::dvec2 toLocal(const SpriteTransform& t, glm::dvec2 world) {
    const glm::dvec2 cs = referenceCosSin(t.rotationDeg);
    const glm::dvec2 d = world - t.position;
    const glm::dvec2 unturned{cs.x * d.x + cs.y * d.y, -cs.y * d.x + cs.x * d.y};
    return unturned / t.scale + t.origin;
}

bool isPowerOfTwo(double v) {
    int exponent = 0;
    return std::frexp(std::abs(v), &exponent) == 0.5;
}

bool isDyadic(double v) { return v * 1024.0 == std::floor(v * 1024.0) && std::abs(v) < 1e6; }

// True when every reference computation for this transform is exact in doubles.
bool isExactTransform(const SpriteTransform& t) {
    return std::fmod(t.rotationDeg, 90.0) == 0.0 && isPowerOfTwo(t.scale.x) && isPowerOfTwo(t.scale.y) &&
           std::abs(t.scale.x) >= 1.0 / 64 && std::abs(t.scale.y) >= 1.0 / 64 && std::abs(t.scale.x) <= 64 &&
           std::abs(t.scale.y) <= 64 && isDyadic(t.position.x) && isDyadic(t.position.y) && isDyadic(t.origin.x) &&
           isDyadic(t.origin.y);
}

// Distance of v from the nearest value where the pixel choice changes (integers for floor, halves for Xna).
double distanceToDecision(double v, Sampling sampling) {
    const double shifted = sampling == Sampling::Center ? v : v - 0.5;
    return std::abs(shifted - std::round(shifted));
}

double tieTolerance(double v) { return 1e-7 + 1e-12 * std::abs(v); }

std::int64_t pick(double v, Sampling sampling) {
    return static_cast<std::int64_t>(sampling == Sampling::Center ? std::floor(v) : std::nearbyint(v));
}

// A pixel test's answer worked out by the references; `ambiguous` when some decision sat too close to a
// boundary to be settled in doubles (only possible for inexact transforms; such pairs are not compared).
struct ReferenceScan {
    std::vector<PixelHit> hits;
    bool ambiguous = false;
};

ReferenceScan referenceSampled(const Body& a, const Body& b, Sampling sampling, bool exact) {
    ReferenceScan out;
    const double off = sampleOffset(sampling);
    for (int y = 0; y < a.mask->height(); ++y)
        for (int x = 0; x < a.mask->width(); ++x) {
            if (!a.mask->solid(x, y)) continue;
            const glm::dvec2 world = toWorld(a.transform, {x + off, y + off});
            const glm::dvec2 inB = toLocal(b.transform, world);
            if (!exact && (distanceToDecision(inB.x, sampling) < tieTolerance(inB.x) ||
                           distanceToDecision(inB.y, sampling) < tieTolerance(inB.y)))
                out.ambiguous = true;
            const std::int64_t bx = pick(inB.x, sampling), by = pick(inB.y, sampling);
            if (bx < 0 || by < 0 || bx >= b.mask->width() || by >= b.mask->height()) continue;
            if (b.mask->solid(static_cast<int>(bx), static_cast<int>(by)))
                out.hits.push_back(PixelHit{{x, y}, {static_cast<int>(bx), static_cast<int>(by)}, world});
        }
    return out;
}

Rect referenceBox(const std::vector<glm::dvec2>& points) {
    Rect r{points.front(), points.front()};
    for (glm::dvec2 p : points) {
        r.min = glm::min(r.min, p);
        r.max = glm::max(r.max, p);
    }
    return r;
}

std::vector<glm::dvec2> textureCorners(const Body& body) {
    const double w = body.mask->width(), h = body.mask->height();
    return {toWorld(body.transform, {0, 0}), toWorld(body.transform, {w, 0}), toWorld(body.transform, {w, h}),
            toWorld(body.transform, {0, h})};
}

std::vector<glm::dvec2> solidCorners(const Body& body) {
    std::vector<glm::dvec2> corners;
    for (int y = 0; y < body.mask->height(); ++y)
        for (int x = 0; x < body.mask->width(); ++x)
            if (body.mask->solid(x, y))
                for (int dy = 0; dy <= 1; ++dy)
                    for (int dx = 0; dx <= 1; ++dx) corners.push_back(toWorld(body.transform, {x + dx, y + dy}));
    return corners;
}

ReferenceScan referenceWorld(const Body& a, const Body& b, bool exact) {
    ReferenceScan out;
    const Rect box = intersection(referenceBox(textureCorners(a)), referenceBox(textureCorners(b)));
    for (double j = std::floor(box.min.y) - 1; j <= std::ceil(box.max.y); ++j)
        for (double i = std::floor(box.min.x) - 1; i <= std::ceil(box.max.x); ++i) {
            const glm::dvec2 centre{i + 0.5, j + 0.5};
            if (!exact && (std::abs(centre.x - box.min.x) < tieTolerance(centre.x) ||
                           std::abs(centre.x - box.max.x) < tieTolerance(centre.x) ||
                           std::abs(centre.y - box.min.y) < tieTolerance(centre.y) ||
                           std::abs(centre.y - box.max.y) < tieTolerance(centre.y)))
                out.ambiguous = true;
            if (!(box.min.x < centre.x && centre.x < box.max.x && box.min.y < centre.y && centre.y < box.max.y)) continue;
            const glm::dvec2 inA = toLocal(a.transform, centre), inB = toLocal(b.transform, centre);
            if (!exact) {
                for (double v : {inA.x, inA.y, inB.x, inB.y})
                    if (distanceToDecision(v, Sampling::Center) < tieTolerance(v)) out.ambiguous = true;
            }
            const glm::ivec2 pa(glm::floor(inA)), pb(glm::floor(inB));
            if (a.mask->solid(pa.x, pa.y) && b.mask->solid(pb.x, pb.y)) out.hits.push_back(PixelHit{pa, pb, centre});
        }
    return out;
}

// Area of the intersection of two convex polygons, both counter-clockwise (Sutherland-Hodgman clipping).
double convexIntersectionArea(std::vector<glm::dvec2> subject, const std::array<glm::dvec2, 4>& clip) {
    auto cross = [](glm::dvec2 o, glm::dvec2 p, glm::dvec2 q) { return (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x); };
    for (std::size_t e = 0; e < 4 && !subject.empty(); ++e) {
        const glm::dvec2 p = clip[e], q = clip[(e + 1) % 4];
        std::vector<glm::dvec2> kept;
        for (std::size_t i = 0; i < subject.size(); ++i) {
            const glm::dvec2 s = subject[i], t = subject[(i + 1) % subject.size()];
            const double cs = cross(p, q, s), ct = cross(p, q, t);
            if (cs >= 0) kept.push_back(s);
            if ((cs >= 0) != (ct >= 0)) kept.push_back(s + (t - s) * (cs / (cs - ct)));
        }
        subject = std::move(kept);
    }
    double twice = 0;
    for (std::size_t i = 0; i < subject.size(); ++i) {
        const glm::dvec2 s = subject[i], t = subject[(i + 1) % subject.size()];
        twice += s.x * t.y - t.x * s.y;
    }
    return std::abs(twice) / 2;
}

struct WorldSquare {
    std::array<glm::dvec2, 4> corners;  // counter-clockwise in the y-down world's maths orientation
    Rect box;
};

std::vector<WorldSquare> solidSquares(const Body& body) {
    std::vector<WorldSquare> squares;
    for (int y = 0; y < body.mask->height(); ++y)
        for (int x = 0; x < body.mask->width(); ++x) {
            if (!body.mask->solid(x, y)) continue;
            WorldSquare s;
            s.corners = {toWorld(body.transform, {x, y}), toWorld(body.transform, {x + 1.0, y}),
                         toWorld(body.transform, {x + 1.0, y + 1.0}), toWorld(body.transform, {x, y + 1.0})};
            const double twice = (s.corners[1].x - s.corners[0].x) * (s.corners[2].y - s.corners[0].y) -
                                 (s.corners[1].y - s.corners[0].y) * (s.corners[2].x - s.corners[0].x);
            if (twice < 0) std::reverse(s.corners.begin(), s.corners.end());
            s.box = referenceBox({s.corners.begin(), s.corners.end()});
            squares.push_back(s);
        }
    return squares;
}

double referenceExactArea(const Body& a, const Body& b) {
    const std::vector<WorldSquare> squaresA = solidSquares(a), squaresB = solidSquares(b);
    double area = 0;
    for (const WorldSquare& sa : squaresA)
        for (const WorldSquare& sb : squaresB)
            if (overlapsPositively(sa.box, sb.box))
                area += convexIntersectionArea({sa.corners.begin(), sa.corners.end()}, sb.corners);
    return area;
}

// Separating-axis test on the texture rectangles, and the smallest gap or overlap found on any axis.
struct ReferenceSat {
    bool hit;
    double margin;  // |signed separation| on the decisive axis; tiny means touching
};

ReferenceSat referenceObb(const Body& a, const Body& b) {
    const std::vector<glm::dvec2> qa = textureCorners(a), qb = textureCorners(b);
    double smallest = std::numeric_limits<double>::infinity();
    bool separated = false;
    for (const auto* quad : {&qa, &qb})
        for (std::size_t e = 0; e < 2; ++e) {
            const glm::dvec2 edge = (*quad)[e + 1] - (*quad)[e];
            const glm::dvec2 axis = glm::dvec2(-edge.y, edge.x) / std::hypot(edge.x, edge.y);
            auto project = [&](const std::vector<glm::dvec2>& q) {
                double lo = std::numeric_limits<double>::infinity(), hi = -std::numeric_limits<double>::infinity();
                for (glm::dvec2 p : q) {
                    const double d = p.x * axis.x + p.y * axis.y;
                    lo = std::min(lo, d);
                    hi = std::max(hi, d);
                }
                return std::pair{lo, hi};
            };
            const auto [aLo, aHi] = project(qa);
            const auto [bLo, bHi] = project(qb);
            const double overlap = std::min(aHi, bHi) - std::max(aLo, bLo);
            if (overlap <= 0) separated = true;
            smallest = std::min(smallest, std::abs(overlap));
        }
    return {!separated, smallest};
}

// ---------------------------------------------------------------------------------------------------------
// Random pairs.

struct RandomPair {
    AlphaMask maskA, maskB;
    SpriteTransform a, b;
    std::string kind;
    enum class Side { A, B };
    Body bodyA() const { return Body{&maskA, a}; }
    Body bodyB() const { return Body{&maskB, b}; }
    std::string describe() const {
        std::ostringstream os;
        os.precision(17);
        auto transform = [&](const SpriteTransform& t) {
            os << "position (" << t.position.x << ", " << t.position.y << ") origin (" << t.origin.x << ", " << t.origin.y
               << ") rotation " << t.rotationDeg << " scale (" << t.scale.x << ", " << t.scale.y << ")\n";
        };
        os << "kind " << kind << "\nA threshold " << maskA.threshold() << ", ";
        transform(a);
        os << testing::artFromMask(maskA) << "B threshold " << maskB.threshold() << ", ";
        transform(b);
        os << testing::artFromMask(maskB);
        return os.str();
    }
};

class PairGenerator {
public:
    explicit PairGenerator(const PairSet& set) : m_rng(set.seed), m_maxWidth(set.maxWidth), m_maxHeight(set.maxHeight) {}

    RandomPair next() {
        RandomPair p;
        p.maskA = mask();
        p.maskB = mask();
        const int kind = uniformInt(0, 99);
        if (kind < 25) {
            p.kind = "translation";
            p.a = translation(p.maskA, {uniformInt(-8, 8), uniformInt(-8, 8)});
            p.b = translation(p.maskB, near(p.maskA, p.a, p.maskB));
        } else if (kind < 55) {
            p.kind = "exact";
            p.a = exactTransform(p.maskA);
            p.b = exactTransform(p.maskB);
            place(p.b, p.maskB, dyadic(near(p.maskA, p.a, p.maskB)));
        } else if (kind < 90) {
            p.kind = "arbitrary";
            p.a = arbitrary(p.maskA);
            p.b = arbitrary(p.maskB);
            place(p.b, p.maskB, near(p.maskA, p.a, p.maskB));
        } else {
            p.kind = "extreme scale";
            p.a = arbitrary(p.maskA);
            p.b = arbitrary(p.maskB);
            SpriteTransform& t = uniformInt(0, 1) ? p.a : p.b;
            const double limit = uniformInt(0, 1) ? kMinScale : kMaxScale;
            t.scale = {sign() * limit, uniformInt(0, 1) ? sign() * limit : t.scale.y};
            place(p.b, p.maskB, near(p.maskA, p.a, p.maskB));
        }
        if (uniformInt(0, 1)) {
            std::swap(p.maskA, p.maskB);
            std::swap(p.a, p.b);
        }
        return p;
    }

private:
    int uniformInt(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(m_rng); }
    double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(m_rng); }
    double sign() { return uniformInt(0, 1) ? 1.0 : -1.0; }

    // Random size (1x1 now and then), pattern (empty, full or random density) and threshold; alphas on both
    // sides of the threshold, often exactly at it.
    AlphaMask mask() {
        const bool tiny = uniformInt(0, 9) == 0;
        const int w = tiny ? 1 : uniformInt(1, m_maxWidth), h = tiny ? 1 : uniformInt(1, m_maxHeight);
        const int pattern = uniformInt(0, 19);
        const double density = pattern == 0 ? 0.0 : pattern <= 2 ? 1.0 : uniform(0.2, 0.9);
        const int threshold = uniformInt(0, 1) ? 0 : uniformInt(0, 254);
        RgbaImage image{w, h, std::vector<std::uint8_t>(static_cast<std::size_t>(w) * h * 4, 0)};
        for (std::size_t i = 0; i < static_cast<std::size_t>(w) * h; ++i) {
            int alpha;
            if (uniform(0, 1) < density) {
                alpha = uniformInt(threshold + 1, 255);
            } else {
                alpha = uniformInt(0, 2) == 0 ? threshold : uniformInt(0, threshold);
            }
            image.pixels[i * 4] = static_cast<std::uint8_t>(uniformInt(0, 255));
            image.pixels[i * 4 + 3] = static_cast<std::uint8_t>(alpha);
        }
        return AlphaMask(image, threshold);
    }

    // Where B's texture centre should go: somewhere around A, close enough to overlap often.
    glm::dvec2 near(const AlphaMask& maskA, const SpriteTransform& a, const AlphaMask& maskB) {
        const glm::dvec2 centreA = toWorld(a, {maskA.width() / 2.0, maskA.height() / 2.0});
        const double reachA = std::hypot(maskA.width() * a.scale.x, maskA.height() * a.scale.y) / 2;
        const double reachB = std::hypot(double(maskB.width()), double(maskB.height())) / 2 * 2;
        const double r = 0.5 * (std::min(reachA, 50.0) + reachB);
        return centreA + glm::dvec2(uniform(-r, r), uniform(-r, r));
    }

    static glm::dvec2 dyadic(glm::dvec2 v) { return glm::round(v * 8.0) / 8.0; }

    // Moves t so that the mask's texture centre lands on `centre`.
    static void place(SpriteTransform& t, const AlphaMask& mask, glm::dvec2 centre) {
        t.position = {0, 0};
        t.position = centre - toWorld(t, {mask.width() / 2.0, mask.height() / 2.0});
    }

    SpriteTransform translation(const AlphaMask& mask, glm::dvec2 centre) {
        SpriteTransform t;
        const std::array<double, 4> turns{0, 360, -360, 720};
        t.rotationDeg = turns[static_cast<std::size_t>(uniformInt(0, 3))];
        t.origin = uniformInt(0, 1) ? glm::dvec2(uniform(0, mask.width()), uniform(0, mask.height()))
                                    : glm::dvec2(uniformInt(0, 4 * mask.width()) / 4.0, uniformInt(0, 4 * mask.height()) / 4.0);
        const glm::dvec2 corner = glm::round(centre - glm::dvec2(mask.width(), mask.height()) / 2.0);
        t.position = corner + t.origin;
        return t;
    }

    SpriteTransform exactTransform(const AlphaMask& mask) {
        SpriteTransform t;
        t.rotationDeg = 90.0 * uniformInt(-8, 8);
        const std::array<double, 5> scales{0.25, 0.5, 1, 2, 4};
        t.scale = {sign() * scales[static_cast<std::size_t>(uniformInt(0, 4))],
                   sign() * scales[static_cast<std::size_t>(uniformInt(0, 4))]};
        t.origin = {uniformInt(0, 4 * mask.width()) / 4.0, uniformInt(0, 4 * mask.height()) / 4.0};
        t.position = {uniformInt(-64, 64) / 8.0, uniformInt(-64, 64) / 8.0};
        return t;
    }

    SpriteTransform arbitrary(const AlphaMask& mask) {
        SpriteTransform t;
        const int turn = uniformInt(0, 9);
        t.rotationDeg = turn == 0 ? 90.0 * uniformInt(-4, 4) + uniform(-1e-9, 1e-9) : uniform(-400, 400);
        t.scale = {sign() * std::exp(uniform(std::log(0.25), std::log(4.0))),
                   sign() * std::exp(uniform(std::log(0.25), std::log(4.0)))};
        t.origin = {uniform(0, mask.width()), uniform(0, mask.height())};
        t.position = {uniform(-10, 10), uniform(-10, 10)};
        return t;
    }

    std::mt19937_64 m_rng;
    int m_maxWidth;
    int m_maxHeight;
};

bool rectApplies(const SpriteTransform& t) {
    const glm::dvec2 d = t.position - t.origin;
    return std::fmod(t.rotationDeg, 360.0) == 0.0 && t.scale == glm::dvec2(1, 1) && d == glm::floor(d);
}

double smallestScale(const RandomPair& p) {
    return std::min({std::abs(p.a.scale.x), std::abs(p.a.scale.y), std::abs(p.b.scale.x), std::abs(p.b.scale.y)});
}

bool sameHitsNear(const std::vector<PixelHit>& actual, const std::vector<PixelHit>& expected) {
    if (actual.size() != expected.size()) return false;
    for (std::size_t i = 0; i < actual.size(); ++i) {
        if (actual[i].a != expected[i].a || actual[i].b != expected[i].b) return false;
        const glm::dvec2 d = glm::abs(actual[i].world - expected[i].world);
        const double tolerance = 1e-9 * (1 + std::abs(expected[i].world.x) + std::abs(expected[i].world.y));
        if (d.x > tolerance || d.y > tolerance) return false;
    }
    return true;
}

std::string hitsText(const std::vector<PixelHit>& hits) {
    std::ostringstream os;
    for (const PixelHit& h : hits) {
        PrintTo(h, &os);
        os << ' ';
    }
    return os.str();
}

const char* samplingLabel(Sampling s) { return s == Sampling::Center ? "center" : "xna"; }

// ---------------------------------------------------------------------------------------------------------

// Names the set in test output instead of printing its address.
[[maybe_unused]] void PrintTo(const PairSet* set, std::ostream* os) { *os << set->name; }

// The pairs of a set, generated once per test program run.
const std::vector<RandomPair>& pairsOf(const PairSet& set) {
    static std::vector<RandomPair> small, wide;
    std::vector<RandomPair>& pairs = &set == &kSmallPairs ? small : wide;
    if (pairs.empty()) {
        PairGenerator generator(set);
        pairs.reserve(static_cast<std::size_t>(set.count));
        for (int i = 0; i < set.count; ++i) pairs.push_back(generator.next());
    }
    return pairs;
}

class RandomPairs : public ::testing::TestWithParam<const PairSet*> {
protected:
    static const std::vector<RandomPair>& pairs() { return pairsOf(*GetParam()); }
    static int pairCount() { return GetParam()->count; }
};

INSTANTIATE_TEST_SUITE_P(Sets, RandomPairs, ::testing::Values(&kSmallPairs, &kWidePairs),
                         [](const ::testing::TestParamInfo<const PairSet*>& info) { return std::string(info.param->name); });

TEST_P(RandomPairs, EveryGeneratedTransformIsValid) {
    for (const RandomPair& p : pairs()) {
        EXPECT_FALSE(validate(p.a).has_value()) << p.describe();
        EXPECT_FALSE(validate(p.b).has_value()) << p.describe();
    }
}

TEST_P(RandomPairs, PixelStepEqualsPixelNaive) {
    const Algorithm* fast = findAlgorithm("pixel-fast");
    int hits = 0;
    for (std::size_t i = 0; i < pairs().size(); ++i) {
        const RandomPair& p = pairs()[i];
        for (Sampling sampling : {Sampling::Center, Sampling::Xna}) {
            const CollisionResult naive = pixelNaive(p.bodyA(), p.bodyB(), testing::fullScan(sampling));
            const CollisionResult step = pixelStep(p.bodyA(), p.bodyB(), testing::fullScan(sampling));
            ASSERT_EQ(step.hit, naive.hit) << "pair " << i << " " << samplingLabel(sampling) << "\n" << p.describe();
            ASSERT_EQ(step.overlap, naive.overlap) << "pair " << i << " " << samplingLabel(sampling) << "\n" << p.describe();
            ASSERT_EQ(step.firstHit, naive.firstHit) << "pair " << i << " " << samplingLabel(sampling) << "\n" << p.describe();
            ASSERT_EQ(step.hits, naive.hits) << "pair " << i << " " << samplingLabel(sampling) << "\n" << p.describe();
            ASSERT_EQ(step.samples, naive.samples) << "pair " << i << "\n" << p.describe();
            ASSERT_EQ(naive.overlap, static_cast<double>(naive.hits.size()));
            hits += naive.hit;

            const CollisionResult naiveFirst = pixelNaive(p.bodyA(), p.bodyB(), testing::hitOnlyScan(sampling));
            const CollisionResult stepFirst = pixelStep(p.bodyA(), p.bodyB(), testing::hitOnlyScan(sampling));
            for (const CollisionResult* r : {&naiveFirst, &stepFirst}) {
                ASSERT_EQ(r->hit, naive.hit) << "pair " << i << "\n" << p.describe();
                ASSERT_EQ(r->firstHit, naive.firstHit) << "pair " << i << "\n" << p.describe();
                ASSERT_EQ(r->overlap, naive.hit ? 1.0 : 0.0) << "pair " << i << "\n" << p.describe();
                ASSERT_LE(r->samples, naive.samples) << "pair " << i << "\n" << p.describe();
            }
            ASSERT_EQ(naiveFirst.samples, stepFirst.samples) << "pair " << i << "\n" << p.describe();

            if (fast != nullptr) {
                const CollisionResult f = fast->run(p.bodyA(), p.bodyB(), testing::fullScan(sampling));
                ASSERT_EQ(f.hit, naive.hit) << "pixel-fast, pair " << i << "\n" << p.describe();
                ASSERT_EQ(f.overlap, naive.overlap) << "pixel-fast, pair " << i << "\n" << p.describe();
                ASSERT_EQ(f.firstHit, naive.firstHit) << "pixel-fast, pair " << i << "\n" << p.describe();
                ASSERT_EQ(f.hits, naive.hits) << "pixel-fast, pair " << i << "\n" << p.describe();
                const CollisionResult fFirst = fast->run(p.bodyA(), p.bodyB(), testing::hitOnlyScan(sampling));
                ASSERT_EQ(fFirst.hit, naive.hit) << "pixel-fast hit-only, pair " << i << "\n" << p.describe();
                ASSERT_EQ(fFirst.firstHit, naive.firstHit) << "pixel-fast hit-only, pair " << i << "\n" << p.describe();
                ASSERT_EQ(fFirst.overlap, naive.hit ? 1.0 : 0.0) << "pixel-fast hit-only, pair " << i << "\n" << p.describe();
            }
        }
    }
    EXPECT_GT(hits, pairCount() / 5) << "too few overlapping pairs to mean anything";
    EXPECT_LT(hits, 2 * pairCount() * 4 / 5) << "too few separate pairs to mean anything";
}

TEST_P(RandomPairs, PixelNaiveMatchesTheDoubleReference) {
    int compared = 0, hits = 0, ambiguous = 0;
    for (std::size_t i = 0; i < pairs().size(); ++i) {
        const RandomPair& p = pairs()[i];
        const bool exact = isExactTransform(p.a) && isExactTransform(p.b);
        for (Sampling sampling : {Sampling::Center, Sampling::Xna}) {
            const ReferenceScan ref = referenceSampled(p.bodyA(), p.bodyB(), sampling, exact);
            if (ref.ambiguous) {
                ++ambiguous;
                continue;
            }
            ++compared;
            hits += !ref.hits.empty();
            const CollisionResult naive = pixelNaive(p.bodyA(), p.bodyB(), testing::fullScan(sampling));
            ASSERT_EQ(naive.hit, !ref.hits.empty()) << "pair " << i << " " << samplingLabel(sampling) << "\n" << p.describe();
            ASSERT_EQ(naive.overlap, static_cast<double>(ref.hits.size()))
                << "pair " << i << " " << samplingLabel(sampling) << "\n" << p.describe();
            ASSERT_TRUE(sameHitsNear(naive.hits, ref.hits))
                << "pair " << i << " " << samplingLabel(sampling) << "\nactual   " << hitsText(naive.hits)
                << "\nexpected " << hitsText(ref.hits) << "\n" << p.describe();
            ASSERT_EQ(naive.samples, p.maskA.solidCount());
        }
    }
    EXPECT_GT(compared, pairCount());
    EXPECT_GT(hits, pairCount() / 5);
    EXPECT_LT(ambiguous, pairCount() / 20);
}

TEST_P(RandomPairs, PixelRectEqualsPixelNaiveCenterWhereItApplies) {
    int applicable = 0, hits = 0;
    for (std::size_t i = 0; i < pairs().size(); ++i) {
        const RandomPair& p = pairs()[i];
        const CollisionResult rect = pixelRect(p.bodyA(), p.bodyB(), testing::fullScan(Sampling::Center));
        const bool expectApplicable = rectApplies(p.a) && rectApplies(p.b);
        ASSERT_EQ(rect.applicable, expectApplicable) << "pair " << i << "\n" << p.describe();
        if (!rect.applicable) {
            ASSERT_FALSE(rect.reason.empty());
            continue;
        }
        ++applicable;
        const CollisionResult naive = pixelNaive(p.bodyA(), p.bodyB(), testing::fullScan(Sampling::Center));
        ASSERT_EQ(rect.hit, naive.hit) << "pair " << i << "\n" << p.describe();
        ASSERT_EQ(rect.overlap, naive.overlap) << "pair " << i << "\n" << p.describe();
        ASSERT_EQ(rect.firstHit, naive.firstHit) << "pair " << i << "\n" << p.describe();
        ASSERT_EQ(rect.hits, naive.hits) << "pair " << i << "\n" << p.describe();
        hits += rect.hit;

        const CollisionResult first = pixelRect(p.bodyA(), p.bodyB(), testing::hitOnlyScan(Sampling::Center));
        ASSERT_EQ(first.hit, naive.hit) << "pair " << i << "\n" << p.describe();
        ASSERT_EQ(first.firstHit, naive.firstHit) << "pair " << i << "\n" << p.describe();
        ASSERT_EQ(first.overlap, naive.hit ? 1.0 : 0.0) << "pair " << i << "\n" << p.describe();
    }
    EXPECT_GT(applicable, pairCount() / 10);
    EXPECT_GT(hits, applicable / 8);
}

// World pixels under a huge sprite are too many to scan in a unit test; such pairs are left out.
bool worldScanIsSmall(const RandomPair& p) {
    const Rect box = intersection(referenceBox(textureCorners(p.bodyA())), referenceBox(textureCorners(p.bodyB())));
    const glm::dvec2 size = box.size();
    return size.x <= 0 || size.y <= 0 || (size.x + 2) * (size.y + 2) < 20000;
}

TEST_P(RandomPairs, PixelWorldMatchesTheDoubleReference) {
    int compared = 0, hits = 0;
    for (std::size_t i = 0; i < pairs().size(); ++i) {
        const RandomPair& p = pairs()[i];
        if (!worldScanIsSmall(p)) continue;
        const ReferenceScan ref = referenceWorld(p.bodyA(), p.bodyB(), isExactTransform(p.a) && isExactTransform(p.b));
        if (ref.ambiguous) continue;
        ++compared;
        hits += !ref.hits.empty();
        const CollisionResult world = pixelWorld(p.bodyA(), p.bodyB(), testing::fullScan(Sampling::Center));
        ASSERT_EQ(world.hit, !ref.hits.empty()) << "pair " << i << "\n" << p.describe();
        ASSERT_EQ(world.overlap, static_cast<double>(ref.hits.size())) << "pair " << i << "\n" << p.describe();
        ASSERT_EQ(world.hits, ref.hits) << "pair " << i << "\nactual   " << hitsText(world.hits) << "\nexpected "
                                        << hitsText(ref.hits) << "\n" << p.describe();
        const CollisionResult first = pixelWorld(p.bodyA(), p.bodyB(), testing::hitOnlyScan(Sampling::Center));
        ASSERT_EQ(first.hit, world.hit) << "pair " << i << "\n" << p.describe();
        ASSERT_EQ(first.firstHit, world.firstHit) << "pair " << i << "\n" << p.describe();
    }
    EXPECT_GT(compared, pairCount() / 2);
    EXPECT_GT(hits, compared / 10);
}

TEST_P(RandomPairs, PixelExactMatchesThePolygonClippingReference) {
    int compared = 0, hits = 0;
    for (std::size_t i = 0; i < pairs().size(); ++i) {
        const RandomPair& p = pairs()[i];
        // The reference clips every pair of solid squares: keep it to pairs where that stays quick.
        if (p.maskA.solidCount() * p.maskB.solidCount() > 20000) continue;
        const double ref = referenceExactArea(p.bodyA(), p.bodyB());
        const CollisionResult exact = pixelExact(p.bodyA(), p.bodyB(), testing::fullScan(Sampling::Center));
        // Relative 1e-8: far below any pixel's area, loose enough for sums of many tiny clipped areas.
        ASSERT_NEAR(exact.overlap, ref, 1e-8 * (1 + ref)) << "pair " << i << "\n" << p.describe();
        ++compared;
        if (std::abs(ref - kExactAreaEpsilon) < 1e-9) continue;
        ASSERT_EQ(exact.hit, ref > kExactAreaEpsilon) << "pair " << i << " area " << ref << "\n" << p.describe();
        hits += exact.hit;
    }
    EXPECT_GT(hits, compared / 8);
}

// The clipping reference itself, checked against counting grid points that fall in both sprites' solid
// pixels: an estimate whose error grows with the length of the solid squares' edges times the grid step.
// (The factor 0.05 was checked to leave the observed errors at about a tenth of the tolerance.)
TEST_P(RandomPairs, PolygonClippingReferenceAgreesWithSupersampling) {
    int compared = 0;
    for (std::size_t i = 0; i < pairs().size() && compared < 40; ++i) {
        const RandomPair& p = pairs()[i];
        if (smallestScale(p) < 0.2 || p.maskA.solidCount() == 0 || p.maskB.solidCount() == 0) continue;
        if (std::max({std::abs(p.a.scale.x), std::abs(p.a.scale.y), std::abs(p.b.scale.x), std::abs(p.b.scale.y)}) > 8) continue;
        const Rect box = intersection(referenceBox(solidCorners(p.bodyA())), referenceBox(solidCorners(p.bodyB())));
        if (box.size().x <= 0 || box.size().y <= 0) continue;
        constexpr int kSteps = 300;
        const glm::dvec2 step = box.size() / double(kSteps);
        int inside = 0;
        for (int j = 0; j < kSteps; ++j)
            for (int k = 0; k < kSteps; ++k) {
                const glm::dvec2 w = box.min + (glm::dvec2(k, j) + 0.5) * step;
                const glm::ivec2 pa(glm::floor(toLocal(p.a, w))), pb(glm::floor(toLocal(p.b, w)));
                inside += p.maskA.solid(pa.x, pa.y) && p.maskB.solid(pb.x, pb.y);
            }
        const double estimate = inside * step.x * step.y;
        double edges = 0;
        for (const RandomPair::Side side : {RandomPair::Side::A, RandomPair::Side::B}) {
            const SpriteTransform& t = side == RandomPair::Side::A ? p.a : p.b;
            const AlphaMask& m = side == RandomPair::Side::A ? p.maskA : p.maskB;
            edges += 2.0 * double(m.solidCount()) * (std::abs(t.scale.x) + std::abs(t.scale.y));
        }
        const double tolerance = 0.05 * edges * std::max(step.x, step.y);
        EXPECT_NEAR(referenceExactArea(p.bodyA(), p.bodyB()), estimate, tolerance) << "pair " << i << "\n" << p.describe();
        ++compared;
    }
    EXPECT_GE(compared, 20);
}

TEST_P(RandomPairs, PixelExactHitOnlyModeAgreesWithFullMode) {
    int mismatches = 0;
    std::string firstMismatch;
    for (std::size_t i = 0; i < pairs().size(); ++i) {
        const RandomPair& p = pairs()[i];
        const CollisionResult full = pixelExact(p.bodyA(), p.bodyB(), testing::fullScan(Sampling::Center, false));
        const CollisionResult first = pixelExact(p.bodyA(), p.bodyB(), testing::hitOnlyScan(Sampling::Center));
        if ((first.hit != full.hit || first.samples > full.samples) && mismatches++ == 0)
            firstMismatch = "pair " + std::to_string(i) + "\n" + p.describe();
    }
    EXPECT_EQ(mismatches, 0) << "hit-only mode disagrees with full mode; first:\n" << firstMismatch;
}

TEST_P(RandomPairs, SampledOrWorldHitsImplyAnExactHit) {
    int fromSampled = 0, fromWorld = 0;
    for (std::size_t i = 0; i < pairs().size(); ++i) {
        const RandomPair& p = pairs()[i];
        // A sample inside both solid squares leaves a shared area of at least a quarter-square-ish wedge
        // around it; below scale 0.01 that wedge can be smaller than the 1e-6 hit threshold.
        if (smallestScale(p) < 0.01) continue;
        const CollisionResult naive = pixelNaive(p.bodyA(), p.bodyB(), testing::hitOnlyScan(Sampling::Center));
        const bool world = worldScanIsSmall(p) && pixelWorld(p.bodyA(), p.bodyB(), testing::hitOnlyScan(Sampling::Center)).hit;
        if (!naive.hit && !world) continue;
        const CollisionResult exact = pixelExact(p.bodyA(), p.bodyB(), testing::fullScan(Sampling::Center));
        ASSERT_TRUE(exact.hit) << "pair " << i << (naive.hit ? " pixel-naive" : "") << (world ? " pixel-world" : "")
                               << " hit but pixel-exact found area " << exact.overlap << "\n" << p.describe();
        fromSampled += naive.hit;
        fromWorld += world;
    }
    EXPECT_GT(fromSampled, pairCount() / 8);
    EXPECT_GT(fromWorld, pairCount() / 8);
}

TEST_P(RandomPairs, ExactHitsImplyEveryCheapTestHits) {
    int exactHits = 0;
    for (std::size_t i = 0; i < pairs().size(); ++i) {
        const RandomPair& p = pairs()[i];
        const CollisionResult exact = pixelExact(p.bodyA(), p.bodyB(), testing::fullScan(Sampling::Center));
        if (!exact.hit) continue;
        ++exactHits;
        const TestOptions options{};
        ASSERT_TRUE(circleTest(p.bodyA(), p.bodyB(), options).hit) << "pair " << i << "\n" << p.describe();
        ASSERT_TRUE(aabbTest(p.bodyA(), p.bodyB(), options).hit) << "pair " << i << "\n" << p.describe();
        ASSERT_TRUE(tightAabbTest(p.bodyA(), p.bodyB(), options).hit) << "pair " << i << "\n" << p.describe();
        ASSERT_TRUE(obbTest(p.bodyA(), p.bodyB(), options).hit) << "pair " << i << "\n" << p.describe();
    }
    EXPECT_GT(exactHits, pairCount() / 5);
}

TEST_P(RandomPairs, BoundsMatchTheReferenceAndTightBoxLiesInsideTheBox) {
    for (std::size_t i = 0; i < pairs().size(); ++i) {
        const RandomPair& p = pairs()[i];
        for (const Body& body : {p.bodyA(), p.bodyB()}) {
            const Rect box = worldAabb(body);
            const Rect refBox = referenceBox(textureCorners(body));
            const double tol = 1e-9 * (1 + std::abs(refBox.min.x) + std::abs(refBox.min.y) + std::abs(refBox.max.x) +
                                       std::abs(refBox.max.y));
            ASSERT_NEAR(box.min.x, refBox.min.x, tol) << "pair " << i << "\n" << p.describe();
            ASSERT_NEAR(box.min.y, refBox.min.y, tol);
            ASSERT_NEAR(box.max.x, refBox.max.x, tol);
            ASSERT_NEAR(box.max.y, refBox.max.y, tol);

            const std::optional<Rect> tight = tightWorldAabb(body);
            const std::optional<Circle> circle = boundingCircle(body);
            if (body.mask->solidCount() == 0) {
                ASSERT_FALSE(tight.has_value());
                ASSERT_FALSE(circle.has_value());
                continue;
            }
            ASSERT_TRUE(tight.has_value());
            ASSERT_TRUE(circle.has_value());
            const std::vector<glm::dvec2> corners = solidCorners(body);
            const Rect refTight = referenceBox(corners);
            ASSERT_NEAR(tight->min.x, refTight.min.x, tol) << "pair " << i << "\n" << p.describe();
            ASSERT_NEAR(tight->min.y, refTight.min.y, tol);
            ASSERT_NEAR(tight->max.x, refTight.max.x, tol);
            ASSERT_NEAR(tight->max.y, refTight.max.y, tol);
            ASSERT_GE(tight->min.x, box.min.x - tol) << "tight box outside the box, pair " << i << "\n" << p.describe();
            ASSERT_GE(tight->min.y, box.min.y - tol);
            ASSERT_LE(tight->max.x, box.max.x + tol);
            ASSERT_LE(tight->max.y, box.max.y + tol);

            const glm::dvec2 centre = toWorld(body.transform, {body.mask->width() / 2.0, body.mask->height() / 2.0});
            double radius = 0;
            for (glm::dvec2 c : corners) radius = std::max(radius, std::hypot(c.x - centre.x, c.y - centre.y));
            ASSERT_NEAR(circle->center.x, centre.x, tol) << "pair " << i << "\n" << p.describe();
            ASSERT_NEAR(circle->center.y, centre.y, tol);
            ASSERT_NEAR(circle->radius, radius, tol) << "pair " << i << "\n" << p.describe();
        }
    }
}

TEST_P(RandomPairs, CheapTestsMatchTheReferenceAwayFromTouching) {
    for (std::size_t i = 0; i < pairs().size(); ++i) {
        const RandomPair& p = pairs()[i];
        const Body a = p.bodyA(), b = p.bodyB();
        const TestOptions options{};
        const bool anyEmpty = p.maskA.solidCount() == 0 || p.maskB.solidCount() == 0;

        const Rect boxA = referenceBox(textureCorners(a)), boxB = referenceBox(textureCorners(b));
        const Rect shared = intersection(boxA, boxB);
        if (std::min(std::abs(shared.size().x), std::abs(shared.size().y)) > 1e-7) {
            ASSERT_EQ(aabbTest(a, b, options).hit, !anyEmpty && overlapsPositively(boxA, boxB))
                << "pair " << i << "\n" << p.describe();
        }
        const ReferenceSat sat = referenceObb(a, b);
        if (sat.margin > 1e-7) {
            ASSERT_EQ(obbTest(a, b, options).hit, !anyEmpty && sat.hit) << "pair " << i << "\n" << p.describe();
        }
        if (anyEmpty) {
            ASSERT_FALSE(circleTest(a, b, options).hit);
            ASSERT_FALSE(tightAabbTest(a, b, options).hit);
            continue;
        }
        const Rect tightA = referenceBox(solidCorners(a)), tightB = referenceBox(solidCorners(b));
        const Rect tightShared = intersection(tightA, tightB);
        if (std::min(std::abs(tightShared.size().x), std::abs(tightShared.size().y)) > 1e-7) {
            ASSERT_EQ(tightAabbTest(a, b, options).hit, overlapsPositively(tightA, tightB))
                << "pair " << i << "\n" << p.describe();
        }
        const Circle ca = *boundingCircle(a), cb = *boundingCircle(b);
        const double gap = std::hypot(ca.center.x - cb.center.x, ca.center.y - cb.center.y) - ca.radius - cb.radius;
        if (std::abs(gap) > 1e-7) {
            ASSERT_EQ(circleTest(a, b, options).hit, gap < 0) << "pair " << i << "\n" << p.describe();
        }
    }
}

TEST_P(RandomPairs, ScanCursorSeesThePixelStepHits) {
    for (std::size_t i = 0; i < pairs().size(); i += 5) {
        const RandomPair& p = pairs()[i];
        if (p.maskA.width() * p.maskA.height() > 64) continue;
        for (Sampling sampling : {Sampling::Center, Sampling::Xna}) {
            const CollisionResult step = pixelStep(p.bodyA(), p.bodyB(), testing::fullScan(sampling));
            ScanCursor cursor(p.bodyA(), p.bodyB(), sampling);
            ASSERT_EQ(cursor.total(), std::int64_t{p.maskA.width()} * p.maskA.height());
            std::vector<std::pair<glm::ivec2, glm::ivec2>> fromCursor, fromStep;
            for (const PixelHit& h : step.hits) fromStep.emplace_back(h.a, h.b);
            std::int64_t index = 0;
            for (; !cursor.done(); cursor.step(), ++index) {
                const ScanSample& s = cursor.current();
                ASSERT_EQ(s.index, index);
                ASSERT_EQ(s.a, glm::ivec2(index % p.maskA.width(), index / p.maskA.width()));
                ASSERT_EQ(s.solidA, p.maskA.solid(s.a.x, s.a.y));
                ASSERT_EQ(s.positionInB, toDouble(samplePositionInB(cursor.transform(), s.a.x, s.a.y)));
                ASSERT_EQ(cursor.hitsBefore(), static_cast<std::int64_t>(fromCursor.size()));
                if (s.hit) fromCursor.emplace_back(s.a, s.b);
            }
            ASSERT_EQ(index, cursor.total());
            ASSERT_EQ(fromCursor, fromStep) << "pair " << i << " " << samplingLabel(sampling) << "\n" << p.describe();
        }
    }
}

TEST_P(RandomPairs, ScanDirectionsAreTheSwappedScanAndTheConcatenation) {
    const Algorithm& naive = *findAlgorithm("pixel-naive");
    for (std::size_t i = 0; i < pairs().size(); i += 3) {
        const RandomPair& p = pairs()[i];
        TestOptions options = testing::fullScan(i % 2 ? Sampling::Xna : Sampling::Center);
        const CollisionResult swapped = pixelNaive(p.bodyB(), p.bodyA(), options);
        options.scan = ScanDirection::BToA;
        const CollisionResult backward = runAlgorithm(naive, p.bodyA(), p.bodyB(), options);
        ASSERT_EQ(backward.hit, swapped.hit) << "pair " << i << "\n" << p.describe();
        ASSERT_EQ(backward.overlap, swapped.overlap) << "pair " << i << "\n" << p.describe();
        ASSERT_EQ(backward.hits.size(), swapped.hits.size()) << "pair " << i << "\n" << p.describe();
        for (std::size_t k = 0; k < swapped.hits.size(); ++k) {
            ASSERT_EQ(backward.hits[k].a, swapped.hits[k].b) << "pair " << i << "\n" << p.describe();
            ASSERT_EQ(backward.hits[k].b, swapped.hits[k].a) << "pair " << i << "\n" << p.describe();
        }

        options.scan = ScanDirection::AToB;
        const CollisionResult forward = runAlgorithm(naive, p.bodyA(), p.bodyB(), options);
        options.scan = ScanDirection::Both;
        const CollisionResult both = runAlgorithm(naive, p.bodyA(), p.bodyB(), options);
        std::vector<PixelHit> concatenated = forward.hits;
        concatenated.insert(concatenated.end(), backward.hits.begin(), backward.hits.end());
        ASSERT_EQ(both.hit, forward.hit || backward.hit) << "pair " << i << "\n" << p.describe();
        ASSERT_EQ(both.overlap, forward.overlap + backward.overlap) << "pair " << i << "\n" << p.describe();
        ASSERT_EQ(both.hits, concatenated) << "pair " << i << "\n" << p.describe();
    }
}

}  // namespace
}  // namespace cl
