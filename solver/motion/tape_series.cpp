#include "solver/motion/tape_series.h"

#include <cstddef>

#include "solver/kinematics/expression_tape.h"
#include "solver/motion/taylor_series.h"

namespace mv {

SeriesSlots seriesSlots(const ExpressionTape& tape, const std::vector<bool>& own) {
    using Code = ExpressionTape::Code;
    SeriesSlots slots;
    std::vector<bool> varies(size_t(tape.size()), false);
    for (int i = 0; i < tape.size(); ++i) {
        if (!tape.live(i)) continue;
        slots.live.push_back(i);
        const ExpressionTape::Step step = tape.step(i);
        switch (step.code) {
            case Code::Const:
            case Code::Reference:
            case Code::Input:
                break;
            case Code::Unknown:
                varies[size_t(i)] = own[step.a];
                break;
            case Code::SinOfCos:  // its pair's
                varies[size_t(i)] = varies[size_t(i) - 1];
                break;
            default:  // a unary operator's b may name any slot: then it is redone for nothing
                varies[size_t(i)] = varies[step.a] || varies[step.b];
                break;
        }
        if (varies[size_t(i)]) slots.varying.push_back(i);
    }
    return slots;
}

void extendSlots(const ExpressionTape& tape, const std::vector<int>& which,
                 const TaylorSeries* inputs, const TaylorSeries* unknowns, const int* columns,
                 TaylorSeries* slots, int k) {
    using Code = ExpressionTape::Code;
    for (const int i : which) {
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
