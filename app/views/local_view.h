#pragma once
// LocalView: the pair seen from the reference sprite's texture space, as the classic program's gray
// ghosts — the reference drawn untransformed, the other with inverse(reference) * other — with A's
// sample points in B's grid, the step vectors and the overlapping samples.

#include <cstdint>

#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Graphics/VertexArray.hpp>
#include <imgui.h>

#include "app/analysis/collision_report.h"
#include "app/editor/camera.h"
#include "app/views/overlays.h"
#include "app/views/scan_geometry.h"
#include "app/views/sprite_textures.h"

namespace cl {

/// What the local view reads and edits in one frame; the shell fills it from its state. Every pointer is set.
struct LocalViewFrame {
    const Scene* scene = nullptr;
    const CollisionReport* report = nullptr;
    Camera* camera = nullptr;               ///< The view's camera; frame() moves it.
    Rect view;                              ///< Where the view is drawn.
    Rect bar;                               ///< The control strip above it (empty: no strip).
    float* barHeight = nullptr;             ///< Receives the height the strip's rows took (the layout's next frame).
    bool* referenceIsB = nullptr;           ///< B is the reference (A drawn as inverse(B)*A); the strip edits it.
    bool* showSamples = nullptr;            ///< Draw A's sample points in the reference's grid; the strip edits it.
    const OverlayFlags* overlays = nullptr;
};

/// Draws the local-space view into in.view, in two phases like WorldView: build() prepares geometry, shapes,
/// labels and its control strip; submit() draws through SFML.
class LocalView {
public:
    /// Prepares this frame; shapes and labels go into `list`. True when the strip asks to frame the view again.
    bool build(ImDrawList* list, const LocalViewFrame& in, const ScanGeometry& scan, SpriteTextures& textures);
    /// Draws what build() prepared.
    void submit(sf::RenderTarget& target);
    /// Fits the reference sprite and the other's ghost into the view.
    void frame(const LocalViewFrame& in);

private:
    /// The control strip above the view (in.bar): reference, samples, frame, counts; true when "frame" or a
    /// new reference asks to frame the view again.
    bool drawControls(const LocalViewFrame& in, const ScanGeometry& scan);

    struct GhostDraw {
        const sf::Texture* texture = nullptr;
        sf::Transform transform;
        sf::Color colour;
    };
    Rect m_viewport;
    sf::Transform m_toScreen;
    GhostDraw m_ghosts[2];
    sf::VertexArray m_grid{sf::Lines};      // reference texture units
    const std::vector<sf::Vertex>* m_samples = nullptr;  // A's texture units, owned by the ScanGeometryCache
    const std::vector<sf::Vertex>* m_hits = nullptr;
    sf::Transform m_samplesToScreen;                     // A's texture units to the screen
};

}  // namespace cl
