// The bundled lessons: the scenes folder listed in name order, and the lessons around the open scene.
#include "app/tools/lessons.h"

#include <fstream>

#include <gtest/gtest.h>

namespace cl {
namespace {

std::filesystem::path makeAssets(const char* name) {
    const auto dir = std::filesystem::temp_directory_path() / ("collision-lab-lessons-test-" + std::string(name));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir / "scenes");
    for (const char* file : {"lesson-02-b.json", "default.json", "lesson-01-a.json", "lesson-03-c.json", "notes.txt"}) {
        std::ofstream(dir / "scenes" / file) << "{}";
    }
    return dir;
}

TEST(Lessons, TheScenesFolderIsListedInNameOrderJsonOnly) {
    const auto dir = makeAssets("list");
    const auto scenes = lessonScenes(dir);
    ASSERT_EQ(scenes.size(), 4u);
    EXPECT_EQ(scenes[0].filename(), "default.json");
    EXPECT_EQ(scenes[1].filename(), "lesson-01-a.json");
    EXPECT_EQ(scenes[3].filename(), "lesson-03-c.json");
    EXPECT_TRUE(lessonScenes({}).empty());
    EXPECT_TRUE(lessonScenes(dir / "missing").empty());
    std::filesystem::remove_all(dir);
}

TEST(Lessons, AMiddleLessonHasBothNeighboursAndTheEndsOne) {
    const auto dir = makeAssets("neighbours");
    const LessonNeighbours middle = lessonNeighbours(dir, dir / "scenes" / "lesson-02-b.json");
    EXPECT_TRUE(middle.isLesson);
    EXPECT_EQ(middle.previous.filename(), "lesson-01-a.json");
    EXPECT_EQ(middle.next.filename(), "lesson-03-c.json");
    const LessonNeighbours first = lessonNeighbours(dir, dir / "scenes" / "lesson-01-a.json");
    EXPECT_TRUE(first.previous.empty());
    EXPECT_EQ(first.next.filename(), "lesson-02-b.json");
    const LessonNeighbours last = lessonNeighbours(dir, dir / "scenes" / "lesson-03-c.json");
    EXPECT_EQ(last.previous.filename(), "lesson-02-b.json");
    EXPECT_TRUE(last.next.empty());
    std::filesystem::remove_all(dir);
}

TEST(Lessons, AnotherSceneIsNoLessonAndOffersTheFirst) {
    const auto dir = makeAssets("other");
    for (const std::filesystem::path& open : {dir / "scenes" / "default.json", std::filesystem::path()}) {
        const LessonNeighbours n = lessonNeighbours(dir, open);
        EXPECT_FALSE(n.isLesson);
        EXPECT_TRUE(n.previous.empty());
        EXPECT_EQ(n.next.filename(), "lesson-01-a.json");
    }
    EXPECT_TRUE(lessonNeighbours({}, dir / "scenes" / "lesson-01-a.json").next.empty());
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace cl
