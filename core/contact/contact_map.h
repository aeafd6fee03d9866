#pragma once
// ContactMap: the configuration-space map — for every lattice offset of a window, whether the contact
// test hits with A moved there — and a builder that fills it a few rows at a time.

#include <cstdint>
#include <memory>
#include <vector>

#include "core/contact/contact_pair.h"

namespace cl {

/// Most cells a map may hold (a 64 MiB bitset, 8192 x 8192 cells); callers refuse larger windows.
inline constexpr std::int64_t kMaxContactMapCells = std::int64_t(1) << 26;

/// Number of cells in a window, as a 64-bit count.
inline std::int64_t cellCount(const LatticeWindow& w) { return std::int64_t(w.width()) * w.height(); }

/// Which cells of a window hit. Rows are filled top to bottom; rows at or past rowsDone are not known yet.
struct ContactMap {
    LatticeWindow window;        ///< The cells the map covers.
    double step = 1.0;           ///< h: cell (i, j) is the offset (i h, j h).
    int wordsPerRow = 0;         ///< 64 cells to a word.
    std::vector<std::uint64_t> bits;  ///< Bit (x & 63) of word y * wordsPerRow + x / 64 is cell first + (x, y).
    int rowsDone = 0;            ///< Rows (from window.first.y) already filled.

    /// True when the map is filled.
    bool complete() const { return rowsDone >= window.height(); }
    /// True when cell c is in a filled row of the window and hits. Cells outside the window are free.
    bool hit(glm::ivec2 c) const {
        if (!window.contains(c) || c.y - window.first.y >= rowsDone) return false;
        const int x = c.x - window.first.x, y = c.y - window.first.y;
        return (bits[static_cast<std::size_t>(y) * wordsPerRow + static_cast<std::size_t>(x >> 6)] >> (x & 63)) & 1u;
    }
    /// Number of hitting cells in filled rows.
    std::int64_t hitCount() const;
};

/// How the builder answered the cells (for tests and benchmarks; the answers never depend on it).
struct ContactMapStats {
    std::int64_t cellsByCorrelation = 0;  ///< Decided by a bitset correlation (no test run).
    std::int64_t testsRun = 0;            ///< Contact tests (or single-direction scans) run for a cell.
};

/// Fills a ContactMap in chunks, so a worker can hand each filled row to the screen as it goes. Every
/// cell equals ContactPair::hitAt() at its offset. Cells are decided by a bitset correlation where that
/// is provably the same answer (the sampled tests: the exact lattice of each cell is compared with a
/// shifted lattice of one reference cell, and only cells whose samples could land on a different pixel
/// are tested); the other cells run the hit-only contact test.
class ContactMapBuilder {
public:
    /// A builder for `window` (default: pair.defaultWindow()). The pair is copied; its masks must outlive
    /// the builder.
    explicit ContactMapBuilder(const ContactPair& pair);
    ContactMapBuilder(const ContactPair& pair, const LatticeWindow& window);
    ~ContactMapBuilder();
    ContactMapBuilder(ContactMapBuilder&&) noexcept;
    ContactMapBuilder& operator=(ContactMapBuilder&&) noexcept;

    /// Does about `cellBudget` cells' worth of work (at least one row, or the set-up); returns complete().
    bool advance(std::int64_t cellBudget);
    /// True when every row is filled.
    bool complete() const;
    /// The map so far.
    const ContactMap& map() const;
    /// How the cells so far were decided.
    const ContactMapStats& stats() const;

private:
    struct State;
    std::unique_ptr<State> m_state;
};

/// The whole map of a window in one call (default window: pair.defaultWindow()).
ContactMap contactMap(const ContactPair& pair);
ContactMap contactMap(const ContactPair& pair, const LatticeWindow& window);

/// The same map by running the hit-only contact test on every cell: the reference and the baseline.
ContactMap contactMapByTests(const ContactPair& pair, const LatticeWindow& window);

}  // namespace cl
