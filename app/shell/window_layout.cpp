#include "app/shell/window_layout.h"

#include <algorithm>
#include <cmath>

#include "app/shell/app_settings.h"

namespace cl {

namespace {

// std::clamp with the upper bound winning when the window is too small for both.
double fit(double value, double low, double high) { return std::max(std::min(value, high), std::min(low, high)); }

}  // namespace

SandboxLayout layoutWindow(const LayoutInput& in) {
    SandboxLayout l;
    const double w = std::max(in.window.x, 1.0), h = std::max(in.window.y, 1.0);
    const double top = in.menuHeight;
    l.menuHeight = float(top);
    l.legendHeight = float(in.legendHeight);
    l.localBarHeight = float(in.localBarHeight);
    l.bottomNeeded = float(in.bottomNeeded);

    const double inspectorWidth = std::floor(fit(in.inspectorWidth, kMinInspectorWidth,
                                                 std::min(w * kMaxInspectorShare, w - 2.0 * kMinViewWidth - kSplitterPx)));
    // A wanted height above the share still gets every row of the Collision table, as far as the larger share goes.
    const double bottomCap = std::max((h - top) * kMaxBottomShare, std::min(in.bottomNeeded, (h - top) * kMaxBottomNeededShare));
    const double bottomHeight = std::floor(fit(in.bottomHeight, kMinBottomHeight, bottomCap));
    l.inspector = Rect{{0.0, top}, {inspectorWidth, h}};
    l.inspectorSplitter = Rect{{inspectorWidth, top}, {inspectorWidth + kSplitterPx, h}};
    const double right = inspectorWidth + kSplitterPx;
    l.bottom = Rect{{right, h - bottomHeight}, {w, h}};
    l.bottomSplitter = Rect{{right, h - bottomHeight - kSplitterPx}, {w, h - bottomHeight}};
    Rect views{{right, top}, {w, h - bottomHeight - kSplitterPx}};

    // The legend takes its own strip above the views, so nothing in a view is ever under it.
    if (in.showLegend) {
        const double wanted = in.legendHeight > 0.0 ? in.legendHeight : 2.0 * kDefaultStripHeight;
        const double strip = std::floor(std::min(wanted, views.size().y / 2.0));
        l.legend = Rect{views.min, {views.max.x, views.min.y + strip}};
        views.min.y += strip;
    }
    if (!in.showLocalView) {
        l.world = views;
        return l;
    }
    const double fraction = std::clamp(in.localViewFraction, 0.15, 0.85);
    const double usable = views.size().x - kSplitterPx;
    const double localWidth = std::floor(fit(usable * fraction, kMinViewWidth, usable - kMinViewWidth));
    const double split = views.max.x - localWidth - kSplitterPx;
    l.world = Rect{views.min, {split, views.max.y}};
    l.viewSplitter = Rect{{split, views.min.y}, {split + kSplitterPx, views.max.y}};
    Rect local{{split + kSplitterPx, views.min.y}, views.max};
    // The control strip takes its own space too: the local view's content is never under it.
    const double wantedBar = in.localBarHeight > 0.0 ? in.localBarHeight : kDefaultStripHeight;
    const double bar = std::floor(std::min(wantedBar, local.size().y / 2.0));
    l.localBar = Rect{local.min, {local.max.x, local.min.y + bar}};
    local.min.y += bar;
    l.local = local;
    return l;
}

LayoutInput layoutInput(const AppSettings& settings, glm::dvec2 window, double menuHeight, const SandboxLayout& measured) {
    LayoutInput in;
    in.window = window;
    in.menuHeight = menuHeight;
    // The settings hold the sizes at UI scale 1: panels grow with their text.
    in.inspectorWidth = double(settings.inspectorWidth) * settings.uiScale;
    in.bottomHeight = double(settings.bottomHeight) * settings.uiScale;
    in.localViewFraction = settings.localViewFraction;
    in.showLegend = settings.showLegend;
    in.legendHeight = measured.legendHeight;
    in.bottomNeeded = measured.bottomNeeded;
    in.showLocalView = settings.showLocalView;
    in.localBarHeight = measured.localBarHeight;
    return in;
}

void resetLayout(AppSettings& settings) {
    const AppSettings defaults;
    settings.inspectorWidth = defaults.inspectorWidth;
    settings.bottomHeight = defaults.bottomHeight;
    settings.localViewFraction = defaults.localViewFraction;
    settings.showLegend = defaults.showLegend;
    settings.showLocalView = defaults.showLocalView;
}

}  // namespace cl
