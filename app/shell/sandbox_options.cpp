#include "app/shell/sandbox_options.h"

#include <charconv>

#include "core/game/game_settings.h"

namespace cl {

namespace {

bool parsePositiveInt(std::string_view text, int& out) {
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size() || value <= 0) return false;
    out = value;
    return true;
}

}  // namespace

SandboxOptionsResult parseSandboxOptions(std::span<const std::string_view> args) {
    SandboxOptionsResult result;
    SandboxOptions& o = result.options;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view arg = args[i];
        auto value = [&](std::string_view& out) {
            if (i + 1 >= args.size()) {
                result.error = std::string(arg) + ": needs a value";
                return false;
            }
            out = args[++i];
            return true;
        };
        std::string_view v;
        if (arg == "--help" || arg == "-h") {
            o.help = true;
        } else if (arg == "--frames") {
            if (!value(v)) return result;
            if (!parsePositiveInt(v, o.frames)) {
                result.error = "--frames: expected a positive whole number, got '" + std::string(v) + "'";
                return result;
            }
        } else if (arg == "--screenshot") {
            if (!value(v)) return result;
            o.screenshot = std::filesystem::path(v);
        } else if (arg == "--save-bug-report") {
            if (!value(v)) return result;
            o.bugReport = std::filesystem::path(v);
        } else if (arg == "--describe-ui") {
            if (!value(v)) return result;
            o.describeUi = std::filesystem::path(v);
        } else if (arg == "--tool") {
            if (!value(v)) return result;
            o.tool = std::string(v);
        } else if (arg == "--game-blocks") {
            if (!value(v)) return result;
            int k = -1;
            const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), k);
            if (ec != std::errc{} || end != v.data() + v.size() || k < 0 || k > kMaxGameBlocks) {
                result.error = "--game-blocks: expected a whole number in [0, " + std::to_string(kMaxGameBlocks) + "], got '" +
                               std::string(v) + "'";
                return result;
            }
            o.gameBlocks = k;
        } else if (arg == "--stats") {
            o.stats = true;
        } else if (arg == "--animate") {
            o.animate = true;
        } else if (arg == "--all-overlays") {
            o.allOverlays = true;
        } else if (arg == "--size") {
            if (!value(v)) return result;
            const auto x = v.find('x');
            if (x == std::string_view::npos || !parsePositiveInt(v.substr(0, x), o.width) ||
                !parsePositiveInt(v.substr(x + 1), o.height)) {
                result.error = "--size: expected WIDTHxHEIGHT, got '" + std::string(v) + "'";
                return result;
            }
        } else if (arg.starts_with("-")) {
            result.error = "unknown option '" + std::string(arg) + "' (see --help)";
            return result;
        } else if (o.scene) {
            result.error = "only one scene can be opened, got '" + o.scene->string() + "' and '" + std::string(arg) + "'";
            return result;
        } else {
            o.scene = std::filesystem::path(arg);
        }
    }
    if (o.bugReport && o.frames <= 0) result.error = "--save-bug-report: needs --frames N";
    if (o.gameBlocks && o.tool.empty()) o.tool = "game";
    return result;
}

std::string sandboxUsage() {
    return "usage: collision-lab [SCENE] [--frames N] [--screenshot PNG] [--stats] [--animate] [--all-overlays] [--size WxH]\n"
           "                    [--tool NAME] [--save-bug-report FILE] [--describe-ui FILE] [--game-blocks K]\n"
           "       collision-lab check ...   (the headless checker; see collision-lab check --help)\n"
           "\n"
           "  SCENE            scene file to open (default: the bundled assets/scenes/default.json)\n"
           "  --frames N       quit after N frames (scripted runs use the default settings and save none)\n"
           "  --screenshot PNG save the last frame as a PNG (with --frames)\n"
           "  --stats          with --frames: print p50/p95/p99 of the per-frame work in ms\n"
           "  --animate        turn and move sprite A a little every frame, like a drag (for --stats)\n"
           "  --all-overlays   switch every overlay on\n"
           "  --size WxH       window size in pixels (default 1600x900)\n"
           "  --tool NAME      open this tool's tab (its title or id: contact, game, step-through, ...)\n"
           "  --save-bug-report FILE  with --frames: after the last frame, save what File > Save as bug report\n"
           "                   saves with every test recorded (the same code path), then quit\n"
           "  --describe-ui FILE  at exit, write what the panels show as JSON (open tab, title, notes, file,\n"
           "                   status, errors, sprites, frames): for scripted UI tests\n"
           "  --game-blocks K  start the Game tool playing at once with K blocks (the field filled, steady spawn;\n"
           "                   opens its tab): for --stats runs and screenshots of the game\n";
}

}  // namespace cl
