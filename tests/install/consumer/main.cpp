#include <cstdio>
#include "core/collision/algorithms.h"

int main() {
    cl::RgbaImage square{4, 4, std::vector<std::uint8_t>(4 * 4 * 4, 255)};  // 4x4, every pixel opaque
    cl::AlphaMask mask(square, 0);
    cl::Body a{&mask, {.position = {0, 0}}}, b{&mask, {.position = {2, 0}}};  // B two pixels to the right
    cl::CollisionResult r = cl::runAlgorithm(*cl::findAlgorithm("pixel-fast"), a, b, {});
    std::printf("hit %d overlap %g\n", r.hit, r.overlap);  // hit 1 overlap 8: two columns of four
}
