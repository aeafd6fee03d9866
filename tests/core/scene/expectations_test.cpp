// Expectations: the expect block read once into pairs, algorithm entries and contact entries, checked with
// the loader's messages, and written back as it was read.

#include "core/scene/expectations.h"

#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

namespace cl {
namespace {

using nlohmann::json;

struct Problem {
    std::string path;
    std::string message;
    bool operator==(const Problem&) const = default;
};

std::pair<Expectations, std::vector<Problem>> read(const std::string& text, std::vector<std::string> names = {"F", "R", "C"}) {
    std::vector<Problem> problems;
    Expectations e = readExpectations(json::parse(text), names, [&](std::string path, std::string message) {
        problems.push_back({std::move(path), std::move(message)});
    });
    return {std::move(e), std::move(problems)};
}

TEST(ReadExpectations, SplitsPairKeysAndKeepsContactApartFromAlgorithms) {
    auto [e, problems] = read(R"({"F/R": {"pixel-naive": {"overlap": 3}, "contact": {"depth": 2}, "aabb": {"hit": true}}})");
    ASSERT_TRUE(problems.empty());
    ASSERT_EQ(e.pairCount(), 1u);
    const PairExpectations* pair = e.find("F", "R");
    ASSERT_NE(pair, nullptr);
    EXPECT_EQ(pair->a, "F");
    EXPECT_EQ(pair->b, "R");
    EXPECT_EQ(pair->key(), "F/R");
    ASSERT_EQ(pair->algorithms.size(), 2u);
    EXPECT_EQ(pair->algorithms[0].algorithm, "aabb");
    EXPECT_EQ(pair->algorithms[1].algorithm, "pixel-naive");
    EXPECT_EQ(pair->find("pixel-naive")->fields, json({{"overlap", 3}}));
    EXPECT_EQ(pair->find("contact"), nullptr);
    ASSERT_TRUE(pair->contact.has_value());
    EXPECT_EQ(*pair->contact, json({{"depth", 2}}));
    EXPECT_EQ(e.count(), 3u);
    EXPECT_TRUE(e.expectsContact());
    EXPECT_FALSE(e.expectsMotion());
    EXPECT_EQ(e.find("R", "F"), nullptr);
}

TEST(ReadExpectations, WritesBackTheSameText) {
    const std::string text =
        R"({"C/F":{"pixel-exact":{"overlap_area":12}},"F/R":{"aabb":{"hit":true},"contact":{"approach":null,"separation":[-3,0.5]},)"
        R"("gpu":{"overlap":7},"pixel-fast":{"frames":[{"frame":1,"hit":false}],"time_of_impact":null}}})";
    auto [e, problems] = read(text);
    ASSERT_TRUE(problems.empty());
    EXPECT_EQ(e.toJson().dump(), text);
    EXPECT_TRUE(e.expectsMotion());
    EXPECT_TRUE(e.find("F", "R")->find("pixel-fast")->expectsMotion());
    EXPECT_FALSE(e.find("F", "R")->find("aabb")->expectsMotion());
}

TEST(ReadExpectations, NamesEachProblemByItsJsonPathAndKeepsOnlyGoodPairs) {
    auto [e, problems] = read(R"({"F/X": {"aabb": {}}, "F/F": {}, "FR": {}, "R/F": {"aabb": {"hit": 1, "size": 2}}, "C/R": {"aabb": {"hit": true}}})");
    // Keys are visited in sorted order: "C/R", "F/F", "F/X", "FR", "R/F".
    ASSERT_EQ(problems.size(), 5u);
    EXPECT_EQ(problems[0], (Problem{"expect[\"F/F\"]", "a pair needs two different sprites"}));
    EXPECT_EQ(problems[1], (Problem{"expect[\"F/X\"]", "no sprite is called \"X\""}));
    EXPECT_EQ(problems[2], (Problem{"expect[\"FR\"]", "must name a pair of sprites as \"A/B\""}));
    EXPECT_EQ(problems[3], (Problem{"expect[\"R/F\"][\"aabb\"].hit", "must be true or false, got 1"}));
    EXPECT_EQ(problems[4].path, "expect[\"R/F\"][\"aabb\"].size");
    ASSERT_EQ(e.pairCount(), 1u);
    EXPECT_NE(e.find("C", "R"), nullptr);
}

TEST(PairExpectations, VisitsEntriesInTheFilesOrderWithContactAmongThem) {
    Expectations e;
    e.set("F", "R", "pixel-fast", {{"hit", true}});
    e.set("F", "R", "aabb", {{"hit", true}});
    e.setContact("F", "R", {{"depth", 1}});
    e.set("F", "R", "circle", {{"hit", false}});
    std::vector<std::string> order;
    e.find("F", "R")->visit([&](const AlgorithmExpectation& entry) { order.push_back(entry.algorithm); },
                            [&](const json&) { order.emplace_back("contact"); });
    EXPECT_EQ(order, (std::vector<std::string>{"aabb", "circle", "contact", "pixel-fast"}));
}

TEST(Expectations, SetReplacesAnEntryAndMergeJoinsPairs) {
    Expectations e;
    e.set("F", "R", "aabb", {{"hit", true}});
    e.set("F", "R", "aabb", {{"hit", false}});
    EXPECT_EQ(e.count(), 1u);
    EXPECT_EQ(e.find("F", "R")->find("aabb")->fields, json({{"hit", false}}));

    Expectations more;
    more.set("F", "R", "aabb", {{"hit", true}});
    more.set("R", "C", "obb", {{"applicable", false}});
    e.set("F", "R", "gpu", {{"overlap", 4}});
    e.merge(more);
    EXPECT_EQ(e.toJson(), json::parse(R"({"F/R": {"aabb": {"hit": true}, "gpu": {"overlap": 4}}, "R/C": {"obb": {"applicable": false}}})"));
    EXPECT_EQ(e.count(), 3u);
}

TEST(ExpectationsFromJson, TakesFieldsAsGivenAndLeavesOutKeysThatAreNotPairs) {
    const Expectations e = expectationsFromJson(json::parse(R"({"A/B": {"aabb": {"hit": 5}}, "bad": {}, "a/b/c": {}, "/B": {}, "C/D": 3})"));
    ASSERT_EQ(e.pairCount(), 2u);
    EXPECT_EQ(e.find("A", "B")->find("aabb")->fields, json({{"hit", 5}}));
    EXPECT_EQ(e.find("C", "D")->size(), 0u);
    EXPECT_TRUE(expectationsFromJson(json::array()).empty());
}

}  // namespace
}  // namespace cl
