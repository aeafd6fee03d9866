#include "core/game/block_cover.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "core/base/geometry.h"

namespace cl {
namespace {

// Solid pixels counted over any rectangle of the mask from one table of sums.
class SolidSums {
public:
    explicit SolidSums(const AlphaMask& mask) : m_width(mask.width()), m_sums(static_cast<std::size_t>((mask.width() + 1) * (mask.height() + 1)), 0) {
        for (int y = 0; y < mask.height(); ++y) {
            for (int x = 0; x < mask.width(); ++x) {
                at(x + 1, y + 1) = at(x, y + 1) + at(x + 1, y) - at(x, y) + (mask.solid(x, y) ? 1 : 0);
            }
        }
    }
    // Pixels of `r` that are not solid.
    std::int64_t empty(const IntRect& r) const {
        const std::int64_t solid = at(r.x1, r.y1) - at(r.x0, r.y1) - at(r.x1, r.y0) + at(r.x0, r.y0);
        return static_cast<std::int64_t>(r.width()) * r.height() - solid;
    }

private:
    std::int64_t& at(int x, int y) { return m_sums[static_cast<std::size_t>(y) * (m_width + 1) + x]; }
    std::int64_t at(int x, int y) const { return m_sums[static_cast<std::size_t>(y) * (m_width + 1) + x]; }
    int m_width;
    std::vector<std::int64_t> m_sums;
};

IntRect boxOfBoth(const IntRect& a, const IntRect& b) {
    return {std::min(a.x0, b.x0), std::min(a.y0, b.y0), std::max(a.x1, b.x1), std::max(a.y1, b.y1)};
}

}  // namespace

BlockCover blockCover(const AlphaMask& mask, glm::dvec2 origin) {
    BlockCover cover;
    if (mask.solidCount() == 0) return cover;
    const SolidSums sums(mask);
    // Rows of one extent, each a box (its extent from the first solid pixel to past the last).
    std::vector<IntRect> boxes;
    const auto extents = mask.rowExtents();
    const auto runEnds = mask.extentRunEnds();
    for (int y = 0; y < mask.height(); y = runEnds[y]) {
        if (extents[y].x1 > extents[y].x0) boxes.push_back({extents[y].x0, y, extents[y].x1, runEnds[y]});
    }
    // Merge the two whose box adds the fewest empty pixels to theirs, while that is none or the boxes are too many.
    for (;;) {
        std::int64_t best = std::numeric_limits<std::int64_t>::max();
        std::size_t bestI = 0, bestJ = 0;
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            for (std::size_t j = i + 1; j < boxes.size(); ++j) {
                const std::int64_t added = sums.empty(boxOfBoth(boxes[i], boxes[j])) - sums.empty(boxes[i]) - sums.empty(boxes[j]);
                if (added < best) best = added, bestI = i, bestJ = j;
            }
        }
        if (boxes.size() < 2 || (best > 0 && boxes.size() <= BlockCover::kMaxBoxes)) break;
        boxes[bestI] = boxOfBoth(boxes[bestI], boxes[bestJ]);
        boxes.erase(boxes.begin() + static_cast<std::ptrdiff_t>(bestJ));
    }
    for (const IntRect& r : boxes) {
        BlockCover::Box& box = cover.boxes[static_cast<std::size_t>(cover.count++)];
        box.half = {r.width() / 2.0, r.height() / 2.0};
        box.centre = glm::dvec2{r.x0, r.y0} + box.half - origin;
        // Sure hits need room for a sample a pixel inside the box (coverVerdict()).
        box.solid = sums.empty(r) == 0 && r.width() >= 4 && r.height() >= 4;
        const glm::dvec2 corner = glm::abs(box.centre) + box.half;
        // Rounded up a little: the reach only rejects pairs.
        cover.reach = std::max(cover.reach, std::sqrt(corner.x * corner.x + corner.y * corner.y) * (1.0 + 1e-12));
    }
    return cover;
}

}  // namespace cl
