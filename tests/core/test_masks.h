#pragma once
// Test helpers: images and masks drawn as ASCII art, and bodies placed with a few arguments.
//
// Art alphabet, one character per pixel, rows top to bottom:
//   '.' alpha 0, '#' alpha 255, a digit d alpha 25 * d (so '4' is 100; '0' is 0).

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec2.hpp>

#include "core/base/alpha_mask.h"
#include "core/base/collision_result.h"
#include "core/base/image.h"
#include "core/base/sprite_transform.h"

namespace cl {

/// Lets GoogleTest print a hit in failure messages.
inline void PrintTo(const PixelHit& h, std::ostream* os) {
    *os << "{a (" << h.a.x << "," << h.a.y << ") b (" << h.b.x << "," << h.b.y << ") world (" << h.world.x << ","
        << h.world.y << ")}";
}

}  // namespace cl

namespace cl::testing {

/// Alpha of one art character; throws std::invalid_argument for a character outside the alphabet.
inline std::uint8_t alphaFromArt(char c) {
    if (c == '.') return 0;
    if (c == '#') return 255;
    if (c >= '0' && c <= '9') return static_cast<std::uint8_t>(25 * (c - '0'));
    throw std::invalid_argument(std::string("test art: unknown pixel character '") + c + "'");
}

/// An RGBA image from art rows (all the same length); colour channels are 0. No rows gives a 0x0 image.
inline RgbaImage imageFromArt(const std::vector<std::string>& rows) {
    RgbaImage image;
    image.height = static_cast<int>(rows.size());
    image.width = rows.empty() ? 0 : static_cast<int>(rows.front().size());
    image.pixels.assign(static_cast<std::size_t>(image.width) * image.height * 4, 0);
    for (int y = 0; y < image.height; ++y) {
        const std::string& row = rows[static_cast<std::size_t>(y)];
        if (static_cast<int>(row.size()) != image.width)
            throw std::invalid_argument("test art: row " + std::to_string(y) + " has " + std::to_string(row.size()) +
                                        " pixels, expected " + std::to_string(image.width));
        for (int x = 0; x < image.width; ++x)
            image.pixels[(static_cast<std::size_t>(y) * image.width + x) * 4 + 3] = alphaFromArt(row[static_cast<std::size_t>(x)]);
    }
    return image;
}

/// The solid mask of art rows at an alpha threshold (default 0: every non-'.' pixel is solid).
inline AlphaMask maskFromArt(const std::vector<std::string>& rows, int threshold = 0) {
    return AlphaMask(imageFromArt(rows), threshold);
}

/// A mask of w x h pixels, all solid.
inline AlphaMask solidMask(int w, int h) {
    return maskFromArt(std::vector<std::string>(static_cast<std::size_t>(h), std::string(static_cast<std::size_t>(w), '#')));
}

/// An L with a hole and a lone pixel: rows of many extents, boxes that are not wholly solid (the covers' tests).
inline AlphaMask lWithHoleMask() {
    return maskFromArt({
        "##########..",
        "##########..",
        "##......##..",
        "##......##..",
        "##########..",
        "####........",
        "####........",
        "####.......#",
        "############",
        "############",
    });
}

/// A mask of w x h pixels, none solid.
inline AlphaMask emptyMask(int w, int h) {
    return maskFromArt(std::vector<std::string>(static_cast<std::size_t>(h), std::string(static_cast<std::size_t>(w), '.')));
}

/// The mask drawn back as art ('#' solid, '.' not), for readable failure messages.
inline std::string artFromMask(const AlphaMask& mask) {
    std::string out;
    for (int y = 0; y < mask.height(); ++y) {
        for (int x = 0; x < mask.width(); ++x) out += mask.solid(x, y) ? '#' : '.';
        out += '\n';
    }
    return out;
}

/// A transform from its four fields; the defaults are the identity.
inline SpriteTransform makeTransform(glm::dvec2 position, glm::dvec2 origin = {0.0, 0.0}, double rotationDeg = 0.0,
                                    glm::dvec2 scale = {1.0, 1.0}) {
    SpriteTransform t;
    t.position = position;
    t.origin = origin;
    t.rotationDeg = rotationDeg;
    t.scale = scale;
    return t;
}

/// Options for a full scan (counts every overlapping sample; lists them when `listHits`).
inline TestOptions fullScan(Sampling sampling, bool listHits = true) {
    TestOptions options;
    options.sampling = sampling;
    options.listHits = listHits;
    return options;
}

/// Options for a hit-only scan (stops at the first overlapping sample).
inline TestOptions hitOnlyScan(Sampling sampling) {
    TestOptions options;
    options.sampling = sampling;
    options.stopAtFirstHit = true;
    return options;
}

/// A body whose mask's top-left corner sits at `position`, unrotated and unscaled.
inline Body bodyAt(const AlphaMask& mask, glm::dvec2 position) { return Body{&mask, makeTransform(position)}; }

/// A body turned by `rotationDeg` and scaled by `scale` about its texture centre, which sits at `centre`.
inline Body bodyAboutCentre(const AlphaMask& mask, glm::dvec2 centre, double rotationDeg, glm::dvec2 scale = {1.0, 1.0}) {
    const glm::dvec2 half{mask.width() / 2.0, mask.height() / 2.0};
    return Body{&mask, makeTransform(centre, half, rotationDeg, scale)};
}

}  // namespace cl::testing
