#pragma once
// What every collision test returns, and the options every test takes.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "core/base/alpha_mask.h"
#include "core/base/collider_options.h"
#include "core/base/geometry.h"
#include "core/base/pair_transform.h"
#include "core/base/sprite_transform.h"
#include "core/base/work_budget.h"

namespace cl {

/// A solid mask placed in the world: what a collision test looks at.
struct Body {
    Body() = default;
    /// A mask placed by `transform`; `collider` matters only to the `polygon` test (default: outer, 1 px, 8).
    Body(const AlphaMask* mask, const SpriteTransform& transform, const ColliderOptions& collider = {})
        : mask(mask), transform(transform), collider(collider) {}
    const AlphaMask* mask = nullptr;  ///< Not owned; must outlive the test call.
    SpriteTransform transform;
    ColliderOptions collider;         ///< The sprite's collider settings, for the `polygon` test.
};

/// A bounding test's shape of one body, worked out once for every pair the body is in (Algorithm::bodyBound).
struct BodyBound {
    Rect box;            ///< The world box (aabb, tight-aabb).
    Circle circle;       ///< The bounding circle (circle).
    bool empty = false;  ///< No solid pixel: the body hits nothing.
};

/// Which sprite's pixels a sampled test (pixel-naive, pixel-step, pixel-fast) walks.
enum class ScanDirection {
    AToB,  ///< A's samples mapped into B (the classic scan; the default).
    BToA,  ///< B's samples mapped into A; hits still report A's pixel in `a` and B's in `b`.
    Both,  ///< Both scans: a hit if either hits; overlap and hits are A->B's followed by B->A's.
};

/// Options shared by every test; the cheap tests ignore what does not apply to them.
struct TestOptions {
    Sampling sampling = Sampling::Center;  ///< For pixel-naive, pixel-step and pixel-fast.
    ScanDirection scan = ScanDirection::AToB;  ///< For the directional tests; applied by runAlgorithm().
    bool stopAtFirstHit = false;           ///< Hit-only mode: stop at the first overlapping sample.
    bool listHits = false;                 ///< Full mode only: fill CollisionResult::hits.
    /// The work budget the test counts against (one unit per test, spent by runAlgorithm()); null: none.
    WorkBudget* budget = nullptr;
};

/// One overlapping sample: which pixel of A, which pixel of B, and where in the world.
struct PixelHit {
    glm::ivec2 a{0, 0};        ///< Pixel of A.
    glm::ivec2 b{0, 0};        ///< Pixel of B.
    glm::dvec2 world{0.0, 0.0};///< World position of the sample (pixel-exact: centre of A's pixel).
    bool operator==(const PixelHit&) const = default;
};

/// The plain answer of any test.
struct CollisionResult {
    bool applicable = true;       ///< False when the test cannot answer for this pair (see reason).
    std::string reason;           ///< Why the test is not applicable; empty otherwise.
    bool hit = false;
    /// Overlapping samples counted (pixel tests), world area (pixel-exact), 0 for the cheap tests.
    /// In hit-only mode a pixel test counts at most the first hit.
    double overlap = 0.0;
    std::optional<PixelHit> firstHit;  ///< The first overlapping sample in scan order.
    std::int64_t samples = 0;          ///< Samples (or pixel pairs, or shapes) examined.
    std::vector<PixelHit> hits;        ///< Every overlapping sample in scan order, when listHits is set.
    std::int64_t timeNs = 0;           ///< Wall time of the call when its caller timed it (runAlgorithmTimed()), else 0.
};

/// A result for a test that cannot answer, with the reason.
inline CollisionResult notApplicable(std::string reason) {
    CollisionResult r;
    r.applicable = false;
    r.reason = std::move(reason);
    return r;
}

}  // namespace cl
