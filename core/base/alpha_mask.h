#pragma once
// AlphaMask: which pixels of an image are solid at one alpha threshold.

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include <glm/vec2.hpp>

#include "core/base/collider_options.h"
#include "core/base/geometry.h"
#include "core/base/image.h"

namespace cl {

/// A run of solid pixels on one row: x in [x0, x1).
struct SolidSpan {
    int x0 = 0;
    int x1 = 0;
};

/// Convex pieces in texture coordinates, each counter-clockwise on screen: a collider as a mask keeps it.
using ConvexPieces = std::vector<std::vector<glm::dvec2>>;

/// Number of directions in AlphaMask::solidSupport().
inline constexpr int kSupportDirections = 16;

/// Unit vector of support direction k: angle 2 pi k / kSupportDirections from the x axis.
const std::array<glm::dvec2, kSupportDirections>& supportDirections();

/// Corners of the polygon { p : d_k . p <= heights[k] for every support direction d_k }: corner k is where
/// side k meets side k + 1, counter-clockwise. Linear in the heights (the corners of a sum of heights are
/// the sum of the corners, up to rounding).
std::array<glm::dvec2, kSupportDirections> supportCorners(const std::array<double, kSupportDirections>& heights);

/// The polygon of AlphaMask::solidSupport() with its sides of no length dropped (a side that touches the
/// polygon at one corner only adds nothing: a cross keeps 8 of the 16, a rectangle 4): what pixel-fast
/// maps into each pair's lattice. Corner i is where kept side i meets kept side i + 1, counter-clockwise;
/// coordinates are kept apart (x[], y[]) so that mapping them is one loop over arrays.
struct SolidPolygon {
    int count = 0;  ///< corners kept; 0 when there is no solid pixel
    std::array<double, kSupportDirections> x{}, y{};
    /// How corner i moves when every kept side is pushed out by 1 (it stays on both of its sides).
    std::array<double, kSupportDirections> outX{}, outY{};
    /// The largest |x| + |y| of a corner.
    double magnitude = 0.0;
};

/// A disc holding every solid pixel's unit square: centre in texture pixels, radius in pixels.
struct SolidDisc {
    glm::dvec2 centre{0.0, 0.0};
    double radius = -1.0;  ///< -1 when there is no solid pixel.
};

/// A few boxes in texture pixels whose union holds every solid pixel's closed unit square, some marked wholly solid:
/// pixel-fast (core/collision/pixel_fast/cover_verdict.h) answers many pairs from them before any set-up.
struct SolidCover {
    /// One box: its centre and its half width and height, in texture pixels (its edges are whole pixels).
    struct Box {
        glm::dvec2 centre{0.0, 0.0};
        glm::dvec2 half{0.0, 0.0};
        bool solid = false;  ///< Every pixel in it is solid, and it is at least 4 pixels each way.
    };
    static constexpr int kMaxBoxes = 4;
    std::array<Box, kMaxBoxes> boxes{};
    int count = 0;        ///< 0 for a mask with no solid pixel.
    bool anySolid = false;  ///< Some box is wholly solid (only such boxes answer Meet).
    double extent = 0.0;  ///< The largest x + y of a box's corner (every point of a box has |x| + |y| within it).
};

/// The solid pixels of an image at a threshold: a pixel is solid when alpha > threshold.
/// Built once per (image, threshold) and then only read, so it is safe to share between threads.
class AlphaMask {
public:
    /// An empty 0x0 mask.
    AlphaMask() = default;
    /// Builds the mask of `image` at `threshold` (0..255; values outside are clamped).
    AlphaMask(const RgbaImage& image, int threshold);

    int width() const { return m_width; }
    int height() const { return m_height; }
    int threshold() const { return m_threshold; }
    /// A number no other mask made in this process has; copies share it (they hold the same pixels). What a
    /// cache of things worked out from a mask keys them by: a freed mask's address may hold a new one.
    std::uint64_t serial() const { return m_serial; }

    /// True when (x, y) is inside the image and solid.
    bool solid(int x, int y) const {
        if (x < 0 || y < 0 || x >= m_width || y >= m_height) return false;
        return (m_bits[static_cast<std::size_t>(y) * m_wordsPerRow + (x >> 6)] >> (x & 63)) & 1u;
    }
    /// Alpha of pixel (x, y) of the source image; 0 outside the image.
    std::uint8_t alpha(int x, int y) const {
        if (x < 0 || y < 0 || x >= m_width || y >= m_height) return 0;
        return m_alpha[static_cast<std::size_t>(y) * m_width + x];
    }

    /// Number of solid pixels.
    std::int64_t solidCount() const { return m_solidCount; }
    /// Smallest pixel rectangle holding every solid pixel; empty when there is none.
    IntRect tightBounds() const { return m_tight; }
    /// The most rows tightBounds() may span for fewRows().
    static constexpr int kFewRows = 64;
    /// True when tightBounds() spans at most kFewRows rows (pixel-fast's small scan takes such an A).
    bool fewRows() const { return m_fewRows; }

    /// Solid pixels packed 64 to a word, bit (x & 63) of word (x >> 6); bits past the width are 0.
    std::span<const std::uint64_t> bitRow(int y) const {
        return {m_bits.data() + static_cast<std::size_t>(y) * m_wordsPerRow, static_cast<std::size_t>(m_wordsPerRow)};
    }
    int wordsPerRow() const { return m_wordsPerRow; }
    /// The runs of solid pixels on row y, left to right.
    std::span<const SolidSpan> rowSpans(int y) const {
        return {m_spans.data() + m_rowSpanStart[y], m_spans.data() + m_rowSpanStart[y + 1]};
    }
    /// Row y's first solid pixel to one past its last, {0, 0} for a row with none; one entry per row.
    std::span<const SolidSpan> rowExtents() const { return m_rowExtent; }
    /// For each row y, the first row after y whose extent (rowExtents()) differs from y's, or height() when
    /// none does; worked out once with the mask: pixel-fast passes over runs of rows of one extent at once.
    std::span<const int> extentRunEnds() const { return m_extentRunEnd; }

    /// For each support direction d, the largest d . p over every point p of every solid pixel's unit
    /// square: the solid pixels lie inside the convex polygon { p : d . p <= support for all d }.
    /// -infinity in every direction when there is no solid pixel.
    const std::array<double, kSupportDirections>& solidSupport() const { return m_support; }
    /// supportCorners(solidSupport()), worked out once with the mask (a mask never changes after it is
    /// built, so they cannot go stale): pixel-fast maps them into each pair's lattice. Not finite when
    /// there is no solid pixel.
    const std::array<glm::dvec2, kSupportDirections>& solidCorners() const { return m_corners; }
    /// solidCorners() without the corners of sides of no length, worked out once with the mask.
    const SolidPolygon& solidPolygon() const { return m_polygon; }
    /// A disc about the centre of tightBounds() holding every solid pixel's closed unit square, its radius
    /// rounded up; worked out once with the mask (which never changes after it is built): pixel-fast
    /// rejects a pair whose discs lie apart in the world before building anything for it.
    const SolidDisc& solidDisc() const { return m_disc; }
    /// The mask's SolidCover: its rows of one extent (extentRunEnds()) as boxes (at most 8 bands of them in a taller
    /// mask), two merged while the box holding both adds no empty pixel (a cross's arms and middle become its upright
    /// bar), then the two whose merge adds the fewest until at most kMaxBoxes are left; worked out on the first call
    /// and kept as long as the mask. Safe to call from several threads.
    const SolidCover& solidCover() const {
        // Made on first use: only pixel-fast's hit-only entry and the game ask for it, and a tool that builds a mask
        // per threshold step never does. The acquire pairs with makeCover()'s release, so a thread that sees the
        // flag set sees the finished cover.
        if (!m_cover.made.load(std::memory_order_acquire)) makeCover();
        return m_cover.cover;
    }

    /// The collider under `options` that `build` makes from this mask, built on the first call per options
    /// and kept as long as the mask (a new threshold or frame is a new mask, so a kept collider never goes
    /// stale). Safe to call from several threads. Callers pass the one builder, core/collider's
    /// (see cachedColliderPieces in core/collision/polygon_collision.h).
    std::shared_ptr<const ConvexPieces> collider(const ColliderOptions& options,
                                                 const std::function<ConvexPieces()>& build) const;

private:
    struct ColliderCache;
    // solidCover()'s cover and whether it is made yet. A copy takes the cover if it is made (the same pixels), else
    // makes its own when asked.
    struct LazyCover {
        mutable std::atomic<bool> made{false};
        mutable SolidCover cover;
        LazyCover() = default;
        LazyCover(const LazyCover& other) noexcept { *this = other; }
        LazyCover& operator=(const LazyCover& other) noexcept {
            const bool otherMade = other.made.load(std::memory_order_acquire);
            if (otherMade) cover = other.cover;
            made.store(otherMade, std::memory_order_release);
            return *this;
        }
    };
    void makeCover() const;
    int m_width = 0;
    int m_height = 0;
    int m_threshold = 0;
    int m_wordsPerRow = 0;
    std::int64_t m_solidCount = 0;
    IntRect m_tight{};
    std::vector<std::uint8_t> m_alpha;
    std::vector<std::uint64_t> m_bits;
    std::vector<SolidSpan> m_spans;
    std::vector<std::uint32_t> m_rowSpanStart{0};  // height + 1 entries
    std::vector<SolidSpan> m_rowExtent;            // height entries
    std::vector<int> m_extentRunEnd;               // height entries
    std::array<double, kSupportDirections> m_support = emptySupport();
    std::shared_ptr<ColliderCache> m_colliders;  // shared by copies, which hold the same pixels
    std::array<glm::dvec2, kSupportDirections> m_corners = supportCorners(emptySupport());
    SolidPolygon m_polygon;
    SolidDisc m_disc;
    LazyCover m_cover;
    // Last, so that the fields the scans read sit where they did before these two (pixel-fast's code unchanged).
    std::uint64_t m_serial = nextSerial();
    bool m_fewRows = true;

    static std::array<double, kSupportDirections> emptySupport();
    static std::uint64_t nextSerial();
};

}  // namespace cl
