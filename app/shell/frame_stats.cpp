#include "app/shell/frame_stats.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cl {

double FrameStats::percentile(double p) const {
    if (m_samples.empty()) return 0.0;
    std::vector<double> sorted = m_samples;
    std::sort(sorted.begin(), sorted.end());
    // Nearest rank: the smallest value with at least p% of the samples at or below it.
    const double rank = std::ceil(std::clamp(p, 0.0, 100.0) / 100.0 * double(sorted.size()));
    const std::size_t index = rank < 1.0 ? 0 : std::size_t(rank) - 1;
    return sorted[std::min(index, sorted.size() - 1)];
}

std::string FrameStats::summary() const {
    char buffer[160];
    const double max = m_samples.empty() ? 0.0 : *std::max_element(m_samples.begin(), m_samples.end());
    std::snprintf(buffer, sizeof buffer, "%zu samples, ms: p50 %.3f  p95 %.3f  p99 %.3f  max %.3f", m_samples.size(),
                  percentile(50), percentile(95), percentile(99), max);
    return buffer;
}

}  // namespace cl
