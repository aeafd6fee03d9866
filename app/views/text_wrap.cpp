#include "app/views/text_wrap.h"

#include <cstdarg>

#include <imgui.h>

namespace cl {

std::vector<std::string_view> wrapWhole(std::string_view text, double width,
                                        const std::function<double(std::string_view)>& measure) {
    // The spaces a line may break at: outside brackets.
    std::vector<std::size_t> breaks;
    int depth = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '(' || c == '[') ++depth;
        else if ((c == ')' || c == ']') && depth > 0) --depth;
        else if (c == ' ' && depth == 0) breaks.push_back(i);
    }
    breaks.push_back(text.size());

    std::vector<std::string_view> lines;
    std::size_t start = 0;  // the current line's first character
    std::size_t k = 0;      // the next break to try
    while (k < breaks.size()) {
        // The line takes its first part whatever its width, then every further part that still fits.
        std::size_t end = breaks[k++];
        while (k < breaks.size() && measure(text.substr(start, breaks[k] - start)) <= width) end = breaks[k++];
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

void sameLineIfFits(float width, float spacing) {
    ImGui::SameLine(0.0f, spacing);
    if (ImGui::GetCursorPosX() + width > ImGui::GetWindowContentRegionMax().x) ImGui::NewLine();
}

void textDisabledWrapped(const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrappedV(fmt, args);
    ImGui::PopStyleColor();
    va_end(args);
}

void textWrappedWhole(std::string_view text) {
    const double width = ImGui::GetContentRegionAvail().x;
    const auto measure = [](std::string_view part) { return double(ImGui::CalcTextSize(part.data(), part.data() + part.size()).x); };
    for (const std::string_view line : wrapWhole(text, width, measure)) ImGui::TextUnformatted(line.data(), line.data() + line.size());
}

}  // namespace cl
