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

TEST(Lessons, TheMenuShowsTheSceneTitleElseItsNotesHeadingElseTheFileName) {
    const auto dir = std::filesystem::temp_directory_path() / "collision-lab-lessons-test-titles";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir / "scenes");
    const auto write = [&](const char* file, const std::string& text) { std::ofstream(dir / "scenes" / file) << text; };
    write("a-title.json", R"({"title": "  Lesson 1: circle vs box ", "notes": "# Not this"})");
    write("b-heading.json", R"({"title": "", "notes": "## Rotated box\nmore text"})");
    write("c-plain-notes.json", R"({"notes": "Not a heading"})");
    write("d-broken.json", R"({"title": )");
    write("e-not-object.json", R"(["title"])");
    write("f-long.json", "{\"title\": \"" + std::string(98, 'x') + "\u00e9\u00e9\"}");
    write("g-hashes-only.json", R"({"notes": "###"})");
    write("h-two-lines.json", R"({"title": "first\nsecond"})");
    const auto menu = lessonMenu(dir);
    ASSERT_EQ(menu.size(), 8u);
    EXPECT_EQ(menu[0].title, "Lesson 1: circle vs box");
    EXPECT_EQ(menu[0].file.filename(), "a-title.json");
    EXPECT_EQ(menu[1].title, "Rotated box");
    EXPECT_EQ(menu[2].title, "c-plain-notes");
    EXPECT_EQ(menu[3].title, "d-broken");
    EXPECT_EQ(menu[4].title, "e-not-object");
    // 98 x and two 2-byte characters: 102 bytes; cut to 97 bytes (no half character) and "...".
    EXPECT_EQ(menu[5].title, std::string(97, 'x') + "...");
    EXPECT_EQ(menu[6].title, "g-hashes-only");
    EXPECT_EQ(menu[7].title, "first");
    EXPECT_EQ(lessonTitle(dir / "scenes" / "missing.json"), "missing");
    std::filesystem::remove_all(dir);
}

TEST(Lessons, EveryBundledSceneHasATitleOfItsOwnInTheMenu) {
    const auto menu = lessonMenu(std::filesystem::path(COLLISION_LAB_SOURCE_DIR) / "assets");
    ASSERT_FALSE(menu.empty());
    for (const LessonEntry& entry : menu) EXPECT_NE(entry.title, entry.file.stem().string()) << entry.file;
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
