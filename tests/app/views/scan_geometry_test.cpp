// ScanGeometry: the views' geometry built from the report's answers matches hand-worked quads and dots.
#include "app/views/scan_geometry.h"
#include "tests/app/editor/test_scene.h"

#include <gtest/gtest.h>

namespace cl {
namespace {

// Two 4x4 opaque squares, B shifted right by 2 pixels: the solid pixels overlap in a 2x4 block.
Scene twoSquares() {
    Scene scene;
    for (int i = 0; i < 2; ++i) {
        SceneSprite s;
        s.name = std::string(1, static_cast<char>('A' + i));
        s.pixels = test::solidImage(4, 4);
        s.transform.position = {i * 2.0, 0.0};
        scene.sprites.push_back(s);
    }
    return scene;
}

TEST(ScanGeometry, TwoSquaresGiveAQuadPerRunADotPerHitAndEverySample) {
    CollisionReport report;
    ASSERT_TRUE(report.update(twoSquares(), 1, 0, 1, "pixel-step", true));
    ScanGeometryCache cache;
    const ScanGeometry& g = cache.update(report);
    // One world quad per run of overlapping pixels along A's rows: four rows of x = 2..3.
    ASSERT_EQ(g.overlapQuadsWorld.size(), 4u * 4);
    for (int row = 0; row < 4; ++row) {
        const sf::Vertex* quad = &g.overlapQuadsWorld[static_cast<std::size_t>(row) * 4];
        EXPECT_EQ(quad[0].position, sf::Vector2f(2.0f, float(row)));
        EXPECT_EQ(quad[1].position, sf::Vector2f(4.0f, float(row)));
        EXPECT_EQ(quad[2].position, sf::Vector2f(4.0f, float(row + 1)));
        EXPECT_EQ(quad[3].position, sf::Vector2f(2.0f, float(row + 1)));
    }
    EXPECT_EQ(g.hitsInA.size(), 8u * 4);           // one dot per overlapping sample
    ASSERT_NE(g.samplesInA, nullptr);
    EXPECT_EQ(g.samplesInA->size(), 16u * 4);      // every sample of A (only 16)
    // Centre sampling: the first dot is centred on (0.5, 0.5) of A's texture.
    EXPECT_NEAR((*g.samplesInA)[0].position.x + (*g.samplesInA)[2].position.x, 1.0f, 1e-6f);
}

TEST(ScanGeometry, AnOverlapThatIsNotOneRunGetsAQuadPerRun) {
    // A: 4x4 solid; B: 4x4 with column 1 clear, placed over A: each row of A overlaps at x = 0 and
    // x = 2..3, two runs per row.
    Scene scene = twoSquares();
    scene.sprites[1].pixels = test::makeImage(4, 4, [](int x, int) { return std::uint8_t(x == 1 ? 0 : 255); });
    scene.sprites[1].transform.position = {0.0, 0.0};
    CollisionReport report;
    ScanGeometryCache cache;
    ASSERT_TRUE(report.update(scene, 1, 0, 1, "pixel-naive", true));
    EXPECT_EQ(report.pair().scan.hits.size(), 12u);
    EXPECT_EQ(cache.update(report).overlapQuadsWorld.size(), 8u * 4);
}

TEST(ScanGeometry, ManyOverlappingSamplesAreMarkedAsRunsInsteadOfDots) {
    // Two 100x100 opaque squares on top of each other: 10,000 overlapping samples in 100 rows.
    Scene scene;
    for (int i = 0; i < 2; ++i) {
        SceneSprite s;
        s.name = i == 0 ? "A" : "B";
        s.pixels = test::solidImage(100, 100);
        scene.sprites.push_back(s);
    }
    CollisionReport report;
    ScanGeometryCache cache;
    ASSERT_TRUE(report.update(scene, 1, 0, 1, "pixel-naive", true));
    const ScanGeometry& g = cache.update(report);
    EXPECT_EQ(report.pair().scan.hits.size(), 10000u);
    EXPECT_TRUE(g.hitsAsRuns);
    ASSERT_EQ(g.hitsInA.size(), 100u * 4);
    // Row 0's bar runs through the sample centres (0.5, 0.5) .. (99.5, 0.5), as thick as a hit dot.
    const float half = 2.2f * 0.09f;
    EXPECT_NEAR(g.hitsInA[0].position.x, 0.5f - half, 1e-5f);
    EXPECT_NEAR(g.hitsInA[0].position.y, 0.5f - half, 1e-5f);
    EXPECT_NEAR(g.hitsInA[2].position.x, 99.5f + half, 1e-4f);
    EXPECT_NEAR(g.hitsInA[2].position.y, 0.5f + half, 1e-5f);
    EXPECT_EQ(g.overlapQuadsWorld.size(), 100u * 4);

    // The 4x4 pair of the other tests stays below the limit: one dot per sample.
    ASSERT_TRUE(report.update(twoSquares(), 2, 0, 1, "pixel-naive", true));
    EXPECT_FALSE(cache.update(report).hitsAsRuns);
}

TEST(ScanGeometry, SampleDotsAreBuiltOncePerMaskAndSampling) {
    CollisionReport report;
    ScanGeometryCache cache;
    Scene scene = twoSquares();
    ASSERT_TRUE(report.update(scene, 1, 0, 1, "pixel-step", true));
    const auto first = cache.update(report).samplesInA;
    ASSERT_NE(first, nullptr);
    scene.sprites[0].transform.rotationDeg = 30.0;  // a move does not change A's own sample points
    ASSERT_TRUE(report.update(scene, 2, 0, 1, "pixel-step", true));
    EXPECT_EQ(cache.update(report).samplesInA, first);
    scene.sampling = Sampling::Xna;  // XNA samples at whole coordinates: the first dot is centred on (0, 0)
    ASSERT_TRUE(report.update(scene, 3, 0, 1, "pixel-step", true));
    const auto xna = cache.update(report).samplesInA;
    ASSERT_NE(xna, nullptr);
    EXPECT_NE(xna, first);
    EXPECT_NEAR((*xna)[0].position.x + (*xna)[2].position.x, 0.0f, 1e-6f);
}

TEST(ScanGeometry, IsRebuiltOnlyForANewAnswer) {
    CollisionReport report;
    ScanGeometryCache cache;
    ASSERT_TRUE(report.update(twoSquares(), 1, 0, 1, "pixel-step", true));
    const std::vector<sf::Vertex>* before = &cache.update(report).overlapQuadsWorld;
    const sf::Vertex first = before->front();
    EXPECT_EQ(&cache.update(report).overlapQuadsWorld, before);
    EXPECT_EQ(cache.update(report).overlapQuadsWorld.front().position, first.position);
    Scene moved = twoSquares();
    moved.sprites[1].transform.position = {3.0, 0.0};  // overlap x = 3..4 only
    ASSERT_TRUE(report.update(moved, 2, 0, 1, "pixel-step", true));
    EXPECT_EQ(cache.update(report).overlapQuadsWorld.front().position, sf::Vector2f(3.0f, 0.0f));
}

}  // namespace
}  // namespace cl
