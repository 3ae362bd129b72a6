#include "solver/dynamics/constraint_forces.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <optional>

#include "core/model/drive.h"
#include "core/model/elementary_functions.h"
#include "solver/dynamics/pendulum_pull.h"
#include "solver/dynamics/shared_loads.h"
#include "solver/kinematics/segment_model.h"

namespace mv {

namespace {

// The first anchor of `thing` that `e` reads, in reading order; -1 when it reads none.
int firstAnchor(const Expression& e, uint32_t thing) {
    if (readsAnchor(e.op) && e.index == thing) return int(e.sub);
    for (const ExpressionPtr& a : e.args) {
        if (!a) continue;
        if (const int found = firstAnchor(*a, thing); found >= 0) return found;
    }
    return -1;
}

double cross(Vec2 a, Vec2 b) {
    return a.x * b.y - a.y * b.x;
}

Vec2 origin(const Pose& pose) {
    return {pose.x, pose.y};
}

bool finite(const Pose& p) {
    return std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.angle);
}

// A generalized force on a pose (x, y in N; angle in N·canvas units) as a force and a torque
// about `point` in N·m.
ThingLoad loadAbout(const Pose& pose, Vec2 point, double qx, double qy, double qAngle,
                    double metres) {
    const Vec2 force{qx, qy};
    return {ThingId{}, 0, force, (qAngle - cross(point - origin(pose), force)) * metres};
}

// A block's matrices on the stack up to kSmallBlock unknowns and rows (most blocks of a machine
// are one joint's: one to three of each), on the heap beyond.
constexpr int kSmallBlock = 6;
using SmallMatrix =
    Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, kSmallBlock, kSmallBlock>;

}  // namespace

struct ConstraintForces::Plan {
    // A thing a constraint moves: where its x, y and angle sit among the constraint's local
    // unknowns (-1: not read), and the anchor its torque is taken about.
    struct Touch {
        ThingId thing;
        int local[3] = {-1, -1, -1};
        int anchor = 0;
    };
    struct Constraint {
        int index = 0;  // into SegmentProblem::constraints()
        bool drive = false;
        std::vector<Touch> touches;  // by ascending ThingId
    };
    struct Block {
        std::vector<int> columns;
        std::vector<int> rows;  // the equality rows whose multipliers it solves
    };
    std::vector<Constraint> constraints;     // the equalities, by ascending ConstraintId
    std::vector<Block> blocks;               // in solving order
    std::optional<Block> whole;              // every unknown and row, for a small machine
    std::vector<int> poseOffset;             // by ThingId: its x among the unknowns, or -1
    std::vector<HangingPendulum> pendulums;  // hung from an anchor of a thing of the segment
};

struct ConstraintForces::Scratch {
    std::vector<double> rates;  // by unknown
    // Per plan constraint: its rows' gradients, row-major over its local unknowns.
    std::vector<std::vector<double>> gradients;
    std::vector<std::vector<std::pair<int, double>>> columnRows;  // by unknown: (row, ∂row/∂it)
    std::vector<double> load;         // by unknown: M ÿ − Q_gravity (N; N·canvas units)
    std::vector<double> multipliers;  // by row
    std::vector<double> unheld;       // by unknown: the load no multiplier explains
    std::vector<int> place;           // by row: its place in the block being solved, or -1
    std::vector<char> moves;          // by row: whether its gradient is not all zero
    std::vector<double> x, local;     // the frame's unknowns, and one constraint's of them
};

ConstraintForces::ConstraintForces(const Script& script, SegmentModel& model)
    : m_script(script),
      m_model(model),
      m_bodies(thingInertia(script)),
      m_plan(std::make_unique<Plan>()),
      m_scratch(std::make_unique<Scratch>()) {
    const SegmentProblem& problem = model.problem;
    m_plan->poseOffset.assign(script.things.size(), -1);
    for (const UnknownBlock& b : problem.blocks())
        if (b.kind == UnknownBlock::Kind::Pose) m_plan->poseOffset[b.thing] = b.offset;
    // By unknown: the thing whose pose it is and which of x, y, angle (-1: a variable's).
    std::vector<std::pair<ThingId, int>> owner(size_t(problem.unknownCount()), {ThingId{}, -1});
    for (const UnknownBlock& b : problem.blocks())
        if (b.kind == UnknownBlock::Kind::Pose)
            for (int i = 0; i < 3; ++i) owner[size_t(b.offset + i)] = {b.thing, i};
    std::vector<bool> equality(problem.rows().size(), false);
    for (size_t i = 0; i < problem.constraints().size(); ++i) {
        const CompiledConstraint& compiled = problem.constraints()[i];
        if (compiled.hinge) continue;
        const mv::Constraint& written = script.constraints[compiled.id];
        Plan::Constraint c;
        c.index = int(i);
        c.drive = isDrive(written);
        // The things it moves, from its own unknowns: linear in the machine, not quadratic.
        for (size_t j = 0; j < compiled.unknowns.size(); ++j) {
            const auto [thing, component] = owner[size_t(compiled.unknowns[j])];
            if (component < 0) continue;
            // Compared through a named copy: a lambda capturing a structured binding is C++20
            // that the WebAssembly build's clang (emscripten 3.1.6) does not accept yet.
            const ThingId moved = thing;
            auto touch = std::find_if(c.touches.begin(), c.touches.end(),
                                      [&](const Plan::Touch& t) { return t.thing == moved; });
            if (touch == c.touches.end()) {
                const int lhs = firstAnchor(*written.lhs, thing);
                c.touches.push_back(
                    {thing,
                     {-1, -1, -1},
                     lhs >= 0 ? lhs : std::max(0, firstAnchor(*written.rhs, thing))});
                touch = c.touches.end() - 1;
            }
            touch->local[component] = int(j);
        }
        std::sort(c.touches.begin(), c.touches.end(),
                  [](const Plan::Touch& a, const Plan::Touch& b) { return a.thing < b.thing; });
        for (int k = 0; k < compiled.residualCount; ++k)
            equality[size_t(compiled.firstResidual + k)] = true;
        m_plan->constraints.push_back(std::move(c));
    }
    std::sort(m_plan->constraints.begin(), m_plan->constraints.end(),
              [&](const Plan::Constraint& a, const Plan::Constraint& b) {
                  return problem.constraints()[size_t(a.index)].id <
                         problem.constraints()[size_t(b.index)].id;
              });
    planBlocks(equality);
    for (const HangingPendulum& hanging : hangingPendulums(script))
        if (m_plan->poseOffset[hanging.thing] >= 0) m_plan->pendulums.push_back(hanging);
    Scratch& s = *m_scratch;
    const size_t unknowns = size_t(problem.unknownCount());
    s.rates.resize(unknowns);
    s.columnRows.resize(unknowns);
    s.load.resize(unknowns);
    s.unheld.resize(unknowns);
    s.multipliers.resize(problem.rows().size());
    s.place.assign(problem.rows().size(), -1);
    s.moves.assign(problem.rows().size(), 0);
    s.gradients.resize(m_plan->constraints.size());
}

// The blocks the multipliers are solved in, the positions' blocks, and all of them as one for the
// frames where that is needed (see solveMultipliers), up to kLargestShared unknowns.
void ConstraintForces::planBlocks(const std::vector<bool>& equality) {
    constexpr int kLargestShared = 400;
    for (const StructureBlock& block : m_model.structure.blocks) {
        Plan::Block planned{block.columns, {}};
        for (const std::vector<int>* list : {&block.rows, &block.checks})
            for (const int row : *list)
                if (equality[size_t(row)]) planned.rows.push_back(row);
        m_plan->blocks.push_back(std::move(planned));
    }
    if (m_model.problem.unknownCount() > kLargestShared) return;
    m_plan->whole.emplace();
    for (int column = 0; column < m_model.problem.unknownCount(); ++column)
        m_plan->whole->columns.push_back(column);
    for (int row = 0; row < int(equality.size()); ++row)
        if (equality[size_t(row)]) m_plan->whole->rows.push_back(row);
}

ConstraintForces::~ConstraintForces() = default;

std::unique_ptr<ConstraintForces> forcesOf(const Script& script, SegmentModel& model) {
    if (script.masses.empty()) return nullptr;
    return std::make_unique<ConstraintForces>(script, model);
}

std::shared_ptr<const FrameForces> ConstraintForces::compute(const FrameSolution& frame) {
    if (frame.failed || frame.summary.deadCentre ||
        frame.poseVelocities.size() < m_script.things.size() ||
        frame.poseAccelerations.size() < m_script.things.size())
        return nullptr;
    if (!gradients(frame) || !loads(frame)) return nullptr;
    auto forces = std::make_shared<FrameForces>();
    if (!solveMultipliers(*forces)) return nullptr;
    constraintLoads(frame, *forces);
    unheldLoads(frame, *forces);
    energy(frame, *forces);
    return forces;
}

// Each equality's gradient at the frame, and by unknown the rows that read it.
bool ConstraintForces::gradients(const FrameSolution& frame) {
    SegmentProblem& problem = m_model.problem;
    Scratch& s = *m_scratch;
    for (auto& rows : s.columnRows) rows.clear();
    s.x.resize(size_t(problem.unknownCount()));
    problem.gather(frame, s.x.data());
    for (size_t c = 0; c < m_plan->constraints.size(); ++c) {
        const int index = m_plan->constraints[c].index;
        const CompiledConstraint& compiled = problem.constraints()[size_t(index)];
        const size_t n = compiled.unknowns.size();
        s.local.clear();
        for (int u : compiled.unknowns) s.local.push_back(s.x[size_t(u)]);
        // The inputs are the frame's: the motion set them just before (machine_motion.h).
        const ExpressionTape& tape = problem.evaluateTape(index, s.local.data());
        std::vector<double>& gradient = s.gradients[c];
        gradient.assign(size_t(compiled.residualCount) * n, 0.0);
        for (int k = 0; k < compiled.residualCount; ++k) {
            const double* g = tape.gradient(compiled.outputs[k]);
            s.moves[size_t(compiled.firstResidual + k)] =
                g && std::any_of(g, g + n, [](double v) { return v != 0; });
            if (!g) continue;
            for (size_t j = 0; j < n; ++j) {
                if (!std::isfinite(g[j])) return false;
                if (g[j] == 0) continue;
                gradient[size_t(k) * n + j] = g[j];
                s.columnRows[size_t(compiled.unknowns[j])].push_back(
                    {compiled.firstResidual + k, g[j]});
            }
        }
    }
    return true;
}

// M ÿ − Q_gravity on every pose (what the constraints must supply), and the unknowns' rates for
// the drives' power. False where a rate is not a number.
bool ConstraintForces::loads(const FrameSolution& frame) {
    Scratch& s = *m_scratch;
    std::fill(s.load.begin(), s.load.end(), 0.0);
    const double scale = m_script.gravity.scale;
    for (const UnknownBlock& b : m_model.problem.blocks()) {
        double* rate = s.rates.data() + b.offset;
        if (b.kind == UnknownBlock::Kind::Variable) {
            const Vec2 v = frame.variableVelocities.size() > b.variable
                               ? frame.variableVelocities[b.variable]
                               : Vec2{};
            rate[0] = v.x;
            if (b.size == 2) rate[1] = v.y;
            continue;
        }
        const Pose& pose = frame.poses[b.thing];
        const Pose& velocity = frame.poseVelocities[b.thing];
        const Pose& acceleration = frame.poseAccelerations[b.thing];
        if (!finite(velocity) || !finite(acceleration)) return false;
        rate[0] = velocity.x;
        rate[1] = velocity.y;
        rate[2] = velocity.angle;
        const ThingInertia& body = m_bodies[b.thing];
        if (body.mass == 0) continue;
        const Vec2 centreAcceleration =
            anchorAcceleration(pose, velocity, acceleration, body.centre) * (1 / scale);
        const Vec2 net = (centreAcceleration - m_script.gravity.g) * body.mass;
        double* load = s.load.data() + b.offset;
        load[0] = net.x;
        load[1] = net.y;
        load[2] = body.inertia * acceleration.angle * scale +
                  cross(pose.apply(body.centre) - origin(pose), net);
    }
    for (const HangingPendulum& hanging : m_plan->pendulums)
        if (!pendulumLoad(frame, hanging)) return false;
    return true;
}

// A pendulum's pull is applied to its thing at the anchor it hangs from.
bool ConstraintForces::pendulumLoad(const FrameSolution& frame, const HangingPendulum& hanging) {
    const Vec2 pull = pendulumPull(m_script, frame, hanging);
    if (!std::isfinite(pull.x) || !std::isfinite(pull.y)) return false;
    const Pose& pose = frame.poses[hanging.thing];
    const Vec2 at = pose.apply(m_script.things[hanging.thing].anchors[hanging.anchor].local);
    double* load = m_scratch->load.data() + m_plan->poseOffset[hanging.thing];
    load[0] -= pull.x;
    load[1] -= pull.y;
    load[2] -= cross(at - origin(pose), pull);
    return true;
}

// Φ_yᵀ μ = load, block by block from the last: a block's columns are read by its own rows and
// those of later blocks, whose multipliers are known by then. Where a block has rows said twice
// that also move earlier blocks' unknowns (a bar on two pins, level: the second pin's x row is in
// the angle's block, where it moves nothing, but it shares the first pin's x), the split of least
// size takes every row together: the frame is solved again as one block.
bool ConstraintForces::solveMultipliers(FrameForces& forces) {
    Scratch& s = *m_scratch;
    std::fill(s.multipliers.begin(), s.multipliers.end(), 0.0);
    bool shared = false;
    for (auto block = m_plan->blocks.rbegin(); block != m_plan->blocks.rend(); ++block)
        shared = solveBlock(block->columns, block->rows, forces) || shared;
    if (shared && m_plan->whole) {
        forces.indeterminate.clear();
        std::fill(s.multipliers.begin(), s.multipliers.end(), 0.0);
        solveBlock(m_plan->whole->columns, m_plan->whole->rows, forces);
    }
    return std::all_of(s.multipliers.begin(), s.multipliers.end(),
                       [](double v) { return std::isfinite(v); });
}

bool ConstraintForces::solveBlock(const std::vector<int>& columns, const std::vector<int>& rows,
                                  FrameForces& forces) {
    const bool small = int(columns.size()) <= kSmallBlock && int(rows.size()) <= kSmallBlock;
    return small ? solveBlockIn<SmallMatrix>(columns, rows, forces)
                 : solveBlockIn<Eigen::MatrixXd>(columns, rows, forces);
}

// One block's multipliers, Φᵀ μ = rhs over its columns less what the later blocks' rows carry,
// weighed as the positions are so that a turn and a shift compare in a free block: by the complete
// orthogonal decomposition, whose answer is the least-squares one of least size (exact for a
// regular square block). What it leaves of the load is unheld.
// Returns whether the block's rows share a load with rows of other blocks, so that only all of
// them together give the split of least size.
template <class Matrix>
bool ConstraintForces::solveBlockIn(const std::vector<int>& columns, const std::vector<int>& rows,
                                    FrameForces& forces) {
    using Vector = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, Matrix::MaxRowsAtCompileTime, 1>;
    Scratch& s = *m_scratch;
    const std::vector<double>& weights = m_model.weights;
    const Eigen::Index n = Eigen::Index(columns.size());
    const Eigen::Index m = Eigen::Index(rows.size());
    for (Eigen::Index i = 0; i < m; ++i) s.place[size_t(rows[size_t(i)])] = int(i);
    Matrix transposed = Matrix::Zero(n, m);
    Vector rhs(n);
    for (Eigen::Index j = 0; j < n; ++j) {
        const int column = columns[size_t(j)];
        const double weight = weights[size_t(column)];
        double value = s.load[size_t(column)];
        for (const auto& [row, slope] : s.columnRows[size_t(column)]) {
            const int place = s.place[size_t(row)];
            if (place >= 0)
                transposed(j, place) = slope / weight;
            else
                value -= slope * s.multipliers[size_t(row)];
        }
        rhs(j) = value / weight;
    }
    for (const int row : rows) s.place[size_t(row)] = -1;
    Eigen::Matrix<double, Eigen::Dynamic, 1, 0, Matrix::MaxColsAtCompileTime, 1> multipliers =
        decltype(multipliers)::Zero(m);
    bool shared = false;
    if (m == 1 && n == 1 && transposed(0, 0) != 0) {
        multipliers(0) = rhs(0) / transposed(0, 0);
    } else if (m > 0) {
        Eigen::CompleteOrthogonalDecomposition<Matrix> split(transposed);
        split.setThreshold(kNegligibleSlope);
        multipliers = split.solve(rhs);
        const auto moving = std::count_if(rows.begin(), rows.end(),
                                          [&](int row) { return s.moves[size_t(row)] != 0; });
        // A row that moves only earlier blocks' unknowns, or rows of two constraints that split
        // a load between them, share it with rows elsewhere; two equations of one constraint that
        // fix one unknown (a drive's x and y of one angle) do not.
        if (split.rank() < moving) {
            bool elsewhere = false;
            const double size = transposed.template lpNorm<Eigen::Infinity>();
            for (Eigen::Index i = 0; i < m; ++i)
                elsewhere = elsewhere || (s.moves[size_t(rows[size_t(i)])] != 0 &&
                                          transposed.col(i).template lpNorm<Eigen::Infinity>() <=
                                              kNegligibleSlope * size);
            const bool between =
                noteSharedLoad(m_model.problem, rows, Eigen::MatrixXd(transposed), forces);
            shared = elsewhere || between;
        }
    }
    const Vector left = rhs - transposed * multipliers;
    for (Eigen::Index i = 0; i < m; ++i) s.multipliers[size_t(rows[size_t(i)])] = multipliers(i);
    for (Eigen::Index j = 0; j < n; ++j) {
        const int column = columns[size_t(j)];
        s.unheld[size_t(column)] = left(j) * weights[size_t(column)];
    }
    return shared;
}

// What each constraint does to the things it reads: its rows' gradients over a thing's pose
// times their multipliers; and for a drive, the power it feeds in, μᵀ Φ_y ẏ (= −μᵀ ∂Φ/∂T).
void ConstraintForces::constraintLoads(const FrameSolution& frame, FrameForces& forces) const {
    const Scratch& s = *m_scratch;
    const SegmentProblem& problem = m_model.problem;
    const double metres = 1 / m_script.gravity.scale;
    forces.constraints.reserve(m_plan->constraints.size());
    for (size_t c = 0; c < m_plan->constraints.size(); ++c) {
        const Plan::Constraint& planned = m_plan->constraints[c];
        const CompiledConstraint& compiled = problem.constraints()[size_t(planned.index)];
        const std::vector<double>& gradient = s.gradients[c];
        const size_t n = compiled.unknowns.size();
        auto along = [&](const double* direction) {  // Σ_k μ_k ∂Φ_k/∂y · direction
            double sum = 0;
            for (int k = 0; k < compiled.residualCount; ++k) {
                const double multiplier = s.multipliers[size_t(compiled.firstResidual + k)];
                for (size_t j = 0; j < n; ++j)
                    sum += multiplier * gradient[size_t(k) * n + j] *
                           direction[size_t(compiled.unknowns[j])];
            }
            return sum;
        };
        ConstraintLoad load{compiled.id, planned.drive, 0, {}};
        if (planned.drive) load.power = along(s.rates.data()) * metres;
        for (const Plan::Touch& touch : planned.touches) {
            double q[3] = {0, 0, 0};
            for (int component = 0; component < 3; ++component) {
                const int j = touch.local[component];
                if (j < 0) continue;
                for (int k = 0; k < compiled.residualCount; ++k)
                    q[component] += gradient[size_t(k) * n + size_t(j)] *
                                    s.multipliers[size_t(compiled.firstResidual + k)];
            }
            const Pose& pose = frame.poses[touch.thing];
            const Vec2 at =
                pose.apply(m_script.things[touch.thing].anchors[size_t(touch.anchor)].local);
            ThingLoad thingLoad = loadAbout(pose, at, q[0], q[1], q[2], metres);
            thingLoad.thing = touch.thing;
            thingLoad.anchor = touch.anchor;
            load.on.push_back(thingLoad);
        }
        forces.constraints.push_back(std::move(load));
    }
}

// The loads no constraint takes, as the load on the thing (gravity less what its motion needs):
// what the free blocks left over, and the whole load of a massive thing no constraint mentions.
void ConstraintForces::unheldLoads(const FrameSolution& frame, FrameForces& forces) const {
    const Scratch& s = *m_scratch;
    const double scale = m_script.gravity.scale;
    for (ThingId thing{0}; thing < ThingId(uint32_t(m_bodies.size())); ++thing) {
        const ThingInertia& body = m_bodies[thing];
        if (body.mass == 0) continue;
        const Pose& pose = frame.poses[thing];
        double q[3];
        if (const int offset = m_plan->poseOffset[thing]; offset >= 0) {
            for (int i = 0; i < 3; ++i) q[i] = -s.unheld[size_t(offset + i)];
        } else {
            // Kept where it was: no acceleration, only gravity.
            const Vec2 weight = m_script.gravity.g * body.mass;
            q[0] = weight.x;
            q[1] = weight.y;
            q[2] = cross(pose.apply(body.centre) - origin(pose), weight);
        }
        const Vec2 at = pose.apply(m_script.things[thing].anchors.front().local);
        const ThingLoad load = loadAbout(pose, at, q[0], q[1], q[2], 1 / scale);
        // Rounding leaves ~1e-16 of the load behind in a block that holds it all.
        const double size =
            body.mass * (elementary::hypot(m_script.gravity.g.x, m_script.gravity.g.y) + 1);
        if (elementary::hypot(load.force.x, load.force.y) <= 1e-9 * size &&
            std::abs(load.torque) <= 1e-9 * size)
            continue;
        forces.unheld.push_back({thing, load.force, load.torque});
    }
}

// Kinetic Σ(m v_G²/2 + J ω²/2) and potential −Σ m g·r_G of the massive things, in metres.
void ConstraintForces::energy(const FrameSolution& frame, FrameForces& forces) const {
    const double metres = 1 / m_script.gravity.scale;
    for (ThingId thing{0}; thing < ThingId(uint32_t(m_bodies.size())); ++thing) {
        const ThingInertia& body = m_bodies[thing];
        if (body.mass == 0) continue;
        const Pose& pose = frame.poses[thing];
        const Pose& velocity = frame.poseVelocities[thing];
        const Vec2 v = anchorVelocity(pose, velocity, body.centre) * metres;
        const Vec2 r = pose.apply(body.centre) * metres;
        forces.kinetic += 0.5 * body.mass * (v.x * v.x + v.y * v.y) +
                          0.5 * body.inertia * velocity.angle * velocity.angle;
        forces.potential -= body.mass * (m_script.gravity.g.x * r.x + m_script.gravity.g.y * r.y);
    }
}

}  // namespace mv
