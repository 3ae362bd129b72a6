#pragma once
// A drive moves the machine by itself: a constraint that reads the time or an element's state
// (docs/mechanics.md, "Forces"). Only a drive can do work; every other constraint's power is
// exactly 0. The forces computed per frame and the names the editor lists both ask it.

#include <algorithm>

#include "core/model/script.h"

namespace mv {

inline bool readsTimeOrState(const Expression& e) {
    switch (e.op) {
        case ExprOp::LocalTime:
        case ExprOp::AbsoluteTime:
        case ExprOp::StepLength:
        case ExprOp::ElementState:
            return true;
        default:
            return std::any_of(e.args.begin(), e.args.end(),
                               [](const ExpressionPtr& a) { return a && readsTimeOrState(*a); });
    }
}

inline bool isDrive(const Constraint& c) {
    return (c.lhs && readsTimeOrState(*c.lhs)) || (c.rhs && readsTimeOrState(*c.rhs));
}

}  // namespace mv
