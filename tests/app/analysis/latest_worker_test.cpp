// LatestWorker: the newest request wins, running work sees it is stale, results never go back to an older
// request, and destruction while a unit is busy reaches the unit. Every test orders its threads with
// explicit gates (no sleeps, no time budgets); a wait that never ends would mean the behaviour is broken.
#include "app/analysis/latest_worker.h"

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

namespace cl {
namespace {

// A flag one thread raises and another waits for.
class Gate {
public:
    void open() {
        {
            std::lock_guard lock(m_mutex);
            m_open = true;
        }
        m_cv.notify_all();
    }
    void wait() {
        std::unique_lock lock(m_mutex);
        m_cv.wait(lock, [&] { return m_open; });
    }
    bool isOpen() {
        std::lock_guard lock(m_mutex);
        return m_open;
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_cv;
    bool m_open = false;
};

// What the work saw, written on the worker thread and read by the test after the worker is done with it.
struct Seen {
    std::mutex mutex;
    std::vector<int> requests;     // the requests that ran, in order
    std::vector<std::uint64_t> ids;
    void add(int request, std::uint64_t id) {
        std::lock_guard lock(mutex);
        requests.push_back(request);
        ids.push_back(id);
    }
    std::vector<int> copy() {
        std::lock_guard lock(mutex);
        return requests;
    }
};

using IntWorker = LatestWorker<int, int>;

TEST(LatestWorker, ARequestIsAnsweredAndWaitForSeesIt) {
    IntWorker worker([](std::optional<int> request, IntWorker::Job& job) {
        if (request) job.deliver(*request * 10);
        return false;
    });
    const std::uint64_t id = worker.post(4);
    EXPECT_EQ(id, 1u);
    ASSERT_TRUE(worker.waitFor(id, std::chrono::microseconds::max()));
    EXPECT_EQ(worker.latest(), std::optional<int>(40));
    EXPECT_EQ(worker.take(), std::optional<int>(40));
    EXPECT_EQ(worker.take(), std::nullopt);  // taken once
}

TEST(LatestWorker, RequestsPostedWhileOneRunsAreReplacedByTheNewest) {
    Seen seen;
    Gate started, release;
    IntWorker worker([&](std::optional<int> request, IntWorker::Job& job) {
        if (!request) return false;
        seen.add(*request, job.id());
        if (*request == 1) {
            started.open();
            release.wait();
        }
        job.deliver(*request);
        return false;
    });
    worker.post(1);
    started.wait();  // request 1 is running
    worker.post(2);
    const std::uint64_t newest = worker.post(3);  // replaces 2, which never started
    release.open();
    ASSERT_TRUE(worker.waitFor(newest, std::chrono::microseconds::max()));
    EXPECT_EQ(seen.copy(), (std::vector<int>{1, 3}));
    EXPECT_EQ(seen.ids, (std::vector<std::uint64_t>{1, 3}));
    EXPECT_EQ(worker.take(), std::optional<int>(3));
}

TEST(LatestWorker, RunningWorkSeesItIsStaleOnceANewerRequestIsPosted) {
    Gate started, posted;
    std::atomic<bool> staleBefore{true}, staleAfter{false};
    IntWorker worker([&](std::optional<int> request, IntWorker::Job& job) {
        if (request == 1) {
            staleBefore = job.stale();
            started.open();
            posted.wait();
            staleAfter = job.stale();
            return false;
        }
        if (request) job.deliver(*request);
        return false;
    });
    worker.post(1);
    started.wait();
    const std::uint64_t second = worker.post(2);
    posted.open();
    ASSERT_TRUE(worker.waitFor(second, std::chrono::microseconds::max()));
    EXPECT_FALSE(staleBefore.load());
    EXPECT_TRUE(staleAfter.load());
    EXPECT_EQ(worker.take(), std::optional<int>(2));
}

TEST(LatestWorker, AStalePartialResultIsDroppedAndOlderResultsNeverFollowANewerOnes) {
    // Request 1 streams "1a", then becomes stale and tries "1b" (dropped); request 2 starts only once 1's
    // unit returned, so nothing is waiting then; then 2 delivers "2".
    using StringWorker = LatestWorker<int, std::string>;
    Gate firstDelivered, posted, secondStarted, releaseSecond;
    StringWorker worker([&](std::optional<int> request, StringWorker::Job& job) {
        if (request == 1) {
            job.deliverIfNewest("1a");
            firstDelivered.open();
            posted.wait();
            job.deliverIfNewest("1b");
            return false;
        }
        if (request) {
            secondStarted.open();
            releaseSecond.wait();
            job.deliverIfNewest(std::to_string(*request));
        }
        return false;
    });
    worker.post(1);
    firstDelivered.wait();
    EXPECT_EQ(worker.take(), std::optional<std::string>("1a"));
    const std::uint64_t second = worker.post(2);
    posted.open();
    secondStarted.wait();
    EXPECT_EQ(worker.take(), std::nullopt);  // "1b" came after request 2 was posted
    releaseSecond.open();
    ASSERT_TRUE(worker.waitFor(second, std::chrono::microseconds::max()));
    EXPECT_EQ(worker.take(), std::optional<std::string>("2"));
    EXPECT_EQ(worker.take(), std::nullopt);
}

TEST(LatestWorker, AFinishedOlderAnswerIsDeliveredWhileTheNewerOneRuns) {
    // deliver() keeps an older request's finished answer (the newest finished one is shown meanwhile), and
    // the answers taken follow the order of the requests.
    Gate started, releaseFirst, releaseSecond;
    IntWorker worker([&](std::optional<int> request, IntWorker::Job& job) {
        if (request == 1) {
            started.open();
            releaseFirst.wait();
        }
        if (request == 2) releaseSecond.wait();
        if (request) job.deliver(*request);
        return false;
    });
    worker.post(1);
    started.wait();
    const std::uint64_t second = worker.post(2);
    releaseFirst.open();
    ASSERT_TRUE(worker.waitFor(1, std::chrono::microseconds::max()));
    EXPECT_EQ(worker.take(), std::optional<int>(1));  // 2 is held at its gate: it cannot have answered
    releaseSecond.open();
    ASSERT_TRUE(worker.waitFor(second, std::chrono::microseconds::max()));
    EXPECT_EQ(worker.take(), std::optional<int>(2));
}

TEST(LatestWorker, AMergeCombinesResultsNotYetTakenInOrder) {
    using ListWorker = LatestWorker<int, std::vector<int>>;
    Gate done;
    ListWorker worker(
        [&](std::optional<int> request, ListWorker::Job& job) {
            if (!request) return false;
            for (int i = 0; i < *request; ++i) job.deliver({i});
            done.open();
            return false;
        },
        WorkerThreads::One, [](std::vector<int>& pending, std::vector<int>&& next) {
            pending.insert(pending.end(), next.begin(), next.end());
        });
    worker.post(4);
    done.wait();
    EXPECT_EQ(worker.take(), (std::optional<std::vector<int>>{{0, 1, 2, 3}}));
}

TEST(LatestWorker, UnitsContinueWithoutARequestWhileWorkRemains) {
    // The work asks for 3 more units after its request; they come without a request and keep its id.
    std::vector<std::pair<bool, std::uint64_t>> units;  // (had a request, id), worker thread only until done
    Gate done;
    int left = 0;
    IntWorker worker([&](std::optional<int> request, IntWorker::Job& job) {
        units.emplace_back(request.has_value(), job.id());
        if (request) left = *request;
        if (left == 0) {
            done.open();
            return false;
        }
        --left;
        return true;
    });
    worker.post(3);
    done.wait();
    const std::vector<std::pair<bool, std::uint64_t>> expected{{true, 1}, {false, 1}, {false, 1}, {false, 1}};
    EXPECT_EQ(units, expected);
}

TEST(LatestWorker, TwoPrioritiesRunTheUnitsOnTheThreadChosen) {
    using ThreadWorker = LatestWorker<int, std::thread::id>;
    ThreadWorker worker(
        [](std::optional<int> request, ThreadWorker::Job& job) {
            if (request) job.deliver(std::this_thread::get_id());
            return false;
        },
        WorkerThreads::TwoPriorities);
    std::set<std::thread::id> threads;
    for (bool background : {false, true, false, true}) {
        worker.setBackground(background);
        const std::uint64_t id = worker.post(0);
        ASSERT_TRUE(worker.waitFor(id, std::chrono::microseconds::max()));
        const std::optional<std::thread::id> ran = worker.take();
        ASSERT_TRUE(ran.has_value());
        EXPECT_NE(*ran, std::this_thread::get_id());
        threads.insert(*ran);
    }
    EXPECT_EQ(threads.size(), 2u);  // foreground and background, each used
}

TEST(LatestWorker, DestructionWhileAUnitIsBusyReachesItAndStartsNothingMore) {
    Seen seen;
    Gate started;
    std::atomic<bool> sawStopping{false}, sawStaleOnStop{false};
    {
        IntWorker worker([&](std::optional<int> request, IntWorker::Job& job) {
            if (!request) return false;
            seen.add(*request, job.id());
            started.open();
            // Busy until told to stop: the destructor must reach it, or this test never ends.
            while (!job.stopping()) std::this_thread::yield();
            sawStopping = true;
            sawStaleOnStop = job.stale();
            return true;  // "more work": must not run once stopping
        });
        worker.post(1);
        started.wait();
        worker.post(2);  // never starts
    }
    EXPECT_TRUE(sawStopping.load());
    EXPECT_TRUE(sawStaleOnStop.load());
    EXPECT_EQ(seen.copy(), (std::vector<int>{1}));
}

TEST(LatestWorker, WaitForGivesUpAfterItsTimeoutWhenNoAnswerCame) {
    Gate release;
    IntWorker worker([&](std::optional<int> request, IntWorker::Job& job) {
        release.wait();
        if (request) job.deliver(*request);
        return false;
    });
    const std::uint64_t id = worker.post(5);
    EXPECT_FALSE(worker.waitFor(id, std::chrono::microseconds(1)));  // blocked behind the gate: no answer
    EXPECT_EQ(worker.take(), std::nullopt);
    release.open();
    EXPECT_TRUE(worker.waitFor(id, std::chrono::microseconds::max()));
    EXPECT_EQ(worker.take(), std::optional<int>(5));
}

}  // namespace
}  // namespace cl
