#pragma once
// The collider against the pixels at every pose: for each lattice offset t of B (A stays; both keep their turn
// and scale), whether the `polygon` test (the sprites' colliders) and `pixel-exact` (their solid squares) hit with
// B moved by t. Cells are laid out as the C-space map's (ContactMap: window, step, bits, rows) and filled a few rows
// at a time, so a worker can show the map as it fills. The Collider tool draws it; a click on a disagreeing cell
// moves B there.

#include <cstdint>
#include <memory>
#include <string>

#include "core/base/image.h"
#include "core/contact/contact_map.h"

namespace cl {

/// What the two tests say at one offset.
enum class PoseCell {
    BothMiss,      ///< Neither hits.
    BothHit,       ///< Both hit.
    ColliderOnly,  ///< polygon hits, pixel-exact does not: a false hit of the collider.
    PixelsOnly,    ///< pixel-exact hits, polygon does not: a hit the collider misses.
};

/// Cells of each kind in the filled rows.
struct PoseCellCounts {
    std::int64_t bothMiss = 0, bothHit = 0, colliderOnly = 0, pixelsOnly = 0;
    bool operator==(const PoseCellCounts&) const = default;
};

/// Most cells a pose map may hold (every cell runs two tests); larger windows are refused with a reason.
inline constexpr std::int64_t kMaxPoseMapCells = std::int64_t(1) << 20;

/// The two verdicts at every cell of one window. `collider` and `pixels` share window, step and rowsDone.
struct ColliderPoseMap {
    bool applicable = true;  ///< False when the map cannot be made (see reason); then the window is empty.
    std::string reason;
    ContactMap collider;     ///< Cell hits when `polygon` hits with B moved by the cell's offset.
    ContactMap pixels;       ///< Cell hits when `pixel-exact` does.
    PoseCellCounts counts;   ///< Over the filled rows.

    const LatticeWindow& window() const { return pixels.window; }
    double step() const { return pixels.step; }
    int rowsDone() const { return pixels.rowsDone; }
    bool complete() const { return pixels.complete(); }
    /// The kind of cell c (cells outside the window or in rows not filled yet: BothMiss).
    PoseCell cell(glm::ivec2 c) const;
};

/// Every lattice cell t (step 1 / resolution) at which B moved by t can meet A under either test: the boxes that
/// hold each sprite's solid pixels and its collider, B's moved by t, meet (touching counts). Outside it both tests
/// miss. Empty when a sprite has no solid pixel.
LatticeWindow colliderPoseWindow(const Body& a, const Body& b, int resolution);

/// How a builder answers the cells; the map is the same either way.
enum class PoseMapMethod {
    Bounds,  ///< Cells a bound decides with a margin take its answer; the others run the tests.
    Tests,   ///< Every cell runs both tests (the reference and the baseline).
};

/// How many cells ran each test (the rest were decided by the bounds).
struct ColliderPoseMapStats {
    std::int64_t polygonTests = 0, pixelTests = 0;
};

/// Fills a ColliderPoseMap row by row. Every cell is the answer of `polygon` and `pixel-exact` in hit-only mode on A
/// and B moved by the cell's offset (runAlgorithm, the calls `check` makes). With PoseMapMethod::Bounds a cell takes
/// that answer from a bound where the bound holds by a margin far above the tests' rounding: for the pixels, each
/// sprite's solid squares on a grid of the map's step (a cell of both sprites' inside: a hit; no cell of both
/// sprites' reach: a miss), for the colliders each pair of pieces' separating-axis slabs; only cells within the
/// margin of a boundary run the test.
class ColliderPoseMapBuilder {
public:
    /// The map of colliderPoseWindow(a, b, resolution) (resolution: 1, 2, 4 or 8; another value means 1). Not
    /// applicable, with the reason, for collider settings out of range or more than kMaxPoseMapCells cells. The
    /// masks must outlive the builder.
    ColliderPoseMapBuilder(const Body& a, const Body& b, int resolution = 1, PoseMapMethod method = PoseMapMethod::Bounds);
    ~ColliderPoseMapBuilder();
    ColliderPoseMapBuilder(ColliderPoseMapBuilder&&) noexcept;
    ColliderPoseMapBuilder& operator=(ColliderPoseMapBuilder&&) noexcept;

    /// Fills whole rows until about `cellBudget` cells are done (at least one row; the first call also sets up the
    /// bounds); returns complete().
    bool advance(std::int64_t cellBudget);
    /// True when every row is filled (at once for a map that is not applicable).
    bool complete() const;
    /// The map so far.
    const ColliderPoseMap& map() const;
    /// How the cells so far were answered.
    const ColliderPoseMapStats& stats() const;

private:
    struct State;
    std::unique_ptr<State> m_state;
};

/// The whole map in one call.
ColliderPoseMap colliderPoseMap(const Body& a, const Body& b, int resolution = 1, PoseMapMethod method = PoseMapMethod::Bounds);

/// Colours of colliderPoseMapImage(), RGBA; pending rows and the origin cross as contactMapImage's.
inline constexpr std::uint32_t kPoseBothHitColour = 0x303848ffu;       ///< Both hit: dark, as a C-space hit.
inline constexpr std::uint32_t kPoseBothMissColour = 0xecebe4ffu;      ///< Both miss: light, as a free cell.
inline constexpr std::uint32_t kPoseColliderOnlyColour = 0x1e90e6ffu;  ///< Collider only (false hit): blue.
inline constexpr std::uint32_t kPosePixelsOnlyColour = 0xe6461effu;    ///< Pixels only (missed hit): red.

/// The map as an image, one pixel per cell (x right, y down, cell first + (x, y) at pixel (x, y)), coloured by
/// kind, rows not filled yet grey, t = 0 (B where it stands) marked by a cross (none when crossArm < 0).
RgbaImage colliderPoseMapImage(const ColliderPoseMap& map, int crossArm = 3);

}  // namespace cl
