#include "core/check/task_goal.h"

#include <algorithm>

#include "core/check/motion_check.h"
#include "core/check/scene_check.h"
#include "core/io/json_text.h"
#include "core/motion/motion.h"

namespace cl {
namespace {

/// The scene as it shows `scene.timeline.frame`: each moving sprite at its transform at that frame.
Scene shownFrame(const Scene& scene) {
    Scene shown = scene;
    const int frame = scene.timeline.frame;
    if (frame == 0) return shown;
    for (SceneSprite& sprite : shown.sprites) {
        if (!sprite.motion.still()) sprite.transform = transformAt(sprite.transform, sprite.motion, frame);
    }
    return shown;
}

}  // namespace

GoalOutcome evaluateGoal(const Scene& scene, const TaskGoal& goal, std::pair<std::size_t, std::size_t> selected, MaskCache& masks) {
    GoalOutcome out;
    const auto pair = goalPair(scene, goal, selected);
    if (!pair) {
        out.error = "the goal's pair names a sprite the scene lacks";
        return out;
    }
    if (goal.sampling && scene.sampling != *goal.sampling) return out;
    if (goal.scan && scene.scan != *goal.scan) return out;
    if (goal.frame && !goal.frame->holds(scene.timeline.frame)) return out;
    for (const auto& [name, bound] : goal.threshold) {
        auto index = findSprite(scene, name);
        if (!index) {
            out.error = "the goal names a sprite the scene lacks: " + name;
            return out;
        }
        if (!bound.holds(scene.sprites[*index].alphaThreshold)) return out;
    }
    for (const auto& [name, condition] : goal.collider) {
        auto index = findSprite(scene, name);
        if (!index) {
            out.error = "the goal names a sprite the scene lacks: " + name;
            return out;
        }
        const ColliderOptions options = scene.sprites[*index].colliderOptions();
        if (condition.mode && options.mode != *condition.mode) return out;
        if (condition.epsilon && !condition.epsilon->holds(options.epsilon)) return out;
    }

    CheckOptions options;
    options.pair = std::pair{scene.sprites[pair->first].name, scene.sprites[pair->second].name};
    for (const auto* list : {&goal.hit, &goal.miss}) {
        for (const std::string& name : *list) options.algorithms.push_back(name);
    }
    for (const auto& [name, bound] : goal.overlap) options.algorithms.push_back(name);
    options.contact = goal.depth.has_value();
    if (!options.algorithms.empty() || options.contact) {
        if (options.algorithms.empty()) options.algorithms.emplace_back(kDefaultPixelAlgorithm);
        const CheckRunResult run = runCheck(shownFrame(scene), "", options, masks);
        if (!run.ok() || run.report->pairs.empty()) {
            out.error = run.ok() ? "the check answered no pair" : run.error;
            return out;
        }
        const PairReport& report = run.report->pairs.front();
        const auto find = [&](const std::string& name) -> const AlgorithmOutcome* {
            for (const AlgorithmOutcome& o : report.results) {
                if (o.algorithm->name == name) return &o;
            }
            return nullptr;
        };
        for (const std::string& name : goal.hit) {
            const AlgorithmOutcome* o = find(name);
            if (!o || !o->result.applicable || !o->result.hit) return out;
        }
        for (const std::string& name : goal.miss) {
            const AlgorithmOutcome* o = find(name);
            if (!o || !o->result.applicable || o->result.hit) return out;
        }
        for (const auto& [name, bound] : goal.overlap) {
            const AlgorithmOutcome* o = find(name);
            if (!o || !o->result.applicable || !bound.holds(o->result.overlap)) return out;
        }
        if (goal.depth) {
            if (!report.contact || !report.contact->applicable || !goal.depth->holds(report.contact->separation.depth)) return out;
        }
    }

    if (goal.tunnel || goal.frameHits) {
        CheckOptions motion;
        motion.pair = options.pair;
        motion.algorithms = {std::string(kDefaultPixelAlgorithm)};
        const MotionRunResult run = runMotionCheck(scene, "", motion, masks);
        if (!run.ok() || run.report->pairs.empty()) {
            out.error = run.ok() ? "the timeline check answered no pair" : run.error;
            return out;
        }
        const MotionPairReport& report = run.report->pairs.front();
        if (goal.tunnel && report.tunnelling().empty() == *goal.tunnel) return out;
        if (goal.frameHits) {
            const bool any = std::any_of(report.frames.begin(), report.frames.end(),
                                         [](const FrameOutcome& f) { return f.discrete.applicable && f.discrete.hit; });
            if (any != *goal.frameHits) return out;
        }
    }
    out.met = true;
    return out;
}

std::optional<std::pair<std::size_t, std::size_t>> goalPair(const Scene& scene, const TaskGoal& goal,
                                                            std::pair<std::size_t, std::size_t> selected) {
    if (!goal.pair) {
        if (selected.first >= scene.sprites.size() || selected.second >= scene.sprites.size() || selected.first == selected.second) {
            return std::nullopt;
        }
        return selected;
    }
    auto a = findSprite(scene, goal.pair->first);
    auto b = findSprite(scene, goal.pair->second);
    if (!a || !b) return std::nullopt;
    return std::pair{*a, *b};
}

std::string applySolution(Scene& scene, std::pair<std::size_t, std::size_t>& selected, const std::vector<SolutionStep>& steps) {
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const SolutionStep& step = steps[i];
        const std::string where = "step " + std::to_string(i);
        if (step.sprite) {
            auto index = findSprite(scene, *step.sprite);
            if (!index) return where + ": no sprite is named " + jsonQuoted(*step.sprite);
            SceneSprite& sprite = scene.sprites[*index];
            if (step.move) sprite.transform.position += *step.move;
            if (step.position) sprite.transform.position = *step.position;
            if (step.rotate) sprite.transform.rotationDeg += *step.rotate;
            if (step.rotationDeg) sprite.transform.rotationDeg = *step.rotationDeg;
            if (step.alphaThreshold) sprite.alphaThreshold = *step.alphaThreshold;
            if (step.velocity) sprite.motion.velocity = *step.velocity;
            if (step.angularVelocity) sprite.motion.angularVelocityDeg = *step.angularVelocity;
            if (step.colliderMode || step.colliderEpsilon || step.colliderMaxVertices) {
                ColliderOptions options = sprite.colliderOptions();
                if (step.colliderMode) options.mode = *step.colliderMode;
                if (step.colliderEpsilon) options.epsilon = *step.colliderEpsilon;
                if (step.colliderMaxVertices) options.maxVertices = *step.colliderMaxVertices;
                sprite.collider = options;
            }
        }
        if (step.frame) {
            if (*step.frame >= scene.timeline.frames) {
                return where + ": frame " + std::to_string(*step.frame) + " is past the last frame (" + std::to_string(scene.timeline.frames - 1) + ")";
            }
            scene.timeline.frame = *step.frame;
        }
        if (step.pair) {
            auto a = findSprite(scene, step.pair->first);
            auto b = findSprite(scene, step.pair->second);
            if (!a || !b) return where + ": the pair names a sprite the scene lacks";
            selected = {*a, *b};
        }
        if (step.sampling) scene.sampling = *step.sampling;
        if (step.scan) scene.scan = *step.scan;
        if (step.sweepResolution) scene.timeline.sweepResolution = *step.sweepResolution;
        if (step.contactResolution) {
            if (!scene.contact) scene.contact = SceneContact{};
            scene.contact->resolution = *step.contactResolution;
        }
    }
    return {};
}

}  // namespace cl
