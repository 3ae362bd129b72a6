#include "solver/mechanics/state_environment.h"

namespace mv {

const Expression* findNonMechanicalLeaf(const Expression& expression, const Script& script,
                                        bool machine) {
    switch (expression.op) {
        case ExprOp::Variable:
            if (!machine || expression.index >= script.variables.size()) return &expression;
            return nullptr;
        case ExprOp::Anchor:
        case ExprOp::AnchorVelocity:
        case ExprOp::AnchorAcceleration:
            if (!machine || expression.index >= script.things.size() ||
                expression.sub >= script.things[expression.index].anchors.size())
                return &expression;
            return nullptr;
        case ExprOp::ElementState:
            if (expression.index >= script.elements.size() ||
                expression.sub >= script.elements[expression.index].states.size())
                return &expression;
            return nullptr;
        case ExprOp::ElementParam:
            if (expression.index >= script.elements.size() ||
                expression.sub >= script.elements[expression.index].parameters.size())
                return &expression;
            return nullptr;
        default:
            break;
    }
    for (const ExpressionPtr& arg : expression.args) {
        if (!arg) return &expression;
        if (const Expression* bad = findNonMechanicalLeaf(*arg, script, machine)) return bad;
    }
    return nullptr;
}

}  // namespace mv
