#pragma once
// Proof that a PNG's pixel data is whole: stb_image's own inflater accepts some corrupt zlib streams and
// then hands back pixels it never wrote, so the loader inflates the IDAT stream with zlib first.

#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace cl {

/// Why the PNG in `bytes` (signature included) has pixel data that is not exactly one whole image, or
/// nothing when it is whole: IDAT chunks that run past the file, a zlib stream zlib refuses or that ends
/// early, or inflated data longer or shorter than the image's rows (interlaced passes included).
std::optional<std::string> pngDataProblem(std::span<const std::uint8_t> bytes);

}  // namespace cl
