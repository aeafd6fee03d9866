#include "core/contact/contact_map_image.h"

#include <cstdlib>

namespace cl {
namespace {

void put(RgbaImage& image, int x, int y, std::uint32_t rgba) {
    std::uint8_t* p = image.pixels.data() + (static_cast<std::size_t>(y) * image.width + x) * 4;
    p[0] = static_cast<std::uint8_t>(rgba >> 24);
    p[1] = static_cast<std::uint8_t>(rgba >> 16);
    p[2] = static_cast<std::uint8_t>(rgba >> 8);
    p[3] = static_cast<std::uint8_t>(rgba);
}

}  // namespace

RgbaImage contactMapImage(const ContactMap& map, int crossArm) {
    return latticeCellImage(map.window, map.rowsDone, crossArm,
                            [&](glm::ivec2 cell) { return map.hit(cell) ? kMapHitColour : kMapFreeColour; });
}

RgbaImage latticeCellImage(const LatticeWindow& window, int rowsDone, int crossArm,
                           const std::function<std::uint32_t(glm::ivec2)>& colourOf) {
    RgbaImage image;
    image.width = window.width();
    image.height = window.height();
    image.pixels.assign(static_cast<std::size_t>(image.width) * image.height * 4, 0);
    for (int y = 0; y < image.height; ++y) {
        for (int x = 0; x < image.width; ++x) {
            put(image, x, y, y >= rowsDone ? kMapPendingColour : colourOf(window.first + glm::ivec2{x, y}));
        }
    }
    const glm::ivec2 origin = -window.first;
    for (int k = -crossArm; k <= crossArm; ++k) {
        for (const glm::ivec2 p : {origin + glm::ivec2{k, 0}, origin + glm::ivec2{0, k}}) {
            if (p.x >= 0 && p.y >= 0 && p.x < image.width && p.y < image.height) put(image, p.x, p.y, kMapOriginColour);
        }
    }
    return image;
}

}  // namespace cl
