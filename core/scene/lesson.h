#pragma once
// Lesson: the scene file's `lesson` block, typed — what a lesson teaches, its tasks and why it matters.
//
// lesson {"teaches": "one line", "why": "one line",
//         "tasks": [{"text": "Drag the person ...", "hint": "...", "goal": {...}, "solution": [{...}, ...]}]}
// A goal is a condition on the answers `check` computes, every field optional and all of them required to hold:
//   pair "A/B" (default: the selected pair), hit ["circle", ...] (each test says hit), miss [...] (each says no
//   hit), overlap {"<test>": {"at_least": n, "at_most": n}} (the test's overlap, or overlap_area for area tests),
//   depth {"at_least", "at_most"} (the contact separation depth), tunnel true|false (some interval of the timeline
//   tunnels under the swept kDefaultPixelAlgorithm), frame_hits true|false (some whole frame's discrete
//   kDefaultPixelAlgorithm says hit), threshold {"<sprite>": {"at_least", "at_most"}}, frame {"at_least", "at_most"}
//   (the timeline frame shown), sampling "center"|"xna", scan "a-to-b"|"b-to-a"|"both", collider {"<sprite>":
//   {"mode": "outer"|"inner"|"balanced", "epsilon": {"at_least", "at_most"}}} (the sprite's collider settings).
// A solution is the edits that reach the goal from the scene as it opens, applied in order (applySolution(),
// core/check/task_goal.h):
//   {"sprite": "name", "move": [dx, dy] | "position": [x, y] | "rotate": deg | "rotation_deg": deg |
//    "alpha_threshold": n | "velocity": [vx, vy] | "angular_velocity": deg |
//    "collider": {"mode": "inner", "epsilon": e, "max_vertices": v}}, {"frame": n}, {"pair": "A/B"},
//   {"sampling": "xna"}, {"scan": "b-to-a"}, {"sweep_resolution": h}, {"contact_resolution": r}.
// Every field is checked when the scene is read (types, ranges, sprite and test names), with its JSON path.

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <glm/vec2.hpp>
#include <nlohmann/json.hpp>

#include "core/base/collision_result.h"

namespace cl {

/// A closed interval, either end optional.
struct NumberBound {
    std::optional<double> atLeast;
    std::optional<double> atMost;
    /// True when `value` lies within both ends that are set.
    bool holds(double value) const { return (!atLeast || value >= *atLeast) && (!atMost || value <= *atMost); }
    friend bool operator==(const NumberBound&, const NumberBound&) = default;
};

/// A goal's condition on one sprite's collider settings (its colliderOptions()).
struct ColliderGoal {
    std::optional<ColliderMode> mode;
    std::optional<NumberBound> epsilon;
    friend bool operator==(const ColliderGoal&, const ColliderGoal&) = default;
};

/// A task's goal: every condition that is set must hold.
struct TaskGoal {
    std::optional<std::pair<std::string, std::string>> pair;  ///< Default: the selected pair.
    std::vector<std::string> hit;                             ///< Tests that must say hit.
    std::vector<std::string> miss;                            ///< Tests that must say no hit.
    std::map<std::string, NumberBound> overlap;               ///< Per test: its overlap (or overlap_area).
    std::optional<NumberBound> depth;                         ///< The contact separation depth.
    std::optional<bool> tunnel;                               ///< Some interval of the timeline tunnels.
    std::optional<bool> frameHits;                            ///< Some whole frame's discrete test hits.
    std::map<std::string, NumberBound> threshold;             ///< Per sprite: its alpha threshold.
    std::map<std::string, ColliderGoal> collider;             ///< Per sprite: its collider settings.
    std::optional<NumberBound> frame;                         ///< The timeline frame shown.
    std::optional<Sampling> sampling;
    std::optional<ScanDirection> scan;
    nlohmann::json written;                                   ///< The goal as the file holds it (written back as is).
    friend bool operator==(const TaskGoal& a, const TaskGoal& b) { return a.written == b.written; }
};

/// One edit of a scripted solution.
struct SolutionStep {
    std::optional<std::string> sprite;  ///< The sprite the sprite fields change.
    std::optional<glm::dvec2> move, position, velocity;
    std::optional<double> rotate, rotationDeg, angularVelocity, sweepResolution;
    std::optional<int> alphaThreshold, frame, contactResolution;
    std::optional<std::pair<std::string, std::string>> pair;
    std::optional<Sampling> sampling;
    std::optional<ScanDirection> scan;
    /// The sprite's collider settings to change (the fields set; the others keep the sprite's).
    std::optional<ColliderMode> colliderMode;
    std::optional<double> colliderEpsilon;
    std::optional<int> colliderMaxVertices;
};

/// One task of a lesson.
struct LessonTask {
    std::string text;                    ///< What the student does, one sentence.
    std::string hint;                    ///< Shown on demand.
    TaskGoal goal;
    std::vector<SolutionStep> solution;  ///< Reaches the goal from the scene as it opens (the course test runs it).
    nlohmann::json writtenSolution = nlohmann::json::array();  ///< The solution as the file holds it.
    friend bool operator==(const LessonTask& a, const LessonTask& b) {
        return a.text == b.text && a.hint == b.hint && a.goal == b.goal && a.writtenSolution == b.writtenSolution;
    }
};

/// The lesson block.
struct Lesson {
    std::string teaches;  ///< What the lesson teaches, one line.
    std::string why;      ///< Why it matters, one line.
    std::vector<LessonTask> tasks;
    friend bool operator==(const Lesson&, const Lesson&) = default;
};

/// Most tasks one lesson may hold.
inline constexpr std::size_t kMaxLessonTasks = 16;
/// Most steps one task's solution may hold.
inline constexpr std::size_t kMaxSolutionSteps = 16;

/// Reports one problem: its JSON path (e.g. "lesson.tasks[1].goal.hit[0]") and the message.
using LessonProblem = std::function<void(std::string path, std::string message)>;

/// Reads the lesson block; sprite names must be in `spriteNames` and test names core tests. Problems go to
/// `problem` (then the result is not to be used).
Lesson readLesson(const nlohmann::json& lesson, const std::vector<std::string>& spriteNames, const LessonProblem& problem);

/// The lesson block as the file holds it.
nlohmann::json lessonJson(const Lesson& lesson);

}  // namespace cl
