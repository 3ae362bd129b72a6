#pragma once
// The keyed constraint store (docs/reference.md#keys-and-lifetime). A constraint holds from its
// step until a later step has a constraint with the same key; constraints with one key in one step
// hold together. Rather than copying a set per step, each constraint carries its lifetime
// [firstStep, endStep); the active set of a step, and whether two steps have the same one, follow
// from those intervals. Steps compare by content, so a constraint added and dropped again between
// two steps leaves them sharing one set (and one solver segment).

#include <utility>
#include <vector>

#include "core/model/script.h"

namespace mv {

// Fill in firstStep and endStep of every constraint, given the step each was written in.
void assignLifetimes(std::vector<Constraint>& constraints, int stepCount);

class ConstraintStore {
public:
    // Borrows the script, which must outlive the store; lifetimes must be assigned.
    explicit ConstraintStore(const Script& script);

    // The constraints that hold during `step`, in source order, without `= _` ones (they constrain
    // nothing; they only end earlier constraints).
    std::vector<ConstraintId> active(int step) const;
    bool isActive(ConstraintId id, int step) const;
    // Whether steps a and b have the same active constraints.
    bool shareActiveSet(int a, int b) const;
    // Each `_` of a constraint written in `step` that replaces another under its key, with the `_`
    // at the same place in the one it replaces (the k-th of one with the k-th of the other, in the
    // order written; the n-th constraint of a key in a step replaces the n-th it ends): it takes
    // that one's sign (docs/reference.md#branch-rules), as {replaced, replacing}.
    std::vector<std::pair<VariableId, VariableId>> inheritedAnonymous(int step) const;

private:
    const Script& m_script;
};

}  // namespace mv
