#include "app/tools/lessons.h"

#include <algorithm>
#include <system_error>

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
