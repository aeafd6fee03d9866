#include "core/base/work_budget.h"

#include <cmath>
#include <cstdio>
#include <limits>

namespace cl {
namespace {

// Units between two readings of the clock: a unit is at least one pixel test (tens of nanoseconds and up),
// so the deadline is seen within a few microseconds of work, at a negligible cost per unit.
constexpr std::int64_t kUnitsPerClockReading = 16;

std::string number(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", v);
    return text;
}

}  // namespace

void WorkBudget::limitSeconds(double seconds) {
    m_start = std::chrono::steady_clock::now();
    if (!(seconds > 0.0) || std::isinf(seconds)) {
        m_seconds = 0.0;
        return;
    }
    m_seconds = seconds;
    // Past about 292 years the duration overflows; such a limit is no limit.
    const double capped = std::min(seconds, 1.0e9);
    m_deadline = m_start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(capped));
    m_untilClock = 0;
}

void WorkBudget::limitUnits(std::int64_t units) { m_maxUnits = units > 0 ? units : 0; }

void WorkBudget::stopWhen(std::function<bool()> stop) { m_stop = std::move(stop); }

void WorkBudget::spend(std::int64_t units) {
    m_spent += units;
    if (m_stop && m_stop()) exceeded("the work was cancelled");
    if (m_maxUnits > 0 && m_spent > m_maxUnits) exceeded("the limit of " + std::to_string(m_maxUnits) + " units of work ran out");
    if (m_seconds > 0.0) {
        m_untilClock -= units;
        if (m_untilClock <= 0) {
            m_untilClock = kUnitsPerClockReading;
            if (std::chrono::steady_clock::now() >= m_deadline) exceeded("the time limit of " + number(m_seconds) + " s ran out");
        }
    }
}

void WorkBudget::checkpoint() {
    if (m_stop && m_stop()) exceeded("the work was cancelled");
    if (m_seconds > 0.0 && std::chrono::steady_clock::now() >= m_deadline) exceeded("the time limit of " + number(m_seconds) + " s ran out");
}

double WorkBudget::secondsLeft() const {
    if (m_seconds <= 0.0) return std::numeric_limits<double>::infinity();
    return std::max(0.0, std::chrono::duration<double>(m_deadline - std::chrono::steady_clock::now()).count());
}

void WorkBudget::exceeded(const std::string& limit) const {
    throw WorkBudgetExceeded(limit + " after " + std::to_string(m_spent) + " units of work");
}

}  // namespace cl
