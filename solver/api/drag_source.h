#pragma once
// Where a dragged point's position comes from in the text (docs/editor.md, "Edit by dragging").
//
// Text is the source of truth, so a drag may move a point only through numbers written in the
// text. A point is placed by numbers when a constraint active in the frame's segment says that
// the gripped anchor (for a grip on a thing's body: one of the thing's anchors, in definition
// order) equals a sum one of whose terms is a vector written with two numbers:
// `Crank.P = Engine.P + [330,0]`, `Engine.P = [60,180]`. Those two numbers are what a drag
// rewrites. Otherwise the point is computed: a constraint holds it (`Conrod.P = Crank.Q`), named
// so the editor can say which; and a thing no constraint mentions is not placed at all.
//
// The rule is deliberately narrow: a number inside a function (`[c,0].rotate(180° * t)`), a
// half-written vector (`[x, 180]`) or a unit (`30°`) is never rewritten, so a drag never changes
// what a user did not write as a position.

#include <memory>
#include <optional>
#include <vector>

#include "core/model/frame_plan.h"
#include "core/model/geometry.h"
#include "core/model/script.h"

namespace mv {

// The point of a thing under the mouse.
struct Grip {
    ThingId thing;
    int anchor = -1;  // the anchor gripped, or -1 for a point of the body
    Vec2 local;       // in the thing's body frame
};

// A number as written in the script.
struct WrittenNumber {
    SourceRange range;  // its text, a leading minus included
    double value = 0;
};

struct DragSource {
    // The x and y of the vector that places the point; empty when the point is computed.
    std::vector<WrittenNumber> numbers;
    // The constraint with those numbers, or the one that holds a computed point; none when no
    // active constraint mentions the thing.
    std::optional<ConstraintId> constraint;
};

DragSource findDragSource(const Script& script, const Segment& segment, const Grip& grip);

// The script with each of `numbers` read as a new anonymous scalar variable (appended to the
// variables in order, so the first is VariableId{script.variables.size()}): what a solver may
// move to drag the point.
std::shared_ptr<const Script> withNumbersAsVariables(const Script& script,
                                                     const std::vector<WrittenNumber>& numbers);

}  // namespace mv
