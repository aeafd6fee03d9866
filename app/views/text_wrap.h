#pragma once
// Text wrapped only at the spaces between parts, never inside a number or a bracketed vector: ImGui's own
// wrapping also breaks after '.' and ',', which splits "(-0.9487, -0.3162)" into "(-0.9487, -0." and "3162)".

#include <functional>
#include <string_view>
#include <vector>

#include <imgui.h>

namespace cl {

/// The lines `text` wraps into at `width`, measured by `measure`: breaks only at spaces outside brackets
/// ((), []), the breaking spaces dropped; a part wider than `width` gets a line of its own.
std::vector<std::string_view> wrapWhole(std::string_view text, double width,
                                        const std::function<double(std::string_view)>& measure);

/// Puts the next item on the current line (after `spacing` pixels; < 0: the style's item spacing) when `width`
/// pixels of it fit before the window's content edge, else on a new line: rows of keys or buttons that wrap whole.
void sameLineIfFits(float width, float spacing = -1.0f);

/// ImGui::TextWrapped(fmt, ...) in the disabled (grey) colour: a note, wrapped at the window's content width.
void textDisabledWrapped(const char* fmt, ...) IM_FMTARGS(1);

/// ImGui::TextWrapped with wrapWhole's breaks, in the current text colour, at the window's content width.
void textWrappedWhole(std::string_view text);

}  // namespace cl
