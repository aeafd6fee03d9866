#include "app/views/sprite_previews.h"

#include <vector>

namespace cl {

const std::array<float, kHistogramBins>& SpritePreviews::histogram(const std::shared_ptr<const RgbaImage>& image) {
    auto it = m_histograms.find(image.get());
    if (it == m_histograms.end()) {
        Histogram h;
        h.image = image;
        const std::size_t count = static_cast<std::size_t>(image->width) * image->height;
        for (std::size_t i = 0; i < count && i * 4 + 3 < image->pixels.size(); ++i) {
            h.bins[image->pixels[i * 4 + 3] * kHistogramBins / 256] += 1.0f;
        }
        it = m_histograms.emplace(image.get(), std::move(h)).first;
    }
    return it->second.bins;
}

const sf::Texture* SpritePreviews::solidPreview(const std::shared_ptr<const RgbaImage>& image, int threshold) {
    const auto key = std::make_pair(image.get(), threshold);
    auto it = m_previews.find(key);
    if (it == m_previews.end()) {
        Preview p;
        p.image = image;
        const AlphaMask mask(*image, threshold);
        std::vector<std::uint8_t> rgba(static_cast<std::size_t>(image->width) * image->height * 4);
        for (int y = 0; y < image->height; ++y) {
            for (int x = 0; x < image->width; ++x) {
                const std::size_t i = (static_cast<std::size_t>(y) * image->width + x) * 4;
                if (mask.solid(x, y)) {
                    rgba[i] = image->pixels[i];
                    rgba[i + 1] = image->pixels[i + 1];
                    rgba[i + 2] = image->pixels[i + 2];
                } else {
                    const std::uint8_t shade = ((x / 4 + y / 4) & 1) ? 40 : 56;
                    rgba[i] = rgba[i + 1] = rgba[i + 2] = shade;
                }
                rgba[i + 3] = 255;
            }
        }
        auto texture = std::make_unique<sf::Texture>();
        if (image->width > 0 && texture->create(unsigned(image->width), unsigned(image->height))) {
            texture->update(rgba.data());
            texture->setSmooth(false);
            p.texture = std::move(texture);
        }
        // Only the latest threshold per image is worth keeping: a slider drag visits many.
        for (auto old = m_previews.begin(); old != m_previews.end();) {
            old = old->first.first == image.get() ? m_previews.erase(old) : std::next(old);
        }
        it = m_previews.emplace(key, std::move(p)).first;
    }
    return it->second.texture.get();
}

void SpritePreviews::prune() {
    for (auto it = m_histograms.begin(); it != m_histograms.end();) {
        it = it->second.image.use_count() == 1 ? m_histograms.erase(it) : std::next(it);
    }
    for (auto it = m_previews.begin(); it != m_previews.end();) {
        it = it->second.image.use_count() == 1 ? m_previews.erase(it) : std::next(it);
    }
}

}  // namespace cl
