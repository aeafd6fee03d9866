#include "core/scene/scene_images.h"

#include <utility>

#include "core/io/image_io.h"

namespace cl {

std::shared_ptr<const RgbaImage> SceneImages::image(const std::string& key, const std::string& image,
                                                    const std::filesystem::path& file, std::string& error) {
    auto cached = m_images.find(key);
    if (cached == m_images.end()) {
        ImageLoadResult loaded = isDataUri(image) ? decodeDataUri(image, "embedded image") : loadImageFile(file);
        CachedImage entry;
        if (loaded.ok()) {
            m_totalPixels += std::int64_t(loaded.image->width) * loaded.image->height;
            if (m_totalPixels > m_maxPixels) {
                entry.error = "too many pixels: the scene's images hold more than " + std::to_string(m_maxPixels) +
                              " pixels together";
            } else {
                entry.pixels = std::make_shared<const RgbaImage>(std::move(*loaded.image));
            }
        } else {
            entry.error = loaded.error;
        }
        cached = m_images.emplace(key, std::move(entry)).first;
    }
    if (!cached->second.pixels) error = cached->second.error;
    return cached->second.pixels;
}

std::shared_ptr<const Atlas> SceneImages::atlas(const std::filesystem::path& file, const std::string& written, std::string& error) {
    const std::string key = file.string();
    auto cached = m_atlases.find(key);
    if (cached == m_atlases.end()) {
        AtlasLoadResult loaded = loadAtlas(file);
        CachedAtlas entry;
        if (loaded.ok()) {
            entry.atlas = std::make_shared<const Atlas>(std::move(*loaded.atlas));
        } else {
            loaded.file = written;
            entry.error = loaded.message();
            if (!entry.error.empty() && entry.error.back() == '\n') entry.error.pop_back();
        }
        cached = m_atlases.emplace(key, std::move(entry)).first;
    }
    if (!cached->second.atlas) error = cached->second.error;
    return cached->second.atlas;
}

std::shared_ptr<const RgbaImage> SceneImages::frame(const std::shared_ptr<const RgbaImage>& sheet, const Atlas* atlas,
                                                    const FrameRef& ref, FrameFlip flip, std::string& error) {
    auto image = m_frames.get(sheet, atlas, ref, flip, &error);
    if (!image) return nullptr;
    if (image != sheet && m_countedFrames.insert(image.get()).second) {
        m_totalPixels += std::int64_t(image->width) * image->height;
        if (m_totalPixels > m_maxPixels) {
            error = "too many pixels: the scene's images and frames hold more than " + std::to_string(m_maxPixels) +
                    " pixels together";
            return nullptr;
        }
    }
    return image;
}

}  // namespace cl
