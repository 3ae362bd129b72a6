#include "core/constraint_store.h"

#include <algorithm>
#include <map>

namespace mv {

void assignLifetimes(std::vector<Constraint>& constraints, int stepCount) {
    // The steps that use each key, in order; a constraint ends at the first later one.
    std::map<std::string, std::vector<int>> keySteps;
    for (const Constraint& c : constraints)
        if (!c.key.empty()) keySteps[c.key].push_back(c.step);
    for (auto& [key, steps] : keySteps) std::sort(steps.begin(), steps.end());
    for (Constraint& c : constraints) {
        c.firstStep = c.step;
        c.endStep = stepCount;
        if (c.key.empty()) continue;
        const std::vector<int>& steps = keySteps[c.key];
        const auto later = std::upper_bound(steps.begin(), steps.end(), c.step);
        if (later != steps.end()) c.endStep = *later;
    }
}

ConstraintStore::ConstraintStore(const Script& script) : m_script(script) {}

bool ConstraintStore::isActive(ConstraintId id, int step) const {
    const Constraint& c = m_script.constraints[id];
    return !c.frees && c.firstStep <= step && step < c.endStep;
}

std::vector<ConstraintId> ConstraintStore::active(int step) const {
    std::vector<ConstraintId> ids;
    for (ConstraintId id{0}; id < m_script.constraints.size(); ++id)
        if (isActive(id, step)) ids.push_back(id);
    return ids;
}

bool ConstraintStore::shareActiveSet(int a, int b) const {
    if (a == b) return true;
    for (ConstraintId id{0}; id < m_script.constraints.size(); ++id)
        if (isActive(id, a) != isActive(id, b)) return false;
    return true;
}

}  // namespace mv
