#include "solver/kinematics/segment_problem.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "solver/kinematics/tape_compiler.h"
#include "solver/structure/distinct_constraints.h"

namespace mv {

namespace {

void collectUnknowns(const Expression& e, std::set<ThingId>& things,
                     std::set<VariableId>& variables) {
    if (e.op == ExprOp::Anchor) things.insert(ThingId{e.index});
    if (e.op == ExprOp::Variable) variables.insert(VariableId{e.index});
    for (const auto& arg : e.args) collectUnknowns(*arg, things, variables);
}

}  // namespace

SegmentProblem::SegmentProblem(const Script& script, const Segment& segment)
    : m_poseBlock(script.things.size(), -1), m_variableBlock(script.variables.size(), -1) {
    std::set<ThingId> things;
    std::set<VariableId> variables;
    for (ConstraintId id : segment.constraints) {
        const Constraint& c = script.constraints[id];
        if (c.frees || !c.lhs || !c.rhs) continue;
        collectUnknowns(*c.lhs, things, variables);
        collectUnknowns(*c.rhs, things, variables);
    }
    auto addBlock = [&](UnknownBlock block) {
        block.offset = m_unknownCount;
        m_blocks.push_back(block);
        m_unknownCount += block.size;
        return static_cast<int>(m_blocks.size()) - 1;
    };
    for (ThingId id : things) m_poseBlock[id] = addBlock({UnknownBlock::Kind::Pose, id, {}, 0, 3});
    for (VariableId id : variables) {
        const int size = script.variables[id].type == ValueType::Vector ? 2 : 1;
        m_variableBlock[id] = addBlock({UnknownBlock::Kind::Variable, {}, id, 0, size});
    }
    const std::vector<ConstraintId> distinct = distinctConstraints(script, segment.constraints);
    m_constraints.reserve(distinct.size());
    for (ConstraintId id : distinct) {
        const Constraint& c = script.constraints[id];
        if (!c.frees && c.lhs && c.rhs) compile(script, c);
    }
    m_turns.assign(size_t(m_unknownCount), Turn{});
    m_isAngle.assign(size_t(m_unknownCount), false);
    for (const UnknownBlock& b : m_blocks)
        if (b.kind == UnknownBlock::Kind::Pose) m_isAngle[size_t(b.offset) + 2] = true;
}

void SegmentProblem::compile(const Script& script, const Constraint& constraint) {
    std::set<ThingId> things;
    std::set<VariableId> variables;
    collectUnknowns(*constraint.lhs, things, variables);
    collectUnknowns(*constraint.rhs, things, variables);

    std::vector<int> blocks;
    for (ThingId id : things) blocks.push_back(m_poseBlock[id]);
    for (VariableId id : variables) blocks.push_back(m_variableBlock[id]);
    std::sort(blocks.begin(), blocks.end());
    std::map<ThingId, int> poses;
    std::map<VariableId, int> localVariables;
    std::vector<int> unknowns;
    for (int b : blocks) {
        const UnknownBlock& block = m_blocks[b];
        const int local = static_cast<int>(unknowns.size());
        if (block.kind == UnknownBlock::Kind::Pose) {
            poses[block.thing] = local;
        } else {
            localVariables[block.variable] = local;
        }
        for (int i = 0; i < block.size; ++i) unknowns.push_back(block.offset + i);
    }

    ExpressionTape tape(static_cast<int>(unknowns.size()));
    TapeCompiler compiler(script, tape, poses, localVariables);
    const auto lhs = compiler.compile(*constraint.lhs);
    const auto rhs = compiler.compile(*constraint.rhs);
    const bool upper =
        constraint.relation == Relation::Less || constraint.relation == Relation::LessEqual;
    const bool hinge = constraint.relation != Relation::Equal;
    // `a < b` is violated by a - b > 0, `a > b` by b - a > 0.
    const auto difference =
        hinge && !upper ? compiler.difference(rhs, lhs) : compiler.difference(lhs, rhs);
    tape.keepOnly({difference.x, difference.y});
    std::vector<TapeAngle> angles;
    for (const TapeAngle& angle : compiler.angles())
        if (tape.live(angle.value)) angles.push_back(angle);
    const int residualCount = difference.y >= 0 ? 2 : 1;
    for (int k = 0; k < residualCount; ++k) m_rows.push_back({int(m_constraints.size()), k});

    const size_t local = unknowns.size();
    if (m_local.size() < local) m_local.resize(local);
    if (m_localTrig.size() < 2 * local) m_localTrig.resize(2 * local);
    if (m_localJacobian.size() < 2 * local) m_localJacobian.resize(2 * local);
    if (!angles.empty()) m_turning.push_back(int(m_constraints.size()));
    // The tape at its final size in the problem's arena, after the constraints before it: setting
    // up a segment walks the tapes in this order several times (the structure, the blocks'
    // kernels), and on a 10,000-bar chain one scattered over the heap cost a miss a tape each time.
    m_constraints.push_back(
        {.id = static_cast<ConstraintId>(&constraint - script.constraints.data()),
         .hinge = hinge,
         .smooth = tape.smooth(),
         .residualCount = residualCount,
         .firstResidual = m_residualCount,
         .blocks = std::move(blocks),
         .unknowns = std::move(unknowns),
         .tape = ExpressionTape(tape, &m_arena),
         .outputs = {difference.x, difference.y},
         .turns = tape.trigUnknowns(),
         .angles = std::move(angles)});
    m_residualCount += residualCount;
}

std::vector<std::vector<int>> SegmentProblem::rowUnknowns() const {
    std::vector<std::vector<int>> unknowns;
    unknowns.reserve(m_rows.size());
    for (const CompiledConstraint& c : m_constraints) {  // its rows are consecutive
        const auto locals =
            c.tape.dependencies(std::span<const int>(c.outputs, size_t(c.residualCount)));
        for (const std::vector<uint32_t>& row : locals) {
            std::vector<int>& into = unknowns.emplace_back();
            into.reserve(row.size());
            for (uint32_t local : row) into.push_back(c.unknowns[local]);
            std::sort(into.begin(), into.end());
        }
    }
    return unknowns;
}

bool SegmentProblem::rowAffineIn(int row, int unknown) const {
    const ResidualRow& r = m_rows[size_t(row)];
    const CompiledConstraint& c = m_constraints[size_t(r.constraint)];
    const auto local = std::find(c.unknowns.begin(), c.unknowns.end(), unknown);
    if (local == c.unknowns.end()) return true;
    return !c.hinge &&
           c.tape.affineIn(c.outputs[r.component], uint32_t(local - c.unknowns.begin()));
}

void SegmentProblem::setInputs(const std::vector<double>& inputs) {
    // The motion differentiates a frame at the inputs its solver left set (segment_model.h).
    if (m_inputsSet && inputs == m_inputs) return;
    m_inputsSet = true;
    m_inputs = inputs;
    ++m_inputChanges;
}

// The cos and sin of the constraint's angles at `local`, laid out as ExpressionTape::evaluate
// reads them; each computed only when its angle changed since the last time any constraint read it.
const double* SegmentProblem::turnsOf(const CompiledConstraint& c, const double* local) {
    for (uint32_t j : c.turns) {
        const auto [cos, sin] = cosSin(c.unknowns[j], local[j]);
        m_localTrig[2 * j] = cos;
        m_localTrig[2 * j + 1] = sin;
    }
    return m_localTrig.data();
}

void SegmentProblem::evaluateConstraint(int index, const double* local, double* residuals,
                                        double* jacobian) {
    CompiledConstraint& c = m_constraints[index];
    withInputs(c).evaluate(local, turnsOf(c, local), jacobian != nullptr);
    const int n = c.tape.unknownCount();
    for (int r = 0; r < c.residualCount; ++r) {
        const int slot = c.outputs[r];
        double value = c.tape.value(slot);
        const bool inactive = c.hinge && !(value > 0);
        if (inactive) value = 0;
        if (!c.hinge) value = homotopyResidual(c.firstResidual + r, value);
        residuals[r] = value;
        if (!jacobian) continue;
        double* row = jacobian + r * n;
        const double* g = c.tape.gradient(slot);
        if (!g || inactive) {
            std::fill(row, row + n, 0.0);
        } else {
            std::copy(g, g + n, row);
        }
    }
}

bool SegmentProblem::evaluate(const double* x, double* residuals, double* jacobian) {
    const size_t m = static_cast<size_t>(m_residualCount);
    if (jacobian) std::fill(jacobian, jacobian + m * size_t(m_unknownCount), 0.0);
    bool finite = true;
    for (size_t i = 0; i < m_constraints.size(); ++i) {
        const CompiledConstraint& c = m_constraints[i];
        const size_t n = c.unknowns.size();
        for (size_t j = 0; j < n; ++j) m_local[j] = x[size_t(c.unknowns[j])];
        double* r = residuals + c.firstResidual;
        evaluateConstraint(static_cast<int>(i), m_local.data(), r,
                           jacobian ? m_localJacobian.data() : nullptr);
        for (int k = 0; k < c.residualCount; ++k) {
            finite = finite && std::isfinite(r[k]);
            if (!jacobian) continue;
            for (size_t j = 0; j < n; ++j)
                jacobian[size_t(c.unknowns[j]) * m + size_t(c.firstResidual + k)] =
                    m_localJacobian[k * n + j];
        }
    }
    return finite;
}

void SegmentProblem::gather(const FrameSolution& state, double* x) const {
    for (const UnknownBlock& b : m_blocks) {
        double* out = x + b.offset;
        if (b.kind == UnknownBlock::Kind::Pose) {
            const Pose& p = state.poses[b.thing];
            out[0] = p.x;
            out[1] = p.y;
            out[2] = p.angle;
        } else {
            const Vec2& v = state.variables[b.variable];
            out[0] = v.x;
            if (b.size == 2) out[1] = v.y;
        }
    }
}

void SegmentProblem::scatter(const double* x, FrameSolution& state) const {
    for (const UnknownBlock& b : m_blocks) {
        const double* in = x + b.offset;
        if (b.kind == UnknownBlock::Kind::Pose) {
            state.poses[b.thing] = {in[0], in[1], in[2]};
        } else {
            state.variables[b.variable] = {in[0], b.size == 2 ? in[1] : 0.0};
        }
    }
}

std::vector<double> SegmentProblem::distanceWeights(double lever) const {
    std::vector<double> weights(size_t(m_unknownCount), 1.0);
    for (const UnknownBlock& b : m_blocks)
        if (b.kind == UnknownBlock::Kind::Pose) weights[size_t(b.offset) + 2] = lever;
    return weights;
}

SegmentStructure analyseStructure(const SegmentProblem& problem) {
    std::vector<std::vector<int>> rowColumns = problem.rowUnknowns();
    std::vector<bool> inequality;
    for (int r = 0; r < problem.residualCount(); ++r)
        inequality.push_back(problem.rowIsInequality(r));
    return analyseStructure(std::move(rowColumns), inequality, problem.unknownCount());
}

}  // namespace mv
