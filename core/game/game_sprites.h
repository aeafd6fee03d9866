#pragma once
// GameSprites: the person and the block images of the falling-blocks game, read once and shared.

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "core/base/image.h"

namespace cl {

/// The bundled file names the game reads from a sprites folder.
inline constexpr const char* kPersonSpriteFile = "person.png";
inline constexpr const char* kBlockSpriteFile = "cross.png";

/// The two images; the paths are empty for images made in memory (they are then embedded in scenes).
struct GameSprites {
    std::shared_ptr<const RgbaImage> person;
    std::shared_ptr<const RgbaImage> block;
    std::filesystem::path personPath;  ///< Absolute path read from, or empty.
    std::filesystem::path blockPath;   ///< Absolute path read from, or empty.
};

/// The sprites, or why they could not be read.
struct GameSpritesResult {
    std::optional<GameSprites> sprites;
    std::string error;  ///< "<file>: <problem>" on failure.
    /// True on success.
    bool ok() const { return sprites.has_value(); }
};

/// Reads person.png and cross.png from `spritesDir` (the bundled assets/sprites).
GameSpritesResult loadGameSprites(const std::filesystem::path& spritesDir);

}  // namespace cl
