#include <gtest/gtest.h>

#include "core/alpha_mask.h"

namespace cl {
namespace {

RgbaImage imageWithAlphas(int w, int h, std::initializer_list<int> alphas) {
    RgbaImage img{w, h, std::vector<std::uint8_t>(static_cast<std::size_t>(w) * h * 4, 0)};
    int i = 0;
    for (int a : alphas) img.pixels[static_cast<std::size_t>(i++) * 4 + 3] = static_cast<std::uint8_t>(a);
    return img;
}

TEST(AlphaMask, PixelAtThresholdIsNotSolid) {
    AlphaMask mask(imageWithAlphas(3, 1, {9, 10, 11}), 10);
    EXPECT_FALSE(mask.solid(0, 0));
    EXPECT_FALSE(mask.solid(1, 0));
    EXPECT_TRUE(mask.solid(2, 0));
    EXPECT_EQ(mask.solidCount(), 1);
}

}  // namespace
}  // namespace cl
