// Atlas descriptions: TexturePacker and Aseprite JSON in hash and array form, and every message for bad input.
#include "core/scene/atlas.h"

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace cl {
namespace {

const char* kTexturePackerHash = R"({
  "frames": {
    "zeta.png": {"frame": {"x": 0, "y": 0, "w": 3, "h": 2}, "rotated": false, "trimmed": false,
                 "spriteSourceSize": {"x": 0, "y": 0, "w": 3, "h": 2}, "sourceSize": {"w": 3, "h": 2}},
    "alpha.png": {"frame": {"x": 3, "y": 0, "w": 3, "h": 2}, "rotated": true, "trimmed": true,
                  "spriteSourceSize": {"x": 1, "y": 2, "w": 3, "h": 2}, "sourceSize": {"w": 6, "h": 5},
                  "pivot": {"x": 0.25, "y": 1}}
  },
  "meta": {"app": "https://www.codeandweb.com/texturepacker", "image": "sheet.png", "size": {"w": 8, "h": 4}}
})";

const char* kAsepriteArray = R"({
  "frames": [
    {"filename": "run 0", "frame": {"x": 0, "y": 0, "w": 2, "h": 2}, "rotated": false, "trimmed": false,
     "spriteSourceSize": {"x": 0, "y": 0, "w": 2, "h": 2}, "sourceSize": {"w": 2, "h": 2}, "duration": 100},
    {"filename": "run 1", "frame": {"x": 2, "y": 0, "w": 2, "h": 2}, "rotated": false, "trimmed": false,
     "spriteSourceSize": {"x": 0, "y": 0, "w": 2, "h": 2}, "sourceSize": {"w": 2, "h": 2}, "duration": 150},
    {"filename": "run 2", "frame": {"x": 4, "y": 0, "w": 2, "h": 2}, "rotated": false, "trimmed": false,
     "spriteSourceSize": {"x": 0, "y": 0, "w": 2, "h": 2}, "sourceSize": {"w": 2, "h": 2}, "duration": 50}
  ],
  "meta": {"app": "https://www.aseprite.org/", "image": "run.png", "size": {"w": 6, "h": 2},
           "frameTags": [{"name": "run", "from": 0, "to": 2, "direction": "forward"},
                         {"name": "back", "from": 1, "to": 2, "direction": "reverse"}]}
})";

std::string messageOf(std::string_view text) {
    AtlasLoadResult r = parseAtlas(text, "sheet.json");
    EXPECT_FALSE(r.ok());
    return r.message();
}

TEST(Atlas, TexturePackerHashKeepsFileOrderAndReadsEveryField) {
    AtlasLoadResult r = parseAtlas(kTexturePackerHash, "sheet.json");
    ASSERT_TRUE(r.ok()) << r.message();
    const Atlas& atlas = *r.atlas;
    ASSERT_EQ(atlas.frames.size(), 2u);
    EXPECT_EQ(atlas.frames[0].name, "zeta.png");  // not sorted alphabetically
    EXPECT_EQ(atlas.frames[1].name, "alpha.png");
    const AtlasFrame& f = atlas.frames[1];
    EXPECT_EQ(f.frame, (PixelRect{3, 0, 3, 2}));
    EXPECT_TRUE(f.rotated);
    EXPECT_TRUE(f.trimmed);
    EXPECT_EQ(f.atlasRect(), (PixelRect{3, 0, 2, 3}));
    EXPECT_EQ(f.spriteSourceSize, (PixelRect{1, 2, 3, 2}));
    EXPECT_EQ(f.sourceWidth, 6);
    EXPECT_EQ(f.sourceHeight, 5);
    ASSERT_TRUE(f.pivot.has_value());
    EXPECT_DOUBLE_EQ(f.pivot->x, 0.25);
    EXPECT_DOUBLE_EQ(f.pivot->y, 1.0);
    EXPECT_FALSE(atlas.frames[0].pivot.has_value());
    EXPECT_EQ(atlas.image, "sheet.png");
    EXPECT_EQ(atlas.width, 8);
    EXPECT_EQ(atlas.height, 4);
    EXPECT_EQ(atlas.indexOf("alpha.png"), 1);
    EXPECT_EQ(atlas.indexOf("beta.png"), -1);
}

TEST(Atlas, AsepriteArrayReadsDurationsAndTags) {
    AtlasLoadResult r = parseAtlas(kAsepriteArray, "run.json");
    ASSERT_TRUE(r.ok()) << r.message();
    const Atlas& atlas = *r.atlas;
    ASSERT_EQ(atlas.frames.size(), 3u);
    EXPECT_EQ(atlas.frames[1].name, "run 1");
    EXPECT_EQ(atlas.frames[0].durationMs, 100);
    EXPECT_EQ(atlas.frames[1].durationMs, 150);
    EXPECT_EQ(atlas.frames[2].durationMs, 50);
    ASSERT_EQ(atlas.tags.size(), 2u);
    EXPECT_EQ(tagFrames(atlas, *atlas.findTag("run")), (std::vector<int>{0, 1, 2}));
    EXPECT_EQ(tagFrames(atlas, *atlas.findTag("back")), (std::vector<int>{2, 1}));
    EXPECT_EQ(atlas.findTag("walk"), nullptr);
}

TEST(Atlas, UntrimmedRecordsMayLeaveOutTheSourceSizes) {
    AtlasLoadResult r = parseAtlas(R"({"frames": {"a": {"frame": {"x": 1, "y": 2, "w": 3, "h": 4}}}})", "a.json");
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(r.atlas->frames[0].spriteSourceSize, (PixelRect{0, 0, 3, 4}));
    EXPECT_EQ(r.atlas->frames[0].sourceWidth, 3);
    EXPECT_EQ(r.atlas->frames[0].sourceHeight, 4);
}

TEST(Atlas, ClosestNamesAreRankedByEditDistance) {
    EXPECT_EQ(editDistance("kitten", "sitting"), 3u);
    EXPECT_EQ(editDistance("", "abc"), 3u);
    EXPECT_EQ(editDistance("run_03", "run_03"), 0u);
    Atlas atlas;
    for (const char* name : {"jump_00", "run_01", "run_02", "run_03", "idle"}) {
        AtlasFrame frame;
        frame.name = name;
        atlas.frames.push_back(frame);
    }
    EXPECT_EQ(atlas.closestNames("run_3", 2), (std::vector<std::string>{"run_03", "run_01"}));
}

TEST(Atlas, TheBoundedEditDistanceEqualsThePlainOneUpToItsLimit) {
    // Every pair of strings over {a, b, c} up to 5 long, every limit 0..6: min(plain, limit + 1).
    std::vector<std::string> words{""};
    for (std::size_t start = 0; start < words.size(); ++start) {
        if (words[start].size() == 5) continue;
        for (char c : {'a', 'b', 'c'}) words.push_back(words[start] + c);
    }
    for (std::size_t i = 0; i < words.size(); i += 7) {
        for (std::size_t j = 0; j < words.size(); j += 5) {
            for (std::size_t limit = 0; limit <= 6; ++limit) {
                ASSERT_EQ(boundedEditDistance(words[i], words[j], limit), std::min(editDistance(words[i], words[j]), limit + 1))
                    << words[i] << " / " << words[j] << " limit " << limit;
            }
        }
    }
    EXPECT_EQ(boundedEditDistance("kitten", "sitting", 8), 3u);
    EXPECT_EQ(boundedEditDistance(std::string(20000, 'x'), "x", 8), 9u);  // lengths 19,999 apart: no table at all
}

TEST(Atlas, ClosestNamesSuggestOnlyNearAndShortNames) {
    Atlas atlas;
    for (const char* name : {"run_01", "walk_cycle_left_foot"}) {
        AtlasFrame frame;
        frame.name = name;
        atlas.frames.push_back(frame);
    }
    // 12 edits from either name: nothing is close enough to suggest.
    EXPECT_TRUE(atlas.closestNames("zzzzzzzzzzzz").empty());
    EXPECT_EQ(atlas.closestNames("run_1"), (std::vector<std::string>{"run_01"}));
    EXPECT_TRUE(atlas.closestNames(std::string(kMaxSuggestedNameBytes + 1, 'r')).empty());
}

TEST(Atlas, BadJsonNamesTheFileAndPosition) {
    EXPECT_NE(messageOf("{\"frames\": ").find("sheet.json: not valid JSON"), std::string::npos);
}

TEST(Atlas, MissingFramesIsReported) {
    EXPECT_EQ(messageOf(R"({"meta": {}})"), "sheet.json: frames: missing (required: the atlas's frames, an object keyed by name or an array)\n");
}

TEST(Atlas, AbsurdSizesAreReportedWithTheirPath) {
    const std::string m = messageOf(R"({"frames": {"a": {"frame": {"x": 0, "y": 0, "w": 100000, "h": 2}}}})");
    EXPECT_EQ(m, "sheet.json: frames[\"a\"].frame.w: must be an integer in [1, 8192], got 100000\n");
    EXPECT_NE(messageOf(R"({"frames": [{"filename": "a", "frame": {"x": -1, "y": 0, "w": 2, "h": 2}}]})").find("frames[0].frame.x: must be an integer in [0, 8192], got -1"),
              std::string::npos);
    EXPECT_NE(messageOf(R"({"frames": {"a": {"frame": {"x": 0, "y": 0, "w": 2, "h": 2}, "duration": -5}}})").find("frames[\"a\"].duration"),
              std::string::npos);
}

TEST(Atlas, TrimmedPixelsMustFitTheSourceFrame) {
    const std::string m = messageOf(R"({"frames": {"a": {"frame": {"x": 0, "y": 0, "w": 4, "h": 4},
        "spriteSourceSize": {"x": 3, "y": 0, "w": 4, "h": 4}, "sourceSize": {"w": 6, "h": 6}}}})");
    EXPECT_EQ(m, "sheet.json: frames[\"a\"].spriteSourceSize: reaches outside the untrimmed frame (sourceSize 6x6)\n");
    EXPECT_NE(messageOf(R"({"frames": {"a": {"frame": {"x": 0, "y": 0, "w": 4, "h": 4},
        "spriteSourceSize": {"x": 0, "y": 0, "w": 3, "h": 4}, "sourceSize": {"w": 6, "h": 6}}}})")
                  .find("is 3x4 but the frame is 4x4"),
              std::string::npos);
}

TEST(Atlas, ATagWithNoFramesIsReported) {
    const std::string m = messageOf(R"({"frames": [{"filename": "a", "frame": {"x": 0, "y": 0, "w": 2, "h": 2}}],
        "meta": {"frameTags": [{"name": "jump", "from": 3, "to": 5}]}})");
    EXPECT_EQ(m, "sheet.json: meta.frameTags[0]: tag \"jump\" has no frames: from 3 to 5, but the atlas's frames are 0..0\n");
}

TEST(Atlas, DuplicateArrayNamesAreReported) {
    EXPECT_NE(messageOf(R"({"frames": [{"filename": "a", "frame": {"x": 0, "y": 0, "w": 2, "h": 2}},
                                       {"filename": "a", "frame": {"x": 2, "y": 0, "w": 2, "h": 2}}]})")
                  .find("two frames are called \"a\""),
              std::string::npos);
}

TEST(Atlas, SizesThatDisagreeWithTheImageAreReported) {
    AtlasLoadResult r = parseAtlas(kTexturePackerHash, "sheet.json");
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(checkAtlasAgainstImage(*r.atlas, 8, 4).empty());
    auto problems = checkAtlasAgainstImage(*r.atlas, 4, 4);
    ASSERT_EQ(problems.size(), 2u);
    EXPECT_EQ(problems[0].path, "meta.size");
    EXPECT_EQ(problems[0].message, "says 8x4 but the image is 4x4; is this the description of that image?");
    // The rotated frame covers x 3..4 (h x w = 2 x 3), outside a 4-wide image.
    EXPECT_EQ(problems[1].path, "frames[\"alpha.png\"].frame");
    EXPECT_EQ(problems[1].message, "[3, 0, 2, 3] (rotated) reaches outside the 4x4 image");
}

TEST(Atlas, DeepNestingIsRefusedByTheBoundedParserWithItsPath) {
    // 200,000 levels: nlohmann's recursive parser and destructor overflow the stack on this.
    const std::string deep = std::string(200000, '[') + std::string(200000, ']');
    const std::string inFrames = messageOf(R"({"frames": )" + deep + "}");
    EXPECT_EQ(inFrames.rfind("sheet.json: frames[0][0]", 0), 0u) << inFrames.substr(0, 200);
    EXPECT_NE(inFrames.find("nested too deeply: more than 64 levels"), std::string::npos) << inFrames.substr(0, 200);
    const std::string inPivot = messageOf(R"({"frames": {"a": {"frame": {"x": 0, "y": 0, "w": 2, "h": 2}, "pivot": )" + deep + "}}}");
    EXPECT_EQ(inPivot.rfind("sheet.json: frames.a.pivot[0]", 0), 0u) << inPivot.substr(0, 200);
    EXPECT_NE(inPivot.find("nested too deeply"), std::string::npos) << inPivot.substr(0, 200);
}

TEST(Atlas, ARepeatedFrameKeyIsRefusedNotSilentlyReplaced) {
    const std::string m = messageOf(R"({"frames": {"hero_0": {"frame": {"x": 0, "y": 0, "w": 2, "h": 2}},
                                                   "hero_0": {"frame": {"x": 2, "y": 0, "w": 2, "h": 2}}}})");
    EXPECT_EQ(m, "sheet.json: frames.hero_0: duplicate key (a JSON object must not repeat a key)\n");
}

TEST(Atlas, AnUntrimmedFrameDerivedPastTheImageLimitIsRefused) {
    // Without sourceSize the untrimmed frame reaches to the stored pixels' far corner: 8192 + 28 = 8220.
    const std::string m = messageOf(R"({"frames": {"a": {"frame": {"x": 0, "y": 0, "w": 28, "h": 56},
        "spriteSourceSize": {"x": 8192, "y": 8192, "w": 28, "h": 56}}}})");
    EXPECT_EQ(m, "sheet.json: frames[\"a\"].spriteSourceSize: places the frame in a 8220x8248 untrimmed frame; every size must be at most "
                 "8192x8192\n");
    // Right at the limit is fine.
    AtlasLoadResult ok = parseAtlas(R"({"frames": {"a": {"frame": {"x": 0, "y": 0, "w": 2, "h": 2},
        "spriteSourceSize": {"x": 8190, "y": 8190, "w": 2, "h": 2}}}})", "sheet.json");
    ASSERT_TRUE(ok.ok()) << ok.message();
    EXPECT_EQ(ok.atlas->frames[0].sourceWidth, 8192);
    EXPECT_EQ(ok.atlas->frames[0].sourceHeight, 8192);
}

TEST(Atlas, AnImageNameWithANulIsRefused) {
    EXPECT_EQ(messageOf(R"({"frames": {"a": {"frame": {"x": 0, "y": 0, "w": 2, "h": 2}}}, "meta": {"image": "a.png\u0000.txt"}})"),
              "sheet.json: meta.image: must not contain a NUL character (\\u0000): the path would end there\n");
}

TEST(Atlas, AMissingFileIsReported) {
    AtlasLoadResult r = loadAtlas("/nonexistent/sheet.json");
    EXPECT_EQ(r.message(), "/nonexistent/sheet.json: atlas description not found\n");
}

}  // namespace
}  // namespace cl
