#pragma once
// Compiles one constraint's expressions into its tape (expression_tape.h), as the algebra that
// core/model/compose_expression.h records an expression in: the language's vector operators are
// built from the scalar ones there, once for every evaluator. Anchors are shared within the
// constraint: each thing's cos and sin and each anchor's world position are recorded once however
// often the constraint reads them.

#include <cstddef>
#include <map>
#include <utility>
#include <vector>

#include "core/model/compose_expression.h"
#include "core/model/script.h"
#include "solver/kinematics/expression_tape.h"

namespace mv {

// A turning angle on a tape: its value turns from the Reference slot's by whole turns.
struct TapeAngle {
    size_t expression = 0;  // expressionHash() of the angle(...) it computes: its name in frames
    int reference = 0;      // the Reference slot
    int value = 0;          // the Turn slot
};

class TapeCompiler {
public:
    using Slots = Value<int>;  // tape slots; a scalar's y is -1

    // `poses`: thing -> the local unknown of its x (its y and angle follow); `variables`:
    // variable -> its local unknown.
    TapeCompiler(const Script& script, ExpressionTape& tape, const std::map<ThingId, int>& poses,
                 const std::map<VariableId, int>& variables)
        : m_script(script), m_tape(tape), m_poses(poses), m_variables(variables) {}

    Slots compile(const Expression& e);
    // l - r, per component.
    Slots difference(Slots l, Slots r);

    // The algebra compose() records the expression in (core/model/compose_expression.h).
    int apply(ScalarOp op, int a, int b) { return m_tape.binary(ExpressionTape::Code(op), a, b); }
    int constant(double value) { return m_tape.constant(value); }
    int none() const { return -1; }
    std::pair<int, int> cosSin(int angle) { return m_tape.cosSin(angle); }
    int turning(int angle, const Expression& e);
    Slots leaf(const Expression& e);

    // The turning angles compiled so far, in the order compiled.
    const std::vector<TapeAngle>& angles() const { return m_angles; }

private:
    Slots variable(VariableId id, ValueType type);
    Slots anchor(ThingId thing, uint32_t index);

    const Script& m_script;
    ExpressionTape& m_tape;
    const std::map<ThingId, int>& m_poses;
    const std::map<VariableId, int>& m_variables;
    std::map<std::pair<ThingId, uint32_t>, Slots> m_anchors;
    std::map<ThingId, Slots> m_cosSin;
    std::vector<TapeAngle> m_angles;
};

}  // namespace mv
