#pragma once
// Document: the edited scene, the selection, and undo/redo where one drag is one step.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/image.h"
#include "core/scene/scene.h"
#include "core/base/sprite_transform.h"

namespace cl {

/// What is selected: one sprite for editing, and the pair (A, B) the collision tests compare.
struct Selection {
    int sprite = -1;  ///< Sprite the handles and keyboard act on; -1 when none.
    int pairA = -1;   ///< Index of sprite A (the one mapped into B); -1 when the scene has < 2 sprites.
    int pairB = -1;   ///< Index of sprite B; differs from pairA.
    bool operator==(const Selection&) const = default;
};

/// The scene being edited. Every change goes through this class so that it can be undone, counted
/// (revision) and compared with the last save (dirty). Transforms are clamped with clampToLimits(), so
/// the scene never becomes invalid. Edits with a bad sprite index are ignored and return false.
///
/// Time: the document shows the scene's current frame (timeline.frame). Each sprite's transform here is
/// its transform at that frame, so every view, tool and the collision report see what the frame shows and
/// edit it; a file stores the transforms at frame 0 (reset() moves them to the current frame, fileScene()
/// back), and setFrame() moves every sprite along its motion. Likewise an animated sprite shows the animation
/// frame of the current time (core/scene/animation_time.h): its frameIndex, frame and pixels here are that frame's,
/// and the file keeps frame_index, the frame at time 0.
///
/// Undo granularity:
/// - a gesture (beginGesture() ... commitGesture()) is one step however many edits it holds;
/// - consecutive edits with the same non-empty merge key are one step (wheel notches, key repeats,
///   an ImGui drag field); any other edit, undo/redo, a gesture or breakMerge() ends the run.
///   A panel field: `if (ImGui::DragScalar(...)) doc.setTransform(i, t, "sprite.3.rotation");`
///   then `if (ImGui::IsItemDeactivated()) doc.breakMerge();` so each separate drag is its own step.
class Document {
public:
    /// Steps kept; the oldest are dropped beyond this.
    static constexpr std::size_t kMaxUndoSteps = 500;
    /// Fewest and most sprites edits leave in the scene (what a scene file may hold).
    static constexpr int kMinSprites = 2;
    static constexpr int kMaxSprites = 256;

    /// An empty scene, nothing selected, not dirty.
    Document() = default;
    /// Edits `scene`: selection = first sprite, pair = the view's pair, else (0, 1) when there are two sprites; not dirty.
    explicit Document(Scene scene);

    /// Replaces the whole document (New/Open) with `scene` as its file stores it (transforms at frame 0),
    /// shown at its current frame: clears history, resets selection, not dirty.
    void reset(Scene scene);
    /// The scene as a file stores it: every transform at frame 0 (what Save and autosave write).
    Scene fileScene() const;
    /// Sprite `index`'s transform at frame 0 (exactly as loaded or last derived, while it still moves there).
    SpriteTransform frameZeroTransform(int index) const;
    /// Sprite `index`'s animation frame at time 0 (its file frame_index): as loaded or last derived while it still
    /// leads to the frame shown now, else the first start that does (the shown index when none does).
    int frameZeroIndex(int index) const;

    /// The scene as edited so far.
    const Scene& scene() const { return m_scene; }
    /// Current selection (always valid for the current scene).
    const Selection& selection() const { return m_selection; }

    /// Bumped by every change of the scene or the pair (edits, undo, redo, reset, live gesture edits);
    /// not by selecting a sprite. Cache derived work (masks, collision results) on this number.
    std::uint64_t revision() const { return m_revision; }
    /// True when the scene or pair differs from the last markSaved() / reset() state (undoing back to
    /// the saved state clears it).
    bool dirty() const { return m_stateId != m_savedStateId; }
    /// Records the current state as saved; it also ends a merge run, so that undo can return to the saved
    /// state (an edit merged across a save would undo past it).
    void markSaved() {
        m_savedStateId = m_stateId;
        m_mergeKey.clear();
    }
    /// Makes the document dirty until the next markSaved() (a scene restored from a recovery file).
    void markUnsaved() { m_savedStateId = ~std::uint64_t{0}; }

    // --- selection (not undoable on its own) ---
    /// Selects sprite `index` for editing, or nothing with -1; out-of-range indices select nothing.
    void select(int index);
    /// Picks the pair A, B (undoable, bumps revision); returns false when invalid or a == b.
    bool setPair(int a, int b);

    // --- edits (each one undo step, or merged/grouped as described above) ---
    /// Sets sprite `index`'s transform (clamped to the limits).
    bool setTransform(int index, const SpriteTransform& transform, std::string_view mergeKey = {});
    /// Sets sprite `index`'s alpha threshold (clamped to 0..255) as a plain number: a different value drops the
    /// engine setting it was written as.
    bool setThreshold(int index, int threshold, std::string_view mergeKey = {});
    /// Sets the thresholds of sprites `a` and `b` (clamped to 0..255) as one undo step, like setThreshold().
    bool setThresholds(int a, int thresholdA, int b, int thresholdB);
    /// Writes sprite `index`'s threshold as an engine's setting (core/base/engine_threshold.h), or as a plain
    /// number with nullopt; the threshold becomes its conversion. Refuses (false) a setting that does not convert.
    bool setEngineThreshold(int index, const std::optional<SpriteEngineThreshold>& setting, std::string_view mergeKey = {});
    /// Renames sprite `index`; refuses empty names, names with '/', and names another sprite has.
    bool setName(int index, const std::string& name);
    /// Replaces sprite `index`'s image with a plain one shown whole; `image` is the scene-file string,
    /// `imagePath` where it was read. The sheet fields (atlas, frame, flip, animation) are cleared: the new
    /// image is not the old sheet. A null `pixels` is refused. The transform is kept.
    bool setImage(int index, std::shared_ptr<const RgbaImage> pixels, std::string image,
                  std::filesystem::path imagePath);
    /// Gives sprite `index` what `source` shows: its image (image, imagePath, pixels), sheet fields (sheet,
    /// atlas, frame, flip, animation, frameIndex) and transform (clamped); name, threshold and motion are
    /// kept. `label` names the undo step. A null `source.pixels` is refused.
    bool setShownImage(int index, const SceneSprite& source, std::string_view label, std::string_view mergeKey = {});
    /// Appends a sprite (transform clamped, threshold clamped, name made unique); selects it and returns its
    /// index, or -1 when `sprite.pixels` is null or the scene already has kMaxSprites. A second sprite
    /// completes the pair (0, 1).
    int addSprite(SceneSprite sprite);
    /// Removes sprite `index`, unless only kMinSprites are left; the selection and pair are fixed up
    /// (a pair that loses a sprite falls back to the first two).
    bool removeSprite(int index);
    /// Shows frame `frame` (clamped to the timeline): every sprite moves to its transform at that frame.
    bool setFrame(int frame, std::string_view mergeKey = {});
    /// Any other change (title, notes, sampling, ...): `change` edits the scene in place. The caller
    /// keeps the scene valid; sprites must not be added or removed this way.
    bool edit(std::string_view label, const std::function<void(Scene&)>& change, std::string_view mergeKey = {});
    /// Ends the current run of merged edits, so the next edit starts a new step.
    void breakMerge() { m_mergeKey.clear(); }

    // --- gestures: one drag = one undo step ---
    /// Starts a gesture; edits until commit/cancel change the scene live but make no steps of their own.
    /// Starting a gesture while one is open commits the open one first.
    void beginGesture(std::string_view label);
    /// Ends the gesture; it becomes one undo step if it changed anything.
    void commitGesture();
    /// Ends the gesture restoring the scene and selection as they were when it began.
    void cancelGesture();
    /// True between beginGesture() and commitGesture()/cancelGesture().
    bool inGesture() const { return m_gesture.has_value(); }

    // --- undo / redo (an open gesture is committed first) ---
    bool canUndo() const { return !m_undo.empty() || (m_gesture && m_gesture->changed); }
    bool canRedo() const { return !m_redo.empty() && !inGesture(); }
    /// Undoes one step; returns false when there is none.
    bool undo();
    /// Redoes one step; returns false when there is none.
    bool redo();
    /// Label of the step undo() would undo ("Move F", "Rotate R", ...); empty when none.
    std::string undoLabel() const;
    /// Label of the step redo() would redo; empty when none.
    std::string redoLabel() const;

private:
    // A snapshot. Each sprite's `image` string (a whole base64 data URI when embedded) is held apart and
    // shared between snapshots, so undo history costs little memory per step.
    struct State {
        Scene scene;  // sprites[i].image is left empty; images[i] holds it
        std::vector<std::shared_ptr<const std::string>> images;
        Selection selection;
        std::uint64_t stateId = 0;
    };
    struct Step {
        std::string label;
        State before;
    };
    struct OpenGesture {
        std::string label;
        State before;
        bool changed = false;
    };

    State captureState();
    void restoreState(State state);
    // Records the step an edit is about to make (unless merged or inside a gesture).
    void prepareEdit(std::string_view label, std::string_view mergeKey);
    void finishEdit();
    void fixSelection();
    bool validIndex(int index) const { return index >= 0 && index < static_cast<int>(m_scene.sprites.size()); }

    Scene m_scene;
    // m_frameZero[i]: sprite i's transform at frame 0 when last known; used only while moving it to the
    // current frame still gives its transform (so stepping through time never drifts by rounding).
    std::vector<SpriteTransform> m_frameZero;
    // m_frameZeroIndex[i]: sprite i's animation frame at time 0 when last known (as m_frameZero).
    std::vector<int> m_frameZeroIndex;
    // Cuts the animation frames shown at other times (mutable: fileScene() cuts frame 0's).
    mutable FrameImageCache m_frameImages;
    // Shows on `sprite` the animation frame reached at timeline frame `frame` from `zeroIndex` at time 0.
    void showFrameAt(SceneSprite& sprite, int zeroIndex, int frame);
    // m_images[i], when set, equals m_scene.sprites[i].image (cleared by anything that changes it).
    std::vector<std::shared_ptr<const std::string>> m_images;
    Selection m_selection;
    std::vector<Step> m_undo;
    std::vector<Step> m_redo;
    std::optional<OpenGesture> m_gesture;
    std::string m_mergeKey;
    std::uint64_t m_revision = 0;
    std::uint64_t m_stateId = 0;
    std::uint64_t m_savedStateId = 0;
    std::uint64_t m_nextStateId = 1;
};

}  // namespace cl
