#include "core/game/grid_broad_phase.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace cl {
namespace {

// Cells are this much larger than the largest box: then two touching boxes' corners are less than one cell
// apart even after rounding (the rounding of a column is ~2^-32 of a cell for up to 4n + 64 cells), so
// their columns (and rows) differ by at most one.
constexpr double kCellMargin = 1.0 + 1.0 / 1048576.0;

// Where the cells lie: a value the update's loops copy, so the compiler keeps it in registers (a store into the
// cells' numbers, std::uint32_t, could otherwise change the grid's int sizes for all it knows).
struct Grid {
    glm::dvec2 origin{0.0};
    double inverseCell = 0.0;
    int columns = 0, rows = 0;
    double lastColumn = -1.0, lastRow = -1.0;  // columns - 1 and rows - 1

    // The column (or row) of coordinate v, floor((v - origin) / cell) clamped to the grid; NaN counts as the first.
    // No floor: below 1 the answer is 0, at or above count - 1 (a whole number) it is count - 1, and between
    // them the conversion's truncation is the floor of a positive number.
    // A coordinate off the grid (or NaN) adds one to `outside`.
    // `last` is count - 1 as a double (kept beside it: the compiler converts it anew at every call otherwise).
    static int cellOf(double v, double origin, double inverseCell, int count, double last, std::uint32_t& outside) {
        const double k = (v - origin) * inverseCell;
        if (!(k >= 1.0)) {
            outside += !(k >= 0.0);
            return 0;
        }
        if (k >= last) {
            outside += k >= last + 1.0;
            return count - 1;
        }
        return static_cast<int>(k);
    }
    int column(double x, std::uint32_t& outside) const { return cellOf(x, origin.x, inverseCell, columns, lastColumn, outside); }
    int row(double y, std::uint32_t& outside) const { return cellOf(y, origin.y, inverseCell, rows, lastRow, outside); }
    int column(double x) const {
        std::uint32_t outside = 0;
        return column(x, outside);
    }
    int row(double y) const {
        std::uint32_t outside = 0;
        return row(y, outside);
    }
    // Cell (x, y)'s place in m_start: the grid's rows one after another, each with an empty cell on either side, and
    // an empty row after the last (pairs() reads those as the neighbours of the grid's edges).
    std::size_t index(int x, int y) const {
        return static_cast<std::size_t>(y) * (static_cast<std::size_t>(columns) + 2) + static_cast<std::size_t>(x) + 1;
    }
    // The cell of a box's top-left corner.
    std::uint32_t cellOfCorner(glm::dvec2 corner, std::uint32_t& outside) const {
        return static_cast<std::uint32_t>(index(column(corner.x, outside), row(corner.y, outside)));
    }
    std::uint32_t cellOfCorner(glm::dvec2 corner) const { return static_cast<std::uint32_t>(index(column(corner.x), row(corner.y))); }
};

class GridBroadPhase final : public BroadPhase {
public:
    void update(std::span<const BroadPhaseItem> items, glm::dvec2) override {
        const std::size_t n = items.size();
        m_sorted.resize(n);
        m_cell.resize(n);
        // The cells are kept from the last update while every box still fits one (no larger than the largest box
        // they were laid out for, nor less than half of it), the items are not more than twice or less than half as
        // many, and few corners lie off the grid (they are filed in its border cells, which is exact, only slower):
        // then no pass over the boxes' bounds, only each item's cell.
        if (m_grid.columns > 0) {
            double largest = 0.0;
            std::uint32_t outside = 0;
            const Grid grid = m_grid;
            std::uint32_t* cell = m_cell.data();
            for (std::size_t i = 0; i < n; ++i) {
                const Rect& box = items[i].box;
                largest = std::max(largest, std::max(box.max.x - box.min.x, box.max.y - box.min.y));
                cell[i] = grid.cellOfCorner(box.min, outside);
            }
            if (largest <= m_largest && largest * 2.0 >= m_largest && outside <= n / 8 && n <= 2 * m_laidOutFor &&
                2 * n >= m_laidOutFor) {
                fileByCell(items);
                return;
            }
        }
        layOut(items);
        if (m_grid.columns == 0) return;
        const Grid grid = m_grid;
        for (std::size_t i = 0; i < n; ++i) m_cell[i] = grid.cellOfCorner(items[i].box.min);
        fileByCell(items);
    }


    void query(const Rect& box, std::vector<int>& out) const override {
        out.clear();
        if (m_grid.columns == 0) return;
        // An item touching `box` has its corner at most one largest box above and left of box.min.
        const int x0 = std::max(m_grid.column(box.min.x) - 1, 0), x1 = m_grid.column(box.max.x);
        const int y0 = std::max(m_grid.row(box.min.y) - 1, 0), y1 = m_grid.row(box.max.y);
        for (int y = y0; y <= y1; ++y) {
            // The cells x0..x1 of a row are one run of entries.
            for (std::uint32_t e = m_start[m_grid.index(x0, y)], last = m_start[m_grid.index(x1, y) + 1]; e < last; ++e) {
                if (boxesTouch(m_sorted[e].box, box)) out.push_back(m_sorted[e].item);
            }
        }
        std::sort(out.begin(), out.end());
    }

    void pairs(std::vector<std::pair<int, int>>& out) const override {
        out.clear();
        const std::size_t n = m_sorted.size();
        if (m_grid.columns == 0) return;
        // Each item against the later entries of its own cell and the cell to its right (one run of entries), and
        // the three cells below (another run): every neighbouring pair of cells is visited once. The entries lie by
        // cell, so the runs' ends are found once a cell (when the cell changes), not once an item; the empty cells
        // left and right of each row and the empty row below the grid (Grid::index()) make them three reads, with no
        // check for the grid's edges.
        const Entry* sorted = m_sorted.data();
        const std::uint32_t* start = m_start.data();
        const std::size_t stride = static_cast<std::size_t>(m_grid.columns) + 2;
        std::uint32_t cell = ~0u, sideEnd = 0, belowFirst = 0, belowEnd = 0;
        for (std::uint32_t e = 0; e < n; ++e) {
            const Entry& entry = sorted[e];
            if (entry.cell != cell) {
                cell = entry.cell;
                sideEnd = start[cell + 2];
                belowFirst = start[cell + stride - 1];
                belowEnd = start[cell + stride + 2];
            }
            const Rect a = entry.box;
            const int i = entry.item;
            auto compare = [&](std::uint32_t from, std::uint32_t to) {
                for (std::uint32_t f = from; f < to; ++f) {
                    if (boxesTouch(a, sorted[f].box)) {
                        const int j = sorted[f].item;
                        out.emplace_back(std::min(i, j), std::max(i, j));
                    }
                }
            };
            compare(e + 1, sideEnd);
            compare(belowFirst, belowEnd);
        }
    }

private:
    // Lays the cells out for these items: a hair larger than the largest box, and no more cells than a few per item
    // (items far apart on a wide field, or zero-sized boxes, take larger cells instead); the grid spans the items'
    // corners.
    void layOut(std::span<const BroadPhaseItem> items) {
        const std::size_t n = items.size();
        m_grid.columns = m_grid.rows = 0;
        if (n == 0) return;
        glm::dvec2 lo = items[0].box.min, hi = items[0].box.min;
        double largest = 0.0;
        for (const BroadPhaseItem& item : items) {
            const Rect& box = item.box;
            lo = glm::min(lo, box.min);
            hi = glm::max(hi, box.min);
            largest = std::max({largest, box.max.x - box.min.x, box.max.y - box.min.y});
        }
        // Cells a hair larger than the largest box, and no more cells than a few per item (items far apart on a
        // wide field, or zero-sized boxes, take larger cells instead).
        const double span = std::max(hi.x - lo.x, hi.y - lo.y);
        double cell = largest > 0.0 ? largest * kCellMargin : std::max(span, 1.0);
        const double most = 4.0 * static_cast<double>(n) + 64.0;
        while (!((std::floor((hi.x - lo.x) / cell) + 1.0) * (std::floor((hi.y - lo.y) / cell) + 1.0) <= most)) {
            if (!std::isfinite(cell) || !std::isfinite(span)) {  // nothing sensible to cut: one cell for all
                cell = 0.0;
                break;
            }
            cell *= 2.0;
        }
        m_grid.origin = lo;
        m_grid.inverseCell = cell > 0.0 ? 1.0 / cell : 0.0;
        m_grid.columns = cell > 0.0 ? static_cast<int>(std::floor((hi.x - lo.x) * m_grid.inverseCell)) + 1 : 1;
        m_grid.rows = cell > 0.0 ? static_cast<int>(std::floor((hi.y - lo.y) * m_grid.inverseCell)) + 1 : 1;
        m_grid.lastColumn = m_grid.columns - 1;
        m_grid.lastRow = m_grid.rows - 1;
        // The largest box the cells hold; with no sensible cell (one for all), laid out again every update.
        m_largest = cell > 0.0 ? largest : -1.0;
        m_laidOutFor = n;
    }

    // Counting sort of the items by the cell of their top-left corner (m_cell): count, prefix sums, then each
    // item's box and index copied to its place, so that pairs() and query() read a cell's items as one flat run.
    void fileByCell(std::span<const BroadPhaseItem> items) {
        const std::size_t n = items.size();
        const std::size_t cells = static_cast<std::size_t>(m_grid.columns + 2) * static_cast<std::size_t>(m_grid.rows + 1);
        // Counted into each cell's end, the items are placed from the last back, each cell filled from its end: then
        // m_start[c] is where cell c begins, and a cell's indexes are ascending.
        m_start.assign(cells + 1, 0);
        for (std::size_t i = 0; i < n; ++i) ++m_start[m_cell[i]];
        for (std::size_t c = 1; c < cells; ++c) m_start[c] += m_start[c - 1];
        m_start[cells] = static_cast<std::uint32_t>(n);
        const std::uint32_t* cell = m_cell.data();
        std::uint32_t* start = m_start.data();
        Entry* sorted = m_sorted.data();
        for (std::size_t i = n; i-- > 0;) {
            const std::uint32_t c = cell[i];
            sorted[--start[c]] = {items[i].box, static_cast<int>(i), c};
        }
    }

    // An item filed in its cell: its box beside its index and cell, so a run of a cell's entries is read as it lies.
    struct Entry {
        Rect box;
        int item = 0;
        std::uint32_t cell = 0;
    };
    std::vector<std::uint32_t> m_cell;   // the cell of each item's top-left corner (its Grid::index())
    std::vector<std::uint32_t> m_start;  // cell c's entries are m_sorted[m_start[c] .. m_start[c + 1])
    std::vector<Entry> m_sorted;         // the items by cell, indexes ascending within each cell
    Grid m_grid;
    double m_largest = -1.0;      // the largest box the cells were laid out for (-1: lay them out again)
    std::size_t m_laidOutFor = 0;  // and how many items
};

}  // namespace

std::unique_ptr<BroadPhase> makeGridBroadPhase() { return std::make_unique<GridBroadPhase>(); }

}  // namespace cl
