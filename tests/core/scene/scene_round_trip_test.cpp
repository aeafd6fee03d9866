// Round trip as a property: every scene the loader accepts saves (with images as files or embedded) to a
// file the loader accepts again, holding the same scene and giving the same answers in every algorithm.
// Scenes are random, and hostile but valid: names with commas, quotes and non-ASCII letters, numbers at
// the limits, angles of 1e12 degrees, shared images, `view` and `expect` nested close to the depth
// limit with keys that need escaping.

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "core/collision/algorithms.h"
#include "core/io/bounded_json.h"
#include "core/io/image_io.h"
#include "core/scene/scene.h"
#include "core/check/scene_check.h"
#include "core/base/sprite_transform.h"
#include "../scene_test_files.h"

namespace cl {
namespace {

using Json = nlohmann::json;

class SceneGenerator {
public:
    SceneGenerator(std::uint32_t seed, const std::filesystem::path& folder) : m_random(seed), m_folder(folder) {}

    /// A scene file's text; its image files are written into the folder.
    std::string next() {
        Json scene = {{"format", "collision-lab/scene"}, {"version", 1}};
        if (chance(0.5)) scene["title"] = text();
        if (chance(0.5)) scene["notes"] = text() + "\n" + text();
        if (chance(0.5)) scene["sampling"] = chance(0.5) ? "center" : "xna";
        if (chance(0.5)) scene["scan"] = pick({"a-to-b", "b-to-a", "both"});
        const int count = uniform(2, 6);
        std::vector<std::string> names;
        Json sprites = Json::array();
        std::vector<std::string> images;
        for (int i = 0; i < count; ++i) {
            std::string name = text() + std::to_string(i);  // the index keeps names unique
            names.push_back(name);
            Json sprite = {{"name", name}};
            if (!images.empty() && chance(0.3)) {
                sprite["image"] = images[std::size_t(uniform(0, int(images.size()) - 1))];
            } else {
                sprite["image"] = image(i);
                images.push_back(sprite["image"]);
            }
            if (chance(0.8)) sprite["position"] = {coordinate(), coordinate()};
            if (chance(0.5)) sprite["origin"] = {coordinate() / 1e6, coordinate() / 1e6};
            if (chance(0.8)) sprite["rotation_deg"] = chance(0.1) ? 1e12 : real(-720, 720);
            if (chance(0.8)) sprite["scale"] = chance(0.3) ? Json(scale()) : Json{scale(), scale()};
            if (chance(0.5)) sprite["alpha_threshold"] = uniform(0, 255);
            sprites.push_back(sprite);
        }
        scene["sprites"] = sprites;
        if (chance(0.7)) scene["expect"] = expect(names);
        if (chance(0.7)) scene["view"] = nested(uniform(0, kMaxJsonDepth - 4));
        return scene.dump(chance(0.5) ? -1 : 2);
    }

private:
    bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(m_random) < p; }
    int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(m_random); }
    double real(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(m_random); }
    std::string pick(std::initializer_list<const char*> options) {
        return *(options.begin() + uniform(0, int(options.size()) - 1));
    }

    std::string text() {
        static const char* pieces[] = {"a", "B", ",", " ", "é", "中", "\"", "\\", "x,y", "-", "_", "😀", "\t", "."};
        std::string s;
        for (int i = uniform(1, 5); i > 0; --i) s += pieces[uniform(0, int(std::size(pieces)) - 1)];
        return s;
    }

    double coordinate() {
        switch (uniform(0, 3)) {
        case 0: return real(-100, 100);
        case 1: return chance(0.5) ? kMaxCoordinate : -kMaxCoordinate;
        case 2: return real(-kMaxCoordinate, kMaxCoordinate);
        default: return std::round(real(-50, 50));
        }
    }

    double scale() {
        const double magnitude = chance(0.2) ? (chance(0.5) ? kMinScale : kMaxScale) : std::exp(real(std::log(0.25), std::log(4.0)));
        return chance(0.3) ? -magnitude : magnitude;
    }

    // A small image with random alpha, as a file beside the scene (relative path) or a data URI.
    std::string image(int index) {
        const int w = uniform(1, 9), h = uniform(1, 9);
        RgbaImage pixels{w, h, std::vector<std::uint8_t>(std::size_t(w) * h * 4)};
        for (auto& byte : pixels.pixels) byte = std::uint8_t(chance(0.5) ? 255 : uniform(0, 255));
        if (chance(0.5)) return pngDataUri(pixels);
        const std::string name = "img" + std::to_string(m_images++) + "-" + std::to_string(index) + ".png";
        EXPECT_EQ(savePngFile(pixels, m_folder / name), "");
        return name;
    }

    Json expect(const std::vector<std::string>& names) {
        Json block = Json::object();
        for (int i = uniform(1, 3); i > 0; --i) {
            const int a = uniform(0, int(names.size()) - 1);
            int b = uniform(0, int(names.size()) - 2);
            if (b >= a) ++b;
            Json entries = Json::object();
            const auto& all = coreAlgorithms().all();
            for (int j = uniform(1, 3); j > 0; --j) {
                Json e = Json::object();
                if (chance(0.5)) e["hit"] = chance(0.5);
                if (chance(0.3)) e["overlap"] = uniform(0, 1000);
                if (chance(0.3)) e["samples"] = uniform(0, 1000);
                if (chance(0.2)) e["applicable"] = false, e["reason"] = text();
                entries[std::string(all[std::size_t(uniform(0, int(all.size()) - 1))].name)] = e;
            }
            block[names[std::size_t(a)] + "/" + names[std::size_t(b)]] = entries;
        }
        return block;
    }

    // An object nested `depth` levels deep, with keys and strings that need escaping.
    Json nested(int depth) {
        Json leaf = chance(0.5) ? Json(text()) : Json(real(-1e300, 1e300));
        for (int level = 0; level < depth; ++level) {
            if (chance(0.5)) leaf = Json::array({leaf, nullptr, chance(0.5), std::string("\0x", 2)});
            else leaf = Json{{text(), leaf}, {std::string("n").append(std::to_string(level)), uniform(-5, 5)}};
        }
        return Json{{"camera", {{"zoom", real(0.1, 10)}}}, {"deep", leaf}};
    }

    std::mt19937 m_random;
    std::filesystem::path m_folder;
    int m_images = 0;
};

// The deterministic part of every answer (time_ns differs from run to run).
Json answers(const Scene& scene, const std::filesystem::path& file) {
    MaskCache masks;
    CheckRunResult run = runCheck(scene, file.string(), {}, masks);
    EXPECT_TRUE(run.ok()) << run.error;
    if (!run.ok()) return nullptr;
    Json all = Json::array();
    for (const PairReport& pair : run.report->pairs) {
        for (const AlgorithmOutcome& outcome : pair.results) {
            nlohmann::ordered_json j = resultJson(*outcome.algorithm, outcome.result);
            j.erase("time_ns");
            all.push_back(Json::parse(j.dump()));
        }
    }
    return all;
}

void expectSameScene(const Scene& a, const Scene& b, const std::string& context) {
    EXPECT_EQ(a.title, b.title) << context;
    EXPECT_EQ(a.notes, b.notes) << context;
    EXPECT_EQ(a.sampling, b.sampling) << context;
    EXPECT_EQ(a.scan, b.scan) << context;
    EXPECT_EQ(a.expect, b.expect) << context;
    EXPECT_EQ(a.view, b.view) << context;
    ASSERT_EQ(a.sprites.size(), b.sprites.size()) << context;
    for (std::size_t i = 0; i < a.sprites.size(); ++i) {
        EXPECT_EQ(a.sprites[i].name, b.sprites[i].name) << context;
        EXPECT_TRUE(a.sprites[i].transform == b.sprites[i].transform) << context << " sprite " << i;
        EXPECT_EQ(a.sprites[i].alphaThreshold, b.sprites[i].alphaThreshold) << context;
        ASSERT_TRUE(a.sprites[i].pixels && b.sprites[i].pixels) << context;
        EXPECT_EQ(a.sprites[i].pixels->pixels, b.sprites[i].pixels->pixels) << context << " sprite " << i;
    }
}

TEST(SceneRoundTrip, EveryAcceptedSceneSavesToAFileThatLoadsWithTheSameAnswers) {
    testing::TempFolder folder;
    std::filesystem::create_directories(folder / "saved");
    SceneGenerator generator(20261124, folder.path());
    for (int i = 0; i < 30; ++i) {
        const std::string text = generator.next();
        const std::filesystem::path file = folder / ("scene" + std::to_string(i) + ".json");
        SceneLoadResult loaded = parseScene(text, file);
        ASSERT_TRUE(loaded.ok()) << "scene " << i << " was generated valid but: " << loaded.message() << text.substr(0, 400);
        const Json before = answers(*loaded.scene, file);
        for (bool embed : {false, true}) {
            // Saved into another folder, so relative image paths must be rewritten to still reach the files.
            const std::filesystem::path savedFile = folder / "saved" / ("scene" + std::to_string(i) + (embed ? "-embedded" : "") + ".json");
            SceneSaveOptions options;
            options.embedImages = embed;
            SceneSaveResult saved = saveScene(*loaded.scene, savedFile, options);
            ASSERT_TRUE(saved.ok()) << saved.error;
            SceneLoadResult again = loadScene(savedFile);
            const std::string context = "scene " + std::to_string(i) + (embed ? " embedded" : "");
            ASSERT_TRUE(again.ok()) << context << ": " << again.message();
            expectSameScene(*loaded.scene, *again.scene, context);
            EXPECT_EQ(answers(*again.scene, savedFile), before) << context;
        }
    }
}

TEST(SceneRoundTrip, ViewAtTheDepthLimitSavesAndLoadsButOneLevelMoreIsRefusedWithItsPath) {
    testing::TempFolder folder;
    ASSERT_EQ(savePngFile(RgbaImage{1, 1, {255, 255, 255, 255}}, folder / "p.png"), "");
    auto sceneText = [](int levels) {
        // Root object (1) and view (2) come first: `levels` more arrays inside view.
        return R"({"format": "collision-lab/scene", "version": 1, "sprites": [{"name": "a", "image": "p.png"},)"
               R"( {"name": "b", "image": "p.png"}], "view": {"x": )" +
               std::string(std::size_t(levels), '[') + std::string(std::size_t(levels), ']') + "}}";
    };
    SceneLoadResult atLimit = parseScene(sceneText(kMaxJsonDepth - 2), folder / "s.json");
    ASSERT_TRUE(atLimit.ok()) << atLimit.message();
    ASSERT_TRUE(saveScene(*atLimit.scene, folder / "saved.json").ok());
    SceneLoadResult again = loadScene(folder / "saved.json");
    ASSERT_TRUE(again.ok()) << again.message();
    EXPECT_EQ(again.scene->view, atLimit.scene->view);

    SceneLoadResult over = parseScene(sceneText(kMaxJsonDepth - 1), folder / "s.json");
    ASSERT_FALSE(over.ok());
    ASSERT_EQ(over.problems.size(), 1u);
    // view.x is the first array; the one that breaks the limit is the first element of the one before it.
    std::string path = "view.x";
    for (int i = 0; i < kMaxJsonDepth - 2; ++i) path += "[0]";
    EXPECT_EQ(over.problems[0].path, path);
    EXPECT_NE(over.problems[0].message.find("nested too deeply"), std::string::npos) << over.problems[0].message;
}

}  // namespace
}  // namespace cl
