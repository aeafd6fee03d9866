#pragma once
// TaskGoal evaluation: whether a lesson task's goal (core/scene/lesson.h) holds for a scene, asked of the same
// functions `check` and `check --frames` answer with (runCheck, runMotionCheck), so a tick in the Notes tool and
// a line of `check` never disagree.

#include <cstddef>
#include <string>
#include <utility>

#include "core/base/mask_cache.h"
#include "core/scene/lesson.h"
#include "core/scene/scene.h"

namespace cl {

/// Whether a goal holds, or why it cannot be asked.
struct GoalOutcome {
    bool met = false;
    std::string error;  ///< Set when the goal cannot be evaluated (a name the scene lacks, a refused timeline).
};

/// Evaluates `goal` on `scene` in its file form (transforms at time 0): the discrete conditions are asked at the
/// timeline frame the scene shows (each moving sprite moved to scene.timeline.frame), tunnel and frame_hits over
/// the whole timeline. `selected` is the selected pair (A, B), used when the goal names none. A test that is not
/// applicable neither hits nor misses, so a hit/miss condition on it does not hold. Cheap conditions (sampling,
/// scan, frame, thresholds, collider settings) are asked first and no test runs when one of them fails.
GoalOutcome evaluateGoal(const Scene& scene, const TaskGoal& goal, std::pair<std::size_t, std::size_t> selected, MaskCache& masks);

/// The pair a goal asks about: its own, else `selected`; indices into scene.sprites, or empty when a name is unknown.
std::optional<std::pair<std::size_t, std::size_t>> goalPair(const Scene& scene, const TaskGoal& goal,
                                                            std::pair<std::size_t, std::size_t> selected);

/// Applies a solution's edits in order to `scene` (in its file form: transforms at time 0) and `selected`
/// (the selected pair). Returns an empty string, or why a step cannot be applied (then the rest is not applied).
std::string applySolution(Scene& scene, std::pair<std::size_t, std::size_t>& selected, const std::vector<SolutionStep>& steps);

}  // namespace cl
