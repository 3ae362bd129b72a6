#pragma once
// The rates of a run of blocks of a segment's structure (machine_motion.h says what they are and
// why) that read none of each other's unknowns, prepared once per segment: their rows and
// left-over rows, the constraints those come from, and where each constraint's unknowns sit among
// the blocks'. Per frame each constraint's tape (solver/kinematics/expression_tape.h) runs once
// with gradients, for J, and twice in Taylor arithmetic, for the first- and the second-order
// terms, whichever of the run's blocks its rows belong to (the x and the y of `Rod.A = Conrod.B`
// are two blocks and one evaluation). Each block's J is factored once for both orders
// (rate_solver.h), densely or, past kDenseUnknownLimit unknowns, sparsely. A run whose blocks are
// all dense runs each block's kernel instead (block_kernel.h): the same instructions, for less
// work; and one kernel for the whole run where it has few unknowns (a chain's bar: its x and y,
// each a block, and its angle and length): one walk of what they read in common, one kernel in
// memory instead of one a block.

#include <algorithm>
#include <memory>
#include <span>
#include <vector>

#include "solver/kinematics/block_kernel.h"
#include "solver/motion/rate_solver.h"
#include "solver/motion/still_rates.h"
#include "solver/motion/tape_series.h"
#include "solver/motion/taylor.h"
#include "solver/motion/taylor_series.h"

namespace mv {

class SegmentProblem;
struct StructureBlock;

// What differentiating a run needs only while it runs, shared by all the runs of a segment: a
// frame reuses one set of vectors, hot in the cache, instead of one set per run (20,000 runs on a
// 10,000-bar chain, a working set that no longer fit the cache; docs/performance.md).
struct RateScratch {
    std::vector<Taylor> values;  // by row of the run: its difference along the motion
    std::vector<double> jacobian, rhs, rates, local;
    std::vector<RateSolver::Entry> entries;
    std::vector<Taylor> localMotion, slots;
    std::vector<Taylor> sources;  // a block kernel's inputs along the motion
};

// What extending a run's series needs only while it runs (BlockRates::extendSeries), shared as
// RateScratch is.
struct SeriesScratch {
    std::vector<double> values, rhs, rates;  // values: by row of the run, one coefficient
};

class BlockRates {
public:
    // `arena`: where the blocks, their kernels and their factors are kept, side by side in the
    // order of the blocks.
    explicit BlockRates(SegmentArena* arena = nullptr)
        : m_arena(arena), m_blocks(arena), m_rows(arena), m_ownColumns(arena) {}

    // Adds the next block of the structure when it reads none of the unknowns of the blocks
    // already here (or there are none); returns false, adding nothing, otherwise. `rowColumns`:
    // the unknowns each row reads (SegmentStructure::rowColumns). `weights`: by problem unknown,
    // as SegmentProblem::distanceWeights gives them.
    // `mayStand`: whether the block may stand from one frame to the next (blocksThatMayStand);
    // a run made for one frame (a singular block's) keeps no rates.
    bool add(const SegmentProblem& problem, const std::vector<std::vector<int>>& rowColumns,
             const StructureBlock& block, const std::vector<double>& weights,
             bool mayStand = false);
    // Whether a row of `block` (or a row left over on it) reads one of `columns` (ascending): a
    // block that does cannot join a run whose unknowns they are.
    static bool reads(const std::vector<std::vector<int>>& rowColumns, const StructureBlock& block,
                      std::span<const int> columns);
    // `more` (ascending) into `columns` (ascending), kept ascending without sorting them again:
    // a run's unknowns as it grows a block at a time, which reads() searches.
    template <class Columns>
    static void addColumns(Columns& columns, std::span<const int> more) {
        for (int c : more) columns.insert(std::upper_bound(columns.begin(), columns.end(), c), c);
    }
    // Room for `blocks`, all to be added: a run grown block by block would leave in its arena
    // the copies each growth left behind, which a frame streams past (docs/performance.md).
    void reserve(std::span<const StructureBlock> blocks);

    // Writes the rates and half accelerations of the blocks' unknowns into `unknowns` (by problem
    // unknown, the blocks before these done), NaN where they are undefined. `inputs` move as
    // movingInputs() gives them; the problem's tapes have had their inputs set to those values.
    // `scratch` may hold anything on entry (the run before's).
    void differentiate(SegmentProblem& problem, const std::vector<Taylor>& inputs,
                       std::vector<Taylor>& unknowns, RateScratch& scratch);

    // The series in time of the blocks' unknowns (taylor_series.h), one order at a time: the k-th
    // coefficient of r(x(T), T) is J x_k plus what the lower ones give, and must vanish. So each
    // order is what the constraints' tapes (run one order at a time, tape_series.h) leave of it
    // with the blocks' own k-th coefficients still 0, solved by the factors the last
    // differentiate() made.
    //
    // startSeries() takes the series of `unknowns` (by problem unknown) and `inputs` (as
    // movingInputs() gives them) to order 2, as the last differentiate() left them; false where a
    // block had no defined rates. extendSeries() then sets the k-th coefficients of the blocks'
    // unknowns, k = 3, 4, ... in turn, those of the blocks before these set already to k. The
    // vectors are the same from start to end.
    bool startSeries(const SegmentProblem& problem, const std::vector<TaylorSeries>& inputs,
                     const std::vector<TaylorSeries>& unknowns);
    void extendSeries(const SegmentProblem& problem, const std::vector<TaylorSeries>& inputs,
                      std::vector<TaylorSeries>& unknowns, int k, SeriesScratch& s);

private:
    // What a frame reads of a block lies in the run's arena, beside the blocks before it.
    struct Block {
        explicit Block(SegmentArena* arena)
            : columns(arena), weights(arena), rows(arena), solver(arena), counted(arena) {}

        ArenaVector<int> columns;     // its unknowns
        ArenaVector<double> weights;  // by its unknown
        ArenaVector<int> rows;        // its rows, then its left-over rows, among m_rows
        bool free = false;
        bool sparse = false;
        bool mayStand = false;  // keeps its rates (StillRates)
        bool defined = false;   // this frame
        // Its rows' gradients are the same every frame (sums, products by numbers: a thing's x
        // and y pinned to another's anchor) and it has no inequality: J is the same, and once
        // `factored`, `solver` holds its factors for every frame of the segment.
        bool constantJacobian = false;
        bool factored = false;
        // Every row that counts is `u - F` for an unknown of its own (BlockKernel::assignment:
        // `Conrod.P = Crank.Q`): its unknowns move as their F do, read from the first pass along
        // the motion, with no solve and no second pass (assign).
        bool assigned = false;
        RateSolver solver;
        ArenaVector<int> counted;  // the rows that count this frame
        // Its rows as one tape over its own unknowns (solver/kinematics/block_kernel.h), once the
        // run is compiled: the passes then walk what the block reads, each once, with gradients
        // over its own unknowns only.
        KernelPtr kernel;
        ArenaPtr<StillRates> still;  // where it may stand
    };
    struct Constraint {
        int index = 0;  // into SegmentProblem::constraints()
        // By local unknown: the block among m_blocks and the place among its unknowns, or -1.
        std::vector<std::pair<int, int>> columnOf;
        std::vector<int> rows;  // its rows among m_rows
        SeriesSlots series;     // what the series walks of its tape, once started
    };
    struct Row {
        int block = 0;
        int constraint = 0;  // into m_constraints
        int slot = 0;        // the tape slot of its difference
        bool inequality = false;
        int segmentRow = 0;  // among the segment's rows
    };

    Constraint& constraintOf(int index);
    void place(const SegmentProblem& problem);
    void compile(SegmentProblem& problem);
    void differentiateBlock(SegmentProblem& problem, const std::vector<Taylor>& inputs,
                            std::vector<Taylor>& unknowns, Block& block, RateScratch& s);
    void differentiateTogether(SegmentProblem& problem, const std::vector<Taylor>& inputs,
                               std::vector<Taylor>& unknowns, RateScratch& s);
    static void evaluateRows(SegmentProblem& problem, BlockKernel& kernel, size_t firstRow,
                             bool gradients, RateScratch& s);
    static bool knowsFactors(const Block& block) {
        return block.constantJacobian && block.factored;
    }
    static void kernelValues(SegmentProblem& problem, BlockKernel& kernel, size_t firstRow,
                             bool again, RateScratch& s);
    static void sourcesIn(SegmentProblem& problem, const BlockKernel& kernel,
                          const std::vector<Taylor>& inputs, const std::vector<Taylor>& unknowns,
                          RateScratch& s);
    static void gather(std::span<const int> columns, const std::vector<Taylor>& unknowns,
                       RateScratch& s);
    void evaluate(SegmentProblem& problem, const std::vector<Taylor>& inputs,
                  const std::vector<Taylor>& unknowns, bool withGradients, RateScratch& s);
    void first(const SegmentProblem& problem, Block& block, std::vector<Taylor>& unknowns,
               RateScratch& s);
    bool factor(const SegmentProblem& problem, Block& block, RateScratch& s);
    void noteJacobian(Block& block, const BlockKernel& kernel, int firstRow);
    void assign(const SegmentProblem& problem, Block& block, const BlockKernel& kernel,
                int firstRow, std::span<const int> kernelColumns, std::vector<Taylor>& unknowns,
                RateScratch& s);
    void second(Block& block, std::vector<Taylor>& unknowns, RateScratch& s);
    void buildJacobian(const SegmentProblem& problem, const Block& block, RateScratch& s);
    void setRates(const Block& block, std::vector<Taylor>& unknowns, bool second,
                  const RateScratch& s) const;
    static void setUndefined(const Block& block, std::vector<Taylor>& unknowns);
    void seriesPass(const SegmentProblem& problem, const std::vector<TaylorSeries>& inputs,
                    const std::vector<TaylorSeries>& unknowns, int k, bool again);

    SegmentArena* m_arena;
    ArenaVector<Block> m_blocks;
    std::vector<Constraint> m_constraints;
    // (SegmentProblem's constraint, its place in m_constraints), ascending: constraintOf()'s.
    std::vector<std::pair<int, int>> m_constraintAt;
    ArenaVector<Row> m_rows;
    ArenaVector<int> m_ownColumns;  // every block's unknowns, ascending
    // The run's rows (all of them, in order) over m_ownColumns, where the run is small enough;
    // the blocks then have none of their own.
    KernelPtr m_kernel;
    ArenaPtr<StillRates> m_still;  // the run's, where all its blocks may stand
    bool m_placed = false;         // place() ran after the last add()
    bool m_tried = false;          // compile() ran
    bool m_compiled = false;       // ... and made a kernel of every block, or of the run
    // The series' slots of every constraint side by side (by m_firstSlot), kept from one order to
    // the next; the last order's second pass, over what varies, is left until the next is asked.
    std::vector<TaylorSeries> m_seriesSlots;
    std::vector<size_t> m_firstSlot;
    bool m_againPending = false;
};

}  // namespace mv
