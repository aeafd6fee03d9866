#include "core/game/make_broad_phase.h"

#include <algorithm>
#include <limits>
#include <gtest/gtest.h>

#include "core/game/game_random.h"

namespace cl {
namespace {

std::vector<BroadPhaseItem> randomItems(GameRandom& random, std::uint64_t& nextId, std::vector<BroadPhaseItem> keep, int add) {
    for (BroadPhaseItem& item : keep) {
        const double dy = random.unit() * 4.0;
        item.box.min.y += dy;
        item.box.max.y += dy;
        item.box.max.x = std::max(item.box.min.x, item.box.max.x + random.unit() - 0.5);  // turning blocks change size
    }
    for (int i = 0; i < add; ++i) {
        const glm::dvec2 corner{random.unit() * 500.0, random.unit() * 500.0};
        const glm::dvec2 size{1.0 + random.unit() * 60.0, 1.0 + random.unit() * 60.0};
        keep.push_back({nextId++, Rect{corner, corner + size}});
    }
    return keep;
}

std::vector<int> bruteQuery(const std::vector<BroadPhaseItem>& items, const Rect& box) {
    std::vector<int> out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (boxesTouch(items[i].box, box)) out.push_back(static_cast<int>(i));
    }
    return out;
}

std::vector<std::pair<int, int>> brutePairs(const std::vector<BroadPhaseItem>& items) {
    std::vector<std::pair<int, int>> out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        for (std::size_t j = i + 1; j < items.size(); ++j) {
            if (boxesTouch(items[i].box, items[j].box)) out.emplace_back(static_cast<int>(i), static_cast<int>(j));
        }
    }
    return out;
}

class BroadPhaseKinds : public ::testing::TestWithParam<BroadPhaseKind> {};

TEST_P(BroadPhaseKinds, FindExactlyTheTouchingBoxesWhileItemsComeMoveAndGo) {
    auto broadPhase = makeBroadPhase(GetParam());
    GameRandom random(7);
    std::uint64_t nextId = 1;
    std::vector<BroadPhaseItem> items;
    for (int frame = 0; frame < 60; ++frame) {
        items = randomItems(random, nextId, items, frame < 20 ? 15 : 3);
        // Drop a few at random (ids stay ascending).
        std::erase_if(items, [&](const BroadPhaseItem&) { return random.unit() < 0.05; });
        broadPhase->update(items, {0.0, 2.0});

        std::vector<std::pair<int, int>> pairs;
        broadPhase->pairs(pairs);
        std::sort(pairs.begin(), pairs.end());
        const Rect probe{{random.unit() * 400.0, random.unit() * 400.0}, {0.0, 0.0}};
        const Rect box{probe.min, probe.min + glm::dvec2(48.0, 64.0)};
        std::vector<int> found;
        broadPhase->query(box, found);
        if (GetParam() == BroadPhaseKind::None) {
            EXPECT_EQ(pairs.size(), items.size() * (items.size() - 1) / 2);
            EXPECT_EQ(found.size(), items.size());
        } else {
            ASSERT_EQ(pairs, brutePairs(items)) << "frame " << frame;
            ASSERT_EQ(found, bruteQuery(items, box)) << "frame " << frame;
        }
    }
}

TEST_P(BroadPhaseKinds, CountTouchingEdgesAsCandidates) {
    auto broadPhase = makeBroadPhase(GetParam());
    // Box 2's left edge is box 1's right edge; box 3 is a hair away.
    std::vector<BroadPhaseItem> items{{1, Rect{{0.0, 0.0}, {10.0, 10.0}}},
                                      {2, Rect{{10.0, 5.0}, {20.0, 15.0}}},
                                      {3, Rect{{20.000001, 0.0}, {30.0, 4.0}}}};
    broadPhase->update(items, {0.0, 0.0});
    std::vector<std::pair<int, int>> pairs;
    broadPhase->pairs(pairs);
    if (GetParam() == BroadPhaseKind::None) {
        EXPECT_EQ(pairs.size(), 3u);
    } else {
        EXPECT_EQ(pairs, (std::vector<std::pair<int, int>>{{0, 1}}));
    }
}

// The grid sizes its cells by the largest box and caps their number by the items: zero-sized boxes, a box far
// from the rest (a huge field of empty cells otherwise) and boxes exactly on cell borders still give exactly
// the touching pairs.
TEST(GridBroadPhase, ZeroSizedFarApartAndBorderBoxesGiveExactlyTheTouchingPairs) {
    auto grid = makeBroadPhase(BroadPhaseKind::Grid);
    const std::vector<std::vector<BroadPhaseItem>> cases{
        {{1, Rect{{5.0, 5.0}, {5.0, 5.0}}}, {2, Rect{{5.0, 5.0}, {5.0, 5.0}}}, {3, Rect{{6.0, 5.0}, {6.0, 5.0}}}},
        {{1, Rect{{0.0, 0.0}, {10.0, 10.0}}}, {2, Rect{{5.0, 5.0}, {15.0, 15.0}}}, {3, Rect{{1e9, 1e9}, {1e9 + 10.0, 1e9 + 10.0}}},
         {4, Rect{{1e9 + 10.0, 1e9 + 10.0}, {1e9 + 20.0, 1e9 + 20.0}}}},
        {{1, Rect{{0.0, 0.0}, {10.0, 10.0}}}, {2, Rect{{10.0, 10.0}, {20.0, 20.0}}}, {3, Rect{{20.0, 0.0}, {30.0, 10.0}}},
         {4, Rect{{30.0, 10.0}, {40.0, 20.0}}}, {5, Rect{{-10.0, -10.0}, {0.0, 0.0}}}},
    };
    for (const auto& items : cases) {
        grid->update(items, {0.0, 0.0});
        std::vector<std::pair<int, int>> pairs;
        grid->pairs(pairs);
        std::sort(pairs.begin(), pairs.end());
        EXPECT_EQ(pairs, brutePairs(items));
        for (const BroadPhaseItem& probe : items) {
            std::vector<int> found;
            grid->query(probe.box, found);
            EXPECT_EQ(found, bruteQuery(items, probe.box));
        }
        // A query box far outside every item finds nothing.
        std::vector<int> none;
        grid->query(Rect{{-1e12, -1e12}, {-1e12 + 5.0, -1e12 + 5.0}}, none);
        EXPECT_TRUE(none.empty());
    }
    grid->update({}, {0.0, 0.0});
    std::vector<std::pair<int, int>> pairs{{0, 1}};
    grid->pairs(pairs);
    EXPECT_TRUE(pairs.empty());
}

// Boxes on the grid's edges (its first and last columns and rows, whose neighbours past the edge are the empty
// cells pairs() reads there), and a box not finite (no sensible cell size: one cell for all, with its own empty
// neighbours): still exactly the touching pairs. Worked out by hand: in the 3 x 3 lattice of 10-pixel boxes a
// step of 10 apart every box touches its neighbours across, down and corner to corner (20 pairs); the box from
// x = 20 to infinity touches the six of the middle column (at their right edges) and the right one, and the box
// at x = 100 (7 pairs); the NaN box touches nothing.
TEST(GridBroadPhase, BoxesOnTheGridsEdgesAndBoxesNotFiniteGiveExactlyTheTouchingPairs) {
    auto grid = makeBroadPhase(BroadPhaseKind::Grid);
    std::vector<BroadPhaseItem> lattice;
    for (int y = 0; y < 3; ++y) {
        for (int x = 0; x < 3; ++x) {
            const glm::dvec2 corner{10.0 * x, 10.0 * y};
            lattice.push_back({static_cast<std::uint64_t>(lattice.size() + 1), Rect{corner, corner + glm::dvec2(10.0)}});
        }
    }
    grid->update(lattice, {0.0, 0.0});
    std::vector<std::pair<int, int>> pairs;
    grid->pairs(pairs);
    std::sort(pairs.begin(), pairs.end());
    EXPECT_EQ(pairs.size(), 20u);
    EXPECT_EQ(pairs, brutePairs(lattice));

    std::vector<BroadPhaseItem> wild = lattice;
    wild.push_back({10, Rect{{20.0, 5.0}, {std::numeric_limits<double>::infinity(), 25.0}}});
    wild.push_back({11, Rect{{100.0, 0.0}, {110.0, 10.0}}});
    wild.push_back({12, Rect{{std::numeric_limits<double>::quiet_NaN(), 0.0}, {5.0, 5.0}}});
    grid->update(wild, {0.0, 0.0});
    grid->pairs(pairs);
    std::sort(pairs.begin(), pairs.end());
    EXPECT_EQ(pairs.size(), 20u + 7u);
    EXPECT_EQ(pairs, brutePairs(wild));
    for (const BroadPhaseItem& probe : wild) {
        std::vector<int> found;
        grid->query(probe.box, found);
        EXPECT_EQ(found, bruteQuery(wild, probe.box));
    }
}

// Each box is filed once, by its top-left corner, in cells a hair larger than the largest box; a pair is found
// from the same or a neighbouring cell. Boxes all as large as the largest, in a lattice whose step is exactly
// their side (every neighbour touches at an edge or a corner), shifted by fractions and far from the origin,
// and boxes of mixed sizes strewn at random: the pairs and queries are exactly the touching ones.
TEST(GridBroadPhase, EdgeToEdgeLatticesAndRandomFieldsGiveExactlyTheTouchingPairs) {
    auto grid = makeBroadPhase(BroadPhaseKind::Grid);
    GameRandom random(3);
    for (double side : {1.0, 92.5, 0.1 + 0.2}) {
        for (double shift : {0.0, 0.3, 1e6 + 0.7, -1234.5}) {
            std::vector<BroadPhaseItem> items;
            for (int y = 0; y < 12; ++y) {
                for (int x = 0; x < 12; ++x) {
                    const glm::dvec2 corner{shift + x * side, shift * 0.5 + y * side};
                    items.push_back({items.size() + 1, Rect{corner, corner + glm::dvec2(side)}});
                }
            }
            grid->update(items, {0.0, 0.0});
            std::vector<std::pair<int, int>> pairs;
            grid->pairs(pairs);
            std::sort(pairs.begin(), pairs.end());
            ASSERT_EQ(pairs, brutePairs(items)) << side << " " << shift;
            const Rect probe{items[40].box.min + glm::dvec2(side * 0.5), items[40].box.max + glm::dvec2(side)};
            std::vector<int> found;
            grid->query(probe, found);
            ASSERT_EQ(found, bruteQuery(items, probe)) << side << " " << shift;
        }
    }
    for (int round = 0; round < 20; ++round) {
        std::vector<BroadPhaseItem> items;
        const double field = 50.0 + random.unit() * 2000.0;
        for (int i = 0; i < 400; ++i) {
            const glm::dvec2 corner{random.unit() * field, random.unit() * field};
            const double w = random.unit() < 0.1 ? 64.0 : random.unit() * 64.0, h = random.unit() * 64.0;
            items.push_back({static_cast<std::uint64_t>(i + 1), Rect{corner, corner + glm::dvec2(w, h)}});
        }
        grid->update(items, {0.0, 0.0});
        std::vector<std::pair<int, int>> pairs;
        grid->pairs(pairs);
        std::sort(pairs.begin(), pairs.end());
        ASSERT_EQ(pairs, brutePairs(items)) << "round " << round;
        for (int q = 0; q < 20; ++q) {
            const glm::dvec2 corner{random.unit() * field - 100.0, random.unit() * field - 100.0};
            const Rect probe{corner, corner + glm::dvec2(random.unit() * 200.0, random.unit() * 200.0)};
            std::vector<int> found;
            grid->query(probe, found);
            ASSERT_EQ(found, bruteQuery(items, probe)) << "round " << round;
        }
    }
}

// The grid keeps its cells from update to update while the boxes fit them: items that drift off the grid (filed
// in its border cells), boxes that grow past the largest the cells were laid out for or shrink far below it, and
// items that come and go in numbers give exactly the touching pairs and queries after every update.
TEST(GridBroadPhase, KeptCellsGiveExactlyTheTouchingPairsAsBoxesDriftGrowShrinkAndComeAndGo) {
    auto grid = makeBroadPhase(BroadPhaseKind::Grid);
    GameRandom random(11);
    std::uint64_t nextId = 1;
    std::vector<BroadPhaseItem> items;
    for (int i = 0; i < 300; ++i) {
        const glm::dvec2 corner{random.unit() * 1000.0, random.unit() * 1000.0};
        items.push_back({nextId++, Rect{corner, corner + glm::dvec2(20.0 + random.unit() * 20.0)}});
    }
    for (int update = 0; update < 120; ++update) {
        // Frames 0-39 drift down and right, off the grid laid out first; 40-59 boxes grow a little each frame (past
        // the largest); 60-79 shrink to a tenth; 80-99 most items go; 100-119 many come.
        const glm::dvec2 drift{update < 40 ? 7.5 : 0.0, update < 40 ? 12.25 : 0.0};
        const double grow = update >= 40 && update < 60 ? 1.5 : update >= 60 && update < 80 ? 0.9 : 1.0;
        for (BroadPhaseItem& item : items) {
            item.box.min += drift;
            item.box.max = item.box.min + (item.box.max - (item.box.min - drift)) * grow;
        }
        if (update >= 80 && update < 100) std::erase_if(items, [&](const BroadPhaseItem&) { return random.unit() < 0.2; });
        if (update >= 100) {
            for (int i = 0; i < 40; ++i) {
                const glm::dvec2 corner{random.unit() * 1500.0, random.unit() * 1500.0};
                items.push_back({nextId++, Rect{corner, corner + glm::dvec2(random.unit() * 30.0, random.unit() * 30.0)}});
            }
        }
        grid->update(items, drift);
        std::vector<std::pair<int, int>> pairs;
        grid->pairs(pairs);
        std::sort(pairs.begin(), pairs.end());
        ASSERT_EQ(pairs, brutePairs(items)) << "update " << update;
        for (int q = 0; q < 5; ++q) {
            const glm::dvec2 corner{random.unit() * 2000.0 - 200.0, random.unit() * 2000.0 - 200.0};
            const Rect probe{corner, corner + glm::dvec2(random.unit() * 100.0, random.unit() * 100.0)};
            std::vector<int> found;
            grid->query(probe, found);
            ASSERT_EQ(found, bruteQuery(items, probe)) << "update " << update;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Kinds, BroadPhaseKinds,
                         ::testing::Values(BroadPhaseKind::Tree, BroadPhaseKind::Sweep, BroadPhaseKind::None, BroadPhaseKind::Grid),
                         [](const auto& info) { return std::string(broadPhaseName(info.param)); });

}  // namespace
}  // namespace cl
