#include "core/contact/lattice_rings.h"

#include <algorithm>
#include <cmath>

namespace cl {
namespace {

std::int64_t lengthSquared(glm::ivec2 c) { return std::int64_t(c.x) * c.x + std::int64_t(c.y) * c.y; }

// 0 for angles in [0, 180) degrees (y > 0, or y = 0 and x > 0), 1 for [180, 360).
int halfTurn(glm::ivec2 c) { return (c.y > 0 || (c.y == 0 && c.x > 0)) ? 0 : 1; }

// The least j >= 0 with i² + j² >= need: an integer square root, corrected for the double's rounding.
std::int64_t leastRootAtLeast(std::int64_t need) {
    if (need <= 0) return 0;
    auto j = static_cast<std::int64_t>(std::sqrt(static_cast<double>(need)));
    while (j * j < need) ++j;
    while (j > 0 && (j - 1) * (j - 1) >= need) --j;
    return j;
}

}  // namespace

bool ringOrderLess(glm::ivec2 a, glm::ivec2 b) {
    const std::int64_t la = lengthSquared(a), lb = lengthSquared(b);
    if (la != lb) return la < lb;
    const int ha = halfTurn(a), hb = halfTurn(b);
    if (ha != hb) return ha < hb;
    // Within one half turn, b lies at a larger angle exactly when the cross product is positive.
    return std::int64_t(a.x) * b.y - std::int64_t(a.y) * b.x > 0;
}

void annulusCells(int k, std::vector<glm::ivec2>& out) {
    out.clear();
    const std::int64_t lo = std::int64_t(k) * k, hi = (std::int64_t(k) + 1) * (std::int64_t(k) + 1);
    // Column i holds the cells with j in [first, last] on the lower side (j >= 0) and their mirror images;
    // |i| <= k since i² < (k+1)².
    auto column = [&](std::int64_t i, std::int64_t& first, std::int64_t& last) {
        first = leastRootAtLeast(lo - i * i);
        last = leastRootAtLeast(hi - i * i) - 1;
    };
    std::int64_t first = 0, last = 0;
    // j >= 0 (angles 0 to 180 degrees, y down), columns from i = k to -k; within a column the angle grows
    // with j right of the axis and shrinks with it left of it.
    for (std::int64_t i = k; i >= -k; --i) {
        column(i, first, last);
        if (i >= 0) {
            for (std::int64_t j = first; j <= last; ++j) out.emplace_back(static_cast<int>(i), static_cast<int>(j));
        } else {
            for (std::int64_t j = last; j >= first; --j) out.emplace_back(static_cast<int>(i), static_cast<int>(j));
        }
    }
    // j < 0 (180 to 360 degrees), columns back from i = -k to k.
    for (std::int64_t i = -k; i <= k; ++i) {
        column(i, first, last);
        first = std::max<std::int64_t>(first, 1);
        if (i < 0) {
            for (std::int64_t j = first; j <= last; ++j) out.emplace_back(static_cast<int>(i), static_cast<int>(-j));
        } else {
            for (std::int64_t j = last; j >= first; --j) out.emplace_back(static_cast<int>(i), static_cast<int>(-j));
        }
    }
}

void LatticeRings::fillAnnulus() {
    ++m_annulus;
    annulusCells(m_annulus, m_cells);
    std::sort(m_cells.begin(), m_cells.end(), ringOrderLess);
    m_index = 0;
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
