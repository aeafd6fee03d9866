#include "core/contact/lattice_rings.h"

#include <algorithm>
#include <cmath>

namespace cl {
namespace {

std::int64_t lengthSquared(glm::ivec2 c) { return std::int64_t(c.x) * c.x + std::int64_t(c.y) * c.y; }

// 0 for angles in [0, 180) degrees (y > 0, or y = 0 and x > 0), 1 for [180, 360).
int halfTurn(glm::ivec2 c) { return (c.y > 0 || (c.y == 0 && c.x > 0)) ? 0 : 1; }

}  // namespace

bool ringOrderLess(glm::ivec2 a, glm::ivec2 b) {
    const std::int64_t la = lengthSquared(a), lb = lengthSquared(b);
    if (la != lb) return la < lb;
    const int ha = halfTurn(a), hb = halfTurn(b);
    if (ha != hb) return ha < hb;
    // Within one half turn, b lies at a larger angle exactly when the cross product is positive.
    return std::int64_t(a.x) * b.y - std::int64_t(a.y) * b.x > 0;
}

void LatticeRings::fillAnnulus() {
    ++m_annulus;
    m_cells.clear();
    m_index = 0;
    const std::int64_t k = m_annulus, lo = k * k, hi = (k + 1) * (k + 1);
    // A counting sort by length (the annulus holds 2k + 1 lengths), then each length's few cells by angle.
    std::vector<std::vector<glm::ivec2>>& buckets = m_buckets;
    buckets.resize(static_cast<std::size_t>(hi - lo));
    for (auto& bucket : buckets) bucket.clear();
    for (std::int64_t i = -k - 1; i <= k + 1; ++i) {
        const std::int64_t need = std::max<std::int64_t>(0, lo - i * i);
        auto j = static_cast<std::int64_t>(std::sqrt(static_cast<double>(need)));
        while (j * j < need) ++j;
        while (j > 0 && (j - 1) * (j - 1) >= need) --j;
        for (; i * i + j * j < hi; ++j) {
            std::vector<glm::ivec2>& bucket = buckets[static_cast<std::size_t>(i * i + j * j - lo)];
            bucket.emplace_back(static_cast<int>(i), static_cast<int>(j));
            if (j != 0) bucket.emplace_back(static_cast<int>(i), static_cast<int>(-j));
        }
    }
    for (auto& bucket : buckets) {
        std::sort(bucket.begin(), bucket.end(), [](glm::ivec2 a, glm::ivec2 b) { return ringOrderLess(a, b); });
        m_cells.insert(m_cells.end(), bucket.begin(), bucket.end());
    }
}

glm::ivec2 LatticeRings::next() {
    while (m_index >= m_cells.size()) fillAnnulus();
    return m_cells[m_index++];
}

std::int64_t LatticeRings::nextLengthSquaredAtLeast() const {
    if (m_index < m_cells.size()) return lengthSquared(m_cells[m_index]);
    return std::int64_t(m_annulus + 1) * (m_annulus + 1);
}

}  // namespace cl
