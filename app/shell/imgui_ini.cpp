#include "app/shell/imgui_ini.h"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "core/io/bounded_file.h"

namespace cl {
namespace {

// True when every number on the line is within the limit (and the line has no NUL byte).
bool lineIsSane(std::string_view line) {
    if (line.find('\0') != std::string_view::npos) return false;
    std::size_t i = 0;
    while (i < line.size()) {
        const char c = line[i];
        const bool starts = (c >= '0' && c <= '9') || ((c == '-' || c == '+' || c == '.') && i + 1 < line.size() &&
                                                       ((line[i + 1] >= '0' && line[i + 1] <= '9') || line[i + 1] == '.'));
        if (!starts) {
            ++i;
            continue;
        }
        std::size_t end = i + 1;
        while (end < line.size() && ((line[end] >= '0' && line[end] <= '9') || line[end] == '.' || line[end] == 'e' ||
                                     line[end] == 'E' || ((line[end] == '-' || line[end] == '+') &&
                                                          (line[end - 1] == 'e' || line[end - 1] == 'E')))) {
            ++end;
        }
        // Hex ids (ImGui writes "0x1A2B...") are parsed as text by ImGui; a run of more than 12 digits is
        // no coordinate. Only decimal numbers are measured.
        const std::string number(line.substr(i, end - i));
        const bool hexId = i > 0 && (line[i - 1] == 'x' || line[i - 1] == 'X');
        if (!hexId) {
            char* parsedEnd = nullptr;
            const double value = std::strtod(number.c_str(), &parsedEnd);
            if (!std::isfinite(value) || std::fabs(value) > kMaxImguiIniNumber) return false;
        }
        i = end;
    }
    return true;
}

}  // namespace

std::string sanitizedImguiIni(std::string_view text, const std::filesystem::path& file, std::vector<std::string>& warnings) {
    std::string out;
    out.reserve(text.size());
    std::size_t dropped = 0;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view line = text.substr(start, end - start);
        // Section headers ("[Window][Name]") hold names, not numbers.
        if (!line.empty() && line.front() == '[' ? line.find('\0') == std::string_view::npos : lineIsSane(line)) {
            out.append(line);
            out.push_back('\n');
        } else {
            ++dropped;
        }
        start = end + 1;
    }
    if (dropped > 0) {
        warnings.push_back(file.string() + ": " + std::to_string(dropped) +
                           " line(s) with impossible window positions or sizes were ignored; those windows use their defaults");
    }
    return out;
}

std::string readImguiIni(const std::filesystem::path& file, std::vector<std::string>& warnings) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) return {};
    const FileReadResult text = readBoundedFile(file, kMaxImguiIniBytes, "layout file");
    if (!text.ok()) {
        warnings.push_back(file.string() + ": " + text.problem + "; the panels use their default layout");
        return {};
    }
    return sanitizedImguiIni(*text.bytes, file, warnings);
}

}  // namespace cl
