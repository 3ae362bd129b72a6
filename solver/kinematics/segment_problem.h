#pragma once
// The kinematic problem of one segment (a run of frames with the same active constraints): which
// unknowns it has, and its residuals with exact derivatives. It is built once per segment; per
// frame only the inputs change (t, T, iv and the element states), never the structure.
//
// Unknowns come in blocks: the pose (x, y, angle) of every thing a constraint mentions, and every
// variable (1 or 2 numbers). Things and variables no active constraint mentions are not unknowns:
// they keep their previous values. An equality gives one residual per component (lhs - rhs); an
// inequality gives one hinge residual, max(0, lhs - rhs) for `<`, which is zero wherever it holds,
// so it only pulls when it is violated.

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "core/model/elementary_functions.h"
#include "core/model/frame_plan.h"
#include "core/model/script.h"
#include "solver/api/frame_solution.h"
#include "solver/kinematics/expression_tape.h"
#include "solver/kinematics/input_layout.h"
#include "solver/kinematics/tape_compiler.h"
#include "solver/structure/segment_structure.h"

namespace mv {

struct UnknownBlock {
    enum class Kind { Pose, Variable };
    Kind kind = Kind::Pose;
    ThingId thing;        // Pose: the thing whose x, y and angle these are
    VariableId variable;  // Variable: the variable whose components these are
    int offset = 0;       // first unknown of the block in the problem vector
    int size = 0;         // 3 for a pose, 1 or 2 for a variable
};

struct CompiledConstraint {
    ConstraintId id;
    bool hinge = false;  // an inequality: the residual is max(0, difference)
    // Its tape's smooth(), found while the tape is fresh in the cache: on a 10,000-bar chain a
    // walk of every tape later is a miss from memory a tape.
    bool smooth = true;
    int residualCount = 0;      // 1, or 2 for a vector equality
    int firstResidual = 0;      // in the problem's residual vector
    std::vector<int> blocks;    // indices into SegmentProblem::blocks(), ascending
    std::vector<int> unknowns;  // local unknown -> problem unknown
    ExpressionTape tape;
    int outputs[2] = {-1, -1};    // slots of the differences
    std::vector<uint32_t> turns;  // the local unknowns (angles) whose cos and sin the tape reads
    // The angle(...) it reads, which turn with the machine (turning_angles.cpp).
    std::vector<TapeAngle> angles;
    // Its tape's inputs are the segment's when this equals SegmentProblem's count of input
    // changes: a tape takes new inputs when it is next evaluated, not when they are set, since the
    // solve evaluates the blocks' kernels (block_kernel.h), not the constraints.
    uint64_t inputsSeen = 0;
};

// One residual row: which constraint it comes from and which component (0 = x or scalar, 1 = y).
struct ResidualRow {
    int constraint = 0;  // index into SegmentProblem::constraints()
    int component = 0;
};

class SegmentProblem {
public:
    SegmentProblem(const Script& script, const Segment& segment);

    int unknownCount() const { return m_unknownCount; }
    int residualCount() const { return m_residualCount; }
    const std::vector<UnknownBlock>& blocks() const { return m_blocks; }
    const std::vector<CompiledConstraint>& constraints() const { return m_constraints; }

    const std::vector<ResidualRow>& rows() const { return m_rows; }
    // The unknowns each row depends on (structurally), ascending, by row.
    std::vector<std::vector<int>> rowUnknowns() const;
    // Whether a row is affine in one of its unknowns, the others held.
    bool rowAffineIn(int row, int unknown) const;
    bool rowIsInequality(int row) const {
        return m_constraints[size_t(m_rows[size_t(row)].constraint)].hinge;
    }
    bool isAngle(int unknown) const { return m_isAngle[size_t(unknown)]; }
    // The first unknown of a variable, -1 when it is not one of this segment's.
    int variableOffset(VariableId id) const {
        const int block = m_variableBlock[id];
        return block < 0 ? -1 : m_blocks[size_t(block)].offset;
    }

    // Per-frame inputs, laid out as input_layout.h says (frameInputs()). Inputs
    // equal to the last ones cost nothing; a constraint's tape reads them when next evaluated.
    void setInputs(const std::vector<double>& inputs);
    const std::vector<double>& inputs() const { return m_inputs; }
    // Counts the changes of what a tape reads besides its unknowns (the inputs, the turning angles'
    // references): a block's kernel computes its fixed part again when it moved on.
    uint64_t changes() const { return m_inputChanges + m_turnChanges; }

    // All residuals, and when `jacobian` is not null the dense column-major m x n Jacobian.
    // Returns false when a residual is not a finite number.
    bool evaluate(const double* x, double* residuals, double* jacobian);
    // One constraint on its local unknowns; `jacobian` (may be null) is row-major
    // residualCount x local unknowns.
    void evaluateConstraint(int index, const double* local, double* residuals, double* jacobian);

    // Cos and sin of the angles among one constraint's local unknowns at `local`, as the tape's
    // evaluations read them (valid until the next call).
    const double* trigOf(int index, const double* local) {
        return turnsOf(m_constraints[size_t(index)], local);
    }

    // One constraint's tape at its local unknowns, with gradients (inputs as last set): its
    // differences as written, not hinged, as the motion differentiates them.
    const ExpressionTape& evaluateTape(int index, const double* local) {
        CompiledConstraint& c = m_constraints[size_t(index)];
        withInputs(c).evaluate(local, turnsOf(c, local), true);
        return c.tape;
    }

    // A Newton homotopy towards this segment's equations from a point that met others: every
    // equality's residual less `weight` times its residual there (`offsets`, by row), so at weight
    // 1 that point is a solution and at weight 0 the equations are the segment's own. Null: none.
    void setHomotopy(const double* offsets, double weight) {
        m_offsets = offsets;
        m_offsetWeight = weight;
    }
    // Whether a homotopy is under way: every residual then moves with its weight.
    bool inHomotopy() const { return m_offsets != nullptr; }
    // An equality's residual `value` at row `row` as the homotopy has it.
    double homotopyResidual(int row, double value) const {
        return m_offsets ? value - m_offsetWeight * m_offsets[row] : value;
    }

    // Cos and sin of `angle`, the value of the segment's unknown `unknown` (an angle): each
    // computed once per value, whichever constraint or block asks (a block's rows read the angles
    // earlier blocks solved).
    std::pair<double, double> cosSin(int unknown, double angle) {
        Turn& turn = m_turns[size_t(unknown)];
        if (!(turn.angle == angle)) {
            turn.angle = angle;
            const elementary::SinCos both = elementary::sinCos(angle);
            turn.cos = both.cos;
            turn.sin = both.sin;
        }
        return {turn.cos, turn.sin};
    }

    // The angles the constraints read turn from `angles` (a frame's FrameSolution::angles): each
    // takes the value nearest its own there, and one that is not there starts in (−π, π]
    // (turning_angles.cpp).
    void turnFrom(const std::vector<TurnedAngle>& angles);
    // ... and from their values at x from now on: the machine got there (a sub-step, a frame).
    void turnTo(const double* x);
    // The angles as last turned to, ascending by expression.
    std::vector<TurnedAngle> angles() const;

    // Copies the unknowns out of a frame's state and back into it.
    void gather(const FrameSolution& state, double* x) const;
    void scatter(const double* x, FrameSolution& state) const;

    // Weight of each unknown when measuring how far a solution moved: angles count as the arc
    // they sweep at `lever` units from the pivot, so positions and angles compare.
    std::vector<double> distanceWeights(double lever) const;

private:
    void compile(const Script& script, const Constraint& constraint);
    // The constraint's tape with the segment's current inputs.
    ExpressionTape& withInputs(CompiledConstraint& c) {
        if (c.inputsSeen != m_inputChanges) {
            c.tape.setInputs(m_inputs.data());
            c.inputsSeen = m_inputChanges;
        }
        return c.tape;
    }
    const double* turnsOf(const CompiledConstraint& c, const double* local);

    // The constraints' tapes, one after the other (compile()); first made, last gone.
    SegmentArena m_arena;
    std::vector<UnknownBlock> m_blocks;
    std::vector<int> m_poseBlock;      // by ThingId, -1 when not an unknown
    std::vector<int> m_variableBlock;  // by VariableId, -1 when not an unknown
    std::vector<CompiledConstraint> m_constraints;
    // Those that read an angle(...), ascending: the turning passes of a frame visit these, not
    // every constraint (20,000 on a 10,000-bar chain, none of which turns).
    std::vector<int> m_turning;
    std::vector<ResidualRow> m_rows;
    std::vector<bool> m_isAngle;  // by unknown
    std::vector<double> m_inputs;
    bool m_inputsSet = false;     // m_inputs were set (none yet at first)
    uint64_t m_inputChanges = 0;  // see CompiledConstraint::inputsSeen
    uint64_t m_turnChanges = 0;   // turnFrom() and turnTo() calls
    const double* m_offsets = nullptr;
    double m_offsetWeight = 0;
    std::vector<double> m_local;  // scratch: one constraint's local unknowns
    std::vector<double> m_localJacobian;
    // Per unknown that is an angle: the cos and sin last computed, and of which angle. Every
    // constraint on a thing turns by its angle, and a block's rows read the angles earlier blocks
    // solved: each sincos is computed once per value, not once per constraint and evaluation.
    struct Turn {
        double angle = std::numeric_limits<double>::quiet_NaN();
        double cos = 1, sin = 0;
    };
    std::vector<Turn> m_turns;
    std::vector<double> m_localTrig;  // one constraint's, as the tape reads them
    int m_unknownCount = 0;
    int m_residualCount = 0;
};

// The block structure of `problem`'s rows (solver/structure/segment_structure.h).
SegmentStructure analyseStructure(const SegmentProblem& problem);

}  // namespace mv
