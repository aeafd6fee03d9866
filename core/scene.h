#pragma once
// Scene: the sprites, settings and expectations a scene file holds (format in README.md).

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/image.h"
#include "core/pair_transform.h"
#include "core/sprite_transform.h"

namespace cl {

/// One sprite of a scene.
struct SceneSprite {
    std::string name;                          ///< Unique, non-empty, no '/'.
    std::string image;                         ///< As written in the file: a relative path or a data: URI.
    std::filesystem::path imagePath;           ///< Absolute path the image was read from; empty when embedded.
    std::shared_ptr<const RgbaImage> pixels;   ///< The decoded image (never null in a loaded scene).
    SpriteTransform transform;
    int alphaThreshold = 0;                    ///< 0..255; a pixel is solid when alpha > threshold.
};

/// A whole scene file in memory.
struct Scene {
    std::string title;
    std::string notes;
    Sampling sampling = Sampling::Center;
    std::vector<SceneSprite> sprites;
    /// expect["F/R"]["pixel-naive"] = {"hit": true, "overlap": 312}: what the reporter expected.
    nlohmann::json expect = nlohmann::json::object();
    /// Owned by the app (camera, overlays, selected pair); kept as written.
    nlohmann::json view = nlohmann::json::object();
};

}  // namespace cl
