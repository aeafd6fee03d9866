#pragma once
// SceneImages: the images, atlases and frames one scene read decodes, each once, within the scene's pixel
// budget (kMaxScenePixels, given by the reader). The scene reader asks it; it knows nothing of JSON or problem paths.

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <string>

#include "core/base/image.h"
#include "core/scene/atlas.h"
#include "core/scene/frame_image.h"

namespace cl {

/// Decodes and caches what a scene's sprites show; sprites sharing an image share its pixels.
class SceneImages {
public:
    /// A cache whose images and cut frames may hold at most `maxPixels` pixels together.
    explicit SceneImages(std::int64_t maxPixels) : m_maxPixels(maxPixels) {}

    /// The image `image` names (a data: URI, else the file at `file`), decoded once per `key`; null with
    /// `error` set when it cannot be read or would take the scene past its pixel budget.
    std::shared_ptr<const RgbaImage> image(const std::string& key, const std::string& image, const std::filesystem::path& file,
                                           std::string& error);
    /// The atlas description at `file` (`written` as the scene names it, for messages), parsed once; null with
    /// `error` set when it cannot be read.
    std::shared_ptr<const Atlas> atlas(const std::filesystem::path& file, const std::string& written, std::string& error);
    /// `ref` of `sheet` flipped by `flip`, cut once per sheet, frame and flip; a cut frame counts towards the
    /// pixel budget once. Null with `error` set when the frame does not exist or the budget is exceeded.
    std::shared_ptr<const RgbaImage> frame(const std::shared_ptr<const RgbaImage>& sheet, const Atlas* atlas, const FrameRef& ref,
                                           FrameFlip flip, std::string& error);

private:
    struct CachedImage {
        std::shared_ptr<const RgbaImage> pixels;
        std::string error;
    };
    struct CachedAtlas {
        std::shared_ptr<const Atlas> atlas;
        std::string error;
    };
    std::map<std::string, CachedImage> m_images;
    std::map<std::string, CachedAtlas> m_atlases;
    FrameImageCache m_frames;
    std::set<const RgbaImage*> m_countedFrames;
    std::int64_t m_maxPixels;
    std::int64_t m_totalPixels = 0;
};

}  // namespace cl
