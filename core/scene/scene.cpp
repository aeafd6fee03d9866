#include "core/scene/scene.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

#include "core/base/engine_threshold.h"
#include "core/io/atomic_file.h"
#include "core/io/bounded_file.h"
#include "core/contact/contact.h"
#include "core/io/bounded_json.h"
#include "core/io/image_io.h"
#include "core/io/json_text.h"
#include "core/scene/scene_images.h"

namespace cl {
namespace {

using Json = nlohmann::json;

/// Largest scene file read, in bytes (embedded images make files large, but not this large).
constexpr std::uintmax_t kMaxSceneFileBytes = 512u * 1024u * 1024u;

std::string rangeText(double lo, double hi) { return "[" + shortestNumber(lo) + ", " + shortestNumber(hi) + "]"; }

bool isIntegral(const Json& v) {
    if (v.is_number_integer() || v.is_number_unsigned()) return true;
    if (!v.is_number_float()) return false;
    double d = v.get<double>();
    return std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.0e15;
}

std::string knownKeysText(std::initializer_list<std::string_view> keys) {
    std::string text;
    for (auto key : keys) text += (text.empty() ? "" : ", ") + std::string(key);
    return text;
}

/// Turns a JSON document into a Scene, recording every problem on the way.
class SceneReader {
public:
    SceneReader(const std::filesystem::path& file, bool loadImages) : m_file(file), m_loadImages(loadImages) {
        std::error_code ec;
        auto absolute = std::filesystem::absolute(file, ec);
        m_folder = (ec ? file : absolute).lexically_normal().parent_path();
    }

    std::optional<Scene> read(const Json& root) {
        if (!root.is_object()) {
            add("", "a scene file must hold one JSON object {...}, got " + describeJson(root));
            return std::nullopt;
        }
        if (!readHeader(root)) return std::nullopt;
        Scene scene;
        checkKeys(root, "", {"format", "version", "title", "notes", "sampling", "scan", "frames", "frame", "sweep_resolution", "fps",
                             "sprites", "contact", "expect", "view", "lesson"});
        readString(root, "title", "title", scene.title);
        readString(root, "notes", "notes", scene.notes);
        if (auto it = root.find("sampling"); it != root.end()) {
            auto sampling = it->is_string() ? parseSampling(it->get_ref<const std::string&>()) : std::nullopt;
            if (sampling) scene.sampling = *sampling;
            else add("sampling", "must be \"center\" or \"xna\", got " + describeJson(*it));
        }
        if (auto it = root.find("scan"); it != root.end()) {
            auto scan = it->is_string() ? parseScanDirection(it->get_ref<const std::string&>()) : std::nullopt;
            if (scan) scene.scan = *scan;
            else add("scan", "must be \"a-to-b\", \"b-to-a\" or \"both\", got " + describeJson(*it));
        }
        readSprites(root, scene);
        readTimeline(root, scene.timeline);
        readContact(root, scene);
        if (auto it = root.find("expect"); it != root.end()) {
            if (it->is_object()) {
                std::vector<std::string> names;
                for (const auto& sprite : scene.sprites) names.push_back(sprite.name);
                scene.expect = readExpectations(*it, names, [this](std::string path, std::string message) {
                    add(std::move(path), std::move(message));
                });
            } else {
                add("expect", "must be an object {\"A/B\": {\"algorithm\": {...}}}, got " + describeJson(*it));
            }
        }
        std::vector<std::string> spriteNames;
        for (const auto& sprite : scene.sprites) spriteNames.push_back(sprite.name);
        const auto problem = [this](std::string path, std::string message) { add(std::move(path), std::move(message)); };
        if (auto it = root.find("view"); it != root.end()) {
            if (it->is_object()) scene.view = readSceneView(*it, spriteNames, problem);
            else add("view", "must be an object, got " + describeJson(*it));
        }
        if (auto it = root.find("lesson"); it != root.end()) scene.lesson = readLesson(*it, spriteNames, problem);
        if (!m_problems.empty()) return std::nullopt;
        return scene;
    }

    std::vector<SceneProblem> takeProblems() { return std::move(m_problems); }

private:
    void add(std::string path, std::string message) { m_problems.push_back({std::move(path), std::move(message)}); }

    // Returns false when the rest of the file must not be read: not a scene, or a newer version.
    bool readHeader(const Json& root) {
        auto format = root.find("format");
        if (format == root.end()) {
            add("format", "missing; a scene file has \"format\": \"" + std::string(kSceneFormat) + "\"");
            return false;
        }
        if (!format->is_string() || format->get_ref<const std::string&>() != kSceneFormat) {
            add("format", "must be \"" + std::string(kSceneFormat) + "\", got " + describeJson(*format));
            return false;
        }
        auto version = root.find("version");
        if (version == root.end()) {
            add("version", "missing (required; this program reads version " + std::to_string(kSceneVersion) + ")");
        } else if (!isIntegral(*version)) {
            add("version", "must be the integer " + std::to_string(kSceneVersion) + ", got " + describeJson(*version));
        } else {
            double v = version->get<double>();
            if (v > kSceneVersion) {
                add("version", "this file is version " + version->dump() + ", newer than this program reads (version " +
                                   std::to_string(kSceneVersion) + "); open it with a newer collision-lab");
                return false;
            }
            if (v < kSceneVersion) add("version", "must be " + std::to_string(kSceneVersion) + ", got " + describeJson(*version));
        }
        return true;
    }

    void checkKeys(const Json& object, const std::string& path, std::initializer_list<std::string_view> known) {
        for (const auto& item : object.items()) {
            bool isKnown = false;
            for (auto key : known) isKnown = isKnown || item.key() == key;
            if (!isKnown) {
                add(join(path, item.key()), "unknown field (known fields: " + knownKeysText(known) + ")");
            }
        }
    }

    static std::string join(const std::string& path, std::string_view key) {
        return path.empty() ? std::string(key) : path + "." + std::string(key);
    }

    void readString(const Json& object, std::string_view key, const std::string& path, std::string& out) {
        auto it = object.find(key);
        if (it == object.end()) return;
        if (it->is_string()) out = it->get<std::string>();
        else add(path, "must be a string, got " + describeJson(*it));
    }

    // Reads a number; `inRange` says whether a finite value is acceptable, `rule` is the message on failure.
    template <class InRange>
    std::optional<double> readNumber(const Json& value, const std::string& path, InRange inRange, const std::string& rule) {
        if (value.is_number()) {
            double d = value.get<double>();
            if (std::isfinite(d) && inRange(d)) return d;
        }
        add(path, rule + ", got " + describeJson(value));
        return std::nullopt;
    }

    template <class InRange>
    std::optional<glm::dvec2> readPair(const Json& value, const std::string& path, InRange inRange, const std::string& rule,
                                       bool allowSingleNumber) {
        if (allowSingleNumber && value.is_number()) {
            auto d = readNumber(value, path, inRange, rule);
            if (!d) return std::nullopt;
            return glm::dvec2{*d, *d};
        }
        if (!value.is_array() || value.size() != 2) {
            add(path, std::string("must be an array of two numbers [x, y]") + (allowSingleNumber ? " or one number" : "") +
                          ", got " + (value.is_array() ? "an array of " + std::to_string(value.size()) : describeJson(value)));
            return std::nullopt;
        }
        auto x = readNumber(value[0], path + "[0]", inRange, rule);
        auto y = readNumber(value[1], path + "[1]", inRange, rule);
        if (!x || !y) return std::nullopt;
        return glm::dvec2{*x, *y};
    }

    void readSprites(const Json& root, Scene& scene) {
        auto it = root.find("sprites");
        if (it == root.end()) {
            add("sprites", "missing (required: an array of at least two sprites)");
            return;
        }
        if (!it->is_array()) {
            add("sprites", "must be an array of at least two sprites, got " + describeJson(*it));
            return;
        }
        if (it->size() < 2) add("sprites", "needs at least two sprites, got " + std::to_string(it->size()));
        if (it->size() > static_cast<std::size_t>(kMaxSceneSprites)) {
            add("sprites", "too many sprites: " + std::to_string(it->size()) + "; the limit is " + std::to_string(kMaxSceneSprites));
            return;
        }
        std::map<std::string, std::size_t> firstIndexOfName;
        for (std::size_t i = 0; i < it->size(); ++i) {
            SceneSprite sprite;
            const std::string path = "sprites[" + std::to_string(i) + "]";
            if (!readSprite((*it)[i], path, sprite)) continue;
            auto [at, inserted] = firstIndexOfName.emplace(sprite.name, i);
            if (!inserted) {
                add(path + ".name", "duplicate name " + jsonQuoted(sprite.name) + " (also used by sprites[" + std::to_string(at->second) + "])");
            }
            scene.sprites.push_back(std::move(sprite));
        }
    }

    // {"engine": name, "value": number (optional)}: converted by the engine's own rule (core/base/engine_threshold.h).
    void readEngineThreshold(const Json& value, const std::string& path, SceneSprite& sprite) {
        checkKeys(value, path, {"engine", "value"});
        auto engine = value.find("engine");
        if (engine == value.end()) {
            add(path + ".engine", "missing (required: one of " + engineNamesText() + ")");
            return;
        }
        if (!engine->is_string() || !findEngineRule(engine->get_ref<const std::string&>())) {
            add(path + ".engine", "must be one of " + engineNamesText() + ", got " + describeJson(*engine));
            return;
        }
        SpriteEngineThreshold setting{engine->get<std::string>(), std::nullopt};
        if (auto it = value.find("value"); it != value.end()) {
            auto v = readNumber(*it, path + ".value", [](double) { return true; }, "must be a finite number");
            if (!v) return;
            setting.value = *v;
        }
        const EngineThreshold converted = cl::engineThreshold(setting.engine, setting.value);
        if (!converted.threshold) {
            add(setting.value ? path + ".value" : path, converted.error);
            return;
        }
        sprite.alphaThreshold = *converted.threshold;
        sprite.engineThreshold = std::move(setting);
    }

    static std::string engineNamesText() {
        std::string names;
        for (const EngineRule& rule : engineRules()) names += (names.empty() ? "\"" : ", \"") + std::string(rule.name) + "\"";
        return names;
    }

    // Returns false when the sprite is too broken to take part in later checks (expect pair names).
    bool readSprite(const Json& value, const std::string& path, SceneSprite& sprite) {
        if (!value.is_object()) {
            add(path, "must be an object {\"name\": ..., \"image\": ...}, got " + describeJson(value));
            return false;
        }
        const std::size_t problemsBefore = m_problems.size();
        checkKeys(value, path, {"name", "image", "position", "origin", "rotation_deg", "scale", "alpha_threshold",
                                "velocity", "angular_velocity", "atlas", "frame", "flip", "animation", "frame_index",
                                "collider"});

        bool named = false;
        if (auto it = value.find("name"); it == value.end()) {
            add(path + ".name", "missing (required)");
        } else if (!it->is_string() || it->get_ref<const std::string&>().empty() ||
                   it->get_ref<const std::string&>().find('/') != std::string::npos) {
            add(path + ".name", "must be a non-empty string without '/', got " + describeJson(*it));
        } else {
            sprite.name = it->get<std::string>();
            named = true;
        }

        bool hasImage = false;
        if (auto it = value.find("image"); it == value.end()) {
            if (!value.contains("atlas")) {
                add(path + ".image", "missing (required: a path relative to the scene file, or a data:image/png;base64 URI)");
            }
        } else if (!it->is_string() || it->get_ref<const std::string&>().empty()) {
            add(path + ".image", "must be a path or a data:image/png;base64 URI, got " + describeJson(*it));
        } else if (it->get_ref<const std::string&>().find('\0') != std::string::npos) {
            // The operating system would open the path only up to the NUL: a different file.
            add(path + ".image", "must not contain a NUL character (\\u0000), got " + describeJson(*it));
        } else {
            sprite.image = it->get<std::string>();
            hasImage = true;
        }

        auto coordinate = [](double d) { return std::fabs(d) <= kMaxCoordinate; };
        const std::string coordinateRule = "must be a number in " + rangeText(-kMaxCoordinate, kMaxCoordinate);
        if (auto it = value.find("position"); it != value.end()) {
            if (auto v = readPair(*it, path + ".position", coordinate, coordinateRule, false)) sprite.transform.position = *v;
        }
        bool hasOrigin = false;
        if (auto it = value.find("origin"); it != value.end()) {
            if (auto v = readPair(*it, path + ".origin", coordinate, coordinateRule, false)) {
                sprite.transform.origin = *v;
                hasOrigin = true;
            }
        }
        if (auto it = value.find("rotation_deg"); it != value.end()) {
            if (auto v = readNumber(*it, path + ".rotation_deg", [](double) { return true; }, "must be a finite number of degrees")) {
                sprite.transform.rotationDeg = *v;
            }
        }
        if (auto it = value.find("scale"); it != value.end()) {
            auto scale = [](double d) { return std::fabs(d) >= kMinScale && std::fabs(d) <= kMaxScale; };
            const std::string rule = "must be a number with |value| in " + rangeText(kMinScale, kMaxScale);
            if (auto v = readPair(*it, path + ".scale", scale, rule, true)) sprite.transform.scale = *v;
        }
        if (auto it = value.find("alpha_threshold"); it != value.end()) {
            if (it->is_object()) {
                readEngineThreshold(*it, path + ".alpha_threshold", sprite);
            } else if (isIntegral(*it) && it->get<double>() >= 0 && it->get<double>() <= 255) {
                sprite.alphaThreshold = static_cast<int>(it->get<double>());
            } else {
                add(path + ".alpha_threshold", "must be an integer in [0, 255], got " + describeJson(*it));
            }
        }
        readMotion(value, path, sprite.motion);
        readCollider(value, path, sprite.collider);

        const bool framed = readFrameFields(value, path, sprite, hasImage);
        if (hasImage && m_loadImages) {
            loadImage(sprite, path + ".image");
            if (sprite.pixels && framed) showFrame(sprite, path);
            if (sprite.pixels && !hasOrigin) {
                sprite.transform.origin = {sprite.pixels->width / 2.0, sprite.pixels->height / 2.0};
                if (auto pivot = atlasPivotOrigin(sprite)) sprite.transform.origin = *pivot;
            }
        }
        // The field checks above mirror validate(); this catches any limit they do not know about.
        if (m_problems.size() == problemsBefore) {
            if (auto message = validate(sprite.transform)) add(path, *message);
        }
        return named;
    }

    // The sprite's "collider" block: {"mode", "epsilon", "max_vertices"}, each optional (core/README.md "Colliders
    // from alpha"). Ranges as colliderOptionsProblem's, each reported at its own path.
    void readCollider(const Json& value, const std::string& path, std::optional<ColliderOptions>& out) {
        auto it = value.find("collider");
        if (it == value.end()) return;
        const std::string at = path + ".collider";
        if (!it->is_object()) {
            add(at, "must be an object {\"mode\": ..., \"epsilon\": ..., \"max_vertices\": ...}, got " + describeJson(*it));
            return;
        }
        checkKeys(*it, at, {"mode", "epsilon", "max_vertices"});
        ColliderOptions options;
        if (auto mode = it->find("mode"); mode != it->end()) {
            if (!mode->is_string() || !parseColliderMode(mode->get<std::string>(), options.mode)) {
                add(at + ".mode", "must be \"outer\", \"inner\" or \"balanced\", got " + describeJson(*mode));
            }
        }
        if (auto epsilon = it->find("epsilon"); epsilon != it->end()) {
            if (auto v = readNumber(*epsilon, at + ".epsilon", [](double d) { return d > 0.0; },
                                    "must be a finite number of pixels > 0")) {
                options.epsilon = *v;
            }
        }
        if (auto vertices = it->find("max_vertices"); vertices != it->end()) {
            if (isIntegral(*vertices) && vertices->get<double>() >= kMinColliderVertices &&
                vertices->get<double>() <= kMaxColliderVertices) {
                options.maxVertices = static_cast<int>(vertices->get<double>());
            } else {
                add(at + ".max_vertices", "must be an integer in [" + std::to_string(kMinColliderVertices) + ", " +
                                              std::to_string(kMaxColliderVertices) + "], got " + describeJson(*vertices));
            }
        }
        out = options;
    }

    // velocity and angular_velocity of one sprite (see core/motion/motion.h).
    void readMotion(const Json& value, const std::string& path, SpriteMotion& motion) {
        if (auto it = value.find("velocity"); it != value.end()) {
            auto speed = [](double d) { return std::fabs(d) <= kMaxVelocity; };
            const std::string rule = "must be a number of world pixels per frame in " + rangeText(-kMaxVelocity, kMaxVelocity);
            if (auto v = readPair(*it, path + ".velocity", speed, rule, false)) motion.velocity = *v;
        }
        if (auto it = value.find("angular_velocity"); it != value.end()) {
            auto turn = [](double d) { return std::fabs(d) <= kMaxAngularVelocityDeg; };
            const std::string rule = "must be a number of degrees per frame in " + rangeText(-kMaxAngularVelocityDeg, kMaxAngularVelocityDeg);
            if (auto v = readNumber(*it, path + ".angular_velocity", turn, rule)) motion.angularVelocityDeg = *v;
        }
    }

    // frames, frame and sweep_resolution of the scene.
    void readTimeline(const Json& root, SceneTimeline& timeline) {
        if (auto it = root.find("frames"); it != root.end()) {
            if (isIntegral(*it) && it->get<double>() >= 1 && it->get<double>() <= kMaxSceneFrames) {
                timeline.frames = static_cast<int>(it->get<double>());
            } else {
                add("frames", "must be an integer in [1, " + std::to_string(kMaxSceneFrames) + "], got " + describeJson(*it));
            }
        }
        if (auto it = root.find("frame"); it != root.end()) {
            if (isIntegral(*it) && it->get<double>() >= 0 && it->get<double>() < timeline.frames) {
                timeline.frame = static_cast<int>(it->get<double>());
            } else {
                add("frame", "must be an integer in [0, " + std::to_string(timeline.frames - 1) + "] (frames is " +
                                 std::to_string(timeline.frames) + "), got " + describeJson(*it));
            }
        }
        if (auto it = root.find("sweep_resolution"); it != root.end()) {
            auto resolution = [](double d) { return d >= kMinSweepResolution && d <= kMaxSweepResolution; };
            const std::string rule = "must be a number of world pixels in " + rangeText(kMinSweepResolution, kMaxSweepResolution);
            if (auto v = readNumber(*it, "sweep_resolution", resolution, rule)) timeline.sweepResolution = *v;
        }
        if (auto it = root.find("fps"); it != root.end()) {
            auto rate = [](double d) { return d >= kMinSceneFps && d <= kMaxSceneFps; };
            const std::string rule = "must be a number of timeline frames per second in " + rangeText(kMinSceneFps, kMaxSceneFps);
            if (auto v = readNumber(*it, "fps", rate, rule)) timeline.fps = *v;
        }
    }

    void loadImage(SceneSprite& sprite, const std::string& path) {
        // Sprites sharing one image share its pixels, so their masks are built once.
        std::string key;
        if (isDataUri(sprite.image)) {
            key = sprite.image;
        } else if (sprite.imageFromAtlas) {
            key = sprite.imagePath.string();
        } else {
            sprite.imagePath = (m_folder / std::filesystem::path(sprite.image)).lexically_normal();
            key = sprite.imagePath.string();
        }
        std::string error;
        if (auto pixels = m_images.image(key, sprite.image, sprite.imagePath, error)) sprite.pixels = sprite.sheet = pixels;
        else add(path, error);
    }

    // Sprite sheets (core/scene/frame_image.h): "atlas", "frame", "flip", "animation", "frame_index". Returns true
    // when the sprite shows something other than its whole image as it is.
    bool readFrameFields(const Json& value, const std::string& path, SceneSprite& sprite, bool& hasImage) {
        bool framed = false;
        if (auto it = value.find("atlas"); it != value.end()) {
            framed = true;
            if (!it->is_string() || it->get_ref<const std::string&>().empty() || isDataUri(it->get_ref<const std::string&>())) {
                add(path + ".atlas", "must be the path of a TexturePacker or Aseprite JSON file, got " + describeJson(*it));
            } else if (it->get_ref<const std::string&>().find('\0') != std::string::npos) {
                // As for "image": the operating system would open the path only up to the NUL.
                add(path + ".atlas", "must not contain a NUL character (\\u0000), got " + describeJson(*it));
            } else {
                sprite.atlas = it->get<std::string>();
                sprite.atlasPath = (m_folder / std::filesystem::path(sprite.atlas)).lexically_normal();
                if (m_loadImages) loadAtlasFor(sprite, path + ".atlas");
                if (!value.contains("image") && sprite.atlasData) {
                    if (sprite.atlasData->image.empty()) {
                        add(path + ".image", "missing, and the atlas's meta.image does not name its image");
                    } else {
                        sprite.imageFromAtlas = true;
                        sprite.imagePath = (sprite.atlasPath.parent_path() / std::filesystem::path(sprite.atlasData->image)).lexically_normal();
                        hasImage = true;
                    }
                } else if (!value.contains("image")) {
                    sprite.imageFromAtlas = true;
                }
            }
        }
        const bool hasAtlas = value.contains("atlas");
        if (auto it = value.find("frame"); it != value.end()) {
            framed = true;
            readFrameRef(*it, path + ".frame", hasAtlas, sprite.frame);
        }
        if (auto it = value.find("flip"); it != value.end()) {
            if (it->is_array() && it->size() == 2 && (*it)[0].is_boolean() && (*it)[1].is_boolean()) {
                sprite.flip = {(*it)[0].get<bool>(), (*it)[1].get<bool>()};
                framed = true;
            } else {
                add(path + ".flip", "must be an array of two booleans [fx, fy], got " + describeJson(*it));
            }
        }
        if (auto it = value.find("animation"); it != value.end()) {
            framed = true;
            readAnimation(*it, path + ".animation", sprite.animation);
            if (!hasAtlas) add(path + ".animation", "plays frames of an atlas, so the sprite needs \"atlas\": \"sheet.json\"");
            if (value.contains("frame")) add(path + ".frame", "the animation picks the shown frame (frame_index); remove \"frame\"");
        }
        if (auto it = value.find("frame_index"); it != value.end()) {
            if (!isIntegral(*it) || it->get<double>() < 0 || it->get<double>() >= kMaxAtlasFrames) {
                add(path + ".frame_index", "must be an integer in [0, " + std::to_string(kMaxAtlasFrames - 1) + "], got " + describeJson(*it));
            } else {
                sprite.frameIndex = static_cast<int>(it->get<double>());
            }
            if (!value.contains("animation")) add(path + ".frame_index", "picks a frame of an animation; the sprite has no \"animation\"");
        }
        if (hasAtlas && !value.contains("frame") && !value.contains("animation")) {
            add(path, "a sprite with an atlas needs \"frame\": \"<frame name>\" or \"animation\"");
        }
        if (sprite.atlasData) resolveAtlasFrames(value, path, sprite);
        return framed;
    }

    void readFrameRef(const Json& v, const std::string& path, bool hasAtlas, FrameRef& ref) {
        const std::string shapes = "must be {\"rect\": [x, y, w, h]}, {\"grid\": [cellW, cellH], \"index\": i} or an atlas frame's name";
        auto integer = [&](const Json& n, const std::string& at, int lo, int hi) -> std::optional<int> {
            if (isIntegral(n) && n.get<double>() >= lo && n.get<double>() <= hi) return static_cast<int>(n.get<double>());
            add(at, "must be an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], got " + describeJson(n));
            return std::nullopt;
        };
        if (v.is_string()) {
            if (v.get_ref<const std::string&>().empty()) add(path, "an atlas frame's name cannot be empty");
            if (!hasAtlas) add(path, "names an atlas frame, so the sprite needs \"atlas\": \"sheet.json\"");
            ref.kind = FrameRef::Kind::Atlas;
            ref.name = v.get<std::string>();
        } else if (v.is_object() && v.contains("rect")) {
            checkKeys(v, path, {"rect"});
            const Json& r = v["rect"];
            if (!r.is_array() || r.size() != 4) {
                add(path + ".rect", "must be an array of four integers [x, y, w, h], got " + describeJson(r));
                return;
            }
            auto x = integer(r[0], path + ".rect[0]", 0, kMaxImageSide);
            auto y = integer(r[1], path + ".rect[1]", 0, kMaxImageSide);
            auto w = integer(r[2], path + ".rect[2]", 1, kMaxImageSide);
            auto h = integer(r[3], path + ".rect[3]", 1, kMaxImageSide);
            if (!x || !y || !w || !h) return;
            ref.kind = FrameRef::Kind::Rect;
            ref.rect = {*x, *y, *w, *h};
        } else if (v.is_object() && v.contains("grid")) {
            checkKeys(v, path, {"grid", "index", "spacing", "margin"});
            const Json& g = v["grid"];
            if (!g.is_array() || g.size() != 2) {
                add(path + ".grid", "must be an array of two integers [cellW, cellH], got " + describeJson(g));
                return;
            }
            auto w = integer(g[0], path + ".grid[0]", 1, kMaxImageSide);
            auto h = integer(g[1], path + ".grid[1]", 1, kMaxImageSide);
            std::optional<int> index = 0, spacing = 0, margin = 0;
            if (!v.contains("index")) add(path + ".index", "missing (required with \"grid\": the cell's number, row-major from 0)");
            else index = integer(v["index"], path + ".index", 0, kMaxImageSide * kMaxImageSide);
            if (v.contains("spacing")) spacing = integer(v["spacing"], path + ".spacing", 0, kMaxGridGap);
            if (v.contains("margin")) margin = integer(v["margin"], path + ".margin", 0, kMaxGridGap);
            if (!w || !h || !index || !spacing || !margin) return;
            ref.kind = FrameRef::Kind::Grid;
            ref.grid = {*w, *h, *spacing, *margin};
            ref.index = *index;
        } else {
            add(path, shapes + ", got " + describeJson(v));
        }
    }

    void readAnimation(const Json& v, const std::string& path, SpriteAnimation& animation) {
        if (!v.is_object() || (v.contains("tag") == v.contains("frames"))) {
            add(path, "must be {\"tag\": \"<Aseprite tag>\"} or {\"frames\": [\"<frame name>\", ...]}, got " + describeJson(v));
            return;
        }
        checkKeys(v, path, {"tag", "frames"});
        if (auto tag = v.find("tag"); tag != v.end()) {
            if (tag->is_string() && !tag->get_ref<const std::string&>().empty()) animation.tag = tag->get<std::string>();
            else add(path + ".tag", "must be a tag's name, got " + describeJson(*tag));
            return;
        }
        const Json& frames = v["frames"];
        if (!frames.is_array() || frames.empty() || frames.size() > static_cast<std::size_t>(kMaxAtlasFrames)) {
            add(path + ".frames", "must be an array of 1 to " + std::to_string(kMaxAtlasFrames) + " frame names, got " + describeJson(frames));
            return;
        }
        for (std::size_t i = 0; i < frames.size(); ++i) {
            if (frames[i].is_string() && !frames[i].get_ref<const std::string&>().empty()) {
                animation.frames.push_back(frames[i].get<std::string>());
            } else {
                add(path + ".frames[" + std::to_string(i) + "]", "must be a frame's name, got " + describeJson(frames[i]));
            }
        }
    }

    void loadAtlasFor(SceneSprite& sprite, const std::string& path) {
        std::string error;
        if (auto atlas = m_images.atlas(sprite.atlasPath, sprite.atlas, error)) sprite.atlasData = atlas;
        else add(path, error);
    }

    // Turns an atlas frame name or an animation into the shown frame, naming the closest frames when a name is unknown.
    void resolveAtlasFrames(const Json& value, const std::string& path, SceneSprite& sprite) {
        const Atlas& atlas = *sprite.atlasData;
        // Each unknown name costs a bounded search (Atlas::closestNames); past kMaxReportedUnknownFrames
        // of them the rest are only counted, so thousands of unknown names answer at once.
        std::size_t unknown = 0;
        auto checkName = [&](const std::string& name, const std::string& at) {
            if (name.empty() || atlas.indexOf(name) >= 0) return true;
            if (++unknown > kMaxReportedUnknownFrames) return false;
            std::string closest;
            for (const auto& candidate : atlas.closestNames(name)) closest += (closest.empty() ? "" : ", ") + jsonQuoted(candidate);
            add(at, "no frame is called " + jsonQuoted(shortenedForMessage(name)) + " in " + sprite.atlas +
                        (closest.empty() ? std::string(" (no frame name is close)") : " (closest: " + closest + ")"));
            return false;
        };
        if (sprite.frame.kind == FrameRef::Kind::Atlas) checkName(sprite.frame.name, path + ".frame");
        SpriteAnimation& animation = sprite.animation;
        if (!animation.active()) return;
        if (!animation.tag.empty()) {
            const AtlasTag* tag = atlas.findTag(animation.tag);
            if (!tag) {
                std::string known;
                for (const auto& t : atlas.tags) known += (known.empty() ? "" : ", ") + jsonQuoted(t.name);
                add(path + ".animation.tag", "no tag is called " + jsonQuoted(animation.tag) + " in " + sprite.atlas +
                                                 (known.empty() ? " (it has no meta.frameTags)" : " (tags: " + known + ")"));
                return;
            }
            for (int index : tagFrames(atlas, *tag)) animation.frames.push_back(atlas.frames[static_cast<std::size_t>(index)].name);
        } else {
            bool allKnown = true;
            for (std::size_t i = 0; i < animation.frames.size(); ++i) {
                allKnown = checkName(animation.frames[i], path + ".animation.frames[" + std::to_string(i) + "]") && allKnown;
            }
            if (unknown > kMaxReportedUnknownFrames) {
                add(path + ".animation.frames", "and " + std::to_string(unknown - kMaxReportedUnknownFrames) +
                                                    " more names that are not frames of " + sprite.atlas);
            }
            if (!allKnown) return;
        }
        if (animation.frames.empty()) return;
        if (sprite.frameIndex >= static_cast<int>(animation.frames.size())) {
            add(path + ".frame_index", "is " + std::to_string(sprite.frameIndex) + " but the animation has " +
                                           std::to_string(animation.frames.size()) + " frames (0.." +
                                           std::to_string(animation.frames.size() - 1) + ")");
            return;
        }
        if (!value.contains("frame")) {
            sprite.frame.kind = FrameRef::Kind::Atlas;
            sprite.frame.name = animation.frames[static_cast<std::size_t>(sprite.frameIndex)];
        }
    }

    // Cuts the shown frame out of the loaded sheet (once per sheet, frame and flip: sprites share it).
    void showFrame(SceneSprite& sprite, const std::string& path) {
        // The atlas's own problem (or its absence, for a frame name) is already reported.
        if ((!sprite.atlas.empty() || sprite.frame.kind == FrameRef::Kind::Atlas) && !sprite.atlasData) return;
        if (sprite.atlasData) {
            auto problems = checkAtlasAgainstImage(*sprite.atlasData, sprite.sheet->width, sprite.sheet->height);
            for (const auto& problem : problems) add(path + ".atlas", sprite.atlas + ": " + problem.path + ": " + problem.message);
            if (!problems.empty()) return;
            if (sprite.frame.kind == FrameRef::Kind::Atlas && sprite.atlasData->indexOf(sprite.frame.name) < 0) return;
        }
        std::string error;
        auto image = m_images.frame(sprite.sheet, sprite.atlasData.get(), sprite.frame, sprite.flip, error);
        if (!image) {
            add(path + ".frame", error);
            return;
        }
        sprite.pixels = image;
    }

    // The atlas pivot as a default origin, in the untrimmed frame's pixels; empty when the atlas gives none.
    static std::optional<glm::dvec2> atlasPivotOrigin(const SceneSprite& sprite) {
        if (!sprite.atlasData || sprite.frame.kind != FrameRef::Kind::Atlas) return std::nullopt;
        const int index = sprite.atlasData->indexOf(sprite.frame.name);
        if (index < 0 || !sprite.atlasData->frames[static_cast<std::size_t>(index)].pivot) return std::nullopt;
        return atlasFrameOrigin(sprite.atlasData->frames[static_cast<std::size_t>(index)]);
    }

    // The optional `contact` block: {test, resolution, push}.
    void readContact(const Json& root, Scene& scene) {
        auto it = root.find("contact");
        if (it == root.end()) return;
        if (!it->is_object()) {
            add("contact", "must be an object {\"test\": ..., \"resolution\": ..., \"push\": ...}, got " + describeJson(*it));
            return;
        }
        checkKeys(*it, "contact", {"test", "resolution", "push"});
        SceneContact contact;
        if (auto test = it->find("test"); test != it->end()) {
            if (!test->is_string()) {
                add("contact.test", "must be the name of a pixel test, got " + describeJson(*test));
            } else if (auto problem = contactTestProblem(test->get_ref<const std::string&>())) {
                add("contact.test", *problem);
            } else {
                contact.test = test->get<std::string>();
            }
        }
        if (auto r = it->find("resolution"); r != it->end()) {
            if (isIntegral(*r) && isContactResolution(static_cast<int>(std::clamp(r->get<double>(), -1.0, 1.0e6)))) {
                contact.resolution = static_cast<int>(r->get<double>());
            } else {
                add("contact.resolution", "must be 1, 2, 4 or 8 (lattice step 1/r pixel), got " + describeJson(*r));
            }
        }
        if (auto push = it->find("push"); push != it->end()) {
            if (push->is_string()) {
                if (namedPushDirection(push->get_ref<const std::string&>())) contact.pushName = push->get<std::string>();
                else add("contact.push", "must be \"up\", \"down\", \"left\", \"right\" or [x, y], got " + describeJson(*push));
            } else if (auto v = readPair(*push, "contact.push", [](double) { return true; }, "must be a finite number", false)) {
                if (unitPushDirection(*v)) contact.pushVector = *v;
                else add("contact.push", "must not be the zero vector, got [0, 0]");
            }
        }
        scene.contact = contact;
    }

    std::filesystem::path m_file;
    std::filesystem::path m_folder;
    bool m_loadImages;
    std::vector<SceneProblem> m_problems;
    SceneImages m_images{kMaxScenePixels};  // decoded images, atlases and cut frames, within the pixel budget
};

SceneLoadResult failedLoad(const std::filesystem::path& file, std::string message) {
    SceneLoadResult r;
    r.file = file;
    r.problems.push_back({"", std::move(message)});
    return r;
}

/// A number as a scene file writes it: integral values without a trailing ".0", for people editing by hand.
nlohmann::ordered_json numberJson(double value) {
    if (value == std::floor(value) && std::fabs(value) < 9.0e15) return static_cast<std::int64_t>(value);
    return value;
}

nlohmann::ordered_json pairJson(glm::dvec2 v) { return nlohmann::ordered_json::array({numberJson(v.x), numberJson(v.y)}); }

// The `contact` block with the fields the scene sets, as written.
nlohmann::ordered_json contactJson(const SceneContact& contact) {
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    if (contact.test) j["test"] = *contact.test;
    if (contact.resolution) j["resolution"] = *contact.resolution;
    if (contact.pushName) j["push"] = *contact.pushName;
    else if (contact.pushVector) j["push"] = pairJson(*contact.pushVector);
    return j;
}

/// True when the sprite shows a frame of its sheet rather than the whole image as it is.
bool showsFrame(const SceneSprite& sprite) {
    return sprite.frame.kind != FrameRef::Kind::Whole || sprite.flip.x || sprite.flip.y || !sprite.atlas.empty();
}

/// Writes the sprite-sheet fields after "image", each only when set, so files without them save as before.
void writeFrameFields(const SceneSprite& sprite, const std::filesystem::path& folder, nlohmann::ordered_json& s) {
    using Ordered = nlohmann::ordered_json;
    if (!sprite.atlas.empty()) {
        auto relative = sprite.atlasPath.lexically_normal().lexically_relative(folder);
        s["atlas"] = sprite.atlasPath.empty() ? sprite.atlas : relative.empty() ? sprite.atlasPath.generic_string() : relative.generic_string();
    }
    if (sprite.animation.active()) {
        if (!sprite.animation.tag.empty()) s["animation"] = Ordered{{"tag", sprite.animation.tag}};
        else s["animation"] = Ordered{{"frames", sprite.animation.frames}};
        s["frame_index"] = sprite.frameIndex;
    } else {
        const FrameRef& f = sprite.frame;
        switch (f.kind) {
        case FrameRef::Kind::Rect: s["frame"] = Ordered{{"rect", {f.rect.x, f.rect.y, f.rect.w, f.rect.h}}}; break;
        case FrameRef::Kind::Grid: {
            Ordered grid{{"grid", {f.grid.cellW, f.grid.cellH}}, {"index", f.index}};
            if (f.grid.spacing != 0) grid["spacing"] = f.grid.spacing;
            if (f.grid.margin != 0) grid["margin"] = f.grid.margin;
            s["frame"] = std::move(grid);
            break;
        }
        case FrameRef::Kind::Atlas: s["frame"] = f.name; break;
        case FrameRef::Kind::Whole: break;
        }
    }
    if (sprite.flip.x || sprite.flip.y) s["flip"] = Ordered::array({sprite.flip.x, sprite.flip.y});
}

// Motion fields are written only when they differ from the defaults, so still scenes save as before.
void writeMotion(nlohmann::ordered_json& sprite, const SpriteMotion& motion) {
    if (motion.velocity != glm::dvec2{0.0, 0.0}) sprite["velocity"] = pairJson(motion.velocity);
    if (motion.angularVelocityDeg != 0.0) sprite["angular_velocity"] = numberJson(motion.angularVelocityDeg);
}

void writeTimeline(nlohmann::ordered_json& root, const SceneTimeline& timeline) {
    const SceneTimeline still;
    if (timeline.frames != still.frames) root["frames"] = timeline.frames;
    if (timeline.frame != still.frame) root["frame"] = timeline.frame;
    if (timeline.sweepResolution != still.sweepResolution) root["sweep_resolution"] = numberJson(timeline.sweepResolution);
    if (timeline.fps) root["fps"] = numberJson(*timeline.fps);
}

}  // namespace

const SpriteEngineThreshold* shownEngineThreshold(const SceneSprite& sprite) {
    if (!sprite.engineThreshold) return nullptr;
    const EngineThreshold converted = engineThreshold(sprite.engineThreshold->engine, sprite.engineThreshold->value);
    return converted.threshold == sprite.alphaThreshold ? &*sprite.engineThreshold : nullptr;
}

void setPlainImage(SceneSprite& sprite, std::shared_ptr<const RgbaImage> pixels, std::string image,
                   std::filesystem::path imagePath) {
    sprite.pixels = std::move(pixels);
    sprite.image = std::move(image);
    sprite.imagePath = std::move(imagePath);
    sprite.sheet = sprite.pixels;
    sprite.atlas.clear();
    sprite.atlasPath.clear();
    sprite.atlasData.reset();
    sprite.imageFromAtlas = false;
    sprite.frame = FrameRef{};
    sprite.flip = FrameFlip{};
    sprite.animation = SpriteAnimation{};
    sprite.frameIndex = 0;
}

std::string setSpriteFrame(SceneSprite& sprite, const FrameRef& frame, FrameFlip flip, FrameImageCache& cache) {
    // A sprite made in the sandbox (or given a new image there) shows its whole image: that image is its sheet.
    const bool showsWhole = sprite.frame.kind == FrameRef::Kind::Whole && !sprite.flip.x && !sprite.flip.y && !sprite.atlasData;
    if (showsWhole && sprite.pixels) sprite.sheet = sprite.pixels;
    if (!sprite.sheet) return "the sprite " + jsonQuoted(sprite.name) + " has no sheet to cut a frame from";
    if (sprite.atlasData) {
        auto problems = checkAtlasAgainstImage(*sprite.atlasData, sprite.sheet->width, sprite.sheet->height);
        if (!problems.empty()) return sprite.atlas + ": " + problems.front().path + ": " + problems.front().message;
    }
    std::string error;
    auto image = cache.get(sprite.sheet, sprite.atlasData.get(), frame, flip, &error);
    if (!image) return error;
    sprite.frame = frame;
    sprite.flip = flip;
    sprite.pixels = std::move(image);
    if (sprite.animation.active() && frame.kind == FrameRef::Kind::Atlas) {
        auto at = std::find(sprite.animation.frames.begin(), sprite.animation.frames.end(), frame.name);
        if (at != sprite.animation.frames.end()) sprite.frameIndex = static_cast<int>(at - sprite.animation.frames.begin());
        else sprite.animation = {};  // a frame outside the animation: the sprite shows that one frame
    }
    return {};
}

std::string SceneLoadResult::message() const {
    std::string text;
    for (const auto& problem : problems) {
        text += file.string() + ": " + (problem.path.empty() ? "" : problem.path + ": ") + problem.message + "\n";
    }
    return text;
}

SceneLoadResult loadScene(const std::filesystem::path& file) {
    FileReadResult read = readBoundedFile(file, kMaxSceneFileBytes, "scene file");
    if (!read.ok()) return failedLoad(file, read.problem);
    return parseScene(*read.bytes, file);
}

SceneLoadResult parseScene(std::string_view text, const std::filesystem::path& file) {
    Json root;
    try {
        JsonLimits limits;
        limits.keptParts = {"view", "expect"};
        JsonParseResult parsed = parseBoundedJson(text, limits);
        if (!parsed.ok()) {
            SceneLoadResult refused;
            refused.file = file;
            refused.problems.push_back({parsed.path, parsed.error});
            return refused;
        }
        root = std::move(*parsed.json);
    } catch (const std::exception& e) {
        return failedLoad(file, "cannot be loaded: " + jsonErrorText(e));
    }
    SceneLoadResult result;
    result.file = file;
    try {
        SceneReader reader(file, true);
        result.scene = reader.read(root);
        result.problems = reader.takeProblems();
    } catch (const std::exception& e) {
        // Only allocation failure can land here; still, callers get a message rather than an exception.
        result.scene.reset();
        result.problems.push_back({"", std::string("cannot be loaded: ") + e.what()});
    }
    return result;
}

SceneJsonResult sceneToJson(const Scene& scene, const std::filesystem::path& file, const SceneSaveOptions& options) {
    SceneJsonResult result;
    try {
        using Ordered = nlohmann::ordered_json;
        std::error_code ec;
        auto absolute = std::filesystem::absolute(file, ec);
        const std::filesystem::path folder = (ec ? file : absolute).lexically_normal().parent_path();

        Ordered root;
        root["format"] = kSceneFormat;
        root["version"] = kSceneVersion;
        root["title"] = scene.title;
        root["notes"] = scene.notes;
        root["sampling"] = samplingName(scene.sampling);
        if (scene.scan != ScanDirection::AToB) root["scan"] = scanDirectionName(scene.scan);
        writeTimeline(root, scene.timeline);
        Ordered sprites = Ordered::array();
        for (const auto& sprite : scene.sprites) {
            Ordered s;
            s["name"] = sprite.name;
            std::string image;
            const bool needsEmbedding = options.embedImages || (sprite.imagePath.empty() && !isDataUri(sprite.image));
            if (needsEmbedding) {
                if (!sprite.pixels) {
                    result.error = "sprite " + jsonQuoted(sprite.name) + " has no image to save";
                    return result;
                }
                // A framed sprite embeds its whole sheet: the frame fields cut the frame out again when loading.
                image = pngDataUri(showsFrame(sprite) && sprite.sheet ? *sprite.sheet : *sprite.pixels);
                if (image.empty()) {
                    result.error = "sprite " + jsonQuoted(sprite.name) + ": its image cannot be encoded as PNG";
                    return result;
                }
            } else if (!sprite.imagePath.empty()) {
                auto relative = sprite.imagePath.lexically_normal().lexically_relative(folder);
                image = relative.empty() ? sprite.imagePath.generic_string() : relative.generic_string();
            } else {
                image = sprite.image;
            }
            if (!sprite.imageFromAtlas || needsEmbedding) s["image"] = image;
            writeFrameFields(sprite, folder, s);
            s["position"] = pairJson(sprite.transform.position);
            s["origin"] = pairJson(sprite.transform.origin);
            s["rotation_deg"] = numberJson(sprite.transform.rotationDeg);
            s["scale"] = pairJson(sprite.transform.scale);
            if (const SpriteEngineThreshold* engine = shownEngineThreshold(sprite)) {
                nlohmann::ordered_json setting{{"engine", engine->engine}};
                if (engine->value) setting["value"] = numberJson(*engine->value);
                s["alpha_threshold"] = std::move(setting);
            } else {
                s["alpha_threshold"] = sprite.alphaThreshold;
            }
            writeMotion(s, sprite.motion);
            if (sprite.collider) {
                s["collider"] = Ordered{{"mode", colliderModeName(sprite.collider->mode)},
                                        {"epsilon", numberJson(sprite.collider->epsilon)},
                                        {"max_vertices", sprite.collider->maxVertices}};
            }
            sprites.push_back(std::move(s));
        }
        root["sprites"] = std::move(sprites);
        if (scene.contact) root["contact"] = contactJson(*scene.contact);
        root["expect"] = Ordered::parse(scene.expect.toJson().dump(-1, ' ', false, Json::error_handler_t::replace));
        root["view"] = Ordered::parse(sceneViewJson(scene.view).dump(-1, ' ', false, Json::error_handler_t::replace));
        if (scene.lesson) root["lesson"] = Ordered::parse(lessonJson(*scene.lesson).dump(-1, ' ', false, Json::error_handler_t::replace));

        // Refuse to write what could not be read back.
        SceneReader reader(file, false);
        Json check = Json::parse(root.dump(-1, ' ', false, Json::error_handler_t::replace));
        if (!reader.read(check)) {
            for (const auto& problem : reader.takeProblems()) {
                result.error += (result.error.empty() ? "" : "; ") + (problem.path.empty() ? "" : problem.path + ": ") + problem.message;
            }
            return result;
        }
        result.json = std::move(root);
    } catch (const std::exception& e) {
        result.json.reset();
        result.error = std::string("cannot be written as JSON: ") + jsonErrorText(e);
    }
    return result;
}

SceneSaveResult saveScene(const Scene& scene, const std::filesystem::path& file, const SceneSaveOptions& options,
                          std::span<const std::filesystem::path> inputs) {
    if (std::string problem = outputProblem(file, inputs); !problem.empty()) return {problem};
    SceneJsonResult json = sceneToJson(scene, file, options);
    if (!json.ok()) return {file.string() + ": cannot save: " + json.error};
    std::string text;
    try {
        text = json.json->dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
    } catch (const std::exception& e) {
        return {file.string() + ": cannot save: " + e.what()};
    }
    return {writeFileAtomically(file, text, inputs)};
}

std::vector<std::filesystem::path> sceneInputFiles(const Scene& scene, const std::filesystem::path& sceneFile) {
    std::vector<std::filesystem::path> files{sceneFile};
    for (const SceneSprite& sprite : scene.sprites) {
        if (!sprite.imagePath.empty()) files.push_back(sprite.imagePath);
        if (!sprite.atlasPath.empty()) files.push_back(sprite.atlasPath);
    }
    return files;
}

}  // namespace cl
