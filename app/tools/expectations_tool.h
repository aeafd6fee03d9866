#pragma once
// The Expectations tool: the scene's `expect` block, entry by entry, with whether each passes or fails
// against the current answers (recomputed off the main thread when the scene changes), and Clear /
// Re-record as undoable edits.

#include <cstdint>
#include <future>
#include <string>
#include <vector>

#include "app/analysis/expectations.h"
#include "app/tools/tool.h"

namespace cl {

/// Shows and edits the scene's expectations.
class ExpectationsTool : public Tool {
public:
    std::string_view id() const override { return "expectations"; }
    std::string_view title() const override { return "Expectations"; }
    std::string_view help() const override {
        return "the scene's expect block: which entries pass or fail now; Clear and Re-record (undoable)";
    }
    void update(ToolContext& ctx) override;
    void drawPanel(ToolContext& ctx) override;
    void sceneOpened() override;

private:
    // The answers for the expected pairs, computed on a worker from a copy of the scene.
    struct Answers {
        std::uint64_t revision = 0;
        CheckReport report;
        std::string error;
    };
    void startJob(const ToolContext& ctx);
    void judge(const ToolContext& ctx);
    void reRecord(ToolContext& ctx);

    std::future<Answers> m_job;
    std::uint64_t m_jobRevision = ~std::uint64_t{0};  // the revision the running or last job is for
    Answers m_answers;                                  // the newest finished job
    bool m_haveAnswers = false;
    std::uint64_t m_judgedRevision = ~std::uint64_t{0};
    std::uint64_t m_judgedGeneration = ~std::uint64_t{0};  // the report generation thread-bound entries came from
    std::vector<ExpectationStatus> m_statuses;
    std::string m_recordError;
    bool m_shown = false;  // the panel was drawn since the last update(): only then is the work worth doing
};

}  // namespace cl
