#include "app/editor/name_search.h"

#include <gtest/gtest.h>

namespace cl {
namespace {

const std::vector<std::string> kNames{"person", "block-10", "block-131", "block-2", "Block-19", "saw"};

TEST(NameSearch, AnEmptyQueryListsEveryNameInNaturalOrder) {
    // Natural order: "Block-19" < "block-..." (uppercase first, as in plain text), then 2 < 10 < 131 by number.
    EXPECT_EQ(namesMatching(kNames, ""), (std::vector<int>{4, 3, 1, 2, 0, 5}));
}

TEST(NameSearch, AQueryKeepsTheNamesContainingItIgnoringCase) {
    EXPECT_EQ(namesMatching(kNames, "BLOCK-1"), (std::vector<int>{4, 1, 2}));
    EXPECT_EQ(namesMatching(kNames, "13"), (std::vector<int>{2}));
    EXPECT_EQ(namesMatching(kNames, "son"), (std::vector<int>{0}));
    EXPECT_TRUE(namesMatching(kNames, "tree").empty());
}

TEST(NameSearch, EqualNamesKeepTheirSceneOrder) {
    EXPECT_EQ(namesMatching({"b", "a", "b", "a"}, ""), (std::vector<int>{1, 3, 0, 2}));
}

}  // namespace
}  // namespace cl
