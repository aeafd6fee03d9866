#pragma once
// The table of collision tests by name: the app, the CLI, the tests and the benchmarks use it.
// What a test *is* (reports an area, honours sampling, needs a display...) is data in its row;
// code elsewhere asks these fields and never compares a test's name.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/collision_result.h"

namespace cl {

/// What a test looks at: a bounding shape, or the pixels.
enum class AlgorithmKind { Bound, Pixel };

/// Runs a test with A scanned into B.
using RunFunction = CollisionResult (*)(const Body& a, const Body& b, const TestOptions& options);

/// The shape of one body for a bounding test.
using BodyBoundFunction = BodyBound (*)(const Body& body);
/// The bounding test's answer from the two bodies' shapes.
using BoundsMeetFunction = bool (*)(const BodyBound& a, const BodyBound& b);
/// A hit-only test's answer alone, with A scanned into B: run(a, b, options).hit for options with this sampling
/// and stopAtFirstHit, with no result to build.
using HitOnlyFunction = bool (*)(const Body& a, const Body& b, Sampling sampling);

/// One named test and what it is like. Rows are written with designated initializers.
struct Algorithm {
    std::string_view name;     ///< The one name used everywhere, e.g. "pixel-step".
    AlgorithmKind kind = AlgorithmKind::Pixel;
    std::string_view summary;  ///< One line for help texts and tooltips.
    RunFunction run = nullptr;
    /// Walks one sprite's samples into the other, so it honours TestOptions::scan.
    bool directional = false;
    /// Its answer depends on TestOptions::sampling (center or xna).
    bool honoursSampling = false;
    /// Applies only when both sprites are whole-pixel translations (not applicable otherwise, with the reason).
    bool wholePixelTranslationsOnly = false;
    /// Its overlap is a world area (reported as "overlap_area"), not a count of samples.
    bool reportsArea = false;
    /// Reports every overlapping (A pixel, B pixel) pair when asked (TestOptions::listHits).
    bool listsHits = false;
    /// Must run on the thread that set it up (an OpenGL context is per thread); others may run anywhere.
    bool threadBound = false;
    /// Costly enough that the sandbox reruns it only once the scene is still.
    bool deferWhileEditing = false;
    /// Needs an OpenGL context; not applicable (with the reason) without one.
    bool needsDisplay = false;
    /// For a bounding test whose answer depends on a shape of each body alone: that shape, so a caller testing
    /// one body against many works it out once. boundsMeet(bodyBound(a), bodyBound(b)) is run(a, b).hit,
    /// bit for bit. Both null for the other tests.
    BodyBoundFunction bodyBound = nullptr;
    BoundsMeetFunction boundsMeet = nullptr;
    /// bodyBound's shape is the world box of the texture's corners (worldAabb) for a mask with a solid pixel,
    /// and boundsMeet is boxesMeet: a caller knowing a body's pivot, turn and size may bound it without the body.
    bool boundIsTextureBox = false;
    /// For a test that always answers (never not applicable): run's hit in hit-only mode (TestOptions::stopAtFirstHit,
    /// the sampling given) and nothing else, bit for bit, for a caller testing many pairs that wants only that (the
    /// game). Null for the other tests: ask run.
    HitOnlyFunction hitOnly = nullptr;
    /// hitOnly for a pair whose cover verdict (core/collision/pixel_fast/cover_verdict.h) the caller found Unsure: the
    /// same answer without asking the covers again. Null where hitOnly asks no covers.
    HitOnlyFunction hitOnlyPastCover = nullptr;
};

/// A set of tests in table order. The app builds core's set plus its own `gpu` row once at start-up and
/// passes it on; add rows before taking pointers to them (adding may move the rows).
class AlgorithmSet {
public:
    AlgorithmSet() = default;
    /// The rows given, in that order.
    explicit AlgorithmSet(std::span<const Algorithm> rows);

    /// Appends a row; returns false (and changes nothing) when its name is already present.
    bool add(const Algorithm& row);
    /// Every row, in table order.
    std::span<const Algorithm> all() const { return m_rows; }
    /// The row with this name, or nullptr.
    const Algorithm* find(std::string_view name) const;
    /// "circle, aabb, ..." for messages.
    std::string namesText() const;

private:
    std::vector<Algorithm> m_rows;
};

/// Core's tests, cheap ones first: the set every binary has. Immutable.
const AlgorithmSet& coreAlgorithms();

/// The core test with this name, or nullptr (shorthand for coreAlgorithms().find(name)).
const Algorithm* findAlgorithm(std::string_view name);

/// Runs a test in the scan direction the options ask for (see ScanDirection). `run` itself always scans A
/// into B. Reads no clock (timeNs stays 0): loops over many calls time themselves once per batch. Spends one
/// unit of options.budget (the one work budget), when there is one.
CollisionResult runAlgorithm(const Algorithm& algorithm, const Body& a, const Body& b, const TestOptions& options);

/// runAlgorithm with the call's wall time in the result's timeNs: for the callers that report a time per
/// test (`check`, the sandbox's Collision table, Python's `time_ns`).
CollisionResult runAlgorithmTimed(const Algorithm& algorithm, const Body& a, const Body& b, const TestOptions& options);

/// The pixel test the sandbox and the CLI draw and report by default.
inline constexpr std::string_view kDefaultPixelAlgorithm = "pixel-fast";

}  // namespace cl
