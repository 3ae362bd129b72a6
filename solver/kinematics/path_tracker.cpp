#include "solver/kinematics/path_tracker.h"

#include <algorithm>

namespace mv {

namespace {

// The smallest sub-step, as a share of a frame; reaching it means a dead centre or a failure.
constexpr double kMinStep = 1.0 / 1024;

}  // namespace

PathTracker::PathTracker(SegmentProblem& problem, BlockSolvers& blocks, TrackingState& state)
    : m_problem(problem), m_blocks(blocks), m_state(state) {
    const size_t n = size_t(m_problem.unknownCount());
    m_extrapolated.assign(n, 1);
    for (const auto& b : m_blocks)
        if (b->structure().kind == StructureBlock::Kind::Free)
            for (int c : b->structure().columns) m_extrapolated[size_t(c)] = 0;
    m_trial.assign(n, 0.0);
}

// The machine is followed from the frame before to the new constraints along a Newton homotopy
// (each residual less what it was there, that share shrinking to nothing), so the new drive's first
// frame is the one connected to the old position, not whichever Newton happens to fall into.
bool PathTracker::followFromLastSolution(FrameSummary& summary) {
    std::vector<double>& x = m_state.values;
    std::vector<double> offsets(size_t(m_problem.residualCount()));
    if (!m_problem.evaluate(x.data(), offsets.data(), nullptr)) return false;
    const std::vector<double> start = x;
    const std::vector<TurnedAngle> angles = m_problem.angles();
    m_problem.setHomotopy(offsets.data(), 1);
    for (auto& b : m_blocks) {  // the branch each block is on where the path starts
        b->noteBranch(x.data());
    }
    m_state.haveVelocity = false;
    m_state.nextStep = 1;
    track([&](double s) { m_problem.setHomotopy(offsets.data(), 1 - s); }, true, summary);
    m_problem.setHomotopy(nullptr, 0);
    bool holds = !m_state.failed;
    for (auto& b : m_blocks) {
        holds = holds && b->checksHold(x.data());
    }
    if (holds) return true;
    x = start;
    m_problem.turnFrom(angles);
    m_state.failed = false;
    summary = {};
    return false;
}

void PathTracker::track(const std::function<void(double)>& at, bool jump, FrameSummary& summary) {
    std::vector<double>& x = m_state.values;
    std::vector<double>& velocity = m_state.velocity;
    if (jump || !m_state.haveVelocity) {
        std::fill(velocity.begin(), velocity.end(), 0.0);
        m_state.haveVelocity = m_state.haveCurvature = false;
    }
    m_state.curvature.resize(velocity.size());
    double s = 0, ds = std::min(1.0, m_state.nextStep);
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
        for (size_t i = 0; i < x.size(); ++i) {
            const double v = m_extrapolated[i] ? (m_trial[i] - x[i]) / taken : 0.0;
            m_state.curvature[i] = (v - velocity[i]) / (taken + m_state.lastStep);
            velocity[i] = v;
        }
        m_state.haveCurvature = m_state.haveVelocity;
        m_state.haveVelocity = true;
        m_state.lastStep = taken;
        x.swap(m_trial);
        m_problem.turnTo(x.data());  // an angle turns along the path, not in one leap
        s = next;
        ++summary.substeps;
        ds = std::min(1.0, 2 * ds);
    }
    // A path that failed somewhere says nothing about where the machine goes next; nor does one
    // that bridged a jump in the inputs.
    m_state.haveVelocity = !jump && !m_state.failed;
    m_state.haveCurvature = m_state.haveCurvature && m_state.haveVelocity;
    m_state.nextStep = ds;
}

// One sub-step of length ds, all blocks in order, into m_trial. Returns false when a block refused
// it (the caller halves it).
bool PathTracker::stepAlongPath(double ds, bool forced, FrameSummary& summary) {
    const std::vector<double>& x = m_state.values;
    const double bend = m_state.haveCurvature ? ds * (ds + m_state.lastStep) : 0.0;
    for (size_t i = 0; i < x.size(); ++i)
        m_trial[i] =
            x[i] + m_state.velocity[i] * ds + (bend != 0 ? m_state.curvature[i] * bend : 0);
    const bool failedBefore = m_state.failed;
    m_signs.clear();
    double worst = 0;
    for (auto& b : m_blocks) {
        m_signs.push_back(b->detSign());  // as it was before this attempt
        const BlockSolver::Outcome outcome = b->track(m_trial.data(), forced, summary);
        if (outcome == BlockSolver::Outcome::Rejected) {
            summary.blockAt = b->firstConstraint();
            // Forget what this attempt learned: the blocks before it are solved again (those
            // after it have not been touched).
            for (size_t i = 0; i < m_signs.size(); ++i) m_blocks[i]->restoreDetSign(m_signs[i]);
            m_state.failed = failedBefore;
            return false;
        }
        if (outcome == BlockSolver::Outcome::DeadCentre) {
            summary.deadCentre = true;
            summary.blockAt = b->firstConstraint();
        }
        if (outcome == BlockSolver::Outcome::Failed) m_state.failed = true;
        worst = std::max(worst, b->worst());
    }
    m_worst = worst;
    return true;
}

}  // namespace mv
