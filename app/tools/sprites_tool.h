#pragma once
// The Sprites tool: every sprite's transform, threshold, image facts, histogram and solid preview;
// frames of sprite sheets (picker, flips, animation; app/tools/frame_picker.h); load, add and remove
// sprites; pick the pair.

#include <string>

#include "app/tools/frame_picker.h"
#include "app/tools/tool.h"

namespace cl {

/// Edits the scene's sprites and the pair.
class SpritesTool : public Tool {
public:
    std::string_view id() const override { return "sprites"; }
    std::string_view title() const override { return "Sprites"; }
    std::string_view help() const override { return "transform, threshold, images and the pair of every sprite"; }
    void update(ToolContext& ctx) override;
    void drawPanel(ToolContext& ctx) override;
    bool overlayActive() const override { return m_showFrameRects; }
    void drawWorldOverlay(const WorldOverlay& view, const ToolContext& ctx) const override;
    void sceneOpened() override { m_frames.sceneOpened(); }

private:
    FramePicker m_frames;
    bool m_showFrameRects = true;  ///< Draw trimmed atlas frames' untrimmed and trimmed rectangles.
    std::string m_pairSearch;      ///< What was typed in the open pair chooser's search box.
};

}  // namespace cl
