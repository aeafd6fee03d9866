#pragma once
// CollisionReport: everything the views and panels show about the current scene, recomputed only
// when the document's revision or the chosen algorithm changes.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/algorithms.h"
#include "core/geometry.h"
#include "core/mask_cache.h"
#include "core/pair_transform.h"
#include "core/scene.h"

namespace cl {

/// The shapes of one placed sprite, as core computes them.
struct SpriteShapes {
    std::shared_ptr<const AlphaMask> mask;
    Quad quad{};                     ///< worldQuad(): the oriented box.
    Rect aabb;                       ///< worldAabb().
    std::optional<Rect> tightAabb;   ///< tightWorldAabb().
    std::optional<Circle> circle;    ///< boundingCircle().
};

/// One row of the Collision table.
struct AlgorithmRow {
    const Algorithm* algorithm = nullptr;
    CollisionResult result;
    bool disagrees = false;  ///< A pixel test whose hit differs from the chosen pixel test's.
};

/// The current pair's answers.
struct PairAnalysis {
    int a = -1;                        ///< Sprite indices; -1 when the scene has no pair.
    int b = -1;
    PairTransform transform;           ///< makePairTransform(A, B, scene sampling).
    std::optional<Rect> aabbOverlap;   ///< intersection of the world AABBs when they overlap.
    std::vector<AlgorithmRow> rows;    ///< Every algorithm, in algorithms() order.
    const Algorithm* chosen = nullptr; ///< The algorithm the views draw.
    const Algorithm* pixelTest = nullptr; ///< The chosen algorithm if it is a pixel test, else the default one.
    CollisionResult scan;              ///< pixelTest run in full mode with listHits: the overlapping pixels.
    bool hit = false;                  ///< The chosen algorithm's answer.
};

/// Recomputes shapes and results on demand and keeps the last answer.
class CollisionReport {
public:
    /// Brings the report up to date with `scene` (at `revision`) and the algorithm named `chosen`
    /// (unknown names fall back to the default pixel test). Returns true when anything was recomputed.
    bool update(const Scene& scene, std::uint64_t revision, int pairA, int pairB, const std::string& chosen);
    /// Forces the next update() to recompute.
    void invalidate() { m_valid = false; }

    /// Shapes of every sprite, in scene order.
    const std::vector<SpriteShapes>& sprites() const { return m_sprites; }
    /// The pair's answers (a == -1 when there is no pair).
    const PairAnalysis& pair() const { return m_pair; }
    /// Masks are cached per (image, threshold) here; the views borrow them.
    MaskCache& masks() { return m_masks; }
    /// Counts recomputations (starts at 1 after the first), so views can cache what they build from the report.
    std::uint64_t generation() const { return m_generation; }
    /// Milliseconds the last recomputation took.
    double lastUpdateMs() const { return m_lastUpdateMs; }

private:
    MaskCache m_masks;
    std::vector<SpriteShapes> m_sprites;
    PairAnalysis m_pair;
    bool m_valid = false;
    std::uint64_t m_revision = 0;
    int m_pairA = -1, m_pairB = -1;
    std::string m_chosen;
    double m_lastUpdateMs = 0.0;
    std::uint64_t m_generation = 0;
};

}  // namespace cl
