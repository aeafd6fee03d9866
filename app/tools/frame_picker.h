#pragma once
// FramePicker: the Sprites tool's frame section for one sprite — flip toggles, the animation's tag, frame
// slider and play/pause, and thumbnails of the sheet's frames (an atlas's frames with their names, a grid's
// cells) that show the clicked frame — plus the "which frame?" question after an atlas is loaded, and the
// trimmed and untrimmed frame rectangles over the world view.

#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "app/tools/frame_edits.h"
#include "app/tools/tool.h"
#include "app/views/sprite_textures.h"

namespace cl {

class ToolContext;

/// Frame picking, flips and animation playback for the Sprites tool.
class FramePicker {
public:
    /// Advances every playing animation by the frame's wall-clock time.
    void update(ToolContext& ctx);
    /// The frame section of sprite `index` (inside the Sprites panel).
    void drawSection(ToolContext& ctx, int index);
    /// Asks which frame sprite `index` shows, in a popup with the thumbnails (after an atlas was loaded).
    void ask(int index) { m_askFor = index; }
    /// Draws the "which frame?" popup while one is asked.
    void drawQuestion(ToolContext& ctx);
    /// Draws the untrimmed frame (dashed) and the trimmed pixels' rectangle of each trimmed atlas frame.
    void drawFrameRects(const WorldOverlay& view, const Scene& scene) const;
    /// Forgets the old scene's frames, thumbnails and playback.
    void sceneOpened();
    /// The frame images every edit and thumbnail uses (one object per sheet, frame and flip).
    FrameImageCache& images() { return m_images; }

private:
    struct Listing {
        std::shared_ptr<const RgbaImage> sheet;
        const Atlas* atlas = nullptr;
        FrameRef::Kind kind = FrameRef::Kind::Whole;
        GridSpec grid;
        std::vector<SheetFrame> frames;
    };
    const std::vector<SheetFrame>& framesOf(const SceneSprite& sprite, int index);
    void drawThumbnails(ToolContext& ctx, int index, float maxHeight);
    void drawAnimation(ToolContext& ctx, int index);
    void drawGrid(ToolContext& ctx, int index);

    FrameImageCache m_images;
    SpriteTextures m_thumbnails;
    std::map<int, Listing> m_listings;
    std::map<int, AnimationPlayback> m_playback;
    std::set<std::tuple<const RgbaImage*, const Atlas*, std::string, int>> m_thumbnailsMade;  ///< (sheet, atlas, frame, flip)
    std::int64_t m_thumbnailPixels = 0;  ///< Pixels of the frames cut for thumbnails, within kMaxScenePixels (frame_memory.h).
    std::map<int, GridSpec> m_gridInput;  ///< The grid typed for a plain image, per sprite.
    int m_askFor = -1;
    std::size_t m_spriteCount = 0;
};

}  // namespace cl
