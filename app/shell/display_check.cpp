#include "app/shell/display_check.h"

#include <cstdlib>
#include <memory>

#include <X11/Xlib.h>

namespace cl {

std::optional<std::string> displayProblem() {
    const char* name = std::getenv("DISPLAY");
    const std::string how =
        "The sandbox needs a graphical display. Run it on a desktop, or without one under a virtual X server:\n"
        "  xvfb-run -a collision-lab [SCENE]\n"
        "`collision-lab check SCENE` runs the collision tests without a display.";
    if (!name || !*name) return "no display: DISPLAY is not set.\n" + how;
    // The connection stays open until the process exits: closing the only client would make the X server
    // reset (Xvfb under xvfb-run does), and the window opened right after would find no display.
    static const std::unique_ptr<Display, int (*)(Display*)> display(XOpenDisplay(nullptr), &XCloseDisplay);
    if (!display) return "cannot open the display \"" + std::string(name) + "\".\n" + how;
    return std::nullopt;
}

}  // namespace cl
