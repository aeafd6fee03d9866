#include "app/tools/timeline_strip_worker.h"

#include <chrono>
#include <thread>

#include <gtest/gtest.h>

#include "core/collision/algorithms.h"
#include "tests/app/editor/test_scene.h"

namespace cl {
namespace {

// Lesson 20's pair, built here: an 8x1 bullet at (0, 100) moving 30 px a frame, a 6x40 wall at (101.3, 80).
StripJob tunnellingJob(int frames) {
    StripJob job;
    job.imageA = test::solidImage(8, 1);
    job.imageB = test::solidImage(6, 40);
    job.a.position = {0.0, 100.0};
    job.a.origin = {0.0, 0.0};
    job.b.position = {101.3, 80.0};
    job.b.origin = {0.0, 0.0};
    job.motionA.velocity = {30.0, 0.0};
    job.frames = frames;
    job.algorithm = findAlgorithm("pixel-fast");
    return job;
}

std::shared_ptr<const StripProgress> waitForDone(const TimelineStripWorker& worker, std::uint64_t request) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    for (;;) {
        auto p = worker.progress();
        if (p->request == request && p->strip.complete() && p->impactSearched) return p;
        if (std::chrono::steady_clock::now() > deadline) return p;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
}

TEST(TimelineStripWorker, FillsTheTunnellingStripAndFindsTheImpactWorkedOutOnPaper) {
    TimelineStripWorker worker;
    const std::uint64_t request = worker.request(tunnellingJob(6));
    const auto p = waitForDone(worker, request);
    ASSERT_EQ(p->request, request);
    ASSERT_TRUE(p->strip.complete());
    // No whole frame hits: at frame 3 the nose is at x 98 < 101.3, at frame 4 the tail is at 120 > 107.3.
    for (const StripCell& c : p->strip.cells) EXPECT_FALSE(c.hit);
    for (int k = 0; k < 6; ++k) EXPECT_EQ(p->strip.cells[k].tunnelling, k == 3) << "frame " << k;
    // n = 30 / 0.25 = 120. Pixel (7, 0)'s centre is at x + 7.5, inside the wall once x + 7.5 >= 101.3: x = 90 + m / 4
    // gives m >= 15.2, so m = 16, tau = 3 + 16/120, the centre at (101.5, 100.5) in wall pixel (0, 20).
    ASSERT_TRUE(p->impact);
    EXPECT_EQ(p->impact->frame, 3);
    EXPECT_EQ(p->impact->subSteps, 120);
    EXPECT_EQ(p->impact->impact.step, 16);
    EXPECT_DOUBLE_EQ(p->impact->impact.tau, 3.0 + 16.0 / 120.0);
    ASSERT_TRUE(p->impact->impact.result.firstHit);
    EXPECT_EQ(p->impact->impact.result.firstHit->a, glm::ivec2(7, 0));
    EXPECT_EQ(p->impact->impact.result.firstHit->b, glm::ivec2(0, 20));
    EXPECT_NEAR(p->impact->impact.result.firstHit->world.x, 101.5, 1e-9);
    EXPECT_NEAR(p->impact->impact.result.firstHit->world.y, 100.5, 1e-9);
}

TEST(TimelineStripWorker, ARepeatedRequestIsNotRestartedAndANewOneWins) {
    TimelineStripWorker worker;
    const StripJob job = tunnellingJob(5000);
    const std::uint64_t first = worker.request(job);
    EXPECT_EQ(worker.request(job), first);  // the same images, transforms and test: the same request
    StripJob slower = tunnellingJob(3);
    slower.motionA.velocity = {10.0, 0.0};  // never reaches the wall in frames 0..2 (tail at 28 at frame 2)
    const std::uint64_t second = worker.request(slower);
    EXPECT_NE(second, first);
    const auto p = waitForDone(worker, second);
    ASSERT_EQ(p->request, second);
    EXPECT_EQ(p->strip.cells.size(), 3u);
    EXPECT_TRUE(p->impactSearched);
    EXPECT_FALSE(p->impact);
}

}  // namespace
}  // namespace cl
