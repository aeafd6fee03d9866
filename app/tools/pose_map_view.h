#pragma once
// The Collider tool's pose map: for the current pair, every offset of B at its turn and scale coloured by what the
// `polygon` test (the colliders) and `pixel-exact` (the pixels) say there — both hit, collider only (a false hit),
// pixels only (a missed hit), both miss — with the counts (core/contact/collider_pose_map.h). Made on its own
// LatestWorker, shown as it fills, in a resizable window of its own ("Every pose"; the panel keeps the counts): the
// mouse wheel zooms about the mouse, a right-drag pans, the cell under the mouse is read out (its offset from where B
// stands and its class), and a click on a cell moves B there as one undoable edit, so Compare (collider vs pixels)
// then shows that pose's pixels.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <array>

#include <glm/vec2.hpp>
#include <nlohmann/json_fwd.hpp>

#include "core/base/geometry.h"
#include "core/base/image.h"
#include "core/contact/collider_pose_map.h"
#include "core/scene/scene.h"

namespace sf {
class Texture;
}

namespace cl {

class ToolContext;
class PoseMapWorker;

/// What a pose map is made from: the pair's pixels, thresholds, transforms and collider settings, and the lattice.
/// B's position counts only through its place on the lattice (`phase`): moved by whole cells, the map stays.
struct PoseMapJob {
    int a = -1, b = -1;
    std::shared_ptr<const RgbaImage> pixelsA, pixelsB;
    int thresholdA = 0, thresholdB = 0;
    SpriteTransform transformA, transformB;  ///< transformB.position is the map's base (cell 0).
    ColliderOptions colliderA, colliderB;
    int resolution = 1;
    /// True when both jobs give the same map up to where it is anchored.
    bool sameMap(const PoseMapJob& other) const;
};

/// The job for the scene's pair (selection A and B), or nullopt without a pair.
std::optional<PoseMapJob> poseMapJobFor(const Scene& scene, int a, int b);

/// A map as it fills, with its image; cells are offsets of B from `job.transformB.position`.
struct PoseMapAnswer {
    PoseMapJob job;
    ColliderPoseMap map;
    RgbaImage image;
    std::uint64_t id = 0;  ///< The request it answers.
    double ms = 0.0;       ///< Time spent filling it so far.
};

/// Where the "Every pose" window first opens, as a screen rectangle (a position the user left it at wins): over the
/// local-space view and its control strip above it (the Collider tool does not need them; `local` is the view, the
/// strip starts at `world`'s top), 4 px in, when that room holds the window's least size `minimum`: nothing else is
/// covered. Without that room there is nowhere free (the local view is hidden, which shows as `local`, its camera's
/// last rectangle, overlapping `world`; or it is low, at a large UI scale): then at the right from the local view's
/// top (else the world view's), as wide as the local view (else 0.3 of the display) and at least 0.6 of the display
/// tall, for cells a user can click, over the Collision table's right-hand columns.
Rect poseMapFirstWindow(const Rect& world, const Rect& local, glm::dvec2 display, glm::dvec2 minimum);

/// See the file comment.
class PoseMapView {
public:
    PoseMapView();
    ~PoseMapView();
    /// Asks for the map of the current pair when it changed, takes the newest rows, draws the keys and the map,
    /// and moves B on a click.
    void draw(ToolContext& ctx);
    /// Forgets the map (another scene).
    void reset();
    /// The map's window is shown while the Collider tab is (the user may close it; a button in the panel reopens it).
    bool windowOpen() const { return m_windowOpen; }
    /// See windowOpen().
    void setWindowOpen(bool open) { m_windowOpen = open; }
    /// "pose_map": pair, window, step, counts, completeness, the map's visible screen rectangle, its window's ("frame"),
    /// cell size, zoom, the cell under the mouse (read out) and some disagreeing cells in view with their screen centres.
    void describe(nlohmann::json& ui) const;

private:
    void drawWindow(ToolContext& ctx, const PoseMapJob& job);

    std::optional<PoseMapJob> m_asked;
    std::shared_ptr<const PoseMapAnswer> m_shown;
    std::unique_ptr<sf::Texture> m_texture;  // made on first use (an sf::Texture needs the display)
    std::uint64_t m_textureId = 0;           // the answer whose image the texture holds
    std::uint64_t m_textureRows = 0;
    std::array<float, 4> m_rect{};          // the map's visible part on screen (x0, y0, x1, y1)
    std::array<float, 4> m_frame{};         // the window on screen (x0, y0, x1, y1)
    Rect m_placed;                           // where the window was last placed by poseMapFirstWindow()
    bool m_followLayout = true;              // until the window is elsewhere than m_placed (drawWindow())
    double m_cellPixels = 0.0;
    glm::dvec2 m_topLeft{0.0, 0.0};          // the first cell's top-left corner on screen (may lie out of view)
    bool m_windowOpen = true;
    double m_zoom = 1.0;                     // 1: the whole map fits the window
    glm::dvec2 m_centre{0.0, 0.0};           // the map point (cells from the window's first corner) at the view's centre
    struct HoveredCell {
        glm::ivec2 cell;
        glm::dvec2 offset;  // from where B stands
        const char* kind;
    };
    std::optional<HoveredCell> m_hovered;    // the read-out's cell, for describe()
    glm::dvec2 m_baseB{0.0, 0.0};            // B's position the shown map's cells count from
    std::unique_ptr<PoseMapWorker> m_worker;  // last: stops before the state above goes
};

}  // namespace cl
