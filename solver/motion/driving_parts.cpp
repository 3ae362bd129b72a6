#include "solver/motion/driving_parts.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "solver/frame_assembly.h"
#include "solver/kinematics/segment_model_store.h"
#include "solver/kinematics/segment_problem.h"
#include "solver/kinematics/segment_solver.h"
#include "solver/motion/machine_motion.h"
#include "solver/structure/segment_structure.h"

namespace mv {

namespace {

bool readsStates(const Expression& e) {
    if (e.op == ExprOp::ElementState) return true;
    return std::any_of(e.args.begin(), e.args.end(),
                       [](const ExpressionPtr& arg) { return arg && readsStates(*arg); });
}

// What an expression reads among a segment's unknowns, by the segment's problem and structure.
class SegmentReadings {
public:
    SegmentReadings(const Script& script, const SegmentModel& model)
        : m_script(script), m_problem(model.problem), m_structure(model.structure) {}

    // What `expression` reads from the machine: the constraints that fix it, or the constraint that
    // makes it a loop.
    struct Reading {
        std::vector<ConstraintId> constraints;
        std::optional<ConstraintId> loop;
    };

    // The blocks `expression` reads and the blocks those read, transitively, with all their rows
    // and left-over rows (the drive a matching left over is what fixes the crank). Those blocks
    // may hold rows that read element states only because the structure joined them (a rod's
    // hinge and its angle from `Bob.theta` in one over-determined block), so those rows are set
    // aside and the rest split again: if what `expression` reads is still fixed without them, they
    // are not needed; if it is left free, the first of them is a loop.
    Reading constraintsReadBy(const Expression& expression) const {
        std::set<int> start;
        columnsOf(expression, start);
        const std::set<int> rows = rowsReadFrom(m_structure, start, nullptr);
        std::vector<int> kept;
        std::optional<ConstraintId> statesRead;
        for (int r : rows) {
            if (!rowReadsStates(r)) {
                kept.push_back(r);
            } else if (!statesRead) {
                statesRead = constraintOf(r);
            }
        }
        std::vector<std::vector<int>> rowColumns;
        std::vector<bool> inequality;
        for (int r : kept) {
            rowColumns.push_back(m_structure.rowColumns[size_t(r)]);
            inequality.push_back(m_problem.rowIsInequality(r));
        }
        const SegmentStructure split =
            analyseStructure(std::move(rowColumns), inequality, m_problem.unknownCount());
        bool free = false;
        const std::set<int> needed = rowsReadFrom(split, start, &free);
        Reading reading;
        if (free && statesRead) reading.loop = statesRead;
        std::set<int> neededRows;
        for (int local : needed) neededRows.insert(kept[size_t(local)]);
        addBranchChoices(neededRows);
        std::set<ConstraintId> constraints;
        for (int r : neededRows) constraints.insert(constraintOf(r));
        reading.constraints.assign(constraints.begin(), constraints.end());
        return reading;
    }

private:
    // The inequalities that choose the branch of what `rows` solve, with what they read. An
    // inequality is a check on the block that completes its unknowns, and the solver picks the
    // branches of the blocks before it so that it holds: it may hang on a block the expression
    // does not read (`x > Crank.A.x`, or `x < 300`, picks the conrod's angle of
    // `Conrod.B = [x, 260]` but is a check on x's block). So every inequality whose unknowns
    // depend on those `rows` solve is added, with the rows it reads; without them the parts could
    // move on another branch than the machine. One that needs an element state is left out.
    void addBranchChoices(std::set<int>& rows) const {
        // The blocks `rows` belong to, and every block that reads one of them, in solving order.
        const std::vector<StructureBlock>& blocks = m_structure.blocks;
        std::vector<bool> depends(blocks.size(), false);
        auto dependsOn = [&](const std::vector<int>& columns) {
            return std::any_of(columns.begin(), columns.end(), [&](int c) {
                const int block = m_structure.blockOfColumn[size_t(c)];
                return block >= 0 && depends[size_t(block)];
            });
        };
        for (int r : rows)
            for (int c : m_structure.rowColumns[size_t(r)])
                if (const int block = m_structure.blockOfColumn[size_t(c)]; block >= 0)
                    depends[size_t(block)] = true;
        for (size_t b = 0; b < blocks.size(); ++b) {
            depends[b] =
                depends[b] || std::any_of(blocks[b].rows.begin(), blocks[b].rows.end(), [&](int r) {
                    return dependsOn(m_structure.rowColumns[size_t(r)]);
                });
        }
        for (int q = 0; q < int(m_structure.rowColumns.size()); ++q) {
            const std::vector<int>& read = m_structure.rowColumns[size_t(q)];
            if (!m_problem.rowIsInequality(q) || rows.count(q) || !dependsOn(read)) continue;
            std::set<int> more = rowsReadFrom(m_structure, {read.begin(), read.end()}, nullptr);
            more.insert(q);
            if (std::any_of(more.begin(), more.end(), [&](int r) { return rowReadsStates(r); }))
                continue;
            rows.insert(more.begin(), more.end());
        }
    }

    bool rowReadsStates(int row) const {
        const Constraint& c = m_script.constraints[constraintOf(row)];
        return readsStates(*c.lhs) || readsStates(*c.rhs);
    }

    ConstraintId constraintOf(int row) const {
        return m_problem.constraints()[size_t(m_problem.rows()[size_t(row)].constraint)].id;
    }

    // The rows (and left-over rows) of the blocks `columns` belong to and of the blocks those read;
    // `free` (may be null) is set when one of them is a free block.
    static std::set<int> rowsReadFrom(const SegmentStructure& structure,
                                      const std::set<int>& columns, bool* free) {
        std::set<int> blocks, rows;
        std::vector<int> pending;
        auto need = [&](int column) {
            const int block = structure.blockOfColumn[size_t(column)];
            if (block >= 0 && blocks.insert(block).second) pending.push_back(block);
        };
        for (int c : columns) need(c);
        while (!pending.empty()) {
            const StructureBlock& block = structure.blocks[size_t(pending.back())];
            pending.pop_back();
            if (free && block.kind == StructureBlock::Kind::Free) *free = true;
            for (const std::vector<int>* list : {&block.rows, &block.checks}) {
                for (int r : *list) {
                    rows.insert(r);
                    for (int c : structure.rowColumns[size_t(r)]) need(c);
                }
            }
        }
        return rows;
    }

    // The unknowns an expression reads; an anchor at its thing's origin does not read the angle
    // (as the tapes simplify it), so a pivot on a rod's hinge does not need what turns the rod.
    void columnsOf(const Expression& e, std::set<int>& columns) const {
        for (const UnknownBlock& b : m_problem.blocks()) {
            const bool pose = b.kind == UnknownBlock::Kind::Pose && readsAnchor(e.op) &&
                              b.thing == ThingId{e.index};
            const bool variable = b.kind == UnknownBlock::Kind::Variable &&
                                  e.op == ExprOp::Variable && b.variable == VariableId{e.index};
            if (!pose && !variable) continue;
            const bool turns =
                pose && !(m_script.things[e.index].anchors[e.sub].local == Vec2{0, 0});
            const int count = pose ? (turns ? 3 : 2) : b.size;
            for (int k = 0; k < count; ++k) columns.insert(b.offset + k);
        }
        for (const ExpressionPtr& arg : e.args)
            if (arg) columnsOf(*arg, columns);
    }

    const Script& m_script;
    const SegmentProblem& m_problem;
    const SegmentStructure& m_structure;
};

}  // namespace

struct DrivingParts::OfSegment {
    Segment segment;  // the segment's frames, and the constraints of the parts only
    std::unique_ptr<SegmentModel> model;
    std::unique_ptr<SegmentSolver> solver;
    std::unique_ptr<MachineMotion> motion;
    FrameSolution state;
    bool started = false;
    int step = -1;
    double time = 0;
    // The series of the solves before the last (the latest last), kept: a wall's guard is
    // scanned across a step once for each wall and each reading of its periodic states, each
    // scan back from the step's start, and the integrator's stages go back and forth within it.
    struct Kept {
        int step = -1;
        double time = 0;
        MachineMotion::Series series;
    };
    std::vector<Kept> kept;
};

namespace {

// The series of the driving parts: its degree, and how close its accelerations stay to those a
// solve would give, relative to the size of the motion. The integrator's own tolerance is 1e-12
// (simulate_mechanics.cpp): the series' error is a hundred times below it. At degree 16 the
// juggling sample's crank, a turn a second, is followed for about 0.02 s from one solve; the
// pendulum pump's, a quarter turn a second, for about 0.1 s.
constexpr int kSeriesDegree = 16;
constexpr double kSeriesTolerance = 1e-14;
// How many series of earlier solves a part keeps.
constexpr size_t kKeptSeries = 2;
// How far ahead of a time past the series' reach the next solve is made, in that reach.
constexpr double kLead = 0.8;

// An expression of the mechanics that reads the machine, and what to call it in a message.
struct Reader {
    const Expression* expression;
    std::string what;  // "Bob's pivot", "Paddle's guard"
};

std::vector<Reader> readersOf(const Script& script) {
    std::vector<Reader> readers;
    for (const Element& element : script.elements) {
        if (element.kind == Element::Kind::Pendulum && element.pivot)
            readers.push_back({element.pivot.get(), element.name + "'s pivot"});
    }
    for (const Interaction& interaction : script.interactions) {
        if (interaction.kind != Interaction::Kind::Reflection) continue;
        if (interaction.guard)
            readers.push_back({interaction.guard.get(), interaction.name + "'s guard"});
        if (interaction.region)
            readers.push_back({interaction.region.get(), interaction.name + "'s region"});
    }
    return readers;
}

}  // namespace

DrivingParts::DrivingParts(const Script& script, const FramePlan& plan, Diagnostics& diagnostics,
                           const SolveOptions& options, SegmentModelStore* models)
    : m_script(script), m_drives(script.elements.size(), false) {
    const std::vector<Reader> readers = readersOf(script);
    if (readers.empty()) return;
    std::vector<std::set<ConstraintId>> needed(plan.segments.size());
    for (size_t s = 0; s < plan.segments.size(); ++s) {
        std::optional<SegmentModel> own;
        const SegmentModel& model = models ? models->at(s) : own.emplace(script, plan.segments[s]);
        const SegmentReadings readings(script, model);
        for (const Reader& reader : readers) {
            if (loops(*reader.expression)) continue;
            const auto read = readings.constraintsReadBy(*reader.expression);
            if (!read.loop) {
                needed[s].insert(read.constraints.begin(), read.constraints.end());
                continue;
            }
            const auto loop = read.loop;
            const SourceRange at = script.constraints[*loop].range;
            const auto line =
                std::to_string(script.source ? script.source->location(at.begin).line : 0);
            diagnostics.add(makeDiagnostic(reader.expression->range,
                                           diag<DiagnosticId::MachineLoop>(reader.what, line),
                                           {*loop}));
            diagnostics.add(
                makeDiagnostic(at, diag<DiagnosticId::MachineLoopNote>(reader.what), {*loop}));
            m_loops.push_back(reader.expression);
        }
    }
    for (ElementId e{0}; e < script.elements.size(); ++e) {
        const Element& element = script.elements[e];
        m_drives[e] =
            element.kind == Element::Kind::Pendulum && element.pivot && !loops(*element.pivot);
    }
    for (size_t s = 0; s < plan.segments.size(); ++s) {
        auto part = std::make_unique<OfSegment>();
        part->segment = plan.segments[s];
        part->segment.constraints.assign(needed[s].begin(), needed[s].end());
        part->model = std::make_unique<SegmentModel>(script, part->segment);
        part->solver = std::make_unique<SegmentSolver>(script, *part->model, options);
        part->motion = std::make_unique<MachineMotion>(script, *part->model);
        for (const Thing& thing : script.things) part->state.poses.push_back(thing.initialPose);
        part->state.variables.assign(script.variables.size(), Vec2{});
        m_segments.push_back(std::move(part));
    }
}

DrivingParts::~DrivingParts() = default;

bool DrivingParts::drives(ElementId element) const {
    return element < m_drives.size() && m_drives[element] && !m_segments.empty();
}

long DrivingParts::seriesOrders() const {
    long orders = 0;
    for (const auto& part : m_segments) orders += part->motion->seriesOrders();
    return orders;
}

bool DrivingParts::loops(const Expression& expression) const {
    return std::find(m_loops.begin(), m_loops.end(), &expression) != m_loops.end();
}

const MachineMotion* DrivingParts::at(TimeContext time) {
    if (m_segments.empty()) return nullptr;
    ++m_reads;
    OfSegment& part = *ofStep(time.step);
    const bool here = &part == m_current && part.started && part.step == time.step;
    if (!here || !follow(part, time)) solveFor(part, time, here);
    return part.motion.get();
}

// Moves the part's motion to `time` (in the step it was solved in) along the series of its last
// solve or of one it kept, where one reaches that far.
bool DrivingParts::follow(OfSegment& part, TimeContext time) {
    MachineMotion& motion = *part.motion;
    const double dt = time.T - part.time;
    if (dt == 0 || (!part.state.failed && motion.reaches(dt, kSeriesDegree, kSeriesTolerance))) {
        motion.follow(dt);
        return true;
    }
    for (const OfSegment::Kept& kept : part.kept) {
        if (kept.step != time.step || std::abs(time.T - kept.time) > kept.series.reach) continue;
        motion.follow(kept.series, time.T - kept.time);
        return true;
    }
    return false;
}

// Solves the part for `time`. Past its last series' reach forward (`here`: in the step of its last
// solve), as the integrator goes, the series is kept and the solve is made ahead of `time`, by
// most of that reach (within the step), so that the times asked next fall within the new series'
// reach rather than half of it lying behind.
void DrivingParts::solveFor(OfSegment& part, TimeContext time, bool here) {
    double lead = 0;
    MachineMotion::Series series = part.motion->takeSeries();
    if (here && !part.state.failed && series.reach > 0) {
        if (time.T > part.time) lead = kLead * series.reach;
        if (time.iv > 0) lead = std::min(lead, time.iv - time.t);
        if (part.kept.size() == kKeptSeries) part.kept.erase(part.kept.begin());
        part.kept.push_back({part.step, part.time, std::move(series)});
    }
    if (lead > 0) {
        solveAt(part, {time.T + lead, time.t + lead, time.iv, time.step});
        if (!part.state.failed && part.motion->reaches(-lead, kSeriesDegree, kSeriesTolerance))
            return part.motion->follow(-lead);
    }
    solveAt(part, time);
}

Value<Taylor> DrivingParts::evaluate(const Expression& expression, TimeContext time) {
    return at(time)->evaluate(expression);
}

// The part of the last segment that starts at or before `step`.
DrivingParts::OfSegment* DrivingParts::ofStep(int step) {
    size_t s = 0;
    while (s + 1 < m_segments.size() && m_segments[s + 1]->segment.firstStep <= step) ++s;
    return m_segments[s].get();
}

void DrivingParts::solveAt(OfSegment& part, TimeContext time) {
    ++m_solves;
    Frame frame;
    frame.time = time.T;
    frame.t = time.t;
    frame.iv = time.iv;
    frame.step = time.step;
    Continuity continuity = Continuity::Fresh;
    FrameSolution& state = part.state;
    if (!part.started && m_current) {
        // A new segment starts from where the last one left the machine, as its frames do.
        state.poses = m_current->state.poses;
        state.variables = m_current->state.variables;
        if (!m_current->state.failed) continuity = Continuity::NewSegment;
    } else if (part.started && part.step != time.step) {
        continuity = Continuity::Jump;  // a marker: t restarts, followed along a path
    } else if (part.started) {
        // Within a step: the last solution moved along its velocity and acceleration is within
        // O(dT³) of this one, so the path from there (without the solver's own extrapolation,
        // which this replaces) is one corrector step: explicit blocks in one evaluation, the
        // others in an iteration or two, on the branch they were on.
        continuity = Continuity::Jump;
        const double dt = time.T - part.time;
        auto advance = [&](double& value, double rate, double acceleration) {
            const double moved = value + rate * dt + acceleration * dt * dt / 2;
            if (std::isfinite(moved)) value = moved;
        };
        for (size_t i = 0; i < state.poseVelocities.size(); ++i) {
            Pose& p = state.poses[i];
            const Pose &v = state.poseVelocities[i], &a = state.poseAccelerations[i];
            advance(p.x, v.x, a.x);
            advance(p.y, v.y, a.y);
            advance(p.angle, v.angle, a.angle);
        }
        for (size_t i = 0; i < state.variableVelocities.size(); ++i) {
            Vec2& p = state.variables[i];
            const Vec2 &v = state.variableVelocities[i], &a = state.variableAccelerations[i];
            advance(p.x, v.x, a.x);
            advance(p.y, v.y, a.y);
        }
    }
    assembleFrame(m_script, frame, {}, continuity, *part.solver, *part.motion, nullptr, state);
    part.started = true;
    part.step = time.step;
    part.time = time.T;
    m_current = &part;
}

}  // namespace mv
