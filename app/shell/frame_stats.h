#pragma once
// FrameStats: per-frame work times and their percentiles for `--stats`.

#include <string>
#include <vector>

namespace cl {

/// Collects one number per frame (milliseconds) and reports percentiles.
class FrameStats {
public:
    /// Records one frame's work.
    void add(double ms) { m_samples.push_back(ms); }
    /// Frames recorded.
    std::size_t count() const { return m_samples.size(); }
    /// The p-th percentile (0..100) by the nearest-rank method; 0 when empty.
    double percentile(double p) const;
    /// "N samples, ms: p50 X  p95 Y  p99 Z  max W".
    std::string summary() const;

private:
    std::vector<double> m_samples;
};

}  // namespace cl
