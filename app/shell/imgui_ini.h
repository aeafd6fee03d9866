#pragma once
// ImGuiIni: Dear ImGui's layout file (imgui.ini) cleaned before ImGui reads it. ImGui parses the numbers
// in it with sscanf into ints and floats and trusts them; a hand-edited or damaged file could place
// windows at 1e308 or give them absurd sizes. Lines with such numbers are dropped (ImGui then uses its
// defaults for that window), and a file too big to be a layout is ignored.

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace cl {

/// Largest imgui.ini read; ImGui writes a few KB.
inline constexpr std::size_t kMaxImguiIniBytes = 1024 * 1024;
/// Largest magnitude a number in imgui.ini may have (positions and sizes in pixels).
inline constexpr double kMaxImguiIniNumber = 100000.0;

/// `text` without the lines ImGui should not see: any number beyond ±kMaxImguiIniNumber, NUL bytes.
/// Adds one warning naming `file` when something was dropped.
std::string sanitizedImguiIni(std::string_view text, const std::filesystem::path& file, std::vector<std::string>& warnings);

/// Reads and cleans `file`; empty (ImGui's defaults) when it is missing, unreadable or too big (with a warning).
std::string readImguiIni(const std::filesystem::path& file, std::vector<std::string>& warnings);

}  // namespace cl
