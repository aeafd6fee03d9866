#include "core/collision/pixel_fast/cover_verdict.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "core/collision/pixel_fast.h"
#include "core/collision/pixel_scans.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::maskFromArt;

// A w x h image whose pixel (x, y) is opaque when `solid` says so.
template <class Solid>
AlphaMask drawn(int w, int h, Solid solid) {
    std::vector<std::string> rows(static_cast<std::size_t>(h), std::string(static_cast<std::size_t>(w), '.'));
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            if (solid(x, y)) rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] = '#';
        }
    }
    return maskFromArt(rows);
}

// The shapes the covers must hold to: bars, a figure, a hole, a ring, lines one pixel thin, one pixel, nothing.
std::vector<std::pair<std::string, AlphaMask>> shapes() {
    std::vector<std::pair<std::string, AlphaMask>> masks;
    masks.emplace_back("cross", drawn(24, 24, [](int x, int y) { return (x >= 2 && x < 22 && y >= 8 && y < 16) || (x >= 8 && x < 16 && y >= 2 && y < 22); }));
    masks.emplace_back("person", maskFromArt({
                                     "....####....",
                                     "....####....",
                                     "....####....",
                                     "..########..",
                                     ".##########.",
                                     "##.######.##",
                                     "##.######.##",
                                     "...######...",
                                     "...##..##...",
                                     "...##..##...",
                                     "...##..##...",
                                     "..###..###..",
                                 }));
    masks.emplace_back("l-with-hole", testing::lWithHoleMask());
    masks.emplace_back("ring", drawn(21, 21, [](int x, int y) {
                           const double r = std::hypot(x + 0.5 - 10.5, y + 0.5 - 10.5);
                           return r < 10.0 && r > 6.0;
                       }));
    masks.emplace_back("lines", drawn(17, 13, [](int x, int y) { return y == 3 || x == 12 || x == y; }));
    masks.emplace_back("one-pixel", maskFromArt({"...", ".#.", "..."}));
    masks.emplace_back("empty", testing::emptyMask(6, 5));
    masks.emplace_back("square", testing::solidMask(9, 7));
    masks.emplace_back("disc", drawn(30, 30, [](int x, int y) { return std::hypot(x + 0.5 - 15.0, y + 0.5 - 15.0) < 14.5; }));
    return masks;
}

// A random pose about a random pivot: turns of any size (a quarter of them whole quarter turns), scales 0.3 to 3 with
// flips (a third of them 1, a few the same both ways).
SpriteTransform randomPose(std::mt19937& rng, const AlphaMask& mask) {
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    SpriteTransform t;
    t.origin = {unit(rng) * mask.width(), unit(rng) * mask.height()};
    if (rng() % 2 == 0) t.origin = glm::floor(t.origin);
    t.position = {(unit(rng) - 0.5) * 2000.0, (unit(rng) - 0.5) * 2000.0};
    t.rotationDeg = rng() % 4 == 0 ? 90.0 * static_cast<int>(rng() % 9) - 360.0 : (unit(rng) - 0.5) * 1440.0;
    auto scale = [&] { return (rng() % 2 == 0 ? -1.0 : 1.0) * (rng() % 3 == 0 ? 1.0 : 0.3 + 2.7 * unit(rng)); };
    t.scale = {scale(), scale()};
    if (rng() % 5 == 0) t.scale.y = t.scale.x;
    return t;
}

// How far from the pivot in the world a solid pixel's square reaches.
double worldReach(const AlphaMask& mask, const SpriteTransform& t) {
    const SolidDisc& disc = mask.solidDisc();
    if (disc.radius < 0.0) return 1.0;
    return std::max(std::abs(t.scale.x), std::abs(t.scale.y)) * (glm::length(disc.centre - t.origin) + disc.radius);
}

// Random pairs near touching (B's pivot placed from A's no farther than the two reaches and two pixels, in any
// direction): every Meet of the verdict is a hit and every Apart no hit of pixel-naive, with either sampling, and
// pixelFastHitOnly is pixel-naive's hit for each.
TEST(CoverVerdict, AgreesWithPixelNaiveOnRandomPairsNearTouching) {
    const auto masks = shapes();
    std::mt19937 rng(2525);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    int meet = 0, apart = 0, unsure = 0;
    for (int pair = 0; pair < 20000; ++pair) {
        // Half the masks are the two with wholly solid boxes (the cross, first, and the square, next to last), so Meet is asked often.
        auto pick = [&]() -> const std::pair<std::string, AlphaMask>& {
            return rng() % 2 == 0 ? masks[rng() % 2 == 0 ? 0 : masks.size() - 2] : masks[rng() % masks.size()];
        };
        const auto& [nameA, maskA] = pick();
        const auto& [nameB, maskB] = pick();
        const SpriteTransform ta = randomPose(rng, maskA);
        SpriteTransform tb = randomPose(rng, maskB);
        const double angle = unit(rng) * 6.283185307179586;
        const double distance = unit(rng) * (worldReach(maskA, ta) + worldReach(maskB, tb) + 2.0);
        tb.position = ta.position + distance * glm::dvec2(std::cos(angle), std::sin(angle));
        const Sampling sampling = pair % 2 == 0 ? Sampling::Center : Sampling::Xna;
        const Body a{&maskA, ta}, b{&maskB, tb};
        const bool hit = pixelNaive(a, b, testing::hitOnlyScan(sampling)).hit;
        const pixel_fast::PairVerdict verdict =
            pixel_fast::coverVerdict(maskA.solidCover(), pixel_fast::coverPose(ta), maskB.solidCover(), pixel_fast::coverPose(tb), 0.0);
        const std::string what = nameA + " into " + nameB + ", pair " + std::to_string(pair);
        if (verdict == pixel_fast::PairVerdict::Meet) {
            ASSERT_TRUE(hit) << what;
            ++meet;
        } else if (verdict == pixel_fast::PairVerdict::Apart) {
            ASSERT_FALSE(hit) << what;
            ++apart;
        } else {
            ++unsure;
        }
        ASSERT_EQ(pixelFastHitOnly(a, b, sampling), hit) << what;
    }
    // Most pairs near touching are answered by the covers; both answers are asked.
    EXPECT_GT(meet, 1000) << meet << " meet, " << apart << " apart, " << unsure << " unsure";
    EXPECT_GT(apart, 1000);
    EXPECT_LT(unsure, 20000 / 2) << meet << " meet, " << apart << " apart";
}

// A small solid square (4 to 8 pixels, scale 0.3 to 1) placed anywhere inside a big one (40 pixels, scale 1 to 3),
// both turned at random, scanned both ways with either sampling: the big one's samples lie up to 3 of the small one's
// pixels apart, so many such pairs miss, and a Meet must have proven that a sample lands inside.
TEST(CoverVerdict, ASmallSquareInsideACoarseLatticeMeetsOnlyWhenASampleLandsInIt) {
    const AlphaMask big = testing::solidMask(40, 40);
    std::vector<AlphaMask> small;
    for (int size = 4; size <= 8; ++size) small.push_back(testing::solidMask(size, size + (size % 2)));
    std::mt19937 rng(2526);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    auto sign = [&] { return rng() % 2 == 0 ? -1.0 : 1.0; };
    int meet = 0, missed = 0;
    for (int pair = 0; pair < 20000; ++pair) {
        const AlphaMask& little = small[rng() % small.size()];
        SpriteTransform tBig, tSmall;
        tBig.origin = {20.0, 20.0};
        tBig.rotationDeg = rng() % 4 == 0 ? 90.0 * static_cast<int>(rng() % 4) : unit(rng) * 360.0;
        tBig.scale = {sign() * (1.0 + 2.0 * unit(rng)), sign() * (1.0 + 2.0 * unit(rng))};
        tSmall.origin = {unit(rng) * little.width(), unit(rng) * little.height()};
        tSmall.rotationDeg = unit(rng) * 360.0;
        tSmall.scale = {sign() * (0.3 + 0.7 * unit(rng)), sign() * (0.3 + 0.7 * unit(rng))};
        tSmall.position = tBig.position + 15.0 * glm::dvec2(unit(rng) - 0.5, unit(rng) - 0.5);
        const Sampling sampling = pair % 2 == 0 ? Sampling::Center : Sampling::Xna;
        const bool bigIntoSmall = pair % 4 < 2;
        const Body a = bigIntoSmall ? Body{&big, tBig} : Body{&little, tSmall};
        const Body b = bigIntoSmall ? Body{&little, tSmall} : Body{&big, tBig};
        const bool hit = pixelNaive(a, b, testing::hitOnlyScan(sampling)).hit;
        const pixel_fast::PairVerdict verdict = pixel_fast::coverVerdict(
            a.mask->solidCover(), pixel_fast::coverPose(a.transform), b.mask->solidCover(), pixel_fast::coverPose(b.transform), 0.0);
        ASSERT_NE(verdict, pixel_fast::PairVerdict::Apart) << pair;
        if (verdict == pixel_fast::PairVerdict::Meet) {
            ASSERT_TRUE(hit) << "pair " << pair << (bigIntoSmall ? ", big into small" : ", small into big");
            ++meet;
        }
        missed += hit ? 0 : 1;
        ASSERT_EQ(pixelFastHitOnly(a, b, sampling), hit) << pair;
    }
    EXPECT_GT(meet, 2000);
    EXPECT_GT(missed, 200) << meet << " meet";
}

// Two 20 x 20 squares side by side, A's sample lattice laid in B: worked out by hand, the verdict's answers at the
// edges of its margins.
TEST(CoverVerdict, TwoSquaresAreApartMeetOrUnsureByTheirGap) {
    const AlphaMask square = testing::solidMask(20, 20);
    auto verdictAt = [&](double dx, glm::dvec2 scaleA = {1.0, 1.0}) {
        SpriteTransform ta, tb;
        ta.scale = scaleA;
        tb.position = {dx, 0.0};
        return pixel_fast::coverVerdict(square.solidCover(), pixel_fast::coverPose(ta), square.solidCover(), pixel_fast::coverPose(tb), 0.0);
    };
    // B 21 pixels right: a pixel of gap, more than the half pixel a pick may be off plus the margin: apart.
    EXPECT_EQ(verdictAt(21.0), pixel_fast::PairVerdict::Apart);
    // B 20 right: A's last column's samples land on B's edge (center) or half a pixel off it (xna): unsure.
    EXPECT_EQ(verdictAt(20.0), pixel_fast::PairVerdict::Unsure);
    // B 10 right: ten columns overlap: meet.
    EXPECT_EQ(verdictAt(10.0), pixel_fast::PairVerdict::Meet);
    // A at scale 2 reaches 40 pixels: B 30 right overlaps ten of them; 41 right leaves a pixel: apart.
    EXPECT_EQ(verdictAt(30.0, {2.0, 2.0}), pixel_fast::PairVerdict::Meet);
    EXPECT_EQ(verdictAt(41.0, {2.0, 2.0}), pixel_fast::PairVerdict::Apart);
    // A flipped in x reaches from -20 to 0: B at 1 is apart, at -10 they meet.
    EXPECT_EQ(verdictAt(1.0, {-1.0, 1.0}), pixel_fast::PairVerdict::Apart);
    EXPECT_EQ(verdictAt(-10.0, {-1.0, 1.0}), pixel_fast::PairVerdict::Meet);
}

TEST(CoverVerdict, AnythingNotFiniteOrHugeIsLeftToTheScan) {
    const AlphaMask square = testing::solidMask(20, 20);
    const SolidCover& cover = square.solidCover();
    for (double bad : {std::nan(""), std::numeric_limits<double>::infinity(), 0.0, 1e15}) {
        pixel_fast::CoverPose a, b;
        b.position = {10.0, 0.0};
        pixel_fast::CoverPose scaled = b, placed = b, turned = b;
        scaled.scale.x = bad == 1e15 ? 1e-15 : bad;
        placed.position.x = bad == 0.0 ? std::numeric_limits<double>::infinity() : bad;
        turned.cos = bad == 0.0 ? std::nan("") : bad;
        for (const pixel_fast::CoverPose& p : {scaled, placed, turned}) {
            EXPECT_EQ(pixel_fast::coverVerdict(cover, a, cover, p, 0.0), pixel_fast::PairVerdict::Unsure) << bad;
        }
        EXPECT_EQ(pixel_fast::coverVerdict(cover, a, cover, b, bad == 0.0 ? std::nan("") : bad), pixel_fast::PairVerdict::Unsure) << bad;
    }
}

// A mask's cover is cheap to make for a big mask: a 1024-row disc's thousand rows of distinct extents are banded first.
TEST(CoverVerdict, ABigDiscsCoverHoldsItsPixels) {
    const AlphaMask disc = drawn(1024, 1024, [](int x, int y) { return std::hypot(x + 0.5 - 512.0, y + 0.5 - 512.0) < 511.0; });
    const SolidCover& cover = disc.solidCover();
    ASSERT_GT(cover.count, 0);
    ASSERT_LE(cover.count, SolidCover::kMaxBoxes);
    for (int y = 0; y < disc.height(); ++y) {
        for (const SolidSpan& span : disc.rowSpans(y)) {
            for (int x : {span.x0, span.x1 - 1}) {
                bool held = false;
                for (int i = 0; i < cover.count; ++i) {
                    const SolidCover::Box& box = cover.boxes[i];
                    held = held || (std::abs(x + 0.5 - box.centre.x) < box.half.x && std::abs(y + 0.5 - box.centre.y) < box.half.y);
                }
                ASSERT_TRUE(held) << x << ", " << y;
            }
        }
    }
}

// The cover is made on first use: a copy made before, threads asking at once and a copy made after all see the cross's
// two bars, each wholly solid (x 2-22 by y 8-16 and x 8-16 by y 2-22: centre (12, 12), halves (10, 4) and (4, 10)).
TEST(CoverVerdict, AMasksCoverMadeOnFirstUseIsTheSameInCopiesAndThreads) {
    auto cross = [](int x, int y) { return (x >= 2 && x < 22 && y >= 8 && y < 16) || (x >= 8 && x < 16 && y >= 2 && y < 22); };
    auto expectBars = [](const SolidCover& cover) {
        ASSERT_EQ(cover.count, 2);
        EXPECT_TRUE(cover.anySolid);
        std::vector<std::pair<double, double>> halves;
        for (int i = 0; i < cover.count; ++i) {
            EXPECT_EQ(cover.boxes[i].centre, glm::dvec2(12.0, 12.0));
            EXPECT_TRUE(cover.boxes[i].solid);
            halves.emplace_back(cover.boxes[i].half.x, cover.boxes[i].half.y);
        }
        std::sort(halves.begin(), halves.end());
        EXPECT_EQ(halves, (std::vector<std::pair<double, double>>{{4.0, 10.0}, {10.0, 4.0}}));
    };
    for (int round = 0; round < 20; ++round) {
        const AlphaMask mask = drawn(24, 24, cross);
        const AlphaMask before = mask;
        std::vector<const SolidCover*> seen(4, nullptr);
        std::vector<std::thread> threads;
        for (std::size_t t = 0; t < seen.size(); ++t) threads.emplace_back([&, t] { seen[t] = &mask.solidCover(); });
        for (std::thread& t : threads) t.join();
        for (const SolidCover* cover : seen) EXPECT_EQ(cover, &mask.solidCover());
        expectBars(mask.solidCover());
        const AlphaMask after = mask;
        expectBars(after.solidCover());
        expectBars(before.solidCover());
    }
}

}  // namespace
}  // namespace cl
