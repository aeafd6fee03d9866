#include "app/tools/lessons.h"

#include <algorithm>
#include <system_error>

#include "core/io/bounded_file.h"
#include "core/io/bounded_json.h"

namespace cl {

std::vector<std::filesystem::path> lessonScenes(const std::filesystem::path& assetsDir) {
    std::vector<std::filesystem::path> scenes;
    if (assetsDir.empty()) return scenes;
    std::error_code ec;
    for (std::filesystem::directory_iterator it(assetsDir / "scenes", ec), end; !ec && it != end; it.increment(ec)) {
        if (it->path().extension() == ".json") scenes.push_back(it->path());
    }
    std::sort(scenes.begin(), scenes.end());
    return scenes;
}

namespace {

// At most kMaxLessonTitleChars bytes, not ending inside a UTF-8 character; one line.
std::string menuText(std::string text) {
    if (const auto end = text.find_first_of("\r\n"); end != std::string::npos) text.resize(end);
    if (text.size() <= kMaxLessonTitleChars) return text;
    std::size_t cut = kMaxLessonTitleChars - 3;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // a continuation byte
    return text.substr(0, cut) + "...";
}

std::string trimmed(std::string_view text) {
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos) return {};
    const auto last = text.find_last_not_of(" \t\r");
    return std::string(text.substr(first, last - first + 1));
}

}  // namespace

std::string lessonTitle(const std::filesystem::path& scene) {
    const std::string stem = menuText(scene.stem().string());
    const FileReadResult text = readBoundedFile(scene, kMaxLessonTitleFileBytes, "scene file");
    if (!text.ok()) return stem;
    const JsonParseResult parsed = parseBoundedJson(*text.bytes);
    if (!parsed.ok() || !parsed.json->is_object()) return stem;
    const nlohmann::json& json = *parsed.json;
    if (const auto it = json.find("title"); it != json.end() && it->is_string()) {
        const std::string title = trimmed(it->get_ref<const std::string&>());
        if (!title.empty()) return menuText(title);
    }
    if (const auto it = json.find("notes"); it != json.end() && it->is_string()) {
        const std::string& notes = it->get_ref<const std::string&>();
        const std::string_view first = std::string_view(notes).substr(0, notes.find('\n'));
        const std::size_t text = first.find_first_not_of('#');
        if (!first.empty() && first[0] == '#' && text != std::string_view::npos) {
            const std::string heading = trimmed(first.substr(text));
            if (!heading.empty()) return menuText(heading);
        }
    }
    return stem;
}

std::vector<LessonEntry> lessonMenu(const std::filesystem::path& assetsDir) {
    std::vector<LessonEntry> entries;
    for (std::filesystem::path& file : lessonScenes(assetsDir)) {
        std::string title = lessonTitle(file);
        entries.push_back({std::move(file), std::move(title)});
    }
    return entries;
}

LessonNeighbours lessonNeighbours(const std::filesystem::path& assetsDir, const std::filesystem::path& openFile) {
    std::vector<std::filesystem::path> lessons;
    for (const std::filesystem::path& scene : lessonScenes(assetsDir)) {
        if (scene.stem().string().rfind("lesson-", 0) == 0) lessons.push_back(scene);
    }
    LessonNeighbours out;
    if (lessons.empty()) return out;
    for (std::size_t i = 0; i < lessons.size(); ++i) {
        std::error_code ec;
        if (openFile.empty() || !std::filesystem::equivalent(lessons[i], openFile, ec)) continue;
        out.isLesson = true;
        if (i > 0) out.previous = lessons[i - 1];
        if (i + 1 < lessons.size()) out.next = lessons[i + 1];
        return out;
    }
    out.next = lessons.front();
    return out;
}

}  // namespace cl
