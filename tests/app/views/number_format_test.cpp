// printable(): what would print as a negative zero prints as zero; everything else is untouched.
#include "app/views/number_format.h"

#include <cstdio>
#include <string>

#include <gtest/gtest.h>

namespace cl {
namespace {

std::string format(double value, int decimals) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, printable(value, decimals));
    return text;
}

TEST(Printable, ATinyNegativeValuePrintsAsZero) {
    EXPECT_EQ(format(-1.2246e-16, 4), "0.0000");   // sin(180 degrees) in doubles
    EXPECT_EQ(format(-0.0, 3), "0.000");
    EXPECT_EQ(format(-0.00004, 4), "0.0000");
}

TEST(Printable, ValuesThatShowADigitAreUnchanged) {
    EXPECT_EQ(format(-0.00006, 4), "-0.0001");     // rounds to a real digit
    EXPECT_EQ(format(-0.342, 3), "-0.342");
    EXPECT_EQ(format(0.00004, 4), "0.0000");
    EXPECT_EQ(format(1.0, 3), "1.000");
}

}  // namespace
}  // namespace cl
