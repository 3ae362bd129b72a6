#include "lsp/solve_worker.h"

namespace mv::lsp {

SolveWorker::SolveWorker(Done done) : m_done(std::move(done)), m_thread([this] { run(); }) {}

SolveWorker::~SolveWorker() {
    {
        const std::lock_guard lock(m_mutex);
        m_stopping = true;
        m_cancel = true;
    }
    m_wake.notify_one();
    m_thread.join();
}

void SolveWorker::solve(Job job) {
    {
        const std::lock_guard lock(m_mutex);
        m_next = std::move(job);
        m_cancel = true;  // the running solve is of an older version
    }
    m_wake.notify_one();
}

void SolveWorker::run() {
    for (;;) {
        Job job;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [this] { return m_stopping || m_next; });
            if (m_stopping) return;
            job = std::move(*m_next);
            m_next.reset();
            m_cancel = false;
        }
        SolveHooks hooks;
        hooks.cancel = &m_cancel;
        auto animation = std::make_shared<const Animation>(solveAnimation(job.script, {}, hooks));
        if (!animation->cancelled) m_done(job, std::move(animation));
    }
}

}  // namespace mv::lsp
