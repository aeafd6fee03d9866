#pragma once
// The bundled person and cross, read once for the game tests.

#include <gtest/gtest.h>

#include "core/game/game_sprites.h"

namespace cl::test {

/// The bundled sprites (assets/sprites); fails the test when they cannot be read.
inline const GameSprites& bundledGameSprites() {
    static const GameSpritesResult loaded = loadGameSprites(std::filesystem::path(COLLISION_LAB_SOURCE_DIR) / "assets/sprites");
    EXPECT_TRUE(loaded.ok()) << loaded.error;
    return *loaded.sprites;
}

}  // namespace cl::test
