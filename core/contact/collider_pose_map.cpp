#include "core/contact/collider_pose_map.h"

#include <algorithm>
#include <cmath>

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
    const Algorithm* polygon = findAlgorithm("polygon");
    const Algorithm* exact = findAlgorithm("pixel-exact");
};

ColliderPoseMapBuilder::ColliderPoseMapBuilder(const Body& a, const Body& b, int resolution)
    : m_state(std::make_unique<State>()) {
    State& s = *m_state;
    s.a = a;
    s.b = b;
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
    TestOptions hitOnly;
    hitOnly.stopAtFirstHit = true;
    std::int64_t spent = 0;
    while (!complete() && (spent == 0 || spent < cellBudget)) {
        const int y = m.pixels.rowsDone;
        for (int x = 0; x < w.width(); ++x) {
            Body moved = s.b;
            moved.transform.position += glm::dvec2(w.first + glm::ivec2{x, y}) * m.pixels.step;
            const bool byCollider = runAlgorithm(*s.polygon, s.a, moved, hitOnly).hit;
            const bool byPixels = runAlgorithm(*s.exact, s.a, moved, hitOnly).hit;
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

ColliderPoseMap colliderPoseMap(const Body& a, const Body& b, int resolution) {
    ColliderPoseMapBuilder builder(a, b, resolution);
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
