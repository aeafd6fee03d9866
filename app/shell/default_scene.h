#pragma once
// The scene the sandbox shows when no scene file is given and the bundled default cannot be read:
// the classic test program's F and R.

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "core/base/image.h"
#include "core/scene/scene.h"

namespace cl {

/// A letter drawn as a 5x7 block glyph, `cell` pixels per block, in `rgb` with a faint drop shadow
/// (alpha 48) one cell down and right, so the alpha threshold has something to cut. Letters without
/// a glyph give a filled block.
RgbaImage makeLetterImage(char letter, int cell, std::uint32_t rgb);

/// F and R placed overlapping as in the classic program. Each sprite's image is read from
/// `spritesDir`/F.png and R.png when those load, otherwise drawn with makeLetterImage().
Scene makeDefaultScene(const std::optional<std::filesystem::path>& spritesDir);

}  // namespace cl
