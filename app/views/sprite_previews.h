#pragma once
// SpritePreviews: per-image alpha histograms and per-(image, threshold) solid-pixel previews for the
// Sprites panel, computed once and kept while the image is in use.

#include <array>
#include <map>
#include <memory>
#include <utility>

#include <SFML/Graphics/Texture.hpp>

#include "core/base/alpha_mask.h"
#include "core/base/image.h"

namespace cl {

/// Bins of the alpha histogram (each covers 256 / kHistogramBins alpha levels).
inline constexpr int kHistogramBins = 64;

/// Caches histograms and solid-pixel preview textures.
class SpritePreviews {
public:
    /// Pixel counts per alpha bin of `image`.
    const std::array<float, kHistogramBins>& histogram(const std::shared_ptr<const RgbaImage>& image);
    /// A texture showing `mask`'s solid pixels in the image's colours and the others as a dark checkerboard.
    const sf::Texture* solidPreview(const std::shared_ptr<const RgbaImage>& image, int threshold);
    /// Drops entries whose image nobody else holds.
    void prune();

private:
    struct Histogram {
        std::shared_ptr<const RgbaImage> image;
        std::array<float, kHistogramBins> bins{};
    };
    struct Preview {
        std::shared_ptr<const RgbaImage> image;
        std::unique_ptr<sf::Texture> texture;
    };
    std::map<const RgbaImage*, Histogram> m_histograms;
    std::map<std::pair<const RgbaImage*, int>, Preview> m_previews;
};

}  // namespace cl
