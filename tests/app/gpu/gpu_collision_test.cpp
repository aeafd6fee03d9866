// The gpu red/blue test against pixel-world, its definition on the CPU. Needs an X display: ctest runs
// this file under xvfb-run, where Mesa draws in software.

#include "app/gpu/gpu_collision.h"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/glm.hpp>

#include <SFML/Graphics/RenderWindow.hpp>
#include <SFML/Graphics/Texture.hpp>
#include <SFML/OpenGL.hpp>

#include "core/base/alpha_mask.h"
#include "core/base/bounds.h"
#include "core/io/image_io.h"
#include "core/collision/pixel_scans.h"
#include "core/scene/scene.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::bodyAt;
using testing::makeTransform;
using testing::maskFromArt;
using testing::solidMask;

TestOptions fullMode(bool listHits = false) {
    TestOptions options;
    options.listHits = listHits;
    return options;
}

// Stops a test with the reason when this machine cannot run the gpu test at all.
#define REQUIRE_GPU()                                                                                   \
    do {                                                                                                \
        const std::string reason = sharedGpuCollider().unavailableReason();                             \
        ASSERT_TRUE(reason.empty()) << "the gpu test cannot run here (run under xvfb-run): " << reason; \
    } while (0)

// Sets an environment variable for one scope and puts the old value back.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const char* value) : m_name(name) {
        if (const char* old = std::getenv(name)) m_old = old;
        if (value)
            setenv(name, value, 1);
        else
            unsetenv(name);
    }
    ~ScopedEnv() {
        if (m_old)
            setenv(m_name.c_str(), m_old->c_str(), 1);
        else
            unsetenv(m_name.c_str());
    }

private:
    std::string m_name;
    std::optional<std::string> m_old;
};

// Every behaviour test runs for both mappings: DoublePrecision through gpuTest()'s shared collider,
// Rasterised (the source document's textured quads) through a collider of its own.
class GpuCollisionByMapping : public ::testing::TestWithParam<GpuMapping> {
protected:
    static GpuCollider& collider() {
        if (GetParam() == GpuMapping::DoublePrecision) return sharedGpuCollider();
        static GpuCollider rasterised(GpuCollider::kDefaultMaxTileSize, GpuMapping::Rasterised);
        return rasterised;
    }
};

INSTANTIATE_TEST_SUITE_P(Mappings, GpuCollisionByMapping,
                         ::testing::Values(GpuMapping::DoublePrecision, GpuMapping::Rasterised),
                         [](const ::testing::TestParamInfo<GpuMapping>& info) {
                             return info.param == GpuMapping::DoublePrecision ? "DoublePrecision" : "Rasterised";
                         });

// Stops a test with the reason when this machine cannot run the collider; checks it uses its mapping.
#define REQUIRE_MAPPING()                                                                               \
    do {                                                                                                \
        const std::string reason = collider().unavailableReason();                                      \
        ASSERT_TRUE(reason.empty()) << "the gpu test cannot run here (run under xvfb-run): " << reason; \
        ASSERT_EQ(collider().mapping(), GetParam()) << "this GPU cannot use the mapping under test";    \
    } while (0)

// ---- Hand-worked cases ----

TEST_P(GpuCollisionByMapping, TwoSolidSquaresCountTheWorldPixelsTheyShare) {
    REQUIRE_MAPPING();
    const AlphaMask a = solidMask(4, 4), b = solidMask(4, 4);
    // A covers world [0,4)x[0,4), B covers [2,6)x[1,5): they share [2,4)x[1,4), 2 x 3 pixels.
    const CollisionResult r = collider().test(bodyAt(a, {0, 0}), bodyAt(b, {2, 1}), fullMode());
    ASSERT_TRUE(r.applicable) << r.reason;
    EXPECT_TRUE(r.hit);
    EXPECT_EQ(r.overlap, 6.0);
    EXPECT_EQ(r.samples, 6);
    ASSERT_TRUE(r.firstHit);
    EXPECT_EQ(r.firstHit->world, glm::dvec2(2.5, 1.5));
    EXPECT_EQ(r.firstHit->a, glm::ivec2(2, 1));
    EXPECT_EQ(r.firstHit->b, glm::ivec2(0, 0));
}

TEST_P(GpuCollisionByMapping, TouchingSquaresDoNotHit) {
    REQUIRE_MAPPING();
    const AlphaMask a = solidMask(4, 4), b = solidMask(4, 4);
    const CollisionResult r = collider().test(bodyAt(a, {0, 0}), bodyAt(b, {4, 0}), fullMode());
    ASSERT_TRUE(r.applicable) << r.reason;
    EXPECT_FALSE(r.hit);
    EXPECT_EQ(r.overlap, 0.0);
    EXPECT_FALSE(r.firstHit);
}

TEST_P(GpuCollisionByMapping, AlphaMustBeAboveTheThresholdToCount) {
    REQUIRE_MAPPING();
    // Alphas 50, 100, 150, 200, 255 over a fully solid row.
    const std::vector<std::string> art{"2468#"};
    const AlphaMask b = solidMask(5, 1);
    const struct {
        int threshold;
        double expected;
    } cases[] = {{0, 5}, {49, 5}, {50, 4}, {99, 4}, {100, 3}, {199, 2}, {200, 1}, {254, 1}};
    for (const auto& c : cases) {
        const AlphaMask a = maskFromArt(art, c.threshold);
        const CollisionResult r = collider().test(bodyAt(a, {0, 0}), bodyAt(b, {0, 0}), fullMode());
        ASSERT_TRUE(r.applicable) << r.reason;
        EXPECT_EQ(r.overlap, c.expected) << "threshold " << c.threshold;
    }
}

TEST_P(GpuCollisionByMapping, ARotatedSpriteLandsWhereItsMatrixPutsIt) {
    REQUIRE_MAPPING();
    // Solid pixels (0,0), (0,1), (1,1). Turned 90 degrees clockwise about its top-left corner at (5, 2),
    // local (x, y) goes to world (5 - y, 2 + x): pixel (0,0) covers world pixel (4,2), (0,1) covers (3,2),
    // (1,1) covers (3,3).
    const AlphaMask a = maskFromArt({"#..", "##."});
    const AlphaMask b = solidMask(10, 10);
    const CollisionResult r =
        collider().test(Body{&a, makeTransform({5, 2}, {0, 0}, 90.0)}, bodyAt(b, {0, 0}), fullMode(true));
    ASSERT_TRUE(r.applicable) << r.reason;
    EXPECT_EQ(r.overlap, 3.0);
    const std::vector<PixelHit> expected{
        {{0, 1}, {3, 2}, {3.5, 2.5}}, {{0, 0}, {4, 2}, {4.5, 2.5}}, {{1, 1}, {3, 3}, {3.5, 3.5}}};
    EXPECT_EQ(r.hits, expected);
}

TEST_P(GpuCollisionByMapping, AFlippedSpriteMirrorsItsPixels) {
    REQUIRE_MAPPING();
    // Scale (-1, 1) at (6, 0): local (x, y) goes to world (6 - x, y), so pixel (0,0) covers world pixel
    // (5,0), (0,1) covers (5,1) and (1,1) covers (4,1).
    const AlphaMask a = maskFromArt({"#..", "##."});
    const AlphaMask b = solidMask(10, 10);
    const CollisionResult r =
        collider().test(Body{&a, makeTransform({6, 0}, {0, 0}, 0.0, {-1, 1})}, bodyAt(b, {0, 0}), fullMode(true));
    ASSERT_TRUE(r.applicable) << r.reason;
    const std::vector<PixelHit> expected{
        {{0, 0}, {5, 0}, {5.5, 0.5}}, {{1, 1}, {4, 1}, {4.5, 1.5}}, {{0, 1}, {5, 1}, {5.5, 1.5}}};
    EXPECT_EQ(r.hits, expected);
}

TEST_P(GpuCollisionByMapping, ScalingChangesHowManyWorldPixelsASpriteCovers) {
    REQUIRE_MAPPING();
    const AlphaMask big = solidMask(10, 10), two = solidMask(2, 2), four = solidMask(4, 4);
    // 2x2 at scale 2 covers world [1,5)^2: 16 pixels. 4x4 at scale 0.5 covers [0,2)^2: 4 pixels.
    const CollisionResult up =
        collider().test(Body{&two, makeTransform({1, 1}, {0, 0}, 0.0, {2, 2})}, bodyAt(big, {0, 0}), fullMode());
    const CollisionResult down =
        collider().test(Body{&four, makeTransform({0, 0}, {0, 0}, 0.0, {0.5, 0.5})}, bodyAt(big, {0, 0}), fullMode());
    EXPECT_EQ(up.overlap, 16.0);
    EXPECT_EQ(down.overlap, 4.0);
}

TEST_P(GpuCollisionByMapping, OnlyCentresStrictlyInsideBothBoxesCount) {
    REQUIRE_MAPPING();
    // A 2x2 at x = 0.5 spans [0.5, 2.5]: the centres 0.5 and 2.5 lie on its box edge, only 1.5 is inside.
    const AlphaMask a = solidMask(2, 2), b = solidMask(10, 10);
    const CollisionResult r = collider().test(bodyAt(a, {0.5, 0}), bodyAt(b, {0, 0}), fullMode());
    ASSERT_TRUE(r.applicable) << r.reason;
    EXPECT_EQ(r.overlap, 2.0);
    EXPECT_EQ(r.samples, 2);
}

TEST_P(GpuCollisionByMapping, ASpriteWithNoSolidPixelHitsNothing) {
    REQUIRE_MAPPING();
    const AlphaMask a = testing::emptyMask(4, 4), b = solidMask(4, 4);
    const CollisionResult r = collider().test(bodyAt(a, {0, 0}), bodyAt(b, {0, 0}), fullMode());
    ASSERT_TRUE(r.applicable) << r.reason;
    EXPECT_FALSE(r.hit);
    EXPECT_EQ(r.samples, 0);
}

TEST_P(GpuCollisionByMapping, HitOnlyModeCountsOneHit) {
    REQUIRE_MAPPING();
    const AlphaMask a = solidMask(4, 4), b = solidMask(4, 4);
    TestOptions options;
    options.stopAtFirstHit = true;
    options.listHits = true;
    const CollisionResult r = collider().test(bodyAt(a, {0, 0}), bodyAt(b, {2, 1}), options);
    EXPECT_TRUE(r.hit);
    EXPECT_EQ(r.overlap, 1.0);
    EXPECT_TRUE(r.hits.empty());
    ASSERT_TRUE(r.firstHit);
    EXPECT_EQ(r.firstHit->world, glm::dvec2(2.5, 1.5));
}

TEST_P(GpuCollisionByMapping, AMaskChangedInPlaceIsUploadedAgain) {
    REQUIRE_MAPPING();
    AlphaMask a = solidMask(3, 1);
    const AlphaMask b = solidMask(3, 1);
    EXPECT_EQ(collider().test(bodyAt(a, {0, 0}), bodyAt(b, {0, 0}), fullMode()).overlap, 3.0);
    // Same object, same size, new content: a cache keyed by address alone would answer 3 again.
    a = maskFromArt({"#.."});
    EXPECT_EQ(collider().test(bodyAt(a, {0, 0}), bodyAt(b, {0, 0}), fullMode()).overlap, 1.0);
}

TEST_P(GpuCollisionByMapping, AMaskWithTheSameSolidPixelsAtANewThresholdIsUploadedAgain) {
    REQUIRE_MAPPING();
    const AlphaMask b = solidMask(2, 1);
    // Alphas 50 and 255 at threshold 0: both solid.
    AlphaMask a = maskFromArt({"2#"}, 0);
    EXPECT_EQ(collider().test(bodyAt(a, {0, 0}), bodyAt(b, {0, 0}), fullMode()).overlap, 2.0);
    // Alphas 255 and 255 at threshold 100: the same solid pixels, but the old texture's 50 would fail
    // the new threshold.
    a = maskFromArt({"##"}, 100);
    EXPECT_EQ(collider().test(bodyAt(a, {0, 0}), bodyAt(b, {0, 0}), fullMode()).overlap, 2.0);
}

TEST_P(GpuCollisionByMapping, TheSameMaskCanBeBothSprites) {
    REQUIRE_MAPPING();
    const AlphaMask a = maskFromArt({"##.", ".##"});
    // Shifted one pixel right, the mask meets itself where (x, y) and (x - 1, y) are both solid: (1,0), (2,1).
    const CollisionResult r = collider().test(bodyAt(a, {0, 0}), bodyAt(a, {1, 0}), fullMode());
    EXPECT_EQ(r.overlap, 2.0);
}

TEST(GpuCollision, IsAPixelTestNamedGpuInTheAlgorithmTable) {
    EXPECT_EQ(gpuAlgorithm().name, "gpu");
    EXPECT_EQ(gpuAlgorithm().kind, AlgorithmKind::Pixel);
    EXPECT_FALSE(gpuAlgorithm().directional);
    EXPECT_EQ(gpuAlgorithm().run, &gpuTest);
}

TEST(GpuCollision, LeavesAnOpenWindowReadyForRawOpenGl) {
    REQUIRE_GPU();
    sf::RenderWindow window(sf::VideoMode(64, 64), "gpu test");
    ASSERT_TRUE(window.setActive(true));
    const AlphaMask a = solidMask(4, 4);
    EXPECT_EQ(gpuTest(bodyAt(a, {0, 0}), bodyAt(a, {1, 1}), fullMode()).overlap, 9.0);
    // What the ImGui renderer does next: raw OpenGL, expecting the window's own framebuffer.
    GLint framebuffer = -1;
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &framebuffer);
    EXPECT_EQ(framebuffer, 0);
    glClearColor(0.f, 1.f, 0.f, 1.f);
    glClear(GL_COLOR_BUFFER_BIT);
    std::uint8_t pixel[4] = {};
    glReadPixels(5, 5, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
    EXPECT_EQ(pixel[0], 0);
    EXPECT_EQ(pixel[1], 255);
    window.close();
}

TEST_P(GpuCollisionByMapping, AnOverlapOfMoreThan2To26WorldPixelsIsNotApplicable) {
    REQUIRE_MAPPING();
    // Two 10 x 10 masks at scale 1000 overlap on 10^8 world pixels, more than 2^26 (about 6.7 * 10^7).
    const AlphaMask a = solidMask(10, 10);
    const Body huge{&a, makeTransform({0, 0}, {0, 0}, 0.0, {1000, 1000})};
    const CollisionResult r = collider().test(huge, huge, fullMode());
    EXPECT_FALSE(r.applicable);
    EXPECT_NE(r.reason.find("2^26"), std::string::npos) << r.reason;
}

TEST_P(GpuCollisionByMapping, AMaskWiderThanTheTextureLimitIsNotApplicable) {
    REQUIRE_MAPPING();
    const int limit = static_cast<int>(sf::Texture::getMaximumSize());
    const AlphaMask wide = solidMask(limit + 1, 1), small = solidMask(2, 2);
    const CollisionResult r = collider().test(bodyAt(wide, {0, 0}), bodyAt(small, {0, 0}), fullMode());
    EXPECT_FALSE(r.applicable);
    EXPECT_NE(r.reason.find("texture limit of " + std::to_string(limit)), std::string::npos) << r.reason;
}

TEST(GpuCollision, ReportsNotApplicableWithoutADisplay) {
    {
        ScopedEnv noDisplay("DISPLAY", nullptr);
        GpuCollider collider;
        const AlphaMask a = solidMask(2, 2);
        const CollisionResult r = collider.test(bodyAt(a, {0, 0}), bodyAt(a, {0, 0}), fullMode());
        EXPECT_FALSE(r.applicable);
        EXPECT_NE(r.reason.find("DISPLAY is not set"), std::string::npos) << r.reason;
    }
    {
        ScopedEnv badDisplay("DISPLAY", ":7391");
        GpuCollider collider;
        const AlphaMask a = solidMask(2, 2);
        const CollisionResult r = collider.test(bodyAt(a, {0, 0}), bodyAt(a, {0, 0}), fullMode());
        EXPECT_FALSE(r.applicable);
        EXPECT_NE(r.reason.find("cannot open X display \":7391\""), std::string::npos) << r.reason;
    }
}

// ---- Equivalence with pixel-world ----

// How far (in world pixels) from a texel edge a centre may lie and still be rounded the other way. The
// double-precision mapping does pixel-world's own arithmetic: only exact ties (give or take a fused
// multiply-add) can go either way. The rasterised mapping places quad corners in single precision and
// snaps them to the rasteriser's sub-pixel grid (1/256 pixel in Mesa): allow twice that.
double edgeTolerance(GpuMapping mapping) { return mapping == GpuMapping::DoublePrecision ? 1e-9 : 1.0 / 128.0; }

// World pixel centres strictly inside both world boxes whose position in A or in B has a coordinate
// within `worldTolerance` world pixels of a whole number: on a texel edge, where the GPU and pixel-world
// may round apart.
std::int64_t edgeCentres(const Body& a, const Body& b, double worldTolerance) {
    const Rect box = intersection(worldAabb(a), worldAabb(b));
    const glm::dmat3 toA = affineInverse(worldMatrix(a.transform)), toB = affineInverse(worldMatrix(b.transform));
    // A world distance d is d / |scale| texels; the smallest scale gives the widest band.
    auto texels = [worldTolerance](const Body& body) {
        return std::max(worldTolerance / std::min(std::abs(body.transform.scale.x), std::abs(body.transform.scale.y)),
                        1e-9);
    };
    const double bandA = texels(a), bandB = texels(b);
    auto nearWhole = [](double v, double band) { return std::abs(v - std::round(v)) <= band; };
    std::int64_t count = 0;
    for (double y = std::floor(box.min.y) + 0.5; y < box.max.y; y += 1.0) {
        if (y <= box.min.y) continue;
        for (double x = std::floor(box.min.x) + 0.5; x < box.max.x; x += 1.0) {
            if (x <= box.min.x) continue;
            const glm::dvec2 pa = transformPoint(toA, {x, y}), pb = transformPoint(toB, {x, y});
            if (nearWhole(pa.x, bandA) || nearWhole(pa.y, bandA) || nearWhole(pb.x, bandB) || nearWhole(pb.y, bandB))
                ++count;
        }
    }
    return count;
}

// Compares gpu (through `collider`) with pixel-world on one pair; returns true when they agree exactly.
bool expectSameAsPixelWorld(GpuCollider& collider, const Body& a, const Body& b, const std::string& label) {
    const CollisionResult cpu = pixelWorld(a, b, fullMode(true));
    const CollisionResult gpu = collider.test(a, b, fullMode(true));
    EXPECT_EQ(gpu.applicable, cpu.applicable) << label << ": " << gpu.reason;
    if (!gpu.applicable || !cpu.applicable) return gpu.applicable == cpu.applicable;
    const std::int64_t edges = edgeCentres(a, b, edgeTolerance(collider.mapping()));
    EXPECT_EQ(gpu.hit, cpu.hit) << label << " (edge centres " << edges << ")";
    EXPECT_LE(std::abs(gpu.overlap - cpu.overlap), static_cast<double>(edges))
        << label << ": gpu " << gpu.overlap << ", pixel-world " << cpu.overlap;
    EXPECT_EQ(gpu.hits.size(), static_cast<std::size_t>(gpu.overlap)) << label;
    const bool same =
        gpu.hit == cpu.hit && gpu.overlap == cpu.overlap && gpu.hits == cpu.hits && gpu.firstHit == cpu.firstHit;
    if (edges == 0) {
        EXPECT_EQ(gpu.hits, cpu.hits) << label;
        EXPECT_EQ(gpu.firstHit, cpu.firstHit) << label;
    }
    return same;
}

// A random mask: noise, a filled ellipse, or a solid block, with alphas across the whole byte range.
AlphaMask randomMask(std::mt19937& rng) {
    std::uniform_int_distribution<int> side(1, 40), style(0, 2), byte(0, 255), percent(0, 99);
    RgbaImage image;
    image.width = side(rng);
    image.height = side(rng);
    image.pixels.assign(static_cast<std::size_t>(image.width) * image.height * 4, 0);
    const int kind = style(rng);
    const double cx = image.width / 2.0, cy = image.height / 2.0;
    for (int y = 0; y < image.height; ++y) {
        for (int x = 0; x < image.width; ++x) {
            int alpha = 0;
            if (kind == 0) {
                alpha = percent(rng) < 60 ? byte(rng) : 0;
            } else if (kind == 1) {
                const double dx = (x + 0.5 - cx) / cx, dy = (y + 0.5 - cy) / cy;
                alpha = dx * dx + dy * dy <= 1.0 ? std::max(1, 255 - percent(rng)) : percent(rng) / 4;
            } else {
                alpha = percent(rng) < 90 ? 255 : byte(rng);
            }
            image.pixels[(static_cast<std::size_t>(y) * image.width + x) * 4 + 3] = static_cast<std::uint8_t>(alpha);
        }
    }
    const int thresholds[] = {0, 0, 1, 50, 127, 128, 200, 254};
    return AlphaMask(image, thresholds[std::uniform_int_distribution<int>(0, 7)(rng)]);
}

// A random placement: rotations both arbitrary and on quarter turns, scales up and down, flips, and
// positions both arbitrary and on whole or half pixels (where centres fall exactly on texel edges).
SpriteTransform randomTransform(std::mt19937& rng, const AlphaMask& mask, glm::dvec2 near) {
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::uniform_int_distribution<int> choice(0, 3);
    SpriteTransform t;
    const double quarter = 90.0 * choice(rng);
    t.rotationDeg = unit(rng) < 0.3 ? quarter : -360.0 + 720.0 * unit(rng);
    auto scale = [&] {
        const double magnitudes[] = {1.0, 2.0, 0.5, 0.3 + 2.7 * unit(rng)};
        return magnitudes[choice(rng)] * (unit(rng) < 0.3 ? -1.0 : 1.0);
    };
    t.scale = {scale(), scale()};
    t.origin = unit(rng) < 0.5 ? glm::dvec2(mask.width() / 2.0, mask.height() / 2.0)
                               : glm::dvec2(mask.width() * unit(rng), mask.height() * unit(rng));
    glm::dvec2 offset{-15.0 + 30.0 * unit(rng), -15.0 + 30.0 * unit(rng)};
    if (choice(rng) == 0) offset = glm::round(offset * 2.0) / 2.0;
    t.position = near + offset;
    return t;
}

TEST_P(GpuCollisionByMapping, EqualsPixelWorldOnRandomScenes) {
    REQUIRE_MAPPING();
    std::mt19937 rng(20261122);
    constexpr int kScenes = 250;
    int exact = 0, withHits = 0;
    for (int scene = 0; scene < kScenes; ++scene) {
        const AlphaMask ma = randomMask(rng), mb = randomMask(rng);
        const Body a{&ma, randomTransform(rng, ma, {100.0, 50.0})};
        const Body b{&mb, randomTransform(rng, mb, {100.0, 50.0})};
        const std::string label = "scene " + std::to_string(scene);
        if (expectSameAsPixelWorld(collider(), a, b, label)) ++exact;
        if (pixelWorld(a, b, fullMode()).hit) ++withHits;
    }
    // The generator must produce real overlaps, or the comparison says little.
    EXPECT_GE(withHits, kScenes / 3);
    // Doubles on both sides: disagreements may only come from ties on texel edges, which are rare.
    EXPECT_GE(exact, kScenes * 95 / 100);
    std::printf("[gpu %s] %d of %d random scenes identical to pixel-world, %d with hits\n",
                GetParam() == GpuMapping::DoublePrecision ? "double-precision" : "rasterised", exact, kScenes,
                withHits);
}

TEST_P(GpuCollisionByMapping, SmallTilesGiveTheSameAnswerAsOneTile) {
    REQUIRE_MAPPING();
    // Tiles of 7 x 7 pixels: every scene spans several tiles in both directions, so hits from tiles
    // side by side must be merged back into row-major world order.
    GpuCollider tiled(7, GetParam());
    std::mt19937 rng(7);
    for (int scene = 0; scene < 40; ++scene) {
        const AlphaMask ma = randomMask(rng), mb = randomMask(rng);
        const Body a{&ma, randomTransform(rng, ma, {0.0, 0.0})};
        const Body b{&mb, randomTransform(rng, mb, {0.0, 0.0})};
        expectSameAsPixelWorld(tiled, a, b, "tiled scene " + std::to_string(scene));
    }
}

TEST_P(GpuCollisionByMapping, AnOverlapLargerThanOneDefaultTileEqualsPixelWorld) {
    REQUIRE_MAPPING();
    // About 2500 x 2500 world pixels: more than one 2048 x 2048 tile in each direction.
    std::vector<std::string> checker(50, std::string(50, '.'));
    for (int y = 0; y < 50; ++y) {
        for (int x = 0; x < 50; ++x) checker[y][x] = (x / 3 + y / 5) % 2 ? '#' : '.';
    }
    const AlphaMask a = maskFromArt(checker), b = solidMask(10, 10);
    const Body bigA{&a, makeTransform({0, 0}, {0, 0}, 0.0, {50, 50})};
    const Body bigB{&b, makeTransform({1250, 1250}, {5, 5}, 10.0, {300, 290})};
    EXPECT_TRUE(expectSameAsPixelWorld(collider(), bigA, bigB, "large overlap"));
    EXPECT_GT(collider().lastTimings().pixelsRead, 2048 * 2048);
}

TEST_P(GpuCollisionByMapping, EqualsPixelWorldOnTheBundledSprites) {
    REQUIRE_MAPPING();
    const std::filesystem::path folder = std::filesystem::path(COLLISION_LAB_SOURCE_DIR) / "assets" / "sprites";
    std::vector<AlphaMask> masks;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        if (entry.path().extension() != ".png") continue;
        const ImageLoadResult loaded = loadImageFile(entry.path());
        ASSERT_TRUE(loaded.ok()) << loaded.error;
        masks.emplace_back(*loaded.image, 0);
        masks.emplace_back(*loaded.image, 128);
    }
    ASSERT_FALSE(masks.empty()) << "no sprites in " << folder;
    std::mt19937 rng(5);
    for (int scene = 0; scene < 60; ++scene) {
        const AlphaMask& ma = masks[rng() % masks.size()];
        const AlphaMask& mb = masks[rng() % masks.size()];
        const Body a{&ma, randomTransform(rng, ma, {0.0, 0.0})};
        const Body b{&mb, randomTransform(rng, mb, {0.0, 0.0})};
        expectSameAsPixelWorld(collider(), a, b, "sprite scene " + std::to_string(scene));
    }
}

TEST_P(GpuCollisionByMapping, EqualsPixelWorldOnEveryBundledScenePair) {
    REQUIRE_MAPPING();
    const std::filesystem::path folder = std::filesystem::path(COLLISION_LAB_SOURCE_DIR) / "assets" / "scenes";
    int pairs = 0;
    if (std::filesystem::is_directory(folder)) {
        for (const auto& entry : std::filesystem::directory_iterator(folder)) {
            if (entry.path().extension() != ".json") continue;
            const SceneLoadResult loaded = loadScene(entry.path());
            ASSERT_TRUE(loaded.ok()) << loaded.message();
            const Scene& scene = *loaded.scene;
            std::vector<AlphaMask> masks;
            for (const SceneSprite& sprite : scene.sprites) masks.emplace_back(*sprite.pixels, sprite.alphaThreshold);
            for (std::size_t i = 0; i < scene.sprites.size(); ++i) {
                for (std::size_t j = i + 1; j < scene.sprites.size(); ++j) {
                    const Body a{&masks[i], scene.sprites[i].transform}, b{&masks[j], scene.sprites[j].transform};
                    expectSameAsPixelWorld(
                        collider(), a, b,
                        entry.path().filename().string() + " " + scene.sprites[i].name + "/" + scene.sprites[j].name);
                    ++pairs;
                }
            }
        }
    }
    if (pairs == 0) GTEST_SKIP() << "no bundled scenes in " << folder;
}

}  // namespace
}  // namespace cl
