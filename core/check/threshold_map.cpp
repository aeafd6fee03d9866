// The threshold map from one scan at threshold 0: a histogram of the overlapping samples' alpha pairs,
// summed from the top corner down.
#include "core/check/threshold_map.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdlib>

#include "core/collision/pixel_scans.h"

namespace cl {
namespace {

constexpr int kLevels = kThresholdLevels;
constexpr std::size_t kCells = static_cast<std::size_t>(kLevels) * kLevels;

ThresholdMap notApplicableMap(std::string reason) {
    ThresholdMap map;
    map.applicable = false;
    map.reason = std::move(reason);
    return map;
}

// The mask of the same pixels at threshold 0 (every pixel of alpha > 0 solid).
AlphaMask maskAtThresholdZero(const AlphaMask& mask) {
    RgbaImage image;
    image.width = mask.width();
    image.height = mask.height();
    image.pixels.assign(static_cast<std::size_t>(image.width) * image.height * 4, 0);
    for (int y = 0; y < image.height; ++y) {
        for (int x = 0; x < image.width; ++x) image.pixels[(static_cast<std::size_t>(y) * image.width + x) * 4 + 3] = mask.alpha(x, y);
    }
    return AlphaMask(image, 0);
}

// The outer corners of the staircase of hits.
std::vector<ThresholdCell> frontierOf(const ThresholdMap& map) {
    std::vector<ThresholdCell> corners;
    for (int a = 0; a < kLevels; ++a) {
        for (int b = kLevels - 1; b >= 0; --b) {
            if (!map.hit(a, b)) continue;
            if (a + 1 == kLevels || !map.hit(a + 1, b)) corners.push_back({a, b});
            break;  // the highest hit of this column; the hits below it are not corners
        }
    }
    return corners;
}

// Moving one threshold from `from` (the other held) in the direction that can flip `hitNow`.
template <typename HitAt>
ThresholdMargin marginAlong(int from, bool hitNow, HitAt hitAt) {
    ThresholdMargin m;
    m.direction = hitNow ? +1 : -1;
    m.keepsTo = hitNow ? kLevels - 1 : 0;
    for (int t = from + m.direction; t >= 0 && t < kLevels; t += m.direction) {
        if (hitAt(t) != hitNow) {
            m.flipsAt = t;
            m.keepsTo = t - m.direction;
            break;
        }
    }
    return m;
}

void setPixel(RgbaImage& image, int x, int y, std::array<std::uint8_t, 3> rgb) {
    std::uint8_t* p = &image.pixels[(static_cast<std::size_t>(y) * image.width + x) * 4];
    p[0] = rgb[0];
    p[1] = rgb[1];
    p[2] = rgb[2];
    p[3] = 255;
}

}  // namespace

ThresholdMap thresholdMap(const Algorithm& algorithm, const Body& a, const Body& b, const TestOptions& options) {
    if (algorithm.kind != AlgorithmKind::Pixel || !algorithm.listsHits)
        return notApplicableMap(std::string(algorithm.name) + " does not list the pixels it counts, so it has no threshold map");
    if (!a.mask || !b.mask) return notApplicableMap("a sprite has no mask");

    // Masks already at threshold 0 are used as they are; others are rebuilt from their alpha.
    std::optional<AlphaMask> ownA, ownB;
    if (a.mask->threshold() != 0) ownA.emplace(maskAtThresholdZero(*a.mask));
    if (b.mask->threshold() != 0) ownB.emplace(maskAtThresholdZero(*b.mask));
    const Body lowA{ownA ? &*ownA : a.mask, a.transform};
    const Body lowB{ownB ? &*ownB : b.mask, b.transform};

    TestOptions full = options;
    full.stopAtFirstHit = false;
    full.listHits = true;
    const CollisionResult base = runAlgorithm(algorithm, lowA, lowB, full);
    if (!base.applicable) return notApplicableMap(std::string(algorithm.name) + " does not apply: " + base.reason);
    if (!algorithm.reportsArea && static_cast<double>(base.hits.size()) != base.overlap)
        return notApplicableMap(std::string(algorithm.name) + " listed " + std::to_string(base.hits.size()) +
                                " samples but counted " + std::to_string(base.overlap));

    // histogram[(aA, aB)] over the overlapping samples, one row and column more for the suffix sums.
    constexpr int kSide = kLevels + 1;
    std::vector<double> sums(static_cast<std::size_t>(kSide) * kSide, 0.0);
    auto at = [&](int i, int j) -> double& { return sums[static_cast<std::size_t>(i) * kSide + j]; };
    std::vector<double> areas;
    if (algorithm.reportsArea) areas = pixelPairAreas(lowA, lowB, base.hits);
    for (std::size_t k = 0; k < base.hits.size(); ++k) {
        const PixelHit& h = base.hits[k];
        at(lowA.mask->alpha(h.a.x, h.a.y), lowB.mask->alpha(h.b.x, h.b.y)) += algorithm.reportsArea ? areas[k] : 1.0;
    }
    // sums(i, j) becomes the total over aA >= i and aB >= j; alpha 256 does not exist, so row and column 256 stay 0.
    for (int i = kLevels - 1; i >= 0; --i) {
        for (int j = kLevels - 1; j >= 0; --j) at(i, j) += at(i + 1, j) + at(i, j + 1) - at(i + 1, j + 1);
    }

    ThresholdMap map;
    map.reportsArea = algorithm.reportsArea;
    map.overlaps.resize(kCells);
    map.hits.resize(kCells);
    const double least = algorithm.reportsArea ? kExactAreaEpsilon : 0.0;
    for (int tA = 0; tA < kLevels; ++tA) {
        for (int tB = 0; tB < kLevels; ++tB) {
            // Solid at (tA, tB) means alpha > t, that is alpha >= t + 1.
            const double overlap = at(tA + 1, tB + 1);
            const std::size_t cell = static_cast<std::size_t>(tA) * kLevels + tB;
            map.overlaps[cell] = overlap;
            map.hits[cell] = overlap > least ? 1 : 0;
        }
    }
    map.frontier = frontierOf(map);
    return map;
}

ThresholdMargins thresholdMargins(const ThresholdMap& map, int tA, int tB) {
    ThresholdMargins m;
    m.at = {std::clamp(tA, 0, kLevels - 1), std::clamp(tB, 0, kLevels - 1)};
    m.hit = map.hit(m.at.a, m.at.b);
    m.a = marginAlong(m.at.a, m.hit, [&](int t) { return map.hit(t, m.at.b); });
    m.b = marginAlong(m.at.b, m.hit, [&](int t) { return map.hit(m.at.a, t); });
    return m;
}

std::string describeMargin(const ThresholdMargin& margin, bool hit, const std::string& sprite) {
    const std::string who = sprite + "'s threshold";
    if (hit) {
        if (!margin.flipsAt) return who + " can rise to " + std::to_string(margin.keepsTo) + " and the pair still touches";
        return who + " can rise to " + std::to_string(margin.keepsTo) + " before the pair stops touching (at " +
               std::to_string(*margin.flipsAt) + ")";
    }
    if (!margin.flipsAt) return "no threshold of " + sprite + " down to 0 makes the pair touch";
    return who + " must fall to " + std::to_string(*margin.flipsAt) + " before the pair touches";
}

RgbaImage thresholdMapImage(const ThresholdMap& map, ThresholdCell current) {
    RgbaImage image;
    image.width = kLevels;
    image.height = kLevels;
    image.pixels.assign(kCells * 4, 255);
    constexpr std::array<std::uint8_t, 3> kHit{48, 48, 56}, kMiss{232, 232, 228}, kFrontier{214, 40, 40},
        kCrosshair{40, 110, 230};
    const bool have = map.applicable && map.hits.size() == kCells;
    for (int tA = 0; tA < kLevels; ++tA) {
        for (int tB = 0; tB < kLevels; ++tB) {
            const bool hit = have && map.hit(tA, tB);
            // The staircase's edge: a hit whose next cell along either axis misses.
            const bool edge = hit && ((tA + 1 < kLevels && !map.hit(tA + 1, tB)) || (tB + 1 < kLevels && !map.hit(tA, tB + 1)));
            setPixel(image, tA, tB, edge ? kFrontier : hit ? kHit : kMiss);
        }
    }
    const int cx = std::clamp(current.a, 0, kLevels - 1), cy = std::clamp(current.b, 0, kLevels - 1);
    for (int i = 0; i < kLevels; ++i) {
        // A gap of two cells around the current cell keeps its own colour visible.
        if (std::abs(i - cy) > 2) setPixel(image, cx, i, kCrosshair);
        if (std::abs(i - cx) > 2) setPixel(image, i, cy, kCrosshair);
    }
    return image;
}

}  // namespace cl
