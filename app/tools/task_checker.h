#pragma once
// TaskChecker: evaluates a lesson's task goals (core/check/task_goal.h) off the frame, on the one LatestWorker,
// for the Notes tool's checklist. A task is ticked once its goal has held (it stays ticked until another scene
// is opened), so a tick records that the student reached it.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/analysis/latest_worker.h"
#include "core/base/mask_cache.h"
#include "core/scene/lesson.h"
#include "core/scene/scene.h"

namespace cl {

/// One evaluation request: the scene in its file form, the selected pair and the document revision it shows.
struct TaskCheckJob {
    Scene scene;
    std::pair<std::size_t, std::size_t> selected{0, 1};
    std::uint64_t revision = 0;
};

/// Whether each task's goal holds now, for one revision.
struct TaskCheckResult {
    std::uint64_t revision = 0;
    std::vector<bool> met;            ///< One per task.
    std::vector<std::string> errors;  ///< One per task; empty when the goal could be asked.
};

/// The checklist's state for the open scene.
class TaskChecker {
public:
    TaskChecker();
    TaskChecker(const TaskChecker&) = delete;
    TaskChecker& operator=(const TaskChecker&) = delete;

    /// Forgets the ticks (another scene was opened).
    void reset();
    /// Takes a finished answer; then, unless `revision` and `selected` are the newest asked already, posts a job
    /// with the scene `fileScene()` gives (called only then: it copies the scene).
    void update(std::uint64_t revision, std::pair<std::size_t, std::size_t> selected, const std::function<Scene()>& fileScene);
    /// Ticked: the task's goal has held since the scene was opened.
    bool ticked(std::size_t task) const { return task < m_ticked.size() && m_ticked[task]; }
    /// The goal holds in the newest answer.
    bool met(std::size_t task) const { return task < m_now.met.size() && m_now.met[task]; }
    /// Why the goal cannot be asked, or empty.
    std::string error(std::size_t task) const { return task < m_now.errors.size() ? m_now.errors[task] : std::string(); }
    /// True while an answer for the newest request is awaited.
    bool pending() const { return m_now.revision != m_askedRevision; }

private:
    using Worker = LatestWorker<TaskCheckJob, TaskCheckResult>;
    void adopt(TaskCheckResult result);

    std::optional<std::pair<std::uint64_t, std::pair<std::size_t, std::size_t>>> m_asked;  // revision and pair asked
    std::uint64_t m_askedRevision = 0;
    TaskCheckResult m_now;
    std::vector<bool> m_ticked;
    MaskCache m_masks;  // worker only
    Worker m_worker;    // last: starts after everything above exists, stops first
};

}  // namespace cl
