#include "solver/motion/tape_series.h"

#include "solver/kinematics/expression_tape.h"
#include "solver/motion/taylor_series.h"

namespace mv {

void extendSlots(const ExpressionTape& tape, const TaylorSeries* inputs,
                 const TaylorSeries* unknowns, const int* columns, TaylorSeries* slots, int k) {
    using Code = ExpressionTape::Code;
    for (int i = 0; i < tape.size(); ++i) {
        if (!tape.live(i)) continue;
        const ExpressionTape::Step step = tape.step(i);
        TaylorSeries& r = slots[i];
        switch (step.code) {
            case Code::Const:
            case Code::Reference:
                r.set(k, k == 0 ? tape.value(i) : 0.0);
                break;
            case Code::Input:
                r.set(k, inputs[step.a][k]);
                break;
            case Code::Unknown:
                r.set(k, unknowns[columns[step.a]][k]);
                break;
            case Code::Turn: {  // whole turns move the value only
                const double a = slots[step.a][k];
                r.set(k, k == 0 ? a + turnsToward(a, slots[step.b][0]) : a);
                break;
            }
            case Code::CosWithSin:  // and the SinOfCos right after it
                setCosAndSin(slots[step.a], r, slots[i + 1], k);
                break;
            case Code::SinOfCos:
                break;
            default:
                r.set(k, coefficientOf(static_cast<ScalarOp>(step.code), slots[step.a],
                                       slots[step.b], r, k));
                break;
        }
    }
}

}  // namespace mv
