#include "solver/motion/machine_motion.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <set>
#include <span>
#include <utility>

#include "core/model/elementary_functions.h"
#include "solver/kinematics/input_layout.h"
#include "solver/kinematics/segment_model.h"
#include "solver/kinematics/segment_problem.h"
#include "solver/motion/block_rates.h"
#include "solver/structure/segment_structure.h"

namespace mv {

std::vector<Taylor> movingInputs(const Script& script, const Frame& frame,
                                 const ElementStates* states, const ElementStates* rates,
                                 const ElementStates* accelerations) {
    auto at = [](const ElementStates* list, size_t e, size_t s, int component) {
        if (!list || e >= list->size() || s >= (*list)[e].size()) return 0.0;
        return component == 0 ? (*list)[e][s].x : (*list)[e][s].y;
    };
    std::vector<Taylor> inputs;
    layInputs<Taylor>(
        script, states, Taylor(frame.t, 1), Taylor(frame.time, 1), Taylor(frame.iv),
        [&](size_t e, size_t s, double value, int c) {
            return Taylor(value, at(rates, e, s, c), at(accelerations, e, s, c) / 2);
        },
        inputs);
    return inputs;
}

struct MachineMotion::SegmentRates {
    SegmentRates(const Script& script, SegmentModel& model)
        : problem(model.problem), structure(model.structure), weights(model.weights) {
        poseOffset.assign(script.things.size(), -1);
        variableOffset.assign(script.variables.size(), -1);
        for (const UnknownBlock& b : problem.blocks()) {
            if (b.kind == UnknownBlock::Kind::Pose) {
                poseOffset[b.thing] = b.offset;
            } else {
                variableOffset[b.variable] = b.offset;
            }
        }
        blocks = structure.blocks;
        buildRuns();
        // A free block that nothing holds stands still, exactly.
        extendable = std::none_of(blocks.begin(), blocks.end(),
                                  [](const StructureBlock& b) {
                                      return b.kind == StructureBlock::Kind::Free &&
                                             (!b.rows.empty() || !b.checks.empty());
                                  }) &&
                     std::all_of(problem.constraints().begin(), problem.constraints().end(),
                                 [](const CompiledConstraint& c) { return c.smooth; });
    }

    // Runs of the blocks that read none of each other's unknowns: found on the heap first, so
    // that each is made in the arena at its final size.
    void buildRuns() {
        runs.clear();
        arena.release();             // the kernels of the runs before, all gone
        std::vector<size_t> firsts;  // each run's first block
        std::vector<int> columns;    // the run's so far, ascending
        for (size_t b = 0; b < blocks.size(); ++b) {
            if (firsts.empty() || BlockRates::reads(structure.rowColumns, blocks[b], columns)) {
                firsts.push_back(b);
                columns.clear();
            }
            BlockRates::addColumns(columns, blocks[b].columns);
        }
        firsts.push_back(blocks.size());
        const std::span<const StructureBlock> all = blocks;
        const std::vector<char> mayStand = blocksThatMayStand(problem, structure, all);
        runs.reserve(firsts.size() - 1);  // each made once, where it stays
        for (size_t r = 0; r + 1 < firsts.size(); ++r) {
            BlockRates& run = runs.emplace_back(&arena);
            run.reserve(all.subspan(firsts[r], firsts[r + 1] - firsts[r]));
            for (size_t b = firsts[r]; b < firsts[r + 1]; ++b)
                run.add(problem, structure.rowColumns, blocks[b], weights, mayStand[b]);
        }
    }

    // Makes the blocks `indices` (ascending) one, `merged`, where the last of them was: the runs
    // then take them together from the start.
    void merge(const std::vector<size_t>& indices, const StructureBlock& merged) {
        std::vector<StructureBlock> kept;
        for (size_t u = 0; u < blocks.size(); ++u) {
            if (u == indices.back()) {
                kept.push_back(merged);
            } else if (!std::binary_search(indices.begin(), indices.end(), u)) {
                kept.push_back(std::move(blocks[u]));
            }
        }
        blocks = std::move(kept);
        buildRuns();
    }

    SegmentProblem& problem;
    const SegmentStructure& structure;
    const std::vector<double>& weights;  // by unknown
    std::vector<int> poseOffset;         // by ThingId: first unknown of its pose, -1 when none
    std::vector<int> variableOffset;     // by VariableId
    // The structure's blocks as they are differentiated: blocks found singular alone are merged
    // with those that read them, for good (differentiateAroundSingularBlocks).
    std::vector<StructureBlock> blocks;
    // The runs' kernels, in the order of the blocks: walked in that order every frame.
    SegmentArena arena;
    std::vector<BlockRates> runs;  // runs of the blocks, in order
    RateScratch scratch;           // the runs', one after the other
    SeriesScratch seriesScratch;
    // No free block and no kink: the motion can be extended to a series (MachineMotion::reaches).
    bool extendable = false;
    std::vector<double> x, inputs;  // scratch: the unknowns' and the inputs' values
};

// The leaves of an expression as they move: unknowns from the motion, everything else from the
// frame (a thing no constraint of the segment mentions stands still).
class MachineMotion::Environment {
public:
    explicit Environment(const MachineMotion& motion) : m(motion) {}

    Value<Taylor> variable(uint32_t index) const {
        const int at = m.m_segment->variableOffset[index];
        if (at < 0) return {m.m_state->variables[index].x, m.m_state->variables[index].y};
        const bool vector = m.m_script.variables[index].type == ValueType::Vector;
        return {m.unknown(size_t(at)), vector ? m.unknown(size_t(at) + 1) : Taylor()};
    }
    Value<Taylor> anchor(uint32_t thing, uint32_t anchor) const {
        const Vec2 local = m.m_script.things[thing].anchors[anchor].local;
        const int at = m.m_segment->poseOffset[thing];
        if (at < 0) {
            const Vec2 p = m.m_state->poses[thing].apply(local);
            return {p.x, p.y};
        }
        const Taylor x = m.unknown(size_t(at)), y = m.unknown(size_t(at) + 1);
        if (local == Vec2{0, 0}) return {x, y};  // a pivot on a hinge: the angle is not read
        const Taylor angle = m.unknown(size_t(at) + 2);
        const Taylor c = cos(angle), s = sin(angle);
        return {x + c * local.x - s * local.y, y + s * local.x + c * local.y};
    }
    Value<Taylor> anchorMotion(uint32_t thing, uint32_t anchor, int order) const {
        const Value<Taylor> p = this->anchor(thing, anchor);
        auto derivative = [&](const Taylor& x) {
            return order == 1 ? Taylor(x.rate(), x.acceleration()) : Taylor(x.acceleration());
        };
        return {derivative(p.x), derivative(p.y)};
    }
    Value<Taylor> state(uint32_t element, uint32_t state) const {
        const uint32_t at = stateInput(m.m_script, ElementId{element}, state);
        if (m.m_script.elements[element].states[state].type == ValueType::Vector)
            return {m.input(at), m.input(at + 1)};
        return {m.input(at), Taylor()};
    }
    double parameter(uint32_t element, uint32_t parameter) const {
        return m.m_script.elements[element].parameters[parameter].value;
    }
    Taylor localTime() const { return m.input(0); }
    Taylor absoluteTime() const { return m.input(1); }
    Taylor stepLength() const { return m.input(2); }

private:
    const MachineMotion& m;
};

MachineMotion::MachineMotion(const Script& script, SegmentModel& model)
    : m_script(script), m_segment(std::make_unique<SegmentRates>(script, model)) {}

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

namespace {

bool undefined(const std::vector<Taylor>& unknowns, const StructureBlock& block) {
    return std::any_of(block.columns.begin(), block.columns.end(),
                       [&](int c) { return !std::isfinite(unknowns[size_t(c)].d1); });
}

bool reads(const SegmentStructure& structure, const StructureBlock& block,
           const std::set<int>& columns) {
    for (const std::vector<int>* list : {&block.rows, &block.checks}) {
        for (int r : *list) {
            for (int c : structure.rowColumns[size_t(r)])
                if (columns.count(c)) return true;
        }
    }
    return false;
}

// Blocks of the structure taken as one: their rows, left-over rows and unknowns together.
struct MergedBlock {
    StructureBlock block;
    std::set<int> columns;
    std::vector<size_t> indices;  // of the blocks in the structure

    bool empty() const { return columns.empty(); }
    void add(const StructureBlock& more, size_t index) {
        indices.push_back(index);
        block.rows.insert(block.rows.end(), more.rows.begin(), more.rows.end());
        block.checks.insert(block.checks.end(), more.checks.begin(), more.checks.end());
        columns.insert(more.columns.begin(), more.columns.end());
        block.columns.assign(columns.begin(), columns.end());
        if (more.kind == StructureBlock::Kind::Free) block.kind = StructureBlock::Kind::Free;
    }
};

}  // namespace

// A square block can be singular only because its matched row is flat where the position solve
// found it (`B = A + [80,0]` at angle 0 fixes the angle by its y, not its x) while the row that is
// not flat sits in a later block (B's y is matched to the thing's y). So after the runs, from the
// first block left undefined on, a singular block is set aside and differentiated again together
// with the blocks that read its unknowns, which bring those rows: the group is exact as soon as it
// has full rank, and is kept as one block from then on (a beam placed B first is flat at angle 0
// in every frame). What is still singular at the end is a dead centre, undefined, as is everything
// that reads it. Blocks after the first undefined one are redone in order, as they read its rates.
void MachineMotion::differentiateAroundSingularBlocks() {
    const std::vector<StructureBlock>& blocks = m_segment->blocks;
    const auto firstUndefined = std::find_if(blocks.begin(), blocks.end(), [&](const auto& block) {
        return undefined(m_unknowns, block);
    });
    MergedBlock pending;
    std::optional<MergedBlock> resolved;
    for (auto u = size_t(firstUndefined - blocks.begin()); u < blocks.size(); ++u) {
        const bool joins =
            !pending.empty() && reads(m_segment->structure, blocks[u], pending.columns);
        MergedBlock group = joins ? pending : MergedBlock{};
        group.add(blocks[u], u);
        // Only around a singular block, which stays merged once resolved: a rare, brief path.
        BlockRates rates;
        rates.add(m_segment->problem, m_segment->structure.rowColumns, group.block,
                  m_segment->weights);
        rates.differentiate(m_segment->problem, m_inputs, m_unknowns, m_segment->scratch);
        if (!undefined(m_unknowns, group.block)) {
            if (joins && !resolved) resolved = group;
            if (joins) pending = {};
        } else if (!joins) {
            pending.add(blocks[u], u);
        } else {
            pending = group;
        }
    }
    if (resolved) m_segment->merge(resolved->indices, resolved->block);
}

void MachineMotion::differentiate(std::vector<Taylor> inputs, FrameSolution& state) {
    m_state = &state;
    m_followed = nullptr;
    m_series.degree = -1;
    m_inputs = std::move(inputs);
    SegmentProblem& problem = m_segment->problem;
    std::vector<double>& x = m_segment->x;
    x.resize(size_t(problem.unknownCount()));
    problem.gather(state, x.data());
    m_unknowns.assign(x.begin(), x.end());
    // The tapes' parts that depend on the inputs alone, at their values, for J.
    m_segment->inputs.clear();
    for (const Taylor& input : m_inputs) m_segment->inputs.push_back(input.v);
    problem.setInputs(m_segment->inputs);
    for (BlockRates& run : m_segment->runs)
        run.differentiate(problem, m_inputs, m_unknowns, m_segment->scratch);
    // Most frames have no singular block: one look along the rates, not one per block.
    const bool defined = std::all_of(m_unknowns.begin(), m_unknowns.end(),
                                     [](const Taylor& u) { return std::isfinite(u.d1); });
    if (!defined) differentiateAroundSingularBlocks();
    m_extendable = defined && m_segment->extendable;

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

namespace {

// How far from its origin, either way, the accelerations of `series` (of `degree`) keep within
// `tolerance` of the size of their motion: where the last terms of each series are that small, as
// a Taylor integrator chooses its step (Jorba and Zou, "A software package for the numerical
// integration of ODEs by means of high-order Taylor methods", 2005). Three terms, not one, as a
// term may vanish where the motion is symmetric (every odd one of a cosine at its top), and none
// before the fifth order, where a series is still too short to tell. Near a singularity the
// coefficients grow and the reach shrinks with them.
double reachOf(const std::vector<TaylorSeries>& series, int degree, double tolerance) {
    constexpr int kTerms = 3, kLeast = 5;
    if (degree < kLeast) return 0;
    double reach = std::numeric_limits<double>::infinity();
    for (int k = degree - kTerms + 1; k <= degree; ++k) {
        // The largest term of the acceleration, at dt^(k-2), for the size of its motion.
        double largest = 0;
        for (const TaylorSeries& x : series) {
            const double size = std::abs(x[0]) + std::abs(x[1]) + 2 * std::abs(x[2]) + 1;
            const double term = k * (k - 1) * std::abs(x[k]) / size;
            if (!std::isfinite(term)) return 0;
            largest = std::max(largest, term);
        }
        if (largest > 0)
            reach = std::min(reach, elementary::pow(tolerance / largest, 1.0 / (k - 2)));
    }
    return reach;
}

}  // namespace

bool MachineMotion::reaches(double dt, int degree, double tolerance) {
    if (dt == 0) return true;
    if (!m_extendable || (m_series.degree < 0 && !startSeries())) return false;
    SegmentRates& segment = *m_segment;
    while (m_series.reach < std::abs(dt) && m_series.degree < degree) {
        const int k = ++m_series.degree;
        ++m_seriesOrders;
        for (BlockRates& run : segment.runs)
            run.extendSeries(segment.problem, m_series.inputs, m_series.unknowns, k,
                             segment.seriesScratch);
        m_series.reach = reachOf(m_series.unknowns, k, tolerance);
    }
    return m_series.reach >= std::abs(dt);
}

bool MachineMotion::startSeries() {
    auto toSeries = [](const std::vector<Taylor>& from, std::vector<TaylorSeries>& to) {
        to.clear();
        for (const Taylor& x : from) to.emplace_back(x);
    };
    toSeries(m_unknowns, m_series.unknowns);
    toSeries(m_inputs, m_series.inputs);
    for (BlockRates& run : m_segment->runs) {
        if (run.startSeries(m_segment->problem, m_series.inputs, m_series.unknowns)) continue;
        m_extendable = false;
        return false;
    }
    m_series.degree = 2;
    m_series.reach = 0;
    return true;
}

MachineMotion::Series MachineMotion::takeSeries() {
    Series taken = std::move(m_series);
    m_series = {};
    m_followed = nullptr;
    return taken;
}

void MachineMotion::follow(double dt) {
    follow(m_series, dt);
}

void MachineMotion::follow(const Series& series, double dt) {
    m_followed = dt != 0 ? &series : nullptr;
    m_dt = dt;
}

Taylor MachineMotion::unknown(size_t index) const {
    return m_followed ? m_followed->unknowns[index].at(m_dt) : m_unknowns[index];
}

Taylor MachineMotion::input(size_t index) const {
    return m_followed ? m_followed->inputs[index].at(m_dt) : m_inputs[index];
}

}  // namespace mv
