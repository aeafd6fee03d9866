#pragma once
// LatticeRings: every integer cell in order of its length, ties by angle — the order the separation
// vector is searched in — and the cells of one annulus in walk order, for searches that sort only what
// they must.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <glm/vec2.hpp>

namespace cl {

/// True when cell a comes before cell b: smaller i² + j², then the smaller angle atan2(j, i) taken in
/// [0, 360) degrees. Exact (integer arithmetic).
bool ringOrderLess(glm::ivec2 a, glm::ivec2 b);

/// The cells of annulus k, k² <= i² + j² < (k+1)² (k >= 0), in walk order: once around the circle, each
/// cell near the one before (not ringOrderLess order). Keeps its memory from one annulus to the next.
class AnnulusWalk {
public:
    /// Annulus k's cells, valid until the next call.
    std::span<glm::ivec2> cells(int k);
    /// Cells it has room for now.
    std::size_t capacity() const { return m_cells.capacity(); }
    /// Hands its memory back.
    void release();

private:
    std::vector<glm::ivec2> m_cells;
    std::vector<glm::ivec2> m_columns;  // for |i| = 0..k: the least |j| of the annulus and one past its greatest
};

/// Walks every integer cell, (0, 0) first, in ringOrderLess order, one annulus at a time, so a walk that
/// stops early costs only the annuli it reached.
class LatticeRings {
public:
    /// The next cell (the first call gives (0, 0)).
    glm::ivec2 next();
    /// The least i² + j² any cell not yet returned can have.
    std::int64_t nextLengthSquaredAtLeast() const;

private:
    void fillAnnulus();
    AnnulusWalk m_walk;
    std::span<glm::ivec2> m_cells;  // the current annulus, sorted
    std::size_t m_index = 0;
    int m_annulus = -1;  // k of m_cells
};

}  // namespace cl
