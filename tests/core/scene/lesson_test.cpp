// The scene file's `view` and `lesson` blocks (core/scene/scene_view.h, core/scene/lesson.h): read into typed
// form with a JSON path for every problem, and kept on save.
#include <gtest/gtest.h>

#include "core/scene/scene.h"
#include "tests/core/scene_test_files.h"

namespace cl {
namespace {

/// A scene of two 4 x 4 solid squares A and B with `extra` fields appended (",\"view\": ...").
std::string sceneText(const std::string& extra) {
    return R"({"format": "collision-lab/scene", "version": 1, "sprites": [
        {"name": "A", "image": "sq.png", "position": [0, 0], "origin": [0, 0]},
        {"name": "B", "image": "sq.png", "position": [10, 0], "origin": [0, 0]}])" + extra + "}";
}

SceneLoadResult parse(const testing::TempFolder& folder, const std::string& extra) {
    testing::writePng(folder / "sq.png", testing::solidImage(4, 4));
    return parseScene(sceneText(extra), folder / "s.json");
}

bool hasProblem(const SceneLoadResult& r, const std::string& path, const std::string& words) {
    for (const SceneProblem& p : r.problems) {
        if (p.path == path && p.message.find(words) != std::string::npos) return true;
    }
    return false;
}

TEST(SceneView, TheTypedFieldsAreReadAndOtherKeysKeptAsWritten) {
    testing::TempFolder folder;
    const SceneLoadResult r = parse(folder, R"(, "view": {"tool": "contact", "pair": "B/A", "algorithm": "obb",
        "overlays": {"circles": true, "obb": false}, "camera": {"zoom": 2}})");
    ASSERT_TRUE(r.ok()) << r.message();
    const SceneView& view = r.scene->view;
    EXPECT_EQ(view.tool, "contact");
    ASSERT_TRUE(view.pair.has_value());
    EXPECT_EQ(view.pair->first, "B");
    EXPECT_EQ(view.pair->second, "A");
    EXPECT_EQ(view.algorithm, "obb");
    ASSERT_EQ(view.overlays.size(), 2u);
    EXPECT_EQ(view.overlays[0], (std::pair<std::string, bool>{"circles", true}));
    EXPECT_EQ(view.overlays[1], (std::pair<std::string, bool>{"obb", false}));
    EXPECT_EQ(view.rest, (nlohmann::json{{"camera", {{"zoom", 2}}}}));

    const SceneJsonResult saved = sceneToJson(*r.scene, folder / "s.json");
    ASSERT_TRUE(saved.ok()) << saved.error;
    const nlohmann::json written = nlohmann::json::parse(saved.json->at("view").dump());
    EXPECT_EQ(written, nlohmann::json::parse(R"({"tool": "contact", "pair": "B/A", "algorithm": "obb",
        "overlays": {"circles": true, "obb": false}, "camera": {"zoom": 2}})"));
}

TEST(SceneView, EachWrongFieldIsReportedWithItsPath) {
    testing::TempFolder folder;
    const SceneLoadResult r = parse(folder, R"(, "view": {"tool": 3, "pair": "A/C", "algorithm": "pixel-magic",
        "overlays": {"circles": "yes"}})");
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(hasProblem(r, "view.tool", "must be a tool's name")) << r.message();
    EXPECT_TRUE(hasProblem(r, "view.pair", "no sprite is named \"C\"")) << r.message();
    EXPECT_TRUE(hasProblem(r, "view.algorithm", "must be a test's name")) << r.message();
    EXPECT_TRUE(hasProblem(r, "view.overlays.circles", "must be true or false")) << r.message();
    const SceneLoadResult same = parse(folder, R"(, "view": {"pair": "A/A"})");
    EXPECT_TRUE(hasProblem(same, "view.pair", "twice")) << same.message();
}

TEST(SceneView, NamesTheAppLacksAreListedWithTheKnownOnes) {
    SceneView view;
    view.tool = "contcat";
    view.overlays = {{"circles", true}, {"cirlces", false}};
    const auto problems = viewNameProblems(view, {"notes", "contact"}, {"circles", "obb"});
    ASSERT_EQ(problems.size(), 2u);
    EXPECT_EQ(problems[0].first, "view.tool");
    EXPECT_NE(problems[0].second.find("tools: notes, contact"), std::string::npos);
    EXPECT_EQ(problems[1].first, "view.overlays.cirlces");
    EXPECT_TRUE(viewNameProblems(SceneView{}, {}, {}).empty());
}

TEST(Lesson, ALessonIsReadTypedAndSavedBackAsWritten) {
    testing::TempFolder folder;
    const std::string lesson = R"({"teaches": "t", "why": "w", "tasks": [
        {"text": "Move A onto B", "goal": {"pair": "A/B", "hit": ["pixel-naive"], "overlap": {"pixel-naive": {"at_least": 8}},
                                          "depth": {"at_most": 2}, "threshold": {"A": {"at_most": 10}}, "frame": {"at_least": 0},
                                          "tunnel": false, "frame_hits": false, "sampling": "center", "scan": "both"},
         "hint": "h", "solution": [{"sprite": "A", "move": [8, 0]}, {"pair": "B/A"}, {"contact_resolution": 4}]}]})";
    const SceneLoadResult r = parse(folder, ", \"lesson\": " + lesson);
    ASSERT_TRUE(r.ok()) << r.message();
    ASSERT_TRUE(r.scene->lesson.has_value());
    const Lesson& l = *r.scene->lesson;
    EXPECT_EQ(l.teaches, "t");
    EXPECT_EQ(l.why, "w");
    ASSERT_EQ(l.tasks.size(), 1u);
    const TaskGoal& goal = l.tasks[0].goal;
    EXPECT_EQ(goal.hit, std::vector<std::string>{"pixel-naive"});
    EXPECT_EQ(goal.overlap.at("pixel-naive").atLeast, 8.0);
    EXPECT_EQ(goal.depth->atMost, 2.0);
    EXPECT_EQ(goal.threshold.at("A").atMost, 10.0);
    EXPECT_EQ(goal.tunnel, false);
    EXPECT_EQ(goal.scan, ScanDirection::Both);
    ASSERT_EQ(l.tasks[0].solution.size(), 3u);
    EXPECT_EQ(l.tasks[0].solution[0].move, (glm::dvec2{8, 0}));
    EXPECT_EQ(l.tasks[0].solution[2].contactResolution, 4);

    const SceneJsonResult saved = sceneToJson(*r.scene, folder / "s.json");
    ASSERT_TRUE(saved.ok()) << saved.error;
    EXPECT_EQ(nlohmann::json::parse(saved.json->at("lesson").dump()), nlohmann::json::parse(lesson));
}

TEST(Lesson, EachWrongFieldIsReportedWithItsPath) {
    testing::TempFolder folder;
    const SceneLoadResult r = parse(folder, R"(, "lesson": {"teach": "x", "tasks": [
        {"goal": {"hit": ["pixel-magic"], "depth": {"at_least": 3, "at_most": 1}, "threshold": {"C": {"at_least": 1}}, "colour": 1}},
        {"text": "t", "goal": {}, "solution": [{"move": [1, 0]}, {"contact_resolution": 3}, {"sprite": "A", "alpha_threshold": 300}]},
        {"text": "t", "goal": {"miss": "aabb"}, "solution": {"frame": 1}}]})");
    ASSERT_FALSE(r.ok());
    const std::string all = r.message();
    EXPECT_TRUE(hasProblem(r, "lesson.teach", "unknown field")) << all;
    EXPECT_TRUE(hasProblem(r, "lesson.tasks[0].text", "missing")) << all;
    EXPECT_TRUE(hasProblem(r, "lesson.tasks[0].goal.hit[0]", "must be a test's name")) << all;
    EXPECT_TRUE(hasProblem(r, "lesson.tasks[0].goal.depth", "nothing can reach it")) << all;
    EXPECT_TRUE(hasProblem(r, "lesson.tasks[0].goal.threshold.C", "no sprite is named \"C\"")) << all;
    EXPECT_TRUE(hasProblem(r, "lesson.tasks[0].goal.colour", "unknown field")) << all;
    EXPECT_TRUE(hasProblem(r, "lesson.tasks[1].goal", "at least one condition")) << all;
    EXPECT_TRUE(hasProblem(r, "lesson.tasks[1].solution[0].sprite", "missing")) << all;
    EXPECT_TRUE(hasProblem(r, "lesson.tasks[1].solution[1].contact_resolution", "1, 2, 4 or 8")) << all;
    EXPECT_TRUE(hasProblem(r, "lesson.tasks[1].solution[2].alpha_threshold", "[0, 255]")) << all;
    EXPECT_TRUE(hasProblem(r, "lesson.tasks[2].goal.miss", "non-empty array")) << all;
    EXPECT_TRUE(hasProblem(r, "lesson.tasks[2].solution", "must be an array")) << all;
}

TEST(Lesson, ColliderConditionsAndStepsAreReadAndSavedBack) {
    testing::TempFolder folder;
    const std::string lesson = R"({"teaches": "t", "why": "w", "tasks": [
        {"text": "Make A's collider inner", "goal": {"collider": {"A": {"mode": "inner", "epsilon": {"at_least": 2}}}},
         "solution": [{"sprite": "A", "collider": {"mode": "inner", "epsilon": 2.5, "max_vertices": 6}}]}]})";
    const SceneLoadResult r = parse(folder, ", \"lesson\": " + lesson);
    ASSERT_TRUE(r.ok()) << r.message();
    const LessonTask& task = r.scene->lesson->tasks[0];
    EXPECT_EQ(task.goal.collider.at("A").mode, ColliderMode::Inner);
    EXPECT_EQ(task.goal.collider.at("A").epsilon->atLeast, 2.0);
    ASSERT_EQ(task.solution.size(), 1u);
    EXPECT_EQ(task.solution[0].colliderMode, ColliderMode::Inner);
    EXPECT_EQ(task.solution[0].colliderEpsilon, 2.5);
    EXPECT_EQ(task.solution[0].colliderMaxVertices, 6);
    const SceneJsonResult saved = sceneToJson(*r.scene, folder / "s.json");
    ASSERT_TRUE(saved.ok()) << saved.error;
    EXPECT_EQ(nlohmann::json::parse(saved.json->at("lesson").dump()), nlohmann::json::parse(lesson));
}

TEST(Lesson, WrongColliderFieldsAreReportedWithTheirPaths) {
    testing::TempFolder folder;
    const SceneLoadResult r = parse(folder, R"(, "lesson": {"tasks": [
        {"text": "t", "goal": {"collider": {"A": {"mode": "tight"}, "C": {"mode": "inner"}, "B": {}}},
         "solution": [{"sprite": "A", "collider": {"epsilon": 0, "max_vertices": 65, "shape": 1}}, {"collider": {"mode": "outer"}}]},
        {"text": "t", "goal": {"collider": []}}]})");
    ASSERT_FALSE(r.ok());
    const std::string all = r.message();
    EXPECT_TRUE(hasProblem(r, "lesson.tasks[0].goal.collider.A.mode", "\"outer\", \"inner\" or \"balanced\"")) << all;
    EXPECT_TRUE(hasProblem(r, "lesson.tasks[0].goal.collider.C", "no sprite is named \"C\"")) << all;
    EXPECT_TRUE(hasProblem(r, "lesson.tasks[0].goal.collider.B", "at least one")) << all;
    EXPECT_TRUE(hasProblem(r, "lesson.tasks[0].solution[0].collider.epsilon", "[0.01, 1e+06]")) << all;
    EXPECT_TRUE(hasProblem(r, "lesson.tasks[0].solution[0].collider.max_vertices", "[3, 64]")) << all;
    EXPECT_TRUE(hasProblem(r, "lesson.tasks[0].solution[0].collider.shape", "unknown field")) << all;
    EXPECT_TRUE(hasProblem(r, "lesson.tasks[0].solution[1].sprite", "missing")) << all;
    EXPECT_TRUE(hasProblem(r, "lesson.tasks[1].goal.collider", "must be {")) << all;
}

}  // namespace
}  // namespace cl
