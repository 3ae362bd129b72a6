// SegmentSolver's path tracking: from one frame to the next, and from the last frame of a
// segment to the first of the next, the machine is followed along a path in sub-steps (halved
// where a block refuses one), so it stays on the branch it is on; docs/solver.md says why.
#include "solver/kinematics/segment_solver.h"

#include <algorithm>

#include "solver/kinematics/block_solver.h"
#include "solver/kinematics/solver_constants.h"

namespace mv {

namespace {

// The smallest sub-step, as a share of a frame; reaching it means a dead centre or a failure.
constexpr double kMinStep = 1.0 / 1024;

}  // namespace

// A new segment starts from the frame before, which met the constraints before the marker: the
// machine is followed from there to the new constraints along a Newton homotopy (each residual less
// what it was there, that share shrinking to nothing), so the new drive's first frame is the one
// connected to the old position, not whichever Newton happens to fall into. Returns false when
// that path does not lead to a frame that holds; the frame is then solved afresh.
bool SegmentSolver::followFromLastSolution(FrameSummary& summary) {
    std::vector<double> offsets(size_t(m_problem.residualCount()));
    if (!m_problem.evaluate(m_x.data(), offsets.data(), nullptr)) return false;
    const std::vector<double> start = m_x;
    const std::vector<TurnedAngle> angles = m_problem.angles();
    m_problem.setHomotopy(offsets.data(), 1);
    for (auto& b : m_blocks) {  // the branch each block is on where the path starts
        b->noteBranch(m_x.data());
    }
    m_haveVelocity = false;
    m_nextStep = 1;
    track([&](double s) { m_problem.setHomotopy(offsets.data(), 1 - s); }, true, summary);
    m_problem.setHomotopy(nullptr, 0);
    bool holds = !m_failed;
    for (auto& b : m_blocks) {
        holds = holds && b->checksHold(m_x.data());
    }
    if (holds) return true;
    m_x = start;
    m_problem.turnFrom(angles);
    m_failed = false;
    summary = {};
    return false;
}

void SegmentSolver::track(const std::function<void(double)>& at, bool jump, FrameSummary& summary) {
    if (jump || !m_haveVelocity) std::fill(m_velocity.begin(), m_velocity.end(), 0.0);
    double s = 0, ds = std::min(1.0, m_nextStep);
    int attempts = 0;
    while (s < 1) {
        const int allowed = std::min(kMaxSubsteps, std::max(1, m_allowance));
        const bool forced = ds <= kMinStep || attempts >= allowed;
        if (attempts >= allowed) {
            ds = 1 - s;
            summary.substepLimit = true;
        }
        const double next = ds >= 1 - s ? 1.0 : s + ds;
        ++attempts;
        at(next);
        const bool passedBefore = summary.deadCentre;
        if (!stepAlongPath(next - s, forced, summary)) {
            ds *= 0.5;
            continue;
        }
        if (summary.deadCentre && !passedBefore && s == 0 && next <= kMinStep)
            summary.deadCentreAtStart = true;
        const double taken = next - s;
        for (size_t i = 0; i < m_x.size(); ++i)
            m_velocity[i] = m_extrapolated[i] ? (m_trial[i] - m_x[i]) / taken : 0.0;
        m_x.swap(m_trial);
        m_problem.turnTo(m_x.data());  // an angle turns along the path, not in one leap
        s = next;
        ++summary.substeps;
        ds = std::min(1.0, 2 * ds);
    }
    // A path that failed somewhere says nothing about where the machine goes next; nor does one
    // that bridged a jump in the inputs.
    m_haveVelocity = !jump && !m_failed;
    m_nextStep = ds;
}

// One sub-step of length ds from s, all blocks in order, into m_trial. Returns false when a block
// refused it (the caller halves it).
bool SegmentSolver::stepAlongPath(double ds, bool forced, FrameSummary& summary) {
    for (size_t i = 0; i < m_x.size(); ++i) m_trial[i] = m_x[i] + m_velocity[i] * ds;
    const bool failedBefore = m_failed;
    m_signs.clear();
    for (auto& b : m_blocks) m_signs.push_back(b->detSign());
    for (auto& b : m_blocks) {
        const BlockSolver::Outcome outcome = b->track(m_trial.data(), forced, summary);
        if (outcome == BlockSolver::Outcome::Rejected) {
            summary.blockAt = b->firstConstraint();
            // Forget what this attempt learned: the blocks before it are solved again.
            for (size_t i = 0; i < m_blocks.size(); ++i) m_blocks[i]->restoreDetSign(m_signs[i]);
            m_failed = failedBefore;
            return false;
        }
        if (outcome == BlockSolver::Outcome::DeadCentre) {
            summary.deadCentre = true;
            summary.blockAt = b->firstConstraint();
        }
        if (outcome == BlockSolver::Outcome::Failed) m_failed = true;
    }
    return true;
}

}  // namespace mv
