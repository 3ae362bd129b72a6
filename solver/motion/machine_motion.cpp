#include "solver/motion/machine_motion.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "solver/kinematics/least_squares_solver.h"
#include "solver/kinematics/segment_problem.h"
#include "solver/kinematics/solver_constants.h"
#include "solver/structure/segment_structure.h"

namespace mv {

namespace {

constexpr double kUndefined = std::numeric_limits<double>::quiet_NaN();
// A square block whose Jacobian (lengths per length, angles as arcs) has a singular value below
// kDeadCentre, or below kSingularShare of its largest, is at a dead centre: its rates are
// undefined. Away from one the smallest is of the order of the mechanism's proportions (a crank
// 1° from its toggle: about 0.01); at a dead centre it is as small as the solve is exact.
constexpr double kDeadCentre = 1e-6;
constexpr double kSingularShare = 1e-10;
// An inequality of a free block counts while it is this close to its limit (or past it).
constexpr double kAtLimit = 1e-7;
constexpr uint32_t kFixedInputs = 3;  // t, T, iv

uint32_t stateInput(const Script& script, uint32_t element, uint32_t state) {
    uint32_t index = kFixedInputs;
    for (uint32_t e = 0; e < element; ++e) index += 2 * uint32_t(script.elements[e].states.size());
    return index + 2 * state;
}

}  // namespace

std::vector<Taylor> movingInputs(const Script& script, const Frame& frame,
                                 const ElementStates* states, const ElementStates* rates,
                                 const ElementStates* accelerations) {
    std::vector<Taylor> inputs{Taylor(frame.t, 1), Taylor(frame.time, 1), Taylor(frame.iv)};
    auto at = [](const ElementStates* list, size_t e, size_t s) -> const Vec2* {
        if (!list || e >= list->size() || s >= (*list)[e].size()) return nullptr;
        return &(*list)[e][s];
    };
    for (size_t e = 0; e < script.elements.size(); ++e) {
        for (size_t s = 0; s < script.elements[e].states.size(); ++s) {
            const Vec2* value = at(states, e, s);
            const Vec2 v = value ? *value : script.elements[e].states[s].initial;
            const Vec2* rate = at(rates, e, s);
            const Vec2* acceleration = at(accelerations, e, s);
            const Vec2 r = rate ? *rate : Vec2{}, a = acceleration ? *acceleration : Vec2{};
            inputs.push_back({v.x, r.x, a.x / 2});
            inputs.push_back({v.y, r.y, a.y / 2});
        }
    }
    return inputs;
}

struct MachineMotion::Parts {
    Parts(const Script& script, const Segment& segment) : problem(script, segment) {
        std::vector<std::vector<int>> rowColumns;
        std::vector<bool> inequality;
        for (int r = 0; r < problem.residualCount(); ++r) {
            rowColumns.push_back(problem.rowUnknowns(r));
            inequality.push_back(problem.rowIsInequality(r));
        }
        structure = analyseStructure(std::move(rowColumns), inequality, problem.unknownCount());
        poseOffset.assign(script.things.size(), -1);
        variableOffset.assign(script.variables.size(), -1);
        for (const UnknownBlock& b : problem.blocks()) {
            if (b.kind == UnknownBlock::Kind::Pose) {
                poseOffset[b.thing] = b.offset;
            } else {
                variableOffset[b.variable] = b.offset;
            }
        }
        const double lever =
            kLeverShare * std::max({script.config.width, script.config.height, 1.0});
        weights = problem.distanceWeights(lever);
    }

    SegmentProblem problem;
    SegmentStructure structure;
    std::vector<int> poseOffset;      // by ThingId: first unknown of its pose, -1 when none
    std::vector<int> variableOffset;  // by VariableId
    std::vector<double> weights;      // by unknown
};

// The leaves of an expression as they move: unknowns from the motion, everything else from the
// frame (a thing no constraint of the segment mentions stands still).
class MachineMotion::Environment {
public:
    explicit Environment(const MachineMotion& motion) : m(motion) {}

    Value<Taylor> variable(uint32_t index) const {
        const int at = m.m_parts->variableOffset[index];
        if (at < 0) return {m.m_state->variables[index].x, m.m_state->variables[index].y};
        const bool vector = m.m_script.variables[index].type == ValueType::Vector;
        return {m.m_unknowns[size_t(at)], vector ? m.m_unknowns[size_t(at) + 1] : Taylor()};
    }
    Value<Taylor> anchor(uint32_t thing, uint32_t anchor) const {
        const Vec2 local = m.m_script.things[thing].anchors[anchor].local;
        const int at = m.m_parts->poseOffset[thing];
        if (at < 0) {
            const Vec2 p = m.m_state->poses[thing].apply(local);
            return {p.x, p.y};
        }
        const Taylor* pose = &m.m_unknowns[size_t(at)];
        const Taylor c = cos(pose[2]), s = sin(pose[2]);
        return {pose[0] + c * local.x - s * local.y, pose[1] + s * local.x + c * local.y};
    }
    Value<Taylor> anchorMotion(uint32_t thing, uint32_t anchor, int order) const {
        const Value<Taylor> p = this->anchor(thing, anchor);
        auto derivative = [&](const Taylor& x) {
            return order == 1 ? Taylor(x.rate(), x.acceleration()) : Taylor(x.acceleration());
        };
        return {derivative(p.x), derivative(p.y)};
    }
    Value<Taylor> state(uint32_t element, uint32_t state) const {
        const uint32_t at = stateInput(m.m_script, element, state);
        if (m.m_script.elements[element].states[state].type == ValueType::Vector)
            return {m.m_inputs[at], m.m_inputs[at + 1]};
        return {m.m_inputs[at], Taylor()};
    }
    double parameter(uint32_t element, uint32_t parameter) const {
        return m.m_script.elements[element].parameters[parameter].value;
    }
    Taylor localTime() const { return m.m_inputs[0]; }
    Taylor absoluteTime() const { return m.m_inputs[1]; }
    Taylor stepLength() const { return m.m_inputs[2]; }

private:
    const MachineMotion& m;
};

MachineMotion::MachineMotion(const Script& script, const Segment& segment)
    : m_script(script), m_parts(std::make_unique<Parts>(script, segment)) {}

MachineMotion::~MachineMotion() = default;

Value<Taylor> MachineMotion::evaluate(const Expression& expression) const {
    return mv::evaluate<Taylor>(expression, Environment(*this));
}

Value<Taylor> MachineMotion::anchor(uint32_t thing, uint32_t anchor) const {
    return Environment(*this).anchor(thing, anchor);
}

Value<Taylor> MachineMotion::anchorMotion(uint32_t thing, uint32_t anchor, int order) const {
    return Environment(*this).anchorMotion(thing, anchor, order);
}

Value<Taylor> MachineMotion::variable(uint32_t index) const {
    return Environment(*this).variable(index);
}

std::vector<Vec2> MachineMotion::pivots() const {
    std::vector<Vec2> pivots(m_script.elements.size());
    for (size_t e = 0; e < pivots.size(); ++e) {
        if (!m_script.elements[e].pivot) continue;
        const Value<Taylor> p = evaluate(*m_script.elements[e].pivot);
        pivots[e] = {p.x.v, p.y.v};
    }
    return pivots;
}

void MachineMotion::differentiate(const std::vector<Taylor>& inputs, FrameSolution& state) {
    m_state = &state;
    m_inputs = inputs;
    SegmentProblem& problem = m_parts->problem;
    std::vector<double> x(size_t(problem.unknownCount()));
    problem.gather(state, x.data());
    m_unknowns.assign(x.begin(), x.end());
    differentiateBlocks();

    state.poseVelocities.assign(m_script.things.size(), Pose{});
    state.poseAccelerations.assign(m_script.things.size(), Pose{});
    state.variableVelocities.assign(m_script.variables.size(), Vec2{});
    state.variableAccelerations.assign(m_script.variables.size(), Vec2{});
    for (const UnknownBlock& b : problem.blocks()) {
        const Taylor* u = &m_unknowns[size_t(b.offset)];
        if (b.kind == UnknownBlock::Kind::Pose) {
            state.poseVelocities[b.thing] = {u[0].rate(), u[1].rate(), u[2].rate()};
            state.poseAccelerations[b.thing] = {u[0].acceleration(), u[1].acceleration(),
                                                u[2].acceleration()};
        } else {
            const bool two = b.size == 2;
            state.variableVelocities[b.variable] = {u[0].rate(), two ? u[1].rate() : 0.0};
            state.variableAccelerations[b.variable] = {u[0].acceleration(),
                                                       two ? u[1].acceleration() : 0.0};
        }
    }
}

// A square block can be singular only because its matched row is flat where the position solve
// found it (`B = A + [80,0]` at angle 0 fixes the angle by its y, not its x), while the row that
// is not flat sits in a later block (B's y is matched to the thing's y). So a singular block is
// set aside and differentiated together with the blocks that read its unknowns, which bring those
// rows: the group is the exact derivative as soon as it has full rank. What is still singular at
// the end is a dead centre, undefined, as everything that read it is.
void MachineMotion::differentiateBlocks() {
    const SegmentStructure& structure = m_parts->structure;
    Group pending;
    for (const StructureBlock& block : structure.blocks) {
        if (!pending.columns.empty() && readsAny(block, pending.columns)) {
            pending.add(block);
            if (differentiateGroup(pending)) pending = {};
            continue;
        }
        Group group;
        group.add(block);
        if (!differentiateGroup(group)) {
            for (const StructureBlock* b : group.blocks) pending.add(*b);
        }
    }
}

bool MachineMotion::readsAny(const StructureBlock& block, const std::set<int>& columns) const {
    for (const std::vector<int>* list : {&block.rows, &block.checks}) {
        for (int r : *list) {
            for (int c : m_parts->structure.rowColumns[size_t(r)])
                if (columns.count(c)) return true;
        }
    }
    return false;
}

void MachineMotion::Group::add(const StructureBlock& block) {
    blocks.push_back(&block);
    columns.insert(block.columns.begin(), block.columns.end());
    free = free || block.kind == StructureBlock::Kind::Free;
}

bool MachineMotion::differentiateGroup(const Group& group) {
    const SegmentProblem& problem = m_parts->problem;
    const std::vector<int> columns(group.columns.begin(), group.columns.end());
    const auto n = Eigen::Index(columns.size());
    auto setRates = [&](const Eigen::VectorXd& rate, bool half) {
        for (Eigen::Index j = 0; j < n; ++j) {
            Taylor& u = m_unknowns[size_t(columns[size_t(j)])];
            (half ? u.d2 : u.d1) = rate[j] / m_parts->weights[size_t(columns[size_t(j)])];
        }
    };
    auto undefined = [&] {
        const Eigen::VectorXd nan = Eigen::VectorXd::Constant(n, kUndefined);
        setRates(nan, false);
        setRates(nan, true);
        return false;
    };
    if (n > kDenseUnknownLimit) return undefined();

    // The group's rows and the rows left over on its unknowns (where they agree, least squares on
    // all of them is the exact derivative), each constraint evaluated once per pass; a difference
    // is lhs - rhs, or rhs - lhs for `>`, as the residuals are.
    std::vector<int> blockRows;
    for (const StructureBlock* block : group.blocks) {
        blockRows.insert(blockRows.end(), block->rows.begin(), block->rows.end());
        blockRows.insert(blockRows.end(), block->checks.begin(), block->checks.end());
    }
    std::vector<int> constraints;
    for (int r : blockRows) constraints.push_back(problem.rows()[size_t(r)].constraint);
    std::sort(constraints.begin(), constraints.end());
    constraints.erase(std::unique(constraints.begin(), constraints.end()), constraints.end());
    std::vector<Value<Taylor>> differences(constraints.size());
    auto evaluateRows = [&](std::vector<Taylor>& out) {
        for (size_t k = 0; k < constraints.size(); ++k) {
            const CompiledConstraint& compiled = problem.constraints()[size_t(constraints[k])];
            const Constraint& c = m_script.constraints[compiled.id];
            const Value<Taylor> lhs = evaluate(*c.lhs), rhs = evaluate(*c.rhs);
            const bool flip =
                c.relation == Relation::Greater || c.relation == Relation::GreaterEqual;
            differences[k] = flip ? Value<Taylor>{rhs.x - lhs.x, rhs.y - lhs.y}
                                  : Value<Taylor>{lhs.x - rhs.x, lhs.y - rhs.y};
        }
        out.clear();
        for (int r : blockRows) {
            const ResidualRow& row = problem.rows()[size_t(r)];
            const size_t k =
                size_t(std::lower_bound(constraints.begin(), constraints.end(), row.constraint) -
                       constraints.begin());
            out.push_back(row.component == 0 ? differences[k].x : differences[k].y);
        }
    };
    for (int c : columns) m_unknowns[size_t(c)] = Taylor(m_unknowns[size_t(c)].v);
    std::vector<Taylor> base, along;
    evaluateRows(base);
    // Rows that count: every equality; an inequality of a free block while it is at its limit (in
    // a square block an inequality only chooses the branch).
    const bool free = group.free;
    std::vector<size_t> rows;
    for (size_t i = 0; i < base.size(); ++i) {
        const bool inequality = problem.rowIsInequality(blockRows[i]);
        if (!inequality || (free && base[i].v > -kAtLimit)) rows.push_back(i);
    }
    const auto m = Eigen::Index(rows.size());
    Eigen::VectorXd first(m);
    for (Eigen::Index i = 0; i < m; ++i) first[i] = base[rows[size_t(i)]].d1;
    if (!first.allFinite()) return undefined();
    if (m == 0) return true;  // nothing holds the group: it stands still

    // J along each unknown (weighted: angles as arcs), from the change of the first-order terms.
    Eigen::MatrixXd jacobian(m, n);
    for (Eigen::Index j = 0; j < n; ++j) {
        Taylor& u = m_unknowns[size_t(columns[size_t(j)])];
        u.d1 = 1 / m_parts->weights[size_t(columns[size_t(j)])];
        evaluateRows(along);
        u.d1 = 0;
        for (Eigen::Index i = 0; i < m; ++i) jacobian(i, j) = along[rows[size_t(i)]].d1 - first[i];
    }
    if (!jacobian.allFinite()) return undefined();
    // Thin SVD: the least-squares rates of least length for a free block, and the dead-centre
    // test for a square one.
    Eigen::JacobiSVD<Eigen::MatrixXd> solver(jacobian, Eigen::ComputeThinU | Eigen::ComputeThinV);
    solver.setThreshold(kSingularShare);
    const Eigen::VectorXd& sigma = solver.singularValues();
    const bool singular =
        sigma.size() < n || sigma[n - 1] < kDeadCentre || sigma[n - 1] < kSingularShare * sigma[0];
    if (!free && singular) return undefined();
    setRates(solver.solve(-first), false);

    evaluateRows(along);
    Eigen::VectorXd second(m);
    for (Eigen::Index i = 0; i < m; ++i) second[i] = along[rows[size_t(i)]].d2;
    setRates(solver.solve(-second), true);
    return true;
}

}  // namespace mv
