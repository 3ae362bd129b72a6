#include "solver/kinematics/segment_solver.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "solver/kinematics/block_problem.h"
#include "solver/kinematics/block_solver.h"
#include "solver/kinematics/freedom_report.h"
#include "solver/kinematics/input_layout.h"
#include "solver/kinematics/solver_constants.h"

namespace mv {

SegmentSolver::SegmentSolver(const Script& script, SegmentModel& model, const SolveOptions& options)
    : m_script(script),
      m_options(options),
      m_problem(model.problem),
      m_structure(model.structure),
      m_weights(model.weights),
      m_inheritedAnonymous(model.inheritedAnonymous),
      m_blocks(makeBlocks()),
      m_tracker(m_problem, m_blocks, m_tracking),
      m_chooser(script, m_problem, m_structure, m_blocks, m_tracking.values, m_options) {
    for (const auto& b : m_blocks)
        if (b->hasChecks()) m_checked.push_back(b.get());
    m_tracking.values.assign(size_t(m_problem.unknownCount()), 0.0);
    m_tracking.velocity = m_tracking.values;
}

SegmentSolver::~SegmentSolver() = default;

BlockSolvers SegmentSolver::makeBlocks() {
    BlockSolvers blocks;
    for (const auto& [s, explicitRows] : mergeExplicitBlocks(m_structure.blocks)) {
        std::vector<int> all = s.rows;
        for (int r : s.checks)
            if (!m_problem.rowIsInequality(r)) all.push_back(r);
        std::sort(all.begin(), all.end());
        const bool overDetermined = all.size() > s.rows.size();
        BlockSolver::Kind kind = BlockSolver::Kind::Square;
        std::vector<int> pivots;
        if (s.kind == StructureBlock::Kind::Free || int(s.columns.size()) > kDenseUnknownLimit) {
            kind = BlockSolver::Kind::LeastSquares;
        } else if (overDetermined) {
            kind = BlockSolver::Kind::OverDetermined;
        } else if (explicitRows) {
            kind = BlockSolver::Kind::Explicit;
            for (int r : s.rows) pivots.push_back(pivotOf(s, r));
        }
        blocks.push_back(makeIn<BlockSolver>(&m_arena, m_problem, s, std::move(all), kind, pivots,
                                             m_weights, m_options, &m_arena, &m_branchChanges));
    }
    return blocks;
}

void SegmentSolver::solveFrame(const Frame& frame, const ElementStates* states,
                               Continuity continuity, FrameSolution& state) {
    std::vector<double>& inputs = m_frameInputs;
    frameInputs(m_script, frame, states, inputs);
    m_problem.gather(state, m_tracking.values.data());
    m_problem.turnFrom(state.angles);
    FrameSummary summary;
    m_tracking.failed = false;
    bool tracked = false;  // every block reached the frame along the path (see finishFrame)
    if (!m_started || continuity == Continuity::Fresh || continuity == Continuity::NewSegment)
        startFrame(inputs, continuity, state, summary);
    else
        tracked = trackFrame(inputs, continuity == Continuity::Jump, state.failed, summary);
    finishFrame(summary, state, tracked);
    m_previousInputs.swap(inputs);  // and the frame after lays its inputs out in those before
    m_started = true;
}

void SegmentSolver::startFrame(const std::vector<double>& inputs, Continuity continuity,
                               const FrameSolution& state, FrameSummary& summary) {
    inheritAnonymous(state);
    m_problem.setInputs(inputs);
    m_chooser.setReference(m_tracking.values);
    if (startHolds()) {
        // Already a frame (the frame ahead of an edit that changed nothing here, a marker
        // whose constraints the machine meets): taken as it is, bit for bit.
        for (auto& b : m_blocks) b->noteBranch(m_tracking.values.data());
        m_tracking.haveVelocity = false;
        m_tracking.nextStep = 1;
        return;
    }
    // Across a marker every `_` and variable keeps its sign (docs/reference.md#branch-rules): a
    // path from the frame before that turns one over (a drive that jumps by more than 90°
    // passes `c` through zero) is chosen again from where it led, among the solutions that keep
    // them.
    const bool followed =
        continuity == Continuity::NewSegment && m_tracker.followFromLastSolution(summary);
    if (!followed || !m_chooser.keepsAllSigns()) solveFresh(summary);
}

// Returns whether the frame was reached along the path, rather than chosen again afresh.
bool SegmentSolver::trackFrame(const std::vector<double>& inputs, bool jump, bool failedBefore,
                               FrameSummary& summary) {
    // Two captures, which std::function holds without allocating.
    m_tracker.track(
        [this, &inputs](double s) {
            // At the end of the path the frame's own inputs, exactly (not from + (to - from)).
            if (s == 1) return m_problem.setInputs(inputs);
            const std::vector<double>& from = m_previousInputs;
            m_inputs.resize(inputs.size());
            for (size_t i = 0; i < inputs.size(); ++i)
                m_inputs[i] = from[i] + (inputs[i] - from[i]) * s;
            m_problem.setInputs(m_inputs);
        },
        jump, summary);
    // A block that failed the frame before was solved afresh from a compromise, and Newton
    // may have fallen to the other branch; a conflict never changes one
    // (docs/reference.md#branch-rules, rule 3), so the frame is chosen again, each block
    // preferring the branch it last held.
    // Past a dead centre the path goes on the way the machine moved; where an inequality
    // forbids that (`x >= Crank.P.x` on a rod as long as its crank), it chooses the branch
    // that meets at the dead centre, as a fresh frame would.
    const bool inequalityAfterDeadCentre = summary.deadCentre && !checksHold();
    if ((failedBefore && m_chooser.leftHeldBranch()) || inequalityAfterDeadCentre) {
        m_chooser.setReference(m_tracking.values);
        solveFresh(summary);
        if (inequalityAfterDeadCentre) summary.deadCentre = summary.deadCentreAtStart = false;
        return false;
    }
    return true;
}

// A `_` that replaces another starts from its value, so that the frame after the marker keeps
// its sign (docs/reference.md#branch-rules): `[_,0].rotate(30°)` in place of a crank's drive whose
// `_` was positive puts the crank at 30°, not at 210° with the new `_` negative, although 210° is
// nearer where the crank was.
// Only a `_` not solved yet: a frame solved again from itself (ahead of the animation, dragged)
// has its own.
void SegmentSolver::inheritAnonymous(const FrameSolution& state) {
    for (const auto& [replaced, replacing] : m_inheritedAnonymous) {
        const int offset = m_problem.variableOffset(replacing);
        const Vec2 now = state.variables[replacing];
        if (offset < 0 || now.x != 0 || now.y != 0) continue;
        const Vec2 was = state.variables[replaced];
        m_tracking.values[size_t(offset)] = was.x;
        if (m_script.variables[replacing].type == ValueType::Vector)
            m_tracking.values[size_t(offset) + 1] = was.y;
    }
}

// Whether every equation and inequality holds at the values as they are.
bool SegmentSolver::startHolds() {
    if (!m_structure.constantChecks.empty()) return false;
    std::vector<double> residuals(size_t(m_problem.residualCount()));
    if (!m_problem.evaluate(m_tracking.values.data(), residuals.data(), nullptr)) return false;
    return std::all_of(residuals.begin(), residuals.end(),
                       [](double r) { return std::abs(r) <= kExact; });
}

// A fresh solve forgets how the machine moved: the next path starts unpredicted, from a whole
// sub-step.
void SegmentSolver::solveFresh(FrameSummary& summary) {
    m_tracking.haveVelocity = false;
    m_tracking.nextStep = 1;
    m_tracking.failed = !m_chooser.solveAll(summary);
}

// Whether every row of a square block is affine in its own unknown and reads no other of the
// block's. An inequality on such a block chooses nothing (an affine row has one solution): it is
// checked after the frame, as on any block (`x < Crank.P.x` on the slider's x).
bool SegmentSolver::isExplicit(const StructureBlock& s) const {
    if (s.kind != StructureBlock::Kind::Square) return false;
    for (int r : s.checks)
        if (!m_problem.rowIsInequality(r)) return false;
    for (int r : s.rows) {
        const int own = m_structure.columnOfRow[size_t(r)];
        if (!m_problem.rowAffineIn(r, own)) return false;
        for (int c : m_structure.rowColumns[size_t(r)])
            if (c != own && std::binary_search(s.columns.begin(), s.columns.end(), c)) return false;
    }
    return true;
}

// Where row r's own unknown is among the block's columns.
int SegmentSolver::pivotOf(const StructureBlock& s, int row) const {
    const int own = m_structure.columnOfRow[size_t(row)];
    return int(std::lower_bound(s.columns.begin(), s.columns.end(), own) - s.columns.begin());
}

// Neighbouring explicit blocks that need not each other (the x and y rows of `Rod.A = Crank.Q`, or
// `Slider.P = Rod.B` and the slider's `_`) are solved as one block: one evaluation of its kernel
// and one bind instead of one per row. One with an inequality stays alone, so the branch chooser
// finds the check on the block it belongs to. Each comes with whether it is explicit (isExplicit),
// which walks its rows' tapes and is asked once: blocks that read none of each other's unknowns
// make an explicit one.
std::vector<SegmentSolver::PlannedBlock> SegmentSolver::mergeExplicitBlocks(
    const std::vector<StructureBlock>& blocks) const {
    std::vector<PlannedBlock> merged;
    bool lastExplicit = false;
    for (const StructureBlock& s : blocks) {
        const bool explicitRows = isExplicit(s);
        const bool explicitBlock = explicitRows && s.checks.empty();
        if (explicitBlock && lastExplicit && !reads(s, merged.back().structure.columns)) {
            // Blocks come in dependency order: the earlier one reads nothing of this one.
            StructureBlock& joined = merged.back().structure;
            joined.rows.insert(joined.rows.end(), s.rows.begin(), s.rows.end());
            joined.columns.insert(joined.columns.end(), s.columns.begin(), s.columns.end());
            std::sort(joined.rows.begin(), joined.rows.end());
            std::sort(joined.columns.begin(), joined.columns.end());
            continue;
        }
        merged.push_back({s, explicitRows});
        lastExplicit = explicitBlock;
    }
    return merged;
}

// Whether a row of `s` reads one of `columns` (ascending).
bool SegmentSolver::reads(const StructureBlock& s, const std::vector<int>& columns) const {
    for (int r : s.rows)
        for (int c : m_structure.rowColumns[size_t(r)])
            if (std::binary_search(columns.begin(), columns.end(), c)) return true;
    return false;
}

// Every constraint at the values: the largest miss, and when `off`, each constraint that misses by
// more than the tolerance.
void SegmentSolver::measureResiduals(FrameSummary& summary, bool off) {
    m_residuals.resize(size_t(m_problem.residualCount()));
    m_problem.evaluate(m_tracking.values.data(), m_residuals.data(), nullptr);
    for (const CompiledConstraint& c : m_problem.constraints()) {
        double squares = 0;
        for (int r = 0; r < c.residualCount; ++r) {
            const double residual = m_residuals[size_t(c.firstResidual + r)];
            squares += residual * residual;
        }
        const double by = std::sqrt(squares);
        summary.largestResidual = std::max(summary.largestResidual, std::isfinite(by) ? by : 0.0);
        if (!off || (std::isfinite(by) && by <= m_options.tolerance)) continue;
        summary.off.push_back({c.id, by});
        if (!std::isfinite(by)) summary.termination = Termination::NotANumber;
    }
}

// Whether every block's inequalities and left-over rows hold at the values.
bool SegmentSolver::checksHold() {
    bool hold = true;
    for (BlockSolver* b : m_checked) hold = b->checksHold(m_tracking.values.data()) && hold;
    return hold;
}

void SegmentSolver::finishFrame(FrameSummary& summary, FrameSolution& state, bool tracked) {
    m_problem.scatter(m_tracking.values.data(), state);
    m_problem.turnTo(m_tracking.values.data());
    state.angles = m_problem.angles();
    const bool checks = checksHold();
    const bool off = m_tracking.failed || !m_structure.constantChecks.empty() || !checks;
    // The summary's residual is the frame's, not the largest met on the way to it (a sub-step's):
    // a frame reached along the path has each block's residual where its last step left it;
    // otherwise (a fresh choice among branches, a frame that is off) every constraint is
    // evaluated once more, and what is off is named.
    summary.largestResidual = 0;
    if (tracked && !off) {
        summary.largestResidual = m_tracker.worst();
    } else {
        measureResiduals(summary, off);
    }
    state.failed = !summary.off.empty();
    if (!state.failed) {
        for (BlockSolver* b : m_branchChanges) b->noteHeld();
        m_branchChanges.clear();
    }
    if (state.failed && summary.termination == Termination::Converged)
        summary.termination =
            m_tracking.failed ? Termination::IterationLimit : Termination::NoProgress;
    if (!state.failed) m_tracking.failed = false;
    state.summary = std::move(summary);
}

std::vector<ConstraintId> SegmentSolver::support(ConstraintId constraint) const {
    std::set<int> rows;
    for (size_t r = 0; r < m_problem.rows().size(); ++r) {
        if (m_problem.constraints()[size_t(m_problem.rows()[r].constraint)].id != constraint)
            continue;
        for (int q : m_structure.support(int(r))) rows.insert(q);
    }
    std::set<ConstraintId> ids;
    for (int r : rows)
        ids.insert(m_problem.constraints()[size_t(m_problem.rows()[size_t(r)].constraint)].id);
    ids.erase(constraint);
    return {ids.begin(), ids.end()};
}

std::vector<Diagnostic> SegmentSolver::reportFreedom(double lever) {
    // All free blocks as one problem: they share no row, so its null space is theirs together,
    // and a thing free in two of them (along y, and about its anchor) is described once.
    std::vector<int> rows, columns;
    for (const auto& b : m_blocks) {
        if (b->structure().kind != StructureBlock::Kind::Free) continue;
        rows.insert(rows.end(), b->structure().rows.begin(), b->structure().rows.end());
        columns.insert(columns.end(), b->structure().columns.begin(), b->structure().columns.end());
    }
    if (columns.empty()) return {};
    std::sort(rows.begin(), rows.end());
    std::sort(columns.begin(), columns.end());
    BlockProblem free(m_problem, rows, columns);
    free.setContext(m_tracking.values.data());
    std::vector<double> x(columns.size());
    free.gather(m_tracking.values.data(), x.data());
    return mv::reportFreedom(m_script, m_problem, free, x, m_tracking.values, lever);
}

}  // namespace mv