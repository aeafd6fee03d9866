#include "app/shell/sandbox_options.h"

#include <cstdio>

#include "app/shell/app_settings.h"
#include "app/shell/window_limits.h"
#include "core/game/game_settings.h"

namespace cl {

namespace {

std::string formatUiScaleRange() {
    char text[64];
    std::snprintf(text, sizeof text, "%g .. %g", kMinUiScale, kMaxUiScale);
    return text;
}

}  // namespace

CommandOptions sandboxOptions() {
    CommandOptions c;
    c.positional = "SCENE";
    c.positionalNoun = "scene";
    c.intro = "Opens the sandbox: the scene SCENE (default: the bundled assets/scenes/default.json) in a window.\n";
    c.rows = {
        wholeOption("--frames", "N", 1, 1000000, "quit after N frames (scripted runs use the default settings and save none)"),
        pathOption("--screenshot", "PNG", "save the last frame as a PNG (with --frames)"),
        flagOption("--stats", "with --frames: print p50/p95/p99 of the per-frame work in ms"),
        flagOption("--animate", "turn and move sprite A a little every frame, like a drag (for --stats)"),
        flagOption("--all-overlays", "switch every overlay on"),
        wholeSizeOption("--size", "WxH", kMinWindowWidth, kMaxWindowSide, kMinWindowHeight, kMaxWindowSide,
                        "window size in pixels, width " + std::to_string(kMinWindowWidth) + " .. " +
                            std::to_string(kMaxWindowSide) + ", height " + std::to_string(kMinWindowHeight) + " .. " +
                            std::to_string(kMaxWindowSide) +
                            "; it wins over the size saved by\nthe last run (default: that size; 1600x900 in a scripted run)"),
        numberOption("--ui-scale", "S", kMinUiScale, kMaxUiScale,
                     "scale the fonts, panels and handles by S (1 is 100 %, 2 for a 2560x1440 screen or a\n"
                     "projector), " + formatUiScaleRange() + "; it wins over View > UI scale and is saved\n"
                     "(default: the saved scale; 1 in a scripted run)"),
        textOption("--tool", "NAME", "open this tool's tab (its title or id: contact, game, step-through, ...)"),
        pathOption("--save-bug-report", "FILE",
                   "with --frames: after the last frame, save what File > Save as bug report\n"
                   "saves with its defaults (every test but those needing a display; the same\ncode path), then quit"),
        pathOption("--describe-ui", "FILE",
                   "at exit, write what the panels show as JSON (open tab, title, notes, file,\n"
                   "status, errors, sprites, frames): for scripted UI tests"),
        wholeOption("--game-blocks", "K", 0, std::uint64_t(kMaxGameBlocks),
                    "start the Game tool playing at once with K blocks (the field filled, steady spawn;\n"
                    "opens its tab): for --stats runs and screenshots of the game"),
    };
    return c;
}

SandboxOptionsResult sandboxOptionsFrom(const ParsedOptions& parsed) {
    SandboxOptionsResult result;
    SandboxOptions& o = result.options;
    if (parsed.positional()) o.scene = std::filesystem::path(*parsed.positional());
    if (auto frames = parsed.whole("--frames")) o.frames = static_cast<int>(*frames);
    if (auto file = parsed.text("--screenshot")) o.screenshot = std::filesystem::path(*file);
    o.stats = parsed.has("--stats");
    o.animate = parsed.has("--animate");
    o.allOverlays = parsed.has("--all-overlays");
    if (auto size = parsed.size("--size")) {
        o.width = static_cast<int>((*size)[0]);
        o.height = static_cast<int>((*size)[1]);
        o.sizeGiven = true;
    }
    o.uiScale = parsed.number("--ui-scale");
    o.tool = parsed.text("--tool").value_or("");
    if (auto file = parsed.text("--save-bug-report")) o.bugReport = std::filesystem::path(*file);
    if (auto file = parsed.text("--describe-ui")) o.describeUi = std::filesystem::path(*file);
    if (auto blocks = parsed.whole("--game-blocks")) o.gameBlocks = static_cast<int>(*blocks);
    o.help = parsed.help();
    if (o.bugReport && o.frames <= 0) result.error = "--save-bug-report: needs --frames N";
    if (o.gameBlocks && o.tool.empty()) o.tool = "game";
    return result;
}

SandboxOptionsResult parseSandboxOptions(std::span<const std::string_view> args) {
    const OptionsResult parsed = parseOptions(sandboxOptions(), args);
    if (!parsed.ok()) {
        SandboxOptionsResult result;
        result.error = parsed.error;
        return result;
    }
    return sandboxOptionsFrom(parsed.options);
}

std::pair<int, int> startWindowSize(const SandboxOptions& options, int savedWidth, int savedHeight) {
    if (options.sizeGiven || options.frames > 0) return {options.width, options.height};
    return {savedWidth, savedHeight};
}

}  // namespace cl
