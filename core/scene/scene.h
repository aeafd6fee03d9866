#pragma once
// Scene: the sprites, settings and expectations a scene file holds, and reading/writing scene files.
//
// File format (JSON, UTF-8; assets/README.md has the full description):
//   format "collision-lab/scene" (required), version 1 (required; newer versions are refused),
//   title "" , notes "", sampling "center" | "xna" (default "center"),
//   scan "a-to-b" | "b-to-a" | "both" (default "a-to-b"; the directional tests' ScanDirection),
//   sprites (required, 2..kMaxSceneSprites): name (required, unique, non-empty, no '/'),
//     image (required: path relative to the scene file's folder, absolute path, or data:image/...;base64,),
//     position [x, y] (default [0, 0]), origin [x, y] (default: the image centre [w/2, h/2]),
//     rotation_deg (default 0), scale [x, y] or one number for both (default 1), alpha_threshold 0..255
//     (default 0) or another engine's own setting {"engine": "godot", "value": 0.1} (core/base/engine_threshold.h;
//     value optional: the engine's default), velocity [vx, vy] (default [0, 0]), angular_velocity (degrees per frame, default 0),
//     frame {"rect": [x, y, w, h]} | {"grid": [cellW, cellH], "index": i, "spacing": s, "margin": m} | "name"
//       (a frame of `atlas`), atlas "sheet.json" (TexturePacker or Aseprite JSON; `image` defaults to its
//       meta.image), flip [fx, fy] (booleans), animation {"tag": "run"} | {"frames": ["run_00", ...]} with
//       frame_index i (default 0): the shown frame (on a timeline, the frame at time 0: core/scene/animation_time.h).
//       Written only when set (see core/scene/frame_image.h),
//   frames 1..kMaxSceneFrames (default 1), frame 0..frames-1 (default 0), sweep_resolution (default 0.25),
//   fps kMinSceneFps..kMaxSceneFps (default kDefaultSceneFps; written only when set),
//   contact {test, resolution 1|2|4|8, push "up"|"down"|"left"|"right"|[x, y]} (optional; written only when set),
//   expect {"A/B": {"<algorithm>": {applicable, reason, hit, overlap, overlap_area, samples, first_hit},
//                   "contact": {separation [x, y], depth, push, approach (null: none), centroid [x, y] | null}}}
//     (default {}), view {tool, pair, algorithm, overlays, ...} (default {}; core/scene/scene_view.h),
//   lesson {teaches, why, tasks} (optional; core/scene/lesson.h; written only when set).
// Unknown fields are reported as problems, so that a misspelt field is never silently ignored.

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/scene/atlas.h"
#include "core/scene/expectations.h"
#include "core/base/collider_options.h"
#include "core/base/collision_result.h"
#include "core/scene/frame_image.h"
#include "core/scene/lesson.h"
#include "core/scene/sampling_names.h"
#include "core/scene/scene_view.h"
#include "core/base/image.h"
#include "core/motion/motion.h"
#include "core/base/pair_transform.h"
#include "core/base/sprite_transform.h"

namespace cl {

/// An animation: the frames of an atlas a sprite plays, in order.
struct SpriteAnimation {
    std::string tag;                  ///< The Aseprite tag, as written; empty when `frames` was written instead.
    std::vector<std::string> frames;  ///< The frame names in play order (a tag's, resolved when loaded).
    /// True when the sprite has an animation.
    bool active() const { return !tag.empty() || !frames.empty(); }
    /// Field-by-field equality.
    friend bool operator==(const SpriteAnimation&, const SpriteAnimation&) = default;
};

/// A threshold written as another engine's own setting (core/base/engine_threshold.h), kept so that a
/// scene saves it back in that form.
struct SpriteEngineThreshold {
    std::string engine;           ///< A name from engineRules(), e.g. "godot".
    std::optional<double> value;  ///< The setting as written; empty: the engine's default (xna has none).
    /// Field-by-field equality.
    friend bool operator==(const SpriteEngineThreshold&, const SpriteEngineThreshold&) = default;
};

/// One sprite of a scene.
struct SceneSprite {
    std::string name;                          ///< Unique, non-empty, no '/'.
    std::string image;                         ///< As written in the file: a relative path or a data: URI.
    std::filesystem::path imagePath;           ///< Absolute path the image was read from; empty when embedded.
    std::shared_ptr<const RgbaImage> pixels;   ///< The decoded image (never null in a loaded scene).
    SpriteTransform transform;
    int alphaThreshold = 0;                    ///< 0..255; a pixel is solid when alpha > threshold.
    /// The engine setting alphaThreshold was written as; it counts only while it converts to alphaThreshold
    /// (shownEngineThreshold()), so setting alphaThreshold alone turns the sprite back to a plain number.
    std::optional<SpriteEngineThreshold> engineThreshold;
    SpriteMotion motion;                       ///< velocity and angular_velocity (default still).
    // Sprite sheets: `pixels` is the shown frame cut from `sheet`; without a frame or flip they are the same.
    std::shared_ptr<const RgbaImage> sheet;    ///< The decoded image file (or data URI) the frame is cut from.
    std::string atlas;                         ///< "atlas" as written (relative path); empty without one.
    std::filesystem::path atlasPath;           ///< Absolute path of the atlas description; empty without one.
    std::shared_ptr<const Atlas> atlasData;    ///< The parsed atlas; null without one.
    bool imageFromAtlas = false;               ///< `image` was left out: the atlas's meta.image is used.
    FrameRef frame;                            ///< Which part of the sheet is shown (Kind::Whole: all of it).
    FrameFlip flip;                            ///< Mirrors the frame within its own rectangle, before the transform.
    SpriteAnimation animation;                 ///< When active, frame is animation.frames[frameIndex].
    int frameIndex = 0;                        ///< The shown frame of the animation.
    /// The `collider` block (settings of the `polygon` test's collider), when the file has one; saved back then.
    std::optional<ColliderOptions> collider;
    /// The collider settings the `polygon` test uses: the block's, or the defaults (outer, 1 px, 8 vertices).
    ColliderOptions colliderOptions() const { return collider.value_or(ColliderOptions{}); }
};

/// The scene's `contact` block: how contact questions are asked (core/README.md "Contact: which way out"). Each
/// field is kept only when the file sets it, so a file loads and saves back as written.
struct SceneContact {
    std::optional<std::string> test;         ///< The contact test's name; default kDefaultPixelAlgorithm.
    std::optional<int> resolution;           ///< r in kContactResolutions (h = 1 / r); default 1.
    std::optional<std::string> pushName;     ///< "up", "down", "left" or "right", when written as a name.
    std::optional<glm::dvec2> pushVector;    ///< [x, y] (non-zero), when written as a vector.
    bool operator==(const SceneContact&) const = default;
};

/// A whole scene file in memory.
struct Scene {
    std::string title;
    std::string notes;
    Sampling sampling = Sampling::Center;
    ScanDirection scan = ScanDirection::AToB;  ///< For the directional (sampled) tests.
    std::vector<SceneSprite> sprites;
    SceneTimeline timeline;                    ///< frames, frame and sweep_resolution (default a still scene).
    std::optional<SceneContact> contact;       ///< The file's `contact` block, when it has one.
    /// What the reporter expected (the file's `expect` block, checked when read): e.g. of the pair F/R,
    /// pixel-naive answers {"hit": true, "overlap": 312}.
    Expectations expect;
    /// How the sandbox shows the scene when it opens it (tool tab, pair, drawn test, overlays); other keys kept as written.
    SceneView view;
    /// The lesson block (what it teaches, its tasks, why), when the scene is a lesson.
    std::optional<Lesson> lesson;
};

/// The value of the file's "format" field.
inline constexpr std::string_view kSceneFormat = "collision-lab/scene";
/// The newest (and only) scene file version this build reads and writes.
inline constexpr int kSceneVersion = 1;
/// Most sprites one scene may hold.
inline constexpr int kMaxSceneSprites = 256;
/// Most pixels all of a scene's distinct images may hold together (512 MiB of RGBA).
inline constexpr std::int64_t kMaxScenePixels = std::int64_t(128) * 1024 * 1024;

/// The sprite's engine setting when it still converts exactly to its alphaThreshold; null otherwise. Saving,
/// `check` and the Sprites tool show the engine form only through this.
const SpriteEngineThreshold* shownEngineThreshold(const SceneSprite& sprite);

/// One problem in a scene file: where (a JSON path such as "sprites[1].scale[0]"; empty for the whole
/// file) and what is wrong.
struct SceneProblem {
    std::string path;
    std::string message;
};

/// A loaded scene, or every problem found while loading it.
struct SceneLoadResult {
    std::optional<Scene> scene;         ///< Set only when there is no problem.
    std::filesystem::path file;         ///< The file as given (used in messages).
    std::vector<SceneProblem> problems; ///< Every problem found, in file order.
    /// True on success.
    bool ok() const { return scene.has_value(); }
    /// Every problem, one per line: "<file>: <path>: <message>".
    std::string message() const;
};

/// Shows `frame` (flipped by `flip`) of the sprite's sheet: sets frame, flip and pixels, taking the image from
/// `cache` (extracted once per sheet, frame and flip). Returns an empty string, or why the frame cannot be
/// shown (then the sprite is unchanged). The origin is left as it is. A sprite showing its whole image as is
/// takes that image (`pixels`) as its sheet first.
std::string setSpriteFrame(SceneSprite& sprite, const FrameRef& frame, FrameFlip flip, FrameImageCache& cache);

/// Makes the sprite show `pixels` whole, as a plain image: no frame, flip, atlas or animation (the sheet is
/// the image). `image` and `imagePath` say where it came from; both empty: held in memory, embedded when saved.
/// The transform is left as it is.
void setPlainImage(SceneSprite& sprite, std::shared_ptr<const RgbaImage> pixels, std::string image = {},
                   std::filesystem::path imagePath = {});

/// Reads, validates and decodes a scene file and its images. Relative image paths are resolved
/// against the scene file's folder, so the result does not depend on the working directory.
SceneLoadResult loadScene(const std::filesystem::path& file);

/// Like loadScene() for text already in memory; `file` names the text in messages and its folder
/// anchors relative image paths (the file itself need not exist).
SceneLoadResult parseScene(std::string_view text, const std::filesystem::path& file);

/// How saveScene() writes images.
struct SceneSaveOptions {
    /// Write every image as a data:image/png;base64 URI, so the one file carries everything.
    bool embedImages = false;
};

/// The JSON text of a scene, or why it cannot be written.
struct SceneJsonResult {
    std::optional<nlohmann::ordered_json> json;  ///< Set on success.
    std::string error;                           ///< Set on failure.
    /// True on success.
    bool ok() const { return json.has_value(); }
};

/// The scene as it would be saved to `file`: a sprite with an imagePath gets that path relative to
/// `file`'s folder; one without keeps its data URI; embedded (or pixel-only) sprites get a PNG data URI.
/// Fails, naming each problem, when the scene would not load back (e.g. duplicate names).
SceneJsonResult sceneToJson(const Scene& scene, const std::filesystem::path& file, const SceneSaveOptions& options = {});

/// Why a save failed; empty on success.
struct SceneSaveResult {
    std::string error;
    /// True on success.
    bool ok() const { return error.empty(); }
};

/// Writes the scene atomically (temporary file beside `file`, fsync, rename). On failure the message
/// names the file and the problem, and an existing `file` is left unchanged. Loading the written file
/// gives back the same scene.
/// The output rule applies (writeFileAtomically): never over a non-regular file or one of `inputs`.
SceneSaveResult saveScene(const Scene& scene, const std::filesystem::path& file, const SceneSaveOptions& options = {},
                          std::span<const std::filesystem::path> inputs = {});

/// The files loading `scene` from `sceneFile` read: the scene file, then each sprite's image and atlas
/// files (data URIs are not files). A run's writers pass these to the output rule so that no output
/// replaces its own input.
std::vector<std::filesystem::path> sceneInputFiles(const Scene& scene, const std::filesystem::path& sceneFile);

}  // namespace cl
