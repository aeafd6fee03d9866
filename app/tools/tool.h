#pragma once
// Tool: one module of the sandbox's inspector (Sprites, Transform, Step through, ...). A tool owns its
// state and implements this interface; tool_registry.cpp lists every tool once, and the inspector's
// tabs, the View menu, the F1 window and the command table iterate that list.
//
// Each frame the shell calls, in this order: update() on every tool (after the collision report has
// adopted its newest answer, so every tool reads the snapshot the Collision table shows), drawPanel()
// on the tool whose tab is open, then the overlay hooks on every tool whose overlayActive() is true.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/mat3x3.hpp>
#include <imgui.h>
#include <nlohmann/json_fwd.hpp>

#include "app/editor/camera.h"
#include "app/editor/input_event.h"
#include "app/tools/command_table.h"
#include "core/scene/scene.h"

namespace cl {

class ToolContext;

/// Where a tool draws over the world view: a draw list clipped to the view and its camera.
struct WorldOverlay {
    ImDrawList* list = nullptr;
    const Camera* camera = nullptr;
};

/// Where a tool draws over the local-space view: a draw list clipped to the view, the matrix from the
/// reference sprite's texture pixels to the screen, and which sprite is the reference.
struct LocalOverlay {
    ImDrawList* list = nullptr;
    const Camera* camera = nullptr;
    glm::dmat3 referenceToScreen{1.0};
    bool referenceIsB = true;  ///< B is the reference (A's samples land in its pixels).
};

/// One tool of the sandbox: its state, per-frame update, panel, overlays, commands and help line.
class Tool {
public:
    virtual ~Tool() = default;

    /// Stable identifier ("step-through"): command ids and settings use it.
    virtual std::string_view id() const = 0;
    /// The tab's title ("Step through").
    virtual std::string_view title() const = 0;
    /// One line for the F1 window: what the tool shows.
    virtual std::string_view help() const = 0;

    /// Once per frame, before any panel is drawn; reads ctx.report(), the snapshot of this frame.
    virtual void update(ToolContext& ctx) { (void)ctx; }
    /// The tool's panel, drawn inside its tab.
    virtual void drawPanel(ToolContext& ctx) = 0;
    /// A compact strip the inspector draws above another tool's open panel (the lesson's checklist, so it stays
    /// where the student works); returns whether it drew anything. Most tools draw nothing.
    virtual bool drawBesidePanel(ToolContext& ctx) { (void)ctx; return false; }

    /// What the window shows instead of the scene's pair while the tool owns it (a game running): the menu
    /// bar's text and whether it is a hit, and the pair the Collision table and the local view show — a scene
    /// of two sprites (A, B) whose revision changes whenever it does. Empty while the tool does not own it.
    struct WindowStatus {
        std::string text;
        bool hit = false;
        std::shared_ptr<const Scene> pair;  ///< null: the tool has no pair to show (the table says so)
        std::uint64_t pairRevision = 0;
    };
    virtual std::optional<WindowStatus> windowStatus() const { return std::nullopt; }

    /// True while the tool draws over the views (the overlay hooks are called only then).
    virtual bool overlayActive() const { return false; }
    /// Draws over the world view, above the view's own overlays.
    virtual void drawWorldOverlay(const WorldOverlay& view, const ToolContext& ctx) const { (void)view, (void)ctx; }
    /// Draws over the local-space view, above the view's own overlays.
    virtual void drawLocalOverlay(const LocalOverlay& view, const ToolContext& ctx) const { (void)view, (void)ctx; }

    /// A mouse event of the world view (presses inside it; moves and releases anywhere), offered while
    /// overlayActive() before the Manipulator sees it; true takes it, and the Manipulator does not see it.
    virtual bool handleWorldInput(const InputEvent& event, ToolContext& ctx) { (void)event, (void)ctx; return false; }

    /// Adds the tool's commands (menu entries, shortcuts, help lines) to `commands`.
    virtual void addCommands(CommandTable& commands) { (void)commands; }
    /// A different scene was opened (New, Open, recovery): forget what was about the old one.
    virtual void sceneOpened() {}
    /// True when the tool's tab should open with `scene` (the first such tool in the registry wins).
    virtual bool showsOnOpen(const Scene& scene) const { (void)scene; return false; }
    /// The key that opens the tool's tab (Key::Other: none); its View-menu entry shows it.
    virtual Shortcut shortcut() const { return {}; }

    /// Adds what the tool shows to --describe-ui's object (keys of its own, e.g. "tasks"); most tools add nothing.
    virtual void describeUi(nlohmann::json& ui) const { (void)ui; }

    /// Writes the tool's own settings into the settings file's object (keys of its own, e.g. "step_speed").
    virtual void saveSettings(nlohmann::json& settings) const { (void)settings; }
    /// Reads them back from the settings file's object: missing keys keep the current values; ill-typed or
    /// out-of-range ones keep the default or the nearest allowed value and add a warning (app/tools/settings_fields.h).
    virtual void loadSettings(const nlohmann::json& settings, std::vector<std::string>& warnings) { (void)settings, (void)warnings; }
};

}  // namespace cl
