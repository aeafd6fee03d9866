#pragma once
// Frame edits of the Sprites tool, window-free: show another frame of a sprite's sheet, flip it, step and
// play its animation by the frames' durations, give a sprite an atlas. Each edit is one undo step through
// the Document. Frame images come from one FrameImageCache, so a frame shown before is the same image
// object again, and the report's MaskCache, the textures and the previews keep what they built for it.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec2.hpp>

#include "app/editor/document.h"
#include "core/scene/animation_time.h"
#include "core/scene/frame_image.h"

namespace cl {

/// The frames a sprite's frame picker lists: its atlas's frames, or its grid's cells; empty for a sprite
/// showing a plain image or a rectangle (nothing to pick from).
std::vector<SheetFrame> pickableFrames(const SceneSprite& sprite);

/// Shows `frame` of sprite `index`'s sheet (its flip kept) as one undo step. The origin is kept when the new
/// frame has the old one's size, else it becomes the new frame's default (the atlas pivot or the centre). A
/// frame outside the sprite's animation stops the animation. Returns why it cannot be shown, or "".
std::string chooseFrame(Document& doc, int index, const FrameRef& frame, FrameImageCache& cache);

/// Mirrors sprite `index`'s frame within its rectangle (one undo step; the origin keeps its texture
/// coordinates). Returns why it cannot, or "".
std::string setFlip(Document& doc, int index, FrameFlip flip, FrameImageCache& cache);

/// Shows frame `frameIndex` (clamped to the animation) of sprite `index`'s animation; edits with the same
/// non-empty `mergeKey` are one undo step (a slider drag, a playback run). Returns why it cannot, or "".
std::string showAnimationFrame(Document& doc, int index, int frameIndex, FrameImageCache& cache, std::string_view mergeKey = {});

/// Plays the atlas tag `tag` from its first frame (one undo step), or with an empty `tag` stops the animation
/// and keeps showing the frame shown now. Returns why it cannot, or "".
std::string setAnimationTag(Document& doc, int index, const std::string& tag, FrameImageCache& cache);

/// Wall-clock playback of a looping animation: which frame is shown after how long.
class AnimationPlayback {
public:
    /// Starts at the beginning of frame `from` of an animation whose frames last `durationsMs` (0:
    /// kDefaultFrameDurationMs).
    void play(std::vector<int> durationsMs, int from);
    /// Stops advancing.
    void pause() { m_playing = false; }
    /// True between play() and pause().
    bool playing() const { return m_playing; }
    /// Advances by `seconds` while playing; returns the frame shown now.
    int advance(double seconds);
    /// Milliseconds since the start of the animation's first frame (within one loop).
    double elapsedMs() const { return m_elapsedMs; }

private:
    AnimationClock m_clock;
    double m_elapsedMs = 0.0;
    bool m_playing = false;
};

/// Gives `sprite` the atlas described by `atlasFile` (TexturePacker or Aseprite JSON) and the image its
/// meta.image names, showing the atlas's first frame unflipped with that frame's default origin (the
/// position is kept); animation cleared. Returns every problem ("<file>: <path>: <message>" lines), or ""
/// (then `sprite` is changed).
std::string giveAtlas(SceneSprite& sprite, const std::filesystem::path& atlasFile, FrameImageCache& cache);

/// giveAtlas() on sprite `index` as one undo step ("Load atlas for NAME"). Returns the problems, or "".
std::string loadAtlasInto(Document& doc, int index, const std::filesystem::path& atlasFile, FrameImageCache& cache);

/// Appends a sprite named after `atlasFile` showing the atlas's first frame at `position`; returns its index,
/// or -1 with `error` set.
int addAtlasSprite(Document& doc, const std::filesystem::path& atlasFile, glm::dvec2 position, FrameImageCache& cache,
                   std::string& error);

/// True when `file` names an atlas description rather than an image (its extension is .json).
bool isAtlasFile(const std::filesystem::path& file);

}  // namespace cl
