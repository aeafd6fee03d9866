#include "core/game/block_box.h"

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/collision/pixel_fast/kernels.h"
#include "core/collision/pixel_scans.h"
#include "core/game/game_random.h"
#include "core/game/game_settings.h"
#include "tests/core/game/game_test_sprites.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::maskFromArt;

AlphaMask crossMask() { return AlphaMask(*test::bundledGameSprites().block, GameSettings{}.alphaThreshold); }

glm::dvec2 pivotOf(const AlphaMask& mask) { return fallingBlockTransform(FallingBlock{}, mask).origin; }

// The farthest point of any box of the cover from `pivot`.
double reachOf(const SolidCover& cover, glm::dvec2 pivot) {
    double reach = 0.0;
    for (int i = 0; i < cover.count; ++i) {
        const glm::dvec2 corner = glm::abs(cover.boxes[i].centre - pivot) + cover.boxes[i].half;
        reach = std::max(reach, std::hypot(corner.x, corner.y));
    }
    return reach;
}

AlphaMask oddMask() { return testing::lWithHoleMask(); }

TEST(BlockCover, TheCrossIsItsTwoBars) {
    // assets/make_sprites.cpp draws the 64 x 64 cross as the pixels of x 3..61 by y 22..42 and of x 22..42 by y 3..61
    // (half-open), so about the texture's centre (32, 32) its bars are 58 x 20 and 20 x 58, each centred on it.
    const AlphaMask mask = crossMask();
    const SolidCover& cover = mask.solidCover();
    ASSERT_EQ(cover.count, 2);
    std::vector<glm::dvec2> halves;
    for (int i = 0; i < cover.count; ++i) {
        EXPECT_EQ(cover.boxes[i].centre - pivotOf(mask), glm::dvec2(0.0, 0.0));
        EXPECT_TRUE(cover.boxes[i].solid);
        halves.push_back(cover.boxes[i].half);
    }
    EXPECT_TRUE((halves == std::vector<glm::dvec2>{{29.0, 10.0}, {10.0, 29.0}}) ||
                (halves == std::vector<glm::dvec2>{{10.0, 29.0}, {29.0, 10.0}}))
        << halves[0].x << " " << halves[0].y << ", " << halves[1].x << " " << halves[1].y;
    EXPECT_NEAR(reachOf(cover, pivotOf(mask)), std::hypot(29.0, 10.0), 1e-9);
}

TEST(BlockCover, ItsBoxesHoldEverySolidPixelAndASolidBoxOnlySolidOnes) {
    for (const AlphaMask& mask : {crossMask(), oddMask(), AlphaMask(*test::bundledGameSprites().person, 0)}) {
        const SolidCover& cover = mask.solidCover();
        ASSERT_GT(cover.count, 0);
        ASSERT_LE(cover.count, SolidCover::kMaxBoxes);
        auto inBox = [&](const SolidCover::Box& box, int x, int y) {
            const glm::dvec2 c = box.centre;
            return x >= c.x - box.half.x && x + 1 <= c.x + box.half.x && y >= c.y - box.half.y && y + 1 <= c.y + box.half.y;
        };
        for (int y = 0; y < mask.height(); ++y) {
            for (int x = 0; x < mask.width(); ++x) {
                bool covered = false;
                for (int i = 0; i < cover.count; ++i) {
                    covered = covered || inBox(cover.boxes[i], x, y);
                    if (cover.boxes[i].solid && inBox(cover.boxes[i], x, y)) {
                        EXPECT_TRUE(mask.solid(x, y)) << x << ", " << y;
                    }
                }
                if (mask.solid(x, y)) {
                    EXPECT_TRUE(covered) << x << ", " << y;
                }
            }
        }
    }
    EXPECT_EQ(testing::emptyMask(8, 8).solidCover().count, 0);
}

// Turns as blockEstimatesAndTurns() makes them (SSE2 or AVX), with each block's error.
struct Turned {
    std::vector<BoxEstimate> estimates;
    std::vector<BlockTurn> turns;
};
Turned turned(const std::vector<FallingBlock>& blocks, const AlphaMask& mask, bool avx) {
    Turned t{std::vector<BoxEstimate>(blocks.size()), std::vector<BlockTurn>(blocks.size())};
    (avx ? blockEstimatesAndTurnsAvx2 : blockEstimatesAndTurns)(blocks, blockBoxShape(mask), t.estimates.data(), t.turns.data());
    return t;
}

TEST(BlockCover, TheBatchGivesEachBlocksTurnWithinItsStatedError) {
    GameRandom random(41);
    const AlphaMask mask = crossMask();
    std::vector<FallingBlock> blocks(4001);
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        const double spread = i % 3 == 0 ? 8.0 : i % 3 == 1 ? 2000.0 : 2e5;
        blocks[i].rotation = (random.unit() - 0.5) * spread;
        if (i % 7 == 0) blocks[i].rotation = static_cast<double>(static_cast<int>(random.below(400)) - 200) * (std::numbers::pi / 4.0);
    }
    for (bool avx : {false, true}) {
        if (avx && pixel_fast::kCpuLevel != pixel_fast::KernelLevel::Avx2) continue;
        const Turned t = turned(blocks, mask, avx);
        for (std::size_t i = 0; i < blocks.size(); ++i) {
            // std::cos and std::sin of the double: within a few 1e-16 of |t| of the exact turn's.
            const double slack = 3e-8 + 1e-15 * std::abs(blocks[i].rotation);
            ASSERT_NEAR(t.turns[i].cos, std::cos(blocks[i].rotation), slack) << blocks[i].rotation;
            ASSERT_NEAR(t.turns[i].sin, std::sin(blocks[i].rotation), slack) << blocks[i].rotation;
        }
    }
}

// Random pairs of blocks near touching (centres closer than the covers' reaches plus two pixels), each turned at
// random, with either sampling: every Meet is a hit and every Apart no hit of pixel-naive (A scanned into B, as the
// game's pass asks), and most pairs are answered.
TEST(BlockCover, AVerdictAgreesWithPixelNaiveOnRandomPairsNearTouching) {
    const std::vector<std::pair<std::string, AlphaMask>> masks{
        {"cross", crossMask()}, {"odd", oddMask()}, {"person", AlphaMask(*test::bundledGameSprites().person, 0)}};
    GameRandom random(43);
    for (const auto& [name, mask] : masks) {
        SCOPED_TRACE(name);
        const BlockCoverShape shape = blockCoverShape(mask);
        const SolidCover& cover = mask.solidCover();
        const int pairs = name == "cross" ? 6000 : 2000;
        std::vector<FallingBlock> blocks(static_cast<std::size_t>(2 * pairs));
        for (std::size_t i = 0; i < blocks.size(); i += 2) {
            const double at = (random.unit() - 0.5) * 4000.0;
            blocks[i].position = {at, -at * 0.5};
            blocks[i].rotation = (random.unit() - 0.5) * (i % 8 == 0 ? 40.0 : 8.0);
            if (i % 10 == 0) blocks[i].rotation = static_cast<double>(random.below(8)) * (std::numbers::pi / 4.0);
            const double direction = random.unit() * 2.0 * std::numbers::pi;
            const double distance = random.unit() * (2.0 * reachOf(cover, pivotOf(mask)) + 2.0);
            blocks[i + 1].position = blocks[i].position + distance * glm::dvec2(std::cos(direction), std::sin(direction));
            blocks[i + 1].rotation = (random.unit() - 0.5) * 8.0;
            if (i % 6 == 0) blocks[i + 1].rotation = blocks[i].rotation + static_cast<double>(random.below(4)) * (std::numbers::pi / 2.0);
        }
        for (bool avx : {false, true}) {
            if (avx && pixel_fast::kCpuLevel != pixel_fast::KernelLevel::Avx2) continue;
            const Turned t = turned(blocks, mask, avx);
            int meet = 0, apart = 0, unsure = 0;
            for (std::size_t i = 0; i < blocks.size(); i += 2) {
                const BoxVerdict verdict = blockPairVerdict(shape, blocks[i].position, t.turns[i], t.estimates[i].error,
                                                        blocks[i + 1].position, t.turns[i + 1], t.estimates[i + 1].error);
                if (verdict == BoxVerdict::Unsure) {
                    ++unsure;
                    continue;
                }
                TestOptions options;
                options.sampling = i % 4 == 0 ? Sampling::Xna : Sampling::Center;
                options.stopAtFirstHit = true;
                const bool hit = pixelNaive(Body{&mask, fallingBlockTransform(blocks[i], mask)},
                                            Body{&mask, fallingBlockTransform(blocks[i + 1], mask)}, options)
                                     .hit;
                ASSERT_EQ(hit, verdict == BoxVerdict::Meet)
                    << "pair " << i / 2 << " at " << blocks[i].position.x << ", " << blocks[i].position.y << " turn "
                    << blocks[i].rotation << " and " << blocks[i + 1].position.x << ", " << blocks[i + 1].position.y
                    << " turn " << blocks[i + 1].rotation;
                ++(verdict == BoxVerdict::Meet ? meet : apart);
            }
            bool anySolid = false;
            for (int b = 0; b < cover.count; ++b) anySolid = anySolid || cover.boxes[b].solid;
            EXPECT_EQ(meet > 0, anySolid);
            EXPECT_GT(apart, 0);
            if (name == "cross") {
                EXPECT_LT(unsure, pairs / 5) << meet << " meet, " << apart << " apart";
            }
        }
    }
}

TEST(BlockCover, ATurnNotFiniteIsLeftToThePixelTest) {
    const AlphaMask mask = crossMask();
    const BlockCoverShape shape = blockCoverShape(mask);
    const std::vector<FallingBlock> blocks{FallingBlock{.id = 1, .position = {0.0, 0.0}, .rotation = 0.0},
                                           FallingBlock{.id = 2, .position = {1.0, 0.0}, .rotation = std::nan("")},
                                           FallingBlock{.id = 3, .position = {500.0, 0.0}, .rotation = 1e13}};
    const Turned t = turned(blocks, mask, false);
    for (std::size_t j : {1u, 2u}) {
        EXPECT_EQ(blockPairVerdict(shape, blocks[0].position, t.turns[0], t.estimates[0].error, blocks[j].position, t.turns[j],
                               t.estimates[j].error),
                  BoxVerdict::Unsure)
            << j;
    }
}

}  // namespace
}  // namespace cl
