#include "core/scene/lesson.h"

#include <algorithm>
#include <cmath>

#include "core/collision/algorithms.h"
#include "core/contact/contact_pair.h"
#include "core/motion/motion.h"
#include "core/io/json_text.h"
#include "core/scene/sampling_names.h"
#include "core/scene/sprite_pair.h"

namespace cl {
namespace {

// A solution's collider epsilon: the range the sandbox's Collider tool and the CLI's --epsilon keep to.
constexpr double kMinLessonColliderEpsilon = 0.01;
constexpr double kMaxLessonColliderEpsilon = 1.0e6;

using Json = nlohmann::json;

/// Largest distance, angle or velocity a solution step may name (far beyond any scene's coordinates).
constexpr double kMaxSolutionNumber = 1.0e6;

class LessonReader {
public:
    LessonReader(const std::vector<std::string>& spriteNames, const LessonProblem& problem)
        : m_names(spriteNames), m_problem(problem) {}

    Lesson read(const Json& lesson) {
        Lesson out;
        if (!lesson.is_object()) {
            m_problem("lesson", "must be an object {\"teaches\", \"why\", \"tasks\"}, got " + describeJson(lesson));
            return out;
        }
        checkKeys(lesson, "lesson", {"teaches", "why", "tasks"});
        readText(lesson, "teaches", "lesson.teaches", out.teaches);
        readText(lesson, "why", "lesson.why", out.why);
        auto tasks = lesson.find("tasks");
        if (tasks == lesson.end()) return out;
        if (!tasks->is_array()) {
            m_problem("lesson.tasks", "must be an array of tasks, got " + describeJson(*tasks));
            return out;
        }
        if (tasks->size() > kMaxLessonTasks) {
            m_problem("lesson.tasks", "too many tasks: " + std::to_string(tasks->size()) + "; the limit is " + std::to_string(kMaxLessonTasks));
            return out;
        }
        for (std::size_t i = 0; i < tasks->size(); ++i) out.tasks.push_back(readTask((*tasks)[i], "lesson.tasks[" + std::to_string(i) + "]"));
        return out;
    }

private:
    void checkKeys(const Json& object, const std::string& path, std::initializer_list<std::string_view> known) {
        for (const auto& item : object.items()) {
            if (std::find(known.begin(), known.end(), item.key()) != known.end()) continue;
            std::string list;
            for (auto key : known) list += (list.empty() ? "" : ", ") + std::string(key);
            m_problem(path + "." + item.key(), "unknown field (known fields: " + list + ")");
        }
    }

    void readText(const Json& object, std::string_view key, const std::string& path, std::string& out) {
        auto it = object.find(key);
        if (it == object.end()) return;
        if (it->is_string()) out = it->get<std::string>();
        else m_problem(path, "must be a string, got " + describeJson(*it));
    }

    bool knownSprite(const std::string& name, const std::string& path) {
        if (std::find(m_names.begin(), m_names.end(), name) != m_names.end()) return true;
        m_problem(path, "no sprite is named " + jsonQuoted(name) + " (sprites: " + namesText(m_names) + ")");
        return false;
    }

    bool knownTest(const Json& value, const std::string& path) {
        if (value.is_string() && findAlgorithm(value.get_ref<const std::string&>())) return true;
        m_problem(path, "must be a test's name (" + coreAlgorithms().namesText() + "), got " + describeJson(value));
        return false;
    }

    std::optional<std::pair<std::string, std::string>> readPair(const Json& value, const std::string& path) {
        return readSpritePair(value, path, m_names, m_problem);
    }

    std::optional<double> readNumber(const Json& value, const std::string& path, double lo, double hi) {
        if (value.is_number()) {
            const double d = value.get<double>();
            if (std::isfinite(d) && d >= lo && d <= hi) return d;
        }
        m_problem(path, "must be a number in [" + shortestNumber(lo) + ", " + shortestNumber(hi) + "], got " + describeJson(value));
        return std::nullopt;
    }

    std::optional<int> readInteger(const Json& value, const std::string& path, int lo, int hi) {
        if (value.is_number()) {
            const double d = value.get<double>();
            if (std::isfinite(d) && d == std::floor(d) && d >= lo && d <= hi) return static_cast<int>(d);
        }
        m_problem(path, "must be an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], got " + describeJson(value));
        return std::nullopt;
    }

    std::optional<glm::dvec2> readVector(const Json& value, const std::string& path) {
        if (!value.is_array() || value.size() != 2) {
            m_problem(path, "must be an array of two numbers [x, y], got " + describeJson(value));
            return std::nullopt;
        }
        auto x = readNumber(value[0], path + "[0]", -kMaxSolutionNumber, kMaxSolutionNumber);
        auto y = readNumber(value[1], path + "[1]", -kMaxSolutionNumber, kMaxSolutionNumber);
        if (!x || !y) return std::nullopt;
        return glm::dvec2{*x, *y};
    }

    std::optional<NumberBound> readBound(const Json& value, const std::string& path) {
        if (!value.is_object() || value.empty()) {
            m_problem(path, "must be {\"at_least\": n, \"at_most\": n} (either or both), got " + describeJson(value));
            return std::nullopt;
        }
        checkKeys(value, path, {"at_least", "at_most"});
        NumberBound bound;
        if (auto it = value.find("at_least"); it != value.end()) bound.atLeast = readNumber(*it, path + ".at_least", -kMaxSolutionNumber, kMaxSolutionNumber);
        if (auto it = value.find("at_most"); it != value.end()) bound.atMost = readNumber(*it, path + ".at_most", -kMaxSolutionNumber, kMaxSolutionNumber);
        if (bound.atLeast && bound.atMost && *bound.atLeast > *bound.atMost) {
            m_problem(path, "at_least " + shortestNumber(*bound.atLeast) + " is more than at_most " + shortestNumber(*bound.atMost) + ": nothing can reach it");
        }
        return bound;
    }

    std::optional<bool> readBool(const Json& value, const std::string& path) {
        if (value.is_boolean()) return value.get<bool>();
        m_problem(path, "must be true or false, got " + describeJson(value));
        return std::nullopt;
    }

    std::optional<Sampling> readSampling(const Json& value, const std::string& path) {
        auto sampling = value.is_string() ? parseSampling(value.get_ref<const std::string&>()) : std::nullopt;
        if (!sampling) m_problem(path, "must be \"center\" or \"xna\", got " + describeJson(value));
        return sampling;
    }

    std::optional<ScanDirection> readScan(const Json& value, const std::string& path) {
        auto scan = value.is_string() ? parseScanDirection(value.get_ref<const std::string&>()) : std::nullopt;
        if (!scan) m_problem(path, "must be \"a-to-b\", \"b-to-a\" or \"both\", got " + describeJson(value));
        return scan;
    }

    LessonTask readTask(const Json& task, const std::string& path) {
        LessonTask out;
        if (!task.is_object()) {
            m_problem(path, "must be an object {\"text\", \"goal\", \"hint\", \"solution\"}, got " + describeJson(task));
            return out;
        }
        checkKeys(task, path, {"text", "goal", "hint", "solution"});
        readText(task, "text", path + ".text", out.text);
        if (out.text.empty() && !task.contains("text")) m_problem(path + ".text", "missing (required: what the student does)");
        readText(task, "hint", path + ".hint", out.hint);
        if (auto it = task.find("goal"); it != task.end()) out.goal = readGoal(*it, path + ".goal");
        else m_problem(path + ".goal", "missing (required: the condition that ticks the task)");
        if (auto it = task.find("solution"); it != task.end()) {
            if (!it->is_array()) {
                m_problem(path + ".solution", "must be an array of edits, got " + describeJson(*it));
            } else if (it->size() > kMaxSolutionSteps) {
                m_problem(path + ".solution", "too many steps: " + std::to_string(it->size()) + "; the limit is " + std::to_string(kMaxSolutionSteps));
            } else {
                out.writtenSolution = *it;
                for (std::size_t i = 0; i < it->size(); ++i) out.solution.push_back(readStep((*it)[i], path + ".solution[" + std::to_string(i) + "]"));
            }
        }
        return out;
    }

    TaskGoal readGoal(const Json& goal, const std::string& path) {
        TaskGoal out;
        if (!goal.is_object() || goal.empty()) {
            m_problem(path, "must be an object with at least one condition (hit, miss, overlap, depth, tunnel, frame_hits, "
                            "threshold, frame, sampling, scan, collider), got " + describeJson(goal));
            return out;
        }
        out.written = goal;
        checkKeys(goal, path, {"pair", "hit", "miss", "overlap", "depth", "tunnel", "frame_hits", "threshold", "frame", "sampling", "scan",
                               "collider"});
        for (const auto& [key, value] : goal.items()) {
            const std::string at = path + "." + key;
            if (key == "pair") {
                out.pair = readPair(value, at);
            } else if (key == "hit" || key == "miss") {
                auto& list = key == "hit" ? out.hit : out.miss;
                if (!value.is_array() || value.empty()) {
                    m_problem(at, "must be a non-empty array of test names, got " + describeJson(value));
                    continue;
                }
                for (std::size_t i = 0; i < value.size(); ++i) {
                    if (knownTest(value[i], at + "[" + std::to_string(i) + "]")) list.push_back(value[i].get<std::string>());
                }
            } else if (key == "overlap") {
                if (!value.is_object() || value.empty()) {
                    m_problem(at, "must be {\"<test>\": {\"at_least\": n}}, got " + describeJson(value));
                    continue;
                }
                for (const auto& [test, bound] : value.items()) {
                    if (!knownTest(Json(test), at + "." + test)) continue;
                    if (auto b = readBound(bound, at + "." + test)) out.overlap[test] = *b;
                }
            } else if (key == "depth") {
                out.depth = readBound(value, at);
            } else if (key == "frame") {
                out.frame = readBound(value, at);
            } else if (key == "tunnel") {
                out.tunnel = readBool(value, at);
            } else if (key == "frame_hits") {
                out.frameHits = readBool(value, at);
            } else if (key == "threshold") {
                if (!value.is_object() || value.empty()) {
                    m_problem(at, "must be {\"<sprite>\": {\"at_least\": n}}, got " + describeJson(value));
                    continue;
                }
                for (const auto& [sprite, bound] : value.items()) {
                    if (!knownSprite(sprite, at + "." + sprite)) continue;
                    if (auto b = readBound(bound, at + "." + sprite)) out.threshold[sprite] = *b;
                }
            } else if (key == "collider") {
                if (!value.is_object() || value.empty()) {
                    m_problem(at, "must be {\"<sprite>\": {\"mode\": \"inner\"}}, got " + describeJson(value));
                    continue;
                }
                for (const auto& [sprite, condition] : value.items()) {
                    if (!knownSprite(sprite, at + "." + sprite)) continue;
                    if (auto c = readColliderGoal(condition, at + "." + sprite)) out.collider[sprite] = *c;
                }
            } else if (key == "sampling") {
                out.sampling = readSampling(value, at);
            } else if (key == "scan") {
                out.scan = readScan(value, at);
            }
        }
        return out;
    }

    std::optional<ColliderMode> readColliderMode(const Json& value, const std::string& path) {
        ColliderMode mode{};
        if (value.is_string() && parseColliderMode(value.get<std::string>(), mode)) return mode;
        m_problem(path, "must be \"outer\", \"inner\" or \"balanced\", got " + describeJson(value));
        return std::nullopt;
    }

    std::optional<ColliderGoal> readColliderGoal(const Json& value, const std::string& path) {
        if (!value.is_object() || value.empty()) {
            m_problem(path, "must be {\"mode\": ..., \"epsilon\": {\"at_least\": n}} with at least one of them, got " + describeJson(value));
            return std::nullopt;
        }
        checkKeys(value, path, {"mode", "epsilon"});
        ColliderGoal out;
        if (auto it = value.find("mode"); it != value.end()) out.mode = readColliderMode(*it, path + ".mode");
        if (auto it = value.find("epsilon"); it != value.end()) out.epsilon = readBound(*it, path + ".epsilon");
        return out;
    }

    SolutionStep readStep(const Json& step, const std::string& path) {
        SolutionStep out;
        if (!step.is_object() || step.empty()) {
            m_problem(path, "must be an object naming one edit, got " + describeJson(step));
            return out;
        }
        checkKeys(step, path, {"sprite", "move", "position", "rotate", "rotation_deg", "alpha_threshold", "velocity",
                               "angular_velocity", "collider", "frame", "pair", "sampling", "scan", "sweep_resolution",
                               "contact_resolution"});
        bool spriteField = false;
        for (const auto& [key, value] : step.items()) {
            const std::string at = path + "." + key;
            if (key == "sprite") {
                if (value.is_string() && knownSprite(value.get<std::string>(), at)) out.sprite = value.get<std::string>();
                else if (!value.is_string()) m_problem(at, "must be a sprite's name, got " + describeJson(value));
                continue;
            }
            if (key == "move" || key == "position" || key == "velocity") {
                spriteField = true;
                auto v = readVector(value, at);
                (key == "move" ? out.move : key == "position" ? out.position : out.velocity) = v;
            } else if (key == "rotate" || key == "rotation_deg" || key == "angular_velocity") {
                spriteField = true;
                auto d = readNumber(value, at, -kMaxSolutionNumber, kMaxSolutionNumber);
                (key == "rotate" ? out.rotate : key == "rotation_deg" ? out.rotationDeg : out.angularVelocity) = d;
            } else if (key == "alpha_threshold") {
                spriteField = true;
                out.alphaThreshold = readInteger(value, at, 0, 255);
            } else if (key == "collider") {
                spriteField = true;
                if (!value.is_object() || value.empty()) {
                    m_problem(at, "must be {\"mode\": ..., \"epsilon\": ..., \"max_vertices\": ...} with at least one of them, got " +
                                      describeJson(value));
                    continue;
                }
                checkKeys(value, at, {"mode", "epsilon", "max_vertices"});
                if (auto it = value.find("mode"); it != value.end()) out.colliderMode = readColliderMode(*it, at + ".mode");
                if (auto it = value.find("epsilon"); it != value.end()) {
                    out.colliderEpsilon = readNumber(*it, at + ".epsilon", kMinLessonColliderEpsilon, kMaxLessonColliderEpsilon);
                }
                if (auto it = value.find("max_vertices"); it != value.end()) {
                    out.colliderMaxVertices = readInteger(*it, at + ".max_vertices", kMinColliderVertices, kMaxColliderVertices);
                }
            } else if (key == "frame") {
                out.frame = readInteger(value, at, 0, 1 << 20);
            } else if (key == "pair") {
                out.pair = readPair(value, at);
            } else if (key == "sampling") {
                out.sampling = readSampling(value, at);
            } else if (key == "scan") {
                out.scan = readScan(value, at);
            } else if (key == "sweep_resolution") {
                out.sweepResolution = readNumber(value, at, kMinSweepResolution, kMaxSweepResolution);
            } else if (key == "contact_resolution") {
                out.contactResolution = readInteger(value, at, 1, 8);
                if (out.contactResolution && !isContactResolution(*out.contactResolution)) {
                    m_problem(at, "must be 1, 2, 4 or 8, got " + describeJson(value));
                    out.contactResolution.reset();
                }
            }
        }
        if (spriteField && !step.contains("sprite")) m_problem(path + ".sprite", "missing (required: the sprite this edit changes)");
        return out;
    }

    const std::vector<std::string>& m_names;
    const LessonProblem& m_problem;
};

}  // namespace

Lesson readLesson(const nlohmann::json& lesson, const std::vector<std::string>& spriteNames, const LessonProblem& problem) {
    return LessonReader(spriteNames, problem).read(lesson);
}

nlohmann::json lessonJson(const Lesson& lesson) {
    Json out = Json::object();
    if (!lesson.teaches.empty()) out["teaches"] = lesson.teaches;
    if (!lesson.why.empty()) out["why"] = lesson.why;
    Json tasks = Json::array();
    for (const LessonTask& task : lesson.tasks) {
        Json t = Json::object();
        t["text"] = task.text;
        t["goal"] = task.goal.written;
        if (!task.hint.empty()) t["hint"] = task.hint;
        if (!task.writtenSolution.empty()) t["solution"] = task.writtenSolution;
        tasks.push_back(std::move(t));
    }
    out["tasks"] = std::move(tasks);
    return out;
}

}  // namespace cl
