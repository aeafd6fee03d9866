// Union and intersection of an animation's frames (combined_mask), and the collider of the combination certified
// against each frame, worked out by hand on two 3x1 frames.
#include <gtest/gtest.h>

#include "core/collider/collider_certificate.h"
#include "core/collider/combined_mask.h"
#include "core/collider/make_collider.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::artFromMask;
using testing::maskFromArt;

const std::vector<AlphaMask> kTwoFrames{maskFromArt({"##."}), maskFromArt({".##"})};

// The certificate of `pieces` against each of kTwoFrames equals the hand-worked one.
void expectAgainstEachFrame(const std::vector<ColliderPiece>& pieces, const ColliderCertificate& expected) {
    for (const AlphaMask& frame : kTwoFrames) {
        const ColliderCertificate c = certifyCollider(frame, pieces);
        EXPECT_NEAR(c.missedArea, expected.missedArea, 1e-12);
        EXPECT_EQ(c.missedPixels, expected.missedPixels);
        EXPECT_NEAR(c.extraArea, expected.extraArea, 1e-12);
        EXPECT_EQ(c.extraPixels, expected.extraPixels);
        EXPECT_NEAR(c.iou, expected.iou, 1e-12);
        EXPECT_NEAR(c.hausdorff, expected.hausdorff, kHausdorffTolerance);
    }
}

TEST(CombinedMask, UnionIsSolidWhereAnyFrameIs) {
    const CombinedMask c = combineMasks(kTwoFrames, MaskCombination::Union);
    ASSERT_TRUE(c.ok()) << c.error;
    EXPECT_EQ(artFromMask(c.mask), "###\n");
}

TEST(CombinedMask, IntersectionIsSolidWhereEveryFrameIs) {
    const CombinedMask c = combineMasks(kTwoFrames, MaskCombination::Intersection);
    ASSERT_TRUE(c.ok()) << c.error;
    EXPECT_EQ(artFromMask(c.mask), ".#.\n");
}

TEST(CombinedMask, EachFrameCountsAtItsOwnThreshold) {
    // Alpha '3' = 75: solid at threshold 0, not at threshold 100.
    const std::vector<AlphaMask> frames{maskFromArt({"3#"}, 0), maskFromArt({"3."}, 100)};
    EXPECT_EQ(artFromMask(combineMasks(frames, MaskCombination::Union).mask), "##\n");
    EXPECT_EQ(artFromMask(combineMasks(frames, MaskCombination::Intersection).mask), "..\n");
    const std::vector<AlphaMask> same{maskFromArt({"3#"}, 0), maskFromArt({"3#"}, 0)};
    EXPECT_EQ(artFromMask(combineMasks(same, MaskCombination::Intersection).mask), "##\n");
}

TEST(CombinedMask, RefusesNoFrameAndFramesOfDifferentSizes) {
    EXPECT_FALSE(combineMasks({}, MaskCombination::Union).ok());
    const CombinedMask c = combineMasks({maskFromArt({"##"}), maskFromArt({"##", "##"})}, MaskCombination::Union);
    EXPECT_EQ(c.error, "frame 1 is 2x2, frame 0 is 2x1; frames combine only at one size");
}

TEST(CombinedMask, OuterColliderOfTheUnionCoversEachFrameAndIsCertifiedAgainstEach) {
    // The union is the bar [0,3]x[0,1], convex: its outer collider is the bar itself. Against frame "##." it covers
    // one non-solid square [2,3]x[0,1]: extra area 1 (its centre inside: 1 extra pixel), iou 2/3, and the bar's
    // right edge is 1 px from the frame's shape.
    const Collider collider = makeCollider(combineMasks(kTwoFrames, MaskCombination::Union).mask, {ColliderMode::Outer, 1.0, 8});
    ASSERT_EQ(collider.pieces.size(), 1u);
    EXPECT_EQ(collider.pieces[0], (ColliderPiece{{0, 0}, {0, 1}, {3, 1}, {3, 0}}));
    EXPECT_EQ(collider.certificate.missedArea, 0.0);
    EXPECT_EQ(collider.certificate.extraArea, 0.0);
    expectAgainstEachFrame(collider.pieces, {.extraArea = 1.0, .extraPixels = 1, .iou = 2.0 / 3.0, .hausdorff = 1.0, .dropped = {}});
}

TEST(CombinedMask, InnerColliderOfTheIntersectionLiesInsideEachFrameAndIsCertifiedAgainstEach) {
    // The intersection is the square [1,2]x[0,1]; against either frame it misses one solid square: missed area 1,
    // 1 missed pixel, iou 1/2, and the far end of the missed square is 1 px from the collider.
    const Collider collider =
        makeCollider(combineMasks(kTwoFrames, MaskCombination::Intersection).mask, {ColliderMode::Inner, 1.0, 8});
    ASSERT_EQ(collider.pieces.size(), 1u);
    EXPECT_EQ(collider.pieces[0], (ColliderPiece{{1, 0}, {1, 1}, {2, 1}, {2, 0}}));
    expectAgainstEachFrame(collider.pieces, {.missedArea = 1.0, .missedPixels = 1, .iou = 0.5, .hausdorff = 1.0, .dropped = {}});
}

}  // namespace
}  // namespace cl
