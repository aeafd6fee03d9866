#pragma once
// Frame images: the texture a sprite's mask is built from when its image is a sheet — a rectangle, a
// grid cell, or a named atlas frame (trimmed frames put back at their offset inside the untrimmed
// source frame, rotated frames turned back) — optionally flipped within its own rectangle. And the
// caches that make switching frames cheap: FrameImageCache (one extracted image per (sheet, frame,
// flip)) in front of MaskCache (one mask per (image, threshold)).

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include <glm/vec2.hpp>

#include "core/base/alpha_mask.h"
#include "core/motion/animation_clock.h"
#include "core/scene/atlas.h"
#include "core/base/image.h"
#include "core/base/mask_cache.h"

namespace cl {

/// Mirroring of a frame's pixels within its own rectangle: texel x -> w-1-x, y -> h-1-y.
struct FrameFlip {
    bool x = false;
    bool y = false;
    /// Field-by-field equality.
    friend bool operator==(const FrameFlip&, const FrameFlip&) = default;
};

/// A grid sheet's cells: cellW x cellH, `margin` pixels around the sheet, `spacing` between cells.
struct GridSpec {
    int cellW = 0;
    int cellH = 0;
    int spacing = 0;
    int margin = 0;
    /// Field-by-field equality.
    friend bool operator==(const GridSpec&, const GridSpec&) = default;
};

/// Which part of a sheet a sprite shows.
struct FrameRef {
    /// Whole: the whole image; Rect: `rect`; Grid: cell `index` of `grid`; Atlas: the atlas frame `name`.
    enum class Kind { Whole, Rect, Grid, Atlas };
    Kind kind = Kind::Whole;
    PixelRect rect;
    GridSpec grid;
    int index = 0;
    std::string name;
    /// Field-by-field equality.
    friend bool operator==(const FrameRef&, const FrameRef&) = default;
};

/// Largest grid spacing or margin, in pixels.
inline constexpr int kMaxGridGap = 4096;

/// Columns and rows of whole cells a `width` x `height` sheet holds under `grid` (0 x 0 when none fits).
glm::ivec2 gridSize(int width, int height, const GridSpec& grid);

/// The rectangle of cell `index` (row-major), or a message: "cell 12 is outside the 4 x 3 grid ...".
std::optional<PixelRect> gridCellRect(int width, int height, const GridSpec& grid, int index, std::string* error = nullptr);

/// Empty when `rect` lies inside a `width` x `height` image, else a message saying how it does not.
std::optional<std::string> rectOutsideImage(const PixelRect& rect, int width, int height);

/// A copy of `rect` of `sheet`, flipped; the caller keeps `rect` inside the sheet (rectOutsideImage).
RgbaImage extractRect(const RgbaImage& sheet, const PixelRect& rect, FrameFlip flip = {});

/// The untrimmed source frame of an atlas frame: sourceWidth x sourceHeight, the stored pixels turned back
/// when rotated and put at their spriteSourceSize offset, the rest transparent; then flipped. The caller
/// keeps the frame inside the sheet (checkAtlasAgainstImage).
RgbaImage extractAtlasFrame(const RgbaImage& sheet, const AtlasFrame& frame, FrameFlip flip = {});

/// `image` mirrored within its own rectangle.
RgbaImage flipImage(RgbaImage image, FrameFlip flip);

/// The origin an atlas frame gives a sprite, in its untrimmed frame's pixels: pivot x sourceSize, or the centre.
glm::dvec2 atlasFrameOrigin(const AtlasFrame& frame);

/// Which frame a looping animation shows `elapsedMs` after it started, given each frame's duration (0 means
/// kDefaultFrameDurationMs); 0 for an empty list or a negative time.
int animationFrameAt(const std::vector<int>& durationsMs, double elapsedMs);

/// Hands out extracted frame images, extracting each (sheet, frame, flip) at most once while cached, so the
/// same frame is always the same image object and MaskCache builds its mask at most once per threshold.
/// Not thread-safe.
class FrameImageCache {
public:
    /// The image of `ref` of `sheet` (Atlas refs need `atlas`), or null with `error` set when the frame
    /// does not exist or lies outside the sheet.
    std::shared_ptr<const RgbaImage> get(const std::shared_ptr<const RgbaImage>& sheet, const Atlas* atlas, const FrameRef& ref,
                                         FrameFlip flip, std::string* error = nullptr);
    /// Holds `image` as the image of (`sheet`, `ref`, `flip`) unless one is held already (an image another
    /// cache cut, e.g. the scene loader's), so asking for that frame again hands out the same object.
    void adopt(const std::shared_ptr<const RgbaImage>& sheet, const Atlas* atlas, const FrameRef& ref, FrameFlip flip,
               std::shared_ptr<const RgbaImage> image);
    /// Number of images held.
    std::size_t size() const { return m_entries.size(); }
    /// Drops everything.
    void clear() { m_entries.clear(); }

private:
    struct Entry {
        std::shared_ptr<const RgbaImage> sheet;  // keeps the key's address from being reused
        std::shared_ptr<const RgbaImage> image;
    };
    using Key = std::tuple<const RgbaImage*, const Atlas*, int, std::string, int>;
    static Key keyOf(const RgbaImage* sheet, const Atlas* atlas, const FrameRef& ref, FrameFlip flip);
    std::map<Key, Entry> m_entries;
};

/// One frame a frame picker lists: its name, where its thumbnail's pixels are in the sheet, and what it shows.
struct SheetFrame {
    std::string name;          ///< Atlas frame name, "cell N" for grids, or "" for a whole image.
    FrameRef ref;              ///< What a sprite stores to show this frame.
    PixelRect sourceRect;      ///< The pixels in the sheet (h x w when rotated): crop these for a thumbnail.
    bool rotated = false;      ///< The sheet pixels are turned 90 degrees clockwise.
    PixelRect trimmedRect;     ///< Where those pixels sit inside the untrimmed frame.
    glm::ivec2 size{0, 0};     ///< The untrimmed frame: the sprite's texture size.
    glm::dvec2 origin{0, 0};   ///< Default origin: the atlas pivot or the centre.
    int durationMs = 0;        ///< 0 when unknown.
};

/// A sheet and its frames, with cached frame images and masks: what the Sprites tool's frame picker
/// lists and switches between. Switching to a frame seen before costs two map lookups.
class SpriteSheet {
public:
    /// A plain image shown whole (one frame).
    explicit SpriteSheet(std::shared_ptr<const RgbaImage> image);
    /// A grid sheet: every whole cell, row-major.
    SpriteSheet(std::shared_ptr<const RgbaImage> image, const GridSpec& grid);
    /// An atlas; the caller has checked it against the image (checkAtlasAgainstImage).
    SpriteSheet(std::shared_ptr<const RgbaImage> image, std::shared_ptr<const Atlas> atlas);

    /// The whole sheet image.
    const std::shared_ptr<const RgbaImage>& image() const { return m_image; }
    /// The atlas, or null for plain and grid sheets.
    const std::shared_ptr<const Atlas>& atlas() const { return m_atlas; }
    /// Every frame, in sheet order.
    const std::vector<SheetFrame>& frames() const { return m_frames; }
    /// Index of the frame with this name, or -1.
    int indexOf(std::string_view name) const;
    /// Frame indices of an atlas tag in play order; empty when there is no such tag.
    std::vector<int> tag(std::string_view name) const;
    /// The image of frame `index` (0 <= index < frames().size()), flipped; extracted once, then cached.
    std::shared_ptr<const RgbaImage> frameImage(int index, FrameFlip flip = {});
    /// The mask of frame `index` at `threshold`; built once, then cached.
    std::shared_ptr<const AlphaMask> frameMask(int index, FrameFlip flip, int threshold);

private:
    std::shared_ptr<const RgbaImage> m_image;
    std::shared_ptr<const Atlas> m_atlas;
    std::vector<SheetFrame> m_frames;
    FrameImageCache m_images;
    MaskCache m_masks;
};

}  // namespace cl
