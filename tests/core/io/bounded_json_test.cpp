// parseBoundedJson (core/io/bounded_json.h): limits on depth, values and kept-as-written text, duplicate
// keys, each refused with the JSON path of the value that broke it.

#include <gtest/gtest.h>

#include <string>

#include "core/io/bounded_json.h"

namespace cl {
namespace {

TEST(BoundedJson, ParsesOrdinaryDocumentsLikeNlohmann) {
    const std::string text = R"({"a": [1, 2.5, "x", null, true, {"b": {}}], "c": -3, "d": 18446744073709551615})";
    JsonParseResult r = parseBoundedJson(text);
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(*r.json, nlohmann::json::parse(text));
}

TEST(BoundedJson, DepthIsCountedFromTheRootAndTheFirstLevelTooDeepIsNamed) {
    JsonLimits limits;
    limits.maxDepth = 3;
    EXPECT_TRUE(parseBoundedJson(R"({"a": [[1]]})", limits).ok());
    JsonParseResult r = parseBoundedJson(R"({"a": [[[1]]]})", limits);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.path, "a[0][0]");
    EXPECT_NE(r.error.find("nested too deeply"), std::string::npos) << r.error;
    // Unclosed brackets are refused for their depth before the parser reaches the end of the text.
    JsonParseResult open = parseBoundedJson(std::string(1000000, '['));
    ASSERT_FALSE(open.ok());
    EXPECT_NE(open.error.find("nested too deeply"), std::string::npos) << open.error;
}

TEST(BoundedJson, DuplicateKeysAreRefusedWithThePathOfTheSecond) {
    JsonParseResult r = parseBoundedJson(R"({"sprites": [{"name": "a"}, {"name": "b", "scale": 1, "name": "c"}]})");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.path, "sprites[1].name");
    EXPECT_NE(r.error.find("duplicate key"), std::string::npos) << r.error;
    // The same key in two different objects is fine.
    EXPECT_TRUE(parseBoundedJson(R"({"a": {"x": 1}, "b": {"x": 2}})").ok());
}

TEST(BoundedJson, ValueLimitsCoverTheWholeDocumentAndEachKeptPart) {
    JsonLimits limits;
    limits.maxValues = 10;
    // Root object, array and 8 numbers: 10 values.
    EXPECT_TRUE(parseBoundedJson(R"({"a": [1,2,3,4,5,6,7,8]})", limits).ok());
    JsonParseResult r = parseBoundedJson(R"({"a": [1,2,3,4,5,6,7,8,9]})", limits);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.path, "a[8]");
    EXPECT_NE(r.error.find("too many values"), std::string::npos) << r.error;

    JsonLimits parts;
    parts.keptParts = {"view"};
    parts.maxPartValues = 3;
    EXPECT_TRUE(parseBoundedJson(R"({"view": [1, 2], "other": [1, 2, 3, 4, 5]})", parts).ok());
    JsonParseResult view = parseBoundedJson(R"({"other": [1, 2, 3, 4, 5], "view": [1, 2, 3]})", parts);
    ASSERT_FALSE(view.ok());
    EXPECT_EQ(view.path, "view[2]");
    EXPECT_NE(view.error.find("kept as written"), std::string::npos) << view.error;
}

TEST(BoundedJson, TextLimitOfAKeptPartCountsKeysAndStrings) {
    JsonLimits parts;
    parts.keptParts = {"view"};
    parts.maxPartTextBytes = 10;
    EXPECT_TRUE(parseBoundedJson(R"({"view": {"abc": "defg"}, "title": "a long title outside the kept part"})", parts).ok());
    JsonParseResult r = parseBoundedJson(R"({"view": {"abc": "defg", "hijk": 1}})", parts);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.path, "view.hijk");
    EXPECT_NE(r.error.find("too much text"), std::string::npos) << r.error;
}

TEST(BoundedJson, SyntaxErrorsKeepNlohmannsLineAndColumn) {
    JsonParseResult r = parseBoundedJson("{\"a\": [1, 2,");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.path, "");
    EXPECT_EQ(r.error.rfind("not valid JSON: parse error at line 1, column 13", 0), 0u) << r.error;
}

TEST(BoundedJson, PathKeysThatAreNotIdentifiersAreQuotedAndCut) {
    EXPECT_EQ(jsonPathKey("camera_2"), "camera_2");
    EXPECT_EQ(jsonPathKey("F/R"), "[\"F/R\"]");
    EXPECT_EQ(jsonPathKey(""), "[\"\"]");
    EXPECT_EQ(jsonPathKey(std::string(50, 'k')), "[\"" + std::string(40, 'k') + "...\"]");
    JsonParseResult r = parseBoundedJson(R"({"expect": {"F/R": {"aabb": 1, "aabb": 2}}})");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.path, "expect[\"F/R\"].aabb");
}

TEST(BoundedJson, TheOrderedFormKeepsKeysInFileOrderUnderTheSameLimits) {
    OrderedJsonParseResult r = parseBoundedOrderedJson(R"({"zeta": 1, "alpha": {"b": 2, "a": 3}})");
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(r.json->dump(), R"({"zeta":1,"alpha":{"b":2,"a":3}})");
    OrderedJsonParseResult deep = parseBoundedOrderedJson(std::string(100000, '[') + std::string(100000, ']'));
    ASSERT_FALSE(deep.ok());
    EXPECT_NE(deep.error.find("nested too deeply"), std::string::npos) << deep.error;
    OrderedJsonParseResult repeated = parseBoundedOrderedJson(R"({"frames": {"a": 1, "a": 2}})");
    ASSERT_FALSE(repeated.ok());
    EXPECT_EQ(repeated.path, "frames.a");
}

}  // namespace
}  // namespace cl
