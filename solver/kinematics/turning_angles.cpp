// The angles the language reads from the machine turn with it (docs/solver.md, "Angles"): each
// angle(...) on a tape is atan2 moved by whole turns to lie nearest a reference, the value it had
// where the machine was last (the frame before, then each sub-step taken towards this frame). The
// references travel with the frames (FrameSolution::angles), so a frame solved from any frame
// before it turns as the in-order one does.
#include <algorithm>
#include <limits>

#include "solver/kinematics/segment_problem.h"

namespace mv {

void SegmentProblem::turnFrom(const std::vector<TurnedAngle>& angles) {
    ++m_turnChanges;
    auto before = [](const TurnedAngle& a, size_t expression) { return a.expression < expression; };
    for (int index : m_turning) {
        CompiledConstraint& c = m_constraints[size_t(index)];
        for (const TapeAngle& angle : c.angles) {
            const auto it =
                std::lower_bound(angles.begin(), angles.end(), angle.expression, before);
            const bool known = it != angles.end() && it->expression == angle.expression;
            c.tape.setReference(angle.reference,
                                known ? it->value : std::numeric_limits<double>::quiet_NaN());
        }
        // An angle that depends on time alone is computed with the inputs: again, by the new one.
        c.inputsSeen = 0;
    }
}

void SegmentProblem::turnTo(const double* x) {
    ++m_turnChanges;
    for (int index : m_turning) {
        CompiledConstraint& c = m_constraints[size_t(index)];
        for (size_t j = 0; j < c.unknowns.size(); ++j) m_local[j] = x[size_t(c.unknowns[j])];
        withInputs(c).evaluate(m_local.data(), turnsOf(c, m_local.data()), false);
        for (const TapeAngle& angle : c.angles)
            c.tape.setReference(angle.reference, c.tape.value(angle.value));
    }
}

std::vector<TurnedAngle> SegmentProblem::angles() const {
    std::vector<TurnedAngle> turned;
    for (int index : m_turning) {
        const CompiledConstraint& c = m_constraints[size_t(index)];
        for (const TapeAngle& angle : c.angles)
            turned.push_back({angle.expression, c.tape.value(angle.reference)});
    }
    auto byExpression = [](const TurnedAngle& a, const TurnedAngle& b) {
        return a.expression < b.expression;
    };
    auto same = [](const TurnedAngle& a, const TurnedAngle& b) {
        return a.expression == b.expression;
    };
    std::stable_sort(turned.begin(), turned.end(), byExpression);
    turned.erase(std::unique(turned.begin(), turned.end(), same), turned.end());
    return turned;
}

}  // namespace mv
