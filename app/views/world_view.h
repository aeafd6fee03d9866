#pragma once
// WorldView: the sprites at their transforms and the overlays from core, drawn for one camera.

#include <cstdint>
#include <optional>

#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Graphics/VertexArray.hpp>
#include <imgui.h>

#include "app/analysis/collision_report.h"
#include "app/editor/camera.h"
#include "app/editor/document.h"
#include "app/editor/manipulator.h"
#include "app/views/overlays.h"
#include "app/views/scan_geometry.h"
#include "app/views/sprite_textures.h"

namespace cl {

/// What one frame of the world view shows.
struct WorldViewFrame {
    const Scene* scene = nullptr;
    Selection selection;
    const CollisionReport* report = nullptr;
    const ScanGeometry* scan = nullptr;   ///< The report's answer as geometry (overlapping pixels).
    OverlayFlags overlays{};
    const Camera* camera = nullptr;
    std::optional<HandleLayout> handles;  ///< The selected sprite's handles (none in classic mode).
    Hover hover;
    float uiScale = 1.0f;                 ///< View > UI scale: pivot marks and label offsets grow with it.
    std::optional<glm::dvec2> pointer;    ///< The pointer, when over the view: many-sprite scenes label what is near it.
    bool allLabels = false;               ///< View > All labels: every sprite labelled, however many (label_declutter.h).
};

/// Draws the world view in two phases so the CPU work can be timed apart from the (software) GL
/// drawing: build() prepares the geometry and fills `list` with shapes and labels; submit() draws the
/// sprites and the heavy geometry through SFML. Keeps the overlapping pixels between frames.
class WorldView {
public:
    /// Prepares this frame's geometry; shapes and labels go into `list`.
    void build(ImDrawList* list, const WorldViewFrame& frame, SpriteTextures& textures);
    /// Draws what build() prepared into `target`, clipped to the camera's viewport.
    void submit(sf::RenderTarget& target);

private:
    struct SpriteDraw {
        const sf::Texture* texture;
        sf::Transform transform;
    };
    Rect m_viewport;
    sf::Color m_background;
    sf::Transform m_toScreen;
    std::vector<SpriteDraw> m_spriteDraws;
    sf::VertexArray m_grid{sf::Lines};           // screen pixels
    const std::vector<sf::Vertex>* m_overlapPixels = nullptr;  // world units, owned by the ScanGeometryCache
};

}  // namespace cl
