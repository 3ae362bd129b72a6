#pragma once
// The solves of one live drag on the canvas, off the GUI thread (docs/editor.md, "Edit by
// dragging"). The mouse moves faster than a frame may solve, and only where it is now matters:
// moveTo() keeps the newest target, and one worker solves targets one after the other, always the
// newest, skipping those the mouse has already left. Each result comes back through a queued
// signal; the canvas shows the latest. The DragSolver lives on the worker while a solve runs and
// is read on the GUI thread only after finish() has waited for it.

#include <QObject>
#include <QThreadPool>

#include <memory>
#include <mutex>
#include <vector>

#include "solver/api/drag_solver.h"

namespace mv {

class DragSession : public QObject {
    Q_OBJECT
public:
    // `frame` is the solved frame on screen, of `plan`.
    DragSession(std::shared_ptr<const Script> script, const FramePlan& plan,
                const FrameSolution& frame, const Grip& grip, const SolveOptions& options = {},
                QObject* parent = nullptr);
    ~DragSession() override;

    const DragSource& source() const { return m_solver->source(); }
    // Small enough to solve as the mouse moves (DragSolver's dense limit).
    bool live() const { return m_solver->unknownCount() <= kDragUnknownLimit; }

    // The grip's newest target, world coordinates.
    void moveTo(Vec2 target);
    // Waits for the solve in flight and for the newest target's; then the values of source().
    // numbers there. No `solved` signal is emitted after this.
    std::vector<double> finish();
    // Targets solved so far (a target the mouse left before its turn is not counted).
    int solveCount() const;

signals:
    void solved(const mv::FrameSolution& frame);

private:
    void work();

    std::unique_ptr<DragSolver> m_solver;
    QThreadPool m_pool;          // one thread
    mutable std::mutex m_mutex;  // guards the four below
    Vec2 m_target;
    bool m_pending = false;  // m_target is newer than the last solve
    bool m_running = false;  // a worker is solving or about to
    int m_solves = 0;
    bool m_finished = false;  // GUI thread only
};

}  // namespace mv
