#include "core/contact/lattice_rings.h"

#include <algorithm>

namespace cl {
namespace {

std::int64_t lengthSquared(glm::ivec2 c) { return std::int64_t(c.x) * c.x + std::int64_t(c.y) * c.y; }

// 0 for angles in [0, 180) degrees (y > 0, or y = 0 and x > 0), 1 for [180, 360).
int halfTurn(glm::ivec2 c) { return (c.y > 0 || (c.y == 0 && c.x > 0)) ? 0 : 1; }

// The least j >= 0 with j² >= need, kept as need grows a little at a time (integers only, no square root).
struct Root {
    std::int64_t j = 0;
    void raiseTo(std::int64_t need) {
        while (j * j < need) ++j;
    }
};

}  // namespace

bool ringOrderLess(glm::ivec2 a, glm::ivec2 b) {
    const std::int64_t la = lengthSquared(a), lb = lengthSquared(b);
    if (la != lb) return la < lb;
    const int ha = halfTurn(a), hb = halfTurn(b);
    if (ha != hb) return ha < hb;
    // Within one half turn, b lies at a larger angle exactly when the cross product is positive.
    return std::int64_t(a.x) * b.y - std::int64_t(a.y) * b.x > 0;
}

std::span<glm::ivec2> AnnulusWalk::cells(int k) {
    const std::int64_t lo = std::int64_t(k) * k, hi = (std::int64_t(k) + 1) * (std::int64_t(k) + 1);
    // Column i (|i| <= k, since i² < (k+1)²) holds the cells with first <= |j| < end, first the least root
    // of k² - i² and end the least root of (k+1)² - i² (j = 0 once). Both roots grow as |i| shrinks, so one
    // pass from |i| = k down to 0 finds every column's a step or two at a time.
    m_columns.resize(static_cast<std::size_t>(k) + 1);
    Root first, end;
    std::size_t count = 0;
    for (std::int64_t i = k; i >= 0; --i) {
        first.raiseTo(lo - i * i);
        end.raiseTo(hi - i * i);
        m_columns[static_cast<std::size_t>(i)] = {static_cast<int>(first.j), static_cast<int>(end.j)};
        // Both sides of the x axis (j = 0 once), in both columns i and -i (once when i = 0).
        const std::int64_t cellsUpper = end.j - first.j, cellsLower = end.j - std::max<std::int64_t>(first.j, 1);
        count += static_cast<std::size_t>((cellsUpper + cellsLower) * (i == 0 ? 1 : 2));
    }
    m_cells.resize(count);
    glm::ivec2* out = m_cells.data();
    auto bounds = [&](std::int64_t i) { return m_columns[static_cast<std::size_t>(i < 0 ? -i : i)]; };
    // Angles 0 to 180 degrees (j >= 0, y down): columns i = k down to -k; within a column the angle grows
    // with j right of the axis and shrinks with it left of it.
    for (int i = k; i >= -k; --i) {
        const glm::ivec2 b = bounds(i);
        if (i >= 0) {
            for (int j = b.x; j < b.y; ++j) *out++ = {i, j};
        } else {
            for (int j = b.y - 1; j >= b.x; --j) *out++ = {i, j};
        }
    }
    // 180 to 360 degrees (j < 0): columns back from i = -k to k.
    for (int i = -k; i <= k; ++i) {
        const glm::ivec2 b = bounds(i);
        const int from = std::max(b.x, 1);
        if (i < 0) {
            for (int j = from; j < b.y; ++j) *out++ = {i, -j};
        } else {
            for (int j = b.y - 1; j >= from; --j) *out++ = {i, -j};
        }
    }
    return m_cells;
}

void AnnulusWalk::release() {
    std::vector<glm::ivec2>().swap(m_cells);
    std::vector<glm::ivec2>().swap(m_columns);
}

void LatticeRings::fillAnnulus() {
    ++m_annulus;
    m_cells = m_walk.cells(m_annulus);
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
