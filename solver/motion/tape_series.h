#pragma once
// A constraint's tape (solver/kinematics/expression_tape.h) run in series arithmetic
// (taylor_series.h) one order at a time: each pass sets the k-th coefficient of every live slot
// from the coefficients up to k of the slots it reads, which the passes before and this one have
// set, so a slot is never recomputed from its value up. The motion extends a run of blocks this
// way (BlockRates::extendSeries), solving for its unknowns' k-th coefficients between two passes of
// the same order.

#include <vector>

namespace mv {

class ExpressionTape;
class TaylorSeries;

// Which of a tape's slots a pass sets, in the tape's order: every live one, and those that
// depend on some of the unknowns (`own`, by their local number), which alone change when those
// unknowns' coefficients do.
struct SeriesSlots {
    std::vector<int> live, varying;
};
SeriesSlots seriesSlots(const ExpressionTape& tape, const std::vector<bool>& own);

// Sets the k-th coefficient of each slot of `tape` listed in `which` (in the tape's order) in
// `slots` (one per slot of the tape, the coefficients below k as the passes before left them).
// Its inputs are `inputs`; its local unknown j is unknowns[columns[j]].
void extendSlots(const ExpressionTape& tape, const std::vector<int>& which,
                 const TaylorSeries* inputs, const TaylorSeries* unknowns, const int* columns,
                 TaylorSeries* slots, int k);

}  // namespace mv
