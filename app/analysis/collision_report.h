#pragma once
// CollisionReport: every answer the views and panels show about the current scene, as plain data (no
// drawing types: the views build their geometry from it). The work (masks, shapes, every algorithm and
// the listed scan) runs on a worker thread whenever the document's revision, the pair or the chosen
// algorithm changes. The caller may wait a bounded time for it (the sandbox waits within its frame
// budget, so a drag shows answers for the very frame it draws); when the answer is late the UI shows the
// newest finished one and says so.
// Tests whose row says deferWhileEditing (the GPU read-back) are skipped while the scene is being edited
// and rerun once it is still; meanwhile their rows show their last answer, marked as such.

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/analysis/latest_worker.h"
#include "core/collision/algorithms.h"
#include "core/base/geometry.h"
#include "core/base/mask_cache.h"
#include "core/base/pair_transform.h"
#include "core/scene/scene.h"

namespace cl {

/// The shapes of one placed sprite, as core computes them.
struct SpriteShapes {
    std::shared_ptr<const AlphaMask> mask;
    SpriteTransform transform;       ///< The transform the shapes were computed for.
    ColliderOptions collider;        ///< The sprite's collider settings (for the `polygon` test).
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
    bool deferred = false;   ///< Not run for this answer (the scene was being edited); see hasResult.
    bool hasResult = true;   ///< False for a deferred test that has no earlier answer for this pair.
};

/// The current pair's answers.
struct PairAnalysis {
    int a = -1;                        ///< Sprite indices; -1 when the scene has no pair.
    int b = -1;
    PairTransform transform;           ///< makePairTransform(A, B, scene sampling).
    std::optional<Rect> aabbOverlap;   ///< intersection of the world AABBs when they overlap.
    std::vector<AlgorithmRow> rows;    ///< Every algorithm of the report's set, in table order.
    const Algorithm* chosen = nullptr; ///< The algorithm the views draw.
    const Algorithm* pixelTest = nullptr; ///< The chosen algorithm if it is a pixel test, else the default one.
    CollisionResult scan;              ///< pixelTest run in full mode with listHits: the overlapping pixels.
    bool hit = false;                  ///< The chosen algorithm's answer.
};

/// What an answer is asked for: the scene's revision, the pair, the drawn algorithm and whether the
/// deferred tests may be skipped because the scene is still changing.
struct ReportRequest {
    std::uint64_t revision = 0;
    int pairA = -1, pairB = -1;
    /// The name of the algorithm the views draw (the settings' name: resolved once, by update(), into its row
    /// of algorithms(); an unknown name falls back to the default pixel test); never deferred.
    std::string chosen;
    bool editing = false; ///< Skip the deferred tests (their rows keep their last answer).
};

/// Recomputes shapes and results on a worker thread and keeps the newest finished answer.
class CollisionReport {
public:
    /// update()'s wait that lasts until the answer is in.
    static constexpr std::chrono::microseconds kWaitUntilDone = std::chrono::microseconds::max();

    /// Starts the worker.
    CollisionReport();
    /// Stops the worker: the computation in progress skips the tests it has not started.
    ~CollisionReport();
    CollisionReport(const CollisionReport&) = delete;
    CollisionReport& operator=(const CollisionReport&) = delete;

    /// Answers are computed on two threads when the last answer of the same kind took at least this long
    /// (default 1 ms: below it, starting a thread costs more than it saves; 0: always).
    void setTwoThreadsAfterMs(double ms) { m_twoThreadsAfterMs = ms; }
    /// The tests to run (default: core's). Call before the first update(); the set must outlive the report.
    void setAlgorithms(const AlgorithmSet& algorithms) { m_algorithms = &algorithms; }
    /// The tests this report runs.
    const AlgorithmSet& algorithms() const { return *m_algorithms; }

    /// Asks for the answers for `scene` as `request` describes unless they were already asked for, waits up
    /// to `wait` for them, and adopts the newest finished answer. Returns true when a new answer was adopted.
    bool update(const Scene& scene, const ReportRequest& request, std::chrono::microseconds wait);
    /// The same with every test run: `wait` false returns at once, true waits until the answer is in.
    bool update(const Scene& scene, std::uint64_t revision, int pairA, int pairB, const std::string& chosen, bool wait);
    /// True while the shown answer is older than the inputs last given to update().
    bool pending() const { return m_current.jobId != m_postedId; }
    /// True when the shown answer skipped the deferred tests.
    bool deferring() const { return m_current.deferring; }
    /// Milliseconds the worker took for the newest answer that skipped the deferred tests, or for the
    /// newest complete one (whichever `deferring` asks for); 0 before the first.
    double recentMs(bool deferring) const { return deferring ? m_recentDeferringMs : m_recentCompleteMs; }

    /// Shapes of every sprite, in scene order (of the scene the shown answer was computed for).
    const std::vector<SpriteShapes>& sprites() const { return m_current.sprites; }
    /// The pair's answers (a == -1 when there is no pair).
    const PairAnalysis& pair() const { return m_current.pair; }
    /// The scene's sampling the shown answer was computed with.
    Sampling sampling() const { return m_current.sampling; }
    /// Counts adopted answers (1 after the first), so views can cache what they build from them.
    std::uint64_t generation() const { return m_generation; }
    /// Milliseconds the worker took for the shown answer.
    double lastUpdateMs() const { return m_current.ms; }
    /// Milliseconds the worker took for every answer so far that skipped the deferred tests (for --stats).
    const std::vector<double>& deferringTimes() const { return m_deferringTimes; }
    /// Milliseconds the worker took for every complete answer so far (for --stats).
    const std::vector<double>& completeTimes() const { return m_completeTimes; }

private:
    struct SpriteInput {
        std::shared_ptr<const RgbaImage> pixels;
        SpriteTransform transform;
        int threshold = 0;
        ColliderOptions collider;
    };
    struct Job {
        std::vector<SpriteInput> sprites;
        Sampling sampling = Sampling::Center;
        ScanDirection scan = ScanDirection::AToB;
        int a = -1, b = -1;
        const Algorithm* chosen = nullptr;
        const AlgorithmSet* algorithms = nullptr;
        std::vector<const Algorithm*> skip;  // deferred tests not run for this job
        bool twoThreads = false;             // share the tests with a second thread (worth it past ~1 ms)
    };
    struct Snapshot {
        std::uint64_t jobId = 0;
        std::vector<SpriteShapes> sprites;
        PairAnalysis pair;
        Sampling sampling = Sampling::Center;
        double ms = 0.0;
        bool deferring = false;
    };

    using Worker = LatestWorker<Job, Snapshot>;

    static Snapshot compute(const Job& job, std::uint64_t id, MaskCache& masks, const Worker::Job& control);
    bool adopt();
    void carryDeferredRows(Snapshot& next) const;

    // Main thread only.
    Snapshot m_current;
    std::uint64_t m_postedId = 0;
    std::uint64_t m_generation = 0;
    bool m_asked = false;
    ReportRequest m_request;
    const AlgorithmSet* m_algorithms = &coreAlgorithms();
    double m_twoThreadsAfterMs = 1.0;
    std::vector<double> m_deferringTimes, m_completeTimes;
    double m_recentDeferringMs = 0.0, m_recentCompleteMs = 0.0;

    MaskCache m_masks;  // worker only
    Worker m_worker;  // last: starts after everything above exists, stops first
};

}  // namespace cl
