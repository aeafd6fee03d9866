#include "core/game/block_box.h"

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <vector>

#include <gtest/gtest.h>

#include "core/collision/bounding.h"
#include "core/collision/pixel_fast/kernels.h"
#include "core/game/game_random.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::solidMask;

// What the pre-check works out for a block: aabbBound of its body.
Rect exactBox(const FallingBlock& block, const AlphaMask& mask) {
    const BodyBound bound = aabbBound(Body{&mask, fallingBlockTransform(block, mask)});
    EXPECT_FALSE(bound.empty);
    return bound.box;
}

// Turns a block may have: small, many turns on, near and at whole quarter turns, negative.
double randomTurn(GameRandom& random) {
    switch (random.below(5)) {
        case 0: return (random.unit() - 0.5) * 8.0;
        case 1: return (random.unit() - 0.5) * 2000.0;
        case 2: return static_cast<double>(static_cast<int>(random.below(4000)) - 2000) * (std::numbers::pi / 2.0);
        case 3: return std::nextafter(static_cast<double>(random.below(400)) * (std::numbers::pi / 2.0), 1e9);
        default: return -(random.unit() * 1e6);
    }
}

TEST(BlockBox, EveryEstimateHoldsTheExactBoxWithinItsStatedError) {
    GameRandom random(25);
    const std::vector<AlphaMask> masks{solidMask(64, 64), solidMask(64, 16), solidMask(1, 1), solidMask(7, 300)};
    double worstShare = 0.0;  // how much of its stated error an estimate used
    for (const AlphaMask& mask : masks) {
        for (int i = 0; i < 20000; ++i) {
            FallingBlock block;
            block.position = {(random.unit() - 0.5) * 2e4, (random.unit() - 0.5) * 2e4};
            block.rotation = randomTurn(random);
            const BoxEstimate e = blockBoxEstimate(block, mask);
            const Rect exact = exactBox(block, mask);
            ASSERT_LE(e.error, 1e-4 * (mask.width() + mask.height())) << block.rotation;
            for (double d : {exact.min.x - e.box.min.x, exact.min.y - e.box.min.y, exact.max.x - e.box.max.x,
                             exact.max.y - e.box.max.y}) {
                ASSERT_LE(std::abs(d), e.error) << "turn " << block.rotation << " on " << mask.width() << " x " << mask.height();
                worstShare = std::max(worstShare, std::abs(d) / e.error);
            }
        }
    }
    // The error is stated a hundred times over; no estimate comes near it.
    EXPECT_LT(worstShare, 0.05);
}

TEST(BlockBox, AVerdictNeverDisagreesWithTheExactBoxesAndIsRarelyUnsure) {
    GameRandom random(14);
    const AlphaMask mask = solidMask(64, 64);
    int unsure = 0, pairs = 0;
    for (int i = 0; i < 50000; ++i) {
        FallingBlock a, b;
        a.position = {(random.unit() - 0.5) * 1e4, (random.unit() - 0.5) * 1e4};
        a.rotation = randomTurn(random);
        b.position = a.position + glm::dvec2{(random.unit() - 0.5) * 190.0, (random.unit() - 0.5) * 190.0};
        b.rotation = randomTurn(random);
        const bool meet = overlapsPositively(exactBox(a, mask), exactBox(b, mask));
        const BoxVerdict verdict = boxEstimatesMeet(blockBoxEstimate(a, mask), blockBoxEstimate(b, mask));
        ++pairs;
        if (verdict == BoxVerdict::Unsure) ++unsure;
        else ASSERT_EQ(verdict == BoxVerdict::Meet, meet) << a.rotation << " " << b.rotation;
    }
    EXPECT_LT(unsure, pairs / 1000);
}

TEST(BlockBox, BoxesThatOnlyTouchAreNeverSaidToMeet) {
    // Unturned 64 x 64 blocks side by side and corner to corner: the exact boxes share an edge or a corner,
    // which boxesMeet does not count; a person's exact box (error 0) on the edge of a block likewise.
    const AlphaMask mask = solidMask(64, 64);
    for (double turn : {0.0, std::numbers::pi / 2.0, std::numbers::pi, -std::numbers::pi / 2.0, 2.0 * std::numbers::pi}) {
        FallingBlock a{.id = 1, .position = {1000.0, 500.0}, .rotation = turn};
        for (glm::dvec2 step : {glm::dvec2{64.0, 0.0}, glm::dvec2{0.0, 64.0}, glm::dvec2{64.0, 64.0}, glm::dvec2{-64.0, 10.0}}) {
            FallingBlock b{.id = 2, .position = a.position + step, .rotation = 0.0};
            EXPECT_FALSE(overlapsPositively(exactBox(a, mask), exactBox(b, mask)));
            EXPECT_NE(boxEstimatesMeet(blockBoxEstimate(a, mask), blockBoxEstimate(b, mask)), BoxVerdict::Meet) << turn;
            const BoxEstimate person{exactBox(b, mask), 0.0};
            EXPECT_NE(boxEstimatesMeet(blockBoxEstimate(a, mask), person), BoxVerdict::Meet) << turn;
        }
    }
}

TEST(BlockBox, AClearPairIsAnsweredEitherWay) {
    const AlphaMask mask = solidMask(64, 64);
    const FallingBlock a{.id = 1, .position = {0.0, 0.0}, .rotation = 0.3};
    const FallingBlock near{.id = 2, .position = {60.0, 10.0}, .rotation = 2.0};
    const FallingBlock far{.id = 3, .position = {0.0, 100.0}, .rotation = 2.0};
    EXPECT_EQ(boxEstimatesMeet(blockBoxEstimate(a, mask), blockBoxEstimate(near, mask)), BoxVerdict::Meet);
    EXPECT_EQ(boxEstimatesMeet(blockBoxEstimate(a, mask), blockBoxEstimate(far, mask)), BoxVerdict::Apart);
}

TEST(BlockBox, ATurnTooLargeToReduceOrNotFiniteIsLeftToTheExactBoxes) {
    const AlphaMask mask = solidMask(64, 64);
    const FallingBlock other{.id = 1, .position = {0.0, 0.0}, .rotation = 0.0};
    for (double turn : {1e13, -1e13, std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN()}) {
        const FallingBlock block{.id = 2, .position = {10.0, 0.0}, .rotation = turn};
        const BoxEstimate e = blockBoxEstimate(block, mask);
        EXPECT_TRUE(std::isnan(e.error)) << turn;
        EXPECT_EQ(boxEstimatesMeet(e, blockBoxEstimate(other, mask)), BoxVerdict::Unsure) << turn;
        EXPECT_EQ(boxEstimatesMeet(blockBoxEstimate(other, mask), e), BoxVerdict::Unsure) << turn;
    }
    const FallingBlock lost{.id = 3, .position = {std::numeric_limits<double>::quiet_NaN(), 0.0}, .rotation = 0.0};
    EXPECT_EQ(boxEstimatesMeet(blockBoxEstimate(lost, mask), blockBoxEstimate(other, mask)), BoxVerdict::Unsure);
}

// The batch of estimates (two blocks at a time, no branch) gives each block's blockBoxEstimate() bit for bit, at any
// count (odd ones end on a single block); a block whose error is NaN (a turn too large to reduce, not finite, or a
// centre not finite) has a NaN error there too; and a turn exactly half way between two quarter turns (rounded
// the other way) still holds the exact box within the error stated.
// The same for the batch with AVX (four blocks at a time), where the CPU has it.
TEST(BlockBox, TheBatchGivesEachBlocksEstimateBitForBit) {
    using Batch = void (*)(std::span<const FallingBlock>, const BlockBoxShape&, BoxEstimate*, BlockTurn*);
    std::vector<std::pair<const char*, Batch>> batches{{"SSE2", &blockEstimatesAndTurns}};
    if (pixel_fast::kCpuLevel == pixel_fast::KernelLevel::Avx2) batches.emplace_back("AVX", &blockEstimatesAndTurnsAvx2);
    for (auto [name, batchOf] : batches) {
        SCOPED_TRACE(name);
        // The estimates alone (the turns are block_cover_test.cpp's).
        const auto blockBoxEstimates = [batchOf](std::span<const FallingBlock> blocks, const BlockBoxShape& shape,
                                                 BoxEstimate* out) {
            std::vector<BlockTurn> turns(blocks.size());
            batchOf(blocks, shape, out, turns.data());
        };
        GameRandom random(26);
        const AlphaMask mask = solidMask(64, 16);
        const BlockBoxShape shape = blockBoxShape(mask);
        for (std::size_t count : {0u, 1u, 2u, 3u, 4u, 5u, 6u, 7u, 1000u}) {
            std::vector<FallingBlock> blocks(count);
            for (std::size_t i = 0; i < count; ++i) {
                blocks[i].position = {(random.unit() - 0.5) * 2e4, (random.unit() - 0.5) * 2e4};
                blocks[i].rotation = randomTurn(random);
            }
            if (count >= 7) {
                blocks[1].rotation = 1e13;
                blocks[2].rotation = std::numeric_limits<double>::quiet_NaN();
                blocks[3].rotation = -std::numeric_limits<double>::infinity();
                blocks[4].position.x = std::numeric_limits<double>::quiet_NaN();
            }
            std::vector<BoxEstimate> batch(count + 1, BoxEstimate{Rect{{7.0, 7.0}, {7.0, 7.0}}, 7.0});
            blockBoxEstimates(blocks, shape, batch.data());
            for (std::size_t i = 0; i < count; ++i) {
                const BoxEstimate one = blockBoxEstimate(blocks[i], shape);
                if (std::isnan(one.error)) {
                    EXPECT_TRUE(std::isnan(batch[i].error)) << i;
                    continue;
                }
                using Bits = std::array<std::uint64_t, 5>;
                EXPECT_EQ(std::bit_cast<Bits>(batch[i]), std::bit_cast<Bits>(one)) << i;
            }
            EXPECT_EQ(batch[count].error, 7.0);  // nothing written past the last block
        }
        // 2.5 quarter turns exactly (a turn whose t * 2 / pi is 2.5): reduced by 2 here, by 3 in blockBoxEstimate().
        double t = 2.5 * (std::numbers::pi / 2.0);
        while (t * (2.0 / std::numbers::pi) != 2.5) t = std::nextafter(t, t * (2.0 / std::numbers::pi) < 2.5 ? 10.0 : 0.0);
        const std::vector<FallingBlock> tie{FallingBlock{.id = 1, .position = {100.0, -50.0}, .rotation = t}};
        BoxEstimate e;
        blockBoxEstimates(tie, shape, &e);
        const Rect exact = exactBox(tie[0], mask);
        for (double d : {exact.min.x - e.box.min.x, exact.min.y - e.box.min.y, exact.max.x - e.box.max.x, exact.max.y - e.box.max.y}) {
            EXPECT_LE(std::abs(d), e.error);
        }
    }
}

}  // namespace
}  // namespace cl
