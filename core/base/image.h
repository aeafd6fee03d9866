#pragma once
// RgbaImage: the plain pixel buffer every other core module starts from.

#include <cstdint>
#include <vector>

namespace cl {

/// Eight-bit RGBA pixels, row-major, top-left origin, no padding between rows.
struct RgbaImage {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> pixels;  ///< width * height * 4 bytes: R, G, B, A per pixel.

    /// Alpha of pixel (x, y); the caller keeps (x, y) inside the image.
    std::uint8_t alpha(int x, int y) const { return pixels[(static_cast<std::size_t>(y) * width + x) * 4 + 3]; }
};

}  // namespace cl
