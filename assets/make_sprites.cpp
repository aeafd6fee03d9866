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

// ---- The sprite sheet: an animated character (8 frames of a sword swing) and a spinning saw (4 frames), packed
// into one atlas the way TexturePacker exports one: frames trimmed to their visible pixels except the saw's, some
// stored turned 90 degrees clockwise, described twice (TexturePacker JSON hash with pivots, Aseprite JSON array
// with durations and frameTags).

/// The triangle a, b, c in either winding.
Shape triangle(Point a, Point b, Point c) {
    return [=](Point p) {
        auto side = [](Point u, Point v, Point q) { return (v.x - u.x) * (q.y - u.y) - (v.y - u.y) * (q.x - u.x); };
        const double d1 = side(a, b, p), d2 = side(b, c, p), d3 = side(c, a, p);
        return (d1 >= 0 && d2 >= 0 && d3 >= 0) || (d1 <= 0 && d2 <= 0 && d3 <= 0);
    };
}

Point polar(Point centre, double radius, double degrees) {
    const double r = degrees * 3.14159265358979323846 / 180.0;
    return {centre.x + radius * std::cos(r), centre.y + radius * std::sin(r)};
}

/// Frame k of the hero's swing (48 x 64): the sword turns from behind the head (k = 0) to low in front (k = 7).
Canvas drawHero(int k) {
    Canvas c(48, 64);
    const Point shoulder{24, 30};
    const double angle = -150.0 + 30.0 * k;  // degrees, clockwise on screen from +x
    const Point tip = polar(shoulder, 22, angle);
    const Point left = polar(shoulder, 2, angle - 90), right = polar(shoulder, 2, angle + 90);
    c.fill(rect(17, 56, 22, 63), {60, 45, 30});  // legs
    c.fill(rect(26, 56, 31, 63), {60, 45, 30});
    fillWithRim(c, unite({rect(16, 24, 32, 57), disc(24, 15, 8)}), {25, 45, 95}, {70, 110, 200}, 1.5);
    c.fill(disc(24, 15, 6), {235, 190, 150});  // face
    c.fill(convexPolygon({left, {tip.x + (left.x - shoulder.x) * 0.3, tip.y + (left.y - shoulder.y) * 0.3},
                          {tip.x + (right.x - shoulder.x) * 0.3, tip.y + (right.y - shoulder.y) * 0.3}, right}),
           {200, 205, 215});
    return c;
}

/// Frame k of the spinning saw (40 x 40): eight teeth, a quarter tooth further round each frame.
Canvas drawSaw(int k) {
    Canvas c(40, 40);
    const Point centre{20, 20};
    std::vector<Shape> teeth{disc(20, 20, 12)};
    for (int t = 0; t < 8; ++t) {
        const double a = 45.0 * t + 11.25 * k;
        teeth.push_back(triangle(polar(centre, 11, a - 14), polar(centre, 18.5, a + 10), polar(centre, 11, a + 14)));
    }
    fillWithRim(c, unite(std::move(teeth)), {70, 70, 80}, {170, 175, 185}, 1.5);
    c.fill(disc(20, 20, 4), {50, 50, 60});
    return c;
}

/// One frame as packed: its name, art, where it sits and how.
struct PackedFrame {
    std::string name;
    int sourceW = 0, sourceH = 0;
    int trimX = 0, trimY = 0, w = 0, h = 0;  // the stored pixels inside the source frame
    int atlasX = 0, atlasY = 0;
    bool trimmed = false;
    bool rotated = false;
    int durationMs = 0;
    std::vector<std::uint8_t> source;  // the untrimmed RGBA
};

/// The packed atlas: its RGBA pixels and frames.
struct PackedAtlas {
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgba;
    std::vector<PackedFrame> frames;
};

PackedAtlas packAtlas() {
    std::vector<PackedFrame> frames;
    auto add = [&](std::string name, const Canvas& canvas, bool trim, bool rotate, int durationMs) {
        PackedFrame f;
        f.name = std::move(name);
        f.sourceW = canvas.width();
        f.sourceH = canvas.height();
        f.source = canvas.rgba();
        int x0 = f.sourceW, y0 = f.sourceH, x1 = -1, y1 = -1;
        for (int y = 0; y < f.sourceH; ++y) {
            for (int x = 0; x < f.sourceW; ++x) {
                if (f.source[(static_cast<std::size_t>(y) * f.sourceW + x) * 4 + 3] == 0) continue;
                x0 = std::min(x0, x), y0 = std::min(y0, y), x1 = std::max(x1, x), y1 = std::max(y1, y);
            }
        }
        f.trimmed = trim && (x0 > 0 || y0 > 0 || x1 < f.sourceW - 1 || y1 < f.sourceH - 1);
        if (f.trimmed) f.trimX = x0, f.trimY = y0, f.w = x1 - x0 + 1, f.h = y1 - y0 + 1;
        else f.w = f.sourceW, f.h = f.sourceH;
        f.rotated = rotate;
        f.durationMs = durationMs;
        frames.push_back(std::move(f));
    };
    // Hero frames 2 and 5 and saw frame 1 are stored rotated; the saw is never trimmed.
    for (int k = 0; k < 8; ++k) add("hero_" + std::to_string(k), drawHero(k), true, k == 2 || k == 5, 80);
    for (int k = 0; k < 4; ++k) add("saw_" + std::to_string(k), drawSaw(k), false, k == 1, 50);

    // Shelf packing in frame order, one transparent pixel between frames.
    PackedAtlas atlas;
    atlas.width = 256;
    int x = 1, y = 1, shelf = 0;
    for (auto& f : frames) {
        const int w = f.rotated ? f.h : f.w, h = f.rotated ? f.w : f.h;
        if (x + w + 1 > atlas.width) x = 1, y += shelf + 1, shelf = 0;
        f.atlasX = x, f.atlasY = y;
        x += w + 1;
        shelf = std::max(shelf, h);
    }
    atlas.height = y + shelf + 1;
    atlas.rgba.assign(static_cast<std::size_t>(atlas.width) * atlas.height * 4, 0);
    for (const auto& f : frames) {
        for (int ty = 0; ty < f.h; ++ty) {
            for (int tx = 0; tx < f.w; ++tx) {
                // Turned 90 degrees clockwise, the frame's pixel (tx, ty) lands at (h-1-ty, tx) of its h x w block.
                const int ax = f.atlasX + (f.rotated ? f.h - 1 - ty : tx);
                const int ay = f.atlasY + (f.rotated ? tx : ty);
                const std::size_t from = (static_cast<std::size_t>(f.trimY + ty) * f.sourceW + f.trimX + tx) * 4;
                const std::size_t to = (static_cast<std::size_t>(ay) * atlas.width + ax) * 4;
                std::copy_n(&f.source[from], 4, &atlas.rgba[to]);
            }
        }
    }
    atlas.frames = std::move(frames);
    return atlas;
}

std::string frameRecord(const PackedFrame& f, bool pivot, bool duration) {
    char buffer[512];
    std::snprintf(buffer, sizeof buffer,
                  "\"frame\": {\"x\": %d, \"y\": %d, \"w\": %d, \"h\": %d},\n"
                  "      \"rotated\": %s,\n"
                  "      \"trimmed\": %s,\n"
                  "      \"spriteSourceSize\": {\"x\": %d, \"y\": %d, \"w\": %d, \"h\": %d},\n"
                  "      \"sourceSize\": {\"w\": %d, \"h\": %d}",
                  f.atlasX, f.atlasY, f.w, f.h, f.rotated ? "true" : "false", f.trimmed ? "true" : "false", f.trimX, f.trimY, f.w, f.h,
                  f.sourceW, f.sourceH);
    std::string text = buffer;
    // The hero stands on its pivot (the feet); the saw turns about its centre.
    if (pivot) text += f.name.starts_with("hero") ? ",\n      \"pivot\": {\"x\": 0.5, \"y\": 1}" : ",\n      \"pivot\": {\"x\": 0.5, \"y\": 0.5}";
    if (duration) text += ",\n      \"duration\": " + std::to_string(f.durationMs);
    return text;
}

/// TexturePacker's "JSON (Hash)" export of the atlas.
std::string texturePackerJson(const PackedAtlas& atlas) {
    std::string text = "{\n  \"frames\": {\n";
    for (std::size_t i = 0; i < atlas.frames.size(); ++i) {
        text += "    \"" + atlas.frames[i].name + "\": {\n      " + frameRecord(atlas.frames[i], true, false) + "\n    }" +
                (i + 1 < atlas.frames.size() ? ",\n" : "\n");
    }
    text += "  },\n  \"meta\": {\n    \"app\": \"https://www.codeandweb.com/texturepacker\",\n    \"version\": \"1.0\",\n"
            "    \"image\": \"atlas.png\",\n    \"format\": \"RGBA8888\",\n    \"size\": {\"w\": " +
            std::to_string(atlas.width) + ", \"h\": " + std::to_string(atlas.height) + "},\n    \"scale\": \"1\"\n  }\n}\n";
    return text;
}

/// Aseprite's "Array" export of the same atlas, with durations and the two animations as frame tags.
std::string asepriteJson(const PackedAtlas& atlas) {
    std::string text = "{\n  \"frames\": [\n";
    for (std::size_t i = 0; i < atlas.frames.size(); ++i) {
        text += "    {\n      \"filename\": \"" + atlas.frames[i].name + "\",\n      " + frameRecord(atlas.frames[i], false, true) + "\n    }" +
                (i + 1 < atlas.frames.size() ? ",\n" : "\n");
    }
    text += "  ],\n  \"meta\": {\n    \"app\": \"https://www.aseprite.org/\",\n    \"version\": \"1.3\",\n"
            "    \"image\": \"atlas.png\",\n    \"format\": \"RGBA8888\",\n    \"size\": {\"w\": " +
            std::to_string(atlas.width) + ", \"h\": " + std::to_string(atlas.height) + "},\n    \"scale\": \"1\",\n"
            "    \"frameTags\": [\n"
            "      {\"name\": \"swing\", \"from\": 0, \"to\": 7, \"direction\": \"forward\"},\n"
            "      {\"name\": \"spin\", \"from\": 8, \"to\": 11, \"direction\": \"forward\"}\n"
            "    ]\n  }\n}\n";
    return text;
}

/// The atlas's files: (name, contents); PNG contents are the RGBA pixels, checked by decoding.
struct AtlasFiles {
    PackedAtlas atlas;
    std::string texturePacker;
    std::string aseprite;
};

AtlasFiles atlasFiles() {
    AtlasFiles files;
    files.atlas = packAtlas();
    files.texturePacker = texturePackerJson(files.atlas);
    files.aseprite = asepriteJson(files.atlas);
    return files;
}

bool writeText(const std::filesystem::path& file, const std::string& text) {
    std::FILE* out = std::fopen(file.c_str(), "wb");
    if (!out) return false;
    const bool ok = std::fwrite(text.data(), 1, text.size(), out) == text.size();
    return std::fclose(out) == 0 && ok;
}

std::string readText(const std::filesystem::path& file) {
    std::string text;
    if (std::FILE* in = std::fopen(file.c_str(), "rb")) {
        char buffer[4096];
        std::size_t n;
        while ((n = std::fread(buffer, 1, sizeof buffer, in)) > 0) text.append(buffer, n);
        std::fclose(in);
    }
    return text;
}

int writeAtlas(const std::filesystem::path& dir) {
    const AtlasFiles files = atlasFiles();
    const std::filesystem::path png = dir / "atlas.png";
    if (!stbi_write_png(png.c_str(), files.atlas.width, files.atlas.height, 4, files.atlas.rgba.data(), files.atlas.width * 4) ||
        !writeText(dir / "atlas.json", files.texturePacker) || !writeText(dir / "atlas-aseprite.json", files.aseprite)) {
        std::fprintf(stderr, "make_sprites: cannot write the atlas into %s\n", dir.c_str());
        return 2;
    }
    std::printf("wrote %s (%dx%d, %zu frames) with atlas.json and atlas-aseprite.json\n", png.c_str(), files.atlas.width,
                files.atlas.height, files.atlas.frames.size());
    return 0;
}

int checkAtlas(const std::filesystem::path& dir) {
    const AtlasFiles files = atlasFiles();
    int differing = 0;
    const std::filesystem::path png = dir / "atlas.png";
    int w = 0, h = 0, channels = 0;
    stbi_uc* data = stbi_load(png.c_str(), &w, &h, &channels, 4);
    if (!data || w != files.atlas.width || h != files.atlas.height || !std::equal(files.atlas.rgba.begin(), files.atlas.rgba.end(), data)) {
        std::fprintf(stderr, "%s: differs from what make_sprites packs (rebuild the `sprites` target)\n", png.c_str());
        ++differing;
    }
    if (data) stbi_image_free(data);
    for (const auto& [name, text] : {std::pair{"atlas.json", &files.texturePacker}, std::pair{"atlas-aseprite.json", &files.aseprite}}) {
        if (readText(dir / name) != *text) {
            std::fprintf(stderr, "%s: differs from what make_sprites writes (rebuild the `sprites` target)\n", (dir / name).c_str());
            ++differing;
        }
    }
    return differing;
}

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
    return writeAtlas(dir);
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
    differing += checkAtlas(dir);
    if (differing == 0) std::printf("all %zu sprites and the atlas match\n", std::size(kSprites));
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
