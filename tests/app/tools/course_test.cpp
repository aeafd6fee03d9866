// The course (assets/scenes/lesson-*.json): every lesson's view and text agree with its scene and the app, and
// every task is reachable — its goal is false on the scene as it opens and true once its scripted solution is
// applied, asked of the same core function the Notes tool's checklist asks (evaluateGoal).
#include <regex>

#include <gtest/gtest.h>

#include "app/tools/lessons.h"
#include "app/tools/tool.h"
#include "app/tools/tool_registry.h"
#include "app/views/overlays.h"
#include "core/check/task_goal.h"

namespace cl {
namespace {

const std::filesystem::path kAssets = std::filesystem::path(COLLISION_LAB_SOURCE_DIR) / "assets";

std::vector<std::filesystem::path> lessonFiles() {
    std::vector<std::filesystem::path> out;
    for (const auto& file : lessonScenes(kAssets)) {
        if (file.filename().string().rfind("lesson-", 0) == 0) out.push_back(file);
    }
    return out;
}

std::pair<std::size_t, std::size_t> openingPair(const Scene& scene) {
    if (!scene.view.pair) return {0, 1};
    std::pair<std::size_t, std::size_t> out{0, 1};
    for (std::size_t i = 0; i < scene.sprites.size(); ++i) {
        if (scene.sprites[i].name == scene.view.pair->first) out.first = i;
        if (scene.sprites[i].name == scene.view.pair->second) out.second = i;
    }
    return out;
}

/// Every text a student reads in the lesson.
std::vector<std::string> lessonTexts(const Scene& scene) {
    std::vector<std::string> texts{scene.notes, scene.lesson->teaches, scene.lesson->why};
    for (const LessonTask& task : scene.lesson->tasks) {
        texts.push_back(task.text);
        texts.push_back(task.hint);
    }
    return texts;
}

TEST(Course, HasTwentySixLessonsEachWithWhatItTeachesTwoToFourTasksAndWhy) {
    const auto files = lessonFiles();
    ASSERT_EQ(files.size(), 26u);
    for (const auto& file : files) {
        SCOPED_TRACE(file.filename().string());
        const SceneLoadResult loaded = loadScene(file);
        ASSERT_TRUE(loaded.ok()) << loaded.message();
        const Scene& scene = *loaded.scene;
        ASSERT_TRUE(scene.lesson.has_value());
        EXPECT_FALSE(scene.lesson->teaches.empty());
        EXPECT_FALSE(scene.lesson->why.empty());
        EXPECT_GE(scene.lesson->tasks.size(), 2u);
        EXPECT_LE(scene.lesson->tasks.size(), 4u);
        for (const LessonTask& task : scene.lesson->tasks) {
            EXPECT_FALSE(task.text.empty());
            EXPECT_FALSE(task.hint.empty()) << task.text;
            EXPECT_FALSE(task.solution.empty()) << task.text;
        }
    }
}

TEST(Course, EveryLessonsViewNamesAToolAndOverlaysTheAppHas) {
    std::vector<std::string> tools, overlays;
    for (const auto& tool : makeTools()) tools.emplace_back(tool->id());
    for (const OverlayInfo& info : overlayTable()) overlays.emplace_back(info.key);
    for (const auto& file : lessonFiles()) {
        SCOPED_TRACE(file.filename().string());
        const SceneLoadResult loaded = loadScene(file);
        ASSERT_TRUE(loaded.ok()) << loaded.message();
        EXPECT_TRUE(loaded.scene->view.tool.has_value()) << "a lesson says which tool it opens on";
        for (const auto& [path, message] : viewNameProblems(loaded.scene->view, tools, overlays)) ADD_FAILURE() << path << ": " << message;
    }
}

TEST(Course, LessonTextsNameToolsByTheirTitleAndKeyFramesInRangeAndNoTerminalCommands) {
    const auto tools = makeTools();
    // "Contact (F3)": a tool's title and the key that opens it, as the View menu shows them.
    const std::regex toolReference(R"(([A-Z][a-z]+(?: [a-z]+)?) \((F\d+)\))");
    const std::regex frameReference(R"(\bframes? (\d+)(?: (?:and|to|-) (\d+))?)");
    for (const auto& file : lessonFiles()) {
        SCOPED_TRACE(file.filename().string());
        const SceneLoadResult loaded = loadScene(file);
        ASSERT_TRUE(loaded.ok()) << loaded.message();
        const Scene& scene = *loaded.scene;
        for (const std::string& text : lessonTexts(scene)) {
            EXPECT_EQ(text.find("collision-lab "), std::string::npos) << "points at the terminal: " << text;
            EXPECT_EQ(text.find(" --"), std::string::npos) << "names a command-line option: " << text;
            for (std::sregex_iterator it(text.begin(), text.end(), toolReference), end; it != end; ++it) {
                const std::string title = (*it)[1], key = (*it)[2];
                bool found = false;
                for (const auto& tool : tools) found = found || (tool->title() == title && tool->shortcut().text() == key);
                EXPECT_TRUE(found) << "no tool \"" << title << "\" opens with " << key << ": " << text;
            }
            if (scene.timeline.frames > 1) {
                for (std::sregex_iterator it(text.begin(), text.end(), frameReference), end; it != end; ++it) {
                    for (int group : {1, 2}) {
                        if (!(*it)[group].matched) continue;
                        EXPECT_LT(std::stoi((*it)[group]), scene.timeline.frames) << "frame out of range: " << text;
                    }
                }
            }
        }
    }
}

TEST(Course, EveryTaskIsUndoneWhenTheLessonOpensAndItsSolutionReachesItsGoal) {
    MaskCache masks;
    for (const auto& file : lessonFiles()) {
        SCOPED_TRACE(file.filename().string());
        const SceneLoadResult loaded = loadScene(file);
        ASSERT_TRUE(loaded.ok()) << loaded.message();
        const Scene& opened = *loaded.scene;
        ASSERT_TRUE(opened.lesson.has_value());
        for (const LessonTask& task : opened.lesson->tasks) {
            SCOPED_TRACE(task.text);
            const GoalOutcome before = evaluateGoal(opened, task.goal, openingPair(opened), masks);
            EXPECT_TRUE(before.error.empty()) << before.error;
            EXPECT_FALSE(before.met) << "the goal holds before the student did anything";
            Scene solved = opened;
            auto selected = openingPair(opened);
            const std::string error = applySolution(solved, selected, task.solution);
            ASSERT_TRUE(error.empty()) << error;
            const GoalOutcome after = evaluateGoal(solved, task.goal, selected, masks);
            EXPECT_TRUE(after.error.empty()) << after.error;
            EXPECT_TRUE(after.met) << "the scripted solution does not reach the goal";
        }
    }
}

}  // namespace
}  // namespace cl
