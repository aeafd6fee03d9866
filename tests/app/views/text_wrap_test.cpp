// Wrapping that never breaks inside a number or a bracketed vector.
#include "app/views/text_wrap.h"

#include <string>

#include <gtest/gtest.h>

namespace cl {
namespace {

// One unit per character, like a monospaced font.
double chars(std::string_view s) { return double(s.size()); }

std::vector<std::string> wrap(std::string_view text, double width) {
    std::vector<std::string> out;
    for (std::string_view line : wrapWhole(text, width, chars)) out.emplace_back(line);
    return out;
}

TEST(WrapWhole, AVectorStaysOnOneLineWhereImGuiWouldBreakAfterItsDot) {
    // "push-out along " is 15 characters, the vector 18: at 20 the vector moves to its own line whole.
    EXPECT_EQ(wrap("push-out along (-0.9487, -0.3162): 2", 20),
              (std::vector<std::string>{"push-out along", "(-0.9487, -0.3162):", "2"}));
    EXPECT_EQ(wrap("push-out along (-0.9487, -0.3162): 2", 100),
              (std::vector<std::string>{"push-out along (-0.9487, -0.3162): 2"}));
}

TEST(WrapWhole, BreaksAtTheLastSpaceThatFitsAndAWidePartGetsItsOwnLine) {
    EXPECT_EQ(wrap("aa bb cc", 5), (std::vector<std::string>{"aa bb", "cc"}));
    EXPECT_EQ(wrap("aa bb cc", 4), (std::vector<std::string>{"aa", "bb", "cc"}));
    EXPECT_EQ(wrap("a (1.5, 2.25) b", 3), (std::vector<std::string>{"a", "(1.5, 2.25)", "b"}));
    EXPECT_EQ(wrap("x [0, 1] y", 8), (std::vector<std::string>{"x [0, 1]", "y"}));
    EXPECT_EQ(wrap("-0.3162", 2), (std::vector<std::string>{"-0.3162"}));
    EXPECT_EQ(wrap("", 10), (std::vector<std::string>{""}));
}

TEST(WrapWhole, AnUnclosedBracketKeepsTheRestTogetherAndAStrayCloseIsText) {
    EXPECT_EQ(wrap("a (b c d", 3), (std::vector<std::string>{"a", "(b c d"}));
    EXPECT_EQ(wrap("a) b c", 3), (std::vector<std::string>{"a)", "b c"}));
}

}  // namespace
}  // namespace cl
