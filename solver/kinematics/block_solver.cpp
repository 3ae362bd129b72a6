#include "solver/kinematics/block_solver.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "solver/kinematics/segment_problem.h"
#include "solver/kinematics/solver_constants.h"

namespace mv {

namespace {

// Newton iterations of one corrector step along the path; from a good prediction two or three do.
constexpr int kCorrectorIterations = 8;
// ... and of a fresh solve, which starts from the frame before without a prediction.
constexpr int kFreshIterations = 30;
// A corrector step is refused when a correction is longer than this share of the one before.
constexpr double kContraction = 0.5;

}  // namespace

BlockSolver::BlockSolver(SegmentProblem& segment, const StructureBlock& structure,
                         std::vector<int> allRows, Kind kind, std::span<const int> pivots,
                         const std::vector<double>& weights, const SolveOptions& options,
                         SegmentArena* arena, BranchChanges* changes)
    : m_kind(kind),
      m_x(structure.columns.size(), 0.0, arena),
      m_residuals(arena),
      m_start(arena),
      m_pivots(arena),
      m_problem(segment, structure.rows, structure.columns, arena),
      m_segment(segment),
      m_options(options),
      m_rare(
          std::make_unique<Rare>(Rare{structure, std::move(allRows), {}, nullptr, {}, changes})) {
    // Room for what a sub-step keeps here, made beside the block rather than wherever the arena
    // has got to at its first frame.
    const size_t n = structure.columns.size();
    m_start.resize(n);
    m_pivots.reserve(pivots.size());
    for (int column : pivots) m_pivots.push_back({column, -1, 0.0});
    if (kind == Kind::Explicit) m_residuals.resize(n + n * n);
    for (int c : structure.columns) m_rare->weights.push_back(weights[size_t(c)]);
    const std::vector<int>& all = m_rare->allRows;
    if (all.size() > structure.rows.size())
        m_withChecks = std::make_unique<BlockProblem>(segment, all, structure.columns, arena);
    if (!structure.checks.empty())
        m_checks =
            std::make_unique<BlockProblem>(segment, structure.checks, structure.columns, arena);
    // One size for every use, so that checking a block's inequalities each frame does not resize
    // what its explicit solve then resizes back.
    for (const auto& rows : {m_withChecks.get(), m_checks.get()})
        if (rows && size_t(rows->residualCount()) > m_residuals.size())
            m_residuals.resize(size_t(rows->residualCount()));
    if (kind != Kind::LeastSquares)
        m_newton = makeIn<NewtonCorrector>(arena, m_problem, m_rare->weights, arena);
}

// Reads the other unknowns from the segment's `x`, and starts from its own values there.
void BlockSolver::bind(double* x) {
    m_settled = false;  // m_x is about to hold what may not be a solution
    m_context = x;
    m_problem.setContext(x);
    if (m_withChecks) m_withChecks->setContext(x);
    if (m_checks) m_checks->setContext(x);
    m_problem.gather(x, m_x.data());
}

void BlockSolver::noteBranch(double* x) {
    bind(x);
    m_broken = false;
    if (m_newton) setDetSign(m_newton->correct(m_x, 0, 2.0).detSign);
}

BlockSolver::Outcome BlockSolver::track(double* x, bool forced, FrameSummary& summary) {
    if (m_broken) return solveFresh(x, summary);
    if (settledAt(x)) return Outcome::Accepted;
    bind(x);
    Outcome outcome = Outcome::Accepted;
    switch (m_kind) {
        case Kind::Explicit: {
            // Each row affine in its own unknown: one step lands on the solution, nothing to
            // iterate or check.
            if (m_slopes == Slopes::Assigned && !m_segment.inHomotopy() && assign()) {
                ++summary.iterations;
                m_worst = 0;
                break;
            }
            const size_t n = m_x.size();
            const bool known = m_slopes == Slopes::Constant || m_slopes == Slopes::Assigned;
            double* jacobian = known ? nullptr : m_residuals.data() + n;
            bool solved = m_problem.evaluate(m_x.data(), m_residuals.data(), jacobian);
            bool stayed = true;
            for (size_t i = 0; solved && i < n; ++i) {
                Pivot& pivot = m_pivots[i];
                if (jacobian) pivot.slope = jacobian[size_t(pivot.column) * n + i];
                solved = pivot.slope != 0;
                stayed = stayed && m_residuals[i] == 0;
                if (solved) m_x[size_t(pivot.column)] -= m_residuals[i] / pivot.slope;
            }
            if (!solved) return solveFresh(x, summary);
            if (m_slopes == Slopes::Unchecked) checkSlopes();
            ++summary.iterations;
            m_worst = 0;  // an affine equation solved for its unknown: exact but for rounding
            noteSettled(stayed);
            break;
        }
        case Kind::Square: {
            keepStart();
            // Only a block of one unknown is asked: one more call a block cost a long chain's
            // frame 1 %, and its blocks have two.
            CorrectorResult r;
            if (m_x.size() != 1 || !meetInClosedForm(r))
                r = m_newton->correct(m_x, kCorrectorIterations, forced ? 2.0 : kContraction);
            summary.iterations += r.iterations;
            if (r.termination != Termination::Converged) {
                if (!forced) return Outcome::Rejected;
                m_x = m_start;
                return solveFresh(x, summary);
            }
            if (m_detSign != 0 && r.detSign != 0 && r.detSign != m_detSign) {
                if (!forced) return Outcome::Rejected;
                outcome = Outcome::DeadCentre;
            }
            if (r.detSign != 0) setDetSign(r.detSign);
            m_worst = r.worst;
            noteSettled(outcome == Outcome::Accepted && r.evaluated && r.worst <= kExact);
            break;
        }
        case Kind::OverDetermined:
        case Kind::LeastSquares: {
            m_worst = leastSquares(x);
            if (!(m_worst <= m_options.tolerance)) outcome = Outcome::Failed;
            break;
        }
    }
    m_problem.scatter(m_x.data(), x);
    return outcome;
}

// After the first evaluation with the Jacobian: whether the slopes stay the same, and whether every
// row is `u - F`.
void BlockSolver::checkSlopes() {
    m_slopes = m_problem.jacobianIsConstant() ? Slopes::Constant : Slopes::Varying;
    if (m_slopes == Slopes::Varying) return;
    bool all = true;
    for (size_t i = 0; i < m_pivots.size(); ++i) {
        Pivot& pivot = m_pivots[i];
        const auto assignment = m_problem.assignment(i);
        pivot.assigned = assignment && assignment->column == pivot.column ? assignment->slot : -1;
        all = all && pivot.assigned >= 0;
    }
    if (all) m_slopes = Slopes::Assigned;
}

// Each row's unknown set to its F (see Slopes::Assigned); false, nothing changed, where an F is
// not a number (the block is then solved the general way, which says so).
bool BlockSolver::assign() {
    const double* values = m_problem.fixedValues();
    for (const Pivot& pivot : m_pivots)
        if (!std::isfinite(values[pivot.assigned])) return false;
    bool stayed = true;
    for (const Pivot& pivot : m_pivots) {
        double& u = m_x[size_t(pivot.column)];
        const double value = values[pivot.assigned];
        stayed = stayed && u == value;
        u = value;
    }
    noteSettled(stayed);
    return true;
}

// A block of one angle whose one row is A cos α + B sin α + C (harmonic_row.h: a bar's end on a
// line) is solved in closed form, at the root nearest the prediction (the one Newton would reach
// from there), as an explicit block is by its assignments: exact but for rounding, so not
// evaluated there. Whether it was: not at a dead centre, nor where there is no root (a conflict),
// which are Newton's.
bool BlockSolver::meetInClosedForm(CorrectorResult& r) {
    if (m_segment.inHomotopy()) return false;
    const auto root = m_problem.meetInClosedForm(m_x.data());
    if (!root) return false;
    r = {.iterations = 1, .worst = root->rounding, .detSign = root->slope};
    return true;
}

// Whether the block would be solved exactly where it is: its unknowns stand where its last solve
// left them and stayed, and what its rows read of the rest is what they read then (a fixed pivot
// `Engine.P = [60,180]`). Solving it again would leave its unknowns where they are, bit for bit,
// so such a block costs nothing a frame. A homotopy moves every residual, so not then.
bool BlockSolver::settledAt(const double* x) const {
    return m_settled && !m_segment.inHomotopy() && m_problem.readsAsBefore(x, m_x.data());
}

// After an accepted solve: whether it ended where solving again from there would leave it (an
// explicit block whose residuals were all 0, a Newton block that stopped on an exact residual).
void BlockSolver::noteSettled(bool stayed) {
    m_settled = stayed && !m_segment.inHomotopy();
}

double BlockSolver::leastSquares(double* x) {
    bind(x);
    keepStart();
    // Failed the frame before: the rows it met then, first, so a hopeless block costs about what
    // a solved one does; the full least squares again only when that no longer works.
    if (m_kind == Kind::OverDetermined && m_broken && m_kept > 0 && meetFirstRows(m_kept)) {
        if (!m_withChecks->evaluate(m_x.data(), m_residuals.data(), nullptr))
            return std::numeric_limits<double>::infinity();
        double worst = 0;
        for (double r : std::span(m_residuals).first(size_t(m_withChecks->residualCount())))
            worst = std::max(worst, std::abs(r));
        return worst;
    }
    double worst = leastSquaresSolver().minimize(m_x, m_options.maxIterations);
    if (!std::isfinite(worst))
        m_x = m_start;  // nowhere to go from where a constraint is not a number
    wrapAngles(m_start);
    if (m_kind == Kind::OverDetermined && !(worst <= m_options.tolerance)) {
        // The rows left over conflict: meet the rows written first exactly and let the last ones
        // miss, so the compromise does not move what the others fix.
        if (letGoOfLastRows()) {
            m_problem.setContext(x);
            worst = m_newton->correct(m_x, 0, 2.0).worst;
        }
    }
    return worst;
}

BlockSolver::Outcome BlockSolver::solveFresh(double* x, FrameSummary& summary) {
    bind(x);
    if (m_kind == Kind::OverDetermined || m_kind == Kind::LeastSquares) {
        m_worst = leastSquares(x);
        m_problem.scatter(m_x.data(), x);
        m_broken = !(m_worst <= m_options.tolerance);
        return m_broken ? Outcome::Failed : Outcome::Accepted;
    }
    // Newton first (quadratic from a good start), least squares when it does not get there. A
    // block that failed the frame before tries Newton briefly and then goes straight to the rows
    // it could meet then: a hopeless block costs about what a solved one does.
    keepStart();
    // Newton's `worst` is the residual where it stopped.
    auto holds = [&](const CorrectorResult& result) { return result.worst <= m_options.tolerance; };
    CorrectorResult result =
        m_newton->correct(m_x, m_broken ? kCorrectorIterations : kFreshIterations, 2.0);
    summary.iterations += result.iterations;
    if (!holds(result)) {
        m_x = m_start;
        if (!(m_broken && m_kept > 0 && meetFirstRows(m_kept))) {
            leastSquaresSolver().minimize(m_x, m_options.maxIterations);
            if (!std::all_of(m_x.begin(), m_x.end(), [](double v) { return std::isfinite(v); }))
                m_x = m_start;
            wrapAngles(m_start);
        }
        // Least squares stops near a solution, not on it: Newton finishes from there, quadratic
        // so close; where least squares stopped stays when that does not converge (a block
        // that has no solution).
        const std::vector<double> stopped(m_x.begin(), m_x.end());
        result = m_newton->correct(m_x, kCorrectorIterations, 2.0);
        summary.iterations += result.iterations;
        if (!holds(result)) {
            m_x.assign(stopped.begin(), stopped.end());
            result = m_newton->correct(m_x, 0, 2.0);  // its residual and determinant there
        }
        if (!(result.worst <= m_options.tolerance)) letGoOfLastRows();
    }
    m_problem.scatter(m_x.data(), x);
    setDetSign(result.detSign);
    m_worst = result.worst;
    m_broken = !(result.worst <= m_options.tolerance);
    return m_broken ? Outcome::Failed : Outcome::Accepted;
}

// A block that cannot meet all its rows meets the ones written first and lets go of the ones
// written last, the way a left-over row is the one written last: `Conrod.Q = [x, 1e6]` misses, the
// conrod stays on its crank pin. The rows let go of are solved for by least squares, so what they
// no longer fix moves as little as it can.
bool BlockSolver::letGoOfLastRows() {
    const std::vector<double> compromise(m_x.begin(), m_x.end());
    for (size_t keep = m_rare->allRows.size() - 1; keep >= 1; --keep) {
        m_x = m_start;
        if (meetFirstRows(keep)) {
            m_kept = keep;
            return true;
        }
    }
    m_kept = 0;
    m_x.assign(compromise.begin(), compromise.end());
    return false;
}

// Least squares on the block's first `keep` rows from m_start; true when they hold.
bool BlockSolver::meetFirstRows(size_t keep) {
    auto& level = m_rare->firstRows[keep];
    if (!level.problem) {
        const std::vector<int>& all = m_rare->allRows;
        const std::vector<int> rows(all.begin(), all.begin() + std::ptrdiff_t(keep));
        level.problem = std::make_unique<BlockProblem>(m_segment, rows, structure().columns);
        level.newton = std::make_unique<NewtonCorrector>(*level.problem, m_rare->weights);
    }
    level.problem->setContext(m_context);
    m_x = m_start;
    const CorrectorResult r = level.newton->correct(m_x, kFreshIterations, 2.0);
    if (r.termination != Termination::Converged) return false;
    wrapAngles(m_start);
    return true;
}

ConstraintId BlockSolver::firstConstraint() const {
    const ResidualRow& row = m_segment.rows()[size_t(structure().rows.front())];
    return m_segment.constraints()[size_t(row.constraint)].id;
}

// Made on first use: most blocks of a mechanism never need one.
LeastSquaresSolver& BlockSolver::leastSquaresSolver() {
    std::unique_ptr<LeastSquaresSolver>& solver = m_rare->solver;
    if (!solver) solver = makeLeastSquaresSolver(leastSquaresProblem());
    return *solver;
}

bool BlockSolver::checksHold(double* x) {
    if (!m_checks) return true;
    bind(x);
    if (!m_checks->evaluate(m_x.data(), m_residuals.data(), nullptr)) return false;
    for (double r : std::span(m_residuals).first(size_t(m_checks->residualCount())))
        if (!(std::abs(r) <= m_options.tolerance)) return false;
    return true;
}

void BlockSolver::wrapAngles(std::span<const double> start) {
    // An angle is only known modulo a full turn: keep the one nearest the start, so a turning
    // crank's angle grows smoothly instead of jumping by whole turns.
    for (size_t j = 0; j < m_x.size(); ++j)
        if (m_segment.isAngle(m_problem.columns()[j]))
            m_x[j] = start[j] + std::remainder(m_x[j] - start[j], 2 * std::numbers::pi);
}

}  // namespace mv
