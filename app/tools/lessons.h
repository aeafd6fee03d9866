#pragma once
// The bundled lessons (assets/scenes/*.json): the File > Lessons menu lists them and the Notes tool steps
// through the ones named lesson-*.

#include <filesystem>
#include <vector>

namespace cl {

/// The scenes in `assetsDir`/scenes (*.json), sorted by name; empty when `assetsDir` is empty or unreadable.
std::vector<std::filesystem::path> lessonScenes(const std::filesystem::path& assetsDir);

/// The lessons before and after an open scene (empty paths at the ends).
struct LessonNeighbours {
    std::filesystem::path previous, next;
    bool isLesson = false;  ///< The open scene is one of the bundled lessons.
};

/// The lesson-* scenes around `openFile`; for a scene that is not a lesson, no previous and the first lesson as next.
LessonNeighbours lessonNeighbours(const std::filesystem::path& assetsDir, const std::filesystem::path& openFile);

}  // namespace cl
