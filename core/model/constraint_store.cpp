#include "core/model/constraint_store.h"

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

namespace {

void collectAnonymous(const Script& script, const Expression& e, std::vector<VariableId>& out) {
    if (e.op == ExprOp::Variable && script.variables[VariableId{e.index}].anonymous)
        out.push_back(VariableId{e.index});
    for (const auto& arg : e.args) collectAnonymous(script, *arg, out);
}

std::vector<VariableId> anonymousOf(const Script& script, const Constraint& c) {
    std::vector<VariableId> out;
    if (c.lhs) collectAnonymous(script, *c.lhs, out);
    if (c.rhs) collectAnonymous(script, *c.rhs, out);
    return out;
}

}  // namespace

std::vector<std::pair<VariableId, VariableId>> ConstraintStore::inheritedAnonymous(int step) const {
    // By key: the constraints the step ends, and those it writes, each in source order.
    std::map<std::string, std::pair<std::vector<const Constraint*>, std::vector<const Constraint*>>>
        byKey;
    for (const Constraint& c : m_script.constraints) {
        if (c.key.empty() || c.frees) continue;
        if (c.endStep == step && c.step < step) byKey[c.key].first.push_back(&c);
        if (c.step == step) byKey[c.key].second.push_back(&c);
    }
    std::vector<std::pair<VariableId, VariableId>> pairs;
    for (const auto& [key, ended] : byKey) {
        const auto& [replaced, replacing] = ended;
        for (size_t i = 0; i < std::min(replaced.size(), replacing.size()); ++i) {
            const std::vector<VariableId> from = anonymousOf(m_script, *replaced[i]);
            const std::vector<VariableId> to = anonymousOf(m_script, *replacing[i]);
            for (size_t k = 0; k < std::min(from.size(), to.size()); ++k)
                pairs.emplace_back(from[k], to[k]);
        }
    }
    return pairs;
}

}  // namespace mv
