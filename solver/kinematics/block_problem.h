#pragma once
// One block of a segment (solver/structure/segment_structure.h) as a problem of its own: some
// rows of the SegmentProblem, solved for some of its unknowns, with every other unknown read from
// the segment's current solution (the blocks solved before it). The constraints' tapes are the
// segment's, compiled once; a block only picks its rows and columns out of them.

#include <memory>
#include <span>
#include <vector>

#include "solver/kinematics/block_kernel.h"
#include "solver/kinematics/segment_problem.h"

namespace mv {

class BlockProblem {
public:
    // The rows of one constraint that belong to the block.
    struct Group {
        int constraint = 0;              // index into SegmentProblem::constraints()
        std::vector<int> components;     // which of its rows (0, 1)
        int firstResidual = 0;           // in the block's residual vector
        std::vector<int> columnOfLocal;  // the constraint's local unknown -> block column, or -1
        std::vector<int> columns;        // the block columns it touches, in local order
    };

    // `arena`: where its kernel is kept (a segment solver's arena).
    BlockProblem(SegmentProblem& segment, const std::vector<int>& rows,
                 std::span<const int> columns, SegmentArena* arena = nullptr);

    int unknownCount() const { return int(m_columns.size()); }
    int residualCount() const { return m_residualCount; }
    std::span<const int> columns() const { return m_columns; }  // segment unknowns, ascending
    // Made on first use: only least squares reads a block constraint by constraint (no block of a
    // long chain does), and each group is three allocations that a segment would otherwise make,
    // keep and free for every block.
    const std::vector<Group>& groups() {
        if (m_groups.empty() && m_residualCount > 0) makeGroups();
        return m_groups;
    }
    SegmentProblem& segment() { return m_segment; }

    // The segment's solution the other unknowns are read from; it must outlive every evaluation,
    // and be set again when its values change (a block solved before this one).
    void setContext(const double* segmentSolution) {
        m_context = segmentSolution;
        if (m_kernel) m_kernel->rebind();
    }

    // All residuals at the block's unknowns `x`, and when `jacobian` is not null the dense
    // column-major Jacobian, by the block's kernel (block_kernel.h). Returns false when a
    // residual is not a finite number.
    bool evaluate(const double* x, double* residuals, double* jacobian) {
        if (!m_kernel) makeKernel();
        return m_kernel->evaluate(m_segment, m_context, x, residuals, jacobian);
    }
    // Whether the Jacobian evaluate() gives is the same in every evaluation: the sums, and
    // products and quotients by numbers, of `Rod.A = Crank.Q` in the rod's x and y.
    bool jacobianIsConstant() {
        if (!m_kernel) makeKernel();
        return m_kernel->rowsHaveConstantGradients(0, m_kernel->rowCount());
    }
    // Row `row` solved by an assignment to one of the block's unknowns (BlockKernel::
    // assignment): its column and the slot whose value among fixedValues() is the solution.
    std::optional<BlockKernel::Assignment> assignment(size_t row) {
        if (!m_kernel) makeKernel();
        return m_kernel->assignment(row);
    }
    const double* fixedValues() { return m_kernel->fixedValues(m_segment, m_context); }
    // The block solved in closed form where it can be (BlockKernel::meetInClosedForm).
    std::optional<HarmonicRow::Root> meetInClosedForm(double* x) {
        if (!m_kernel) makeKernel();
        return m_kernel->meetInClosedForm(m_segment, m_context, x);
    }
    // One group: its residuals and (may be null) its row-major Jacobian over group.columns.
    bool evaluateGroup(int group, const double* x, double* residuals, double* jacobian);
    // The same with the group's columns given one pointer each, in group.columns order (Ceres).
    bool evaluateGroup(int group, const double* const* columns, double* residuals,
                       double* jacobian);

    // Whether the segment's solution holds `x` at the block's unknowns and, everywhere else, what
    // its last evaluation read, bit for bit (and the segment's inputs are as they were then): the
    // block is where that evaluation left it.
    bool readsAsBefore(const double* segmentSolution, const double* x) const;

    // Inline: each block copies its few unknowns in and out every sub-step, and the call cost
    // more than the copy.
    void gather(const double* segmentSolution, double* x) const {
        for (size_t j = 0; j < m_columns.size(); ++j) x[j] = segmentSolution[m_columns[j]];
    }
    void scatter(const double* x, double* segmentSolution) const {
        for (size_t j = 0; j < m_columns.size(); ++j) segmentSolution[m_columns[j]] = x[j];
    }

private:
    void makeKernel();
    void makeGroups();
    template <class ColumnValue>
    bool evaluateGroupWith(int group, ColumnValue value, double* residuals, double* jacobian);

    // What an evaluation reads first, together (see BlockSolver's members).
    SegmentProblem& m_segment;
    ArenaVector<int> m_columns;  // in `arena`: a frame reads them
    // evaluate()'s, made at its first call: a block made for a few evaluations (the freedom
    // report's) or none (a level of rows never let go of) does not build one.
    KernelPtr m_kernel;
    const double* m_context = nullptr;
    int m_residualCount = 0;
    SegmentArena* m_arena;
    std::vector<int> m_rows;  // the segment's
    std::vector<Group> m_groups;
    std::vector<double> m_local, m_residuals, m_jacobian;  // scratch, one constraint wide
};

}  // namespace mv
