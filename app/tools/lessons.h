#pragma once
// The bundled lessons (assets/scenes/*.json): the File > Lessons menu lists them and the Notes tool steps
// through the ones named lesson-*.

#include <filesystem>
#include <string>
#include <vector>

namespace cl {

/// The scenes in `assetsDir`/scenes (*.json), sorted by name; empty when `assetsDir` is empty or unreadable.
std::vector<std::filesystem::path> lessonScenes(const std::filesystem::path& assetsDir);

/// A scene's name for the Lessons menu: its "title", else the first line of its notes when that is a
/// heading ("# Circle vs box"), else the file's stem. Reads the file's JSON only (at most
/// kMaxLessonTitleFileBytes; a larger or unreadable file gives the stem), never its images; at most
/// kMaxLessonTitleChars bytes, a longer title cut at a character boundary and ended with "...".
std::string lessonTitle(const std::filesystem::path& scene);
inline constexpr std::uintmax_t kMaxLessonTitleFileBytes = 4 * 1024 * 1024;
inline constexpr std::size_t kMaxLessonTitleChars = 100;

/// One row of the Lessons menu.
struct LessonEntry {
    std::filesystem::path file;
    std::string title;  ///< lessonTitle(file).
};

/// lessonScenes(assetsDir) with their titles, in the same order.
std::vector<LessonEntry> lessonMenu(const std::filesystem::path& assetsDir);

/// The lessons before and after an open scene (empty paths at the ends).
struct LessonNeighbours {
    std::filesystem::path previous, next;
    bool isLesson = false;  ///< The open scene is one of the bundled lessons.
};

/// The lesson-* scenes around `openFile`; for a scene that is not a lesson, no previous and the first lesson as next.
LessonNeighbours lessonNeighbours(const std::filesystem::path& assetsDir, const std::filesystem::path& openFile);

}  // namespace cl
