#pragma once
// The language server's one solving thread. Each edit hands it the newest version that compiled;
// a solve still running is cancelled (the editor's atomic flag, checked between frames) and the
// newest one starts, so a typist never waits for a version already gone. What it finishes goes
// to `done` on the worker's thread. Its work is bounded by the script's counts and the solver's
// own budget, never by a clock.

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "solver/api/animation.h"

namespace mv::lsp {

class SolveWorker {
public:
    struct Job {
        std::string uri;
        int version = 0;
        std::shared_ptr<const Script> script;
    };
    using Done = std::function<void(const Job&, std::shared_ptr<const Animation>)>;

    explicit SolveWorker(Done done);
    ~SolveWorker();  // cancels what runs and joins

    void solve(Job job);

private:
    void run();

    Done m_done;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::optional<Job> m_next;  // guarded by m_mutex
    bool m_stopping = false;    // guarded by m_mutex
    std::atomic<bool> m_cancel{false};
    std::thread m_thread;  // last: starts once the rest is ready
};

}  // namespace mv::lsp
