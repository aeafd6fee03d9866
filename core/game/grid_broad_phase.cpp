#include "core/game/grid_broad_phase.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace cl {
namespace {

class GridBroadPhase final : public BroadPhase {
public:
    void update(std::span<const BroadPhaseItem> items, glm::dvec2) override {
        const std::size_t n = items.size();
        m_boxes.resize(n);
        m_columns = m_rows = 0;
        if (n == 0) return;
        glm::dvec2 lo = items[0].box.min, hi = items[0].box.max;
        double largest = 0.0;
        for (std::size_t i = 0; i < n; ++i) {
            const Rect& box = items[i].box;
            m_boxes[i] = box;
            lo = glm::min(lo, box.min);
            hi = glm::max(hi, box.max);
            largest = std::max({largest, box.max.x - box.min.x, box.max.y - box.min.y});
        }
        // Cells as large as the largest box, and no more cells than a few per item (items far apart on a
        // wide field, or zero-sized boxes, take larger cells instead).
        const double span = std::max(hi.x - lo.x, hi.y - lo.y);
        double cell = largest > 0.0 ? largest : std::max(span, 1.0);
        const double most = 4.0 * static_cast<double>(n) + 64.0;
        while (!((std::floor((hi.x - lo.x) / cell) + 1.0) * (std::floor((hi.y - lo.y) / cell) + 1.0) <= most)) {
            if (!std::isfinite(cell) || !std::isfinite(span)) {  // nothing sensible to cut: one cell for all
                cell = 0.0;
                break;
            }
            cell *= 2.0;
        }
        m_origin = lo;
        m_inverseCell = cell > 0.0 ? 1.0 / cell : 0.0;
        m_columns = cell > 0.0 ? static_cast<int>(std::floor((hi.x - lo.x) * m_inverseCell)) + 1 : 1;
        m_rows = cell > 0.0 ? static_cast<int>(std::floor((hi.y - lo.y) * m_inverseCell)) + 1 : 1;

        // Counting sort of (cell, item) entries: count, prefix sums, fill.
        const std::size_t cells = static_cast<std::size_t>(m_columns) * static_cast<std::size_t>(m_rows);
        m_start.assign(cells + 1, 0);
        m_span.resize(n);
        for (std::size_t i = 0; i < n; ++i) {
            const CellSpan s = cellsOf(m_boxes[i]);
            m_span[i] = s;
            for (int y = s.y0; y <= s.y1; ++y) {
                for (int x = s.x0; x <= s.x1; ++x) ++m_start[index(x, y) + 1];
            }
        }
        for (std::size_t c = 0; c < cells; ++c) m_start[c + 1] += m_start[c];
        m_entries.resize(m_start[cells]);
        m_fill.assign(m_start.begin(), m_start.end() - 1);
        for (std::size_t i = 0; i < n; ++i) {
            const CellSpan& s = m_span[i];
            for (int y = s.y0; y <= s.y1; ++y) {
                for (int x = s.x0; x <= s.x1; ++x) m_entries[m_fill[index(x, y)]++] = static_cast<int>(i);
            }
        }
    }

    void query(const Rect& box, std::vector<int>& out) const override {
        out.clear();
        if (m_columns == 0) return;
        const CellSpan s = cellsOf(box);
        for (int y = s.y0; y <= s.y1; ++y) {
            for (int x = s.x0; x <= s.x1; ++x) {
                const std::size_t c = index(x, y);
                for (std::uint32_t e = m_start[c]; e < m_start[c + 1]; ++e) {
                    const int i = m_entries[e];
                    const Rect& other = m_boxes[static_cast<std::size_t>(i)];
                    // Reported by the cell holding the overlap's top-left corner only: once per item.
                    if (boxesTouch(other, box) && ownerIs(other, box, x, y)) out.push_back(i);
                }
            }
        }
        std::sort(out.begin(), out.end());
    }

    void pairs(std::vector<std::pair<int, int>>& out) const override {
        out.clear();
        const std::size_t cells = static_cast<std::size_t>(m_columns) * static_cast<std::size_t>(m_rows);
        for (std::size_t c = 0; c < cells; ++c) {
            const std::uint32_t first = m_start[c], last = m_start[c + 1];
            if (last - first < 2) continue;
            const int x = static_cast<int>(c % static_cast<std::size_t>(m_columns));
            const int y = static_cast<int>(c / static_cast<std::size_t>(m_columns));
            for (std::uint32_t e = first; e < last; ++e) {
                const int i = m_entries[e];
                const Rect& a = m_boxes[static_cast<std::size_t>(i)];
                for (std::uint32_t f = e + 1; f < last; ++f) {
                    const int j = m_entries[f];
                    const Rect& b = m_boxes[static_cast<std::size_t>(j)];
                    // Entries of a cell are in item order, so i < j.
                    if (boxesTouch(a, b) && ownerIs(a, b, x, y)) out.emplace_back(i, j);
                }
            }
        }
    }

private:
    struct CellSpan {
        int x0 = 0, y0 = 0, x1 = -1, y1 = -1;
    };

    // The column (or row) of coordinate v, clamped to the grid; NaN counts as the first.
    static int cellOf(double v, double origin, double inverseCell, int count) {
        const double k = std::floor((v - origin) * inverseCell);
        if (!(k > 0.0)) return 0;
        return k >= count - 1 ? count - 1 : static_cast<int>(k);
    }
    CellSpan cellsOf(const Rect& box) const {
        return {cellOf(box.min.x, m_origin.x, m_inverseCell, m_columns), cellOf(box.min.y, m_origin.y, m_inverseCell, m_rows),
                cellOf(box.max.x, m_origin.x, m_inverseCell, m_columns), cellOf(box.max.y, m_origin.y, m_inverseCell, m_rows)};
    }
    std::size_t index(int x, int y) const {
        return static_cast<std::size_t>(y) * static_cast<std::size_t>(m_columns) + static_cast<std::size_t>(x);
    }
    // Two touching boxes share the corner (max of the mins); it lies in both, so in exactly one cell that both
    // are filed under (cells are found by the same monotonic rounding): the only one that reports the pair.
    bool ownerIs(const Rect& a, const Rect& b, int x, int y) const {
        return cellOf(std::max(a.min.x, b.min.x), m_origin.x, m_inverseCell, m_columns) == x &&
               cellOf(std::max(a.min.y, b.min.y), m_origin.y, m_inverseCell, m_rows) == y;
    }

    std::vector<Rect> m_boxes;
    std::vector<CellSpan> m_span;
    std::vector<std::uint32_t> m_start;  // cell c's entries are m_entries[m_start[c] .. m_start[c + 1])
    std::vector<std::uint32_t> m_fill;
    std::vector<int> m_entries;          // item indexes, ascending within each cell
    glm::dvec2 m_origin{0.0};
    double m_inverseCell = 0.0;
    int m_columns = 0, m_rows = 0;
};

}  // namespace

std::unique_ptr<BroadPhase> makeGridBroadPhase() { return std::make_unique<GridBroadPhase>(); }

}  // namespace cl
