// CollisionReport: answers computed on the worker thread match hand-worked values.
#include "app/analysis/collision_report.h"
#include "tests/app/editor/test_scene.h"

#include <stdexcept>

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

TEST(CollisionReport, WaitingGivesTheAnswerForTheInputsJustGiven) {
    CollisionReport report;
    const Scene scene = twoSquares();
    EXPECT_TRUE(report.update(scene, 1, 0, 1, "pixel-step", true));
    EXPECT_FALSE(report.pending());
    const PairAnalysis& pair = report.pair();
    EXPECT_EQ(pair.a, 0);
    EXPECT_EQ(pair.b, 1);
    EXPECT_TRUE(pair.hit);
    ASSERT_NE(pair.chosen, nullptr);
    EXPECT_EQ(pair.chosen->name, "pixel-step");
    EXPECT_EQ(pair.rows.size(), coreAlgorithms().all().size());
    EXPECT_EQ(pair.scan.hits.size(), 8u);                     // the 2x4 block
    ASSERT_TRUE(pair.aabbOverlap.has_value());
    EXPECT_DOUBLE_EQ(pair.aabbOverlap->min.x, 2.0);
    EXPECT_DOUBLE_EQ(pair.aabbOverlap->max.x, 4.0);
    for (const AlgorithmRow& row : pair.rows) EXPECT_FALSE(row.disagrees) << row.algorithm->name;
}

TEST(CollisionReport, SameInputsAreNotRecomputed) {
    CollisionReport report;
    const Scene scene = twoSquares();
    ASSERT_TRUE(report.update(scene, 7, 0, 1, "pixel-step", true));
    const auto generation = report.generation();
    EXPECT_FALSE(report.update(scene, 7, 0, 1, "pixel-step", true));
    EXPECT_EQ(report.generation(), generation);
}

TEST(CollisionReport, MovingApartClearsTheHitAndTheOverlays) {
    CollisionReport report;
    Scene scene = twoSquares();
    ASSERT_TRUE(report.update(scene, 1, 0, 1, "pixel-step", true));
    scene.sprites[1].transform.position = {10.0, 0.0};
    ASSERT_TRUE(report.update(scene, 2, 0, 1, "pixel-step", true));
    EXPECT_FALSE(report.pair().hit);
    EXPECT_TRUE(report.pair().scan.hits.empty());
    EXPECT_FALSE(report.pair().aabbOverlap.has_value());
}

TEST(CollisionReport, ABoundTestIsDrawnWithTheDefaultPixelScan) {
    CollisionReport report;
    ASSERT_TRUE(report.update(twoSquares(), 1, 0, 1, "aabb", true));
    ASSERT_NE(report.pair().pixelTest, nullptr);
    EXPECT_EQ(report.pair().pixelTest->name, kDefaultPixelAlgorithm);
    EXPECT_EQ(report.pair().chosen->name, "aabb");
    EXPECT_EQ(report.pair().scan.hits.size(), 8u);
}

TEST(CollisionReport, NoPairGivesAnEmptyAnalysis) {
    CollisionReport report;
    ASSERT_TRUE(report.update(twoSquares(), 1, -1, -1, "pixel-step", true));
    EXPECT_EQ(report.pair().a, -1);
    EXPECT_TRUE(report.pair().rows.empty());
    EXPECT_EQ(report.sprites().size(), 2u);
}

const AlgorithmRow& rowOf(const PairAnalysis& pair, std::string_view name) {
    for (const AlgorithmRow& row : pair.rows) {
        if (row.algorithm->name == name) return row;
    }
    throw std::runtime_error("no row " + std::string(name));
}

TEST(CollisionReport, DeferredTestsWaitForTheSceneToBeStillAndShowTheirLastAnswer) {
    // Core's tests with pixel-exact marked as the one to defer, as the app marks gpu.
    std::vector<Algorithm> rows(coreAlgorithms().all().begin(), coreAlgorithms().all().end());
    for (Algorithm& row : rows) row.deferWhileEditing = row.name == "pixel-exact";
    const AlgorithmSet algorithms(rows);
    CollisionReport report;
    report.setAlgorithms(algorithms);
    Scene scene = twoSquares();
    const auto update = [&](std::uint64_t revision, bool editing, const char* chosen = "pixel-step") {
        return report.update(scene, ReportRequest{revision, 0, 1, chosen, editing}, CollisionReport::kWaitUntilDone);
    };

    // Editing from the start: no answer yet for the deferred test; the others run.
    ASSERT_TRUE(update(1, true));
    EXPECT_TRUE(report.deferring());
    EXPECT_TRUE(rowOf(report.pair(), "pixel-exact").deferred);
    EXPECT_FALSE(rowOf(report.pair(), "pixel-exact").hasResult);
    EXPECT_FALSE(rowOf(report.pair(), "pixel-exact").disagrees);
    EXPECT_DOUBLE_EQ(rowOf(report.pair(), "pixel-naive").result.overlap, 8.0);

    // Still: everything runs. The 2x4 block of unit squares has area 8.
    ASSERT_TRUE(update(1, false));
    EXPECT_FALSE(report.deferring());
    EXPECT_FALSE(rowOf(report.pair(), "pixel-exact").deferred);
    EXPECT_DOUBLE_EQ(rowOf(report.pair(), "pixel-exact").result.overlap, 8.0);

    // A drag moves B one pixel right (overlap 1x4): the deferred row keeps the answer from before it.
    scene.sprites[1].transform.position = {3.0, 0.0};
    ASSERT_TRUE(update(2, true));
    const AlgorithmRow& carried = rowOf(report.pair(), "pixel-exact");
    EXPECT_TRUE(carried.deferred);
    EXPECT_TRUE(carried.hasResult);
    EXPECT_DOUBLE_EQ(carried.result.overlap, 8.0);
    EXPECT_DOUBLE_EQ(rowOf(report.pair(), "pixel-naive").result.overlap, 4.0);
    EXPECT_FALSE(carried.disagrees);

    // The next edit still carries it; once still, it is rerun for the new place.
    scene.sprites[1].transform.position = {3.0, 1.0};
    ASSERT_TRUE(update(3, true));
    EXPECT_DOUBLE_EQ(rowOf(report.pair(), "pixel-exact").result.overlap, 8.0);
    ASSERT_TRUE(update(3, false));
    EXPECT_FALSE(rowOf(report.pair(), "pixel-exact").deferred);
    EXPECT_DOUBLE_EQ(rowOf(report.pair(), "pixel-exact").result.overlap, 3.0);

    // The algorithm the views draw is never deferred.
    scene.sprites[1].transform.position = {2.0, 0.0};
    ASSERT_TRUE(update(4, true, "pixel-exact"));
    EXPECT_FALSE(rowOf(report.pair(), "pixel-exact").deferred);
    EXPECT_DOUBLE_EQ(rowOf(report.pair(), "pixel-exact").result.overlap, 8.0);
}

TEST(CollisionReport, TwoThreadsGiveTheSameAnswersAsOne) {
    // F-like and R-like shapes made here: a bar with a hole and a ring, turned and scaled, so that the
    // tests disagree in places and every row has something to say.
    Scene scene;
    for (int i = 0; i < 2; ++i) {
        SceneSprite s;
        s.name = i == 0 ? "A" : "B";
        s.pixels = test::makeImage(40, 30, [i](int x, int y) {
            const int dx = x - 20, dy = y - 15;
            const bool solid = i == 0 ? (y < 8 || x < 9) : (dx * dx + dy * dy <= 196 && dx * dx + dy * dy >= 36);
            return std::uint8_t(solid ? 255 : 0);
        });
        s.transform.position = {i * 13.0, i * 4.0};
        s.transform.rotationDeg = i * 33.0;
        s.transform.scale = {1.0, 1.0 + 0.3 * i};
        scene.sprites.push_back(s);
    }
    CollisionReport one, two;
    two.setTwoThreadsAfterMs(0.0);
    for (std::uint64_t revision = 1; revision <= 3; ++revision) {
        scene.sprites[0].transform.rotationDeg += 7.0;
        ASSERT_TRUE(one.update(scene, revision, 0, 1, "pixel-naive", true));
        ASSERT_TRUE(two.update(scene, revision, 0, 1, "pixel-naive", true));
        ASSERT_EQ(one.pair().rows.size(), two.pair().rows.size());
        for (std::size_t i = 0; i < one.pair().rows.size(); ++i) {
            const CollisionResult& r1 = one.pair().rows[i].result;
            const CollisionResult& r2 = two.pair().rows[i].result;
            EXPECT_EQ(r1.applicable, r2.applicable) << one.pair().rows[i].algorithm->name;
            EXPECT_EQ(r1.hit, r2.hit) << one.pair().rows[i].algorithm->name;
            EXPECT_EQ(r1.overlap, r2.overlap) << one.pair().rows[i].algorithm->name;
            EXPECT_EQ(r1.samples, r2.samples) << one.pair().rows[i].algorithm->name;
        }
        EXPECT_EQ(one.pair().scan.hits, two.pair().scan.hits);
    }
    // Independently of the threads: the naive scan's count is what its listed scan holds.
    EXPECT_DOUBLE_EQ(rowOf(two.pair(), "pixel-naive").result.overlap, double(two.pair().scan.hits.size()));
    EXPECT_TRUE(two.pair().hit);
}

TEST(CollisionReport, ABoundedWaitReturnsWithTheAnswerOnceItIsIn) {
    CollisionReport report;
    const Scene scene = twoSquares();
    // Generous for a 4x4 pair; the call returns as soon as the answer is in, so nothing here is timed.
    ASSERT_TRUE(report.update(scene, ReportRequest{1, 0, 1, "pixel-step", false}, std::chrono::seconds(30)));
    EXPECT_FALSE(report.pending());
    EXPECT_TRUE(report.pair().hit);
    EXPECT_GT(report.recentMs(false), 0.0);
    EXPECT_EQ(report.recentMs(true), 0.0);
}

}  // namespace
}  // namespace cl
