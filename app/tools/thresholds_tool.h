#pragma once
// The Thresholds tool: the threshold map of the current pair (core/check/threshold_map.h) — the verdict of
// the pixel test at every (threshold of A, threshold of B) — drawn as an image with the current thresholds as
// a crosshair and the frontier as a line; hovering a cell shows its verdict and overlap, clicking sets both
// thresholds (one undo step), and the margins are said in words. The map is built on the tool's worker.

#include <cstdint>
#include <memory>
#include <optional>

#include "app/tools/tool.h"
#include "core/check/threshold_map.h"

namespace sf {
class Texture;
}

namespace cl {

class ThresholdMapWorker;

/// What a map is built from: the pair's images and poses, the pixel test and how it samples.
struct ThresholdMapJob {
    std::shared_ptr<const RgbaImage> imageA, imageB;
    SpriteTransform a, b;
    const Algorithm* test = nullptr;
    Sampling sampling = Sampling::Center;
    ScanDirection scan = ScanDirection::AToB;
    bool operator==(const ThresholdMapJob&) const = default;
};

/// Where the map's square sits in the panel: its side from the panel's width and height only, never from the
/// text around it, so the map holds still while the words below it change.
struct ThresholdMapLayout {
    float side = 0.0f;  ///< Screen pixels per side of the 256 x 256 map.
    /// The cell (tA across, tB down) under a point `dx`, `dy` pixels from the map's top-left corner, clamped to 0..255.
    ThresholdCell cellAt(float dx, float dy) const;
};

/// The layout for a panel whose free area (from the top of the tool's panel) is `width` x `height`.
ThresholdMapLayout thresholdMapLayout(float width, float height);

/// See the file comment.
class ThresholdsTool : public Tool {
public:
    ThresholdsTool();
    ~ThresholdsTool() override;
    std::string_view id() const override { return "thresholds"; }
    std::string_view title() const override { return "Thresholds"; }
    std::string_view help() const override {
        return "the threshold map: the verdict at every (threshold of A, threshold of B); click a cell to set both, "
               "margins in words";
    }
    void drawPanel(ToolContext& ctx) override;
    void sceneOpened() override;
    Shortcut shortcut() const override { return {Key::F5}; }

    /// The newest map the worker built and the job it answers.
    struct Shown {
        ThresholdMapJob job;
        ThresholdMap map;
        double ms = 0.0;
    };

private:
    void ask(ToolContext& ctx);
    void drawMap(ToolContext& ctx, const ThresholdMapLayout& layout);
    void drawWords(ToolContext& ctx);

    std::unique_ptr<ThresholdMapWorker> m_worker;
    std::optional<ThresholdMapJob> m_asked;
    std::optional<Shown> m_shown;
    std::unique_ptr<sf::Texture> m_texture;  // made on first draw: a texture needs the display
    bool m_textureCurrent = false;           // the texture shows m_shown's map
};

}  // namespace cl
