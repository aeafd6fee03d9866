#pragma once
// A colour swatch and its name for a tool's panel, as in the Legend.

#include <cstdint>

namespace cl {

/// Draws a swatch of `rgba` (0xRRGGBBAA), 0.8 of the font size, and `label`, with `tooltip` on hover; after the first key of a
/// row (`first` false) it goes on the same line while it fits.
void colourKey(const char* label, std::uint32_t rgba, const char* tooltip, bool first);

}  // namespace cl
