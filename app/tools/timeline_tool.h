#pragma once
// The Timeline tool: the scene's frames on a slider with playback, the strip of frames that hit and
// intervals that tunnel (filled by a worker), "Go to time of impact" with its ghost and pixel pair,
// onion-skin ghosts, the swept path and band, and a velocity handle on the selected sprite.

#include <cstdint>
#include <memory>

#include <SFML/Graphics/Texture.hpp>

#include "app/editor/document.h"
#include "app/tools/timeline_playback.h"
#include "app/tools/timeline_strip_worker.h"
#include "app/tools/tool.h"
#include "app/views/sprite_textures.h"

namespace cl {

/// Plays and inspects a moving scene; app/README.md "Timeline"; the rules in core/README.md "Motion".
class TimelineTool : public Tool {
public:
    std::string_view id() const override { return "timeline"; }
    std::string_view title() const override { return "Timeline"; }
    std::string_view help() const override {
        return "the scene's frames: play, step, the strip of hits and tunnelling, time of impact, ghosts, velocity handle";
    }
    void update(ToolContext& ctx) override;
    void drawPanel(ToolContext& ctx) override;
    bool overlayActive() const override { return m_panelShown; }
    void drawWorldOverlay(const WorldOverlay& view, const ToolContext& ctx) const override;
    bool handleWorldInput(const InputEvent& event, ToolContext& ctx) override;
    void addCommands(CommandTable& commands) override;
    void sceneOpened() override;
    bool showsOnOpen(const Scene& scene) const override { return scene.timeline.frames > 1 && scene.notes.empty(); }
    Shortcut shortcut() const override { return {Key::F4}; }

private:
    enum class Drag { None, Tip, Ring };
    /// Where the velocity handle of sprite `sprite` sits on screen.
    struct HandleGeometry {
        bool valid = false;
        glm::dvec2 pivot{0.0, 0.0}, tip{0.0, 0.0};
        double ringRadius = 0.0;
    };
    HandleGeometry handleGeometry(const Scene& scene, int sprite, const Camera& camera) const;
    /// The part of the handle at `screen` (Tip, Ring) or None.
    static Drag partAt(const HandleGeometry& g, glm::dvec2 screen);
    void requestStrip(ToolContext& ctx);
    void drawStrip(ToolContext& ctx, const StripProgress& progress);
    /// Sprite `index` drawn as it is `dt` frames from the current one: moved, and showing its animation frame then.
    void drawGhost(ImDrawList* list, const Camera& camera, const Document& doc, int index, double dt, std::uint32_t tint,
                   std::uint8_t alpha, bool outline) const;
    bool impactShown(const Scene& scene) const;

    Playback m_playback;
    std::unique_ptr<TimelineStripWorker> m_worker;  // started on first use
    std::shared_ptr<const StripProgress> m_progress;
    std::uint64_t m_seenRevision = ~std::uint64_t{0};
    std::string m_seenAlgorithm;
    std::string m_algorithmName;       // the test the strip runs
    SpriteTextures m_textures;
    FrameImageCache m_ghostFrames;     // animation frames the ghosts show
    bool m_panelShown = false;         // the tab was drawn this frame (overlays and the handle only then)
    bool m_panelDrawn = false;
    int m_frames = 1;                  // the scene's frames, for the commands' enabled state
    int m_stepRequest = 0;             // frames to step, from a command
    bool m_playRequest = false;
    bool m_impactRequest = false;
    bool m_showImpact = true;          // the time-of-impact ghost shows at its frame
    int m_onion = 2;                   // onion-skin ghosts each side
    bool m_showPath = true;
    bool m_showBand = true;
    bool m_showHandle = true;
    Drag m_drag = Drag::None;
    int m_dragSprite = -1;
    glm::dvec2 m_dragFromWorld{0.0, 0.0};
    glm::dvec2 m_dragVelocity{0.0, 0.0};
    glm::dvec2 m_dragLastScreen{0.0, 0.0};
    double m_dragOmega = 0.0;
};

}  // namespace cl
