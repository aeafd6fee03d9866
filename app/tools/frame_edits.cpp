#include "app/tools/frame_edits.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <functional>
#include <system_error>

#include "core/scene/atlas.h"
#include "core/io/image_io.h"

namespace cl {

namespace {

bool validSprite(const Document& doc, int index) { return index >= 0 && index < int(doc.scene().sprites.size()); }

// The origin a frame gives a sprite by default: the atlas pivot or the centre of the untrimmed frame.
glm::dvec2 defaultOrigin(const SceneSprite& sprite) {
    if (sprite.atlasData && sprite.frame.kind == FrameRef::Kind::Atlas) {
        const int at = sprite.atlasData->indexOf(sprite.frame.name);
        if (at >= 0) return atlasFrameOrigin(sprite.atlasData->frames[std::size_t(at)]);
    }
    return {sprite.pixels->width / 2.0, sprite.pixels->height / 2.0};
}

// Changes a copy of the sprite with `change` (setSpriteFrame and friends) and hands it to the Document as one
// step. The image the sprite shows now is adopted first, so coming back to this frame gives the same object.
std::string editFrame(Document& doc, int index, FrameImageCache& cache, const std::string& label, std::string_view mergeKey,
                      const std::function<std::string(SceneSprite&)>& change) {
    if (!validSprite(doc, index)) return "there is no sprite " + std::to_string(index);
    const SceneSprite& current = doc.scene().sprites[std::size_t(index)];
    if (current.sheet) cache.adopt(current.sheet, current.atlasData.get(), current.frame, current.flip, current.pixels);
    SceneSprite edited = current;
    if (std::string error = change(edited); !error.empty()) return error;
    if (edited.pixels->width != current.pixels->width || edited.pixels->height != current.pixels->height) {
        edited.transform.origin = defaultOrigin(edited);
    }
    doc.setShownImage(index, edited, label, mergeKey);
    return {};
}

std::string frameLabel(const FrameRef& frame) {
    switch (frame.kind) {
    case FrameRef::Kind::Atlas: return frame.name;
    case FrameRef::Kind::Grid: return "cell " + std::to_string(frame.index);
    case FrameRef::Kind::Rect: return "a rectangle";
    case FrameRef::Kind::Whole: break;
    }
    return "the whole image";
}

FrameRef atlasFrameRef(const std::string& name) {
    FrameRef ref;
    ref.kind = FrameRef::Kind::Atlas;
    ref.name = name;
    return ref;
}

}  // namespace

std::vector<SheetFrame> pickableFrames(const SceneSprite& sprite) {
    if (!sprite.sheet) return {};
    if (sprite.atlasData) {
        if (!checkAtlasAgainstImage(*sprite.atlasData, sprite.sheet->width, sprite.sheet->height).empty()) return {};
        return SpriteSheet(sprite.sheet, sprite.atlasData).frames();
    }
    if (sprite.frame.kind == FrameRef::Kind::Grid) return SpriteSheet(sprite.sheet, sprite.frame.grid).frames();
    return {};
}

std::string chooseFrame(Document& doc, int index, const FrameRef& frame, FrameImageCache& cache) {
    if (!validSprite(doc, index)) return "there is no sprite " + std::to_string(index);
    const std::string label = "Frame of " + doc.scene().sprites[std::size_t(index)].name + ": " + frameLabel(frame);
    return editFrame(doc, index, cache, label, {}, [&](SceneSprite& sprite) {
        return setSpriteFrame(sprite, frame, sprite.flip, cache);
    });
}

std::string setFlip(Document& doc, int index, FrameFlip flip, FrameImageCache& cache) {
    if (!validSprite(doc, index)) return "there is no sprite " + std::to_string(index);
    const std::string label = "Flip " + doc.scene().sprites[std::size_t(index)].name;
    return editFrame(doc, index, cache, label, {}, [&](SceneSprite& sprite) {
        return setSpriteFrame(sprite, sprite.frame, flip, cache);
    });
}

std::string showAnimationFrame(Document& doc, int index, int frameIndex, FrameImageCache& cache, std::string_view mergeKey) {
    if (!validSprite(doc, index)) return "there is no sprite " + std::to_string(index);
    const SceneSprite& current = doc.scene().sprites[std::size_t(index)];
    if (current.animation.frames.empty()) return "the sprite " + current.name + " has no animation";
    const int shown = std::clamp(frameIndex, 0, int(current.animation.frames.size()) - 1);
    if (shown == current.frameIndex && current.frame.kind == FrameRef::Kind::Atlas &&
        current.frame.name == current.animation.frames[std::size_t(shown)]) {
        return {};
    }
    return editFrame(doc, index, cache, "Animation frame of " + current.name, mergeKey,
                     [&](SceneSprite& sprite) { return showAnimationIndex(sprite, shown, cache); });
}

std::string setAnimationTag(Document& doc, int index, const std::string& tag, FrameImageCache& cache) {
    if (!validSprite(doc, index)) return "there is no sprite " + std::to_string(index);
    const SceneSprite& current = doc.scene().sprites[std::size_t(index)];
    if (tag.empty()) {
        if (!current.animation.active()) return {};
        SceneSprite stopped = current;
        stopped.animation = SpriteAnimation{};
        stopped.frameIndex = 0;
        doc.setShownImage(index, stopped, "Stop the animation of " + current.name);
        return {};
    }
    const AtlasTag* found = current.atlasData ? current.atlasData->findTag(tag) : nullptr;
    const std::vector<int> frames = found ? tagFrames(*current.atlasData, *found) : std::vector<int>{};
    if (frames.empty()) return "the atlas of " + current.name + " has no tag \"" + tag + "\" with frames";
    return editFrame(doc, index, cache, "Play " + tag + " on " + current.name, {}, [&](SceneSprite& sprite) {
        sprite.animation = SpriteAnimation{};
        sprite.animation.tag = tag;
        for (int f : frames) sprite.animation.frames.push_back(sprite.atlasData->frames[std::size_t(f)].name);
        std::string error = setSpriteFrame(sprite, atlasFrameRef(sprite.animation.frames.front()), sprite.flip, cache);
        if (error.empty()) sprite.frameIndex = 0;
        return error;
    });
}

void AnimationPlayback::play(std::vector<int> durationsMs, int from) {
    m_clock = AnimationClock(durationsMs);
    m_elapsedMs = from <= 0 ? 0.0 : from < m_clock.size() ? m_clock.beginMs(from) : m_clock.totalMs();
    m_playing = m_clock.size() > 0;
}

int AnimationPlayback::advance(double seconds) {
    // Kept within one loop so a long run keeps its precision.
    if (m_playing && seconds > 0.0) m_elapsedMs = std::fmod(m_elapsedMs + seconds * 1000.0, m_clock.totalMs());
    // The timeline's rule with frame 0 at time 0 and a 1 ms timeline frame (1000 fps): tau is the elapsed ms.
    return m_clock.frameAt(0, m_elapsedMs, 1000.0);
}

std::string giveAtlas(SceneSprite& sprite, const std::filesystem::path& atlasFile, FrameImageCache& cache) {
    std::error_code ec;
    const std::filesystem::path atlasPath = std::filesystem::absolute(atlasFile, ec).lexically_normal();
    AtlasLoadResult loaded = loadAtlas(atlasPath);
    if (!loaded.ok()) return loaded.message();
    auto atlas = std::make_shared<const Atlas>(std::move(*loaded.atlas));
    const std::string where = atlasPath.string() + ": ";
    if (atlas->image.empty()) return where + "meta.image: missing, so the atlas does not say which image it describes\n";
    if (atlas->frames.empty()) return where + "frames: the atlas lists no frames\n";
    const std::filesystem::path imagePath = (atlasPath.parent_path() / std::filesystem::path(atlas->image)).lexically_normal();
    ImageLoadResult image = loadImageFile(imagePath);
    if (!image.ok()) return where + "meta.image: " + image.error + "\n";
    std::string problems;
    for (const AtlasProblem& p : checkAtlasAgainstImage(*atlas, image.image->width, image.image->height)) {
        problems += where + p.path + ": " + p.message + "\n";
    }
    if (!problems.empty()) return problems;

    SceneSprite given = sprite;
    given.image = imagePath.string();
    given.imagePath = imagePath;
    given.imageFromAtlas = true;
    given.sheet = std::make_shared<const RgbaImage>(std::move(*image.image));
    given.pixels = given.sheet;
    given.atlas = atlasPath.string();
    given.atlasPath = atlasPath;
    given.atlasData = atlas;
    given.frame = FrameRef{};
    given.flip = FrameFlip{};
    given.animation = SpriteAnimation{};
    given.frameIndex = 0;
    if (std::string error = setSpriteFrame(given, atlasFrameRef(atlas->frames.front().name), FrameFlip{}, cache); !error.empty()) return where + error + "\n";
    given.transform.origin = atlasFrameOrigin(atlas->frames.front());
    sprite = std::move(given);
    return {};
}

std::string loadAtlasInto(Document& doc, int index, const std::filesystem::path& atlasFile, FrameImageCache& cache) {
    if (!validSprite(doc, index)) return "there is no sprite " + std::to_string(index);
    SceneSprite sprite = doc.scene().sprites[std::size_t(index)];
    if (std::string error = giveAtlas(sprite, atlasFile, cache); !error.empty()) return error;
    doc.setShownImage(index, sprite, "Load atlas for " + sprite.name);
    return {};
}

int addAtlasSprite(Document& doc, const std::filesystem::path& atlasFile, glm::dvec2 position, FrameImageCache& cache,
                   std::string& error) {
    SceneSprite sprite;
    sprite.name = atlasFile.stem().string();
    if (sprite.name.empty() || sprite.name.find('/') != std::string::npos) sprite.name = "sprite";
    sprite.transform.position = position;
    error = giveAtlas(sprite, atlasFile, cache);
    if (!error.empty()) return -1;
    const int index = doc.addSprite(std::move(sprite));
    if (index < 0) error = atlasFile.string() + ": the scene holds as many sprites as it can";
    return index;
}

bool isAtlasFile(const std::filesystem::path& file) {
    std::string extension = file.extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return extension == ".json";
}

}  // namespace cl
