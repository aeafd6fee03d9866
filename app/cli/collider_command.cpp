// `collision-lab collider`: colliders of an image, an atlas's frames or a scene's sprites, with certificates.
#include "app/cli/collider_command.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/cli/collider_output.h"
#include "core/base/alpha_mask.h"
#include "core/collider/collider_certificate.h"
#include "core/collider/combined_mask.h"
#include "core/collider/make_collider.h"
#include "core/io/atomic_file.h"
#include "core/io/image_io.h"
#include "core/scene/atlas.h"
#include "core/scene/frame_image.h"
#include "core/scene/scene.h"

namespace cl {
namespace {

constexpr int kExitBug = 1;
constexpr const char* kProgram = "collision-lab collider";

// One frame to make a collider of: its pixels, threshold and settings.
struct FrameInput {
    std::string name;
    std::shared_ptr<const RgbaImage> image;
    int threshold = 0;
    ColliderOptions options;
    std::optional<glm::dvec2> origin;  // the sprite's pivot in a scene; the frame's centre otherwise
    std::string group;                 // the animation the frame belongs to (a sprite, an atlas): what --union combines
};

// What the command line asks for, read from the parsed options.
struct ColliderArguments {
    std::filesystem::path input;
    std::optional<std::string> sprite, frame;
    bool allFrames = false;
    std::optional<ColliderMode> mode;
    std::optional<double> epsilon;
    std::optional<int> maxVertices;
    std::optional<int> threshold;
    std::string format = "table";
    std::optional<std::string> output;
    std::optional<MaskCombination> combine;  // --union or --intersection
    bool bothCombinations = false;           // both given: refused
};

CommandOptions colliderOptions(const CliContext&) {
    CommandOptions c;
    c.positional = "INPUT";
    c.positionalNoun = "image, atlas description or scene file";
    c.positionalRequired = true;
    c.intro =
        "Makes the collider of each frame: convex pieces in texture pixels under a mode's guarantee, and the\n"
        "exact certificate of how far they stray from the solid pixels (core/README.md, \"Colliders from alpha\").\n"
        "INPUT is an image (one frame, named after the file), an atlas description (TexturePacker or Aseprite\n"
        "JSON: every frame, or --frame) or a scene (each sprite's shown frame at its threshold with its\n"
        "\"collider\" settings, or --sprite; --frame and --all-frames pick frames of the sprite's atlas).";
    c.rows = {
        textOption("--sprite", "NAME", "only this sprite of a scene."),
        textOption("--frame", "F", "only the frame named F (of an atlas, or of the sprite's atlas in a scene)."),
        flagOption("--all-frames", "every frame of a scene sprite's animation (or of its atlas), not only the shown one."),
        choiceOption("--mode", "MODE", {"outer", "inner", "balanced"},
                     "'outer' (covers every solid pixel), 'inner' (inside them) or 'balanced'\n"
                     "(Hausdorff distance <= epsilon). Default: the sprite's, else outer."),
        // Zero is the one value of the row's range [0, 1e6] that no mode allows: the range starts just above it.
        numberOption("--epsilon", "E", std::numeric_limits<double>::denorm_min(), 1.0e6,
                     "the error the mode allows, in pixels (> 0). Default: the sprite's, else 1.")
            .expecting("a number of pixels > 0 (at most 1e6)"),
        wholeOption("--max-vertices", "V", kMinColliderVertices, kMaxColliderVertices,
                    "most vertices per piece (3..64). Default: the sprite's, else 8 (Box2D v3's limit)."),
        wholeOption("--threshold", "T", 0, 255, "a pixel is solid when alpha > T. Default: the sprite's, else 0."),
        flagOption("--union", "one collider of the union of each animation's frames (--all-frames of a scene\n"
                   "sprite, or an atlas's frames), certified against each frame."),
        flagOption("--intersection", "one collider of the pixels solid in every frame, certified against each frame."),
        choiceOption("--format", "FORMAT", colliderFormats(),
                     "'table' (the certificate per frame), 'json' (pieces and certificate,\n"
                     "the schema of app/README.md), 'box2d' (C++ for Box2D 2.4 and v3: metres at\n"
                     "32 pixels per metre, y up, around the sprite's pivot or the frame's centre;\n"
                     "needs --max-vertices <= 8), 'godot' / 'godot3' (a .tscn scene for Godot 4 / 3:\n"
                     "a StaticBody2D with a CollisionPolygon2D per piece, pixels around the pivot)\n"
                     "or 'phaser' (PhysicsEditor JSON for Phaser 3's Matter: texture pixels). Default: table."),
        pathOption("-o", "FILE", "write the output to FILE (replaced whole, atomically) instead of printing it."),
    };
    c.outro = "Exit status: 0 done, 2 bad input (the message names the file, option or frame).";
    return c;
}

ColliderArguments readArguments(const ParsedOptions& given) {
    ColliderArguments a;
    a.input = *given.positional();
    a.sprite = given.text("--sprite");
    a.frame = given.text("--frame");
    a.allFrames = given.has("--all-frames");
    if (auto m = given.text("--mode")) {
        ColliderMode mode{};
        parseColliderMode(*m, mode);  // the row accepts only the three names
        a.mode = mode;
    }
    a.epsilon = given.number("--epsilon");
    if (auto v = given.whole("--max-vertices")) a.maxVertices = static_cast<int>(*v);
    if (auto t = given.whole("--threshold")) a.threshold = static_cast<int>(*t);
    if (auto f = given.text("--format")) a.format = *f;
    a.output = given.text("-o");
    if (given.has("--union")) a.combine = MaskCombination::Union;
    if (given.has("--intersection")) a.combine = MaskCombination::Intersection;
    a.bothCombinations = given.has("--union") && given.has("--intersection");
    return a;
}

// A scene's problems say "format: missing" first when the JSON is no scene at all (an atlas, say).
bool notAScene(const SceneLoadResult& loaded) {
    return !loaded.problems.empty() && loaded.problems.front().path == "format" &&
           loaded.problems.front().message.rfind("missing", 0) == 0;
}

struct Gathered {
    std::vector<FrameInput> frames;
    std::vector<std::filesystem::path> inputs;  // files read, which -o must not replace
    std::string error;
};

void addAtlasFrame(const Atlas& atlas, const RgbaImage& sheet, int index, FrameFlip flip, const std::string& name,
                   FrameInput base, Gathered& out) {
    base.name = name;
    base.image = std::make_shared<const RgbaImage>(extractAtlasFrame(sheet, atlas.frames[static_cast<std::size_t>(index)], flip));
    out.frames.push_back(std::move(base));
}

std::string unknownFrame(const Atlas& atlas, const std::string& name) {
    std::string text = "--frame " + name + ": no such frame";
    const auto close = atlas.closestNames(name);
    for (std::size_t i = 0; i < close.size(); ++i) text += (i == 0 ? " (did you mean " : ", ") + close[i];
    return text + (close.empty() ? "" : "?)");
}

Gathered fromScene(const Scene& scene, const ColliderArguments& args) {
    Gathered g;
    g.inputs = sceneInputFiles(scene, args.input);
    bool found = false;
    for (const SceneSprite& sprite : scene.sprites) {
        if (args.sprite && sprite.name != *args.sprite) continue;
        found = true;
        FrameInput base{sprite.name, sprite.pixels, sprite.alphaThreshold, sprite.colliderOptions(), sprite.transform.origin,
                        sprite.name};
        if (!args.frame && !args.allFrames) {
            g.frames.push_back(base);
            continue;
        }
        if (!sprite.atlasData || !sprite.sheet) {
            g.error = "sprite " + sprite.name + ": " + (args.frame ? "--frame" : "--all-frames") + " needs a sprite with an atlas";
            return g;
        }
        const Atlas& atlas = *sprite.atlasData;
        if (args.frame) {
            const int index = atlas.indexOf(*args.frame);
            if (index < 0) {
                g.error = "sprite " + sprite.name + ": " + unknownFrame(atlas, *args.frame);
                return g;
            }
            addAtlasFrame(atlas, *sprite.sheet, index, sprite.flip, sprite.name + "/" + *args.frame, base, g);
            continue;
        }
        std::vector<std::string> names = sprite.animation.active() ? sprite.animation.frames : std::vector<std::string>{};
        if (names.empty())
            for (const AtlasFrame& f : atlas.frames) names.push_back(f.name);
        for (const std::string& name : names) {
            const int index = atlas.indexOf(name);
            if (index >= 0) addAtlasFrame(atlas, *sprite.sheet, index, sprite.flip, sprite.name + "/" + name, base, g);
        }
    }
    if (!found) {
        std::string names;
        for (const SceneSprite& s : scene.sprites) names += (names.empty() ? "" : ", ") + s.name;
        g.error = "--sprite " + *args.sprite + ": no such sprite (the scene has " + names + ")";
    }
    return g;
}

std::string combineOption(const ColliderArguments& args) {
    return args.combine == MaskCombination::Union ? "--union" : "--intersection";
}

Gathered gather(const ColliderArguments& args) {
    Gathered g;
    if (args.bothCombinations) {
        g.error = "--union and --intersection: give one of them";
        return g;
    }
    const std::string file = args.input.string();
    if (args.input.extension() == ".json") {
        SceneLoadResult scene = loadScene(args.input);
        if (scene.ok()) {
            if (args.frame && args.allFrames) g.error = "--frame and --all-frames: give one of them";
            else if (args.combine && !args.allFrames)
                g.error = combineOption(args) + " combines each sprite's frames: add --all-frames";
            else g = fromScene(*scene.scene, args);
            return g;
        }
        if (!notAScene(scene)) {
            g.error = scene.message();
            return g;
        }
        if (args.sprite) {
            g.error = "--sprite applies to scenes; " + file + " is an atlas description";
            return g;
        }
        if (args.allFrames) {
            g.error = "--all-frames applies to scenes; an atlas gives every frame unless --frame";
            return g;
        }
        AtlasLoadResult atlas = loadAtlas(args.input);
        if (!atlas.ok()) {
            g.error = atlas.message();
            return g;
        }
        const std::filesystem::path imagePath = args.input.parent_path() / atlas.atlas->image;
        ImageLoadResult sheet = loadImageFile(imagePath);
        if (!sheet.ok()) {
            g.error = file + ": meta.image: " + sheet.error;
            return g;
        }
        if (const auto problems = checkAtlasAgainstImage(*atlas.atlas, sheet.image->width, sheet.image->height); !problems.empty()) {
            g.error = file + ": " + problems.front().path + ": " + problems.front().message;
            return g;
        }
        g.inputs = {args.input, imagePath};
        if (args.combine && args.frame) {
            g.error = combineOption(args) + " combines every frame of the atlas: leave out --frame";
            return g;
        }
        const FrameInput base{"", nullptr, 0, ColliderOptions{}, std::nullopt, args.input.stem().string()};
        if (args.frame) {
            const int index = atlas.atlas->indexOf(*args.frame);
            if (index < 0) {
                g.error = file + ": " + unknownFrame(*atlas.atlas, *args.frame);
                return g;
            }
            addAtlasFrame(*atlas.atlas, *sheet.image, index, {}, *args.frame, base, g);
        } else {
            for (int i = 0; i < static_cast<int>(atlas.atlas->frames.size()); ++i)
                addAtlasFrame(*atlas.atlas, *sheet.image, i, {}, atlas.atlas->frames[static_cast<std::size_t>(i)].name, base, g);
        }
        return g;
    }
    if (args.combine) {
        g.error = combineOption(args) + " combines an animation's frames (a scene sprite with --all-frames, or an atlas); " + file +
                  " is an image (one frame)";
        return g;
    }
    const char* sceneOption = args.sprite ? "--sprite" : args.frame ? "--frame" : args.allFrames ? "--all-frames" : nullptr;
    if (sceneOption) {
        g.error = std::string(sceneOption) + " applies to scenes and atlases; " + file + " is an image (one frame)";
        return g;
    }
    ImageLoadResult image = loadImageFile(args.input);
    if (!image.ok()) {
        g.error = image.error;
        return g;
    }
    g.inputs = {args.input};
    g.frames.push_back({args.input.stem().string(), std::make_shared<const RgbaImage>(std::move(*image.image)), 0, {},
                        std::nullopt, args.input.stem().string()});
    return g;
}

// The colliders to output: one per frame, or with --union / --intersection one per animation (consecutive frames
// of one group), certified against the combined mask and against each frame.
std::vector<ColliderFrame> makeAll(const std::vector<FrameInput>& frames, const ColliderArguments& args, std::string& error) {
    std::vector<ColliderFrame> made;
    const auto centreOf = [](const FrameInput& f) {
        return f.origin.value_or(glm::dvec2{f.image->width / 2.0, f.image->height / 2.0});
    };
    if (!args.combine) {
        for (const FrameInput& f : frames) {
            const AlphaMask mask(*f.image, f.threshold);
            made.push_back({f.name, f.image->width, f.image->height, f.threshold, f.options, centreOf(f), makeCollider(mask, f.options), {}});
        }
        return made;
    }
    const char* suffix = *args.combine == MaskCombination::Union ? "/union" : "/intersection";
    for (std::size_t begin = 0; begin < frames.size();) {
        std::size_t end = begin;
        std::vector<AlphaMask> masks;
        for (; end < frames.size() && frames[end].group == frames[begin].group; ++end)
            masks.emplace_back(*frames[end].image, frames[end].threshold);
        const FrameInput& first = frames[begin];
        CombinedMask combined = combineMasks(masks, *args.combine);
        if (!combined.ok()) {
            error = first.group + ": " + combineOption(args) + ": " + combined.error;
            for (std::size_t i = begin; i < end; ++i) {
                if (frames[i].image->width != first.image->width || frames[i].image->height != first.image->height) {
                    error = first.group + ": " + combineOption(args) + ": frame " + frames[i].name + " is " +
                            std::to_string(frames[i].image->width) + "x" + std::to_string(frames[i].image->height) + ", frame " +
                            first.name + " is " + std::to_string(first.image->width) + "x" + std::to_string(first.image->height) +
                            "; frames combine only at one size";
                    break;
                }
            }
            return {};
        }
        ColliderFrame m{first.group + suffix, first.image->width, first.image->height, first.threshold, first.options, centreOf(first),
                        makeCollider(combined.mask, first.options)};
        for (std::size_t i = begin; i < end; ++i)
            m.perFrame.emplace_back(frames[i].name, certifyCollider(masks[i - begin], m.collider.pieces));
        made.push_back(std::move(m));
        begin = end;
    }
    return made;
}

int colliderMain(const ParsedOptions& given, const CliContext& context) {
    const ColliderArguments args = readArguments(given);
    Gathered gathered = gather(args);
    if (!gathered.error.empty()) {
        context.err << kProgram << ": " << gathered.error << (gathered.error.back() == '\n' ? "" : "\n");
        return kExitBadInput;
    }
    // The output rule, before any work: -o replaces neither a device nor a file this run reads.
    if (args.output) {
        if (const std::string problem = outputProblem(*args.output, gathered.inputs); !problem.empty()) {
            context.err << kProgram << ": -o: " << problem << "\n";
            return kExitBadInput;
        }
    }
    for (FrameInput& frame : gathered.frames) {
        if (args.mode) frame.options.mode = *args.mode;
        if (args.epsilon) frame.options.epsilon = *args.epsilon;
        if (args.maxVertices) frame.options.maxVertices = *args.maxVertices;
        if (args.threshold) frame.threshold = *args.threshold;
    }
    std::string error;
    const std::vector<ColliderFrame> made = makeAll(gathered.frames, args, error);
    if (!error.empty()) {
        context.err << kProgram << ": " << error << "; nothing written\n";
        return kExitBadInput;
    }
    const ColliderOutput result = colliderOutput(made, args.format, args.input.generic_string());
    if (!result.ok()) {
        context.err << kProgram << ": " << result.error << "; nothing written\n";
        return result.bug ? kExitBug : kExitBadInput;
    }
    const std::string& output = result.text;
    if (!args.output) {
        context.out << output;
        return kExitDone;
    }
    if (const std::string problem = writeFileAtomically(*args.output, output, gathered.inputs); !problem.empty()) {
        context.err << kProgram << ": -o: " << problem << "\n";
        return kExitBadInput;
    }
    return kExitDone;
}

}  // namespace

CliCommand colliderCommand() {
    return {"collider", "the convex collider of each frame of an image, atlas or scene, with its exact error certificate",
            colliderOptions, colliderMain};
}

}  // namespace cl
