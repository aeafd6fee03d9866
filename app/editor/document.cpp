#include "app/editor/document.h"

#include "core/base/engine_threshold.h"

#include <algorithm>
#include <utility>

#include "app/editor/transform_limits.h"
#include "core/scene/animation_time.h"

namespace cl {

Document::Document(Scene scene) { reset(std::move(scene)); }

void Document::reset(Scene scene) {
    m_scene = std::move(scene);
    m_frameZero.clear();
    m_frameZeroIndex.clear();
    m_frameImages.clear();
    const int frame = m_scene.timeline.frame;
    for (SceneSprite& sprite : m_scene.sprites) {
        m_frameZero.push_back(sprite.transform);
        m_frameZeroIndex.push_back(sprite.frameIndex);
        if (frame != 0 && !sprite.motion.still())
            sprite.transform = clampToLimits(transformAt(sprite.transform, sprite.motion, frame), sprite.transform);
        showFrameAt(sprite, sprite.frameIndex, frame);
    }
    m_images.assign(m_scene.sprites.size(), nullptr);
    m_selection = Selection{};
    m_selection.sprite = m_scene.sprites.empty() ? -1 : 0;
    if (const auto& pair = m_scene.view.pair) {
        // The scene's view names the pair it opens on; the file reader has checked both names.
        for (int i = 0; i < static_cast<int>(m_scene.sprites.size()); ++i) {
            if (m_scene.sprites[i].name == pair->first) m_selection.pairA = i;
            if (m_scene.sprites[i].name == pair->second) m_selection.pairB = i;
        }
    }
    m_undo.clear();
    m_redo.clear();
    m_gesture.reset();
    m_mergeKey.clear();
    fixSelection();
    ++m_revision;
    m_stateId = m_nextStateId++;
    m_savedStateId = m_stateId;
}

SpriteTransform Document::frameZeroTransform(int index) const {
    if (!validIndex(index)) return {};
    const SceneSprite& sprite = m_scene.sprites[index];
    const int frame = m_scene.timeline.frame;
    if (frame == 0 || sprite.motion.still()) return sprite.transform;
    if (index < static_cast<int>(m_frameZero.size()) &&
        clampToLimits(transformAt(m_frameZero[index], sprite.motion, frame), sprite.transform) == sprite.transform) {
        return m_frameZero[index];
    }
    return clampToLimits(transformAt(sprite.transform, sprite.motion, -frame), sprite.transform);
}

int Document::frameZeroIndex(int index) const {
    if (!validIndex(index)) return 0;
    const SceneSprite& sprite = m_scene.sprites[index];
    const int frame = m_scene.timeline.frame;
    if (frame == 0 || !playsAnimation(sprite)) return sprite.frameIndex;
    const AnimationClock clock(animationDurations(sprite));
    const double fps = m_scene.timeline.framesPerSecond();
    if (index < static_cast<int>(m_frameZeroIndex.size()) &&
        clock.frameAt(m_frameZeroIndex[index], frame, fps) == sprite.frameIndex) {
        return m_frameZeroIndex[index];
    }
    for (int start = 0; start < clock.size(); ++start) {
        if (clock.frameAt(start, frame, fps) == sprite.frameIndex) return start;
    }
    return sprite.frameIndex;
}

void Document::showFrameAt(SceneSprite& sprite, int zeroIndex, int frame) {
    if (!playsAnimation(sprite)) return;
    // The image shown now is the cache's for its frame, so coming back to it hands out the same object.
    m_frameImages.adopt(sprite.sheet, sprite.atlasData.get(), sprite.frame, sprite.flip, sprite.pixels);
    const int shown = animationFrameAt(animationDurations(sprite), zeroIndex, frame, m_scene.timeline.framesPerSecond());
    showAnimationIndex(sprite, shown, m_frameImages);
}

Scene Document::fileScene() const {
    Scene scene = m_scene;
    for (int i = 0; i < static_cast<int>(scene.sprites.size()); ++i) {
        SceneSprite& sprite = scene.sprites[i];
        sprite.transform = frameZeroTransform(i);
        if (playsAnimation(sprite)) showAnimationIndex(sprite, frameZeroIndex(i), m_frameImages);
    }
    return scene;
}

bool Document::setFrame(int frame, std::string_view mergeKey) {
    frame = std::clamp(frame, 0, std::max(0, m_scene.timeline.frames - 1));
    if (frame == m_scene.timeline.frame) return true;
    std::vector<SpriteTransform> zero;
    std::vector<int> zeroIndex;
    for (int i = 0; i < static_cast<int>(m_scene.sprites.size()); ++i) {
        zero.push_back(frameZeroTransform(i));
        zeroIndex.push_back(frameZeroIndex(i));
    }
    prepareEdit("Frame " + std::to_string(frame), mergeKey);
    m_scene.timeline.frame = frame;
    for (std::size_t i = 0; i < zero.size(); ++i) {
        SceneSprite& sprite = m_scene.sprites[i];
        sprite.transform = clampToLimits(transformAt(zero[i], sprite.motion, frame), sprite.transform);
        showFrameAt(sprite, zeroIndex[i], frame);
    }
    m_frameZero = std::move(zero);
    m_frameZeroIndex = std::move(zeroIndex);
    finishEdit();
    return true;
}

void Document::select(int index) { m_selection.sprite = validIndex(index) ? index : -1; }

bool Document::setPair(int a, int b) {
    if (!validIndex(a) || !validIndex(b) || a == b) return false;
    if (a == m_selection.pairA && b == m_selection.pairB) return true;
    prepareEdit("Pick pair", {});
    m_selection.pairA = a;
    m_selection.pairB = b;
    finishEdit();
    return true;
}

bool Document::setTransform(int index, const SpriteTransform& transform, std::string_view mergeKey) {
    if (!validIndex(index)) return false;
    SceneSprite& sprite = m_scene.sprites[index];
    const SpriteTransform clamped = clampToLimits(transform, sprite.transform);
    if (clamped == sprite.transform) return true;
    prepareEdit("Transform " + sprite.name, mergeKey);
    sprite.transform = clamped;
    finishEdit();
    return true;
}

namespace {
// A plain threshold: the engine setting goes with any change of the number.
void assignThreshold(SceneSprite& sprite, int threshold) {
    if (threshold == sprite.alphaThreshold) return;
    sprite.alphaThreshold = threshold;
    sprite.engineThreshold.reset();
}
}  // namespace

bool Document::setThreshold(int index, int threshold, std::string_view mergeKey) {
    if (!validIndex(index)) return false;
    SceneSprite& sprite = m_scene.sprites[index];
    const int clamped = std::clamp(threshold, 0, 255);
    if (clamped == sprite.alphaThreshold) return true;
    prepareEdit("Threshold of " + sprite.name, mergeKey);
    assignThreshold(sprite, clamped);
    finishEdit();
    return true;
}

bool Document::setThresholds(int a, int thresholdA, int b, int thresholdB) {
    if (!validIndex(a) || !validIndex(b)) return false;
    const int clampedA = std::clamp(thresholdA, 0, 255);
    const int clampedB = std::clamp(thresholdB, 0, 255);
    if (clampedA == m_scene.sprites[a].alphaThreshold && clampedB == m_scene.sprites[b].alphaThreshold) return true;
    prepareEdit("Thresholds of " + m_scene.sprites[a].name + "/" + m_scene.sprites[b].name, {});
    assignThreshold(m_scene.sprites[a], clampedA);
    assignThreshold(m_scene.sprites[b], clampedB);
    finishEdit();
    return true;
}

bool Document::setEngineThreshold(int index, const std::optional<SpriteEngineThreshold>& setting, std::string_view mergeKey) {
    if (!validIndex(index)) return false;
    SceneSprite& sprite = m_scene.sprites[index];
    int threshold = sprite.alphaThreshold;
    if (setting) {
        const EngineThreshold converted = engineThreshold(setting->engine, setting->value);
        if (!converted.threshold) return false;
        threshold = *converted.threshold;
    }
    if (setting == sprite.engineThreshold && threshold == sprite.alphaThreshold) return true;
    prepareEdit("Threshold of " + sprite.name, mergeKey);
    sprite.alphaThreshold = threshold;
    sprite.engineThreshold = setting;
    finishEdit();
    return true;
}

bool Document::setName(int index, const std::string& name) {
    if (!validIndex(index) || name.empty() || name.find('/') != std::string::npos) return false;
    for (int i = 0; i < static_cast<int>(m_scene.sprites.size()); ++i) {
        if (i != index && m_scene.sprites[i].name == name) return false;
    }
    if (m_scene.sprites[index].name == name) return true;
    prepareEdit("Rename " + m_scene.sprites[index].name, {});
    m_scene.sprites[index].name = name;
    finishEdit();
    return true;
}

bool Document::setImage(int index, std::shared_ptr<const RgbaImage> pixels, std::string image,
                        std::filesystem::path imagePath) {
    if (!validIndex(index) || !pixels) return false;
    SceneSprite& sprite = m_scene.sprites[index];
    prepareEdit("Image of " + sprite.name, {});
    setPlainImage(sprite, std::move(pixels), std::move(image), std::move(imagePath));
    m_images[index].reset();
    finishEdit();
    return true;
}

bool Document::setShownImage(int index, const SceneSprite& source, std::string_view label, std::string_view mergeKey) {
    if (!validIndex(index) || !source.pixels) return false;
    prepareEdit(label, mergeKey);
    SceneSprite& sprite = m_scene.sprites[index];
    if (sprite.image != source.image) {
        sprite.image = source.image;
        m_images[index].reset();
    }
    sprite.imagePath = source.imagePath;
    sprite.pixels = source.pixels;
    sprite.sheet = source.sheet;
    sprite.atlas = source.atlas;
    sprite.atlasPath = source.atlasPath;
    sprite.atlasData = source.atlasData;
    sprite.imageFromAtlas = source.imageFromAtlas;
    sprite.frame = source.frame;
    sprite.flip = source.flip;
    sprite.animation = source.animation;
    sprite.frameIndex = source.frameIndex;
    sprite.transform = clampToLimits(source.transform, sprite.transform);
    finishEdit();
    return true;
}

int Document::addSprite(SceneSprite sprite) {
    if (!sprite.pixels || static_cast<int>(m_scene.sprites.size()) >= kMaxSprites) return -1;
    std::string base = sprite.name;
    std::replace(base.begin(), base.end(), '/', '_');
    if (base.empty()) base = "sprite";
    const auto taken = [this](const std::string& name) {
        return std::any_of(m_scene.sprites.begin(), m_scene.sprites.end(),
                           [&](const SceneSprite& s) { return s.name == name; });
    };
    sprite.name = base;
    for (int n = 2; taken(sprite.name); ++n) sprite.name = base + "-" + std::to_string(n);
    sprite.transform = clampToLimits(sprite.transform, SpriteTransform{});
    sprite.alphaThreshold = std::clamp(sprite.alphaThreshold, 0, 255);

    prepareEdit("Add " + sprite.name, {});
    m_scene.sprites.push_back(std::move(sprite));
    m_images.push_back(nullptr);
    const int index = static_cast<int>(m_scene.sprites.size()) - 1;
    m_selection.sprite = index;
    fixSelection();
    finishEdit();
    return index;
}

bool Document::removeSprite(int index) {
    if (!validIndex(index) || static_cast<int>(m_scene.sprites.size()) <= kMinSprites) return false;
    prepareEdit("Remove " + m_scene.sprites[index].name, {});
    m_scene.sprites.erase(m_scene.sprites.begin() + index);
    m_images.erase(m_images.begin() + index);
    const auto shift = [index](int i) { return i == index ? -1 : (i > index ? i - 1 : i); };
    m_selection.sprite = shift(m_selection.sprite);
    m_selection.pairA = shift(m_selection.pairA);
    m_selection.pairB = shift(m_selection.pairB);
    fixSelection();
    finishEdit();
    return true;
}

bool Document::edit(std::string_view label, const std::function<void(Scene&)>& change, std::string_view mergeKey) {
    if (!change) return false;
    prepareEdit(label, mergeKey);
    change(m_scene);
    m_images.assign(m_scene.sprites.size(), nullptr);
    fixSelection();
    finishEdit();
    return true;
}

void Document::beginGesture(std::string_view label) {
    if (m_gesture) commitGesture();
    m_mergeKey.clear();
    m_gesture = OpenGesture{std::string(label), captureState(), false};
}

void Document::commitGesture() {
    if (!m_gesture) return;
    if (m_gesture->changed) {
        m_undo.push_back(Step{std::move(m_gesture->label), std::move(m_gesture->before)});
        if (m_undo.size() > kMaxUndoSteps) m_undo.erase(m_undo.begin());
        m_redo.clear();
    }
    m_gesture.reset();
}

void Document::cancelGesture() {
    if (!m_gesture) return;
    OpenGesture gesture = std::move(*m_gesture);
    m_gesture.reset();
    if (gesture.changed) restoreState(std::move(gesture.before));
}

bool Document::undo() {
    commitGesture();
    if (m_undo.empty()) return false;
    Step step = std::move(m_undo.back());
    m_undo.pop_back();
    m_redo.push_back(Step{step.label, captureState()});
    restoreState(std::move(step.before));
    m_mergeKey.clear();
    return true;
}

bool Document::redo() {
    commitGesture();
    if (m_redo.empty()) return false;
    Step step = std::move(m_redo.back());
    m_redo.pop_back();
    m_undo.push_back(Step{step.label, captureState()});
    restoreState(std::move(step.before));
    m_mergeKey.clear();
    return true;
}

std::string Document::undoLabel() const {
    if (m_gesture) return m_gesture->changed ? m_gesture->label : (m_undo.empty() ? "" : m_undo.back().label);
    return m_undo.empty() ? "" : m_undo.back().label;
}

std::string Document::redoLabel() const { return m_redo.empty() || m_gesture ? "" : m_redo.back().label; }

Document::State Document::captureState() {
    State state;
    state.selection = m_selection;
    state.stateId = m_stateId;
    // Copy the scene with every image string moved aside, then put the strings back.
    std::vector<std::string> strings;
    strings.reserve(m_scene.sprites.size());
    for (std::size_t i = 0; i < m_scene.sprites.size(); ++i) {
        if (!m_images[i]) m_images[i] = std::make_shared<const std::string>(m_scene.sprites[i].image);
        strings.push_back(std::move(m_scene.sprites[i].image));
        m_scene.sprites[i].image.clear();
    }
    state.scene = m_scene;
    state.images = m_images;
    for (std::size_t i = 0; i < m_scene.sprites.size(); ++i) m_scene.sprites[i].image = std::move(strings[i]);
    return state;
}

void Document::restoreState(State state) {
    m_scene = std::move(state.scene);
    for (std::size_t i = 0; i < m_scene.sprites.size(); ++i) m_scene.sprites[i].image = *state.images[i];
    m_images = std::move(state.images);
    m_selection = state.selection;
    m_stateId = state.stateId;
    fixSelection();
    ++m_revision;
}

void Document::prepareEdit(std::string_view label, std::string_view mergeKey) {
    if (m_gesture) {
        m_gesture->changed = true;
        return;
    }
    const bool merges = !mergeKey.empty() && mergeKey == m_mergeKey && !m_undo.empty();
    m_redo.clear();
    m_mergeKey = std::string(mergeKey);
    if (merges) return;
    m_undo.push_back(Step{std::string(label), captureState()});
    if (m_undo.size() > kMaxUndoSteps) m_undo.erase(m_undo.begin());
}

void Document::finishEdit() {
    ++m_revision;
    m_stateId = m_nextStateId++;
}

void Document::fixSelection() {
    if (!validIndex(m_selection.sprite)) m_selection.sprite = -1;
    const bool pairValid = validIndex(m_selection.pairA) && validIndex(m_selection.pairB) &&
                           m_selection.pairA != m_selection.pairB;
    if (!pairValid) {
        const bool two = m_scene.sprites.size() >= 2;
        m_selection.pairA = two ? 0 : -1;
        m_selection.pairB = two ? 1 : -1;
    }
}

}  // namespace cl
