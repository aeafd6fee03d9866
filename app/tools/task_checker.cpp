#include "app/tools/task_checker.h"

#include "core/check/task_goal.h"

namespace cl {

TaskChecker::TaskChecker()
    : m_worker([this](std::optional<TaskCheckJob> job, Worker::Job& control) {
          if (!job || !job->scene.lesson) return false;
          TaskCheckResult result;
          result.revision = job->revision;
          for (const LessonTask& task : job->scene.lesson->tasks) {
              if (control.stale()) return false;
              const GoalOutcome outcome = evaluateGoal(job->scene, task.goal, job->selected, m_masks);
              result.met.push_back(outcome.met);
              result.errors.push_back(outcome.error);
          }
          control.deliverIfNewest(std::move(result));
          return false;
      }) {}

void TaskChecker::reset() {
    m_asked.reset();
    m_now = {};
    m_askedRevision = 0;
    m_ticked.clear();
}

void TaskChecker::update(std::uint64_t revision, std::pair<std::size_t, std::size_t> selected, const std::function<Scene()>& fileScene) {
    if (std::optional<TaskCheckResult> done = m_worker.take()) adopt(std::move(*done));
    const auto key = std::pair{revision, selected};
    if (m_asked && *m_asked == key) return;
    m_asked = key;
    TaskCheckJob job{fileScene(), selected, revision};
    if (!job.scene.lesson || job.scene.lesson->tasks.empty()) return;
    m_askedRevision = revision;
    m_worker.post(std::move(job));
}

void TaskChecker::adopt(TaskCheckResult result) {
    // Only the answer for the newest request counts; an older scene's answer (before reset()) never ticks.
    if (result.revision != m_askedRevision) return;
    if (m_ticked.size() < result.met.size()) m_ticked.resize(result.met.size(), false);
    for (std::size_t i = 0; i < result.met.size(); ++i) m_ticked[i] = m_ticked[i] || result.met[i];
    m_now = std::move(result);
}

}  // namespace cl
