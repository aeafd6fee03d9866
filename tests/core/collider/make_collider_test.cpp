#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

#include "core/collider/collider_validity.h"
#include "core/collider/make_collider.h"
#include "tests/core/collider/collider_exact_reference.h"
#include "tests/core/collider/collider_reference.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::maskFromArt;
using Pieces = std::vector<ColliderPiece>;

constexpr double kAreaTolerance = 1e-9;
constexpr double kCountTolerance = 1e-12;

ColliderOptions options(ColliderMode mode, double epsilon = 1.0, int maxVertices = 8) { return {mode, epsilon, maxVertices}; }

void expectExact(const ColliderCertificate& c) {
    EXPECT_EQ(c.missedArea, 0.0);
    EXPECT_EQ(c.extraArea, 0.0);
    EXPECT_EQ(c.missedPixels, 0);
    EXPECT_EQ(c.extraPixels, 0);
    EXPECT_EQ(c.iou, 1.0);
    EXPECT_NEAR(c.hausdorff, 0.0, kHausdorffTolerance);
    EXPECT_TRUE(c.dropped.empty());
}

TEST(MakeCollider, SinglePixelIsItsOwnSquareInEveryMode) {
    const AlphaMask mask = maskFromArt({"...", ".#.", "..."});
    for (ColliderMode mode : {ColliderMode::Outer, ColliderMode::Inner, ColliderMode::Balanced}) {
        const Collider c = makeCollider(mask, options(mode));
        EXPECT_EQ(c.pieces, (Pieces{{{1, 1}, {1, 2}, {2, 2}, {2, 1}}})) << colliderModeName(mode);
        expectExact(c.certificate);
    }
}

TEST(MakeCollider, ThreeVerticesSplitTheSquareIntoTwoTriangles) {
    const Collider c = makeCollider(maskFromArt({"#"}), options(ColliderMode::Outer, 1.0, 3));
    EXPECT_EQ(c.pieces, (Pieces{{{0, 0}, {0, 1}, {1, 1}}, {{0, 0}, {1, 1}, {1, 0}}}));
    EXPECT_EQ(colliderProblem(c.pieces, 3), "");
    expectExact(c.certificate);
}

// Diagonal line of 4 pixels (i, i). Outer, epsilon 1: the left line may lie at most 1 px left of each row's
// span and never right of it, so it must pass x = r at every row boundary y = r: x = y - 1; likewise the
// right line x = y + 1. One parallelogram of width 2 and area 8: extra 8 - 4 = 4; the centres x = r - 0.5
// and r + 1.5 of row r lie on its edges (2 extra per row, 8 in all); the farthest point of C from S is an
// acute corner, (-1, 0) or (5, 4), 1 px from the nearest square.
TEST(MakeCollider, OuterDiagonalLineIsOneParallelogram) {
    const AlphaMask mask = maskFromArt({"#...", ".#..", "..#.", "...#"});
    const Collider c = makeCollider(mask, options(ColliderMode::Outer));
    EXPECT_EQ(c.pieces, (Pieces{{{-1, 0}, {3, 4}, {5, 4}, {1, 0}}}));
    EXPECT_EQ(c.certificate.missedArea, 0.0);
    EXPECT_NEAR(c.certificate.extraArea, 4.0, kAreaTolerance);
    EXPECT_EQ(c.certificate.missedPixels, 0);
    EXPECT_EQ(c.certificate.extraPixels, 8);
    EXPECT_NEAR(c.certificate.iou, 0.5, kCountTolerance);
    EXPECT_NEAR(c.certificate.hausdorff, 1.0, kHausdorffTolerance);
    EXPECT_LE(c.certificate.hausdorff, 1.0);
}

// Inner cannot join two pixels that meet only at a corner (the piece would have no width there): four squares.
TEST(MakeCollider, InnerDiagonalLineIsFourSquares) {
    const AlphaMask mask = maskFromArt({"#...", ".#..", "..#.", "...#"});
    const Collider c = makeCollider(mask, options(ColliderMode::Inner));
    EXPECT_EQ(c.pieces, (Pieces{{{0, 0}, {0, 1}, {1, 1}, {1, 0}},
                                {{1, 1}, {1, 2}, {2, 2}, {2, 1}},
                                {{2, 2}, {2, 3}, {3, 3}, {3, 2}},
                                {{3, 3}, {3, 4}, {4, 4}, {4, 3}}}));
    expectExact(c.certificate);
}

// Balanced follows the pixel edges: x = 0.75 y and x = 0.75 y + 1 stay within 1 px of each row's span ends.
// Row 0 overlaps S in integral(1 - 0.75 y, 0..1) = 5/8, row 1 in 7/24 + 1/2 = 19/24, rows 3 and 2 the same by
// symmetry: 17/6 in all, so missed = extra = 4 - 17/6 = 7/6 and iou = (17/6) / (4 + 7/6) = 17/31. Every
// centre is on the right side. The farthest missed point is (0, 1), 3/5 px from the edge through (0,0)-(3,4).
TEST(MakeCollider, BalancedDiagonalLineIsOneSlantedStrip) {
    const AlphaMask mask = maskFromArt({"#...", ".#..", "..#.", "...#"});
    const Collider c = makeCollider(mask, options(ColliderMode::Balanced));
    EXPECT_EQ(c.pieces, (Pieces{{{0, 0}, {3, 4}, {4, 4}, {1, 0}}}));
    EXPECT_NEAR(c.certificate.missedArea, 7.0 / 6.0, kAreaTolerance);
    EXPECT_NEAR(c.certificate.extraArea, 7.0 / 6.0, kAreaTolerance);
    EXPECT_EQ(c.certificate.missedPixels, 0);
    EXPECT_EQ(c.certificate.extraPixels, 0);
    EXPECT_NEAR(c.certificate.iou, 17.0 / 31.0, kCountTolerance);
    EXPECT_NEAR(c.certificate.hausdorff, 0.6, kHausdorffTolerance);
}

// The ring's middle row has two spans that no trapezoid may bridge without covering the hole (outer: the
// right line would have to be both >= 3 and <= 2 at y = 1): four exact pieces, the hole kept.
TEST(MakeCollider, RingKeepsItsHoleInOuterAndInner) {
    const AlphaMask mask = maskFromArt({"###", "#.#", "###"});
    const Pieces expected{{{0, 0}, {0, 1}, {3, 1}, {3, 0}},
                          {{0, 1}, {0, 2}, {1, 2}, {1, 1}},
                          {{2, 1}, {2, 2}, {3, 2}, {3, 1}},
                          {{0, 2}, {0, 3}, {3, 3}, {3, 2}}};
    for (ColliderMode mode : {ColliderMode::Outer, ColliderMode::Inner}) {
        const Collider c = makeCollider(mask, options(mode));
        EXPECT_EQ(c.pieces, expected) << colliderModeName(mode);
        expectExact(c.certificate);
    }
}

// The build gives the two squares; their hull, the hexagon (0,0) (0,2) (2,4) (4,4) (4,2) (2,0), lies within 1 px of
// them: in the added triangle (2,0) (4,2) (2,2) a point is x - 2 from the first square and 2 - y from the second,
// and min(x - 2, 2 - y) <= (x - y) / 2 <= 1, with 1 at (3, 1) (and the same in the mirrored triangle). So outer
// merges them: area 16 - 2 - 2 = 12, extra 4, iou 8/12; the clear centres (2.5,0.5) and (3.5,1.5) lie on the edge
// x - y = 2 and (2.5,1.5) inside it, and their mirrors: 6 extra.
TEST(MakeCollider, OuterSquaresTouchingAtACornerMergeIntoTheirHull) {
    const AlphaMask mask = maskFromArt({"##..", "##..", "..##", "..##"});
    const Collider c = makeCollider(mask, options(ColliderMode::Outer));
    EXPECT_EQ(c.pieces, (Pieces{{{0, 0}, {0, 2}, {2, 4}, {4, 4}, {4, 2}, {2, 0}}}));
    EXPECT_EQ(c.certificate.missedArea, 0.0);
    EXPECT_NEAR(c.certificate.extraArea, 4.0, kAreaTolerance);
    EXPECT_EQ(c.certificate.missedPixels, 0);
    EXPECT_EQ(c.certificate.extraPixels, 6);
    EXPECT_NEAR(c.certificate.iou, 2.0 / 3.0, kCountTolerance);
    EXPECT_NEAR(c.certificate.hausdorff, 1.0, kHausdorffTolerance);
    EXPECT_LE(c.certificate.hausdorff, 1.0);
}

// With epsilon 0.5 the hull is too far ((3, 1) is 1 px from both squares): the two exact squares.
TEST(MakeCollider, OuterSquaresTouchingAtACornerStayTwoSquaresWithinHalfAPixel) {
    const AlphaMask mask = maskFromArt({"##..", "##..", "..##", "..##"});
    const Collider c = makeCollider(mask, options(ColliderMode::Outer, 0.5));
    EXPECT_EQ(c.pieces, (Pieces{{{0, 0}, {0, 2}, {2, 2}, {2, 0}}, {{2, 2}, {2, 4}, {4, 4}, {4, 2}}}));
    expectExact(c.certificate);
}

// Balanced may join them: x = y / 2 and x = y / 2 + 2 are within 1 px of both squares' sides. Overlap with S
// is integral(2 - y / 2, 0..2) = 3 per square, so missed = extra = 2 and iou = 6 / 10. Centres: (0.5, 1.5)
// and (3.5, 2.5) are missed, (2.5, 1.5) and (1.5, 2.5) extra. Farthest: (0, 2), 2 / sqrt(5) from the edge
// through (0,0)-(2,4).
TEST(MakeCollider, BalancedSquaresTouchingAtACornerBecomeOneParallelogram) {
    const AlphaMask mask = maskFromArt({"##..", "##..", "..##", "..##"});
    const Collider c = makeCollider(mask, options(ColliderMode::Balanced));
    EXPECT_EQ(c.pieces, (Pieces{{{0, 0}, {2, 4}, {4, 4}, {2, 0}}}));
    EXPECT_NEAR(c.certificate.missedArea, 2.0, kAreaTolerance);
    EXPECT_NEAR(c.certificate.extraArea, 2.0, kAreaTolerance);
    EXPECT_EQ(c.certificate.missedPixels, 2);
    EXPECT_EQ(c.certificate.extraPixels, 2);
    EXPECT_NEAR(c.certificate.iou, 0.6, kCountTolerance);
    EXPECT_NEAR(c.certificate.hausdorff, 2.0 / std::sqrt(5.0), kHausdorffTolerance);
}

// The L "#." "#." "##": the left line stays at x = 0; the right one must be >= 1 on rows 0-1 and >= 2 on
// row 2, so it passes (2, 2); from the top, the nearest lattice line is (1, 0)-(2.5, 3). Area 3 * 1.75 = 5.25,
// extra 1.25, iou 4 / 5.25 = 16/21; the centre (1.5, 1.5) is inside (x = 1.75 there). The farthest extra point
// balances x - 1 against 2 - y on x = 1 + y / 2: y = 4/3, 2/3 px.
TEST(MakeCollider, OuterLIsOneTrapezoid) {
    const AlphaMask mask = maskFromArt({"#.", "#.", "##"});
    const Collider c = makeCollider(mask, options(ColliderMode::Outer));
    EXPECT_EQ(c.pieces, (Pieces{{{0, 0}, {0, 3}, {2.5, 3}, {1, 0}}}));
    EXPECT_EQ(c.certificate.missedArea, 0.0);
    EXPECT_NEAR(c.certificate.extraArea, 1.25, kAreaTolerance);
    EXPECT_EQ(c.certificate.missedPixels, 0);
    EXPECT_EQ(c.certificate.extraPixels, 1);
    EXPECT_NEAR(c.certificate.iou, 16.0 / 21.0, kCountTolerance);
    EXPECT_NEAR(c.certificate.hausdorff, 2.0 / 3.0, kHausdorffTolerance);
}

// Inner, epsilon 1: the right line must be <= 1 on rows 0-1 and may stop 1 px short of row 2's end, so the
// column alone is allowed and the foot pixel (1, 2) is left out: missed 1 px^2 and 1 centre, iou 3/4, and the
// foot's far side x = 2 is 1 px from C.
TEST(MakeCollider, InnerLIsTheColumnWhenTheFootIsWithinEpsilon) {
    const AlphaMask mask = maskFromArt({"#.", "#.", "##"});
    const Collider c = makeCollider(mask, options(ColliderMode::Inner));
    EXPECT_EQ(c.pieces, (Pieces{{{0, 0}, {0, 3}, {1, 3}, {1, 0}}}));
    EXPECT_NEAR(c.certificate.missedArea, 1.0, kAreaTolerance);
    EXPECT_EQ(c.certificate.extraArea, 0.0);
    EXPECT_EQ(c.certificate.missedPixels, 1);
    EXPECT_EQ(c.certificate.extraPixels, 0);
    EXPECT_NEAR(c.certificate.iou, 0.75, kCountTolerance);
    EXPECT_NEAR(c.certificate.hausdorff, 1.0, kHausdorffTolerance);
    EXPECT_LE(c.certificate.hausdorff, 1.0);
}

// With epsilon 0.5 the foot must be kept, and row 2 cannot join the column (the right line would have to be
// <= 1 and >= 1.5 at y = 2): the column's two rows, then the whole foot row, exactly.
TEST(MakeCollider, InnerLWithHalfPixelEpsilonIsTheColumnAndTheFootRow) {
    const AlphaMask mask = maskFromArt({"#.", "#.", "##"});
    const Collider c = makeCollider(mask, options(ColliderMode::Inner, 0.5));
    EXPECT_EQ(c.pieces, (Pieces{{{0, 0}, {0, 2}, {1, 2}, {1, 0}}, {{0, 2}, {0, 3}, {2, 3}, {2, 2}}}));
    expectExact(c.certificate);
}

// Outer: each column of pixels zig-zags by one pixel, which a 2 px wide rectangle covers within 1 px: two
// rectangles fill the 4 x 4 square, and their hull is that square, so they merge into it (the same region).
// Extra = the 8 clear pixels. The farthest extra points are the corners (4, 0) and (0, 4): their clear pixels have
// solid neighbours only on two sides, each 1 px away.
TEST(MakeCollider, OuterCheckerboardIsOneSquare) {
    const AlphaMask mask = maskFromArt({"#.#.", ".#.#", "#.#.", ".#.#"});
    const Collider c = makeCollider(mask, options(ColliderMode::Outer));
    EXPECT_EQ(c.pieces, (Pieces{{{0, 0}, {0, 4}, {4, 4}, {4, 0}}}));
    EXPECT_EQ(c.certificate.missedArea, 0.0);
    EXPECT_NEAR(c.certificate.extraArea, 8.0, kAreaTolerance);
    EXPECT_EQ(c.certificate.missedPixels, 0);
    EXPECT_EQ(c.certificate.extraPixels, 8);
    EXPECT_NEAR(c.certificate.iou, 0.5, kCountTolerance);
    EXPECT_NEAR(c.certificate.hausdorff, 1.0, kHausdorffTolerance);
}

TEST(MakeCollider, InnerCheckerboardIsOneSquarePerPixel) {
    const AlphaMask mask = maskFromArt({"#.#.", ".#.#", "#.#.", ".#.#"});
    const Collider c = makeCollider(mask, options(ColliderMode::Inner));
    ASSERT_EQ(c.pieces.size(), 8u);
    for (const ColliderPiece& p : c.pieces) {
        ASSERT_EQ(p.size(), 4u);
        EXPECT_EQ(p[2] - p[0], glm::dvec2(1, 1));
    }
    expectExact(c.certificate);
}

TEST(MakeCollider, EmptyMaskGivesAnEmptyValidCollider) {
    const Collider c = makeCollider(maskFromArt({"..", ".."}), ColliderOptions{});
    EXPECT_TRUE(c.pieces.empty());
    expectExact(c.certificate);
    EXPECT_TRUE(makeCollider(AlphaMask{}, ColliderOptions{}).pieces.empty());
}

TEST(MakeCollider, BadOptionsThrowWithTheOptionNamed) {
    const AlphaMask mask = maskFromArt({"#"});
    try {
        makeCollider(mask, options(ColliderMode::Outer, 1.0, 2));
        FAIL() << "max_vertices 2 was accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("max_vertices"), std::string::npos);
    }
    EXPECT_THROW(makeCollider(mask, options(ColliderMode::Outer, std::nan(""))), std::invalid_argument);
}

// A near-flat edge: rows 0..3 start 6 px apart ("......##########", ...), so no side fits two rows and the build
// gives a rectangle per row. Outer at epsilon 1 merges neighbouring rows into their hull: in the pocket between
// row r's rectangle and row r + 1's wider one, the hull's side runs from (x0_r, r) to (x0_r - 6, r + 1), and each
// point (x0_r - 6t, r + t) is within min(6t, 1 - t) <= 6/7 px of the two rows (at t = 1/7). The rows' left ends
// (18,0) (12,1) (6,2) (0,3) lie on one line, so the pieces become one pentagon (here the column build, which has
// fewer pieces to start with, is the one kept and merged; the hull is the same). Extra: three pockets of
// 6 x 1 / 2 = 3 px^2; each covers the centres of the three clear pixels left of its row at height r + 1/2.
TEST(MakeCollider, OuterNearFlatEdgeMergesRowsIntoOnePiece) {
    const AlphaMask mask = maskFromArt({"..................######", "............############", "......##################",
                                        "########################"});
    const Collider c = makeCollider(mask, options(ColliderMode::Outer));
    EXPECT_EQ(c.pieces, (Pieces{{{0, 4}, {24, 4}, {24, 0}, {18, 0}, {0, 3}}}));
    EXPECT_EQ(c.certificate.missedArea, 0.0);
    EXPECT_NEAR(c.certificate.extraArea, 9.0, kAreaTolerance);
    EXPECT_EQ(c.certificate.missedPixels, 0);
    EXPECT_EQ(c.certificate.extraPixels, 9);
    EXPECT_NEAR(c.certificate.hausdorff, 6.0 / 7.0, kHausdorffTolerance);
}

// Bitmaps that made Godot's BitMap.opaque_to_polygons + decompose_polygon_in_convex give invalid or lossy polygons,
// rebuilt from the threads' descriptions (the images there are not kept): each gives a valid collider here in every
// mode, epsilon and vertex limit, with its guarantee decided by the exact reference, and a hole stays a hole.
struct GodotCase {
    const char* issue;
    std::vector<std::string> art;
    std::vector<glm::dvec2> holeCentres;  // points deep in a hole (more than 2.5 px from every solid square)
};

std::vector<GodotCase> godotCases() {
    return {
        // #31675: "a single true pixel near a larger true area" (touching it only at a corner) made the larger
        // area vanish; a comment lists the breaking cases as a pixel whose diagonal neighbour is set while the
        // pixels beside and above it are clear.
        {"#31675 corner pixel beside a block", {".....#", "####..", "####..", "####..", "#.....", ".#...."}, {}},
        {"#31675 diagonal neighbours", {"#.#.#.", ".#.#.#", "##..##", "..##..", ".#..#.", "#....#"}, {}},
        // #57789: "Convex decomposing failed" for pixels in certain configurations: outlines that pinch at a corner.
        {"#57789 pinched staircase", {"##......", "##......", "..##....", "..##....", "....##..", "....####", "......##"}, {}},
        {"#57789 bowtie", {"###...###", "####.####", ".#######.", "...###...", ".#######.", "####.####", "###...###"}, {}},
        // #69725: with epsilon 2, thin features and small shapes gave self-intersecting polygons or none at all.
        {"#69725 one-pixel line", {"##########"}, {}},
        {"#69725 thin zigzag", {"#.......", ".#......", "..#.....", "...####.", ".......#", "......#.", ".....#.."}, {}},
        {"#69725 small specks", {"#..##..#", "...##...", "........", "#.#..#.#"}, {}},
        {"#69725 thin U", {"#....#", "#....#", "#....#", "#....#", "######"}, {}},
        // #31160: a "closed room" (walls around an empty floor) lost its inside.
        {"#31160 closed room", {"############", "#..........#", "#..........#", "#..........#", "#..........#", "#..........#",
                                "#..........#", "############"},
         {{6, 4}}},
        // #97485: a ring sprite gave a filled disc.
        {"#97485 ring", {}, {{8, 8}}},
    };
}

TEST(MakeCollider, GodotIssueBitmapsGiveValidCollidersThatKeepTheirHoles) {
    std::vector<GodotCase> cases = godotCases();
    // The ring: pixel centres between radius 4.5 and 7.5 of (8, 8), on 16 x 16.
    for (int y = 0; y < 16; ++y) {
        std::string row;
        for (int x = 0; x < 16; ++x) {
            const double r = std::hypot(x + 0.5 - 8, y + 0.5 - 8);
            row += r >= 4.5 && r <= 7.5 ? '#' : '.';
        }
        cases.back().art.push_back(row);
    }
    for (const GodotCase& g : cases) {
        const AlphaMask mask = maskFromArt(g.art);
        for (ColliderMode mode : {ColliderMode::Outer, ColliderMode::Inner, ColliderMode::Balanced})
            for (double epsilon : {1.0, 2.0})
                for (int maxVertices : {3, 8}) {
                    const ColliderOptions o = options(mode, epsilon, maxVertices);
                    const std::string where = std::string(g.issue) + ", " + colliderModeName(mode) + " epsilon " + std::to_string(epsilon) +
                                              " max_vertices " + std::to_string(maxVertices);
                    const Collider c = makeCollider(mask, o);
                    ASSERT_FALSE(c.pieces.empty()) << where;
                    EXPECT_EQ(colliderProblem(c.pieces, maxVertices), "") << where;
                    for (const ColliderPiece& p : c.pieces) EXPECT_EQ(testing::referenceProblem(p, maxVertices), "") << where;
                    const testing::ExactComparison ref = testing::compareExactly(mask, c.pieces);
                    ASSERT_EQ(ref.problem, "") << where;
                    if (mode == ColliderMode::Outer) {
                        EXPECT_TRUE(ref.coversShape) << where;
                    }
                    if (mode == ColliderMode::Inner) {
                        EXPECT_TRUE(ref.insideShape) << where;
                    }
                    EXPECT_LE(c.certificate.hausdorff, epsilon) << where;
                    for (const glm::dvec2 hole : g.holeCentres) EXPECT_FALSE(testing::inC(c.pieces, hole)) << where << ": the hole is filled";
                }
    }
}

}  // namespace
}  // namespace cl
