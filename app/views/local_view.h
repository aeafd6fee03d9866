#pragma once
// LocalView: the pair seen from the reference sprite's texture space, as the classic program's gray
// ghosts — the reference drawn untransformed, the other with inverse(reference) * other — with A's
// sample points in B's grid, the step vectors and the overlapping samples.

#include <cstdint>

#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Graphics/VertexArray.hpp>
#include <imgui.h>

#include "app/shell/sandbox_state.h"
#include "app/views/scan_geometry.h"
#include "app/views/sprite_textures.h"

namespace cl {

/// Draws the local-space view into state.layout.local, in two phases like WorldView: build() prepares
/// geometry, shapes, labels and its control strip; submit() draws through SFML.
class LocalView {
public:
    /// Prepares this frame; shapes and labels go into `list`.
    void build(ImDrawList* list, SandboxState& state, const ScanGeometry& scan, SpriteTextures& textures);
    /// Draws what build() prepared.
    void submit(sf::RenderTarget& target);
    /// Fits the reference sprite and the other's ghost into the view.
    void frame(SandboxState& state);

private:
    /// The control strip above the view (state.layout.localBar): reference, samples, frame, counts.
    void drawControls(SandboxState& state, const ScanGeometry& scan);

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
