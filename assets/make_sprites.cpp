// make_sprites: draws every bundled sprite from simple shapes and writes them as PNG files.
//
//   make_sprites OUTPUT_DIR         writes every sprite into OUTPUT_DIR (the `sprites` target uses assets/sprites)
//   make_sprites --check SPRITE_DIR  exits 1 when a sprite in SPRITE_DIR differs from what this program draws
//
// Everything is deterministic: shapes are sampled on a fixed 4x4 grid per pixel, so edges that lie on
// whole pixel coordinates come out hard (alpha 0 or 255) and only curves and slanted edges get soft
// alpha. Sprites whose exact pixels matter (rings, comb) are drawn with hard per-pixel rules instead.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include <stb_image.h>
#include <stb_image_write.h>

namespace cl {
namespace {

/// Straight (not premultiplied) RGBA colour, 0..255 per channel.
struct Color {
    std::uint8_t r = 0, g = 0, b = 0, a = 255;
};

/// A point in pixel units: pixel (i, j) covers [i, i+1] x [j, j+1].
struct Point {
    double x = 0.0;
    double y = 0.0;
};

/// True when a point lies inside the shape.
using Shape = std::function<bool(Point)>;

/// The half-open rectangle [x0, x1) x [y0, y1).
Shape rect(double x0, double y0, double x1, double y1) {
    return [=](Point p) { return p.x >= x0 && p.x < x1 && p.y >= y0 && p.y < y1; };
}

/// The closed disc of radius r around (cx, cy).
Shape disc(double cx, double cy, double r) {
    return [=](Point p) { return (p.x - cx) * (p.x - cx) + (p.y - cy) * (p.y - cy) <= r * r; };
}

/// Points whose distance from (cx, cy) lies in [inner, outer], restricted to x >= cx (a right half ring).
Shape rightHalfRing(double cx, double cy, double inner, double outer) {
    return [=](Point p) {
        const double d2 = (p.x - cx) * (p.x - cx) + (p.y - cy) * (p.y - cy);
        return p.x >= cx && d2 >= inner * inner && d2 <= outer * outer;
    };
}

/// A convex polygon whose corners are listed clockwise on screen (y pointing down).
Shape convexPolygon(std::vector<Point> corners) {
    return [corners = std::move(corners)](Point p) {
        for (std::size_t i = 0; i < corners.size(); ++i) {
            const Point a = corners[i];
            const Point b = corners[(i + 1) % corners.size()];
            // With y down, clockwise corners put the inside to the right of each edge: cross >= 0.
            if ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) < 0.0) return false;
        }
        return true;
    };
}

/// Points inside any of the shapes.
Shape unite(std::vector<Shape> parts) {
    return [parts = std::move(parts)](Point p) {
        for (const Shape& part : parts) {
            if (part(p)) return true;
        }
        return false;
    };
}

/// Points of the shape at least `depth` away from its outside, probed in eight directions.
Shape inset(Shape shape, double depth) {
    return [shape = std::move(shape), depth](Point p) {
        const double k = depth * std::sqrt(0.5);
        const Point probes[] = {{p.x, p.y},         {p.x + depth, p.y}, {p.x - depth, p.y}, {p.x, p.y + depth},
                                {p.x, p.y - depth}, {p.x + k, p.y + k}, {p.x + k, p.y - k}, {p.x - k, p.y + k},
                                {p.x - k, p.y - k}};
        for (const Point& q : probes) {
            if (!shape(q)) return false;
        }
        return true;
    };
}

/// An RGBA picture built by painting layers over each other (premultiplied while painting).
class Canvas {
public:
    /// A fully transparent canvas.
    Canvas(int width, int height)
        : m_width(width), m_height(height), m_premultiplied(static_cast<std::size_t>(width) * height * 4, 0.0) {}

    int width() const { return m_width; }
    int height() const { return m_height; }

    /// Paints the shape in `color`, each pixel weighted by the share of its 4x4 sample grid inside the shape.
    void fill(const Shape& shape, Color color) {
        constexpr int kGrid = 4;
        for (int y = 0; y < m_height; ++y) {
            for (int x = 0; x < m_width; ++x) {
                int inside = 0;
                for (int sy = 0; sy < kGrid; ++sy) {
                    for (int sx = 0; sx < kGrid; ++sx) {
                        const Point p{x + (sx + 0.5) / kGrid, y + (sy + 0.5) / kGrid};
                        if (shape(p)) ++inside;
                    }
                }
                if (inside > 0) paintOver(x, y, color, static_cast<double>(inside) / (kGrid * kGrid));
            }
        }
    }

    /// Paints every pixel the rule accepts in `color`, with full coverage (hard edges).
    void fillPixels(const std::function<bool(int, int)>& solid, Color color) {
        for (int y = 0; y < m_height; ++y) {
            for (int x = 0; x < m_width; ++x) {
                if (solid(x, y)) paintOver(x, y, color, 1.0);
            }
        }
    }

    /// Paints `color` with a per-pixel coverage in [0, 1] evaluated at each pixel centre.
    void fillField(const std::function<double(Point)>& coverage, Color color) {
        for (int y = 0; y < m_height; ++y) {
            for (int x = 0; x < m_width; ++x) {
                const double c = coverage(Point{x + 0.5, y + 0.5});
                if (c > 0.0) paintOver(x, y, color, std::min(c, 1.0));
            }
        }
    }

    /// Straight-alpha 8-bit RGBA, row-major; fully transparent pixels are stored as transparent black.
    std::vector<std::uint8_t> rgba() const {
        std::vector<std::uint8_t> out(m_premultiplied.size(), 0);
        for (std::size_t i = 0; i < m_premultiplied.size(); i += 4) {
            const double a = m_premultiplied[i + 3];
            const long alpha = std::lround(a * 255.0);
            if (alpha == 0) continue;
            for (int c = 0; c < 3; ++c) out[i + c] = toByte(m_premultiplied[i + c] / a);
            out[i + 3] = static_cast<std::uint8_t>(alpha);
        }
        return out;
    }

private:
    static std::uint8_t toByte(double unit) {
        return static_cast<std::uint8_t>(std::lround(std::clamp(unit, 0.0, 1.0) * 255.0));
    }

    void paintOver(int x, int y, Color color, double coverage) {
        double* px = &m_premultiplied[(static_cast<std::size_t>(y) * m_width + x) * 4];
        const double a = coverage * color.a / 255.0;
        const double keep = 1.0 - a;
        px[0] = color.r / 255.0 * a + px[0] * keep;
        px[1] = color.g / 255.0 * a + px[1] * keep;
        px[2] = color.b / 255.0 * a + px[2] * keep;
        px[3] = a + px[3] * keep;
    }

    int m_width;
    int m_height;
    std::vector<double> m_premultiplied;
};

/// Fills a glyph with a darker rim of `rimWidth` pixels so it reads well on any background.
void fillWithRim(Canvas& canvas, const Shape& glyph, Color rim, Color body, double rimWidth) {
    canvas.fill(glyph, rim);
    canvas.fill(inset(glyph, rimWidth), body);
}

// Letter glyphs: 128x128, bold strokes drawn from rectangles (F) and rectangles, a half ring and a
// slanted leg (R), with a 14-pixel transparent margin at the top and bottom.

Canvas drawF() {
    Canvas c(128, 128);
    const Shape glyph = unite({rect(30, 14, 54, 114),     // stem
                               rect(30, 14, 102, 36),     // top bar
                               rect(30, 56, 88, 76)});    // middle bar
    fillWithRim(c, glyph, {20, 50, 120}, {70, 130, 225}, 3.0);
    return c;
}

Canvas drawR() {
    Canvas c(128, 128);
    // The bowl is two bars joined by a half ring whose radii meet the bars' edges exactly.
    const Shape glyph = unite({rect(28, 14, 52, 114),                              // stem
                               rect(28, 14, 74, 36),                               // top of the bowl
                               rect(28, 58, 74, 80),                               // bottom of the bowl
                               rightHalfRing(74, 47, 11, 33),                      // round side of the bowl
                               convexPolygon({{50, 74}, {74, 74}, {106, 114}, {80, 114}})});  // leg
    fillWithRim(c, glyph, {125, 40, 15}, {235, 115, 60}, 3.0);
    return c;
}

// The spinning block of the falling-blocks tutorial: a plus sign, 64x64. The arms span columns
// 3..60; the odd margin matters to the sampling lesson (a half-pixel placement ties on an odd column).
Canvas drawCross() {
    Canvas c(64, 64);
    const Shape glyph = unite({rect(3, 22, 61, 42), rect(22, 3, 42, 61)});
    fillWithRim(c, glyph, {110, 15, 15}, {215, 45, 45}, 3.0);
    return c;
}

// The falling-blocks game's person, 48x64: round head, body, arms and two legs.
Canvas drawPerson() {
    Canvas c(48, 64);
    c.fill(unite({rect(16, 44, 23, 62), rect(25, 44, 32, 62)}), {50, 70, 150});   // legs
    c.fill(unite({rect(15, 20, 33, 46), rect(5, 22, 43, 29)}), {50, 160, 80});    // body and arms
    c.fill(rect(21, 17, 27, 21), {225, 180, 140});                               // neck
    c.fill(disc(24, 10, 8), {240, 200, 160});                                      // head
    return c;
}

// A thin wedge along the diagonal of a 128x128 image: its box, rotated or cropped, is mostly empty.
Canvas drawTriangle() {
    Canvas c(128, 128);
    const Shape glyph = convexPolygon({{6, 6}, {122, 90}, {90, 122}});
    fillWithRim(c, glyph, {140, 110, 10}, {245, 205, 45}, 2.5);
    return c;
}

// A ball (alpha 255) with a soft drop shadow whose alpha never exceeds kShadowAlpha, 96x96.
constexpr double kShadowAlpha = 120.0;

Canvas drawShadow() {
    Canvas c(96, 96);
    c.fillField(
        [](Point p) {
            // sqrt is correctly rounded everywhere (hypot need not be), so the PNG is the same on every libm.
            const double dx = p.x - 50.0, dy = p.y - 53.0;
            const double d = std::sqrt(dx * dx + dy * dy);
            // Full shadow up to radius 20, fading smoothly to nothing at radius 36.
            const double t = std::clamp((36.0 - d) / 16.0, 0.0, 1.0);
            return kShadowAlpha / 255.0 * t * t * (3.0 - 2.0 * t);
        },
        {0, 0, 0});
    c.fill(disc(40, 40, 28), {70, 150, 230});
    c.fill(disc(32, 30, 9), {200, 230, 255, 170});
    return c;
}

// Two concentric rings with hard edges, sized so that with both images centred on the same point
// (origin at width/2, height/2) their solid pixels are exactly 2 pixels apart along the axes and
// nowhere closer. Distances are measured on pixel centres in units of half a pixel, so they are exact.
constexpr int kRingInnerSize = 48;
constexpr int kRingOuterSize = 64;

/// Squared distance, in half-pixel units, from the centre of pixel (x, y) to the centre of a size x size image.
int halfUnitDistance2(int x, int y, int size) {
    const int dx = 2 * x + 1 - size;
    const int dy = 2 * y + 1 - size;
    return dx * dx + dy * dy;
}

/// Pixel (x, y) of the inner image belongs to the inner ring's filled disc (radius 22 pixels).
bool inInnerDisc(int x, int y) {
    return halfUnitDistance2(x, y, kRingInnerSize) <= 4 * 22 * 22;
}

Canvas drawRingInner() {
    Canvas c(kRingInnerSize, kRingInnerSize);
    c.fillPixels([](int x, int y) { return inInnerDisc(x, y) && halfUnitDistance2(x, y, kRingInnerSize) >= 4 * 14 * 14; },
                 {240, 140, 30});
    return c;
}

Canvas drawRingOuter() {
    Canvas c(kRingOuterSize, kRingOuterSize);
    constexpr int kShift = (kRingOuterSize - kRingInnerSize) / 2;
    c.fillPixels(
        [](int x, int y) {
            if (halfUnitDistance2(x, y, kRingOuterSize) > 4 * 31 * 31) return false;
            // Keep three pixels (a 2-pixel gap) between this pixel and any pixel of the inner disc,
            // in both x and y: no inner pixel within the 5x5 block around it.
            for (int dy = -2; dy <= 2; ++dy) {
                for (int dx = -2; dx <= 2; ++dx) {
                    const int ix = x + dx - kShift;
                    const int iy = y + dy - kShift;
                    if (ix >= 0 && iy >= 0 && ix < kRingInnerSize && iy < kRingInnerSize && inInnerDisc(ix, iy)) return false;
                }
            }
            return true;
        },
        {60, 120, 220});
    return c;
}

// A comb, 96x48: a spine on rows 2..9 and 16 teeth two pixels wide every 6 columns (columns 6j+2 and
// 6j+3) on rows 10..43. A copy turned 180 degrees fits between the teeth with a 1-pixel gap on every side.
Canvas drawComb() {
    Canvas c(96, 48);
    std::vector<Shape> parts{rect(2, 2, 94, 10)};
    for (int j = 0; j < 16; ++j) parts.push_back(rect(6 * j + 2, 10, 6 * j + 4, 44));
    c.fill(unite(std::move(parts)), {175, 120, 60});
    return c;
}

// Two 512x512 sprites for the sandbox's speed check (scenes/speed-512.json): a planet with craters and
// a tilted slab whose sides are the perpendicular vectors (342, 130) and (-130, 342).
Canvas drawPlanet() {
    Canvas c(512, 512);
    fillWithRim(c, disc(256, 256, 244), {30, 70, 40}, {80, 160, 95}, 4.0);
    c.fill(disc(190, 200, 40), {60, 125, 75});
    c.fill(disc(320, 330, 60), {60, 125, 75});
    c.fill(disc(330, 160, 25), {60, 125, 75});
    return c;
}

Canvas drawSlab() {
    Canvas c(512, 512);
    fillWithRim(c, convexPolygon({{150, 20}, {492, 150}, {362, 492}, {20, 362}}), {90, 60, 120}, {160, 120, 200}, 4.0);
    return c;
}

// Motion lessons (lesson-20..22): a 8x1 bullet, a 6x48 wall and a 96x4 blade, all hard-edged rectangles,
// so the pixel arithmetic of their time of impact can be done on paper.
Canvas drawBullet() {
    Canvas c(8, 1);
    c.fillPixels([](int, int) { return true; }, {235, 200, 60});
    return c;
}

Canvas drawWall() {
    Canvas c(6, 48);
    c.fillPixels([](int, int) { return true; }, {120, 120, 135});
    return c;
}

Canvas drawBlade() {
    Canvas c(96, 4);
    c.fillPixels([](int, int) { return true; }, {200, 210, 230});
    return c;
}

/// One bundled sprite: its file name and how to draw it.
struct SpriteRecipe {
    std::string_view file;
    Canvas (*draw)();
};

/// Every bundled sprite, in the order they are written.
constexpr SpriteRecipe kSprites[] = {
    {"F.png", drawF},
    {"R.png", drawR},
    {"cross.png", drawCross},
    {"person.png", drawPerson},
    {"triangle.png", drawTriangle},
    {"shadow.png", drawShadow},
    {"ring_inner.png", drawRingInner},
    {"ring_outer.png", drawRingOuter},
    {"comb.png", drawComb},
    {"planet.png", drawPlanet},
    {"slab.png", drawSlab},
    {"bullet.png", drawBullet},
    {"wall.png", drawWall},
    {"blade.png", drawBlade},
};

int writeAll(const std::filesystem::path& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) {
        std::fprintf(stderr, "make_sprites: cannot create %s: %s\n", dir.c_str(), ec.message().c_str());
        return 2;
    }
    for (const SpriteRecipe& recipe : kSprites) {
        const Canvas canvas = recipe.draw();
        const std::vector<std::uint8_t> pixels = canvas.rgba();
        const std::filesystem::path file = dir / recipe.file;
        if (!stbi_write_png(file.c_str(), canvas.width(), canvas.height(), 4, pixels.data(), canvas.width() * 4)) {
            std::fprintf(stderr, "make_sprites: cannot write %s\n", file.c_str());
            return 2;
        }
        std::printf("wrote %s (%dx%d)\n", file.c_str(), canvas.width(), canvas.height());
    }
    return 0;
}

int checkAll(const std::filesystem::path& dir) {
    int differing = 0;
    for (const SpriteRecipe& recipe : kSprites) {
        const Canvas canvas = recipe.draw();
        const std::vector<std::uint8_t> expected = canvas.rgba();
        const std::filesystem::path file = dir / recipe.file;
        int w = 0, h = 0, channels = 0;
        stbi_uc* data = stbi_load(file.c_str(), &w, &h, &channels, 4);
        if (!data) {
            std::fprintf(stderr, "%s: cannot read: %s\n", file.c_str(), stbi_failure_reason());
            ++differing;
            continue;
        }
        const bool same = w == canvas.width() && h == canvas.height() &&
                          std::equal(expected.begin(), expected.end(), data);
        stbi_image_free(data);
        if (!same) {
            std::fprintf(stderr, "%s: differs from what make_sprites draws (rebuild the `sprites` target)\n", file.c_str());
            ++differing;
        }
    }
    if (differing == 0) std::printf("all %zu sprites match\n", std::size(kSprites));
    return differing == 0 ? 0 : 1;
}

}  // namespace
}  // namespace cl

int main(int argc, char** argv) {
    const std::vector<std::string_view> args(argv + 1, argv + argc);
    if (args.size() == 1 && !args[0].starts_with('-')) return cl::writeAll(args[0]);
    if (args.size() == 2 && args[0] == "--check") return cl::checkAll(args[1]);
    std::fprintf(stderr,
                 "usage: make_sprites OUTPUT_DIR          draw every bundled sprite into OUTPUT_DIR\n"
                 "       make_sprites --check SPRITE_DIR  exit 1 if a sprite in SPRITE_DIR differs from the drawing\n");
    return args.size() == 1 && args[0] == "--help" ? 0 : 2;
}
