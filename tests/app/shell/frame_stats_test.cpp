// Percentiles of the per-frame work, nearest-rank method, worked out by hand.
#include "app/shell/frame_stats.h"

#include <gtest/gtest.h>

namespace cl {
namespace {

TEST(FrameStats, EmptyStatsReportZero) {
    FrameStats stats;
    EXPECT_EQ(stats.count(), 0u);
    EXPECT_EQ(stats.percentile(50), 0.0);
}

TEST(FrameStats, NearestRankPercentilesOfOneToHundred) {
    FrameStats stats;
    // Added in reverse so the order of arrival cannot matter.
    for (int i = 100; i >= 1; --i) stats.add(double(i));
    EXPECT_EQ(stats.percentile(50), 50.0);  // rank ceil(0.50 * 100) = 50
    EXPECT_EQ(stats.percentile(95), 95.0);
    EXPECT_EQ(stats.percentile(99), 99.0);
    EXPECT_EQ(stats.percentile(100), 100.0);
    EXPECT_EQ(stats.percentile(0), 1.0);
}

TEST(FrameStats, FewSamplesRoundTheRankUp) {
    FrameStats stats;
    for (double v : {4.0, 1.0, 3.0, 2.0}) stats.add(v);
    EXPECT_EQ(stats.percentile(50), 2.0);  // rank ceil(2.0) = 2
    EXPECT_EQ(stats.percentile(51), 3.0);  // rank ceil(2.04) = 3
    EXPECT_EQ(stats.percentile(95), 4.0);  // rank ceil(3.8) = 4
}

TEST(FrameStats, SummaryNamesTheThreePercentiles) {
    FrameStats stats;
    stats.add(1.5);
    const std::string s = stats.summary();
    EXPECT_NE(s.find("p50 1.500"), std::string::npos) << s;
    EXPECT_NE(s.find("p95 1.500"), std::string::npos) << s;
    EXPECT_NE(s.find("p99 1.500"), std::string::npos) << s;
}

}  // namespace
}  // namespace cl
