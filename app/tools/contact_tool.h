#pragma once
// The Contact tool: which way out of the current pair's hit — the separation vector, push-out and
// approach along a direction, the gradient normal beside them, A's ghosts in the world view — and the
// C-space view, the map of every offset of A that hits, where a click or drag moves A.

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>

#include <SFML/Graphics/Texture.hpp>

#include "app/tools/cspace_layout.h"
#include "app/tools/tool.h"
#include "core/contact/contact.h"
#include "core/contact/contact_map.h"

namespace cl {

class ContactWorker;

/// See the file comment; the answers and the map are computed on the tool's own worker thread.
class ContactTool : public Tool {
public:
    ContactTool();
    ~ContactTool() override;
    std::string_view id() const override { return "contact"; }
    std::string_view title() const override { return "Contact"; }
    std::string_view help() const override {
        return "which way out: separation vector, push-out, approach, gradient normal and the C-space map (drag in it to move A)";
    }
    void update(ToolContext& ctx) override;
    void drawPanel(ToolContext& ctx) override;
    bool overlayActive() const override { return m_drawInWorld && m_panelOpen && m_shown.has_value(); }
    void drawWorldOverlay(const WorldOverlay& view, const ToolContext& ctx) const override;
    void sceneOpened() override;
    Shortcut shortcut() const override { return {Key::F3}; }

    /// What the worker answered, as last adopted.
    struct Shown {
        std::uint64_t jobId = 0;
        ContactReport report;
        int a = -1;
        glm::dvec2 pushDirection{0.0, -1.0};
        double ms = 0.0;
    };
    /// The newest map's progress (possibly still filling), with A's position it was built at. The worker
    /// draws the image rows; the panel only uploads the rows it has not uploaded yet.
    struct ShownMap {
        ContactMap map;  ///< window, step and rowsDone; no bits (the panel reads the image rows instead)
        glm::dvec2 base{0.0, 0.0};
        std::uint64_t mapId = 0;
        double ms = 0.0;
        int block = 1;                  ///< Cells per image pixel side (mapImageBlock).
        PendingMapRows rows;            ///< Image rows that arrived and are not uploaded yet.
    };

private:
    // Posts a job to the worker when the pair, its transforms or the contact settings changed.
    void ask(ToolContext& ctx);
    void drawSettings(ToolContext& ctx);
    void drawNumbers(ToolContext& ctx);
    void drawMap(ToolContext& ctx);

    std::unique_ptr<ContactWorker> m_worker;
    bool m_drawInWorld = true;
    bool m_panelOpen = false;      // the tab is open this frame (drawPanel ran): only then it computes and draws
    bool m_panelWasOpen = false;
    bool m_free = false;  // push "free": show the separation only (panel-local; the scene keeps its push)
    std::optional<Shown> m_shown;
    std::optional<ShownMap> m_map;
    bool m_stale = false;  // the shown answer is older than the scene
    std::unique_ptr<sf::Texture> m_texture;  ///< The map image, made when first drawn.
    std::uint64_t m_textureMapId = 0;  // the map whose rows the texture holds
    int m_textureRows = 0;             // image rows of that map uploaded
    // what was last asked of the worker
    std::uint64_t m_askedRevision = ~std::uint64_t{0};
    std::uint64_t m_askedGeneration = 0;  // ids of jobs and maps count from 1; 0 is none
    std::uint64_t m_mapKey = 0;
    std::uint64_t m_requestedMapId = 0;  // the newest map asked for
    glm::dvec2 m_mapBase{0.0, 0.0};
    double m_mapStep = 1.0;
    bool m_haveMapKey = false;
    // hover cache
    std::optional<glm::ivec2> m_hoverCell;
    std::uint64_t m_hoverRevision = 0;
    double m_hoverOverlap = 0.0;
    bool m_hoverHit = false;
    bool m_dragging = false;
    std::chrono::steady_clock::time_point m_lastAsked{};  // when a question was last posted
};

}  // namespace cl
