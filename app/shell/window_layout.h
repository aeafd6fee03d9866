#pragma once
// The window's regions as a pure function of the window size and the sizes the user chose: the left
// column, the legend strip, the world and local views (the local view's control strip on top), the
// Collision panel, and the three draggable splitters between them. Clamped so that nothing essential
// clips from 1024x600 up.

#include "core/base/geometry.h"

namespace cl {

struct AppSettings;

/// Rectangles of the window's regions (window pixels), recomputed every frame.
struct SandboxLayout {
    float menuHeight = 0.0f;
    Rect inspector;
    Rect legend;    ///< The legend strip above the views; empty when the legend is hidden.
    float legendHeight = 0.0f;    ///< The legend's height as its rows needed last frame (0: not measured yet).
    Rect world;
    Rect localBar;  ///< The local view's control strip (reference, samples, frame); empty with the view.
    float localBarHeight = 0.0f;  ///< The strip's height as its rows needed last frame (0: not measured yet).
    Rect local;     ///< Empty when the local view is hidden.
    Rect bottom;    ///< The Collision panel.
    float bottomNeeded = 0.0f;    ///< The Collision panel's height for every table row, as measured last frame (0: not yet).
    Rect inspectorSplitter;  ///< Drag: the left column's width.
    Rect bottomSplitter;     ///< Drag: the Collision panel's height.
    Rect viewSplitter;       ///< Drag: the world / local split; empty when the local view is hidden.
};

/// What the layout is computed from.
struct LayoutInput {
    glm::dvec2 window{1600.0, 900.0};
    double menuHeight = 19.0;
    double inspectorWidth = 420.0;    ///< Wanted (AppSettings); clamped.
    double bottomHeight = 300.0;      ///< Wanted; clamped.
    double bottomNeeded = 0.0;        ///< Measured: the panel's height for all its table rows; 0 when unknown.
    double localViewFraction = 0.45;  ///< Wanted share of the views' width for the local view; clamped.
    bool showLegend = true;
    double legendHeight = 0.0;        ///< Measured; 0 uses kDefaultStripHeight * 2.
    bool showLocalView = true;
    double localBarHeight = 0.0;      ///< Measured; 0 uses kDefaultStripHeight.
};

/// Splitter thickness: the gap between two regions that the mouse grabs.
inline constexpr double kSplitterPx = 6.0;
/// A strip's height before it has been measured.
inline constexpr double kDefaultStripHeight = 30.0;
/// Narrowest left column; it may never take more than kMaxInspectorShare of the window either.
inline constexpr double kMinInspectorWidth = 240.0;
inline constexpr double kMaxInspectorShare = 0.4;
/// Lowest Collision panel (header, scan line, a few rows); at most kMaxBottomShare of the height under the menu.
inline constexpr double kMinBottomHeight = 120.0;
inline constexpr double kMaxBottomShare = 0.42;
/// When its table needs more than kMaxBottomShare (a low window, a large UI scale), the panel may grow to what
/// the table needs, up to this share.
inline constexpr double kMaxBottomNeededShare = 0.55;
/// Narrowest world or local view.
inline constexpr double kMinViewWidth = 180.0;

/// The regions for `in` (sizes clamped as above; strips get at most half the views' height).
SandboxLayout layoutWindow(const LayoutInput& in);

/// The layout's inputs from the settings: window size, menu height and the measured strips are the caller's.
LayoutInput layoutInput(const AppSettings& settings, glm::dvec2 window, double menuHeight, const SandboxLayout& measured);

/// Puts the layout settings (column width, panel height, view split, legend and local view shown) back to
/// their defaults.
void resetLayout(AppSettings& settings);

}  // namespace cl
