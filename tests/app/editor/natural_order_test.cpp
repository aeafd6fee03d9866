#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "app/editor/natural_order.h"

namespace cl {
namespace {

TEST(NaturalOrder, BlocksSortByTheirNumberNotTheirText) {
    std::vector<std::string> names{"block-131", "block-19", "block-10", "block-2", "person", "block-1"};
    std::sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) { return naturalLess(a, b); });
    EXPECT_EQ(names, (std::vector<std::string>{"block-1", "block-2", "block-10", "block-19", "block-131", "person"}));
}

TEST(NaturalOrder, PairKeysSortByEachNumberInTurn) {
    // "a/b" keys: the first name's number first, then the second's.
    EXPECT_TRUE(naturalLess("person/block-9", "person/block-10"));
    EXPECT_TRUE(naturalLess("block-2/block-30", "block-10/block-3"));
    EXPECT_FALSE(naturalLess("person/block-10", "person/block-9"));
}

TEST(NaturalOrder, NumbersLongerThanAnyIntegerAndLeadingZerosCompareByTheirValue) {
    // 10^23 after 10^23 - 1; "007" is 7 (after "7", fewer zeros first) and before 8.
    std::vector<std::string> names{"x100000000000000000000000", "f8", "f007", "x99999999999999999999999", "f7"};
    std::sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) { return naturalLess(a, b); });
    EXPECT_EQ(names, (std::vector<std::string>{"f7", "f007", "f8", "x99999999999999999999999", "x100000000000000000000000"}));
}

TEST(NaturalOrder, IsAStrictOrder) {
    EXPECT_FALSE(naturalLess("same-1", "same-1"));
    EXPECT_TRUE(naturalLess("a", "ab"));
    EXPECT_FALSE(naturalLess("ab", "a"));
    EXPECT_TRUE(naturalLess("", "a"));
    EXPECT_TRUE(naturalLess("A", "a"));  // byte order for letters, as before
}

}  // namespace
}  // namespace cl
