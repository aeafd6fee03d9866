#pragma once
// What every collision test returns, and the options every test takes.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "core/alpha_mask.h"
#include "core/pair_transform.h"
#include "core/sprite_transform.h"

namespace cl {

/// A solid mask placed in the world: what a collision test looks at.
struct Body {
    const AlphaMask* mask = nullptr;  ///< Not owned; must outlive the test call.
    SpriteTransform transform;
};

/// Options shared by every test; the cheap tests ignore what does not apply to them.
struct TestOptions {
    Sampling sampling = Sampling::Center;  ///< For pixel-naive, pixel-step and pixel-fast.
    bool stopAtFirstHit = false;           ///< Hit-only mode: stop at the first overlapping sample.
    bool listHits = false;                 ///< Full mode only: fill CollisionResult::hits.
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
    std::int64_t timeNs = 0;           ///< Wall time of the call; filled by runAlgorithm().
};

/// A result for a test that cannot answer, with the reason.
inline CollisionResult notApplicable(std::string reason) {
    CollisionResult r;
    r.applicable = false;
    r.reason = std::move(reason);
    return r;
}

}  // namespace cl
