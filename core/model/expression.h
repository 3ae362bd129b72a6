#pragma once
// A resolved expression: every name is bound (to a variable, a thing's anchor, an element's state
// or parameter, or the time), every node has a type, and syntax sugar is gone (`30°` is a product,
// `.l` is Length, `angle(v, w)` is AngleBetween). Nodes are immutable and shared, so steps,
// segments and the solver can hold the same expression without copying it. Evaluate with
// core/model/evaluate.h, for doubles or for ceres::Jet in the solver.

#include <cstdint>
#include <memory>
#include <vector>

#include "core/text/source_text.h"

namespace mv {

enum class ValueType : uint8_t { Scalar, Vector, Boolean };

enum class ExprOp : uint8_t {
    // leaves
    Number,        // number (Scalar)
    Variable,      // variables[index] (Scalar or Vector as the variable is)
    Anchor,        // world position of things[index].anchors[sub] (Vector)
    ElementState,  // elements[index].states[sub] at the frame's time
    ElementParam,  // elements[index].parameters[sub] (Scalar constant)
    LocalTime,     // t: time since the current step's marker
    AbsoluteTime,  // T
    StepLength,    // iv: next marker - this marker (0 in the last step)
    // vel(Thing.Anchor), acc(Thing.Anchor): the anchor's exact velocity and acceleration (Vector);
    // only the mechanics' properties read them (docs/reference.md#mechanics), as the machine moves
    // there.
    AnchorVelocity,
    AnchorAcceleration,
    // structure
    MakeVector,  // [args[0], args[1]]
    Negate,
    Add,
    Subtract,
    Multiply,  // scalar*scalar, vector*scalar, scalar*vector
    Divide,    // scalar/scalar, vector/scalar
    Power,     // scalar^scalar
    X,
    Y,
    Length,
    Angle,   // direction of a vector from +x, radians
    Rotate,  // args[0] rotated counter-clockwise by args[1] radians
    // functions of §7
    Sqrt,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan2,
    Abs,
    Min,
    Max,
    Clamp,
    Lerp,
    Ease,
    AngleBetween,  // angle(v, w): signed, from v to w
    Dot,
    Cross,
    // conditions (region of a reflection); Boolean
    Less,
    LessEqual,
    Greater,
    GreaterEqual,
};

// Whether `op` reads a thing's anchor: its position, or how it moves.
inline bool readsAnchor(ExprOp op) {
    return op == ExprOp::Anchor || op == ExprOp::AnchorVelocity || op == ExprOp::AnchorAcceleration;
}

struct Expression;
using ExpressionPtr = std::shared_ptr<const Expression>;

struct Expression {
    ExprOp op = ExprOp::Number;
    ValueType type = ValueType::Scalar;
    SourceRange range;
    double number = 0;   // Number
    uint32_t index = 0;  // Variable, Anchor* (thing), ElementState/ElementParam (element)
    uint32_t sub = 0;  // Anchor* (anchor index), ElementState/ElementParam (state/parameter index)
    std::vector<ExpressionPtr> args;
};

}  // namespace mv
