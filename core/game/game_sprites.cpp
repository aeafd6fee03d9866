#include "core/game/game_sprites.h"

#include <system_error>
#include <tuple>

#include "core/io/image_io.h"

namespace cl {

GameSpritesResult loadGameSprites(const std::filesystem::path& spritesDir) {
    GameSpritesResult result;
    GameSprites sprites;
    std::error_code ec;
    for (auto [file, image, path] : {std::tuple{kPersonSpriteFile, &sprites.person, &sprites.personPath},
                                     std::tuple{kBlockSpriteFile, &sprites.block, &sprites.blockPath}}) {
        const std::filesystem::path where = std::filesystem::weakly_canonical(spritesDir / file, ec);
        ImageLoadResult loaded = loadImageFile(ec ? spritesDir / file : where);
        if (!loaded.ok()) {
            result.error = loaded.error;
            return result;
        }
        *image = std::make_shared<const RgbaImage>(std::move(*loaded.image));
        *path = ec ? spritesDir / file : where;
    }
    result.sprites = std::move(sprites);
    return result;
}

}  // namespace cl
