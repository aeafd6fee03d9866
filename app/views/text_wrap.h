#pragma once
// Text wrapped only at the spaces between parts, never inside a number or a bracketed vector: ImGui's own
// wrapping also breaks after '.' and ',', which splits "(-0.9487, -0.3162)" into "(-0.9487, -0." and "3162)".

#include <functional>
#include <string_view>
#include <vector>

namespace cl {

/// The lines `text` wraps into at `width`, measured by `measure`: breaks only at spaces outside brackets
/// ((), []), the breaking spaces dropped; a part wider than `width` gets a line of its own.
std::vector<std::string_view> wrapWhole(std::string_view text, double width,
                                        const std::function<double(std::string_view)>& measure);

/// ImGui::TextWrapped with wrapWhole's breaks, in the current text colour, at the window's content width.
void textWrappedWhole(std::string_view text);

}  // namespace cl
