#include "ui/canvas/drag_session.h"

namespace mv {

DragSession::DragSession(std::shared_ptr<const Script> script, const FramePlan& plan,
                         const FrameSolution& frame, const Grip& grip, const SolveOptions& options,
                         QObject* parent)
    : QObject(parent),
      m_solver(std::make_unique<DragSolver>(std::move(script), plan, frame, grip, options)) {
    m_pool.setMaxThreadCount(1);
}

DragSession::~DragSession() {
    m_pool.waitForDone();  // the worker uses m_solver
}

void DragSession::moveTo(Vec2 target) {
    std::lock_guard lock(m_mutex);
    m_target = target;
    m_pending = true;
    if (m_running || m_finished) return;
    m_running = true;
    m_pool.start([this] { work(); });
}

// On the worker: solves the newest target until there is none newer.
void DragSession::work() {
    for (;;) {
        Vec2 target;
        {
            std::lock_guard lock(m_mutex);
            if (!m_pending) {
                m_running = false;
                return;
            }
            target = m_target;
            m_pending = false;
        }
        const FrameSolution frame = m_solver->pullTo(target);
        {
            std::lock_guard lock(m_mutex);
            ++m_solves;
        }
        QMetaObject::invokeMethod(
            this,
            [this, frame] {
                if (!m_finished) emit solved(frame);
            },
            Qt::QueuedConnection);
    }
}

std::vector<double> DragSession::finish() {
    m_finished = true;
    m_pool.waitForDone();
    return m_solver->numberValues();
}

int DragSession::solveCount() const {
    std::lock_guard lock(m_mutex);
    return m_solves;
}

}  // namespace mv
