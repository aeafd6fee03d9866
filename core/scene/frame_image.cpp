#include "core/scene/frame_image.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/motion/animation_clock.h"

namespace cl {
namespace {

std::string rectText(const PixelRect& r) {
    std::string text = "[";  // built in place: GCC 12 warns (-Wrestrict, falsely) about "[" + std::string
    text += std::to_string(r.x) + ", " + std::to_string(r.y) + ", " + std::to_string(r.w) + ", " + std::to_string(r.h) + "]";
    return text;
}

/// The cache key's text for a frame reference: equal refs give equal text.
std::string refKey(const FrameRef& ref) {
    switch (ref.kind) {
    case FrameRef::Kind::Rect: return rectText(ref.rect);
    case FrameRef::Kind::Grid:
        return std::to_string(ref.grid.cellW) + "x" + std::to_string(ref.grid.cellH) + "+" + std::to_string(ref.grid.spacing) + "+" +
               std::to_string(ref.grid.margin) + "#" + std::to_string(ref.index);
    case FrameRef::Kind::Atlas: return ref.name;
    case FrameRef::Kind::Whole: break;
    }
    return {};
}

void copyPixel(const RgbaImage& from, int fx, int fy, RgbaImage& to, int tx, int ty) {
    std::memcpy(&to.pixels[(static_cast<std::size_t>(ty) * to.width + tx) * 4],
                &from.pixels[(static_cast<std::size_t>(fy) * from.width + fx) * 4], 4);
}

RgbaImage blank(int width, int height) {
    RgbaImage image;
    image.width = width;
    image.height = height;
    image.pixels.assign(static_cast<std::size_t>(width) * height * 4, 0);
    return image;
}

}  // namespace

glm::ivec2 gridSize(int width, int height, const GridSpec& grid) {
    if (grid.cellW <= 0 || grid.cellH <= 0 || grid.spacing < 0 || grid.margin < 0) return {0, 0};
    auto count = [&](int side, int cell) {
        const long long inner = static_cast<long long>(side) - 2LL * grid.margin;
        if (inner < cell) return 0;
        return static_cast<int>((inner - cell) / (static_cast<long long>(cell) + grid.spacing) + 1);
    };
    return {count(width, grid.cellW), count(height, grid.cellH)};
}

std::optional<PixelRect> gridCellRect(int width, int height, const GridSpec& grid, int index, std::string* error) {
    const glm::ivec2 cells = gridSize(width, height, grid);
    const long long total = static_cast<long long>(cells.x) * cells.y;
    if (index < 0 || index >= total) {
        if (error) {
            *error = "cell " + std::to_string(index) + " is outside the grid: " + std::to_string(cells.x) + " x " + std::to_string(cells.y) +
                     " cells of " + std::to_string(grid.cellW) + "x" + std::to_string(grid.cellH) + " fit the " + std::to_string(width) +
                     "x" + std::to_string(height) + " image" + (total > 0 ? " (indices 0.." + std::to_string(total - 1) + ")" : "");
        }
        return std::nullopt;
    }
    const int column = index % cells.x, row = index / cells.x;
    return PixelRect{grid.margin + column * (grid.cellW + grid.spacing), grid.margin + row * (grid.cellH + grid.spacing), grid.cellW,
                     grid.cellH};
}

std::optional<std::string> rectOutsideImage(const PixelRect& r, int width, int height) {
    if (r.w <= 0 || r.h <= 0) return "the rectangle " + rectText(r) + " is empty";
    if (r.x < 0 || r.y < 0 || static_cast<long long>(r.x) + r.w > width || static_cast<long long>(r.y) + r.h > height) {
        return "the rectangle " + rectText(r) + " reaches outside the " + std::to_string(width) + "x" + std::to_string(height) + " image";
    }
    return std::nullopt;
}

RgbaImage flipImage(RgbaImage image, FrameFlip flip) {
    if (flip.x) {
        for (int y = 0; y < image.height; ++y) {
            auto* row = &image.pixels[static_cast<std::size_t>(y) * image.width * 4];
            for (int x = 0; x < image.width / 2; ++x) std::swap_ranges(row + x * 4, row + x * 4 + 4, row + (image.width - 1 - x) * 4);
        }
    }
    if (flip.y) {
        const std::size_t stride = static_cast<std::size_t>(image.width) * 4;
        for (int y = 0; y < image.height / 2; ++y) {
            std::swap_ranges(image.pixels.begin() + y * stride, image.pixels.begin() + (y + 1) * stride,
                             image.pixels.begin() + (image.height - 1 - y) * stride);
        }
    }
    return image;
}

RgbaImage extractRect(const RgbaImage& sheet, const PixelRect& rect, FrameFlip flip) {
    RgbaImage out = blank(rect.w, rect.h);
    for (int y = 0; y < rect.h; ++y) {
        std::memcpy(&out.pixels[static_cast<std::size_t>(y) * rect.w * 4],
                    &sheet.pixels[(static_cast<std::size_t>(rect.y + y) * sheet.width + rect.x) * 4], static_cast<std::size_t>(rect.w) * 4);
    }
    return flipImage(std::move(out), flip);
}

RgbaImage extractAtlasFrame(const RgbaImage& sheet, const AtlasFrame& frame, FrameFlip flip) {
    RgbaImage out = blank(frame.sourceWidth, frame.sourceHeight);
    const PixelRect& f = frame.frame;
    const int ox = frame.spriteSourceSize.x, oy = frame.spriteSourceSize.y;
    for (int y = 0; y < f.h; ++y) {
        for (int x = 0; x < f.w; ++x) {
            // Stored 90 degrees clockwise: the shown pixel (x, y) sits at (h-1-y, x) of the h x w atlas block.
            const int sx = frame.rotated ? f.x + (f.h - 1 - y) : f.x + x;
            const int sy = frame.rotated ? f.y + x : f.y + y;
            copyPixel(sheet, sx, sy, out, ox + x, oy + y);
        }
    }
    return flipImage(std::move(out), flip);
}

glm::dvec2 atlasFrameOrigin(const AtlasFrame& frame) {
    const glm::dvec2 size{frame.sourceWidth, frame.sourceHeight};
    return frame.pivot ? *frame.pivot * size : size / 2.0;
}

int animationFrameAt(const std::vector<int>& durationsMs, double elapsedMs) {
    // The timeline's rule with frame 0 at time 0 and a 1 ms timeline frame (1000 fps): tau is the elapsed ms.
    return animationFrameAt(durationsMs, 0, elapsedMs, 1000.0);
}

FrameImageCache::Key FrameImageCache::keyOf(const RgbaImage* sheet, const Atlas* atlas, const FrameRef& ref, FrameFlip flip) {
    return Key{sheet, ref.kind == FrameRef::Kind::Atlas ? atlas : nullptr, static_cast<int>(ref.kind), refKey(ref),
               (flip.x ? 1 : 0) | (flip.y ? 2 : 0)};
}

void FrameImageCache::adopt(const std::shared_ptr<const RgbaImage>& sheet, const Atlas* atlas, const FrameRef& ref, FrameFlip flip,
                            std::shared_ptr<const RgbaImage> image) {
    if (!sheet || !image || image == sheet) return;
    m_entries.try_emplace(keyOf(sheet.get(), atlas, ref, flip), Entry{sheet, std::move(image)});
}

std::shared_ptr<const RgbaImage> FrameImageCache::get(const std::shared_ptr<const RgbaImage>& sheet, const Atlas* atlas,
                                                      const FrameRef& ref, FrameFlip flip, std::string* error) {
    if (ref.kind == FrameRef::Kind::Whole && !flip.x && !flip.y) return sheet;
    Key key = keyOf(sheet.get(), atlas, ref, flip);
    if (auto it = m_entries.find(key); it != m_entries.end()) return it->second.image;

    std::optional<RgbaImage> image;
    std::string problem;
    switch (ref.kind) {
    case FrameRef::Kind::Whole: image = flipImage(*sheet, flip); break;
    case FrameRef::Kind::Rect:
        if (auto outside = rectOutsideImage(ref.rect, sheet->width, sheet->height)) problem = *outside;
        else image = extractRect(*sheet, ref.rect, flip);
        break;
    case FrameRef::Kind::Grid:
        if (auto cell = gridCellRect(sheet->width, sheet->height, ref.grid, ref.index, &problem)) image = extractRect(*sheet, *cell, flip);
        break;
    case FrameRef::Kind::Atlas: {
        const int index = atlas ? atlas->indexOf(ref.name) : -1;
        if (!atlas) {
            problem = "the frame " + ref.name + " needs an atlas";
        } else if (index < 0) {
            problem = "no frame is called \"" + ref.name + "\"";
        } else {
            const AtlasFrame& frame = atlas->frames[static_cast<std::size_t>(index)];
            if (auto outside = rectOutsideImage(frame.atlasRect(), sheet->width, sheet->height)) problem = *outside;
            else image = extractAtlasFrame(*sheet, frame, flip);
        }
        break;
    }
    }
    if (!image) {
        if (error) *error = problem;
        return nullptr;
    }
    auto shared = std::make_shared<const RgbaImage>(std::move(*image));
    m_entries.emplace(std::move(key), Entry{sheet, shared});
    return shared;
}

SpriteSheet::SpriteSheet(std::shared_ptr<const RgbaImage> image) : m_image(std::move(image)) {
    SheetFrame frame;
    frame.sourceRect = {0, 0, m_image->width, m_image->height};
    frame.trimmedRect = frame.sourceRect;
    frame.size = {m_image->width, m_image->height};
    frame.origin = glm::dvec2(frame.size) / 2.0;
    m_frames.push_back(frame);
}

SpriteSheet::SpriteSheet(std::shared_ptr<const RgbaImage> image, const GridSpec& grid) : m_image(std::move(image)) {
    const glm::ivec2 cells = gridSize(m_image->width, m_image->height, grid);
    for (int i = 0; i < cells.x * cells.y; ++i) {
        SheetFrame frame;
        frame.name = "cell " + std::to_string(i);
        frame.ref.kind = FrameRef::Kind::Grid;
        frame.ref.grid = grid;
        frame.ref.index = i;
        frame.sourceRect = *gridCellRect(m_image->width, m_image->height, grid, i);
        frame.trimmedRect = {0, 0, grid.cellW, grid.cellH};
        frame.size = {grid.cellW, grid.cellH};
        frame.origin = glm::dvec2(frame.size) / 2.0;
        m_frames.push_back(std::move(frame));
    }
}

SpriteSheet::SpriteSheet(std::shared_ptr<const RgbaImage> image, std::shared_ptr<const Atlas> atlas)
    : m_image(std::move(image)), m_atlas(std::move(atlas)) {
    for (const AtlasFrame& f : m_atlas->frames) {
        SheetFrame frame;
        frame.name = f.name;
        frame.ref.kind = FrameRef::Kind::Atlas;
        frame.ref.name = f.name;
        frame.sourceRect = f.atlasRect();
        frame.rotated = f.rotated;
        frame.trimmedRect = f.spriteSourceSize;
        frame.size = {f.sourceWidth, f.sourceHeight};
        frame.origin = atlasFrameOrigin(f);
        frame.durationMs = f.durationMs;
        m_frames.push_back(std::move(frame));
    }
}

int SpriteSheet::indexOf(std::string_view name) const {
    for (std::size_t i = 0; i < m_frames.size(); ++i) {
        if (m_frames[i].name == name) return static_cast<int>(i);
    }
    return -1;
}

std::vector<int> SpriteSheet::tag(std::string_view name) const {
    if (!m_atlas) return {};
    const AtlasTag* found = m_atlas->findTag(name);
    return found ? tagFrames(*m_atlas, *found) : std::vector<int>{};
}

std::shared_ptr<const RgbaImage> SpriteSheet::frameImage(int index, FrameFlip flip) {
    return m_images.get(m_image, m_atlas.get(), m_frames.at(static_cast<std::size_t>(index)).ref, flip);
}

std::shared_ptr<const AlphaMask> SpriteSheet::frameMask(int index, FrameFlip flip, int threshold) {
    auto image = frameImage(index, flip);
    return image ? m_masks.get(image, threshold) : nullptr;
}

}  // namespace cl
