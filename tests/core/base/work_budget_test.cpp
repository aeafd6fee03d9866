// The one work budget (core/base/work_budget.h): units counted, each limit stops the work with a message,
// and runAlgorithm() spends one unit per test. No timing: the deadline is only tested as "none" and "past".

#include <atomic>
#include <limits>
#include <string>

#include <gtest/gtest.h>

#include "core/base/work_budget.h"
#include "core/collision/algorithms.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::bodyAt;
using testing::solidMask;

// The message of the WorkBudgetExceeded `spend` throws, or "none".
template <class F>
std::string stopMessage(F spend) {
    try {
        spend();
    } catch (const WorkBudgetExceeded& e) {
        return e.what();
    }
    return "none";
}

TEST(WorkBudget, ABudgetWithoutLimitsOnlyCounts) {
    WorkBudget budget;
    for (int i = 0; i < 1000; ++i) budget.spend(3);
    EXPECT_EQ(budget.spent(), 3000);
    budget.limitSeconds(0.0);  // 0 = no time limit
    EXPECT_EQ(stopMessage([&] { budget.spend(); }), "none");
}

TEST(WorkBudget, AUnitLimitStopsAtTheFirstUnitPastIt) {
    WorkBudget budget;
    budget.limitUnits(3);
    for (int i = 0; i < 3; ++i) budget.spend();
    EXPECT_EQ(stopMessage([&] { budget.spend(); }), "the limit of 3 units of work ran out after 4 units of work");
}

TEST(WorkBudget, TheStopHookStopsTheNextUnit) {
    std::atomic<bool> quit{false};
    WorkBudget budget;
    budget.stopWhen([&] { return quit.load(); });
    budget.spend();
    quit = true;
    EXPECT_EQ(stopMessage([&] { budget.spend(); }), "the work was cancelled after 2 units of work");
}

TEST(WorkBudget, ADeadlineAlreadyPastStopsTheFirstUnit) {
    WorkBudget budget;
    budget.limitSeconds(1e-12);
    const std::string message = stopMessage([&] {
        for (int i = 0; i < 1000000; ++i) budget.spend();
    });
    EXPECT_EQ(message.rfind("the time limit of 1e-12 s ran out after ", 0), 0u) << message;
    // The clock is read on the first unit and then every few: it stops within the first reading's batch.
    EXPECT_LE(budget.spent(), 1);
}

TEST(WorkBudget, AnEndlessLimitIsNoLimit) {
    WorkBudget budget;
    budget.limitSeconds(std::numeric_limits<double>::infinity());
    EXPECT_EQ(budget.seconds(), 0.0);
    EXPECT_EQ(stopMessage([&] { budget.spend(); }), "none");
}

TEST(WorkBudget, EveryTestRunAlgorithmRunsSpendsOneUnit) {
    const AlphaMask a = solidMask(4, 4), b = solidMask(4, 4);
    WorkBudget budget;
    TestOptions options;
    options.budget = &budget;
    for (const auto& algorithm : coreAlgorithms().all()) runAlgorithm(algorithm, bodyAt(a, {0, 0}), bodyAt(b, {2, 2}), options);
    EXPECT_EQ(budget.spent(), static_cast<std::int64_t>(coreAlgorithms().all().size()));
    // With one unit left, the second test stops after it ran.
    WorkBudget small;
    small.limitUnits(1);
    options.budget = &small;
    const Algorithm& naive = *findAlgorithm("pixel-naive");
    EXPECT_TRUE(runAlgorithm(naive, bodyAt(a, {0, 0}), bodyAt(b, {2, 2}), options).hit);
    EXPECT_EQ(stopMessage([&] { runAlgorithm(naive, bodyAt(a, {0, 0}), bodyAt(b, {2, 2}), options); }),
              "the limit of 1 units of work ran out after 2 units of work");
}

}  // namespace
}  // namespace cl
