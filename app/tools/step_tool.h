#pragma once
// The Step through tool: core's ScanCursor over the current pair, driven one sample, one row or one hit
// at a time, with the cursor drawn in both views.

#include <cstdint>
#include <memory>

#include "app/tools/tool.h"
#include "core/base/alpha_mask.h"
#include "core/collision/scan_cursor.h"

namespace cl {

/// The Step through tool's own settings, saved in settings.json as "step_speed" and "show_step_cursor".
struct StepSettings {
    double speed = 60.0;      ///< Playback, samples per second, in [1, 1e6].
    bool showCursor = false;  ///< Draw the cursor in the views.
    bool operator==(const StepSettings&) const = default;
};

/// Walks the scan of the report's pair; the cursor is rebuilt for each new answer and keeps its place.
class StepThroughTool : public Tool {
public:
    std::string_view id() const override { return "step-through"; }
    std::string_view title() const override { return "Step through"; }
    std::string_view help() const override { return "the scan one sample at a time (core's ScanCursor), shown in both views"; }
    void update(ToolContext& ctx) override;
    void drawPanel(ToolContext& ctx) override;
    bool overlayActive() const override { return m_active && m_cursor && !m_cursor->done(); }
    void drawWorldOverlay(const WorldOverlay& view, const ToolContext& ctx) const override;
    void drawLocalOverlay(const LocalOverlay& view, const ToolContext& ctx) const override;
    void sceneOpened() override;
    void saveSettings(nlohmann::json& settings) const override;
    void loadSettings(const nlohmann::json& settings, std::vector<std::string>& warnings) override;
    /// The tool's settings (what the panel edits).
    const StepSettings& settings() const { return m_settings; }

private:
    std::unique_ptr<ScanCursor> m_cursor;
    std::shared_ptr<const AlphaMask> m_maskA, m_maskB;  // the cursor borrows these
    std::uint64_t m_generation = 0;  // report generation the cursor was built for
    StepSettings m_settings;         // kept when a scene opens
    bool m_active = false;           // show the cursor in the views: m_settings.showCursor, read each frame
    bool m_playing = false;
    double m_carry = 0.0;            // fraction of a sample owed by playback
    bool m_lastRunFoundHit = true;   // false after "next hit" reached the end without one
};

}  // namespace cl
