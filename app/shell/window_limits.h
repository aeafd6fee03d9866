#pragma once
// The window sizes the sandbox accepts, saved in its settings or asked for with --size.

namespace cl {

/// Narrower leaves no room for the panels.
inline constexpr int kMinWindowWidth = 640;
/// Lower leaves no room for the panels.
inline constexpr int kMinWindowHeight = 480;
/// Longest side: far larger windows (100000x900) hang inside window creation.
inline constexpr int kMaxWindowSide = 8192;

}  // namespace cl
