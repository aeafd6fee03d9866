#pragma once
// LatestWorker: computes the newest request off the frame. The owner posts requests; a worker thread runs
// the newest one (a request replaced before it started is never run), the running work sees when it has
// become stale (a newer request arrived) or the worker is stopping, and delivers results that the owner
// takes. Every tool or panel that computes something in the background uses this one type: the Collision
// report, the Contact tool and the Timeline tool's strip.
//
// Work runs in units, one at a time: a unit gets the newest request if one arrived since the last unit,
// else nothing (a continuation), and says whether more work remains without a new request (the Contact
// tool fills its map a chunk per unit between answers). With WorkerThreads::TwoPriorities two threads
// share the units, the one chosen by setBackground() taking the next: a background thread at a lower
// priority than the frame while the scene keeps changing, a normal one once it is still (an unprivileged
// thread cannot raise its priority again, hence two threads). Either way the work's own state is touched
// by one unit at a time, so it needs no lock of its own.
//
// Results are tagged with the request they answer: a result of an older request is never delivered after
// a newer one's. A result not yet taken is replaced by the next one, or combined with it by the `merge`
// function given (rows of a map that stream in append). Destruction stops the worker: no further unit
// starts, the running one sees stopping() and stale(), and the destructor waits only for it to return.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

namespace cl {

/// The threads a LatestWorker runs its units on.
enum class WorkerThreads {
    One,            ///< One thread at the process's normal priority.
    TwoPriorities,  ///< A normal one and a lower-priority one; setBackground() picks which runs the next unit.
};

/// Lowers the calling thread's scheduling priority below the frame's (Linux; elsewhere it does nothing).
/// Failure only means the thread competes with the frame as an equal.
void lowerThisThreadPriority();

/// See the file comment. Request and Result are plain values, moved between the threads.
template <class Request, class Result>
class LatestWorker {
public:
    /// What a running unit of work sees: its request's number, whether it is stale, and where results go.
    class Job {
    public:
        /// The number post() returned for the request this unit works for (a continuation keeps the last one).
        std::uint64_t id() const { return m_id; }
        /// True once a newer request was posted or the worker is stopping: long work should return early.
        bool stale() const { return m_worker.m_posted.load() != m_id || stopping(); }
        /// True once the worker is being destroyed: nothing delivered from now on is taken.
        bool stopping() const { return m_worker.m_stopping.load(); }
        /// Delivers a result of this request (kept even when a newer request waits: the newest finished answer).
        void deliver(Result result) { m_worker.deliver(m_id, std::move(result), false); }
        /// Delivers a result only while this request is still the newest (a stale partial result is dropped).
        void deliverIfNewest(Result result) { m_worker.deliver(m_id, std::move(result), true); }

    private:
        friend class LatestWorker;
        Job(LatestWorker& worker, std::uint64_t id) : m_worker(worker), m_id(id) {}
        LatestWorker& m_worker;
        std::uint64_t m_id;
    };

    /// One unit of work: `request` is the newest request if one arrived since the last unit, else empty.
    /// Returns true when more work remains without a new request (the worker runs another unit).
    using Work = std::function<bool(std::optional<Request> request, Job& job)>;
    /// Combines a result not yet taken (`pending`) with the next one delivered.
    using Merge = std::function<void(Result& pending, Result&& next)>;

    /// Starts the thread(s); `work` runs on them, one unit at a time. Without `merge` a newer result
    /// replaces one not yet taken.
    explicit LatestWorker(Work work, WorkerThreads threads = WorkerThreads::One, Merge merge = {})
        : m_work(std::move(work)), m_merge(std::move(merge)) {
        m_foreground = std::thread([this] { run(false); });
        if (threads == WorkerThreads::TwoPriorities) m_background = std::thread([this] { run(true); });
    }
    /// Stops: no unit starts any more, the running one sees stopping(); waits only for it to return.
    ~LatestWorker() {
        m_stopping = true;
        {
            std::lock_guard lock(m_mutex);
            m_stop = true;
        }
        m_wake.notify_all();
        m_delivered.notify_all();
        m_foreground.join();
        if (m_background.joinable()) m_background.join();
    }
    LatestWorker(const LatestWorker&) = delete;
    LatestWorker& operator=(const LatestWorker&) = delete;

    /// Makes `request` the newest (replacing one not started yet) and returns its number (1, 2, ...).
    std::uint64_t post(Request request) {
        std::uint64_t id = 0;
        {
            std::lock_guard lock(m_mutex);
            m_request = std::move(request);
            id = ++m_posted;
        }
        m_wake.notify_all();
        return id;
    }
    /// With TwoPriorities: true makes the lower-priority thread run the next units, false the normal one.
    void setBackground(bool background) {
        if (!m_background.joinable()) return;
        {
            std::lock_guard lock(m_mutex);
            if (m_inBackground == background) return;
            m_inBackground = background;
        }
        m_wake.notify_all();
    }
    /// Moves out the result delivered since the last take(), if any.
    std::optional<Result> take() {
        std::lock_guard lock(m_mutex);
        std::optional<Result> result = std::move(m_result);
        m_result.reset();
        return result;
    }
    /// A copy of the newest result delivered and not taken, if any (for cheap-to-copy results).
    std::optional<Result> latest() const {
        std::lock_guard lock(m_mutex);
        return m_result;
    }
    /// Waits until a result of request `id` or a newer one was delivered, at most `timeout`
    /// (std::chrono::microseconds::max(): without a limit). Returns true when it was.
    bool waitFor(std::uint64_t id, std::chrono::microseconds timeout) {
        std::unique_lock lock(m_mutex);
        const auto answered = [&] { return m_deliveredId >= id || m_stop; };
        if (timeout == std::chrono::microseconds::max()) {
            m_delivered.wait(lock, answered);
        } else {
            m_delivered.wait_for(lock, timeout, answered);
        }
        return m_deliveredId >= id;
    }

private:
    void run(bool background) {
        if (background) lowerThisThreadPriority();
        for (;;) {
            std::optional<Request> request;
            std::uint64_t id = 0;
            {
                std::unique_lock lock(m_mutex);
                m_wake.wait(lock, [&] {
                    return m_stop || (!m_working && m_inBackground == background && (m_request.has_value() || m_more));
                });
                if (m_stop) return;
                if (m_request) {
                    request = std::move(m_request);
                    m_request.reset();
                    m_running = m_posted;
                }
                id = m_running;
                m_working = true;  // the work's state is this thread's until the unit returns
            }
            Job job(*this, id);
            const bool more = m_work(std::move(request), job);
            {
                std::lock_guard lock(m_mutex);
                m_working = false;
                m_more = more;
            }
            m_wake.notify_all();
        }
    }

    void deliver(std::uint64_t id, Result&& result, bool onlyIfNewest) {
        {
            std::lock_guard lock(m_mutex);
            if (id < m_deliveredId || (onlyIfNewest && id != m_posted)) return;
            if (m_result && m_merge) {
                m_merge(*m_result, std::move(result));
            } else {
                m_result = std::move(result);
            }
            m_deliveredId = id;
        }
        m_delivered.notify_all();
    }

    const Work m_work;
    const Merge m_merge;
    std::atomic<bool> m_stopping{false};  // read by running work without the lock
    std::atomic<std::uint64_t> m_posted{0};  // written under m_mutex; read by stale() without it

    mutable std::mutex m_mutex;
    std::condition_variable m_wake;       // a request, the end of a unit, a change of thread, the stop
    std::condition_variable m_delivered;  // a result, the stop
    // under m_mutex
    bool m_stop = false;
    bool m_inBackground = false;
    bool m_working = false;   // a thread is running a unit
    bool m_more = false;      // the last unit left work to continue
    std::optional<Request> m_request;  // the newest request, not started yet
    std::uint64_t m_running = 0;       // the request the units work for
    std::optional<Result> m_result;    // delivered, not taken yet
    std::uint64_t m_deliveredId = 0;
    // last: started once everything above exists
    std::thread m_foreground;
    std::thread m_background;
};

}  // namespace cl
