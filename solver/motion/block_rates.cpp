#include "solver/motion/block_rates.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "solver/kinematics/least_squares_solver.h"
#include "solver/kinematics/segment_problem.h"
#include "solver/motion/tape_series.h"
#include "solver/structure/segment_structure.h"

namespace mv {

namespace {

// An inequality of a free block counts while it is this close to its limit (or past it).
constexpr double kAtLimit = 1e-7;
// A run of blocks is differentiated through one kernel up to this many unknowns in all: a kernel's
// gradients are as wide as its unknowns (a chain's runs have 4: a bar's x, y, angle and length).
constexpr size_t kRunKernelColumns = 8;

// A lambda, not a function: std::all_of inlines it, where a function's address is called per
// entry (2 % of the pump's instructions).
constexpr auto finite = [](double v) { return std::isfinite(v); };

// Room for `n` in a scratch vector that only grows: each pass writes what it reads of it, and a
// vector resized up again zero-fills what it regains, for every run of another size than the last.
template <class T>
void makeRoom(std::vector<T>& scratch, size_t n) {
    if (scratch.size() < n) scratch.resize(n);
}

}  // namespace

// A block's rows and the rows left over on its unknowns: a matched row may be flat in its unknown
// where a left-over one is not (`B = A + [80,0]` at angle 0 fixes the angle by its y, not its x),
// and where they agree, least squares on all of them is the exact derivative.
bool BlockRates::add(const SegmentProblem& problem, const std::vector<std::vector<int>>& rowColumns,
                     const StructureBlock& structure, const std::vector<double>& weights,
                     bool mayStand) {
    if (reads(rowColumns, structure, m_ownColumns)) return false;
    std::vector<int> rows = structure.rows;
    rows.insert(rows.end(), structure.checks.begin(), structure.checks.end());
    Block block(m_arena);
    block.columns.assign(structure.columns.begin(), structure.columns.end());
    block.weights.reserve(block.columns.size());
    for (int c : block.columns) block.weights.push_back(weights[size_t(c)]);
    block.rows.reserve(rows.size());
    block.counted.reserve(rows.size());
    block.free = structure.kind == StructureBlock::Kind::Free;
    block.mayStand = mayStand;
    block.sparse = int(block.columns.size()) > kDenseUnknownLimit;
    const int b = int(m_blocks.size());
    for (int r : rows) {
        const ResidualRow& row = problem.rows()[size_t(r)];
        Constraint& c = constraintOf(row.constraint);
        c.rows.push_back(int(m_rows.size()));
        block.rows.push_back(int(m_rows.size()));
        const CompiledConstraint& compiled = problem.constraints()[size_t(row.constraint)];
        m_rows.push_back({b, int(&c - m_constraints.data()), compiled.outputs[row.component],
                          problem.rowIsInequality(r), r});
    }
    addColumns(m_ownColumns, block.columns);
    m_blocks.push_back(std::move(block));
    m_placed = false;
    return true;
}

// Where each constraint's unknowns sit among the blocks', once the blocks are all added: redone
// at every add(), it made a run of n independent blocks (n bars each on its own pin) cost n³.
void BlockRates::place(const SegmentProblem& problem) {
    struct Place {
        int unknown, block, column;
    };
    std::vector<Place> places;
    places.reserve(m_ownColumns.size());
    for (size_t b = 0; b < m_blocks.size(); ++b) {
        const ArenaVector<int>& columns = m_blocks[b].columns;
        for (size_t j = 0; j < columns.size(); ++j) places.push_back({columns[j], int(b), int(j)});
    }
    std::sort(places.begin(), places.end(),
              [](const Place& a, const Place& b) { return a.unknown < b.unknown; });
    for (Constraint& c : m_constraints) {
        c.columnOf.clear();
        for (int u : problem.constraints()[size_t(c.index)].unknowns) {
            const auto at = std::lower_bound(places.begin(), places.end(), u,
                                             [](const Place& p, int v) { return p.unknown < v; });
            const bool own = at != places.end() && at->unknown == u;
            c.columnOf.emplace_back(own ? at->block : -1, own ? at->column : -1);
        }
        c.series = {};  // what varies with the run's unknowns, which the blocks added to
    }
    m_placed = true;
}

bool BlockRates::reads(const std::vector<std::vector<int>>& rowColumns, const StructureBlock& block,
                       std::span<const int> columns) {
    const auto readsOne = [&](int row) {
        return std::any_of(
            rowColumns[size_t(row)].begin(), rowColumns[size_t(row)].end(),
            [&](int u) { return std::binary_search(columns.begin(), columns.end(), u); });
    };
    return std::any_of(block.rows.begin(), block.rows.end(), readsOne) ||
           std::any_of(block.checks.begin(), block.checks.end(), readsOne);
}

void BlockRates::reserve(std::span<const StructureBlock> blocks) {
    size_t rows = 0, columns = 0;
    for (const StructureBlock& block : blocks) {
        rows += block.rows.size() + block.checks.size();
        columns += block.columns.size();
    }
    m_blocks.reserve(blocks.size());
    m_rows.reserve(rows);
    m_ownColumns.reserve(columns);
}

// Found by a search, not a walk of every constraint: a run of n independent blocks has n of them.
BlockRates::Constraint& BlockRates::constraintOf(int index) {
    const auto at =
        std::lower_bound(m_constraintAt.begin(), m_constraintAt.end(), std::pair{index, 0});
    if (at != m_constraintAt.end() && at->first == index) return m_constraints[size_t(at->second)];
    m_constraintAt.insert(at, {index, int(m_constraints.size())});
    m_constraints.push_back({});
    m_constraints.back().index = index;
    return m_constraints.back();
}

void BlockRates::differentiate(SegmentProblem& problem, const std::vector<Taylor>& inputs,
                               std::vector<Taylor>& unknowns, RateScratch& s) {
    for (int c : m_ownColumns) unknowns[size_t(c)] = Taylor(unknowns[size_t(c)].v);
    makeRoom(s.values, m_rows.size());
    if (!m_placed) place(problem);
    if (!m_tried) compile(problem);
    if (m_kernel) return differentiateTogether(problem, inputs, unknowns, s);
    if (m_compiled) {
        for (Block& block : m_blocks) differentiateBlock(problem, inputs, unknowns, block, s);
        return;
    }
    evaluate(problem, inputs, unknowns, true, s);
    for (Block& block : m_blocks) first(problem, block, unknowns, s);
    // The second-order terms with the blocks' own rates in: what is left of d²r/dT². A block's
    // rows read no other block's unknowns here, so each sees only its own rates.
    evaluate(problem, inputs, unknowns, false, s);
    for (Block& block : m_blocks) second(block, unknowns, s);
}

// One kernel for the run where it has few unknowns, else a kernel per block: the blocks of a run
// read none of each other's unknowns, so each can be differentiated alone. A sparse block keeps
// the constraints' tapes (a kernel's gradients are dense).
void BlockRates::compile(SegmentProblem& problem) {
    m_tried = true;
    if (std::any_of(m_blocks.begin(), m_blocks.end(), [](const Block& b) { return b.sparse; }))
        return;
    m_compiled = true;
    if (m_blocks.size() > 1 && m_ownColumns.size() <= kRunKernelColumns) {
        std::vector<int> rows;
        for (const Row& row : m_rows) rows.push_back(row.segmentRow);
        m_kernel = makeKernel(problem, rows, m_ownColumns, m_arena);
        // One whose rows read their own unknowns only keeps the rates it had where they were
        // the same, which a block does alone (differentiateBlock).
        if (!m_kernel->readsOwnUnknownsOnly()) {
            for (Block& block : m_blocks)
                noteJacobian(block, *m_kernel, block.rows.empty() ? 0 : block.rows.front());
            const auto mayStand = [](const Block& b) { return b.mayStand; };
            if (std::all_of(m_blocks.begin(), m_blocks.end(), mayStand))
                m_still = makeIn<StillRates>(m_arena, m_arena, m_kernel->sourceCount(),
                                             m_ownColumns.size(), m_blocks.size());
            return;
        }
        m_kernel = nullptr;
    }
    for (Block& block : m_blocks) {
        std::vector<int> rows;
        for (int r : block.rows) rows.push_back(m_rows[size_t(r)].segmentRow);
        block.kernel = makeKernel(problem, rows, block.columns, m_arena);
        if (block.mayStand)
            block.still = makeIn<StillRates>(m_arena, m_arena, block.kernel->sourceCount(),
                                             block.columns.size(), 1);
        noteJacobian(block, *block.kernel, 0);
    }
}

// Whether a block's J is the same every frame: its rows (from `firstRow` among `kernel`'s) have
// constant gradients, and none is an inequality, which counts only in some frames. And whether,
// square besides, each row is `u - F`: each u is then one of its own unknowns (its rows read no
// other block's), a different one a row (it is square).
void BlockRates::noteJacobian(Block& block, const BlockKernel& kernel, int firstRow) {
    const auto inequality = [&](int r) { return m_rows[size_t(r)].inequality; };
    const auto assigned = [&](int r) {
        return kernel.assignment(size_t(firstRow + r - block.rows.front())).has_value();
    };
    block.constantJacobian = !block.rows.empty() &&
                             std::none_of(block.rows.begin(), block.rows.end(), inequality) &&
                             kernel.rowsHaveConstantGradients(size_t(firstRow), block.rows.size());
    block.assigned = block.constantJacobian && !block.free &&
                     std::all_of(block.rows.begin(), block.rows.end(), assigned);
}

// The rates of an assigned block: each unknown's are its F's, as the first pass left them in
// s.slots. What first() and second() would solve for them, J being the identity but for signs and
// weights, without the solves; undefined where F's rate is not a number, as first() says. The
// first time, first() factors J all the same, for the series (extendSeries) to solve with.
void BlockRates::assign(const SegmentProblem& problem, Block& block, const BlockKernel& kernel,
                        int firstRow, std::span<const int> kernelColumns,
                        std::vector<Taylor>& unknowns, RateScratch& s) {
    if (!knowsFactors(block)) first(problem, block, unknowns, s);
    for (int r : block.rows) {
        const auto a = kernel.assignment(size_t(firstRow + r - block.rows.front()));
        const Taylor& f = s.slots[size_t(a->slot)];
        if (!finite(f.d1)) return setUndefined(block, unknowns);
        Taylor& u = unknowns[size_t(kernelColumns[size_t(a->column)])];
        u.d1 = f.d1;
        u.d2 = f.d2;
    }
    block.defined = true;
}

// What differentiateBlock() does, for every block of the run through the run's one kernel. Each
// block's rows depend on none of the others' unknowns, so each row comes out as its block's own
// kernel gives it, but for rounding where a row names one that cancels out (a bar's x in
// `B.Q - B.P`): block by block it moved at its rate when its block came first; here it is still
// in the first pass (docs/performance.md: results equal to 4e-16).
void BlockRates::differentiateTogether(SegmentProblem& problem, const std::vector<Taylor>& inputs,
                                       std::vector<Taylor>& unknowns, RateScratch& s) {
    gather(m_ownColumns, unknowns, s);
    sourcesIn(problem, *m_kernel, inputs, unknowns, s);
    StillRates* still = m_still.get();
    if (still && still->standsAt(s.sources.data(), s.local.data()))
        return still->restore(m_ownColumns, unknowns, m_blocks);
    const bool gradients = !std::all_of(m_blocks.begin(), m_blocks.end(), knowsFactors);
    evaluateRows(problem, *m_kernel, 0, gradients, s);
    bool again = false;  // a block's rates need the second pass
    for (Block& block : m_blocks) {
        block.assigned
            ? assign(problem, block, *m_kernel, block.rows.front(), m_ownColumns, unknowns, s)
            : first(problem, block, unknowns, s);
        again = again || (block.defined && !block.assigned);
    }
    if (again) {
        gather(m_ownColumns, unknowns, s);
        kernelValues(problem, *m_kernel, 0, true, s);
        for (Block& block : m_blocks)
            if (!block.assigned) second(block, unknowns, s);
    }
    if (still) still->keep(m_ownColumns, unknowns, m_blocks);
}

// The kernel's sources along the motion into s.sources. A turning angle's reference is an input
// of the kernel, read from there by the passes along the motion too.
void BlockRates::sourcesIn(SegmentProblem& problem, const BlockKernel& kernel,
                           const std::vector<Taylor>& inputs, const std::vector<Taylor>& unknowns,
                           RateScratch& s) {
    makeRoom(s.sources, kernel.sourceCount());
    kernel.sourcesIn(problem, inputs.data(), unknowns.data(), s.sources.data());
}

// The kernel's rows along the motion of s.localMotion into s.values from `firstRow` on
// (kernelValues), with its sources as sourcesIn() left them, and with `gradients` their values
// and gradients at s.local, which J is built from.
void BlockRates::evaluateRows(SegmentProblem& problem, BlockKernel& kernel, size_t firstRow,
                              bool gradients, RateScratch& s) {
    kernelValues(problem, kernel, firstRow, false, s);
    if (gradients) kernel.evaluateRows(problem, s.slots.data(), s.local.data());
}

// The kernel's rows along the motion of s.localMotion, into s.values from m_rows' `firstRow` on
// (its rows are consecutive there); `again`: s.slots holds its slots as the last call left them,
// with the same sources.
void BlockRates::kernelValues(SegmentProblem& problem, BlockKernel& kernel, size_t firstRow,
                              bool again, RateScratch& s) {
    makeRoom(s.slots, size_t(kernel.slotCount()));
    kernel.evaluateIn(problem, s.sources.data(), s.localMotion.data(), s.local.data(),
                      s.slots.data(), again);
    for (size_t r = 0; r < kernel.rowCount(); ++r)
        s.values[firstRow + r] = s.slots[size_t(kernel.outputSlot(r))];
}

// What evaluate(), first() and second() do for the whole run, for one block through its kernel.
void BlockRates::differentiateBlock(SegmentProblem& problem, const std::vector<Taylor>& inputs,
                                    std::vector<Taylor>& unknowns, Block& block, RateScratch& s) {
    BlockKernel& kernel = *block.kernel;
    gather(block.columns, unknowns, s);
    sourcesIn(problem, kernel, inputs, unknowns, s);
    StillRates* still = block.still.get();
    if (still && still->standsAt(s.sources.data(), s.local.data()))
        return still->restore(block.columns, unknowns, std::span(&block, 1));
    const size_t firstRow =
        block.rows.empty() ? 0 : size_t(block.rows.front());  // a free one may have none
    evaluateRows(problem, kernel, firstRow, !knowsFactors(block), s);
    block.assigned ? assign(problem, block, kernel, 0, block.columns, unknowns, s)
                   : first(problem, block, unknowns, s);
    if (block.defined && !block.assigned) {
        // With the block's own rates in: what reads them is redone.
        gather(block.columns, unknowns, s);
        kernelValues(problem, kernel, firstRow, true, s);
        second(block, unknowns, s);
    }
    if (still) still->keep(block.columns, unknowns, std::span(&block, 1));
}

// The problem's unknowns `columns` along the motion as `unknowns` has them, into s.localMotion;
// their values into s.local.
void BlockRates::gather(std::span<const int> columns, const std::vector<Taylor>& unknowns,
                        RateScratch& s) {
    const size_t n = columns.size();
    s.localMotion.resize(n);
    s.local.resize(n);
    for (size_t j = 0; j < n; ++j) {
        s.localMotion[j] = unknowns[size_t(columns[j])];
        s.local[j] = s.localMotion[j].v;
    }
}

void BlockRates::first(const SegmentProblem& problem, Block& block, std::vector<Taylor>& unknowns,
                       RateScratch& s) {
    block.defined = false;
    // Rows that count: every equality; an inequality of a free block while it is at its limit (in
    // a square block an inequality only chooses the branch).
    block.counted.clear();
    for (int r : block.rows) {
        if (!m_rows[size_t(r)].inequality || (block.free && s.values[size_t(r)].v > -kAtLimit))
            block.counted.push_back(r);
    }
    s.rhs.clear();
    for (int r : block.counted) s.rhs.push_back(-s.values[size_t(r)].d1);
    if (!std::all_of(s.rhs.begin(), s.rhs.end(), finite)) return setUndefined(block, unknowns);
    if (block.counted.empty()) return;  // nothing holds the block: it stands still

    if (!knowsFactors(block)) {
        if (!factor(problem, block, s)) return setUndefined(block, unknowns);
        block.factored = block.constantJacobian;
    }
    block.defined = true;
    makeRoom(s.rates, block.columns.size());
    block.solver.solve(s.rhs.data(), s.rates.data());
    setRates(block, unknowns, false, s);
}

// J of the block's counted rows, factored into its solver; whether it is defined (finite, and
// regular where the block is square).
bool BlockRates::factor(const SegmentProblem& problem, Block& block, RateScratch& s) {
    buildJacobian(problem, block, s);
    const int m = int(block.counted.size()), n = int(block.columns.size());
    const bool square = !block.free;
    if (block.sparse)
        return std::all_of(s.entries.begin(), s.entries.end(),
                           [](const RateSolver::Entry& e) { return finite(e.value); }) &&
               block.solver.factor(m, n, s.entries, square);
    return std::all_of(s.jacobian.begin(), s.jacobian.end(), finite) &&
           block.solver.factor(m, n, s.jacobian.data(), square);
}

void BlockRates::second(Block& block, std::vector<Taylor>& unknowns, RateScratch& s) {
    if (!block.defined) return;
    s.rhs.clear();
    for (int r : block.counted) s.rhs.push_back(-s.values[size_t(r)].d2);
    makeRoom(s.rates, block.columns.size());
    block.solver.solve(s.rhs.data(), s.rates.data());
    setRates(block, unknowns, true, s);
}

// Every row's difference along the motion (the blocks' own unknowns at the rates and
// accelerations they have in `unknowns`) and, with `withGradients`, its gradient in its tape.
void BlockRates::evaluate(SegmentProblem& problem, const std::vector<Taylor>& inputs,
                          const std::vector<Taylor>& unknowns, bool withGradients, RateScratch& s) {
    for (const Constraint& c : m_constraints) {
        const CompiledConstraint& compiled = problem.constraints()[size_t(c.index)];
        gather(compiled.unknowns, unknowns, s);
        makeRoom(s.slots, size_t(compiled.tape.size()));
        // The solver computed the cos and sin of these values: the Taylor cos and sin need
        // only their own parts.
        compiled.tape.evaluateIn(inputs.data(), s.localMotion.data(), s.slots.data(),
                                 problem.trigOf(c.index, s.local.data()));
        for (int r : c.rows) s.values[size_t(r)] = s.slots[size_t(m_rows[size_t(r)].slot)];
        if (withGradients) problem.evaluateTape(c.index, s.local.data());
    }
}

// J over a block's counted rows and its unknowns, weighted (angles as arcs), from the gradients
// the tapes hold.
void BlockRates::buildJacobian(const SegmentProblem& problem, const Block& block, RateScratch& s) {
    const size_t m = block.counted.size();
    const int b = int(&block - m_blocks.data());
    if (block.sparse) {
        s.entries.clear();
    } else {
        s.jacobian.assign(m * block.columns.size(), 0.0);
    }
    for (size_t i = 0; i < m; ++i) {
        if (m_kernel) {  // over every block's unknowns: this block's among them
            const double* gradient = m_kernel->gradient(size_t(block.counted[i]));
            for (size_t j = 0; gradient && j < block.columns.size(); ++j) {
                const auto at =
                    std::lower_bound(m_ownColumns.begin(), m_ownColumns.end(), block.columns[j]);
                const double g = gradient[at - m_ownColumns.begin()];
                if (g != 0) s.jacobian[j * m + i] = g / block.weights[j];
            }
            continue;
        }
        if (block.kernel) {
            const double* gradient =
                block.kernel->gradient(size_t(block.counted[i] - block.rows[0]));
            for (size_t j = 0; gradient && j < block.columns.size(); ++j)
                if (gradient[j] != 0) s.jacobian[j * m + i] = gradient[j] / block.weights[j];
            continue;
        }
        const Row& row = m_rows[size_t(block.counted[i])];
        const Constraint& c = m_constraints[size_t(row.constraint)];
        const double* gradient = problem.constraints()[size_t(c.index)].tape.gradient(row.slot);
        if (!gradient) continue;
        for (size_t j = 0; j < c.columnOf.size(); ++j) {
            const auto [owner, column] = c.columnOf[j];
            if (owner != b || gradient[j] == 0) continue;
            const double value = gradient[j] / block.weights[size_t(column)];
            if (block.sparse) {
                s.entries.push_back({int(i), column, value});
            } else {
                s.jacobian[size_t(column) * m + i] = value;
            }
        }
    }
}

void BlockRates::setRates(const Block& block, std::vector<Taylor>& unknowns, bool second,
                          const RateScratch& s) const {
    for (size_t j = 0; j < block.columns.size(); ++j) {
        Taylor& u = unknowns[size_t(block.columns[j])];
        (second ? u.d2 : u.d1) = s.rates[j] / block.weights[j];
    }
}

void BlockRates::setUndefined(const Block& block, std::vector<Taylor>& unknowns) {
    constexpr double kUndefined = std::numeric_limits<double>::quiet_NaN();
    for (int c : block.columns) {
        unknowns[size_t(c)].d1 = kUndefined;
        unknowns[size_t(c)].d2 = kUndefined;
    }
}

bool BlockRates::startSeries(const SegmentProblem& problem, const std::vector<TaylorSeries>& inputs,
                             const std::vector<TaylorSeries>& unknowns) {
    for (const Block& block : m_blocks)
        if (!block.defined && !block.counted.empty()) return false;
    m_firstSlot.clear();
    size_t slots = 0;
    for (Constraint& c : m_constraints) {
        const CompiledConstraint& compiled = problem.constraints()[size_t(c.index)];
        if (c.series.live.empty()) {
            std::vector<bool> own;
            for (int u : compiled.unknowns)
                own.push_back(std::binary_search(m_ownColumns.begin(), m_ownColumns.end(), u));
            c.series = seriesSlots(compiled.tape, own);
        }
        m_firstSlot.push_back(slots);
        slots += size_t(compiled.tape.size());
    }
    m_seriesSlots.assign(slots, TaylorSeries());
    for (int k = 0; k <= 2; ++k) seriesPass(problem, inputs, unknowns, k, false);
    m_againPending = false;
    return true;
}

void BlockRates::extendSeries(const SegmentProblem& problem,
                              const std::vector<TaylorSeries>& inputs,
                              std::vector<TaylorSeries>& unknowns, int k, SeriesScratch& s) {
    if (m_againPending) seriesPass(problem, inputs, unknowns, k - 1, true);
    seriesPass(problem, inputs, unknowns, k, false);
    makeRoom(s.values, m_rows.size());
    for (size_t i = 0; i < m_constraints.size(); ++i) {
        for (int r : m_constraints[i].rows)
            s.values[size_t(r)] = m_seriesSlots[m_firstSlot[i] + size_t(m_rows[size_t(r)].slot)][k];
    }
    for (const Block& block : m_blocks) {
        s.rhs.clear();
        for (int r : block.counted) s.rhs.push_back(-s.values[size_t(r)]);
        // A block that stands still (nothing holds it, or its rows read only its own unknowns)
        // has every coefficient 0.
        if (std::all_of(s.rhs.begin(), s.rhs.end(), [](double v) { return v == 0; })) continue;
        makeRoom(s.rates, block.columns.size());
        block.solver.solve(s.rhs.data(), s.rates.data());
        for (size_t j = 0; j < block.columns.size(); ++j)
            unknowns[size_t(block.columns[j])].set(k, s.rates[j] / block.weights[j]);
    }
    m_againPending = true;
}

// The k-th coefficients of the live slots of every constraint's tape or, `again`, after the
// blocks' own k-th coefficients were found, of those that vary with them.
void BlockRates::seriesPass(const SegmentProblem& problem, const std::vector<TaylorSeries>& inputs,
                            const std::vector<TaylorSeries>& unknowns, int k, bool again) {
    for (size_t i = 0; i < m_constraints.size(); ++i) {
        const Constraint& c = m_constraints[i];
        const CompiledConstraint& compiled = problem.constraints()[size_t(c.index)];
        extendSlots(compiled.tape, again ? c.series.varying : c.series.live, inputs.data(),
                    unknowns.data(), compiled.unknowns.data(), &m_seriesSlots[m_firstSlot[i]], k);
    }
}

}  // namespace mv
