#pragma once
// SpriteTextures: one GPU texture per decoded image, nearest-neighbour so zoomed pixels stay square.

#include <map>
#include <memory>

#include <SFML/Graphics/Texture.hpp>

#include "core/base/image.h"

namespace cl {

/// Uploads each image once and hands out its texture; images no longer used elsewhere are dropped by prune().
class SpriteTextures {
public:
    /// The texture of `image` (uploaded on first use); nullptr for an empty image or a failed upload.
    const sf::Texture* get(const std::shared_ptr<const RgbaImage>& image);
    /// A gray (luminance) copy of `image`'s texture, alpha kept: the local view's ghosts.
    const sf::Texture* getGray(const std::shared_ptr<const RgbaImage>& image);
    /// Drops textures whose image is held by nobody but this cache.
    void prune();

private:
    struct Entry {
        std::shared_ptr<const RgbaImage> image;  // keeps the key's address from being reused
        std::unique_ptr<sf::Texture> texture;
    };
    const sf::Texture* lookup(std::map<const RgbaImage*, Entry>& entries, const std::shared_ptr<const RgbaImage>& image, bool gray);

    std::map<const RgbaImage*, Entry> m_entries;
    std::map<const RgbaImage*, Entry> m_grayEntries;
};

/// An sf::Image copy of an RGBA image (for textures and screenshots).
sf::Image toSfImage(const RgbaImage& image);

}  // namespace cl
