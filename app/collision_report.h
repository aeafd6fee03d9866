#pragma once
// CollisionReport: everything the views and panels show about the current scene. The work (masks,
// shapes, every algorithm, the listed scan and the overlay geometry built from it) runs on a worker
// thread whenever the document's revision, the pair or the chosen algorithm changes, so a drag never
// waits for the slow tests; the UI shows the newest finished answer and says when one is on its way.

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <SFML/Graphics/Vertex.hpp>

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

/// Overlay geometry derived from the listed scan, built with the answers (it does not depend on the camera).
struct ScanGeometry {
    std::vector<sf::Vertex> overlapQuadsWorld;  ///< A's overlapping pixels as world-space quads.
    std::vector<sf::Vertex> samplesInB;         ///< A's sample points as small quads in B's texture space.
    std::vector<sf::Vertex> samplesInA;         ///< The same in A's own texture space.
    std::vector<sf::Vertex> hitsInB;            ///< Overlapping samples, larger, in B's space.
    std::vector<sf::Vertex> hitsInA;            ///< The same in A's space.
    bool samplesOmitted = false;                ///< A has too many samples to draw them all.
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
    ScanGeometry geometry;
    bool hit = false;                  ///< The chosen algorithm's answer.
};

/// Recomputes shapes and results on a worker thread and keeps the newest finished answer.
class CollisionReport {
public:
    /// Starts the worker.
    CollisionReport();
    /// Stops the worker (waiting for the computation in progress).
    ~CollisionReport();
    CollisionReport(const CollisionReport&) = delete;
    CollisionReport& operator=(const CollisionReport&) = delete;

    /// Asks for the answers for `scene` at `revision` with the pair and the algorithm named `chosen`
    /// (unknown names fall back to the default pixel test) unless they were already asked for, and
    /// adopts the newest finished answer. With `wait`, blocks until the answer for these inputs is in.
    /// Returns true when a new answer was adopted.
    bool update(const Scene& scene, std::uint64_t revision, int pairA, int pairB, const std::string& chosen, bool wait);
    /// True while the shown answer is older than the inputs last given to update().
    bool pending() const { return m_current.jobId != m_postedId; }

    /// Shapes of every sprite, in scene order (of the scene the shown answer was computed for).
    const std::vector<SpriteShapes>& sprites() const { return m_current.sprites; }
    /// The pair's answers (a == -1 when there is no pair).
    const PairAnalysis& pair() const { return m_current.pair; }
    /// Counts adopted answers (1 after the first), so views can cache what they build from them.
    std::uint64_t generation() const { return m_generation; }
    /// Milliseconds the worker took for the shown answer.
    double lastUpdateMs() const { return m_current.ms; }
    /// Milliseconds the worker took for every answer so far (for --stats).
    const std::vector<double>& computeTimes() const { return m_computeTimes; }

private:
    struct SpriteInput {
        std::shared_ptr<const RgbaImage> pixels;
        SpriteTransform transform;
        int threshold = 0;
    };
    struct Job {
        std::uint64_t id = 0;
        std::vector<SpriteInput> sprites;
        Sampling sampling = Sampling::Center;
        ScanDirection scan = ScanDirection::AToB;
        int a = -1, b = -1;
        std::string chosen;
    };
    struct Snapshot {
        std::uint64_t jobId = 0;
        std::vector<SpriteShapes> sprites;
        PairAnalysis pair;
        double ms = 0.0;
    };

    static Snapshot compute(const Job& job, MaskCache& masks);
    void workerLoop(std::stop_token stop);
    bool adopt();

    // Shared with the worker, under m_mutex.
    std::mutex m_mutex;
    std::condition_variable_any m_wake;
    std::condition_variable m_finished;
    std::optional<Job> m_job;
    std::unique_ptr<Snapshot> m_done;
    std::uint64_t m_doneId = 0;

    // Main thread only.
    Snapshot m_current;
    std::uint64_t m_postedId = 0;
    std::uint64_t m_generation = 0;
    bool m_asked = false;
    std::uint64_t m_revision = 0;
    int m_pairA = -1, m_pairB = -1;
    std::string m_chosen;
    std::vector<double> m_computeTimes;

    MaskCache m_masks;  // worker only
    std::jthread m_worker;  // last: starts after everything above exists, stops first
};

}  // namespace cl
