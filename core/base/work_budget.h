#pragma once
// WorkBudget: the one limit every command's work counts against — a deadline, a count of work units and a
// stop hook — and the exception that ends the work when it runs out. Work calls spend() between its units
// (one pixel test, one correlated row of a C-space map, one candidate pair of a game frame); the first
// call past a limit throws WorkBudgetExceeded, which the command catches before it has written anything,
// so nothing half-made is ever written. Counting is deterministic (the same work spends the same units);
// only the deadline depends on the machine.

#include <chrono>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>

namespace cl {

/// Thrown by WorkBudget::spend() once the budget is gone (and by work that finds a fixed cap exceeded);
/// what() says which limit and how far the work got.
class WorkBudgetExceeded : public std::runtime_error {
public:
    /// `fixedCap`: a limit no budget raises (a frame's pair cap), not the budget running out.
    explicit WorkBudgetExceeded(const std::string& what, bool fixedCap = false) : std::runtime_error(what), m_fixedCap(fixedCap) {}
    /// True when a fixed cap was passed, so raising the budget would not help.
    bool fixedCap() const { return m_fixedCap; }

private:
    bool m_fixedCap = false;
};

/// See the file comment. Not shared between threads: each piece of work has its own; only the stop hook
/// may read state another thread sets (an atomic flag).
class WorkBudget {
public:
    /// No limit: spend() only counts.
    WorkBudget() = default;
    /// Stops `seconds` from now; 0 or infinity means no time limit.
    void limitSeconds(double seconds);
    /// Stops once more than `units` units were spent; 0 means no limit on units.
    void limitUnits(std::int64_t units);
    /// Stops once `stop` returns true (polled on every spend(); it must be cheap, e.g. an atomic load).
    void stopWhen(std::function<bool()> stop);

    /// Counts `units` units of work; throws WorkBudgetExceeded once a limit is passed or the hook says stop.
    void spend(std::int64_t units = 1);
    /// Polls the stop hook and reads the clock now, spending nothing: for work whose units are long (a
    /// minimizer's candidate, a shell command), where reading the clock every few units would be too late.
    void checkpoint();
    /// Seconds until the deadline (infinity when there is no time limit; 0 once it has passed).
    double secondsLeft() const;
    /// Units spent so far.
    std::int64_t spent() const { return m_spent; }
    /// The time limit in seconds (0: none).
    double seconds() const { return m_seconds; }

private:
    [[noreturn]] void exceeded(const std::string& limit) const;

    std::int64_t m_spent = 0;
    std::int64_t m_maxUnits = 0;
    double m_seconds = 0.0;
    std::chrono::steady_clock::time_point m_start{};
    std::chrono::steady_clock::time_point m_deadline{};
    std::int64_t m_untilClock = 0;  // units left before the clock is read again
    std::function<bool()> m_stop;
};

/// Spends `units` of `budget` when there is one (work whose caller gave no budget runs unlimited).
inline void spendWork(WorkBudget* budget, std::int64_t units = 1) {
    if (budget) budget->spend(units);
}

}  // namespace cl
