#pragma once
// The rates a block kernel found (solver/kinematics/block_kernel.h) and what it read to find them.
// A kernel that reads none of the segment's inputs (no time, no element's state) moves only as
// the unknowns it reads do, so where its sources along the motion
// and its own unknowns are bit for bit what they were, so are its rates. What stands through a
// segment (`Engine.P = [60,180]`; the pump's engine and crank hub through every frame of the
// turn) is then differentiated once rather than every frame (docs/performance.md). Kept for one
// block of a run (block_rates.h) or for the run, whose blocks it then covers, and only where the
// kernel may stand at all (blocksThatMayStand): one that moves pays for the comparison every frame.

#include <span>
#include <vector>

#include "solver/kinematics/segment_arena.h"
#include "solver/motion/taylor.h"
#include "solver/structure/segment_structure.h"

namespace mv {

class StillRates {
public:
    // For a kernel of `sources` sources and `unknowns` unknowns, over `blocks` blocks.
    StillRates(SegmentArena* arena, size_t sources, size_t unknowns, size_t blocks);

    // Whether the rates kept were found with these sources along the motion and these values of
    // the kernel's unknowns. Where not, these are where the rates keep() is given next are found
    // (the search moves the scratch that holds them).
    bool standsAt(const Taylor* sources, const double* values);
    // The rates found there: those of `unknowns`' `columns`, the kernel's unknowns in its order,
    // and whether each of `blocks` (anything with a `defined`) had them defined.
    template <class Blocks>
    void keep(std::span<const int> columns, const std::vector<Taylor>& unknowns,
              const Blocks& blocks) {
        m_known = true;
        for (size_t j = 0; j < columns.size(); ++j) m_rates[j] = unknowns[size_t(columns[j])];
        for (size_t b = 0; b < blocks.size(); ++b) m_defined[b] = blocks[b].defined;
    }
    // The rates kept, into `unknowns`' `columns` and `blocks`.
    template <class Blocks>
    void restore(std::span<const int> columns, std::vector<Taylor>& unknowns,
                 Blocks&& blocks) const {
        for (size_t j = 0; j < columns.size(); ++j) {
            Taylor& u = unknowns[size_t(columns[j])];
            u.d1 = m_rates[j].d1;
            u.d2 = m_rates[j].d2;
        }
        for (size_t b = 0; b < blocks.size(); ++b) blocks[b].defined = m_defined[b];
    }

private:
    bool m_known = false;
    ArenaVector<Taylor> m_sources;
    ArenaVector<double> m_values;
    ArenaVector<Taylor> m_rates;  // by unknown: d1 and d2
    ArenaVector<char> m_defined;  // by block
};

class SegmentProblem;

// Whether each of a segment's `blocks` (in the order they are solved) may stand from one frame to
// the next: its rows read none of the segment's inputs, nor an unknown of a block that may not
// (`Crank.P = Engine.P + [330,0]` beside `Engine.P = [60,180]`, not a rod on a driven crank).
// By the rows' constraints: one that reads an input in a row the block does not solve counts too.
std::vector<char> blocksThatMayStand(const SegmentProblem& problem,
                                     const SegmentStructure& structure,
                                     std::span<const StructureBlock> blocks);

}  // namespace mv
