#include <gtest/gtest.h>

#include <memory>

#include "core/base/mask_cache.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

std::shared_ptr<const RgbaImage> sharedArt(const std::vector<std::string>& rows) {
    return std::make_shared<const RgbaImage>(testing::imageFromArt(rows));
}

TEST(MaskCache, BuildsTheMaskOfTheImageAtTheThreshold) {
    MaskCache cache;
    auto image = sharedArt({"4#", ".9"});
    auto mask = cache.get(image, 100);
    ASSERT_NE(mask, nullptr);
    EXPECT_EQ(mask->width(), 2);
    EXPECT_EQ(mask->height(), 2);
    EXPECT_EQ(mask->threshold(), 100);
    EXPECT_FALSE(mask->solid(0, 0));  // alpha 100 == threshold
    EXPECT_TRUE(mask->solid(1, 0));
    EXPECT_FALSE(mask->solid(0, 1));
    EXPECT_TRUE(mask->solid(1, 1));
    EXPECT_EQ(mask->solidCount(), 2);
}

TEST(MaskCache, SameImageAndThresholdGiveTheSameMask) {
    MaskCache cache;
    auto image = sharedArt({"#."});
    auto first = cache.get(image, 0);
    auto second = cache.get(image, 0);
    EXPECT_EQ(first.get(), second.get());
    EXPECT_EQ(cache.size(), 1u);
}

TEST(MaskCache, AnotherThresholdGivesAnotherMask) {
    MaskCache cache;
    auto image = sharedArt({"4#"});
    auto low = cache.get(image, 0);
    auto high = cache.get(image, 100);
    EXPECT_NE(low.get(), high.get());
    EXPECT_EQ(low->solidCount(), 2);
    EXPECT_EQ(high->solidCount(), 1);
    EXPECT_EQ(cache.size(), 2u);
}

TEST(MaskCache, EqualPixelsInAnotherImageObjectGiveAnotherEntry) {
    MaskCache cache;
    auto a = sharedArt({"#"});
    auto b = sharedArt({"#"});
    auto maskA = cache.get(a, 0);
    auto maskB = cache.get(b, 0);
    EXPECT_NE(maskA.get(), maskB.get());
    EXPECT_EQ(cache.size(), 2u);
}

TEST(MaskCache, PruneDropsMasksOfImagesNoLongerUsedElsewhere) {
    MaskCache cache;
    auto kept = sharedArt({"#"});
    auto dropped = sharedArt({"##"});
    auto keptMask = cache.get(kept, 0);
    cache.get(dropped, 0);
    EXPECT_EQ(cache.size(), 2u);
    dropped.reset();
    cache.pruneUnused();
    EXPECT_EQ(cache.size(), 1u);
    EXPECT_EQ(cache.get(kept, 0).get(), keptMask.get());
    EXPECT_EQ(cache.size(), 1u);
}

TEST(MaskCache, PruneDropsEveryThresholdOfAnImageNoLongerUsedElsewhere) {
    // The cache's own entries for other thresholds of the same image do not count as a use.
    MaskCache cache;
    auto dropped = sharedArt({"##"});
    cache.get(dropped, 0);
    cache.get(dropped, 7);
    EXPECT_EQ(cache.size(), 2u);
    dropped.reset();
    cache.pruneUnused();
    EXPECT_EQ(cache.size(), 0u);
}

TEST(MaskCache, PruneKeepsEverythingWhileImagesAreInUse) {
    MaskCache cache;
    auto a = sharedArt({"#"});
    auto b = sharedArt({"."});
    cache.get(a, 0);
    cache.get(b, 0);
    cache.pruneUnused();
    EXPECT_EQ(cache.size(), 2u);
}

TEST(MaskCache, MaskOutlivesTheCacheEntry) {
    MaskCache cache;
    auto image = sharedArt({"#.#"});
    auto mask = cache.get(image, 0);
    cache.clear();
    EXPECT_EQ(cache.size(), 0u);
    EXPECT_EQ(mask->solidCount(), 2);
}

TEST(MaskCache, ClearMakesTheNextRequestBuildAgain) {
    MaskCache cache;
    auto image = sharedArt({"#"});
    auto before = cache.get(image, 0);
    cache.clear();
    auto after = cache.get(image, 0);
    EXPECT_EQ(cache.size(), 1u);
    EXPECT_NE(before.get(), after.get());
    EXPECT_EQ(after->solidCount(), 1);
}

TEST(MaskCache, EmptyImageGivesAnEmptyMask) {
    MaskCache cache;
    auto mask = cache.get(sharedArt({"...", "..."}), 0);
    EXPECT_EQ(mask->solidCount(), 0);
    EXPECT_TRUE(mask->tightBounds().empty());
}

}  // namespace
}  // namespace cl
