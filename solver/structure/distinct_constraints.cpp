#include "solver/structure/distinct_constraints.h"

#include <unordered_map>

#include "core/model/expression_identity.h"

namespace mv {

namespace {

bool sameConstraint(const Constraint& a, const Constraint& b) {
    return a.relation == b.relation && sameExpression(*a.lhs, *b.lhs) &&
           sameExpression(*a.rhs, *b.rhs);
}

size_t constraintHash(const Constraint& c) {
    return expressionHash(*c.lhs) * 31 + expressionHash(*c.rhs) * 7 + size_t(c.relation);
}

}  // namespace

std::vector<ConstraintId> distinctConstraints(const Script& script,
                                              const std::vector<ConstraintId>& ids) {
    std::vector<ConstraintId> kept;
    std::unordered_multimap<size_t, ConstraintId> byHash;
    for (const ConstraintId id : ids) {
        const Constraint& c = script.constraints[id];
        if (!c.lhs || !c.rhs) {
            kept.push_back(id);
            continue;
        }
        const size_t hash = constraintHash(c);
        const auto [first, last] = byHash.equal_range(hash);
        bool repeated = false;
        for (auto it = first; it != last && !repeated; ++it)
            repeated = sameConstraint(c, script.constraints[it->second]);
        if (repeated) continue;
        byHash.emplace(hash, id);
        kept.push_back(id);
    }
    return kept;
}

}  // namespace mv
