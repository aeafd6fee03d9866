#pragma once
// The sandbox's command line: `collision-lab [SCENE] [--frames N] [--screenshot PNG] [--stats] ...`, its
// options as rows of the one option parser (app/cli/options.h).

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "app/cli/options.h"

namespace cl {

/// What the command line asked for.
struct SandboxOptions {
    std::optional<std::filesystem::path> scene;      ///< Scene to open; the bundled default when empty.
    int frames = -1;                                 ///< Quit after this many frames; -1 runs until closed.
    std::optional<std::filesystem::path> screenshot; ///< Save the last frame as a PNG here.
    bool stats = false;                              ///< Print p50/p95/p99 of the per-frame work at exit.
    bool animate = false;                            ///< Turn and move sprite A a little every frame (a drag stand-in for --stats).
    bool allOverlays = false;                        ///< Switch every overlay on.
    std::optional<std::filesystem::path> bugReport;  ///< With --frames: save a bug report here after the last frame.
    std::optional<std::filesystem::path> describeUi; ///< At exit, write what the panels show (JSON) here.
    std::string tool;                                ///< Open this tool's tab (its id or title, any case); empty: none.
    std::optional<int> gameBlocks;                   ///< --game-blocks K: the Game tool plays from the start with K blocks.
    bool help = false;                               ///< Print usage and quit.
    int width = 1600;                                ///< Window size.
    int height = 900;
    bool sizeGiven = false;                          ///< --size was given: it wins over the saved window size.
    std::optional<double> uiScale;                   ///< --ui-scale S: wins over the saved UI scale (and is saved).
};

/// Parsed options, or a message naming the bad argument.
struct SandboxOptionsResult {
    SandboxOptions options;
    std::string error;  ///< Empty on success.
};

/// The sandbox's positional SCENE and its option rows.
CommandOptions sandboxOptions();

/// A checked command line (of sandboxOptions()) as SandboxOptions, or the message of a combination it refuses.
SandboxOptionsResult sandboxOptionsFrom(const ParsedOptions& parsed);

/// Parses the arguments after the program name: parseOptions with sandboxOptions(), then sandboxOptionsFrom.
SandboxOptionsResult parseSandboxOptions(std::span<const std::string_view> args);

/// The window size to open: --size when given, the saved size in an interactive run (no --frames), the
/// default size in a scripted run (which ignores saved settings).
std::pair<int, int> startWindowSize(const SandboxOptions& options, int savedWidth, int savedHeight);

}  // namespace cl
