// The Python module `collision_lab` (pybind11): masks from numpy arrays and pygame Surfaces, the core's
// exact collision tests on transformed sprites, and scene files (core/README.md "Python: collision_lab for pygame and numpy").
#include <filesystem>
#include <string>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include "app/python/python_json.h"
#include "app/python/python_mask.h"
#include "app/python/python_result.h"
#include "app/python/python_sprite.h"
#include "core/collider/collider_validity.h"
#include "core/collider/make_collider.h"
#include "core/collision/algorithms.h"
#include "core/base/mask_cache.h"
#include "core/scene/scene.h"
#include "core/check/motion_check.h"
#include "core/check/scene_check.h"

namespace py = pybind11;
using namespace cl;
using namespace cl::python;

namespace {

/// A loaded scene file: the core's scene, the path it was loaded from, and its sprites as Python sprites.
struct PythonScene {
    Scene scene;
    std::string path;
    std::vector<Sprite> sprites;
};

}  // namespace

COLLISION_LAB_PYTHON_REFUSE_HALF_MADE(PythonScene)

namespace {

/// Raised for a scene file (or a scene to save) that is not valid; a ValueError.
struct SceneError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

const Algorithm& testNamed(const std::string& name) {
    if (const Algorithm* algorithm = findAlgorithm(name)) return *algorithm;
    throw py::value_error("unknown test '" + name + "'; the tests are: " + coreAlgorithms().namesText());
}

Sampling samplingNamed(const std::string& name) {
    if (auto sampling = parseSampling(name)) return *sampling;
    throw py::value_error("unknown sampling '" + name + "'; use 'center' or 'xna'");
}

ScanDirection scanNamed(const std::string& name) {
    if (auto scan = parseScanDirection(name)) return *scan;
    throw py::value_error("unknown scan '" + name + "'; use 'a-to-b', 'b-to-a' or 'both'");
}

std::array<double, 2> scaleFrom(const py::object& scale) {
    if (py::isinstance<py::float_>(scale) || py::isinstance<py::int_>(scale)) {
        const double s = scale.cast<double>();
        return {s, s};
    }
    return scale.cast<std::array<double, 2>>();
}

Result collide(const Sprite& a, const Sprite& b, const std::string& test, const std::string& sampling,
               const std::string& scan, bool hitOnly) {
    const Algorithm& algorithm = testNamed(test);
    TestOptions options;
    options.sampling = samplingNamed(sampling);
    options.scan = scanNamed(scan);
    options.stopAtFirstHit = hitOnly;
    // Own the masks for the call: with the GIL released another thread may replace a.mask or b.mask.
    const std::shared_ptr<const AlphaMask> maskA = a.mask.mask, maskB = b.mask.mask;
    const Body bodyA{maskA.get(), a.transform()};
    const Body bodyB{maskB.get(), b.transform()};
    Result result{&algorithm, {}};
    {
        // Masks are immutable: other Python threads may run while the test does.
        py::gil_scoped_release release;
        result.result = runAlgorithmTimed(algorithm, bodyA, bodyB, options);
    }
    return result;
}

/// collider(): the mask's convex pieces and certificate as plain Python values; settings checked as the CLI does.
py::dict colliderOf(const Mask& mask, const std::string& modeName, double epsilon, int maxVertices) {
    ColliderOptions options;
    if (!parseColliderMode(modeName, options.mode)) {
        throw py::value_error("mode: must be 'outer', 'inner' or 'balanced', got '" + modeName + "'");
    }
    options.epsilon = epsilon;
    options.maxVertices = maxVertices;
    if (const std::string problem = colliderOptionsProblem(options); !problem.empty()) throw py::value_error(problem);
    const std::shared_ptr<const AlphaMask> held = mask.mask;
    Collider collider;
    {
        py::gil_scoped_release release;
        collider = makeCollider(*held, options);
    }
    // The validity check every output goes through: an invalid collider is a bug, never an answer.
    if (const std::string problem = colliderProblem(collider.pieces, options.maxVertices); !problem.empty()) {
        throw std::logic_error("internal error, invalid collider: " + problem);
    }
    py::list pieces;
    for (const ColliderPiece& piece : collider.pieces) {
        py::list points;
        for (const glm::dvec2& v : piece) points.append(py::make_tuple(v.x, v.y));
        pieces.append(points);
    }
    const ColliderCertificate& c = collider.certificate;
    py::list dropped;
    for (const DroppedPart& d : c.dropped) {
        py::dict part;
        part["at"] = py::make_tuple(d.at.x, d.at.y);
        part["area"] = d.area;
        dropped.append(part);
    }
    py::dict certificate;
    certificate["missed_area"] = c.missedArea;
    certificate["extra_area"] = c.extraArea;
    certificate["missed_pixels"] = c.missedPixels;
    certificate["extra_pixels"] = c.extraPixels;
    certificate["iou"] = c.iou;
    certificate["hausdorff"] = c.hausdorff;  // inf when exactly one of the shape and the collider is empty
    certificate["dropped"] = dropped;
    py::dict result;
    result["pieces"] = pieces;
    result["certificate"] = certificate;
    return result;
}

PythonScene loadSceneFile(const std::filesystem::path& path) {
    SceneLoadResult loaded = loadScene(path);
    if (!loaded.ok()) {
        std::string message = loaded.message();
        while (!message.empty() && message.back() == '\n') message.pop_back();
        std::error_code ec;
        if (!std::filesystem::exists(path, ec)) {
            PyErr_SetString(PyExc_FileNotFoundError, message.c_str());
            throw py::error_already_set();
        }
        throw SceneError(message);
    }
    PythonScene result{std::move(*loaded.scene), path.string(), {}};
    MaskCache masks;
    for (const SceneSprite& sprite : result.scene.sprites) {
        const Mask mask{sprite.pixels, masks.get(sprite.pixels, sprite.alphaThreshold)};
        result.sprites.push_back(Sprite::fromCore(mask, sprite.name, sprite.transform));
    }
    return result;
}

std::vector<Sprite> spritesFrom(const py::object& sprites) {
    std::vector<Sprite> out;
    if (py::isinstance<py::dict>(sprites)) {
        for (const auto& [name, sprite] : sprites.cast<py::dict>()) {
            if (!py::isinstance<py::str>(name) || !py::isinstance<Sprite>(sprite)) {
                throw py::type_error("sprites: a dict must map names (str) to collision_lab.Sprite");
            }
            out.push_back(sprite.cast<Sprite>());
            out.back().name = name.cast<std::string>();
        }
        return out;
    }
    for (const auto& sprite : sprites) {
        if (!py::isinstance<Sprite>(sprite)) {
            throw py::type_error("sprites: expected collision_lab.Sprite items, got " + std::string(py::repr(sprite)));
        }
        out.push_back(sprite.cast<Sprite>());
    }
    return out;
}

void saveSceneFile(const std::filesystem::path& path, const py::object& sprites, const py::object& expect,
                   const std::string& title, const std::string& notes, const std::string& sampling, const std::string& scan) {
    Scene scene;
    scene.title = title;
    scene.notes = notes;
    scene.sampling = samplingNamed(sampling);
    scene.scan = scanNamed(scan);
    for (const Sprite& sprite : spritesFrom(sprites)) {
        SceneSprite s;
        s.name = sprite.name;
        s.pixels = sprite.mask.image;
        s.transform = sprite.transform();
        s.alphaThreshold = sprite.mask.mask->threshold();
        scene.sprites.push_back(std::move(s));
    }
    if (!expect.is_none()) {
        if (!py::isinstance<py::dict>(expect)) throw py::type_error("expect: must be a dict like {\"A/B\": {\"pixel-fast\": {...}}}");
        const nlohmann::json given = fromPython(expect, "expect", 1);  // inside the scene's own object
        scene.expect = expectationsFromJson(given);
        // A block the typed value cannot hold (a key that is not "A/B") is refused with the loader's messages;
        // every other problem is named by sceneToJson's read-back below, as for any scene.
        if (scene.expect.toJson() != given) {
            std::vector<std::string> names;
            for (const SceneSprite& s : scene.sprites) names.push_back(s.name);
            std::string error;
            readExpectations(given, names, [&](std::string where, std::string message) {
                error += (error.empty() ? "" : "; ") + where + ": " + message;
            });
            if (!error.empty()) throw SceneError(path.string() + ": cannot save: " + error);
        }
    }
    const SceneSaveOptions options{.embedImages = true};
    // A scene that would not load back is the caller's mistake (ValueError); a failed write is an OSError.
    SceneJsonResult json = sceneToJson(scene, path, options);
    if (!json.ok()) throw SceneError(path.string() + ": cannot save: " + json.error);
    SceneSaveResult saved = saveScene(scene, path, options);
    if (!saved.ok()) {
        PyErr_SetString(PyExc_OSError, saved.error.c_str());
        throw py::error_already_set();
    }
}

py::object check(const py::object& sceneOrPath, const std::optional<std::vector<std::string>>& tests,
                 const std::optional<std::pair<std::string, std::string>>& pair, const std::optional<std::string>& sampling,
                 const std::optional<std::string>& scan, bool verify) {
    PythonScene loaded;
    const PythonScene* scene = nullptr;
    if (py::isinstance<PythonScene>(sceneOrPath)) {
        scene = &sceneOrPath.cast<const PythonScene&>();
    } else {
        loaded = loadSceneFile(sceneOrPath.cast<std::filesystem::path>());
        scene = &loaded;
    }
    CheckOptions options;
    if (tests) options.algorithms = *tests;
    options.pair = pair;
    if (sampling) options.sampling = samplingNamed(*sampling);
    if (scan) options.scan = scanNamed(*scan);
    options.includeExpectedPairs = verify;
    MaskCache masks;
    CheckRunResult run = runCheck(scene->scene, scene->path, options, masks);
    if (!run.ok()) throw py::value_error(scene->path + ": " + run.error);
    nlohmann::ordered_json json = reportJson(*run.report);
    if (verify) {
        VerifyResult verified = verifyReport(*run.report, scene->scene.expect);
        // The expect block's "frames" and "time_of_impact" entries, as `check --verify` compares them.
        const MotionRunResult motion = runMotionForVerify(scene->scene, scene->path, options, masks);
        if (!motion.ok()) throw py::value_error(scene->path + ": " + motion.error);
        mergeVerify(verified, verifyMotion(*motion.report, scene->scene.expect));
        json["verify"] = verifyJson(verified);
    }
    return toPython(json);
}

py::tuple pairTuple(const std::array<double, 2>& v) { return py::make_tuple(v[0], v[1]); }

std::string pointText(glm::dvec2 p) { return "(" + std::string(py::repr(py::float_(p.x))) + ", " + std::string(py::repr(py::float_(p.y))) + ")"; }

}  // namespace

PYBIND11_MODULE(collision_lab, m) {
    m.doc() = "Collision Lab's exact pixel collision tests for transformed sprites, and its scene files.\n"
              "Angles follow pygame: degrees, positive turns counter-clockwise on screen.";
    m.attr("__version__") = "0.1";
    py::register_exception<SceneError>(m, "SceneError", PyExc_ValueError);

    py::class_<Mask>(m, "Mask", "An image's RGBA pixels and its solid mask at one alpha threshold (solid: alpha > threshold).")
        .def_static("from_array", &Mask::fromArray, py::arg("array"), py::arg("threshold") = 127,
                    "Mask of a uint8 RGBA array of shape (height, width, 4); any strides.")
        .def_static("from_surface", &Mask::fromSurface, py::arg("surface"), py::arg("threshold") = 127,
                    "Mask of a pygame Surface, as pygame.mask.from_surface(surface, threshold) builds it.")
        .def_property_readonly("width", [](const Mask& mask) { return mask.mask->width(); })
        .def_property_readonly("height", [](const Mask& mask) { return mask.mask->height(); })
        .def_property_readonly("size", [](const Mask& mask) { return std::pair{mask.mask->width(), mask.mask->height()}; })
        .def_property_readonly("threshold", [](const Mask& mask) { return mask.mask->threshold(); })
        .def("count", [](const Mask& mask) { return mask.mask->solidCount(); }, "Number of solid pixels.")
        .def("get_at", [](const Mask& mask, std::pair<int, int> at) { return mask.mask->solid(at.first, at.second); },
             py::arg("pos"), "True when pixel (x, y) is inside the image and solid.")
        .def("pixels", [](const Mask& mask) {
                 const RgbaImage& image = *mask.image;
                 py::array_t<std::uint8_t> array({image.height, image.width, 4});
                 std::copy(image.pixels.begin(), image.pixels.end(), array.mutable_data());
                 return array;
             }, "A copy of the RGBA pixels, shape (height, width, 4), dtype uint8.")
        .def("__repr__", [](const Mask& mask) {
            return "<collision_lab.Mask " + std::to_string(mask.mask->width()) + "x" + std::to_string(mask.mask->height()) +
                   ", threshold " + std::to_string(mask.mask->threshold()) + ", " + std::to_string(mask.mask->solidCount()) + " solid>";
        });

    py::class_<Sprite>(m, "Sprite",
                       "A mask placed in the world. position: world position of the pivot; origin: the pivot in the "
                       "image's pixels (None: the image centre, as pygame rotates); angle: degrees, positive "
                       "counter-clockwise on screen like pygame.transform.rotate; scale: one number or (sx, sy), "
                       "negative flips; flip_x/flip_y: mirror like pygame.transform.flip, before turning.")
        .def(py::init([](const Mask& mask, std::array<double, 2> position, std::optional<std::array<double, 2>> origin,
                         double angle, const py::object& scale, bool flipX, bool flipY, std::string name) {
                 Sprite s{mask, std::move(name), position, origin, angle, scaleFrom(scale), flipX, flipY};
                 s.transform();  // refuse NaN and out-of-range values now, naming the field
                 return s;
             }),
             py::arg("mask"), py::kw_only(), py::arg("position") = std::array<double, 2>{0.0, 0.0}, py::arg("origin") = py::none(),
             py::arg("angle") = 0.0, py::arg("scale") = 1.0, py::arg("flip_x") = false, py::arg("flip_y") = false,
             py::arg("name") = "")
        .def_readwrite("mask", &Sprite::mask)
        .def_readwrite("name", &Sprite::name)
        .def_property("position", [](const Sprite& s) { return pairTuple(s.position); },
                      [](Sprite& s, std::array<double, 2> position) { s.position = position; })
        .def_property("origin", [](const Sprite& s) -> py::object { if (s.origin) return pairTuple(*s.origin); return py::none(); },
                      [](Sprite& s, std::optional<std::array<double, 2>> origin) { s.origin = origin; })
        .def_readwrite("angle", &Sprite::angle)
        .def_property("scale", [](const Sprite& s) { return pairTuple(s.scale); }, [](Sprite& s, const py::object& scale) { s.scale = scaleFrom(scale); })
        .def_readwrite("flip_x", &Sprite::flipX)
        .def_readwrite("flip_y", &Sprite::flipY)
        .def("__repr__", [](const Sprite& s) {
            return "<collision_lab.Sprite '" + s.name + "' at " + pointText({s.position[0], s.position[1]}) + ", angle " +
                   std::string(py::repr(py::float_(s.angle))) + ">";
        });

    py::class_<PixelHit>(m, "FirstHit", "The first overlapping sample: A's pixel, B's pixel and its world position.")
        .def_property_readonly("a", [](const PixelHit& h) { return std::pair{h.a.x, h.a.y}; })
        .def_property_readonly("b", [](const PixelHit& h) { return std::pair{h.b.x, h.b.y}; })
        .def_property_readonly("world", [](const PixelHit& h) { return std::pair{h.world.x, h.world.y}; })
        .def("__repr__", [](const PixelHit& h) {
            return "FirstHit(a=(" + std::to_string(h.a.x) + ", " + std::to_string(h.a.y) + "), b=(" + std::to_string(h.b.x) + ", " +
                   std::to_string(h.b.y) + "), world=" + pointText(h.world) + ")";
        });

    py::class_<Result>(m, "Result",
                       "One test's answer: hit, overlap (a count of samples; pixel-exact: a world area), first_hit, "
                       "samples examined, time_ns. The separation vector arrives with the contact work and is not "
                       "part of this version.")
        .def_property_readonly("test", [](const Result& r) { return std::string(r.algorithm->name); })
        .def_property_readonly("applicable", [](const Result& r) { return r.result.applicable; })
        .def_property_readonly("reason", [](const Result& r) { return r.result.reason; })
        .def_property_readonly("hit", [](const Result& r) { return r.result.hit; })
        .def_property_readonly("overlap", [](const Result& r) -> py::object {
            if (r.algorithm->reportsArea) return py::float_(r.result.overlap);
            return py::int_(static_cast<std::int64_t>(r.result.overlap));
        })
        .def_property_readonly("first_hit", [](const Result& r) { return r.result.firstHit; })
        .def_property_readonly("samples", [](const Result& r) { return r.result.samples; })
        .def_property_readonly("time_ns", [](const Result& r) { return r.result.timeNs; })
        .def("to_dict", [](const Result& r) { return toPython(nlohmann::ordered_json(r.json())); },
             "The answer as one entry of `collision-lab check --json` (without time_ns).")
        .def("__bool__", [](const Result& r) { return r.result.hit; })
        .def("__repr__", [](const Result& r) { return "<collision_lab.Result " + std::string(r.algorithm->name) + " " + r.json().dump() + ">"; });

    py::class_<PythonScene>(m, "Scene", "A scene file as loaded: its sprites, settings and expect block.")
        .def_property_readonly("path", [](const PythonScene& s) { return s.path; })
        .def_property_readonly("title", [](const PythonScene& s) { return s.scene.title; })
        .def_property_readonly("notes", [](const PythonScene& s) { return s.scene.notes; })
        .def_property_readonly("sampling", [](const PythonScene& s) { return std::string(samplingName(s.scene.sampling)); })
        .def_property_readonly("scan", [](const PythonScene& s) { return std::string(scanDirectionName(s.scene.scan)); })
        .def_property_readonly("sprites", [](const PythonScene& s) { return s.sprites; }, "Copies of the sprites, in file order.")
        .def_property_readonly("expect", [](const PythonScene& s) { return toPython(nlohmann::ordered_json(s.scene.expect.toJson())); })
        .def("__repr__", [](const PythonScene& s) {
            return "<collision_lab.Scene '" + s.path + "', " + std::to_string(s.sprites.size()) + " sprites>";
        });

    m.def("tests", [] {
        std::vector<std::string> names;
        for (const Algorithm& algorithm : coreAlgorithms().all()) names.emplace_back(algorithm.name);
        return names;
    }, "The names of every test collide() and check() run, cheap ones first.");
    m.def("collide", &collide, py::arg("a"), py::arg("b"), py::kw_only(), py::arg("test") = std::string(kDefaultPixelAlgorithm),
          py::arg("sampling") = "center", py::arg("scan") = "a-to-b", py::arg("hit_only") = false,
          "Runs one test on sprites a and b (a is scanned into b) and returns its Result. hit_only stops at the "
          "first overlapping sample (overlap then counts at most 1).");
    m.def("collider", &colliderOf, py::arg("mask"), py::kw_only(), py::arg("mode") = "outer", py::arg("epsilon") = 1.0,
          py::arg("max_vertices") = 8,
          "The mask's collider (core/README.md \"Colliders from alpha\"): {'pieces': [[(x, y), ...], ...] in texture "
          "pixels, counter-clockwise on screen, 'certificate': {'missed_area', 'extra_area', 'missed_pixels', "
          "'extra_pixels', 'iou', 'hausdorff', 'dropped'}}. mode 'outer', 'inner' or 'balanced'; epsilon > 0 px; "
          "max_vertices 3..64; ValueError otherwise.");
    m.def("load_scene", &loadSceneFile, py::arg("path"), "Reads a scene file; SceneError lists every problem in it.");
    m.def("save_scene", &saveSceneFile, py::arg("path"), py::arg("sprites"), py::kw_only(), py::arg("expect") = py::none(),
          py::arg("title") = "", py::arg("notes") = "", py::arg("sampling") = "center", py::arg("scan") = "a-to-b",
          "Writes a scene file with every image embedded (atomically). sprites: a list of named Sprites or a dict "
          "{name: Sprite}; expect: {\"A/B\": {\"pixel-fast\": {\"hit\": True, ...} or a Result}}.");
    m.def("check", &check, py::arg("scene"), py::kw_only(), py::arg("tests") = py::none(), py::arg("pair") = py::none(),
          py::arg("sampling") = py::none(), py::arg("scan") = py::none(), py::arg("verify") = false,
          "Runs the tests on a Scene (or a scene file's path) and returns what `collision-lab check --json` prints.");
}
