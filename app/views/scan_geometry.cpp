#include "app/views/scan_geometry.h"

#include "app/views/overlays.h"
#include "app/views/view_drawing.h"
#include "core/base/sprite_transform.h"

namespace cl {

namespace {

// Drawing more sample points than this would only paint the sprite gray and cost memory.
constexpr std::int64_t kMaxSampleDots = 65536;
const sf::Color kSolidSample(230, 230, 230, 220);
const sf::Color kClearSample(120, 120, 120, 120);
// Overlaps are the legend's "Overlapping pixels" colour in both views: translucent over the world view's
// sprites, opaque as dots in the local view.
const sf::Color kOverlapPixel = toSfColor(overlayInfo(Overlay::OverlapPixels).rgba);
const sf::Color kHitSample = toSfColor(withAlpha(overlayInfo(Overlay::OverlapPixels).rgba, 255));
// Half the side of a sample dot, in A's pixels: neighbours never merge, wherever the view maps them.
constexpr double kSampleHalf = 0.09;
// Overlapping samples get larger dots, as long as there are no more than kMaxHitDots of them.
constexpr double kHitHalf = 2.2 * kSampleHalf;
constexpr std::size_t kMaxHitDots = 8192;

// Vertices are filled in by copying a blank one: sf::Vertex's constructors live in the SFML library,
// and calling them for every one of hundreds of thousands of vertices showed up in profiles.
const sf::Vertex kBlankVertex;

inline void appendVertex(std::vector<sf::Vertex>& out, glm::dvec2 p, sf::Color colour) {
    sf::Vertex& v = out.emplace_back(kBlankVertex);
    v.position = {float(p.x), float(p.y)};
    v.color = colour;
}

// The box [x0, x1] x [y0, y1] as one quad, each corner mapped by `map`.
template <typename Map>
void appendBox(std::vector<sf::Vertex>& quads, double x0, double y0, double x1, double y1, sf::Color colour, Map map) {
    for (const glm::dvec2 c : {glm::dvec2{x0, y0}, glm::dvec2{x1, y0}, glm::dvec2{x1, y1}, glm::dvec2{x0, y1}}) {
        appendVertex(quads, map(c), colour);
    }
}

const auto kUnmapped = [](glm::dvec2 p) { return p; };

void appendDot(std::vector<sf::Vertex>& quads, glm::dvec2 c, double half, sf::Color colour) {
    appendBox(quads, c.x - half, c.y - half, c.x + half, c.y + half, colour, kUnmapped);
}

// Calls addRun(first, lastX) for each run of hits on neighbouring pixels along one of A's rows (scans
// list their hits row by row, so runs are consecutive in the list).
template <typename AddRun>
void forEachRun(const std::vector<PixelHit>& hits, AddRun addRun) {
    std::size_t i = 0;
    while (i < hits.size()) {
        const glm::ivec2 first = hits[i].a;
        int last = first.x;
        for (++i; i < hits.size() && hits[i].a.y == first.y && hits[i].a.x == last + 1; ++i) ++last;
        addRun(first, last);
    }
}

// A's overlapping pixels as world quads, one per run: the same picture with far fewer vertices than one
// quad per pixel.
std::vector<sf::Vertex> overlapRuns(const std::vector<PixelHit>& hits, const glm::dmat3& worldA) {
    std::vector<sf::Vertex> quads;
    const auto toWorld = [&](glm::dvec2 p) { return transformPoint(worldA, p); };
    forEachRun(hits, [&](glm::ivec2 first, int last) {
        appendBox(quads, first.x, first.y, last + 1.0, first.y + 1.0, kOverlapPixel, toWorld);
    });
    return quads;
}

// The overlapping samples in A's texture space: a dot each, or past kMaxHitDots one bar per run through
// the dots' centres (the same picture unless zoomed far in, at a fraction of the vertices).
std::vector<sf::Vertex> hitMarks(const std::vector<PixelHit>& hits, Sampling sampling, bool& asRuns) {
    const double offset = sampleOffset(sampling), half = kHitHalf;
    std::vector<sf::Vertex> quads;
    asRuns = hits.size() > kMaxHitDots;
    if (!asRuns) {
        quads.reserve(hits.size() * 4);
        for (const PixelHit& hit : hits) appendDot(quads, {hit.a.x + offset, hit.a.y + offset}, half, kHitSample);
        return quads;
    }
    forEachRun(hits, [&](glm::ivec2 first, int last) {
        appendBox(quads, first.x + offset - half, first.y + offset - half, last + offset + half, first.y + offset + half,
                  kHitSample, kUnmapped);
    });
    return quads;
}

// A's sample points in A's texture space: every one when A is small, else only the solid ones, and
// none when even those are too many to draw.
std::shared_ptr<const std::vector<sf::Vertex>> sampleDots(const AlphaMask& maskA, Sampling sampling) {
    const std::int64_t total = std::int64_t(maskA.width()) * maskA.height();
    const bool all = total <= kMaxSampleDots;
    if (!all && maskA.solidCount() > kMaxSampleDots) return nullptr;
    auto quads = std::make_shared<std::vector<sf::Vertex>>();
    quads->reserve(std::size_t(all ? total : maskA.solidCount()) * 4);
    const double offset = sampleOffset(sampling);
    for (int y = 0; y < maskA.height(); ++y) {
        for (int x = 0; x < maskA.width(); ++x) {
            const bool solid = maskA.solid(x, y);
            if (!solid && !all) continue;
            appendDot(*quads, {x + offset, y + offset}, kSampleHalf, solid ? kSolidSample : kClearSample);
        }
    }
    return quads;
}

}  // namespace

const ScanGeometry& ScanGeometryCache::update(const CollisionReport& report) {
    if (report.generation() == m_generation) return m_geometry;
    m_generation = report.generation();
    const PairAnalysis& p = report.pair();
    ScanGeometry& g = m_geometry;
    if (p.a < 0 || std::size_t(p.a) >= report.sprites().size()) {
        g = ScanGeometry{};
        return g;
    }
    g.overlapQuadsWorld = overlapRuns(p.scan.hits, p.transform.worldA);
    const std::shared_ptr<const AlphaMask>& maskA = report.sprites()[p.a].mask;
    if (m_dotsMask != maskA || m_dotsSampling != report.sampling() || (!g.samplesInA && !g.samplesOmitted)) {
        m_dotsMask = maskA;
        m_dotsSampling = report.sampling();
        g.samplesInA = sampleDots(*maskA, report.sampling());
        g.samplesOmitted = !g.samplesInA;
    }
    g.hitsInA = hitMarks(p.scan.hits, report.sampling(), g.hitsAsRuns);
    return g;
}

}  // namespace cl
