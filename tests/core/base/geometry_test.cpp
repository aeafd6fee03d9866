#include <gtest/gtest.h>

#include "core/base/geometry.h"

namespace cl {
namespace {

TEST(IntRect, IsHalfOpen) {
    const IntRect r{1, 2, 4, 3};
    EXPECT_EQ(r.width(), 3);
    EXPECT_EQ(r.height(), 1);
    EXPECT_FALSE(r.empty());
}

TEST(IntRect, ZeroOrNegativeExtentIsEmpty) {
    EXPECT_TRUE((IntRect{}).empty());
    EXPECT_TRUE((IntRect{2, 0, 2, 5}).empty());
    EXPECT_TRUE((IntRect{0, 3, 5, 3}).empty());
    EXPECT_TRUE((IntRect{4, 0, 1, 5}).empty());
}

TEST(OverlapsPositively, SharedAreaIsAnOverlap) {
    const Rect a{{0, 0}, {2, 2}};
    EXPECT_TRUE(overlapsPositively(a, Rect{{1, 1}, {3, 3}}));
    EXPECT_TRUE(overlapsPositively(a, Rect{{0.5, 0.5}, {1, 1}}));  // inside
    EXPECT_TRUE(overlapsPositively(Rect{{0.5, 0.5}, {1, 1}}, a));
    EXPECT_TRUE(overlapsPositively(a, a));
}

TEST(OverlapsPositively, TouchingIsNoOverlap) {
    const Rect a{{0, 0}, {2, 2}};
    EXPECT_FALSE(overlapsPositively(a, Rect{{2, 0}, {3, 2}}));
    EXPECT_FALSE(overlapsPositively(a, Rect{{0, 2}, {2, 3}}));
    EXPECT_FALSE(overlapsPositively(a, Rect{{2, 2}, {3, 3}}));
    EXPECT_FALSE(overlapsPositively(a, Rect{{-1, -1}, {0, 0}}));
}

TEST(OverlapsPositively, ADegenerateRectangleOverlapsNothing) {
    const Rect a{{0, 0}, {2, 2}};
    EXPECT_FALSE(overlapsPositively(a, Rect{{1, 0}, {1, 2}}));  // zero width
    EXPECT_FALSE(overlapsPositively(a, Rect{{0, 1}, {2, 1}}));  // zero height
}

TEST(Intersection, IsTheSharedRegion) {
    const Rect r = intersection(Rect{{0, 0}, {2, 3}}, Rect{{1, -1}, {5, 2}});
    EXPECT_EQ(r, (Rect{{1, 0}, {2, 2}}));
    EXPECT_EQ(r.size(), glm::dvec2(1, 2));
}

TEST(Intersection, HasNegativeSizeOnAnAxisWhereTheRectanglesDoNotMeet) {
    const Rect r = intersection(Rect{{0, 0}, {1, 1}}, Rect{{3, 0.5}, {4, 2}});
    EXPECT_EQ(r.size().x, -2.0);
    EXPECT_EQ(r.size().y, 0.5);
}

}  // namespace
}  // namespace cl
