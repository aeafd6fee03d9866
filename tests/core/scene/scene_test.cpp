#include <gtest/gtest.h>

#include <csignal>

#include <sys/resource.h>
#include <unistd.h>

#include <string>

#include "core/base/alpha_mask.h"
#include "core/io/image_io.h"
#include "core/scene/scene.h"
#include "tests/core/scene_test_files.h"

namespace cl {
namespace {

using nlohmann::json;
using testing::TempFolder;

// A scene folder laid out like the bundled assets: scenes/ and sprites/ side by side.
class SceneFile : public ::testing::Test {
protected:
    void SetUp() override {
        testing::writePng(folder / "sprites/F.png", testing::imageWithAlphas(4, 2, {255, 255, 0, 0, 255, 0, 0, 9}));
        testing::writePng(folder / "sprites/R.png", testing::solidImage(3, 3));
        scene = json::parse(R"({
          "format": "collision-lab/scene",
          "version": 1,
          "title": "two glyphs",
          "notes": "F over R",
          "sampling": "xna",
          "sprites": [
            { "name": "F", "image": "../sprites/F.png", "position": [200, 240], "origin": [1, 1.5],
              "rotation_deg": 30, "scale": [2, -0.5], "alpha_threshold": 8 },
            { "name": "R", "image": "../sprites/R.png" }
          ],
          "expect": { "F/R": { "pixel-naive": { "hit": true, "overlap": 3 }, "aabb": { "hit": true } } },
          "view": { "camera": [1, 2], "overlays": { "ghost": true } }
        })");
    }

    // Writes `scene` to scenes/test.json and loads it.
    SceneLoadResult writeAndLoad() {
        testing::writeText(sceneFile(), scene.dump(2));
        return loadScene(sceneFile());
    }

    std::filesystem::path sceneFile() const { return folder / "scenes/test.json"; }

    // The problem reported at `path`, or a test failure listing everything that was reported.
    static std::string problemAt(const SceneLoadResult& r, const std::string& path) {
        for (const auto& p : r.problems) {
            if (p.path == path) return p.message;
        }
        ADD_FAILURE() << "no problem reported at " << path << "; reported:\n" << r.message();
        return {};
    }

    TempFolder folder;
    json scene;
};

bool containsText(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Field-by-field equality, images compared by pixels.
void expectSameScene(const Scene& a, const Scene& b, bool sameImagePaths) {
    EXPECT_EQ(a.title, b.title);
    EXPECT_EQ(a.notes, b.notes);
    EXPECT_EQ(a.sampling, b.sampling);
    EXPECT_EQ(a.scan, b.scan);
    EXPECT_EQ(a.expect, b.expect);
    EXPECT_EQ(a.view, b.view);
    ASSERT_EQ(a.sprites.size(), b.sprites.size());
    for (std::size_t i = 0; i < a.sprites.size(); ++i) {
        EXPECT_EQ(a.sprites[i].name, b.sprites[i].name);
        EXPECT_EQ(a.sprites[i].transform, b.sprites[i].transform);
        EXPECT_EQ(a.sprites[i].alphaThreshold, b.sprites[i].alphaThreshold);
        if (sameImagePaths) {
            EXPECT_EQ(a.sprites[i].imagePath, b.sprites[i].imagePath);
        }
        ASSERT_TRUE(a.sprites[i].pixels && b.sprites[i].pixels);
        EXPECT_TRUE(testing::samePixels(*a.sprites[i].pixels, *b.sprites[i].pixels));
    }
}

TEST_F(SceneFile, LoadsEveryFieldAsWritten) {
    SceneLoadResult r = writeAndLoad();
    ASSERT_TRUE(r.ok()) << r.message();
    const Scene& s = *r.scene;
    EXPECT_EQ(s.title, "two glyphs");
    EXPECT_EQ(s.notes, "F over R");
    EXPECT_EQ(s.sampling, Sampling::Xna);
    ASSERT_EQ(s.sprites.size(), 2u);
    const SceneSprite& f = s.sprites[0];
    EXPECT_EQ(f.name, "F");
    EXPECT_EQ(f.image, "../sprites/F.png");
    EXPECT_EQ(f.imagePath, (folder / "sprites/F.png").lexically_normal());
    EXPECT_EQ(f.transform.position, glm::dvec2(200, 240));
    EXPECT_EQ(f.transform.origin, glm::dvec2(1, 1.5));
    EXPECT_EQ(f.transform.rotationDeg, 30.0);
    EXPECT_EQ(f.transform.scale, glm::dvec2(2, -0.5));
    EXPECT_EQ(f.alphaThreshold, 8);
    ASSERT_TRUE(f.pixels);
    EXPECT_EQ(f.pixels->width, 4);
    EXPECT_EQ(f.pixels->height, 2);
    EXPECT_EQ(f.pixels->alpha(3, 1), 9);
    ASSERT_TRUE(s.expect.find("F", "R") && s.expect.find("F", "R")->find("pixel-naive"));
    EXPECT_EQ(s.expect.find("F", "R")->find("pixel-naive")->fields["overlap"], 3);
    EXPECT_EQ(s.view.overlays, (std::vector<std::pair<std::string, bool>>{{"ghost", true}}));
    EXPECT_EQ(s.view.rest["camera"], json::array({1, 2}));
}

TEST_F(SceneFile, OmittedOptionalFieldsTakeTheDocumentedDefaults) {
    scene.erase("title");
    scene.erase("notes");
    scene.erase("sampling");
    scene.erase("expect");
    scene.erase("view");
    SceneLoadResult r = writeAndLoad();
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(r.scene->title, "");
    EXPECT_EQ(r.scene->notes, "");
    EXPECT_EQ(r.scene->sampling, Sampling::Center);
    EXPECT_EQ(r.scene->scan, ScanDirection::AToB);
    EXPECT_EQ(r.scene->expect.toJson(), json::object());
    EXPECT_EQ(r.scene->view, SceneView{});
    EXPECT_FALSE(r.scene->lesson.has_value());
    // R gives only name and image: position (0,0), origin at the 3x3 image's centre, no rotation, scale 1.
    const SceneSprite& sprite = r.scene->sprites[1];
    EXPECT_EQ(sprite.transform.position, glm::dvec2(0, 0));
    EXPECT_EQ(sprite.transform.origin, glm::dvec2(1.5, 1.5));
    EXPECT_EQ(sprite.transform.rotationDeg, 0.0);
    EXPECT_EQ(sprite.transform.scale, glm::dvec2(1, 1));
    EXPECT_EQ(sprite.alphaThreshold, 0);
}

TEST_F(SceneFile, SingleNumberScaleAppliesToBothAxes) {
    scene["sprites"][1]["scale"] = 2.5;
    SceneLoadResult r = writeAndLoad();
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(r.scene->sprites[1].transform.scale, glm::dvec2(2.5, 2.5));
}

TEST_F(SceneFile, SpritesSharingAnImageShareItsPixels) {
    scene["sprites"][1]["image"] = "../sprites/./F.png";
    SceneLoadResult r = writeAndLoad();
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(r.scene->sprites[0].pixels, r.scene->sprites[1].pixels);
}

TEST_F(SceneFile, EachMissingRequiredFieldIsReportedByPath) {
    const std::vector<std::pair<json::json_pointer, std::string>> required = {
        {json::json_pointer("/format"), "format"},
        {json::json_pointer("/version"), "version"},
        {json::json_pointer("/sprites"), "sprites"},
        {json::json_pointer("/sprites/0/name"), "sprites[0].name"},
        {json::json_pointer("/sprites/1/name"), "sprites[1].name"},
        {json::json_pointer("/sprites/0/image"), "sprites[0].image"},
        {json::json_pointer("/sprites/1/image"), "sprites[1].image"},
    };
    const json original = scene;
    for (const auto& [pointer, path] : required) {
        SCOPED_TRACE(path);
        scene = original;
        scene[pointer.parent_pointer()].erase(pointer.back());
        SceneLoadResult r = writeAndLoad();
        EXPECT_FALSE(r.ok());
        EXPECT_TRUE(containsText(problemAt(r, path), "missing")) << r.message();
    }
}

TEST_F(SceneFile, WrongTypesAreReportedWithWhatWasFound) {
    scene["version"] = "1";
    scene["title"] = 5;
    scene["sampling"] = "centre";
    scene["sprites"][0]["name"] = 7;
    scene["sprites"][0]["position"] = "here";
    scene["sprites"][0]["rotation_deg"] = "30";
    scene["sprites"][1]["scale"] = json::array({1});
    scene["sprites"][1]["alpha_threshold"] = 3.5;
    scene["view"] = json::array();
    scene.erase("expect");  // it names F, whose name is now broken: a tenth problem this test is not about
    SceneLoadResult r = writeAndLoad();
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(problemAt(r, "version"), "must be the integer 1, got the string \"1\"");
    EXPECT_EQ(problemAt(r, "title"), "must be a string, got 5");
    EXPECT_EQ(problemAt(r, "sampling"), "must be \"center\" or \"xna\", got the string \"centre\"");
    EXPECT_EQ(problemAt(r, "sprites[0].name"), "must be a non-empty string without '/', got 7");
    EXPECT_TRUE(containsText(problemAt(r, "sprites[0].position"), "must be an array of two numbers [x, y]"));
    EXPECT_EQ(problemAt(r, "sprites[0].rotation_deg"), "must be a finite number of degrees, got the string \"30\"");
    EXPECT_TRUE(containsText(problemAt(r, "sprites[1].scale"), "got an array of 1"));
    EXPECT_EQ(problemAt(r, "sprites[1].alpha_threshold"), "must be an integer in [0, 255], got 3.5");
    EXPECT_EQ(problemAt(r, "view"), "must be an object, got an array");
    EXPECT_EQ(r.problems.size(), 9u) << r.message();
}

TEST_F(SceneFile, OutOfRangeValuesAreReportedWithTheRange) {
    scene["sprites"][1]["scale"] = json::array({0, 1});
    scene["sprites"][0]["scale"] = 1001;
    scene["sprites"][0]["position"] = json::array({0, -2e7});
    scene["sprites"][1]["alpha_threshold"] = 256;
    SceneLoadResult r = writeAndLoad();
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(problemAt(r, "sprites[1].scale[0]"), "must be a number with |value| in [0.001, 1000], got 0");
    EXPECT_EQ(problemAt(r, "sprites[0].scale"), "must be a number with |value| in [0.001, 1000], got 1001");
    EXPECT_EQ(problemAt(r, "sprites[0].position[1]"), "must be a number in [-1e+07, 1e+07], got -2e+07");
    EXPECT_EQ(problemAt(r, "sprites[1].alpha_threshold"), "must be an integer in [0, 255], got 256");
}

TEST_F(SceneFile, NegativeScaleFlipsAndIsAccepted) {
    scene["sprites"][1]["scale"] = json::array({-1, 1});
    SceneLoadResult r = writeAndLoad();
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(r.scene->sprites[1].transform.scale, glm::dvec2(-1, 1));
}

TEST_F(SceneFile, MessageNamesTheFileAndThePath) {
    scene["sprites"][1]["scale"] = json::array({0, 1});
    SceneLoadResult r = writeAndLoad();
    EXPECT_EQ(r.message(), sceneFile().string() + ": sprites[1].scale[0]: must be a number with |value| in [0.001, 1000], got 0\n");
}

TEST_F(SceneFile, DuplicateNamesAreReportedWithTheFirstUse) {
    scene["sprites"][1]["name"] = "F";
    SceneLoadResult r = writeAndLoad();
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(problemAt(r, "sprites[1].name"), "duplicate name \"F\" (also used by sprites[0])");
}

TEST_F(SceneFile, NamesMustBeNonEmptyAndFreeOfSlashes) {
    scene["sprites"][0]["name"] = "";
    scene["sprites"][1]["name"] = "a/b";
    SceneLoadResult r = writeAndLoad();
    EXPECT_TRUE(containsText(problemAt(r, "sprites[0].name"), "non-empty string without '/'"));
    EXPECT_TRUE(containsText(problemAt(r, "sprites[1].name"), "got the string \"a/b\""));
}

TEST_F(SceneFile, OneSpriteIsNotEnough) {
    scene["sprites"].erase(1);
    scene.erase("expect");
    SceneLoadResult r = writeAndLoad();
    EXPECT_EQ(problemAt(r, "sprites"), "needs at least two sprites, got 1");
}

TEST_F(SceneFile, NewerVersionIsRefusedByNameAndNotRead) {
    scene["version"] = 2;
    scene["sprites"] = "whatever version 2 puts here";
    SceneLoadResult r = writeAndLoad();
    EXPECT_FALSE(r.ok());
    ASSERT_EQ(r.problems.size(), 1u) << r.message();
    EXPECT_EQ(r.problems[0].path, "version");
    EXPECT_TRUE(containsText(r.problems[0].message, "version 2, newer than this program reads (version 1)"));
}

TEST_F(SceneFile, OtherFormatsAreRefused) {
    scene["format"] = "tiled-map";
    SceneLoadResult r = writeAndLoad();
    EXPECT_EQ(problemAt(r, "format"), "must be \"collision-lab/scene\", got the string \"tiled-map\"");
}

TEST_F(SceneFile, MisspeltFieldsAreReportedNotIgnored) {
    scene["sprites"][0]["rotation"] = 45;
    scene["titel"] = "x";
    SceneLoadResult r = writeAndLoad();
    EXPECT_TRUE(containsText(problemAt(r, "sprites[0].rotation"), "unknown field"));
    EXPECT_TRUE(containsText(problemAt(r, "titel"), "unknown field"));
}

TEST_F(SceneFile, EveryProblemIsReportedAtOnce) {
    scene["sampling"] = 1;
    scene["sprites"][0]["rotation_deg"] = nullptr;
    scene["sprites"][1]["image"] = "../sprites/missing.png";
    scene["expect"]["F/Q"] = json::object();
    SceneLoadResult r = writeAndLoad();
    EXPECT_EQ(r.problems.size(), 4u) << r.message();
}

TEST_F(SceneFile, ExpectBlockIsChecked) {
    scene["expect"] = json::parse(R"({
      "F/Q": {},
      "F": {},
      "R/F": { "pixel-nave": {}, "aabb": { "hit": 1, "overlap": -1, "time_ns": 5, "colour": "red" } },
      "F/R": { "pixel-exact": { "overlap_area": 2.5, "first_hit": { "a": [1, 2.5] } } }
    })");
    SceneLoadResult r = writeAndLoad();
    EXPECT_EQ(problemAt(r, "expect[\"F/Q\"]"), "no sprite is called \"Q\"");
    EXPECT_EQ(problemAt(r, "expect[\"F\"]"), "must name a pair of sprites as \"A/B\"");
    // Which tests exist depends on the binary, so a name loads; `check --verify` says it is not available.
    for (const auto& p : r.problems) EXPECT_NE(p.path, "expect[\"R/F\"][\"pixel-nave\"]") << p.message;
    EXPECT_EQ(problemAt(r, "expect[\"R/F\"][\"aabb\"].hit"), "must be true or false, got 1");
    EXPECT_EQ(problemAt(r, "expect[\"R/F\"][\"aabb\"].overlap"), "must be a non-negative integer, got -1");
    EXPECT_TRUE(containsText(problemAt(r, "expect[\"R/F\"][\"aabb\"].time_ns"), "cannot be expected"));
    EXPECT_TRUE(containsText(problemAt(r, "expect[\"R/F\"][\"aabb\"].colour"), "unknown field"));
    EXPECT_EQ(problemAt(r, "expect[\"F/R\"][\"pixel-exact\"].first_hit.a"), "must be an array of two integers, got an array");
    EXPECT_EQ(r.problems.size(), 7u) << r.message();
}

TEST_F(SceneFile, InvalidJsonIsReportedWithLineAndColumn) {
    testing::writeText(sceneFile(), "{\n  \"format\": \"collision-lab/scene\",\n}\n");
    SceneLoadResult r = loadScene(sceneFile());
    EXPECT_FALSE(r.ok());
    ASSERT_EQ(r.problems.size(), 1u);
    EXPECT_TRUE(containsText(r.problems[0].message, "not valid JSON: parse error at line 3")) << r.message();
}

TEST_F(SceneFile, HugeNumbersAreReportedNotMisread) {
    testing::writeText(sceneFile(), "{\"format\": \"collision-lab/scene\", \"version\": 1e999}");
    SceneLoadResult r = loadScene(sceneFile());
    EXPECT_FALSE(r.ok());
    EXPECT_TRUE(containsText(r.message(), "not valid JSON")) << r.message();
}

TEST_F(SceneFile, TopLevelMustBeAnObject) {
    testing::writeText(sceneFile(), "[1, 2]");
    SceneLoadResult r = loadScene(sceneFile());
    EXPECT_EQ(problemAt(r, ""), "a scene file must hold one JSON object {...}, got an array");
}

TEST_F(SceneFile, MissingSceneFileIsReported) {
    SceneLoadResult r = loadScene(folder / "nope.json");
    EXPECT_EQ(r.message(), (folder / "nope.json").string() + ": file not found\n");
    SceneLoadResult dir = loadScene(folder.path());
    EXPECT_TRUE(containsText(dir.message(), "is a folder")) << dir.message();
}

TEST_F(SceneFile, MissingImageIsReportedWithItsResolvedName) {
    scene["sprites"][1]["image"] = "../sprites/nothere.png";
    SceneLoadResult r = writeAndLoad();
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(problemAt(r, "sprites[1].image"), (folder / "sprites/nothere.png").string() + ": file not found");
}

TEST_F(SceneFile, CorruptImageIsReported) {
    testing::writeText(folder / "sprites/bad.png", "\x89PNG\r\n\x1a\n truncated");
    scene["sprites"][0]["image"] = "../sprites/bad.png";
    SceneLoadResult r = writeAndLoad();
    EXPECT_FALSE(r.ok());
    EXPECT_TRUE(containsText(problemAt(r, "sprites[0].image"), "bad.png: corrupt or truncated PNG")) << r.message();
}

TEST_F(SceneFile, EmbeddedImagesLoadWithoutAnyFile) {
    RgbaImage image = testing::imageWithAlphas(2, 2, {1, 2, 3, 4});
    scene["sprites"][1]["image"] = pngDataUri(image);
    SceneLoadResult r = writeAndLoad();
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_TRUE(r.scene->sprites[1].imagePath.empty());
    EXPECT_TRUE(testing::samePixels(*r.scene->sprites[1].pixels, image));
}

TEST_F(SceneFile, CorruptEmbeddedImageIsReported) {
    scene["sprites"][1]["image"] = "data:image/png;base64,%%%";
    SceneLoadResult r = writeAndLoad();
    EXPECT_EQ(problemAt(r, "sprites[1].image"), "embedded image: corrupt data: URI: the data is not valid base64");
}

TEST_F(SceneFile, RelativeImagePathsDoNotDependOnTheWorkingDirectory) {
    testing::writeText(sceneFile(), scene.dump());
    TempFolder elsewhere;
    const auto previous = std::filesystem::current_path();
    std::filesystem::current_path(elsewhere.path());
    SceneLoadResult absolute = loadScene(sceneFile());
    // The same file named relative to the new working directory.
    SceneLoadResult relative = loadScene(sceneFile().lexically_relative(elsewhere.path()));
    std::filesystem::current_path(previous);
    ASSERT_TRUE(absolute.ok()) << absolute.message();
    ASSERT_TRUE(relative.ok()) << relative.message();
    EXPECT_EQ(absolute.scene->sprites[0].imagePath, (folder / "sprites/F.png").lexically_normal());
    EXPECT_EQ(relative.scene->sprites[0].imagePath, (folder / "sprites/F.png").lexically_normal());
}

TEST_F(SceneFile, LoadSaveLoadGivesTheSameScene) {
    SceneLoadResult first = writeAndLoad();
    ASSERT_TRUE(first.ok()) << first.message();
    ASSERT_EQ(saveScene(*first.scene, folder / "scenes/copy.json").error, "");
    SceneLoadResult second = loadScene(folder / "scenes/copy.json");
    ASSERT_TRUE(second.ok()) << second.message();
    expectSameScene(*first.scene, *second.scene, true);
}

TEST_F(SceneFile, SavingElsewhereRewritesImagePathsRelativeToTheNewFile) {
    SceneLoadResult first = writeAndLoad();
    ASSERT_TRUE(first.ok()) << first.message();
    const auto target = folder / "reports/2024/bug.json";
    std::filesystem::create_directories(target.parent_path());
    ASSERT_EQ(saveScene(*first.scene, target).error, "");
    json written = json::parse(testing::readText(target));
    EXPECT_EQ(written["sprites"][0]["image"], "../../sprites/F.png");
    EXPECT_EQ(written["sprites"][1]["image"], "../../sprites/R.png");
    SceneLoadResult second = loadScene(target);
    ASSERT_TRUE(second.ok()) << second.message();
    expectSameScene(*first.scene, *second.scene, true);
}

TEST_F(SceneFile, SavingWithEmbeddedImagesMakesASelfContainedFile) {
    SceneLoadResult first = writeAndLoad();
    ASSERT_TRUE(first.ok()) << first.message();
    TempFolder elsewhere;
    ASSERT_EQ(saveScene(*first.scene, elsewhere / "bug.json", {.embedImages = true}).error, "");
    // The sprite folder is gone: the saved file must not need it.
    std::filesystem::remove_all(folder / "sprites");
    json written = json::parse(testing::readText(elsewhere / "bug.json"));
    EXPECT_EQ(written["sprites"][0]["image"].get<std::string>().rfind("data:image/png;base64,", 0), 0u);
    SceneLoadResult second = loadScene(elsewhere / "bug.json");
    ASSERT_TRUE(second.ok()) << second.message();
    expectSameScene(*first.scene, *second.scene, false);
    EXPECT_TRUE(second.scene->sprites[0].imagePath.empty());
}

TEST_F(SceneFile, SavedFileSpellsOutEveryFieldInTheDocumentedOrder) {
    SceneLoadResult first = writeAndLoad();
    ASSERT_TRUE(first.ok()) << first.message();
    SceneJsonResult j = sceneToJson(*first.scene, sceneFile());
    ASSERT_TRUE(j.ok()) << j.error;
    std::vector<std::string> keys;
    for (const auto& item : j.json->items()) keys.push_back(item.key());
    EXPECT_EQ(keys, (std::vector<std::string>{"format", "version", "title", "notes", "sampling", "sprites", "expect", "view"}));
    EXPECT_EQ((*j.json)["sprites"][1].dump(),
              R"({"name":"R","image":"../sprites/R.png","position":[0,0],"origin":[1.5,1.5],"rotation_deg":0,"scale":[1,1],"alpha_threshold":0})");
}

TEST_F(SceneFile, FailedSaveIntoAPathWhoseParentIsAFileLeavesTheFileIntact) {
    SceneLoadResult first = writeAndLoad();
    ASSERT_TRUE(first.ok());
    const std::string before = testing::readText(sceneFile());
    SceneSaveResult r = saveScene(*first.scene, sceneFile() / "inside.json");
    EXPECT_FALSE(r.ok());
    EXPECT_TRUE(containsText(r.error, "inside.json")) << r.error;
    EXPECT_EQ(testing::readText(sceneFile()), before);
}

TEST_F(SceneFile, FailedSaveOverAFolderLeavesItAndLeavesNoTemporaryFile) {
    SceneLoadResult first = writeAndLoad();
    ASSERT_TRUE(first.ok());
    std::filesystem::create_directories(folder / "scenes/taken.json");
    testing::writeText(folder / "scenes/taken.json/keep", "x");
    SceneSaveResult r = saveScene(*first.scene, folder / "scenes/taken.json");
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(testing::readText(folder / "scenes/taken.json/keep"), "x");
    int entries = 0;
    for (const auto& entry : std::filesystem::directory_iterator(folder / "scenes")) {
        ++entries;
        EXPECT_TRUE(entry.path().filename() == "test.json" || entry.path().filename() == "taken.json") << entry.path();
    }
    EXPECT_EQ(entries, 2);
}

TEST_F(SceneFile, FailedSaveIntoAReadOnlyFolderLeavesTheOldFileIntact) {
    if (::geteuid() == 0) GTEST_SKIP() << "root may write into read-only folders";
    SceneLoadResult first = writeAndLoad();
    ASSERT_TRUE(first.ok());
    const std::string before = testing::readText(sceneFile());
    std::filesystem::permissions(folder / "scenes", std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
    Scene changed = *first.scene;
    changed.title = "changed";
    SceneSaveResult r = saveScene(changed, sceneFile());
    std::filesystem::permissions(folder / "scenes", std::filesystem::perms::owner_all);
    EXPECT_FALSE(r.ok());
    EXPECT_TRUE(containsText(r.error, "test.json")) << r.error;
    EXPECT_EQ(testing::readText(sceneFile()), before);
}

TEST_F(SceneFile, SaveThatFailsHalfWayThroughTheWriteLeavesTheOldFileIntact) {
    SceneLoadResult first = writeAndLoad();
    ASSERT_TRUE(first.ok());
    const std::string before = testing::readText(sceneFile());
    Scene changed = *first.scene;
    changed.notes = std::string(4096, 'x');
    // A file size limit makes write() fail with EFBIG after the first bytes, even for root.
    rlimit original{};
    ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &original), 0);
    rlimit small = original;
    small.rlim_cur = 1024;
    auto previousHandler = std::signal(SIGXFSZ, SIG_IGN);
    ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
    SceneSaveResult r = saveScene(changed, sceneFile());
    ::setrlimit(RLIMIT_FSIZE, &original);
    std::signal(SIGXFSZ, previousHandler);
    EXPECT_FALSE(r.ok());
    EXPECT_TRUE(containsText(r.error, "test.json: cannot write")) << r.error;
    EXPECT_EQ(testing::readText(sceneFile()), before);
    int entries = 0;
    for (const auto& entry : std::filesystem::directory_iterator(folder / "scenes")) {
        ++entries;
        EXPECT_EQ(entry.path().filename(), "test.json");
    }
    EXPECT_EQ(entries, 1);
}

TEST_F(SceneFile, SaveReplacesAnExistingFileCompletely) {
    SceneLoadResult first = writeAndLoad();
    ASSERT_TRUE(first.ok());
    Scene changed = *first.scene;
    changed.title = "changed";
    ASSERT_EQ(saveScene(changed, sceneFile()).error, "");
    SceneLoadResult second = loadScene(sceneFile());
    ASSERT_TRUE(second.ok()) << second.message();
    EXPECT_EQ(second.scene->title, "changed");
}

TEST_F(SceneFile, SceneThatWouldNotLoadBackIsNotSaved) {
    SceneLoadResult first = writeAndLoad();
    ASSERT_TRUE(first.ok());
    const std::string before = testing::readText(sceneFile());
    Scene broken = *first.scene;
    broken.sprites[1].name = "F";
    SceneSaveResult r = saveScene(broken, sceneFile());
    EXPECT_FALSE(r.ok());
    EXPECT_TRUE(containsText(r.error, "duplicate name \"F\"")) << r.error;
    EXPECT_EQ(testing::readText(sceneFile()), before);
}

TEST_F(SceneFile, SpriteWithPixelsButNoFileIsEmbeddedWhenSaved) {
    SceneLoadResult first = writeAndLoad();
    ASSERT_TRUE(first.ok());
    Scene scene2 = *first.scene;
    scene2.sprites[1].image.clear();
    scene2.sprites[1].imagePath.clear();
    SceneJsonResult j = sceneToJson(scene2, sceneFile());
    ASSERT_TRUE(j.ok()) << j.error;
    EXPECT_TRUE(isDataUri((*j.json)["sprites"][1]["image"].get<std::string>()));
}

TEST_F(SceneFile, ScanDirectionIsReadFromTheScanField) {
    for (auto [name, direction] : {std::pair{"a-to-b", ScanDirection::AToB}, std::pair{"b-to-a", ScanDirection::BToA},
                                   std::pair{"both", ScanDirection::Both}}) {
        scene["scan"] = name;
        SceneLoadResult r = writeAndLoad();
        ASSERT_TRUE(r.ok()) << r.message();
        EXPECT_EQ(r.scene->scan, direction) << name;
    }
}

TEST_F(SceneFile, UnknownScanDirectionIsReportedWithWhatWasFound) {
    scene["scan"] = "a-into-b";
    SceneLoadResult r = writeAndLoad();
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(problemAt(r, "scan"), "must be \"a-to-b\", \"b-to-a\" or \"both\", got the string \"a-into-b\"");
    scene["scan"] = 2;
    EXPECT_FALSE(problemAt(writeAndLoad(), "scan").empty());
}

TEST_F(SceneFile, ScanDirectionOtherThanTheDefaultIsSavedAfterSamplingAndLoadsBack) {
    scene["scan"] = "b-to-a";
    SceneLoadResult first = writeAndLoad();
    ASSERT_TRUE(first.ok()) << first.message();
    SceneJsonResult j = sceneToJson(*first.scene, sceneFile());
    ASSERT_TRUE(j.ok()) << j.error;
    std::vector<std::string> keys;
    for (const auto& item : j.json->items()) keys.push_back(item.key());
    EXPECT_EQ(keys, (std::vector<std::string>{"format", "version", "title", "notes", "sampling", "scan", "sprites", "expect", "view"}));
    EXPECT_EQ((*j.json)["scan"], "b-to-a");
    ASSERT_TRUE(saveScene(*first.scene, sceneFile()).ok());
    SceneLoadResult second = loadScene(sceneFile());
    ASSERT_TRUE(second.ok()) << second.message();
    EXPECT_EQ(second.scene->scan, ScanDirection::BToA);
}

TEST(ScanDirectionName, NamesRoundTrip) {
    EXPECT_EQ(scanDirectionName(ScanDirection::AToB), "a-to-b");
    EXPECT_EQ(scanDirectionName(ScanDirection::BToA), "b-to-a");
    EXPECT_EQ(scanDirectionName(ScanDirection::Both), "both");
    EXPECT_EQ(parseScanDirection("a-to-b"), ScanDirection::AToB);
    EXPECT_EQ(parseScanDirection("b-to-a"), ScanDirection::BToA);
    EXPECT_EQ(parseScanDirection("both"), ScanDirection::Both);
    EXPECT_FALSE(parseScanDirection("A-to-B"));
}

TEST(SamplingName, NamesRoundTrip) {
    EXPECT_EQ(samplingName(Sampling::Center), "center");
    EXPECT_EQ(samplingName(Sampling::Xna), "xna");
    EXPECT_EQ(parseSampling("center"), Sampling::Center);
    EXPECT_EQ(parseSampling("xna"), Sampling::Xna);
    EXPECT_FALSE(parseSampling("Center"));
}


// ---- the contact block (issue 13) ----

TEST_F(SceneFile, AFileWithoutAContactBlockSavesWithoutOne) {
    SceneLoadResult r = writeAndLoad();
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_FALSE(r.scene->contact);
    SceneJsonResult saved = sceneToJson(*r.scene, sceneFile());
    ASSERT_TRUE(saved.ok()) << saved.error;
    EXPECT_FALSE(saved.json->contains("contact"));
}

TEST_F(SceneFile, TheContactBlockLoadsAndSavesAsWritten) {
    scene["contact"] = json::parse(R"({"test": "pixel-exact", "resolution": 4, "push": "left"})");
    scene["expect"]["F/R"]["contact"] = json::parse(R"({"separation": [-3, 0], "depth": 3, "push": 2, "approach": null, "centroid": null})");
    SceneLoadResult r = writeAndLoad();
    ASSERT_TRUE(r.ok()) << r.message();
    ASSERT_TRUE(r.scene->contact);
    EXPECT_EQ(r.scene->contact->test, "pixel-exact");
    EXPECT_EQ(r.scene->contact->resolution, 4);
    EXPECT_EQ(r.scene->contact->pushName, "left");
    SceneJsonResult saved = sceneToJson(*r.scene, sceneFile());
    ASSERT_TRUE(saved.ok()) << saved.error;
    EXPECT_EQ((*saved.json)["contact"].dump(), R"({"test":"pixel-exact","resolution":4,"push":"left"})");

    // Only what is set is written; a vector stays a vector.
    scene["contact"] = json::parse(R"({"push": [1, -2]})");
    r = writeAndLoad();
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(r.scene->contact->pushVector, glm::dvec2(1.0, -2.0));
    EXPECT_FALSE(r.scene->contact->test);
    saved = sceneToJson(*r.scene, sceneFile());
    ASSERT_TRUE(saved.ok()) << saved.error;
    EXPECT_EQ((*saved.json)["contact"].dump(), R"({"push":[1,-2]})");
}

TEST_F(SceneFile, BadContactValuesAreRefusedWithTheirPath) {
    scene["contact"] = json::parse(R"({"test": "aabb", "resolution": 3, "push": "sideways", "depth": 1})");
    SceneLoadResult r = writeAndLoad();
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(problemAt(r, "contact.test"), "\"aabb\" is not a pixel test");
    EXPECT_EQ(problemAt(r, "contact.resolution"), "must be 1, 2, 4 or 8 (lattice step 1/r pixel), got 3");
    EXPECT_EQ(problemAt(r, "contact.push"), "must be \"up\", \"down\", \"left\", \"right\" or [x, y], got the string \"sideways\"");
    EXPECT_TRUE(containsText(problemAt(r, "contact.depth"), "unknown field"));

    scene["contact"] = json::parse(R"({"test": "pixel-slow", "push": [0, 0]})");
    r = writeAndLoad();
    EXPECT_EQ(problemAt(r, "contact.test"), "unknown test \"pixel-slow\"");
    EXPECT_EQ(problemAt(r, "contact.push"), "must not be the zero vector, got [0, 0]");

    scene["contact"] = json::object();
    scene["expect"]["F/R"]["contact"] = json::parse(R"({"separation": 3, "approach": -1, "normal": [0, 1]})");
    r = writeAndLoad();
    EXPECT_EQ(problemAt(r, "expect[\"F/R\"][\"contact\"].separation"), "must be an array of two numbers [x, y], got 3");
    EXPECT_EQ(problemAt(r, "expect[\"F/R\"][\"contact\"].approach"),
              "must be a non-negative number or null (none within the limit), got -1");
    EXPECT_TRUE(containsText(problemAt(r, "expect[\"F/R\"][\"contact\"].normal"), "unknown field"));
}

// Engine thresholds: a sprite's alpha_threshold written as another engine's setting. The expected t of each
// row is worked by hand from the engine's own comparison (core/base/engine_threshold.h): t is the largest
// alpha the engine leaves clear.
TEST_F(SceneFile, EngineThresholdsLoadAsTheirExactConversionAtEachBoundary) {
    struct Row {
        json setting;
        int expected;
    };
    const Row rows[] = {
        {{{"engine", "pygame"}, {"value", 127}}, 127},  // alpha > 127: 127 clear, 128 solid
        {{{"engine", "pygame"}, {"value", 128}}, 128},
        {{{"engine", "pygame"}}, 127},                  // pygame's default threshold is 127
        {{{"engine", "godot"}, {"value", 0.1}}, 25},    // 25/255 = 0.098 not above float(0.1); 26/255 = 0.102 is
        {{{"engine", "godot"}, {"value", 0.0980392156}}, 25},  // below 25/255 in double, above it as a float
        {{{"engine", "godot"}, {"value", 0.09803921}}, 24},    // below 25/255 as a float too
        {{{"engine", "godot"}}, 25},                    // the default 0.1
        {{{"engine", "phaser"}, {"value", 1}}, 0},      // alpha && alpha >= 1: alpha 1 solid
        {{{"engine", "phaser"}, {"value", 0}}, 0},      // alpha 0 is falsy: the same as 1
        {{{"engine", "phaser"}, {"value", 128}}, 127},
        {{{"engine", "sfml-wiki"}, {"value", 255}}, 255},  // alpha > 255: nothing solid
        {{{"engine", "xna"}}, 0},                          // alpha != 0
    };
    for (const Row& row : rows) {
        scene["sprites"][1]["alpha_threshold"] = row.setting;
        SceneLoadResult r = writeAndLoad();
        ASSERT_TRUE(r.ok()) << row.setting.dump() << "\n" << r.message();
        const SceneSprite& sprite = r.scene->sprites[1];
        EXPECT_EQ(sprite.alphaThreshold, row.expected) << row.setting.dump();
        ASSERT_TRUE(sprite.engineThreshold) << row.setting.dump();
        EXPECT_EQ(sprite.engineThreshold->engine, row.setting["engine"].get<std::string>());
        EXPECT_EQ(sprite.engineThreshold->value.has_value(), row.setting.contains("value")) << row.setting.dump();
        EXPECT_EQ(shownEngineThreshold(sprite), &*sprite.engineThreshold) << row.setting.dump();
    }
}

TEST_F(SceneFile, AGodotThresholdGivesGodotsSolidPixels) {
    // Alphas 25 | 26 and 127 | 128: Godot 0.1 makes 26 and up solid, pygame 127 only 128.
    testing::writePng(folder / "sprites/soft.png", testing::imageWithAlphas(4, 1, {25, 26, 127, 128}));
    scene["sprites"][1]["image"] = "../sprites/soft.png";
    scene["sprites"][1]["alpha_threshold"] = json{{"engine", "godot"}, {"value", 0.1}};
    SceneLoadResult godot = writeAndLoad();
    ASSERT_TRUE(godot.ok()) << godot.message();
    const AlphaMask godotMask(*godot.scene->sprites[1].pixels, godot.scene->sprites[1].alphaThreshold);
    EXPECT_FALSE(godotMask.solid(0, 0));
    EXPECT_TRUE(godotMask.solid(1, 0));
    EXPECT_TRUE(godotMask.solid(2, 0));
    EXPECT_TRUE(godotMask.solid(3, 0));

    scene["sprites"][1]["alpha_threshold"] = json{{"engine", "pygame"}, {"value", 127}};
    SceneLoadResult pygame = writeAndLoad();
    ASSERT_TRUE(pygame.ok()) << pygame.message();
    const AlphaMask pygameMask(*pygame.scene->sprites[1].pixels, pygame.scene->sprites[1].alphaThreshold);
    EXPECT_FALSE(pygameMask.solid(1, 0));
    EXPECT_FALSE(pygameMask.solid(2, 0));
    EXPECT_TRUE(pygameMask.solid(3, 0));
}

TEST_F(SceneFile, BadEngineThresholdsAreReportedAtTheirPath) {
    scene["sprites"][0]["alpha_threshold"] = json{{"engine", "unity"}, {"value", 0.5}};
    scene["sprites"][1]["alpha_threshold"] = json{{"engine", "sfml-wiki"}, {"value", 256}};
    scene.erase("expect");
    SceneLoadResult r = writeAndLoad();
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(problemAt(r, "sprites[0].alpha_threshold.engine"),
              "must be one of \"pygame\", \"godot\", \"phaser\", \"sfml-wiki\", \"xna\", got the string \"unity\"");
    EXPECT_EQ(problemAt(r, "sprites[1].alpha_threshold.value"),
              "sfml-wiki Collision::PixelPerfectTest AlphaLimit is an sf::Uint8 (a whole number 0..255): 256 is not one");
    EXPECT_EQ(r.problems.size(), 2u) << r.message();

    const struct {
        json setting;
        std::string path;
        std::string part;
    } cases[] = {
        {json{{"value", 0.1}}, "sprites[1].alpha_threshold.engine", "missing"},
        {json{{"engine", 3}}, "sprites[1].alpha_threshold.engine", "must be one of"},
        {json{{"engine", "godot"}, {"value", "0.1"}}, "sprites[1].alpha_threshold.value", "must be a finite number"},
        {json{{"engine", "godot"}, {"value", -0.1}}, "sprites[1].alpha_threshold.value", "makes alpha 0 solid"},
        {json{{"engine", "pygame"}, {"value", 127.5}}, "sprites[1].alpha_threshold.value", "is a C int"},
        {json{{"engine", "xna"}, {"value", 0}}, "sprites[1].alpha_threshold.value", "has no threshold setting"},
        {json{{"engine", "godot"}, {"threshold", 0.1}}, "sprites[1].alpha_threshold.threshold", "unknown field"},
    };
    scene["sprites"][0]["alpha_threshold"] = 0;
    for (const auto& c : cases) {
        scene["sprites"][1]["alpha_threshold"] = c.setting;
        SceneLoadResult bad = writeAndLoad();
        ASSERT_FALSE(bad.ok()) << c.setting.dump();
        EXPECT_TRUE(containsText(problemAt(bad, c.path), c.part)) << c.setting.dump() << "\n" << bad.message();
    }
}

TEST_F(SceneFile, EngineThresholdsSaveBackInTheEngineForm) {
    scene["sprites"][0]["alpha_threshold"] = json{{"engine", "godot"}, {"value", 0.1}};
    scene["sprites"][1]["alpha_threshold"] = json{{"engine", "xna"}};
    SceneLoadResult first = writeAndLoad();
    ASSERT_TRUE(first.ok()) << first.message();
    ASSERT_EQ(saveScene(*first.scene, folder / "scenes/copy.json").error, "");
    const json saved = json::parse(testing::readText(folder / "scenes/copy.json"));
    EXPECT_EQ(saved["sprites"][0]["alpha_threshold"], (json{{"engine", "godot"}, {"value", 0.1}}));
    EXPECT_EQ(saved["sprites"][1]["alpha_threshold"], (json{{"engine", "xna"}}));
    SceneLoadResult again = loadScene(folder / "scenes/copy.json");
    ASSERT_TRUE(again.ok()) << again.message();
    EXPECT_EQ(again.scene->sprites[0].engineThreshold, first.scene->sprites[0].engineThreshold);
    EXPECT_EQ(again.scene->sprites[0].alphaThreshold, 25);

    // A threshold set as a plain number no longer matches the engine setting: it saves as that number.
    Scene edited = *first.scene;
    edited.sprites[0].alphaThreshold = 40;
    EXPECT_EQ(shownEngineThreshold(edited.sprites[0]), nullptr);
    ASSERT_EQ(saveScene(edited, folder / "scenes/edited.json").error, "");
    EXPECT_EQ(json::parse(testing::readText(folder / "scenes/edited.json"))["sprites"][0]["alpha_threshold"], 40);
}

TEST_F(SceneFile, TheColliderBlockLoadsWithDefaultsAndSavesWhenWritten) {
    SceneLoadResult r = writeAndLoad();
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_FALSE(r.scene->sprites[0].collider);
    EXPECT_EQ(r.scene->sprites[0].colliderOptions(), (ColliderOptions{ColliderMode::Outer, 1.0, 8}));
    SceneJsonResult saved = sceneToJson(*r.scene, sceneFile());
    ASSERT_TRUE(saved.ok()) << saved.error;
    EXPECT_FALSE((*saved.json)["sprites"][0].contains("collider"));

    // A partial block takes the defaults for the rest and is written back whole.
    scene["sprites"][1]["collider"] = json::parse(R"({"mode": "balanced", "max_vertices": 5})");
    r = writeAndLoad();
    ASSERT_TRUE(r.ok()) << r.message();
    ASSERT_TRUE(r.scene->sprites[1].collider);
    EXPECT_EQ(*r.scene->sprites[1].collider, (ColliderOptions{ColliderMode::Balanced, 1.0, 5}));
    saved = sceneToJson(*r.scene, sceneFile());
    ASSERT_TRUE(saved.ok()) << saved.error;
    EXPECT_EQ((*saved.json)["sprites"][1]["collider"].dump(), R"({"mode":"balanced","epsilon":1,"max_vertices":5})");
    EXPECT_FALSE((*saved.json)["sprites"][0].contains("collider"));
}

TEST_F(SceneFile, BadColliderValuesAreRefusedWithTheirPath) {
    scene["sprites"][0]["collider"] = json::parse(R"({"mode": "outerx", "epsilon": 0, "max_vertices": 2, "shape": 1})");
    SceneLoadResult r = writeAndLoad();
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(problemAt(r, "sprites[0].collider.mode"), "must be \"outer\", \"inner\" or \"balanced\", got the string \"outerx\"");
    EXPECT_EQ(problemAt(r, "sprites[0].collider.epsilon"), "must be a finite number of pixels > 0, got 0");
    EXPECT_EQ(problemAt(r, "sprites[0].collider.max_vertices"), "must be an integer in [3, 64], got 2");
    EXPECT_TRUE(containsText(problemAt(r, "sprites[0].collider.shape"), "unknown field"));

    scene["sprites"][0]["collider"] = json::parse(R"({"epsilon": -1, "max_vertices": 65})");
    r = writeAndLoad();
    EXPECT_EQ(problemAt(r, "sprites[0].collider.epsilon"), "must be a finite number of pixels > 0, got -1");
    EXPECT_EQ(problemAt(r, "sprites[0].collider.max_vertices"), "must be an integer in [3, 64], got 65");

    scene["sprites"][0]["collider"] = json::parse(R"({"epsilon": "NaN", "max_vertices": 8.5})");
    r = writeAndLoad();
    EXPECT_EQ(problemAt(r, "sprites[0].collider.epsilon"), "must be a finite number of pixels > 0, got the string \"NaN\"");
    EXPECT_EQ(problemAt(r, "sprites[0].collider.max_vertices"), "must be an integer in [3, 64], got 8.5");

    scene["sprites"][0]["collider"] = "outer";
    r = writeAndLoad();
    EXPECT_TRUE(containsText(problemAt(r, "sprites[0].collider"), "must be an object")) << r.message();
}

}  // namespace
}  // namespace cl
