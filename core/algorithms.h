#pragma once
// The table of every collision test by name: the app, the CLI, the tests and the benchmarks use it.

#include <span>
#include <string_view>

#include "core/collision_result.h"

namespace cl {

/// What a test looks at: a bounding shape, or the pixels.
enum class AlgorithmKind { Bound, Pixel };

/// One named test.
struct Algorithm {
    std::string_view name;     ///< The one name used everywhere, e.g. "pixel-step".
    AlgorithmKind kind;
    std::string_view summary;  ///< One line for help texts and tooltips.
    CollisionResult (*run)(const Body& a, const Body& b, const TestOptions& options);
    /// True for the tests that walk one sprite's samples into the other (they honour TestOptions::scan).
    bool directional = false;
    /// True for a test that must run on the thread that set it up (the OpenGL `gpu` test keeps its context
    /// per thread); the others may run on any thread, several at once.
    bool threadBound = false;
};

/// Every test: the core library's, cheap ones first, then any added with addAlgorithm(), in the order
/// tables list them.
std::span<const Algorithm> algorithms();

/// Appends a test that lives outside core (the executable adds its OpenGL `gpu` test at start-up, in
/// main()). Call before other threads use the table; a name already present is ignored.
void addAlgorithm(const Algorithm& algorithm);

/// The test with this name, or nullptr.
const Algorithm* findAlgorithm(std::string_view name);

/// Runs a test in the scan direction the options ask for (see ScanDirection) and records its wall time
/// in the result's timeNs. `run` itself always scans A into B.
CollisionResult runAlgorithm(const Algorithm& algorithm, const Body& a, const Body& b, const TestOptions& options);

/// The pixel test the sandbox and the CLI draw and report by default.
inline constexpr std::string_view kDefaultPixelAlgorithm = "pixel-fast";

}  // namespace cl
