#include "core/contact/collider_pose_map.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <span>
#include <tuple>
#include <vector>

#include "core/base/bounds.h"
#include "core/collider/collider_validity.h"
#include "core/collision/algorithms.h"
#include "core/collision/polygon_collision.h"
#include "core/contact/contact_map_image.h"

namespace cl {
namespace {

// The world box of a body's solid pixels and of its collider (which may stray outside them); empty when the body
// has no solid pixel.
std::optional<Rect> reachBox(const Body& body) {
    std::optional<Rect> box = tightWorldAabb(body);
    if (!box) return box;
    const glm::dmat3 m = worldMatrix(body.transform);
    for (const ColliderPiece& piece : *cachedColliderPieces(*body.mask, body.collider)) {
        for (const glm::dvec2 v : piece) {
            const glm::dvec2 w = transformPoint(m, v);
            box->min = glm::min(box->min, w);
            box->max = glm::max(box->max, w);
        }
    }
    return box;
}

void setBit(ContactMap& map, int x, int y) {
    map.bits[static_cast<std::size_t>(y) * map.wordsPerRow + static_cast<std::size_t>(x >> 6)] |= std::uint64_t{1} << (x & 63);
}

ContactMap emptyMap(const LatticeWindow& window, double step) {
    ContactMap map;
    map.window = window;
    map.step = step;
    map.wordsPerRow = (window.width() + 63) / 64;
    map.bits.assign(static_cast<std::size_t>(map.wordsPerRow) * window.height(), 0);
    return map;
}

int validResolution(int r) { return isContactResolution(r) ? r : 1; }

// ---- Deciding most cells without running a test.
//
// Both tests are asked only where a cheap bound cannot tell their answer. Each bound keeps a margin (kMargin times
// the size of the coordinates) far above the tests' rounding, so a cell it decides is the test's answer; the cells
// within the margin of a boundary run the test itself.

// Runs a bound cannot tell apart are merged (outer) or dropped (inner) beyond this many per grid row: the bound
// stays true, only more cells are left to the tests.
constexpr int kMaxRunsPerRow = 8;
// The pixel rasters' cells are this many to a map cell's side: finer cells leave a narrower band of cells to the
// test near each boundary, for more cells to raster.
constexpr int kGridPerCell = 2;
// Relative margin of the bounds (the tests round at about 1e-16 of the coordinates).
constexpr double kMargin = 1e-9;
// More raster items, run pairs or slab evaluations than about this (plus some per cell; see prepare()) and that
// side's test runs on every cell: its bound would cost more than it saves, or hold too much.
constexpr std::int64_t kMaxBoundWork = std::int64_t(1) << 22;

// Runs of cells [x, y] (inclusive) on the rows of a grid, row r at runs[start[r - firstRow] .. start[r - firstRow + 1]).
struct CellRuns {
    int firstRow = 0;
    std::vector<std::size_t> start{0};
    std::vector<glm::ivec2> runs;

    int rowCount() const { return static_cast<int>(start.size()) - 1; }
    std::span<const glm::ivec2> row(int r) const {
        const int i = r - firstRow;
        if (i < 0 || i >= rowCount()) return {};
        return {runs.data() + start[static_cast<std::size_t>(i)], runs.data() + start[static_cast<std::size_t>(i) + 1]};
    }
};

// Appends one grid row's runs (sorted, disjoint) to `out`, keeping at most kMaxRunsPerRow: merging the closest
// neighbours (mergeGaps, a superset of the cells) or keeping the longest runs (a subset).
void appendRow(CellRuns& out, std::vector<glm::ivec2>& row, bool mergeGaps) {
    if (static_cast<int>(row.size()) > kMaxRunsPerRow) {
        if (mergeGaps) {
            std::vector<int> gaps;
            for (std::size_t i = 1; i < row.size(); ++i) gaps.push_back(row[i].x - row[i - 1].y);
            std::nth_element(gaps.begin(), gaps.end() - (kMaxRunsPerRow - 1), gaps.end());
            // Gaps up to the (kMaxRunsPerRow - 1)-th widest close, so fewer than kMaxRunsPerRow runs are left.
            const int widest = *(gaps.end() - (kMaxRunsPerRow - 1));
            std::vector<glm::ivec2> merged{row[0]};
            for (std::size_t i = 1; i < row.size(); ++i) {
                if (row[i].x - merged.back().y <= widest) merged.back().y = row[i].y;
                else merged.push_back(row[i]);
            }
            row.swap(merged);
        }
        if (static_cast<int>(row.size()) > kMaxRunsPerRow) {
            std::nth_element(row.begin(), row.begin() + kMaxRunsPerRow, row.end(),
                             [](glm::ivec2 p, glm::ivec2 q) { return p.y - p.x > q.y - q.x; });
            row.resize(kMaxRunsPerRow);
            std::sort(row.begin(), row.end(), [](glm::ivec2 p, glm::ivec2 q) { return p.x < q.x; });
        }
    }
    out.runs.insert(out.runs.end(), row.begin(), row.end());
    out.start.push_back(out.runs.size());
}

// [least, greatest] x of the convex quad within the strip lo <= y <= hi (least > greatest when they miss).
glm::dvec2 xExtentInStrip(const std::array<glm::dvec2, 4>& q, double lo, double hi) {
    glm::dvec2 e{std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
    for (int i = 0; i < 4; ++i) {
        const glm::dvec2 p = q[static_cast<std::size_t>(i)], r = q[static_cast<std::size_t>((i + 1) % 4)];
        if (p.y >= lo && p.y <= hi) e = {std::min(e.x, p.x), std::max(e.y, p.x)};
        for (const double s : {lo, hi}) {
            if ((p.y < s && r.y > s) || (p.y > s && r.y < s)) {
                const double x = p.x + (r.x - p.x) * ((s - p.y) / (r.y - p.y));
                e = {std::min(e.x, x), std::max(e.y, x)};
            }
        }
    }
    return e;
}

// A body's solid squares on the grid of cells (origin + (i, j) g): `outer` holds every cell within `margin` (world
// units) of a solid square, `inner` only cells that lie inside the solid squares. Empty optional when the raster
// would hold more than `limit` items.
struct SolidRaster {
    CellRuns outer, inner;
};

std::optional<SolidRaster> solidRaster(const AlphaMask& mask, const glm::dmat3& world, glm::dvec2 origin, double g, double margin,
                                       std::int64_t limit) {
    const double e = margin / g;
    auto toGrid = [&](double x, double y) { return (transformPoint(world, {x, y}) - origin) / g; };
    std::vector<std::array<int, 3>> items;  // (row, first cell, last cell)
    for (int y = 0; y < mask.height(); ++y) {
        for (const SolidSpan& span : mask.rowSpans(y)) {
            const std::array<glm::dvec2, 4> q{toGrid(span.x0, y), toGrid(span.x1, y), toGrid(span.x1, y + 1.0), toGrid(span.x0, y + 1.0)};
            const double ylo = std::min({q[0].y, q[1].y, q[2].y, q[3].y}), yhi = std::max({q[0].y, q[1].y, q[2].y, q[3].y});
            const int j0 = static_cast<int>(std::floor(ylo - e)), j1 = static_cast<int>(std::floor(yhi + e));
            for (int j = j0; j <= j1; ++j) {
                const glm::dvec2 x = xExtentInStrip(q, j - e, j + 1.0 + e);
                if (x.x > x.y) continue;
                items.push_back({j, static_cast<int>(std::floor(x.x - e)), static_cast<int>(std::floor(x.y + e))});
            }
            if (static_cast<std::int64_t>(items.size()) > limit) return std::nullopt;
        }
    }
    SolidRaster raster;
    if (items.empty()) return raster;
    std::sort(items.begin(), items.end());
    raster.outer.firstRow = items.front()[0];
    std::vector<glm::ivec2> row;
    for (std::size_t i = 0; i < items.size();) {
        const int j = items[i][0];
        row.clear();
        while (raster.outer.firstRow + raster.outer.rowCount() < j) appendRow(raster.outer, row, true);  // empty rows
        for (; i < items.size() && items[i][0] == j; ++i) {
            if (!row.empty() && items[i][1] <= row.back().y + 1) row.back().y = std::max(row.back().y, items[i][2]);
            else row.push_back({items[i][1], items[i][2]});
        }
        appendRow(raster.outer, row, true);
    }

    // Inner: a cell of outer whose square, mapped into the texture, meets only solid pixels. The box of its
    // pixels is shrunk by a rounding's width, so a cell on the pixels' own grid is exactly its pixel; what that
    // leaves out is far below any area pixel-exact tells from zero.
    const glm::dmat3 toLocal = affineInverse(world);
    auto solidRun = [&](int v, int x0, int x1) {
        if (v < 0 || v >= mask.height() || x0 < 0 || x1 > mask.width()) return false;
        const auto spans = mask.rowSpans(v);
        auto it = std::upper_bound(spans.begin(), spans.end(), x0, [](int x, const SolidSpan& s) { return x < s.x0; });
        return it != spans.begin() && std::prev(it)->x1 >= x1;
    };
    raster.inner.firstRow = raster.outer.firstRow;
    for (int r = 0; r < raster.outer.rowCount(); ++r) {
        const int j = raster.outer.firstRow + r;
        row.clear();
        for (const glm::ivec2 run : raster.outer.row(j)) {
            for (int i = run.x; i <= run.y; ++i) {
                const std::array<glm::dvec2, 4> c{
                    transformPoint(toLocal, origin + glm::dvec2(i, j) * g), transformPoint(toLocal, origin + glm::dvec2(i + 1, j) * g),
                    transformPoint(toLocal, origin + glm::dvec2(i + 1, j + 1) * g), transformPoint(toLocal, origin + glm::dvec2(i, j + 1) * g)};
                const glm::dvec2 lo = glm::min(glm::min(c[0], c[1]), glm::min(c[2], c[3]));
                const glm::dvec2 hi = glm::max(glm::max(c[0], c[1]), glm::max(c[2], c[3]));
                const double slack = 1e-7 * (1.0 + std::max({std::abs(lo.x), std::abs(lo.y), std::abs(hi.x), std::abs(hi.y)}));
                const glm::dvec2 first = glm::floor(lo + slack), end = glm::ceil(hi - slack);
                bool inside = first.x < end.x && first.y < end.y && first.x >= 0.0 && first.y >= 0.0 && end.x <= mask.width() &&
                              end.y <= mask.height();
                for (int v = int(first.y); inside && v < int(end.y); ++v) inside = solidRun(v, int(first.x), int(end.x));
                if (!inside) continue;
                if (!row.empty() && row.back().y == i - 1) row.back().y = i;
                else row.push_back({i, i});
            }
        }
        appendRow(raster.inner, row, false);
    }
    return raster;
}

// Marks [lo, hi] (clipped to [0, n)) in a difference array of n + 1 entries.
void markCells(std::vector<int>& diff, double lo, double hi) {
    const double n = static_cast<double>(diff.size()) - 1.0;
    lo = std::max(lo, 0.0);
    hi = std::min(hi, n - 1.0);
    if (!(lo <= hi)) return;
    ++diff[static_cast<std::size_t>(lo)];
    --diff[static_cast<std::size_t>(hi) + 1];
}

// One separating axis of a piece pair as a condition on the offset t = (x h, y h): the test finds the pair apart
// along `axis` unless lo < axis . t < hi. With the axis's margin m, the cells of row y where the pair may meet along
// it are x in [mayLo - slope y, mayHi - slope y], those where it surely does x in (sureLo - slope y, sureHi - slope y).
struct Slab {
    double mayLo = 0.0, mayHi = 0.0, sureLo = 0.0, sureHi = 0.0, slope = 0.0;
};

// A pair of pieces: the window rows where it may meet (surely meet) along the axes with no x part, and its other
// slabs.
struct PiecePair {
    int firstRow = 0, lastRow = -1, firstSureRow = 0, lastSureRow = -1;
    std::size_t firstSlab = 0, slabCount = 0;
};

}  // namespace

PoseCell ColliderPoseMap::cell(glm::ivec2 c) const {
    const bool byCollider = collider.hit(c), byPixels = pixels.hit(c);
    if (byCollider && byPixels) return PoseCell::BothHit;
    if (byCollider) return PoseCell::ColliderOnly;
    if (byPixels) return PoseCell::PixelsOnly;
    return PoseCell::BothMiss;
}

LatticeWindow colliderPoseWindow(const Body& a, const Body& b, int resolution) {
    if (!colliderOptionsProblem(a.collider).empty() || !colliderOptionsProblem(b.collider).empty()) return {};
    const std::optional<Rect> boxA = reachBox(a), boxB = reachBox(b);
    if (!boxA || !boxB) return {};
    // B moved by t meets A when boxA.min - boxB.max <= t <= boxA.max - boxB.min; h = 1/r is a power of two, so
    // t / h is exact and cell i lies inside exactly when its offset does.
    const double step = 1.0 / validResolution(resolution);
    const glm::dvec2 lo = (boxA->min - boxB->max) / step, hi = (boxA->max - boxB->min) / step;
    constexpr double kMaxIndex = 1 << 30;
    LatticeWindow w;
    w.first = glm::ivec2(int(std::clamp(std::ceil(lo.x), -kMaxIndex, kMaxIndex)), int(std::clamp(std::ceil(lo.y), -kMaxIndex, kMaxIndex)));
    w.last = glm::ivec2(int(std::clamp(std::floor(hi.x), -kMaxIndex, kMaxIndex)), int(std::clamp(std::floor(hi.y), -kMaxIndex, kMaxIndex)));
    return w;
}

struct ColliderPoseMapBuilder::State {
    Body a, b;
    ColliderPoseMap map;
    ColliderPoseMapStats stats;
    PoseMapMethod method = PoseMapMethod::Bounds;
    const Algorithm* polygon = findAlgorithm("polygon");
    const Algorithm* exact = findAlgorithm("pixel-exact");

    bool setUp = false;
    bool pixelsBounded = false, polygonBounded = false;  // each side's bound is in use (else its test runs on every cell)
    SolidRaster rasterA, rasterB;  // B's at the window's first cell; map cell (x, y) moves it by kGridPerCell (x, y) cells
    std::vector<PiecePair> pairs;  // by first row
    std::vector<Slab> slabs;
    std::size_t nextPair = 0;           // the first pair not yet active
    std::vector<std::size_t> active;    // pairs whose rows hold the row being filled
    std::vector<int> pixelSure, pixelMaybe, polygonSure, polygonMaybe;  // difference arrays of one row

    void prepare();
    void boundRow(int y);
    void boundPixelRow(int y);
    void boundPolygonRow(int y);
};

void ColliderPoseMapBuilder::State::prepare() {
    setUp = true;
    const LatticeWindow& w = map.pixels.window;
    if (method != PoseMapMethod::Bounds || w.empty()) return;
    const double h = map.pixels.step;
    Body b0 = b;
    b0.transform.position += glm::dvec2(w.first) * h;
    const std::optional<Rect> boxA = reachBox(a), boxB = reachBox(b0);
    if (!boxA || !boxB) return;
    const auto maxAbs = [](glm::dvec2 v) { return std::max(std::abs(v.x), std::abs(v.y)); };
    const double size = 1.0 + std::max({maxAbs(boxA->min), maxAbs(boxA->max), maxAbs(boxB->min), maxAbs(boxB->max)}) +
                        maxAbs(a.transform.position) + maxAbs(b.transform.position) + maxAbs(a.transform.origin) +
                        maxAbs(b.transform.origin) + (w.width() + w.height()) * h;
    const double margin = kMargin * size;
    const std::int64_t limit = kMaxBoundWork + 16 * cellCount(w);

    // Pixels: both bodies on one grid of cell size h / kGridPerCell, so moving B by one map cell moves its raster by
    // kGridPerCell cells.
    const glm::dvec2 origin = boxA->min;
    const double g = h / kGridPerCell;
    std::optional<SolidRaster> ra = solidRaster(*a.mask, worldMatrix(a.transform), origin, g, margin, limit);
    std::optional<SolidRaster> rb = ra ? solidRaster(*b.mask, worldMatrix(b0.transform), origin, g, margin, limit) : std::nullopt;
    const std::size_t n = static_cast<std::size_t>(w.width()) + 1;
    if (ra && rb && static_cast<double>(ra->outer.runs.size()) * static_cast<double>(rb->outer.runs.size()) <= static_cast<double>(limit) * 16.0) {
        rasterA = std::move(*ra);
        rasterB = std::move(*rb);
        pixelSure.assign(n, 0);
        pixelMaybe.assign(n, 0);
        pixelsBounded = true;
    }

    // Colliders: for each pair of pieces, the slabs of its separating axes (the edge normals, as polygonTest tries
    // them, and the two axes of the pieces' boxes, which it checks first).
    const auto piecesA = cachedColliderPieces(*a.mask, a.collider), piecesB = cachedColliderPieces(*b.mask, b.collider);
    const auto toWorld = [](const ConvexPieces& pieces, const glm::dmat3& m) {
        std::vector<std::vector<glm::dvec2>> out;
        for (const auto& piece : pieces) {
            out.emplace_back();
            for (const glm::dvec2 v : piece) out.back().push_back(transformPoint(m, v));
        }
        return out;
    };
    const auto worldA = toWorld(*piecesA, worldMatrix(a.transform)), worldB = toWorld(*piecesB, worldMatrix(b0.transform));
    // The slabs are kept (40 bytes each): at most kMaxBoundWork / 2 beyond two a cell.
    std::int64_t slabCount = 0, vertices = 0;
    for (const auto& pa : worldA) vertices += static_cast<std::int64_t>(pa.size());
    for (const auto& pb : worldB) vertices += static_cast<std::int64_t>(pb.size());
    for (const auto& pa : worldA)
        for (const auto& pb : worldB) slabCount += static_cast<std::int64_t>(pa.size() + pb.size()) + 2;
    if (slabCount > kMaxBoundWork / 2 + 2 * cellCount(w)) return;
    const auto project = [](const std::vector<glm::dvec2>& piece, glm::dvec2 axis) {
        glm::dvec2 range{std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
        for (const glm::dvec2 v : piece) {
            const double d = v.x * axis.x + v.y * axis.y;
            range = {std::min(range.x, d), std::max(range.y, d)};
        }
        return range;
    };
    for (const auto& pa : worldA) {
        for (const auto& pb : worldB) {
            PiecePair pair{0, w.height() - 1, 0, w.height() - 1, slabs.size(), 0};
            const auto addAxis = [&](glm::dvec2 axis, bool trusted) {
                const glm::dvec2 ra = project(pa, axis), rb = project(pb, axis);
                const double lo = ra.x - rb.y, hi = ra.y - rb.x, m = margin * std::hypot(axis.x, axis.y);
                // A normal the test may see pointing elsewhere bounds nothing: it neither proves a hit nor a miss.
                if (!trusted) {
                    pair.lastSureRow = -1;
                    return;
                }
                if (axis.x == 0.0) {
                    // A condition on the row alone: lo < axis.y y h < hi.
                    const double scale = axis.y * h;
                    double mayLo = (lo - m) / scale, mayHi = (hi + m) / scale, sureLo = (lo + m) / scale, sureHi = (hi - m) / scale;
                    if (scale < 0.0) {
                        std::swap(mayLo, mayHi);
                        std::swap(sureLo, sureHi);
                    }
                    const auto row = [&](double v) { return static_cast<int>(std::clamp(v, -1.0, double(w.height()))); };
                    pair.firstRow = std::max(pair.firstRow, row(std::ceil(mayLo)));
                    pair.lastRow = std::min(pair.lastRow, row(std::floor(mayHi)));
                    pair.firstSureRow = std::max(pair.firstSureRow, row(std::floor(sureLo) + 1.0));
                    pair.lastSureRow = std::min(pair.lastSureRow, row(std::ceil(sureHi) - 1.0));
                    return;
                }
                const double scale = axis.x * h, slope = axis.y / axis.x, mx = m / std::abs(scale);
                double xLo = lo / scale, xHi = hi / scale;
                if (scale < 0.0) std::swap(xLo, xHi);
                slabs.push_back({xLo - mx, xHi + mx, xLo + mx, xHi - mx, slope});
            };
            addAxis({1.0, 0.0}, true);
            addAxis({0.0, 1.0}, true);
            for (const auto* piece : {&pa, &pb}) {
                for (std::size_t i = 0; i < piece->size(); ++i) {
                    const glm::dvec2 e = (*piece)[(i + 1) % piece->size()] - (*piece)[i];
                    addAxis({-e.y, e.x}, std::hypot(e.x, e.y) > 1e3 * margin);  // an edge near the rounding's size
                }
            }
            pair.slabCount = slabs.size() - pair.firstSlab;
            if (pair.firstRow <= pair.lastRow) pairs.push_back(pair);
            else slabs.resize(pair.firstSlab);
        }
    }
    // The slabs are evaluated once per row a pair spans. Running the test on every cell instead maps at least every
    // vertex of both colliders per cell: past a few times that, the test is cheaper.
    double rowSlabs = 0.0;
    for (const PiecePair& pair : pairs) rowSlabs += double(pair.lastRow - pair.firstRow + 1) * double(pair.slabCount);
    if (rowSlabs > 16.0 * static_cast<double>(limit) + 8.0 * static_cast<double>(cellCount(w)) * static_cast<double>(vertices)) return;
    // Rows are filled in order: the pairs, by first row, join the active list as the rows reach them.
    std::sort(pairs.begin(), pairs.end(), [](const PiecePair& p, const PiecePair& q) { return p.firstRow < q.firstRow; });
    polygonSure.assign(n, 0);
    polygonMaybe.assign(n, 0);
    polygonBounded = true;
}

// Fills the four difference arrays for map row y: cells where each test surely hits, and cells where it may.
void ColliderPoseMapBuilder::State::boundRow(int y) {
    for (auto* d : {&pixelSure, &pixelMaybe, &polygonSure, &polygonMaybe}) std::fill(d->begin(), d->end(), 0);
    if (pixelsBounded) boundPixelRow(y);
    if (polygonBounded) boundPolygonRow(y);
}

// Cells of map row y where pixel-exact surely hits (pixelSure) and where it may (pixelMaybe).
void ColliderPoseMapBuilder::State::boundPixelRow(int y) {
    // Pixels: A's cell (i, j) and B's cell (i', j') moved by (x, y) map cells coincide when i = i' + k x and
    // j = j' + k y (k = kGridPerCell).
    constexpr int k = kGridPerCell;
    for (const auto& [runsA, runsB, diff] :
         {std::tuple{&rasterA.outer, &rasterB.outer, &pixelMaybe}, std::tuple{&rasterA.inner, &rasterB.inner, &pixelSure}}) {
        const int first = std::max(runsB->firstRow, runsA->firstRow - k * y);
        const int last = std::min(runsB->firstRow + runsB->rowCount(), runsA->firstRow + runsA->rowCount() - k * y);
        for (int jb = first; jb < last; ++jb) {
            const auto rowA = runsA->row(jb + k * y);
            for (const glm::ivec2 rb : runsB->row(jb)) {
                for (const glm::ivec2 ra : rowA) {
                    const int lo = ra.x - rb.y, hi = ra.y - rb.x;  // shifts in grid cells; the map's are multiples of k
                    markCells(*diff, std::ceil(double(lo) / k), std::floor(double(hi) / k));
                }
            }
        }
    }
}

// Cells of map row y where polygon surely hits (polygonSure) and where it may (polygonMaybe): the offset (x h, y h)
// lies inside every slab of a pair by its margin (the pair surely overlaps), or outside one by it (surely apart).
void ColliderPoseMapBuilder::State::boundPolygonRow(int y) {
    while (nextPair < pairs.size() && pairs[nextPair].firstRow <= y) active.push_back(nextPair++);
    std::erase_if(active, [&](std::size_t i) { return pairs[i].lastRow < y; });
    const double inf = std::numeric_limits<double>::infinity();
    for (const std::size_t i : active) {
        const PiecePair& pair = pairs[i];
        double mayLo = -inf, mayHi = inf, sureLo = -inf, sureHi = inf;
        const Slab* s = slabs.data() + pair.firstSlab;
        for (std::size_t k = 0; k < pair.slabCount; ++k) {
            const double shift = s[k].slope * y;
            mayLo = std::max(mayLo, s[k].mayLo - shift);
            mayHi = std::min(mayHi, s[k].mayHi - shift);
            sureLo = std::max(sureLo, s[k].sureLo - shift);
            sureHi = std::min(sureHi, s[k].sureHi - shift);
        }
        if (!(mayLo <= mayHi)) continue;
        markCells(polygonMaybe, std::ceil(mayLo), std::floor(mayHi));
        if (y >= pair.firstSureRow && y <= pair.lastSureRow) markCells(polygonSure, std::floor(sureLo) + 1.0, std::ceil(sureHi) - 1.0);
    }
}

ColliderPoseMapBuilder::ColliderPoseMapBuilder(const Body& a, const Body& b, int resolution, PoseMapMethod method)
    : m_state(std::make_unique<State>()) {
    State& s = *m_state;
    s.a = a;
    s.b = b;
    s.method = method;
    const double step = 1.0 / validResolution(resolution);
    for (const Body* body : {&a, &b}) {
        const std::string problem = colliderOptionsProblem(body->collider);
        if (problem.empty()) continue;
        s.map.applicable = false;
        s.map.reason = std::string(body == &a ? "A" : "B") + "'s collider: " + problem;
    }
    LatticeWindow window = s.map.applicable ? colliderPoseWindow(a, b, resolution) : LatticeWindow{};
    if (s.map.applicable && cellCount(window) > kMaxPoseMapCells) {
        s.map.applicable = false;
        s.map.reason = std::to_string(window.width()) + " x " + std::to_string(window.height()) + " offsets are more than the " +
                       std::to_string(kMaxPoseMapCells) + " a pose map holds";
        window = {};
    }
    s.map.collider = emptyMap(window, step);
    s.map.pixels = emptyMap(window, step);
}

ColliderPoseMapBuilder::~ColliderPoseMapBuilder() = default;
ColliderPoseMapBuilder::ColliderPoseMapBuilder(ColliderPoseMapBuilder&&) noexcept = default;
ColliderPoseMapBuilder& ColliderPoseMapBuilder::operator=(ColliderPoseMapBuilder&&) noexcept = default;

bool ColliderPoseMapBuilder::advance(std::int64_t cellBudget) {
    State& s = *m_state;
    ColliderPoseMap& m = s.map;
    const LatticeWindow& w = m.pixels.window;
    if (!s.setUp && !complete()) s.prepare();
    TestOptions hitOnly;
    hitOnly.stopAtFirstHit = true;
    std::int64_t spent = 0;
    while (!complete() && (spent == 0 || spent < cellBudget)) {
        const int y = m.pixels.rowsDone;
        if (s.pixelsBounded || s.polygonBounded) s.boundRow(y);
        int pixelSure = 0, pixelMaybe = 0, polygonSure = 0, polygonMaybe = 0;
        for (int x = 0; x < w.width(); ++x) {
            // Each side: 2 when the bound proves a hit, 0 a miss, 1 when the test must tell.
            int pixels = 1, polygon = 1;
            if (s.pixelsBounded) {
                pixelSure += s.pixelSure[static_cast<std::size_t>(x)];
                pixelMaybe += s.pixelMaybe[static_cast<std::size_t>(x)];
                pixels = pixelSure > 0 ? 2 : pixelMaybe > 0 ? 1 : 0;
            }
            if (s.polygonBounded) {
                polygonSure += s.polygonSure[static_cast<std::size_t>(x)];
                polygonMaybe += s.polygonMaybe[static_cast<std::size_t>(x)];
                polygon = polygonSure > 0 ? 2 : polygonMaybe > 0 ? 1 : 0;
            }
            Body moved = s.b;
            moved.transform.position += glm::dvec2(w.first + glm::ivec2{x, y}) * m.pixels.step;
            bool byCollider = polygon == 2, byPixels = pixels == 2;
            if (polygon == 1) {
                byCollider = runAlgorithm(*s.polygon, s.a, moved, hitOnly).hit;
                ++s.stats.polygonTests;
            }
            if (pixels == 1) {
                byPixels = runAlgorithm(*s.exact, s.a, moved, hitOnly).hit;
                ++s.stats.pixelTests;
            }
            if (byCollider) setBit(m.collider, x, y);
            if (byPixels) setBit(m.pixels, x, y);
            std::int64_t& count = byCollider ? (byPixels ? m.counts.bothHit : m.counts.colliderOnly)
                                             : (byPixels ? m.counts.pixelsOnly : m.counts.bothMiss);
            ++count;
        }
        spent += std::max(1, w.width());
        ++m.pixels.rowsDone;
        ++m.collider.rowsDone;
    }
    return complete();
}

bool ColliderPoseMapBuilder::complete() const { return m_state->map.complete(); }
const ColliderPoseMap& ColliderPoseMapBuilder::map() const { return m_state->map; }
const ColliderPoseMapStats& ColliderPoseMapBuilder::stats() const { return m_state->stats; }

ColliderPoseMap colliderPoseMap(const Body& a, const Body& b, int resolution, PoseMapMethod method) {
    ColliderPoseMapBuilder builder(a, b, resolution, method);
    while (!builder.advance(std::numeric_limits<std::int64_t>::max())) {
    }
    return builder.map();
}

RgbaImage colliderPoseMapImage(const ColliderPoseMap& map, int crossArm) {
    return latticeCellImage(map.window(), map.rowsDone(), crossArm, [&](glm::ivec2 c) {
        switch (map.cell(c)) {
            case PoseCell::BothHit: return kPoseBothHitColour;
            case PoseCell::ColliderOnly: return kPoseColliderOnlyColour;
            case PoseCell::PixelsOnly: return kPosePixelsOnlyColour;
            case PoseCell::BothMiss: break;
        }
        return kPoseBothMissColour;
    });
}

}  // namespace cl
