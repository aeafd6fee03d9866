#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "core/collider/collider_certificate.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::maskFromArt;

TEST(ColliderCertificate, HalfCoveredPixelMissesHalfItsArea) {
    // The triangle (0,0)-(0,1)-(1,1) is the lower-left half of the pixel; its centre lies on the diagonal.
    const ColliderCertificate c = certifyCollider(maskFromArt({"#"}), {{{0, 0}, {0, 1}, {1, 1}}});
    EXPECT_NEAR(c.missedArea, 0.5, 1e-12);
    EXPECT_EQ(c.extraArea, 0.0);
    EXPECT_EQ(c.missedPixels, 0);
    EXPECT_EQ(c.extraPixels, 0);
    EXPECT_NEAR(c.iou, 0.5, 1e-12);
    // The missed corner (1, 0) is sqrt(2)/2 from the diagonal.
    EXPECT_NEAR(c.hausdorff, std::sqrt(0.5), kHausdorffTolerance);
}

TEST(ColliderCertificate, OverlappingPiecesCountTheirUnionOnce) {
    // Two 2 x 1 rectangles over a 3 x 1 row overlap on the middle pixel: C is exactly S.
    const ColliderCertificate c =
        certifyCollider(maskFromArt({"###"}), {{{0, 0}, {0, 1}, {2, 1}, {2, 0}}, {{1, 0}, {1, 1}, {3, 1}, {3, 0}}});
    EXPECT_EQ(c.missedArea, 0.0);
    EXPECT_EQ(c.extraArea, 0.0);
    EXPECT_EQ(c.iou, 1.0);
    EXPECT_NEAR(c.hausdorff, 0.0, kHausdorffTolerance);
}

TEST(ColliderCertificate, PieceOutsideTheTextureCountsAsExtra) {
    // A 2 x 2 square at (-3, 0), left of the texture: 4 clear pixel centres in it. Its farthest point from the
    // solid square [0,1]x[0,1] is (-3, 2), whose nearest point of the square is (0, 1): sqrt(10).
    const ColliderCertificate c = certifyCollider(maskFromArt({"#"}), {{{-3, 0}, {-3, 2}, {-1, 2}, {-1, 0}}});
    EXPECT_EQ(c.missedArea, 1.0);
    EXPECT_EQ(c.extraArea, 4.0);
    EXPECT_EQ(c.missedPixels, 1);
    EXPECT_EQ(c.extraPixels, 4);
    EXPECT_EQ(c.iou, 0.0);
    EXPECT_NEAR(c.hausdorff, std::sqrt(10.0), kHausdorffTolerance);
}

TEST(ColliderCertificate, SolidRowsBelowEveryPieceStillCount) {
    // C is the top pixel of a 1 x 3 column: the two rows below are missed, and their bottom side is 2 px away.
    const ColliderCertificate c = certifyCollider(maskFromArt({"#", "#", "#"}), {{{0, 0}, {0, 1}, {1, 1}, {1, 0}}});
    EXPECT_EQ(c.missedArea, 2.0);
    EXPECT_EQ(c.missedPixels, 2);
    EXPECT_NEAR(c.iou, 1.0 / 3.0, 1e-12);
    EXPECT_NEAR(c.hausdorff, 2.0, kHausdorffTolerance);
}

TEST(ColliderCertificate, EmptyAgainstNonEmptyIsInfinitelyFar) {
    const ColliderCertificate none = certifyCollider(maskFromArt({"#"}), {});
    EXPECT_EQ(none.missedArea, 1.0);
    EXPECT_EQ(none.missedPixels, 1);
    EXPECT_EQ(none.iou, 0.0);
    EXPECT_EQ(none.hausdorff, std::numeric_limits<double>::infinity());
    const ColliderCertificate both = certifyCollider(maskFromArt({"."}), {});
    EXPECT_EQ(both.iou, 1.0);
    EXPECT_EQ(both.hausdorff, 0.0);
}

TEST(ColliderCertificate, RotatedSquareAreasMatchTheHandIntegral) {
    // The diamond |x - 1| + |y - 1| <= 1 over the 2 x 2 solid block: area 2, all inside S; missed = 4 - 2.
    // The block's corners are sqrt(2)/2 from the diamond's edges.
    const ColliderCertificate c = certifyCollider(maskFromArt({"##", "##"}), {{{1, 0}, {0, 1}, {1, 2}, {2, 1}}});
    EXPECT_NEAR(c.missedArea, 2.0, 1e-12);
    EXPECT_EQ(c.extraArea, 0.0);
    EXPECT_EQ(c.missedPixels, 0);  // the centres (0.5, 0.5) ... lie on the diamond's edges
    EXPECT_NEAR(c.iou, 0.5, 1e-12);
    EXPECT_NEAR(c.hausdorff, std::sqrt(0.5), kHausdorffTolerance);
}

TEST(ColliderPixelErrors, NameTheMissedAndExtraPixelsByTheirCentres) {
    // Art "#.#" / "##.": the piece [0,2]x[0,1] (the top two pixels) covers the centres (0.5,0.5) solid and
    // (1.5,0.5) clear; a second piece [-1,0]x[1,2] left of the texture covers (-0.5,1.5), clear. Solid pixels
    // (2,0), (0,1) and (1,1) have their centres outside both.
    const AlphaMask mask = maskFromArt({"#.#", "##."});
    const std::vector<ColliderPiece> pieces = {{{0, 0}, {0, 1}, {2, 1}, {2, 0}}, {{-1, 1}, {-1, 2}, {0, 2}, {0, 1}}};
    const ColliderPixelErrors e = colliderPixelErrors(mask, pieces);
    EXPECT_EQ(e.missed, (std::vector<glm::ivec2>{{2, 0}, {0, 1}, {1, 1}}));
    EXPECT_EQ(e.extra, (std::vector<glm::ivec2>{{1, 0}, {-1, 1}}));
    const ColliderCertificate c = certifyCollider(mask, pieces);
    EXPECT_EQ(c.missedPixels, 3);
    EXPECT_EQ(c.extraPixels, 2);
}

TEST(ColliderPixelErrors, NoPiecesMissEverySolidPixel) {
    const ColliderPixelErrors e = colliderPixelErrors(maskFromArt({".#", "#."}), {});
    EXPECT_EQ(e.missed, (std::vector<glm::ivec2>{{1, 0}, {0, 1}}));
    EXPECT_TRUE(e.extra.empty());
}

}  // namespace
}  // namespace cl
